import Testing
import Gripper
import GripperScripting
import GripperTesting

/// A child for the engine's tests: sections of identities, and a switch for
/// whether its items may be edited and moved.
private struct Notes: CollectionDataSource, CollectionDelegate {
    var sections: [(id: SectionID, items: [ItemID])]
    var editable = true

    init(_ sections: [(String, [String])], editable: Bool = true) {
        self.sections = sections.map { (SectionID($0.0), $0.1.map { ItemID($0) }) }
        self.editable = editable
    }

    var numberOfSections: Int { sections.count }
    func sectionID(at section: Int) -> SectionID { sections[section].id }
    func numberOfItems(inSection section: Int) -> Int { sections[section].items.count }
    func itemID(at indexPath: ItemPath) -> ItemID { sections[indexPath.section].items[indexPath.item] }
    func canEdit(_ item: ItemID, at indexPath: ItemPath) -> Bool { editable }
    func canMove(_ item: ItemID, at indexPath: ItemPath) -> Bool { editable }
}

/// Composed and segmented sources driving an engine: the rules of the child
/// that owns the item, a child's change as one global batch, a segment
/// switch that cancels what is in flight.
@Suite struct EngineComposedSourceTests {
    private static let t0 = EventTime(microseconds: 1_000_000)
    private static let size = Size(width: 400, height: 640)
    private func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location { .fraction(x / 400, y / 640) }
    private func ip(_ s: Int, _ i: Int) -> ItemPath { ItemPath(section: s, item: i) }

    private func plain(_ engine: Engine) -> [[String]] { engine.model.sections.map { $0.items.map(\.rawValue) } }

    private func composed() throws -> ComposedDataSource {
        try ComposedDataSource([ChildDataSource(key: "pinned", Notes([("all", ["p0", "p1"])])),
                                ChildDataSource(key: "recent", Notes([("today", ["r0", "r1", "r2"]), ("older", ["r3"])]))])
    }

    private func engine<S: CollectionDataSource & CollectionDelegate>(_ source: S) throws -> Engine {
        try Engine(dataSource: source, delegate: source, viewport: Self.size, metrics: LayoutMetrics(rowHeight: 50),
                   device: TestDevices.probeTouchscreen, recordingTranscript: true)
    }

    @Test func theEngineOpensTheChildrensSectionsAsOne() throws {
        let engine = try engine(try composed())
        #expect(engine.model.sections.map(\.id) == ["pinned/all", "recent/today", "recent/older"])
        #expect(plain(engine) == [["p0", "p1"], ["r0", "r1", "r2"], ["r3"]])
    }

    @Test func aDragBetweenChildrenThatDoNotAgreeLandsAtHome() throws {
        var engine = try engine(try composed())
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 3)
        b.drag(from: pt(200, 25), to: pt(200, 190))  // p0 down into "recent"
        for f in b.frames { engine.handle(f) }
        engine.finish()
        // Notes do not take part in cross-child moves: every target there is
        // vetoed, so p0 stays in its own child.
        #expect(plain(engine)[1...] == [["r0", "r1", "r2"], ["r3"]])
        #expect(Set(plain(engine)[0]) == ["p0", "p1"])
        #expect(engine._invariantViolations().isEmpty)
    }

    @Test func aChildsChangeReachesTheEngineAsOneGlobalBatch() throws {
        var home = try composed()
        var engine = try engine(home)
        let newRecent = Notes([("today", ["n", "r0", "r1", "r2"]), ("older", ["r3"])])
        let entries = try engine.apply(BatchUpdate([.insertItem("n", at: ip(0, 0))]), toChild: 1, of: &home,
                                       becoming: ChildDataSource(key: "recent", newRecent), at: Self.t0)
        #expect(entries.map(\.textLine) == ["0.000000 appBatch #1 insert n at [1,0]"])
        #expect(plain(engine) == [["p0", "p1"], ["n", "r0", "r1", "r2"], ["r3"]])
        #expect(engine.model == (try CollectionModel(dataSource: home)))
        // A child that gains a section shifts the ones after it.
        let more = Notes([("today", ["n", "r0", "r1", "r2"]), ("week", ["w"]), ("older", ["r3"])])
        try engine.apply(BatchUpdate([.insertSection(CollectionSection(id: "week", items: ["w"]), at: 1)]),
                         toChild: 1, of: &home, becoming: ChildDataSource(key: "recent", more),
                         at: Self.t0 + .milliseconds(10))
        #expect(engine.model.sections.map(\.id) == ["pinned/all", "recent/today", "recent/week", "recent/older"])
        #expect(home.childIndexPath(for: ip(3, 0)) == ChildItemPath(child: 1, indexPath: ip(2, 0)))
        #expect(engine.model == (try CollectionModel(dataSource: home)))
    }

    @Test func aChildsBadChangeChangesNothing() throws {
        var home = try composed()
        var engine = try engine(home)
        let before = home
        let recent = ChildDataSource(key: "recent", Notes([("today", ["r0", "r1", "r2"]), ("older", ["r3"])]))
        // Reaches into the next child's sections: refused before the engine sees it.
        #expect(throws: SourceUpdateError.outsideChild(child: 0, operation: .deleteItem(ip(1, 0)))) {
            try engine.apply(BatchUpdate([.deleteItem(ip(1, 0))]), toChild: 0, of: &home,
                             becoming: ChildDataSource(key: "pinned", Notes([("all", ["p0", "p1"])])), at: Self.t0)
        }
        // The new child's sections do not match the batch.
        #expect(throws: SourceUpdateError.composition(.sectionCountMismatch(child: 1, expected: 2, found: 1))) {
            try engine.apply(BatchUpdate([.deleteItem(ip(1, 0))]), toChild: 1, of: &home,
                             becoming: ChildDataSource(key: "recent", Notes([("today", ["r0", "r1", "r2"])])), at: Self.t0)
        }
        // The engine's validation, in global paths.
        do {
            try engine.apply(BatchUpdate([.deleteItem(ip(0, 7))]), toChild: 1, of: &home, becoming: recent, at: Self.t0)
            Issue.record("an out-of-range delete was accepted")
        } catch let SourceUpdateError.batch(error) {
            #expect(error.operation == .deleteItem(ip(1, 7)))
        }
        #expect(throws: SourceUpdateError.composition(.noSuchChild(5, count: 2))) {
            try engine.apply(BatchUpdate(), toChild: 5, of: &home, becoming: recent, at: Self.t0)
        }
        #expect(plain(engine) == [["p0", "p1"], ["r0", "r1", "r2"], ["r3"]])
        #expect(engine.journal.entries.isEmpty)
        #expect(home.children.map(\.key) == before.children.map(\.key) && home.numberOfSections == 3)
    }

    private func segmented() throws -> SegmentedDataSource {
        try SegmentedDataSource([ChildDataSource(key: "inbox", Notes([("all", ["a", "b", "c"])])),
                                 ChildDataSource(key: "sent", Notes([("all", ["x", "y"])], editable: false))])
    }

    @Test func aSegmentSwitchDuringASwipeShutsTheCellAndShowsTheOtherSegment() throws {
        var mail = try segmented()
        var engine = try engine(mail)
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 5)
        b.swipe(from: pt(350, 25), to: pt(150, 25), duration: .milliseconds(400))
        let frames = b.frames
        let half = frames.count / 2
        for f in frames[..<half] { engine.handle(f) }
        #expect(engine.phase == .swiping)
        let entries = try engine.switchSegment(of: &mail, to: 1, at: frames[half].time)
        let lines = entries.map(\.textLine).map { $0.split(separator: " ", maxSplits: 1)[1] }
        #expect(lines.contains("appBatch #1 segment 1 sent: sections 0..0, 2 items"))
        #expect(lines.contains("swipeShut a"))
        #expect(engine.phase == .idle)
        for f in frames[half...] { engine.handle(f) }
        engine.finish()
        #expect(plain(engine) == [["x", "y"]])
        #expect(mail.selectedIndex == 1 && mail.titles == ["inbox", "sent"])
        // The rest of the contact was ignored; the new segment's rules now
        // hold: its items cannot be swiped open.
        var again = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 6)
        again.swipe(from: pt(350, 25), to: pt(150, 25), duration: .milliseconds(400))
        var later = try self.engine(mail)
        for f in again.frames { later.handle(f) }
        later.finish()
        #expect(!later.transcript.text.contains("swipeOpened"))
        #expect(engine._invariantViolations().isEmpty)
    }

    @Test func aSegmentSwitchDuringADragCancelsItAndLosesNothing() throws {
        var mail = try segmented()
        var engine = try engine(mail)
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 7)
        b.drag(from: pt(200, 25), to: pt(200, 120))
        let frames = b.frames
        let cut = frames.count * 3 / 4
        for f in frames[..<cut] { engine.handle(f) }
        #expect(engine.phase == .dragging)
        let entries = try engine.switchSegment(of: &mail, to: 1, at: frames[cut].time)
        #expect(entries.contains { $0.textLine.hasSuffix("dragCancelled a") })
        for f in frames[cut...] { engine.handle(f) }
        engine.finish()
        #expect(plain(engine) == [["x", "y"]])
        // Back again: the first segment as it was (the drag committed nothing).
        try engine.switchSegment(of: &mail, to: 0, at: frames[frames.count - 1].time + .seconds(1))
        #expect(plain(engine) == [["a", "b", "c"]])
        // The segment shown: nothing to do; a segment that does not exist: an error.
        #expect(try engine.switchSegment(of: &mail, to: 0, at: frames[frames.count - 1].time + .seconds(2)).isEmpty)
        #expect(throws: SourceUpdateError.composition(.noSuchChild(2, count: 2))) {
            try engine.switchSegment(of: &mail, to: 2, at: frames[frames.count - 1].time + .seconds(3))
        }
        #expect(engine._invariantViolations().isEmpty)
    }
}
