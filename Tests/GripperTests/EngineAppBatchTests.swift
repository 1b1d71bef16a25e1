import struct Foundation.Data
import class Foundation.JSONSerialization
import Testing
@_spi(Benchmarks) import Gripper
import GripperTesting
import GripperScene
import GripperScripting
@_spi(Benchmarks) import GripperLayout

/// The app's batches through the engine: at any moment, the layout in step,
/// an `appBatch` transcript entry in both forms, nothing changed by an
/// invalid one.
@Suite struct EngineAppBatchTests {
    private static let scene = """
    {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56},
     "sections":[{"id":"s","items":[{"id":"a"},{"id":"b"},{"id":"c"},{"id":"d"},{"id":"e"},{"id":"f"}]},
                 {"id":"t","columns":2,"items":[{"id":"g"},{"id":"h"},{"id":"i"}]}]}
    """

    private func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location { .fraction(x / 400, y / 640) }
    private func ip(_ s: Int, _ i: Int) -> ItemPath { ItemPath(section: s, item: i) }

    private func engine() throws -> Engine {
        try Engine(scene: try Scene.decode(Self.scene), device: TestDevices.probeTouchscreen, recordingTranscript: true)
    }

    /// A long-press drag of row a down the list, as frames.
    private func dragFrames() -> [EventFrame] {
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 9)
        b.drag(from: pt(200, 28), to: pt(200, 250))
        return b.frames
    }

    /// Every item's frame and the content size agree with a layout built afresh.
    private func expectInStep(_ engine: Engine, _ what: String) throws {
        let contents = engine.model.sections.map { section in
            SectionContent(count: section.items.count, metrics: SectionMetrics(columns: section.id == "t" ? 2 : nil))
        }
        let expected = try GridLayout(sections: contents, metrics: engine.metrics, viewport: engine.viewportSize)
        #expect(engine.layout.contentSize == expected.contentSize, "\(what)")
        for (s, section) in engine.model.sections.enumerated() {
            #expect(engine.layout.numberOfItems(inSection: s) == section.items.count, "\(what)")
            for i in section.items.indices {
                #expect(engine.layout.attributes(for: ip(s, i))?.frame == expected.attributes(for: ip(s, i))?.frame,
                        "\(what) at \(ip(s, i))")
            }
        }
    }

    @Test func aDragGoesOnAcrossAnInsertAndLandsWithTheLayoutInStep() throws {
        var engine = try engine()
        let frames = dragFrames()
        let half = frames.count * 2 / 3
        for f in frames[..<half] { engine.handle(f) }
        #expect(engine.phase == .dragging)
        let before = try #require(engine.presentation.drag)
        let batch = BatchUpdate([.insertItem("n", at: ip(0, 0)), .insertItem("m", at: ip(1, 1))])
        let entries = try engine.apply(batch, at: frames[half].time)
        #expect(entries.count == 1)
        if case .effect(.appBatchApplied(let entry)) = entries.first?.event {
            #expect(entry.sequence == 1 && entry.batch == batch && entry.isAppChange)
        } else {
            Issue.record("expected an appBatch entry, got \(entries)")
        }
        #expect(entries.first?.textLine.hasSuffix(" appBatch #1 insert n at [0,0]; insert m at [1,1]") == true)
        let after = try #require(engine.presentation.drag)
        #expect(after.source == ip(0, before.source.item + 1) && after.target == ip(0, before.target.item + 1))
        #expect(engine.phase == .dragging)
        try expectInStep(engine, "after the app's batch")
        for f in frames[half...] { engine.handle(f) }
        engine.finish()
        guard case .move(let item, let from, _)? = engine.journal.entries.last?.edit else {
            Issue.record("no move committed: \(engine.journal.entries)")
            return
        }
        #expect(item == "a" && from == ip(0, 1))
        #expect(engine.model.allItems.sorted() == ["a", "b", "c", "d", "e", "f", "g", "h", "i", "m", "n"])
        try expectInStep(engine, "after the drop")
        // The user's undo takes the move off and stops at the app's batch.
        let end = try #require(engine.now)
        engine.apply(.undo, at: end + .milliseconds(10))
        engine.apply(.undo, at: end + .milliseconds(20))
        #expect(engine.model == (try Scene.decode(Self.scene).model().applying(batch)))
        #expect(engine.journal.entries.map(\.edit) == [.app])
    }

    @Test func deletingTheDraggedItemCancelsTheDragAndTheRestOfTheContact() throws {
        var engine = try engine()
        let frames = dragFrames()
        let half = frames.count * 2 / 3
        for f in frames[..<half] { engine.handle(f) }
        let entries = try engine.apply(BatchUpdate([.deleteItem(ip(0, 0))]), at: frames[half].time)
        let events = entries.map(\.event)
        #expect(events.first?.name == "appBatch")
        #expect(events.dropFirst().prefix(2) == [.effect(.dragCancelled("a")), .transition(from: .dragging, to: .idle)])
        #expect(events.contains { if case .gesture(.longPress(.cancelled, _)) = $0 { true } else { false } })
        try expectInStep(engine, "after deleting the dragged item")
        for f in frames[half...] { engine.handle(f) }
        engine.finish()
        #expect(engine.journal.entries.map(\.edit) == [.app])
        #expect(engine.model.allItems == ["b", "c", "d", "e", "f", "g", "h", "i"])
        #expect(engine.phase == .idle)
    }

    @Test func anInvalidBatchThrowsAndChangesNothing() throws {
        var engine = try engine()
        let frames = dragFrames()
        let half = frames.count * 2 / 3
        for f in frames[..<half] { engine.handle(f) }
        let (model, journal, state, drag, size, count) = (engine.model, engine.journal, engine.stateName,
                                                          engine.presentation.drag, engine.layout.contentSize,
                                                          engine.transcript.entries.count)
        let bad = BatchUpdate([.deleteItem(ip(0, 1)), .moveItem(from: ip(0, 1), to: ip(1, 0))])
        #expect(throws: BatchUpdateError(operationIndex: 1, operation: .moveItem(from: ip(0, 1), to: ip(1, 0)),
                                         reason: .deleteAndMove(ip(0, 1)))) {
            try engine.apply(bad, at: frames[half - 1].time)
        }
        #expect(engine.model == model && engine.journal == journal && engine.stateName == state)
        #expect(engine.presentation.drag == drag && engine.layout.contentSize == size)
        #expect(engine.transcript.entries.count == count)
        // The drag goes on as if nothing happened.
        for f in frames[half...] { engine.handle(f) }
        #expect(engine.journal.entries.count == 1)
    }

    @Test func dueDeadlinesFireBeforeTheBatch() throws {
        var engine = try engine()
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 5)
        b.longPress(at: pt(200, 84), duration: .milliseconds(900))
        let down = try #require(b.frames.first)
        engine.handle(down)
        // Past the long-press deadline: the drag of b begins first, then the
        // batch, which inserts above it.
        let entries = try engine.apply(BatchUpdate([.insertItem("n", at: ip(0, 0))]), at: down.time + .milliseconds(600))
        let events = entries.map(\.event)
        let began = try #require(events.firstIndex(of: .effect(.dragBegan("b", from: ip(0, 1)))))
        let applied = try #require(events.firstIndex { if case .effect(.appBatchApplied) = $0 { true } else { false } })
        #expect(began < applied)
        #expect(entries[began].offset == 500_000 && entries[applied].offset == 600_000)
        #expect(engine.presentation.drag?.source == ip(0, 2))
    }

    @Test func theAppBatchEntryInTextAndJSON() throws {
        let batch = BatchUpdate([
            .deleteSection(1), .insertSection(CollectionSection(id: "N\"q", items: ["x", "y"]), at: 0),
            .deleteItem(ip(0, 2)), .insertItem("n\\1", at: ip(1, 0)), .reloadItem(ip(0, 3)),
            .moveItem(from: ip(0, 0), to: ip(1, 4)),
        ])
        let entry = Transcript.Entry(offset: 1_250_000, event: .effect(.appBatchApplied(journalEntry(7, .app, batch: batch))))
        // Ids that are not plain are quoted as JSON strings (Engine.md, "Quoting").
        #expect(entry.textLine == #"1.250000 appBatch #7 delete section 1; insert section "N\"q" (x y) at 0; delete [0,2]; "#
            + #"insert "n\\1" at [1,0]; reload [0,3]; move [0,0] -> [1,4]"#)
        #expect(entry.jsonLine == #"{"t":1.250000,"event":"appBatch","sequence":7,"operations":["#
            + #"{"op":"deleteSection","at":1},{"op":"insertSection","at":0,"id":"N\"q","items":["x","y"]},"#
            + #"{"op":"deleteItem","at":[0,2]},{"op":"insertItem","at":[1,0],"item":"n\\1"},"#
            + #"{"op":"reloadItem","at":[0,3]},{"op":"moveItem","from":[0,0],"to":[1,4]}]}"#)
        let object = try JSONSerialization.jsonObject(with: Data(entry.jsonLine.utf8)) as? [String: Any]
        let operations = try #require(object?["operations"] as? [[String: Any]])
        #expect(operations.count == 6 && operations[1]["id"] as? String == "N\"q")
        #expect(operations[3]["item"] as? String == "n\\1")
    }

    /// A whole run with app batches: every JSON line parses.
    @Test func aRunsJSONLinesStayValid() throws {
        var engine = try engine()
        let frames = dragFrames()
        for (k, f) in frames.enumerated() {
            engine.handle(f)
            if k % 10 == 5 {
                try engine.apply(BatchUpdate([.insertItem(ItemID("n\(k)"), at: ip(1, 0))]), at: f.time)
            }
        }
        engine.finish()
        for line in engine.transcript.jsonLines.split(separator: "\n") {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "\(line)")
        }
        #expect(engine.transcript.entries.contains { if case .effect(.appBatchApplied) = $0.event { true } else { false } })
    }
}
