import Testing
import Gripper
import GripperScripting
import GripperTesting

/// A plain source of identities in arrays, for landing new content.
private struct Items: CollectionDataSource, CollectionDelegate {
    var sections: [(id: SectionID, items: [ItemID])]
    init(_ sections: [(String, [String])]) {
        self.sections = sections.map { (SectionID($0.0), $0.1.map { ItemID($0) }) }
    }
    var numberOfSections: Int { sections.count }
    func sectionID(at section: Int) -> SectionID { sections[section].id }
    func numberOfItems(inSection section: Int) -> Int { sections[section].items.count }
    func itemID(at indexPath: ItemPath) -> ItemID { sections[indexPath.section].items[indexPath.item] }
}

/// New content landing while the user works: one batch (a diff), what is in
/// flight kept alive; a composed source's children held until all loaded.
@Suite struct EngineLandingTests {
    private static let size = Size(width: 400, height: 640)
    private func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location { .fraction(x / 400, y / 640) }
    private func plain(_ engine: Engine) -> [[String]] { engine.model.sections.map { $0.items.map(\.rawValue) } }

    private func engine<S: CollectionDataSource & CollectionDelegate>(_ source: S) throws -> Engine {
        try Engine(dataSource: source, delegate: source, viewport: Self.size, metrics: LayoutMetrics(rowHeight: 50),
                   device: TestDevices.probeTouchscreen, recordingTranscript: true)
    }

    @Test func aRefreshThatLandsDuringADragKeepsTheDragAndIsOneBatch() throws {
        var engine = try engine(Items([("s", ["a", "b", "c", "d"])]))
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 11)
        b.drag(from: pt(200, 25), to: pt(200, 130))   // a, down two rows
        let frames = b.frames
        let cut = frames.count * 3 / 4
        for f in frames[..<cut] { engine.handle(f) }
        #expect(engine.phase == .dragging)
        // The refresh brings "n" at the top, drops "d" and swaps b and c.
        let entries = try engine.land(Items([("s", ["n", "a", "c", "b"])]), at: frames[cut].time)
        #expect(entries.filter { $0.textLine.contains("appBatch") }.count == 1)
        #expect(!entries.contains { $0.textLine.contains("dragCancelled") })
        #expect(engine.phase == .dragging)
        #expect(engine.presentation.drag?.source == ItemPath(section: 0, item: 1))
        for f in frames[cut...] { engine.handle(f) }
        engine.finish()
        // The drag landed on the new content: nothing lost, nothing doubled.
        #expect(Set(plain(engine)[0]) == ["n", "a", "b", "c"] && plain(engine)[0].count == 4)
        #expect(plain(engine)[0].firstIndex(of: "a")! > 1)
        #expect(engine._invariantViolations().isEmpty)
        // The same content again is no batch at all.
        let same = engine.model
        let again = try engine.land(Items([("s", same.sections[0].items.map(\.rawValue))]),
                                    at: frames[frames.count - 1].time + .seconds(1))
        #expect(again.isEmpty && engine.model == same)
    }

    @Test func contentThatContradictsItselfChangesNothing() throws {
        var engine = try engine(Items([("s", ["a"])]))
        #expect(throws: SourceUpdateError.dataSource(.duplicateSectionID("s", sections: 0, 1))) {
            try engine.land(Items([("s", ["a"]), ("s", ["b"])]), at: EventTime(microseconds: 1_000_000))
        }
        #expect(plain(engine) == [["a"]] && engine.journal.entries.isEmpty)
    }

    @Test func childrenThatLoadTogetherChangeTheScreenOnce() throws {
        var home = try ComposedDataSource([ChildDataSource(key: "pinned", Items([("all", [])])),
                                           ChildDataSource(key: "recent", Items([("today", [])]))])
        var engine = try engine(home)
        var group = LoadingGroup(keys: home.children.map(\.key))
        let t0 = EventTime(microseconds: 1_000_000)
        group.handle(.beginLoading, forChild: "pinned")
        group.handle(.beginLoading, forChild: "recent")
        let first = group.handle(.loadedContent, forChild: "recent",
                                 content: ChildDataSource(key: "recent", Items([("today", ["r0", "r1"])])))
        #expect(try engine.land(first.released, in: &home, at: t0).isEmpty)
        #expect(plain(engine) == [[], []], "held while pinned loads")
        let last = group.handle(.loadedContent, forChild: "pinned",
                                content: ChildDataSource(key: "pinned", Items([("all", ["p0"])])))
        let entries = try engine.land(last.released, in: &home, at: t0 + .milliseconds(5))
        #expect(entries.filter { $0.textLine.contains("appBatch") }.count == 1)
        #expect(plain(engine) == [["p0"], ["r0", "r1"]])
        #expect(engine.model == (try CollectionModel(dataSource: home)))
        #expect(engine.journal.entries.count == 1)
    }
}
