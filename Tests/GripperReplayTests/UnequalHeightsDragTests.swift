import GripperGeometry
import GripperInput
import GripperLayout
import GripperTesting
import Testing
@testable import Gripper
@testable import GripperReplay
@testable import GripperScene
import GripperScripting
import GripperTraces
@_spi(Benchmarks) import Gripper

/// Issue 18's defect through the whole engine, with human traces (eased
/// motion, ±1 ms jitter, tremor): dragging a short item past tall ones moves
/// the gap once per slot, and resting over the upper part of a tall item
/// never moves it.
@Suite struct UnequalHeightsDragTests {
    /// One column of 40-point items between 200-point ones: short items at
    /// 0, 240, 480 and 720, tall ones between.
    static let scene: Scene = {
        let heights: [Double] = [40, 200, 40, 200, 40, 200, 40]
        let items = heights.enumerated().map { i, h in
            "{\"id\":\"i\(i)\",\"label\":\"Item \(i)\",\"height\":\(h)}"
        }.joined(separator: ",")
        return try! Scene.decode("""
        {"viewport":{"width":400,"height":1000},"sections":[{"id":"list","items":[\(items)]}]}
        """)
    }()

    static func run(_ build: (inout TraceBuilder) -> Void, tremor: Double) throws -> [Transcript.Event] {
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 5,
                             configuration: .init(tremorMillimetres: tremor, start: .zero + .milliseconds(500)))
        build(&b)
        let trace = Trace(device: b.device, events: b.events)
        return try Replay(trace: trace, scene: scene).engine.transcript.entries.map(\.event)
    }

    static func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location { .fraction(x / 400, y / 1000) }

    static func gaps(_ events: [Transcript.Event]) -> [Int] {
        events.compactMap { if case .effect(.gapMoved(let p)) = $0 { p.item } else { nil } }
    }

    @Test(arguments: [0.05, 0.3])
    func restingOverTheUpperPartOfATallItemNeverMovesTheGap(tremor: Double) throws {
        // Pick up item 0 (centre 20) and rest, trembling, at 90: inside the
        // tall item 1 (40..<240), above the centre of the gap it would open (220).
        let events = try Self.run({ b in
            b.drag(from: Self.pt(200, 20), to: Self.pt(200, 90), duration: .milliseconds(500),
                   holdAtEnd: .seconds(3))
        }, tremor: tremor)
        #expect(events.contains(.effect(.dragBegan("i0", from: ItemPath(section: 0, item: 0)))))
        #expect(Self.gaps(events).isEmpty, "\(Self.gaps(events))")
    }

    @Test(arguments: [0.05, 0.3])
    func aSteadyDragMovesTheGapOncePerSlot(tremor: Double) throws {
        // Down the whole list slowly, rest at the bottom, then back up.
        let events = try Self.run({ b in
            b.perform([TraceBuilder.Stroke(at: Self.pt(200, 20)).holding(.milliseconds(700))
                .moving(to: Self.pt(200, 900), over: .seconds(3)).holding(.seconds(1))
                .moving(to: Self.pt(200, 10), over: .seconds(3)).holding(.milliseconds(500))])
        }, tremor: tremor)
        #expect(Self.gaps(events) == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1, 0])
        // Back where it started: nothing committed.
        #expect(!events.contains { if case .effect(.committed) = $0 { true } else { false } })
    }
}
