import GripperGeometry
import GripperScripting
import GripperTesting
import GripperTraces
import Testing
@testable import Gripper
@_spi(Benchmarks) import GripperLayout

/// The app's own layout set while the user watches (`Engine.setLayout`):
/// one step, the data and what is in flight kept, one transition, a
/// `layoutSet` entry; a layout that does not fit the engine refused.
@Suite struct SetLayoutTests {
    /// Two columns of square tiles as wide as they are tall.
    struct Squares: ItemPlacement {
        func extent(ofSlots count: Int, width: Double) -> Double { Double((count + 1) / 2) * width / 2 }
        func frame(ofSlot slot: Int, count: Int, width: Double) -> Rect {
            Rect(x: Double(slot % 2) * width / 2, y: Double(slot / 2) * width / 2, width: width / 2, height: width / 2)
        }
        func slots(intersecting rect: Rect, count: Int, width: Double) -> Range<Int> {
            let side = width / 2
            let first = Int(max(0, min(rect.minY / side, 1e12)).rounded(.down)) * 2
            let last = (Int(max(0, min(rect.maxY / side, 1e12)).rounded(.down)) + 1) * 2
            return min(first, count)..<min(last, count)
        }
    }

    /// Squares with a caption of the app's own kind above each section's items.
    struct Captioned: ItemPlacement {
        func extent(ofSlots count: Int, width: Double) -> Double { Squares().extent(ofSlots: count, width: width) }
        func frame(ofSlot slot: Int, count: Int, width: Double) -> Rect { Squares().frame(ofSlot: slot, count: count, width: width) }
        func elements(in rect: Rect, section: Int, count: Int, width: Double) -> [LayoutAttributes] {
            [LayoutAttributes(kind: .supplementary("caption"), indexPath: ItemPath(section: section, item: 0),
                              frame: Rect(x: 0, y: 0, width: width, height: 20), zIndex: ZIndex.cell + 1)]
        }
    }

    static let viewport = Size(width: 400, height: 640)

    @Test func theAppsOwnKindsComeOnScreenAndIntoTheTransition() throws {
        var engine = try Engine(scene: LayoutChangeTests.scene(10), device: TestDevices.probeTouchscreen,
                                makingTransitions: true)
        _ = engine.takeDisplayChanges()
        _ = engine.takeTransitions()
        engine.setLayout(try PlacementLayout(placement: Captioned(), metrics: engine.metrics, viewport: Self.viewport),
                         at: .milliseconds(1))
        let changes = engine.takeDisplayChanges()
        #expect(changes.appeared == [.supplementary("caption", section: "list", index: 0)])
        // Squares 200 points high show four rows: the last two items leave the screen.
        #expect(changes.disappeared == [.item("i9"), .item("i10")])
        let transitions = engine.takeTransitions()
        #expect(transitions.count == 1)
        let appearing = transitions.first?.layout.appearing.map(\.final.kind) ?? []
        #expect(appearing == [.supplementary("caption")])
        // Back to the grid: the caption goes.
        engine.changeLayout(LayoutChange(kind: .grid), at: .milliseconds(2))
        #expect(engine.takeDisplayChanges().disappeared == [.supplementary("caption", section: "list", index: 0)])
        #expect(engine.takeTransitions().first?.layout.disappearing.map(\.initial.kind) == [.supplementary("caption")])
    }

    @Test func aDragGoesOnIntoTheAppsLayoutAndLandsThere() throws {
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 3,
                             configuration: .init(start: .zero + .milliseconds(500)))
        b.perform([TraceBuilder.Stroke(at: .fraction(100 / 400, 100 / 640)).holding(.milliseconds(700))
            .moving(to: .fraction(300 / 400, 500 / 640), over: .milliseconds(400)).holding(.milliseconds(200))])
        let frames = Trace(device: b.device, events: b.events).frames
        var engine = try Engine(scene: LayoutChangeTests.scene(40), device: TestDevices.probeTouchscreen,
                                recordingTranscript: true, makingTransitions: true)
        let half = frames.count / 2
        for f in frames[..<half] { engine.handle(f) }
        #expect(engine.phase == .dragging)
        let dragged = try #require(engine.presentation.drag?.source)
        _ = engine.takeTransitions()
        let squares = try PlacementLayout(placement: Squares(), metrics: engine.metrics, viewport: Self.viewport)
        let entries = engine.setLayout(squares, at: engine.now!)
        #expect(entries.first?.textLine.hasSuffix(" layoutSet PlacementLayout<Squares>") == true)
        #expect(entries.first?.jsonLine.hasSuffix("\"event\":\"layoutSet\",\"layout\":\"PlacementLayout<Squares>\"}") == true)
        #expect((engine.layout as? PlacementLayout)?.placement is Squares && engine.layoutKind == nil)
        #expect(engine.phase == .dragging, "the drag goes on")
        #expect(engine._invariantViolations().isEmpty)
        #expect(engine.takeTransitions().map(\.cause) == [.layoutChanged])
        for f in frames[half...] { engine.handle(f) }
        engine.finish()
        #expect(engine.phase == .idle)
        // The drop lands in the square under the finger: (300, 500) is column 1, row 2 → slot 5.
        guard case .move(_, let from, let to)? = engine.journal.entries.last?.edit else {
            Issue.record("no move: \(engine.journal.entries)")
            return
        }
        #expect(from == dragged && to == ItemPath(section: 0, item: 5))
        #expect(engine.model.numberOfItems == 40)
        // A change with a kind goes back to a shipped layout.
        engine.changeLayout(LayoutChange(kind: .grid), at: engine.now! + .milliseconds(10))
        #expect(engine.layoutKind == .grid && engine._invariantViolations().isEmpty)
    }

    @Test func aLayoutThatDoesNotFitTheEngineIsRefused() throws {
        var engine = try Engine(scene: LayoutChangeTests.scene(10), device: TestDevices.probeTouchscreen,
                                recordingTranscript: true)
        let before = engine.layout.contentSize
        let wide = try PlacementLayout(placement: Squares(), metrics: engine.metrics, viewport: Size(width: 500, height: 640))
        let entries = engine.setLayout(wide, at: .milliseconds(1))
        #expect(LayoutChangeTests.isRejected(entries))
        var sideways = engine.metrics
        sideways.orientation = LayoutOrientation(axis: .horizontal)
        let turned = try PlacementLayout(placement: Squares(), metrics: engine.metrics, viewport: Self.viewport)
        #expect(LayoutChangeTests.isRejected(engine.setLayout(turned, metrics: sideways, at: .milliseconds(2))))
        #expect(engine.layoutKind == .grid && engine.layout.contentSize == before)
        // A change without a kind lays the app's placement out anew with the new metrics.
        let squares = try PlacementLayout(placement: Squares(), metrics: engine.metrics, viewport: Self.viewport)
        engine.setLayout(squares, at: .milliseconds(3))
        let placed = engine.layout.contentSize.height
        #expect(!LayoutChangeTests.isRejected(engine.changeLayout(LayoutChange(headerHeight: 30), at: .milliseconds(4))))
        #expect((engine.layout as? PlacementLayout)?.placement is Squares && engine.layoutKind == nil)
        #expect(engine.layout.contentSize.height == placed + 30 && engine.metrics.header.height == 30)
        #expect(engine._invariantViolations().isEmpty)
        // One the new metrics break is refused, and nothing changes.
        #expect(LayoutChangeTests.isRejected(engine.changeLayout(LayoutChange(headerHeight: .nan), at: .milliseconds(5))))
        #expect(engine.layout.contentSize.height == placed + 30)
    }
}
