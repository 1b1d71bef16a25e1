import Testing
import Gripper
import GripperTesting
import GripperScene
import GripperScripting
@_spi(Benchmarks) import GripperLayout

/// The engine keeps its layout in step with the model after every commit,
/// undo and redo — by following small batches change by change, else by a
/// rebuild — and the result equals a layout built afresh from the model.
@Suite struct EngineLayoutTests {
    private static let fixedScene = """
    {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56},"selection":"multiple",
     "sections":[{"id":"s","items":[{"id":"a"},{"id":"b"},{"id":"c"},{"id":"d"},{"id":"e"},{"id":"f"}]},
                 {"id":"t","columns":2,"items":[{"id":"g"},{"id":"h"},{"id":"i"}]}]}
    """
    private static let heightsScene = """
    {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56},"selection":"multiple",
     "sections":[{"id":"s","items":[{"id":"a","height":40},{"id":"b","height":90},{"id":"c"},{"id":"d","height":70},
                                    {"id":"e","height":30},{"id":"f"}]},
                 {"id":"t","items":[{"id":"g","height":80},{"id":"h"}]}]}
    """

    private func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location { .fraction(x / 400, y / 640) }

    /// The layout built from scratch for the engine's current model.
    private func fresh(_ engine: Engine) throws -> GridLayout {
        let source = engine.dataSource
        let contents = engine.model.sections.enumerated().map { s, section in
            let metrics = SectionMetrics(columns: source.columns(ofSection: section.id))
            return source.hasItemHeights
                ? SectionContent(itemHeights: section.items.enumerated().map { i, id in
                    source.height(ofItem: id, at: ItemPath(section: s, item: i)) ?? engine.metrics.rowHeight
                  }, metrics: metrics)
                : SectionContent(count: section.items.count, metrics: metrics)
        }
        return try GridLayout(sections: contents, metrics: engine.metrics, viewport: engine.viewportSize)
    }

    /// Every item's frame and the content size agree with a fresh layout.
    private func expectInStep(_ engine: Engine, _ what: String) throws {
        let expected = try fresh(engine)
        #expect(engine.layout.contentSize == expected.contentSize, "\(what)")
        #expect(engine.layout.numberOfSections == expected.numberOfSections, "\(what)")
        for (s, section) in engine.model.sections.enumerated() {
            #expect(engine.layout.numberOfItems(inSection: s) == section.items.count, "\(what)")
            for i in section.items.indices {
                let p = ItemPath(section: s, item: i)
                #expect(engine.layout.attributes(for: p)?.frame == expected.attributes(for: p)?.frame, "\(what) at \(p)")
            }
        }
    }

    @Test(arguments: [false, true])
    func layoutFollowsMovesDeletesUndoAndRedo(itemHeights: Bool) throws {
        let scene = try Scene.decode(itemHeights ? Self.heightsScene : Self.fixedScene)
        var engine = try Engine(scene: scene, device: TestDevices.probeTouchscreen, recordingTranscript: true)
        // A long-press drag of the first row down the list.
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 21)
        b.drag(from: pt(200, 20), to: pt(200, 230))
        for f in b.frames { engine.handle(f) }
        let after = try #require(b.frames.last).time
        #expect(engine.journal.entries.count == 1)
        guard case .move? = engine.journal.entries.last?.edit else {
            Issue.record("no move committed: \(engine.journal.entries)")
            return
        }
        try expectInStep(engine, "after the move")
        engine.apply(.undo, at: after + .milliseconds(100))
        try expectInStep(engine, "after undoing the move")
        engine.apply(.redo, at: after + .milliseconds(200))
        try expectInStep(engine, "after redoing the move")
        // Batch edit: select two rows by tapping, delete them, undo, redo.
        engine.apply(.setEditing(true), at: after + .milliseconds(300))
        var c = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 22,
                             configuration: .init(start: after + .milliseconds(400)))
        c.tap(at: pt(200, 20))
        c.pause(.milliseconds(400))
        c.tap(at: pt(200, 150))
        for f in c.frames { engine.handle(f) }
        #expect(engine.selection.count == 2)
        let later = try #require(c.frames.last).time
        engine.apply(.deleteSelected, at: later + .milliseconds(100))
        guard case .delete(let ids)? = engine.journal.entries.last?.edit else {
            Issue.record("no delete committed: \(engine.journal.entries)")
            return
        }
        #expect(ids.count == 2)
        try expectInStep(engine, "after deleting two")
        engine.apply(.undo, at: later + .milliseconds(200))
        try expectInStep(engine, "after undoing the delete")
        engine.apply(.redo, at: later + .milliseconds(300))
        try expectInStep(engine, "after redoing the delete")
        // A reload (a diff, section changes and all) rebuilds.
        let reload = Scene.Stimulus.bringing([Scene.Section(id: "u", items: [Scene.Item(id: "z", label: "Z")])] + scene.sections,
                                             at: .zero) { .reload($0) }
        engine.apply(reload.action, at: later + .milliseconds(400))
        try expectInStep(engine, "after a reload")
        engine.finish()
    }
}

