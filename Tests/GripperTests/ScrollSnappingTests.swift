@_spi(Benchmarks) import GripperEditing
import GripperGeometry
@_spi(Benchmarks) import GripperLayout
import GripperScripting
import GripperTesting
import GripperTraces
import Testing
@testable import Gripper
@testable import GripperScene
@_spi(Benchmarks) import Gripper

/// Scrolling ends where the layout says (`LayoutMetrics.scrollSnapping`):
/// a fling is aimed at a row's edge or a page, and a slow release settles
/// on the nearest one.
@Suite struct ScrollSnappingTests {
    /// A 400 × 640 list of 200 rows of 56 points (a 40-point header first when `header`).
    static func engine(_ snapping: String, header: Bool = false, columns: Int = 1) throws -> Engine {
        let items = (1...200).map { "{\"id\":\"i\($0)\"}" }.joined(separator: ",")
        let json = """
        {"viewport":{"width":400,"height":640},
         "layout":{"rowHeight":56,"columns":\(columns),"snapping":"\(snapping)"\(header ? ",\"headerHeight\":40" : "")},
         "sections":[{"id":"list","items":[\(items)]}]}
        """
        return try Engine(scene: Scene.decode(Array(json.utf8), fileName: "scene.json"), device: TestDevices.probeTouchscreen)
    }

    static func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location { .fraction(x / 400, y / 640) }

    /// A flick up (the offset grows), then time for the fling to end.
    static func flick(_ engine: inout Engine, from: Double = 520, to: Double = 220, over ms: Int64 = 150) -> [EditingEffect] {
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 4, configuration: .init(start: engine.now ?? .zero + .milliseconds(100)))
        b.perform([TraceBuilder.Stroke(at: pt(200, from)).moving(to: pt(200, to), over: .milliseconds(ms), easing: .linear)])
        var entries: [Transcript.Entry] = []
        for frame in Trace(device: b.device, events: b.events).frames { entries += engine.handle(frame) }
        entries += engine.fire(until: (engine.now ?? .zero) + .seconds(6))
        #expect(!engine.isScrollMoving)
        #expect(engine._invariantViolations().isEmpty)
        return entries.compactMap { if case .effect(let e) = $0.event { e } else { nil } }
    }

    @Test func withoutSnappingAFlingEndsWhereItsDecelerationTakesIt() throws {
        var engine = try Self.engine("none")
        _ = Self.flick(&engine)
        #expect(engine.contentOffset.truncatingRemainder(dividingBy: 56) != 0)
    }

    @Test func itemSnappingEndsAFlingAtARowsEdgeAheadOfIt() throws {
        var engine = try Self.engine("item")
        let effects = Self.flick(&engine)
        #expect(engine.contentOffset > 300)
        #expect(engine.contentOffset.truncatingRemainder(dividingBy: 56) == 0, "\(engine.contentOffset)")
        // The motion said where it would end, and it ended there.
        let begun = effects.compactMap { if case .scrollMotionBegan(let m) = $0 { m } else { nil } }.last
        #expect(begun?.kind == .fling && begun?.to == engine.contentOffset)
        // And back down: still on an edge.
        let before = engine.contentOffset
        _ = Self.flick(&engine, from: 200, to: 420, over: 200)
        #expect(engine.contentOffset < before && engine.contentOffset.truncatingRemainder(dividingBy: 56) == 0)
    }

    @Test func aSlowReleaseSettlesOnTheNearestRowEdge() throws {
        var engine = try Self.engine("item")
        // 100 points in a second, held still before the lift: no fling.
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 5, configuration: .init(start: .zero + .milliseconds(100)))
        b.perform([TraceBuilder.Stroke(at: Self.pt(200, 400)).moving(to: Self.pt(200, 300), over: .milliseconds(1000))
            .holding(.milliseconds(300))])
        for frame in Trace(device: b.device, events: b.events).frames { engine.handle(frame) }
        engine.fire(until: engine.now! + .seconds(3))
        // About 100 points minus the slop: the nearest edge is 56 or 112.
        #expect([56.0, 112.0].contains(engine.contentOffset), "\(engine.contentOffset)")
    }

    @Test func pageSnappingMovesOnePageAtMost() throws {
        var engine = try Self.engine("page")
        _ = Self.flick(&engine, from: 600, to: 100, over: 80)
        #expect(engine.contentOffset == 640, "one page on, however fast: \(engine.contentOffset)")
        _ = Self.flick(&engine, from: 600, to: 100, over: 80)
        #expect(engine.contentOffset == 1280)
        _ = Self.flick(&engine, from: 100, to: 600, over: 80)
        #expect(engine.contentOffset == 640)
    }

    @Test func snappingRespectsHeadersAndColumns() throws {
        var engine = try Self.engine("item", header: true, columns: 3)
        _ = Self.flick(&engine)
        // Rows of 56 below a 40-point header: edges at 40 + 56k.
        #expect((engine.contentOffset - 40).truncatingRemainder(dividingBy: 56) == 0, "\(engine.contentOffset)")
    }

    @Test(arguments: [(1000.0, 0.0, 500.0, 640.0), (1000, 900, 2000, 1280), (500, 900, -2000, 640), (10, 0, 0, 0),
                      (330, 0, 0, 640), (.nan, 0, 0, .nan)])
    func pagesFollowTheRule(_ proposed: Double, _ current: Double, _ velocity: Double, _ expected: Double) throws {
        let layout = try GridLayout(sections: [SectionContent(count: 100)], metrics: LayoutMetrics(rowHeight: 56),
                                    viewport: Size(width: 400, height: 640))
        let got = ScrollSnapping.page.target(in: layout, proposed: proposed, from: current, velocity: velocity, viewportExtent: 640)
        #expect(got == expected || (got.isNaN && expected.isNaN), "\(got)")
    }

    /// Real hardware's scrolls (a touchscreen's drags up and down, a
    /// two-finger scroll) over the real replays'
    /// scene snapping to items: each comes to rest on a row's edge (or an
    /// end of the content), and without snapping the same recording rests
    /// where it did.
    /// (The mouse recording ends with wheel clicks, which move the content
    /// by their steps: a wheel is not a finger letting go.)
    @Test(arguments: ["real/ts_atmel-maxtouch_1-finger-drag-up-down.evemu", "real/ts_ep0430m09_2-finger-scroll-down.evemu"])
    func realScrollsRestOnARowsEdge(_ file: String) throws {
        let trace = try Recordings.evemu(file)
        var scene = try Recordings.scene("real-replays/scene.json")
        func rest(_ snapping: ScrollSnapping) throws -> Engine {
            scene.metrics.scrollSnapping = snapping
            var engine = try Engine(scene: scene, device: trace.device)
            for frame in trace.frames { engine.handle(frame) }
            engine.fire(until: (engine.now ?? .zero) + .seconds(10))
            engine.finish()
            #expect(!engine.isScrollMoving && engine._invariantViolations().isEmpty)
            return engine
        }
        let snapped = try rest(.item), free = try rest(.none)
        let offset = snapped.contentOffset
        let maxOffset = max(0, snapped.layout.contentSize.height - snapped.viewportSize.height)
        let edges = snapped.layout.attributes(in: Rect(x: 0, y: offset - 1, width: 800, height: 2), presentation: .resting,
                                              contentOffset: offset).filter { $0.kind == .cell }.map(\.frame.minY)
        #expect(offset == 0 || offset == maxOffset || edges.contains(offset), "\(file): rests at \(offset)")
        #expect(snapped.model == free.model, "snapping changes where a scroll rests, nothing else")
    }

    @Test func aSceneNamesItsSnappingAndABadOneNamesTheField() throws {
        let engine = try Self.engine("page")
        #expect(engine.metrics.scrollSnapping == .page)
        do {
            _ = try Self.engine("rows")
            Issue.record("accepted snapping rows")
        } catch {
            #expect("\(error)".contains("layout.snapping"))
        }
    }
}
