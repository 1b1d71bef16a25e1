import Testing
@_spi(Benchmarks) import Gripper
import GripperTesting
import GripperScene
import GripperScripting
import GripperGeometry
@_spi(Benchmarks) import GripperLayout

/// Section moves and section reloads from the app through the engine (issue
/// 35): the layout after them in grids and flows with headers and heights
/// of their own (measured ones kept across a move, read again by a reload),
/// what is in flight carried across (a drag, the selection, the focus), the
/// transition (a moved section slides, a reloaded one cross-fades) and the
/// transcript in both forms.
@Suite struct EngineSectionMoveTests {
    /// Three sections with headers: A (own heights), B (two columns), C.
    private static func scene(layout: String = #""rowHeight":56,"headerHeight":30"#, extra: String = "") -> String {
        """
        {"viewport":{"width":400,"height":640},"layout":{\(layout)},\(extra)
         "sections":[{"id":"A","title":"A","items":[{"id":"a0","height":40},{"id":"a1","height":80},{"id":"a2"}]},
                     {"id":"B","title":"B","columns":2,"items":[{"id":"b0"},{"id":"b1"},{"id":"b2"}]},
                     {"id":"C","title":"C","items":[{"id":"c0","width":150},{"id":"c1"}]}]}
        """
    }

    /// `scene` with its sections in the order `order` (by identity).
    private static func reordered(_ text: String, _ order: [String]) throws -> Scene {
        var scene = try Scene.decode(text)
        scene.sections = order.map { id in scene.sections.first { $0.id.rawValue == id }! }
        return scene
    }

    private func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location { .fraction(x / 400, y / 640) }
    private func ip(_ s: Int, _ i: Int) -> ItemPath { ItemPath(section: s, item: i) }
    private let t0 = EventTime.zero + .milliseconds(10)

    /// Every element the two engines show (cells, headers) is in the same place, and the content is as long.
    private func expectSameLayout(_ a: Engine, _ b: Engine, _ what: String) {
        #expect(a.layout.contentSize == b.layout.contentSize, "\(what)")
        let rect = Rect(x: 0, y: 0, width: 400, height: max(a.layout.contentSize.height, 1))
        let shown = a.layout.attributes(in: rect, presentation: a.presentation, contentOffset: 0)
        let expected = b.layout.attributes(in: rect, presentation: b.presentation, contentOffset: 0)
        #expect(shown.map(\.id) == expected.map(\.id), "\(what)")
        #expect(shown.map(\.frame) == expected.map(\.frame), "\(what)")
    }

    @Test(arguments: ["grid", "flow"])
    func aMovedSectionIsLaidOutAsIfItHadBeenThereFromTheStart(kind: String) throws {
        let layout = #""rowHeight":56,"headerHeight":30,"footerHeight":10,"kind":"\#(kind)","itemWidth":120"#
        let text = Self.scene(layout: layout)
        var engine = try Engine(scene: try Scene.decode(text), device: TestDevices.probeTouchscreen, recordingTranscript: true)
        let entries = try engine.apply(BatchUpdate([.moveSection(from: 0, to: 2)]), at: t0)
        #expect(engine.model.sections.map(\.id.rawValue) == ["B", "C", "A"])
        #expect(engine.model.allItems.map(\.rawValue) == ["b0", "b1", "b2", "c0", "c1", "a0", "a1", "a2"])
        let fresh = try Engine(scene: try Self.reordered(text, ["B", "C", "A"]), device: TestDevices.probeTouchscreen)
        expectSameLayout(engine, fresh, kind)
        // a1 keeps its own height in its new place.
        #expect(engine.layout.attributes(for: ip(2, 1))?.frame.height == 80)
        #expect(entries.first?.textLine == "0.000000 appBatch #1 move section 0 -> 2")
        #expect(entries.first?.jsonLine
                == #"{"t":0.000000,"event":"appBatch","sequence":1,"operations":[{"op":"moveSection","from":0,"to":2}]}"#)
    }

    @Test(arguments: ["grid", "flow"])
    func measuredHeightsGoWithAMovedSectionAndAReloadReadsThemAgain(kind: String) throws {
        let text = Self.scene(layout: #""rowHeight":56,"headerHeight":30,"estimatedItemHeight":50,"kind":"\#(kind)""#)
        var engine = try Engine(scene: try Scene.decode(text), device: TestDevices.probeTouchscreen)
        try engine.setMeasuredHeight(120, ofItemAt: ip(2, 1), at: t0)
        try engine.setMeasuredHeight(33, ofItemAt: ip(1, 0), at: t0)
        // C to the top, B deleted, an item inserted into A: A and C keep what was measured in them.
        try engine.apply(BatchUpdate([.moveSection(from: 2, to: 0), .deleteSection(1)]), at: t0 + .milliseconds(10))
        #expect(engine.model.sections.map(\.id.rawValue) == ["C", "A"])
        #expect(engine.layout.attributes(for: ip(0, 1))?.frame.height == 120)
        #expect(engine.layout.attributes(for: ip(1, 1))?.frame.height == 80)  // the scene's own height
        // A reload of C reads its heights from the data source again: the estimate.
        let entries = try engine.apply(BatchUpdate([.reloadSection(0)]), at: t0 + .milliseconds(20))
        #expect(engine.layout.attributes(for: ip(0, 1))?.frame.height == 50)
        #expect(engine.model.sections.map(\.id.rawValue) == ["C", "A"] && engine.model.allItems.count == 5)
        #expect(entries.first?.textLine.hasSuffix(" appBatch #2 reload section 0") == true)
        #expect(entries.first?.jsonLine.hasSuffix(#""operations":[{"op":"reloadSection","at":0}]}"#) == true)
    }

    @Test func aMovedSectionSlidesAndAReloadedOneCrossFades() throws {
        let text = Self.scene()
        var engine = try Engine(scene: try Scene.decode(text), device: TestDevices.probeTouchscreen, makingTransitions: true)
        _ = engine.takeTransitions()
        try engine.apply(BatchUpdate([.moveSection(from: 0, to: 2)]), at: t0)
        var transitions = engine.takeTransitions()
        try #require(transitions.count == 1)
        var t = transitions[0]
        #expect(t.cause == .appChanged)
        // Everything is on screen before and after: nothing comes or goes, the sections slide.
        #expect(t.layout.appearing.isEmpty && t.layout.disappearing.isEmpty)
        let header = try #require(t.layout.moving.first { $0.final.id == ElementID(kind: .header, indexPath: ip(2, 0)) })
        #expect(header.initial.id == ElementID(kind: .header, indexPath: ip(0, 0)) && header.initial.frame.minY == 0)
        let a1 = try #require(t.layout.moving.first { $0.final.id == ElementID(kind: .cell, indexPath: ip(2, 1)) })
        #expect(a1.initial.indexPath == ip(0, 1) && a1.initial.frame.height == 80 && a1.final.frame.height == 80)
        let now = engine.shownState
        for change in t.layout.moving { #expect(now.attributes(for: change.final.id) == change.final) }

        // A reload: the section's cells and header go and come again in place; the others stay still.
        try engine.apply(BatchUpdate([.reloadSection(1)]), at: t0 + .milliseconds(10))
        transitions = engine.takeTransitions()
        try #require(transitions.count == 1)
        t = transitions[0]
        let reloaded: Set<ElementID> = [ElementID(kind: .header, indexPath: ip(1, 0)),
                                        ElementID(kind: .cell, indexPath: ip(1, 0)), ElementID(kind: .cell, indexPath: ip(1, 1))]
        let gone = Set(t.layout.disappearing.map(\.initial.id)), come = Set(t.layout.appearing.map(\.final.id))
        #expect(reloaded.isSubset(of: gone) && reloaded.isSubset(of: come), "\(gone) \(come)")
        #expect(t.layout.moving.isEmpty)
        for change in t.layout.appearing where change.final.kind == .cell {
            let out = try #require(t.layout.disappearing.first { $0.initial.id == change.final.id })
            #expect(out.initial.frame == change.final.frame)
        }
    }

    /// The user drags a1 within A; the app moves A to the end: the drag goes
    /// on in the moved section, between the same neighbours, and lands there.
    @Test func aDragWhoseSectionMovesKeepsItsItemAndGapInTheMovedSection() throws {
        let text = Self.scene(layout: #""rowHeight":56,"headerHeight":30"#, extra: #""movesBetweenSections":false,"#)
        var engine = try Engine(scene: try Scene.decode(text), device: TestDevices.probeTouchscreen, recordingTranscript: true)
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 3)
        b.drag(from: pt(200, 30 + 40 + 40), to: pt(200, 30 + 40 + 80 + 45))  // a1 over a2
        let frames = b.frames
        let half = frames.count * 2 / 3
        for f in frames[..<half] { engine.handle(f) }
        #expect(engine.phase == .dragging)
        let before = try #require(engine.presentation.drag)
        #expect(before.source == ip(0, 1) && before.target == ip(0, 2))
        let entries = try engine.apply(BatchUpdate([.moveSection(from: 0, to: 2), .insertItem("n", at: ip(0, 0))]),
                                       at: frames[half].time)
        #expect(!entries.contains { $0.event.name == "gapMoved" || $0.event.name == "dragCancelled" }, "\(entries)")
        let after = try #require(engine.presentation.drag)
        #expect(after.source == ip(2, 1) && after.target == ItemPath(section: 2, item: before.target.item))
        #expect(engine.phase == .dragging)
        for f in frames[half...] { engine.handle(f) }
        engine.finish()
        guard case .move(let item, let from, let to)? = engine.journal.entries.last?.edit else {
            Issue.record("no move committed: \(engine.journal.entries.map(\.edit))\n\(engine.transcript.entries.map(\.textLine).joined(separator: "\n"))")
            return
        }
        #expect(item == "a1" && from == ip(2, 1) && to == ip(2, 2))
        #expect(engine.model.sections.map(\.id.rawValue) == ["B", "C", "A"])
        #expect(engine.model.allItems.sorted() == ["a0", "a1", "a2", "b0", "b1", "b2", "c0", "c1", "n"])
        #expect(engine._invariantViolations().isEmpty)
    }

    @Test func theSelectionAndTheFocusFollowAMovedSection() throws {
        var engine = try Engine(scene: try Scene.decode(Self.scene()), device: TestDevices.probeTouchscreen)
        engine.apply(.setEditing(true), at: t0)
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 4)
        b.pause(.milliseconds(100))
        b.tap(at: pt(200, 30 + 40 + 40))        // a1
        b.pause(.milliseconds(400))
        b.tap(at: pt(300, 30 + 40 + 80 + 56 + 30 + 28))  // b1
        for f in b.frames { engine.handle(f) }
        #expect(engine.selection == ["a1", "b1"])
        let time = try #require(engine.now) + .milliseconds(10)
        engine.apply(.focus(ip(0, 2)), at: time)
        #expect(engine.focus?.item == "a2")
        // C to the top: A and B one section down.
        try engine.apply(BatchUpdate([.moveSection(from: 2, to: 0)]), at: time + .milliseconds(10))
        #expect(engine.selection == ["a1", "b1"])
        #expect(engine.presentation.selected == [ip(1, 1), ip(2, 1)])
        #expect(engine.focus == EditingFocus(item: "a2", indexPath: ip(1, 2)))
        #expect(engine.presentation.focused == ip(1, 2))
        // A reload keeps them where they are.
        try engine.apply(BatchUpdate([.reloadSection(1)]), at: time + .milliseconds(20))
        #expect(engine.selection == ["a1", "b1"] && engine.presentation.selected == [ip(1, 1), ip(2, 1)])
        #expect(engine.focus?.indexPath == ip(1, 2))
    }

    /// The app's own layout (a placement) follows a section move too: it is
    /// rebuilt from the model, the moved section's tiles slide with it.
    @Test func theAppsOwnLayoutFollowsASectionMove() throws {
        var engine = try Engine(scene: try Scene.decode(Self.scene()), device: TestDevices.probeTouchscreen,
                                makingTransitions: true)
        let squares = try PlacementLayout(placement: SetLayoutTests.Squares(), metrics: engine.metrics,
                                          viewport: Size(width: 400, height: 640))
        engine.setLayout(squares, at: t0)
        _ = engine.takeTransitions()
        let a0 = try #require(engine.layout.attributes(for: ip(0, 0))?.frame)
        try engine.apply(BatchUpdate([.moveSection(from: 0, to: 1)]), at: t0 + .milliseconds(10))
        #expect(engine.model.sections.map(\.id.rawValue) == ["B", "A", "C"])
        let moved = try #require(engine.layout.attributes(for: ip(1, 0))?.frame)
        #expect(moved.width == a0.width && moved.minY > a0.minY)
        let t = try #require(engine.takeTransitions().first)
        #expect(t.layout.moving.contains { $0.initial.indexPath == ip(0, 0) && $0.final.indexPath == ip(1, 0) })
        #expect(engine._invariantViolations().isEmpty)
    }

    @Test func anInvalidSectionMoveIsTypedAndChangesNothing() throws {
        var engine = try Engine(scene: try Scene.decode(Self.scene()), device: TestDevices.probeTouchscreen,
                                recordingTranscript: true)
        let (model, size) = (engine.model, engine.layout.contentSize)
        let bad = BatchUpdate([.reloadSection(1), .moveSection(from: 1, to: 0)])
        #expect(throws: BatchUpdateError(operationIndex: 1, operation: .moveSection(from: 1, to: 0),
                                         reason: .reloadAndMoveSection(1))) {
            try engine.apply(bad, at: t0)
        }
        #expect(engine.model == model && engine.layout.contentSize == size && engine.journal.entries.isEmpty)
    }
}
