import struct Foundation.Data
import class Foundation.JSONSerialization
import Testing
@_spi(Benchmarks) import Gripper
import GripperScripting
import GripperTesting

/// An app's data source that is a class, so a test can change it behind the
/// engine's back (what an app must not do): `counts[s]` items per section,
/// named "s.i".
private final class ShiftingSource: CollectionDataSource, @unchecked Sendable {
    var counts: [Int]

    init(_ counts: [Int]) { self.counts = counts }

    var numberOfSections: Int { counts.count }
    func sectionID(at section: Int) -> SectionID { SectionID("S\(section)") }
    func numberOfItems(inSection section: Int) -> Int { counts[section] }
    func itemID(at indexPath: ItemPath) -> ItemID {
        precondition(indexPath.item < counts[indexPath.section], "asked out of range")
        return ItemID("\(indexPath.section).\(indexPath.item)")
    }
}

/// The engine's side of a data source that contradicts itself (a count that
/// changes without a batch): a typed `dataSource` entry, once, and the
/// documented fallback — nothing lost, nothing duplicated.
@Suite struct EngineDataSourceTests {
    private struct Rules: CollectionDelegate {}

    private static func engine(_ source: ShiftingSource) throws -> Engine {
        try Engine(dataSource: source, delegate: Rules(), viewport: Size(width: 320, height: 480),
                   device: TestDevices.probeTouchscreen, recordingTranscript: true)
    }

    private static func contradictions(_ entries: [Transcript.Entry]) -> [DataSourceError] {
        entries.compactMap { if case .dataSource(let e) = $0.event { e } else { nil } }
    }

    private static let t0 = EventTime(microseconds: 1_000_000)

    @Test func aConsistentSourceGetsNoEntry() throws {
        let source = ShiftingSource([5, 4])
        var engine = try Self.engine(source)
        var entries = try engine.apply(BatchUpdate([.insertItem("n", at: ItemPath(section: 0, item: 0))]), at: Self.t0)
        entries += try engine.apply(BatchUpdate([.deleteItem(ItemPath(section: 1, item: 0))]),
                                    at: Self.t0 + .milliseconds(10))
        #expect(Self.contradictions(entries).isEmpty)
        #expect(!engine.transcript.text.contains("dataSource"))
        #expect(engine.model.sections.map(\.items.array) == [["n", "0.0", "0.1", "0.2", "0.3", "0.4"],
                                                              ["1.1", "1.2", "1.3"]])
        #expect(engine._invariantViolations().isEmpty)
    }

    @Test func aCountChangedWithoutABatchIsRecordedOnceAndNothingIsLost() throws {
        let source = ShiftingSource([5, 4])
        var engine = try Self.engine(source)
        source.counts[1] = 2  // the app's data shrank behind the engine's back
        // A batch elsewhere: the layout follows it and finds the contradiction.
        let first = try engine.apply(BatchUpdate([.insertItem("n", at: ItemPath(section: 0, item: 0))]), at: Self.t0)
        let problem = DataSourceError.countChanged(section: 1, expected: 4, found: 2)
        #expect(Self.contradictions(first) == [problem])
        let line = try #require(first.first { $0.event == .dataSource(problem) })
        #expect(line.textLine == "0.000000 dataSource countChanged section 1 expected 4 found 2")
        #expect(line.jsonLine == #"{"t":0.000000,"event":"dataSource","problem":"countChanged","section":1,"expected":4,"found":2}"#)
        let parsed = try JSONSerialization.jsonObject(with: Data(line.jsonLine.utf8)) as? [String: Any]
        #expect(parsed?["found"] as? Int == 2)
        // Reported once, however often the engine meets it again.
        let second = try engine.apply(BatchUpdate([.deleteItem(ItemPath(section: 0, item: 0))]),
                                      at: Self.t0 + .milliseconds(10))
        #expect(Self.contradictions(second).isEmpty)
        // The fallback: the engine keeps the count it knows for that section
        // (its items read as no item), and no other item is touched.
        #expect(engine.model.sections[0].items.array == ["0.0", "0.1", "0.2", "0.3", "0.4"])
        #expect(engine.model.sections[1].items.count == 4)
        #expect(engine.model.item(at: ItemPath(section: 1, item: 3)) == nil)
        #expect(engine.layout.numberOfItems(inSection: 1) == 4)
        #expect(engine._invariantViolations().isEmpty)
        // An edit of that section is refused, the model unchanged.
        let before = engine.model
        #expect(throws: BatchUpdateError.self) {
            try engine.apply(BatchUpdate([.deleteItem(ItemPath(section: 1, item: 0))]), at: Self.t0 + .milliseconds(20))
        }
        #expect(engine.model == before)
        // When the source is itself again, every item is there once.
        source.counts[1] = 4
        let all = engine.model.allItems
        #expect(all == ["0.0", "0.1", "0.2", "0.3", "0.4", "1.0", "1.1", "1.2", "1.3"])
        #expect(Set(all).count == all.count)
        engine.finish()
        #expect(engine.transcript.text.components(separatedBy: "dataSource").count - 1 == 1)
    }

    @Test func aRefusedAppBatchStillPutsTheContradictionOnRecord() throws {
        let source = ShiftingSource([3, 3])
        var engine = try Self.engine(source)
        source.counts[0] = 5
        do {
            try engine.apply(BatchUpdate([.deleteItem(ItemPath(section: 0, item: 0))]), at: Self.t0)
            Issue.record("expected the batch to be refused")
        } catch {
            #expect(error.reason == .dataSource(.countChanged(section: 0, expected: 3, found: 5)))
        }
        // The app heard of it by the error; the record has it with the next call.
        let next = engine.fire(until: Self.t0 + .milliseconds(1))
        #expect(Self.contradictions(next) == [.countChanged(section: 0, expected: 3, found: 5)])
        #expect(engine.model.numberOfItems == 6 && engine.journal.entries.isEmpty)
    }
}
