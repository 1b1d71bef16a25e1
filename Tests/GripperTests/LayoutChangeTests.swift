import GripperEditing
import GripperGeometry
@testable import GripperLayout
import GripperScripting
import GripperTesting
import GripperTraces
import Testing
@testable import Gripper
@testable import GripperScene
@_spi(Benchmarks) import Gripper
@_spi(Benchmarks) import GripperLayout

/// The layout changed while the user watches (`Engine.changeLayout`): another
/// layout, new metrics, adaptive columns — the data, the selection, the
/// focus and the first visible item kept, what is in flight going on, one
/// transition.
@Suite struct LayoutChangeTests {
    /// A 400 × 640 grid of `count` 56-point items in `columns` columns.
    static func scene(_ count: Int, columns: Int = 1, layout: String = "", stimuli: String = "") throws -> Scene {
        let items = (1...count).map { "{\"id\":\"i\($0)\",\"width\":\(90 + $0 % 4 * 40)}" }.joined(separator: ",")
        let json = """
        {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"columns":\(columns)\(layout)},
         "selection":"multiple","sections":[{"id":"list","items":[\(items)]}],"stimuli":[\(stimuli)]}
        """
        return try Scene.decode(Array(json.utf8), fileName: "scene.json")
    }

    static func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location { .fraction(x / 400, y / 640) }

    static func isRejected(_ entries: [Transcript.Entry]) -> Bool {
        entries.contains { if case .rejected = $0.event { true } else { false } }
    }

    /// The first visible item's distance from the viewport's top, on screen.
    static func anchor(_ engine: Engine) -> (ItemPath, Double)? {
        engine.firstVisibleItem().map { ($0.indexPath, $0.fromTop) }
    }

    @Test func newColumnsKeepTheFirstVisibleItemTheSelectionAndTheFocus() throws {
        var engine = try Engine(scene: Self.scene(200), device: TestDevices.probeTouchscreen, recordingTranscript: true)
        engine.scroll(to: .offset(56 * 40 + 20), animated: false, at: .zero)
        engine.apply(.setEditing(true), at: .milliseconds(1))
        engine.apply(.focus(ItemPath(section: 0, item: 45)), at: .milliseconds(2))
        let before = try #require(Self.anchor(engine))
        #expect(before.0 == ItemPath(section: 0, item: 40) && before.1 == -20)
        let model = engine.model, journal = engine.journal.entries.count, focus = engine.focus

        let entries = engine.changeLayout(LayoutChange(columns: 3, rowHeight: 80), at: .milliseconds(3))
        #expect(entries.first?.textLine == "0.003000 stimulus layout columns 3 rowHeight 80")
        #expect(!Self.isRejected(entries))
        #expect(engine.metrics.columns == 3 && engine.metrics.rowHeight == 80)
        #expect(engine.layout.columnCount(inSection: 0) == 3)
        // Item 40 starts row 13 (80 points a row): still 20 points above the top.
        #expect(engine.contentOffset == 13 * 80 + 20)
        let frame = try #require(engine.layout.attributes(for: before.0, presentation: engine.presentation)?.frame)
        #expect(frame.minY - engine.contentOffset == before.1)
        #expect(engine.model == model && engine.journal.entries.count == journal)
        #expect(engine.phase == .batchEditingIdle && engine.focus == focus)
        #expect(engine._invariantViolations().isEmpty)
    }

    @Test func aSwitchToFlowAndBackKeepsTheDataAndTheInvariants() throws {
        var engine = try Engine(scene: Self.scene(120, columns: 2), device: TestDevices.probeTouchscreen,
                                recordingTranscript: true)
        engine.scroll(to: .offset(900), animated: false, at: .zero)
        let first = try #require(Self.anchor(engine))
        engine.changeLayout(LayoutChange(kind: .flow), at: .milliseconds(1))
        #expect(engine.layoutKind == .flow && engine.layout is FlowLayout)
        #expect(Self.anchor(engine).map { $0.0 == first.0 && abs($0.1 - first.1) < 1e-9 } == true)
        #expect(engine._invariantViolations().isEmpty)
        engine.changeLayout(LayoutChange(kind: .grid, columns: 1), at: .milliseconds(2))
        #expect(engine.layoutKind == .grid && engine.layout.columnCount(inSection: 0) == 1)
        #expect(Self.anchor(engine)?.0 == first.0)
        #expect(engine._invariantViolations().isEmpty)
        #expect(engine.transcript.text.contains("stimulus layout kind flow"))
        #expect(engine.transcript.text.contains("stimulus layout kind grid columns 1"))
    }

    @Test func aChangeTheLayoutRefusesChangesNothing() throws {
        var engine = try Engine(scene: Self.scene(30, columns: 2), device: TestDevices.probeTouchscreen)
        engine.scroll(to: .offset(200), animated: false, at: .zero)
        let layout = engine.layout.contentSize, metrics = engine.metrics, offset = engine.contentOffset
        for (k, change) in [LayoutChange(columns: 500, interItemSpacing: 10), LayoutChange(rowHeight: .nan),
                            LayoutChange(rowHeight: -3), LayoutChange(minimumItemWidth: .some(.infinity)),
                            LayoutChange(sectionInsets: EdgeInsets(top: 0, left: 300, bottom: 0, right: 300)),
                            LayoutChange(headerHeight: .nan), LayoutChange(footerHeight: -1),
                            LayoutChange(separator: .infinity)].enumerated() {
            let entries = engine.changeLayout(change, at: .milliseconds(Int64(k + 1)))
            #expect(Self.isRejected(entries), "\(change)")
            #expect(engine.layout.contentSize == layout && engine.metrics == metrics && engine.contentOffset == offset)
        }
        #expect(engine._invariantViolations().isEmpty)
    }

    @Test func adaptiveColumnsFollowTheWidth() throws {
        var engine = try Engine(scene: Self.scene(100, layout: ",\"minimumItemWidth\":120,\"interItemSpacing\":10"),
                                device: TestDevices.probeTouchscreen)
        // (400 + 10) / (120 + 10) = 3.15: three columns.
        #expect(engine.layout.columnCount(inSection: 0) == 3)
        engine.resizeViewport(to: Size(width: 700, height: 400), at: .milliseconds(1))
        #expect(engine.layout.columnCount(inSection: 0) == 5)
        engine.resizeViewport(to: Size(width: 100, height: 400), at: .milliseconds(2))
        #expect(engine.layout.columnCount(inSection: 0) == 1, "narrower than one cell: one column, as wide as there is")
        engine.changeLayout(LayoutChange(columns: 2, minimumItemWidth: .some(nil)), at: .milliseconds(3))
        #expect(engine.layout.columnCount(inSection: 0) == 2)
        #expect(engine._invariantViolations().isEmpty)
    }

    @Test(arguments: [(400.0, 120.0, 10.0, 3), (400, 400, 0, 1), (399.9, 400, 0, 1), (400, 1, 0, 400),
                      (1e12, 1e-3, 0, 10_000), (400, 1e300, 1e300, 1), (-5, 10, 0, 1), (400, 10, .nan, 1)])
    func adaptiveColumnCounts(_ width: Double, _ minimum: Double, _ spacing: Double, _ expected: Int) {
        #expect(ResolvedMetrics.adaptiveColumns(minimumWidth: minimum, width: width, insets: .zero,
                                                spacing: spacing) == expected)
    }

    @Test func aDragGoesOnThroughALayoutSwitch() throws {
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 3,
                             configuration: .init(start: .zero + .milliseconds(500)))
        b.perform([TraceBuilder.Stroke(at: Self.pt(100, 100)).holding(.milliseconds(700))
            .moving(to: Self.pt(100, 300), over: .milliseconds(400))])
        let frames = Trace(device: b.device, events: b.events).frames
        var engine = try Engine(scene: Self.scene(40), device: TestDevices.probeTouchscreen, makingTransitions: true)
        let half = frames.count * 2 / 3
        for f in frames[..<half] { engine.handle(f) }
        #expect(engine.phase == .dragging)
        let dragged = try #require(engine.presentation.drag?.source)
        _ = engine.takeTransitions()
        engine.changeLayout(LayoutChange(columns: 2, rowHeight: 70), at: engine.now!)
        #expect(engine.phase == .dragging, "the drag goes on")
        #expect(engine._invariantViolations().isEmpty)
        let transitions = engine.takeTransitions()
        #expect(transitions.map(\.cause) == [.layoutChanged])
        for f in frames[half...] { engine.handle(f) }
        engine.finish()
        #expect(engine.phase == .idle)
        #expect(engine.journal.entries.count == 1, "the drop commits in the new layout")
        #expect(engine.model.numberOfItems == 40 && engine.model.item(at: dragged) != nil)
        #expect(engine._invariantViolations().isEmpty)
    }

    @Test func aChangeIsOneTransitionEndingWhereTheEngineShowsItsElements() throws {
        var engine = try Engine(scene: Self.scene(60), device: TestDevices.probeTouchscreen, makingTransitions: true)
        engine.scroll(to: .offset(300), animated: false, at: .zero)
        _ = engine.takeTransitions()
        engine.changeLayout(LayoutChange(columns: 3, interItemSpacing: 8), at: .milliseconds(1))
        let transitions = engine.takeTransitions()
        let t = try #require(transitions.first)
        #expect(transitions.count == 1 && t.cause == .layoutChanged)
        #expect(!t.layout.moving.isEmpty, "cells move to their columns")
        let shown = engine.shownState
        for change in t.layout.moving + t.layout.appearing {
            #expect(shown.attributes(for: change.final.id) == change.final)
        }
        #expect(t.finalContentOffset == engine.contentOffset)
        // A resize, a rotation, is one too.
        engine.resizeViewport(to: Size(width: 640, height: 400), at: .milliseconds(2))
        #expect(engine.takeTransitions().map(\.cause) == [.resized])
    }

    @Test func theScrollAxisCanChange() throws {
        var engine = try Engine(scene: Self.scene(80, columns: 2), device: TestDevices.probeTouchscreen)
        engine.scroll(to: .offset(500), animated: false, at: .zero)
        let first = try #require(Self.anchor(engine))
        engine.changeLayout(LayoutChange(scrollDirection: .horizontal), at: .milliseconds(1))
        #expect(engine.orientation.axis == .horizontal && engine.layout.viewport == Size(width: 640, height: 400))
        #expect(Self.anchor(engine)?.0 == first.0)
        #expect(engine._invariantViolations().isEmpty)
    }

    @Test func aSceneChangesTheLayoutAndABadChangeNamesItsField() throws {
        let scene = try Self.scene(10, stimuli: """
            {"t":1,"layout":{"kind":"flow","columns":2,"minimumItemWidth":null,"insets":{"top":4}}}
            """)
        let change = LayoutChange(kind: .flow, columns: 2, minimumItemWidth: .some(nil),
                                  sectionInsets: EdgeInsets(top: 4, left: 0, bottom: 0, right: 0))
        #expect(scene.stimuli.first?.action == .changeLayout(change))
        #expect(scene.stimuli.first?.action.description == "layout kind flow columns 2 minimumItemWidth none insets 4,0,0,0")
        // Written back as it was read.
        let again = try Scene.decode(Array(try scene.jsonText().utf8), fileName: "again.json")
        #expect(again.stimuli.first?.action == .changeLayout(change))
        for (stimulus, field) in [("{\"t\":1,\"layout\":{}}", "stimuli[0].layout"),
                                  ("{\"t\":1,\"layout\":{\"columns\":0}}", "stimuli[0].layout.columns"),
                                  ("{\"t\":1,\"layout\":{\"kind\":\"circle\"}}", "stimuli[0].layout.kind"),
                                  ("{\"t\":1,\"layout\":{\"rowHeight\":-1}}", "stimuli[0].layout.rowHeight"),
                                  ("{\"t\":1,\"layout\":{\"pinnedHeaders\":true}}", "stimuli[0].layout")] {
            do {
                _ = try Self.scene(5, stimuli: stimulus)
                Issue.record("accepted \(stimulus)")
            } catch {
                #expect("\(error)".contains(field), "\(error)")
            }
        }
    }

    @Test func theJSONTranscriptGivesTheChangesFields() throws {
        var engine = try Engine(scene: Self.scene(10), device: TestDevices.probeTouchscreen, recordingTranscript: true)
        engine.changeLayout(LayoutChange(kind: .grid, minimumItemWidth: .some(100), itemWidth: .some(nil)), at: .zero)
        let line = try #require(engine.transcript.jsonLines.split(separator: "\n").first { $0.contains("\"layout\"") })
        #expect(line.contains("\"name\":\"layout\",\"kind\":\"grid\",\"minimumItemWidth\":100.00,\"itemWidth\":null"))
    }
}
