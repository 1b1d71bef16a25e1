import Testing
import Gripper
import GripperScripting
import GripperTesting

/// A segment for the switch tests: sections of identities made up front,
/// or made on demand (`count` items `prefix.i`) for large ones, and a
/// count that can change behind the engine's back (a source that
/// contradicts itself).
private final class Segment: CollectionDataSource, CollectionDelegate, @unchecked Sendable {
    var sections: [(id: SectionID, items: [ItemID])]
    /// When set: one section `all` of this many items `prefix.i`, made when asked.
    let large: (prefix: String, count: Int)?
    /// Added to every section's count (a contradiction when set after a switch).
    var drift = 0

    init(_ sections: [(String, [String])]) {
        self.sections = sections.map { (SectionID($0.0), $0.1.map { ItemID($0) }) }
        large = nil
    }

    init(prefix: String, count: Int) {
        sections = []
        large = (prefix, count)
    }

    var numberOfSections: Int { large == nil ? sections.count : 1 }
    func sectionID(at section: Int) -> SectionID { large == nil ? sections[section].id : "all" }
    func numberOfItems(inSection section: Int) -> Int {
        (large?.count ?? sections[section].items.count) + drift
    }
    func itemID(at indexPath: ItemPath) -> ItemID {
        if let large { return ItemID("\(large.prefix).\(indexPath.item)") }
        return sections[indexPath.section].items[indexPath.item]
    }
}

/// `Engine.switchSegment`: a wholesale swap — lazy views of the new
/// segment, one bounded transcript line, no inverse (undo stops there),
/// what is in flight cancelled, the selection emptied, the focus kept on
/// the list, transitions that cost what is on screen, and what the engine
/// checks and trusts of a segment.
@Suite struct SegmentSwitchTests {
    private static let t0 = EventTime(microseconds: 1_000_000)
    private static let size = Size(width: 400, height: 640)
    private func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location { .fraction(x / 400, y / 640) }
    private func plain(_ engine: Engine) -> [[String]] { engine.model.sections.map { $0.items.map(\.rawValue) } }
    private func lines(_ entries: [Transcript.Entry]) -> [String] {
        entries.map(\.textLine).map { String($0.split(separator: " ", maxSplits: 1)[1]) }
    }

    private func mail(_ sent: Segment = Segment([("all", ["x", "y"]), ("old", ["z"])])) throws -> SegmentedDataSource {
        try SegmentedDataSource([ChildDataSource(key: "inbox", Segment([("all", ["a", "b", "c"])])),
                                 ChildDataSource(key: "sent", sent)])
    }

    private func engine(_ source: SegmentedDataSource, transitions: Bool = false) throws -> Engine {
        try Engine(dataSource: source, delegate: source, viewport: Self.size, metrics: LayoutMetrics(rowHeight: 50),
                   device: TestDevices.probeTouchscreen, recordingTranscript: true, makingTransitions: transitions)
    }

    @Test func aSwitchIsOneBoundedLineAndTheModelReadsTheSegmentLazily() throws {
        var mail = try mail()
        var engine = try engine(mail)
        let entries = try engine.switchSegment(of: &mail, to: 1, at: Self.t0)
        #expect(lines(entries) == ["appBatch #1 segment 1 sent: sections 0..1, 3 items"])
        #expect(entries.map(\.jsonLine).first?.contains(
            "\"replaced\":{\"segment\":1,\"key\":\"sent\",\"sectionsBefore\":1,\"sections\":2,\"items\":3}") == true)
        #expect(plain(engine) == [["x", "y"], ["z"]])
        #expect(engine.model.sections.map(\.id.rawValue) == ["sent/all", "sent/old"])
        let lazy = engine.model.sections.allSatisfy { $0.items.isLazy }
        #expect(lazy)
        #expect(mail.selectedIndex == 1)
        #expect(engine._invariantViolations().isEmpty)
        // The transcript line is bounded whatever the segment holds.
        var big = try SegmentedDataSource([ChildDataSource(key: "a", Segment([("s", ["a0"])])),
                                           ChildDataSource(key: "b", Segment(prefix: "b", count: 100_000))])
        var large = try self.engine(big)
        let line = try lines(large.switchSegment(of: &big, to: 1, at: Self.t0))
        #expect(line == ["appBatch #1 segment 1 b: sections 0..0, 100000 items"])
        #expect(large.model.item(at: ItemPath(section: 0, item: 99_999)) == "b.99999")
        // An empty segment says so.
        var empty = try SegmentedDataSource([ChildDataSource(key: "a", Segment([("s", ["a0"])])),
                                             ChildDataSource(key: "drafts", Segment([]))])
        var blank = try self.engine(empty)
        let none = try lines(blank.switchSegment(of: &empty, to: 1, at: Self.t0))
        #expect(none == ["appBatch #1 segment 1 drafts: no sections, 0 items"])
        #expect(blank.model.numberOfSections == 0 && blank._invariantViolations().isEmpty)
    }

    @Test func theUsersUndoStopsAtASwitchAndTheJournalRestartsThere() throws {
        var mail = try mail()
        var engine = try engine(mail)
        // The user deletes "a" (a full swipe), then the app switches.
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 3)
        b.swipe(from: pt(380, 25), to: pt(20, 25), duration: .milliseconds(200))
        for f in b.frames { engine.handle(f) }
        engine.fire(until: b.now + .seconds(2))
        #expect(plain(engine) == [["b", "c"]])
        #expect(engine.journal.canUndo)
        try engine.switchSegment(of: &mail, to: 1, at: b.now + .seconds(3))
        #expect(!engine.journal.canUndo)
        #expect(engine.journal.entries.count == 1 && engine.journal.entries[0].isAppChange)
        #expect(engine.journal.start == engine.model)
        let undo = lines(engine.apply(.undo, at: b.now + .seconds(4)))
        #expect(plain(engine) == [["x", "y"], ["z"]])
        #expect(!undo.contains { $0.hasPrefix("undone") })
        // Sequence numbers keep counting; back again is another entry.
        let back = try lines(engine.switchSegment(of: &mail, to: 0, at: b.now + .seconds(5)))
        #expect(back.first?.hasPrefix("appBatch #3 segment 0 inbox") == true)
        #expect(engine._invariantViolations().isEmpty)
    }

    @Test func aSwitchEmptiesTheSelectionAndKeepsTheFocusOnTheList() throws {
        var mail = try mail()
        var engine = try engine(mail)
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 4)
        b.tap(at: pt(200, 75))
        for f in b.frames { engine.handle(f) }
        engine.fire(until: b.now + .seconds(1))
        #expect(engine.selection == ["b"])
        engine.apply(.focus(ItemPath(section: 0, item: 2)), at: b.now + .seconds(1))
        #expect(engine.focus?.item == "c")
        let out = try lines(engine.switchSegment(of: &mail, to: 1, at: b.now + .seconds(2)))
        #expect(out.contains("selection none"))
        #expect(engine.selection.isEmpty)
        // The nearest item to where the focus was: the last of the first section.
        #expect(engine.focus?.item == "y" && engine.focus?.indexPath == ItemPath(section: 0, item: 1))
        #expect(engine._invariantViolations().isEmpty)
    }

    @Test func whatTheSwitchChecksAndWhatItTrusts() throws {
        // Checked: a repeated section identity or a negative count is an
        // error, and nothing changes.
        let twice = Segment([("s", ["x"]), ("s", ["y"])])
        var mail = try mail(twice)
        var engine = try engine(mail)
        #expect(throws: SourceUpdateError.dataSource(.duplicateSectionID("sent/s", sections: 0, 1))) {
            try engine.switchSegment(of: &mail, to: 1, at: Self.t0)
        }
        #expect(plain(engine) == [["a", "b", "c"]] && mail.selectedIndex == 0 && engine.journal.entries.isEmpty)
        let negative = Segment([("s", [])])
        negative.drift = -3
        var mail2 = try self.mail(negative)
        var engine2 = try self.engine(mail2)
        #expect(throws: SourceUpdateError.dataSource(.negativeCount(section: 0, count: -3))) {
            try engine2.switchSegment(of: &mail2, to: 1, at: Self.t0)
        }
        #expect(plain(engine2) == [["a", "b", "c"]] && mail2.selectedIndex == 0)

        // Trusted: item identities. A segment that repeats one is shown as
        // it is; the edit that meets the repeat is refused, nothing lost.
        let repeats = Segment([("s", ["x", "y", "x"])])
        var mail3 = try self.mail(repeats)
        var engine3 = try self.engine(mail3)
        try engine3.switchSegment(of: &mail3, to: 1, at: Self.t0)
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 8)
        b.swipe(from: pt(380, 75), to: pt(20, 75), duration: .milliseconds(200))
        var out: [String] = []
        for f in b.frames { out += lines(engine3.handle(f)) }
        out += lines(engine3.fire(until: b.now + .seconds(2)))
        #expect(out.contains { $0.hasPrefix("rejected") || $0.hasPrefix("dataSource") })
        #expect(plain(engine3) == [["x", "y", "x"]])

        // A count that changes behind the engine's back after a switch: the
        // documented fallback (reported once, the known count kept).
        let drifting = Segment([("s", ["x", "y"])])
        var mail4 = try self.mail(drifting)
        var engine4 = try self.engine(mail4)
        try engine4.switchSegment(of: &mail4, to: 1, at: Self.t0)
        drifting.drift = 5
        #expect(engine4.model.item(at: ItemPath(section: 0, item: 0)) == nil)
        #expect(engine4.model.numberOfItems == 2)
        try engine4.switchSegment(of: &mail4, to: 0, at: Self.t0 + .seconds(1))
        #expect(plain(engine4) == [["a", "b", "c"]] && engine4._invariantViolations().isEmpty)
    }

    @Test func aSwitchAnimatesWhatIsOnScreenOnly() throws {
        var big = try SegmentedDataSource([ChildDataSource(key: "a", Segment(prefix: "a", count: 100_000)),
                                           ChildDataSource(key: "b", Segment(prefix: "b", count: 100_000))])
        var engine = try engine(big, transitions: true)
        _ = engine.takeTransitions()
        try engine.switchSegment(of: &big, to: 1, at: Self.t0)
        let transitions = engine.takeTransitions()
        #expect(transitions.count == 1)
        guard let t = transitions.first else { return }
        #expect(t.cause == .appChanged)
        // 640 points of 50-point rows: 13 cells either way, never 100,000.
        let gone = t.layout.disappearing.filter { $0.final.kind == .cell }.count
        let come = t.layout.appearing.filter { $0.final.kind == .cell }.count
        #expect(gone > 0 && gone <= 20 && come > 0 && come <= 20)
        #expect(t.layout.moving.filter { $0.final.kind == .cell }.isEmpty)
    }

    @Test func aSwitchDuringAKeyboardMoveOrAScrollLeavesNothingPending() throws {
        var mail = try mail()
        var engine = try engine(mail)
        engine.apply(.focus(ItemPath(section: 0, item: 0)), at: Self.t0)
        engine.apply(.key(.space), at: Self.t0 + .milliseconds(100))
        #expect(engine.stateName.contains("keyboardMoving") || engine.stateName.contains("moving"))
        let out = try lines(engine.switchSegment(of: &mail, to: 1, at: Self.t0 + .milliseconds(200)))
        #expect(out.contains("dragCancelled a"))
        #expect(engine.phase == .idle)
        engine.finish()
        #expect(plain(engine) == [["x", "y"], ["z"]] && engine._invariantViolations().isEmpty)
    }
}
