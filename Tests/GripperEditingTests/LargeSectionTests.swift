import GripperTesting
import Testing
import GripperLayout
@testable import GripperEditing
import GripperScripting
@_spi(Benchmarks) import GripperEditing

/// Large sections opened from a data source take edits as runs (a piece
/// table) instead of being copied, and the identity check of an inserting
/// batch asks the source instead of reading it. Checked against plain arrays
/// under seeded random batches, with sources that can and cannot locate items.
@Suite struct LargeSectionTests {
    /// Sections of `counts[s]` items named "s.i"; locates them when asked to.
    struct Numbered: CollectionDataSource {
        var counts: [Int]
        var locates: Bool
        var numberOfSections: Int { counts.count }
        func sectionID(at section: Int) -> SectionID { SectionID("S\(section)") }
        func numberOfItems(inSection section: Int) -> Int { counts[section] }
        func itemID(at indexPath: ItemPath) -> ItemID { ItemID("\(indexPath.section).\(indexPath.item)") }
        var locatesItems: Bool { locates }
        func indexPath(ofItem item: ItemID) -> ItemPath? {
            let parts = item.rawValue.split(separator: ".")
            guard parts.count == 2, let s = Int(parts[0]), let i = Int(parts[1]), counts.indices.contains(s),
                  i >= 0, i < counts[s] else { return nil }
            return ItemPath(section: s, item: i)
        }
    }

    /// A random valid batch of item changes on `reference`: distinct deletes
    /// and moves at before-paths, fresh inserts and move destinations at
    /// distinct after-paths; sometimes an identity that a delete of this
    /// batch frees (valid), to check the identity check reads removals.
    static func randomBatch(on reference: [[String]], fresh: inout Int,
                            using rng: inout SeededGenerator) -> BatchUpdate {
        var ops: [BatchUpdate.Operation] = []
        var claimed = Set<ItemPath>()
        var survivors = reference.map(\.count)
        var incoming: [(section: Int, what: BatchUpdate.Operation)] = []
        let changes = Int.random(in: 1...60, using: &rng)
        for _ in 0..<changes {
            let s = Int.random(in: 0..<reference.count, using: &rng)
            guard !reference[s].isEmpty else { continue }
            let p = ip(s, Int.random(in: 0..<reference[s].count, using: &rng))
            guard claimed.insert(p).inserted else { continue }
            survivors[s] -= 1
            switch Int.random(in: 0..<3, using: &rng) {
            case 0:
                ops.append(.deleteItem(p))
            case 1:
                ops.append(.deleteItem(p))
                // The identity the delete frees comes back elsewhere.
                incoming.append((Int.random(in: 0..<reference.count, using: &rng),
                                 .insertItem(ItemID(reference[s][p.item]), at: p)))
            default:
                incoming.append((Int.random(in: 0..<reference.count, using: &rng), .moveItem(from: p, to: p)))
            }
        }
        for _ in 0..<Int.random(in: 0...80, using: &rng) {
            incoming.append((Int.random(in: 0..<reference.count, using: &rng), .insertItem(ItemID("n\(fresh)"), at: ip(0, 0))))
            fresh += 1
        }
        var bySection: [Int: [BatchUpdate.Operation]] = [:]
        for (s, what) in incoming { bySection[s, default: []].append(what) }
        for (s, list) in bySection {
            let slots = Array(0..<(survivors[s] + list.count)).shuffled(using: &rng).prefix(list.count)
            for (slot, what) in zip(slots, list) {
                switch what {
                case .moveItem(let from, _): ops.append(.moveItem(from: from, to: ip(s, slot)))
                case .insertItem(let id, _): ops.append(.insertItem(id, at: ip(s, slot)))
                default: break
                }
            }
        }
        return BatchUpdate(ops.shuffled(using: &rng))
    }

    @Test(arguments: [(UInt64(1), true), (2, true), (3, true), (4, false), (5, false)])
    func randomBatchesOnLargeSectionsMatchPlainArrays(seed: UInt64, locates: Bool) throws {
        var rng = SeededGenerator(seed: seed)
        let source = Numbered(counts: [5_000, 3, 4_200], locates: locates)
        var model = try CollectionModel(dataSource: source)
        var reference = (0..<3).map { s in (0..<source.counts[s]).map { "\(s).\($0)" } }
        var fresh = 0
        var sawRuns = false
        for step in 0..<60 {
            // A valid batch applies, as the plain-array reference says.
            let batch = Self.randomBatch(on: reference, fresh: &fresh, using: &rng)
            let before = reference.enumerated().map { ("S\($0.offset)", $0.element) }
            guard let expected = RandomBatchTests.Reference.apply(before, batch) else {
                Issue.record("seed \(seed) step \(step): the reference rejects \(batch)")
                return
            }
            do { try model.apply(batch) } catch {
                Issue.record("seed \(seed) step \(step): \(error)")
                return
            }
            reference = expected.map(\.1)
            #expect(plain(model) == reference, "seed \(seed) step \(step)")
            #expect(model.checkInvariants() == nil, "seed \(seed) step \(step)")
            #expect(model.heldIDsAreRight(), "seed \(seed) step \(step): the identity index")
            if case .pieces = model.sections[0].items.storage { sawRuns = true }

            // An insert of an identity still in the model is rejected with
            // the model unchanged, wherever it is held (an untouched source
            // run, an item moved or inserted earlier); one that a delete of
            // the same batch frees is not.
            let s = Int.random(in: 0..<3, using: &rng)
            guard !reference[s].isEmpty else { continue }
            let i = Int.random(in: 0..<reference[s].count, using: &rng)
            let existing = ItemID(reference[s][i])
            let unchanged = model
            let target = ip(Int.random(in: 0..<3, using: &rng), 0)
            #expect(throws: BatchUpdateError(operationIndex: 0, operation: .insertItem(existing, at: target),
                                             reason: .duplicateItemID(existing)), "seed \(seed) step \(step)") {
                try model.apply(BatchUpdate([.insertItem(existing, at: target)]))
            }
            #expect(model == unchanged)
            let swap = BatchUpdate([.deleteItem(ip(s, i)), .insertItem(existing, at: ip(s, 0))])
            try model.apply(swap)
            reference[s].remove(at: i)
            reference[s].insert(existing.rawValue, at: 0)
            #expect(plain(model) == reference, "seed \(seed) step \(step)")
            #expect(model.heldIDsAreRight(), "seed \(seed) step \(step): the identity index")
        }
        #expect(sawRuns, "seed \(seed): the large section never kept its edits as runs")
        // The untouched small section is still read from the source only if
        // no batch touched it; the large ones were never copied whole.
        #expect(model.checkInvariants() == nil)
    }

    /// Undo and redo walk large sections back and forth exactly (their
    /// batches skip the identity check but keep the index), a journal with
    /// a limit folds entries into its start, and the start replays to the model.
    @Test(arguments: [(UInt64(21), nil as Int?), (22, 5)])
    func undoAndRedoOnLargeSections(seed: UInt64, limit: Int?) throws {
        var rng = SeededGenerator(seed: seed)
        let source = Numbered(counts: [6_000, 4_500], locates: true)
        var journal = Journal(start: try CollectionModel(dataSource: source), limit: limit)
        var states = [plain(journal.model)]
        var fresh = 0
        for step in 0..<25 {
            let batch = Self.randomBatch(on: states.last!, fresh: &fresh, using: &rng)
            try journal.commit(batch, as: .batch, at: .zero)
            states.append(plain(journal.model))
            #expect(journal.model.heldIDsAreRight(), "seed \(seed) step \(step)")
            #expect(try journal.replay().get() == journal.model, "seed \(seed) step \(step)")
        }
        let undoable = limit ?? 25
        for k in 0..<undoable {
            #expect(journal.undo() != nil)
            #expect(plain(journal.model) == states[states.count - 2 - k], "seed \(seed) undo \(k)")
            #expect(journal.model.heldIDsAreRight(), "seed \(seed) undo \(k)")
        }
        #expect(journal.undo() == nil)
        for _ in 0..<undoable { #expect(journal.redo() != nil) }
        #expect(plain(journal.model) == states.last!)
        #expect(journal.model.heldIDsAreRight())
        #expect(journal.model.checkInvariants() == nil)
    }

    @Test func aLargeSectionIsNotReadToBeEdited() throws {
        let source = CountingSource([100_000, 2])
        var model = try CollectionModel(dataSource: source)
        try model.apply(BatchUpdate((0..<1_000).map { .insertItem(ItemID("new\($0)"), at: ip(0, $0 * 7)) }
            + [.deleteItem(ip(0, 5)), .moveItem(from: ip(0, 99_999), to: ip(1, 0))]))
        // The moved item and the deleted one are read (the journal's
        // inverse, the move's identity); the check of the 1,000 new
        // identities reads the rest of the source once, as this source
        // cannot locate items.
        #expect(model.numberOfItems == 100_000 + 1_000 - 1 - 1 + 1 + 2)
        #expect(model.item(at: ip(0, 7)) == "new1")
        #expect(model.item(at: ip(0, 8)) == "0.7")
        #expect(model.item(at: ip(1, 0)) == "0.99999")
        if case .pieces = model.sections[0].items.storage {} else { Issue.record("copied: \(model.sections[0].items.isLazy)") }
        let asked = source.asked.load(ordering: .relaxed)
        // A batch without inserts reads only what it moves.
        try model.apply(BatchUpdate([.moveItem(from: ip(0, 10), to: ip(0, 50_000)), .deleteItem(ip(0, 3))]))
        #expect(source.asked.load(ordering: .relaxed) - asked <= 2)
        #expect(model.checkInvariants() == nil)
    }

    @Test func aLocatingSourceAnswersTheIdentityCheckWithoutBeingRead() throws {
        let source = Numbered(counts: [1_000_000], locates: true)
        var model = try CollectionModel(dataSource: source)
        try model.apply(BatchUpdate((0..<1_000).map { .insertItem(ItemID("b\($0)"), at: ip(0, $0 * 3)) }))
        #expect(model.numberOfItems == 1_001_000)
        #expect(throws: BatchUpdateError(operationIndex: 1, operation: .insertItem("0.123456", at: ip(0, 1)),
                                         reason: .duplicateItemID("0.123456"))) {
            try model.apply(BatchUpdate([.insertItem("c", at: ip(0, 0)), .insertItem("0.123456", at: ip(0, 1))]))
        }
        // Once the item is deleted its identity may come back.
        let p = ip(0, 123_456 + 1_000)  // 1,000 inserts land before it (every third slot up to 2,997)
        #expect(model.item(at: p) == "0.123456")
        try model.apply(BatchUpdate([.deleteItem(p), .insertItem("0.123456", at: ip(0, 0))]))
        #expect(model.item(at: ip(0, 0)) == "0.123456")
    }

    @Test func aCountChangedBehindALargeSectionRejectsTheEdit() throws {
        let source = CountingSource([10_000])
        var model = try CollectionModel(dataSource: source)
        try model.apply(BatchUpdate([.insertItem("x", at: ip(0, 0))]))
        source.counts[0] = 9_000
        let before = model
        #expect(throws: BatchUpdateError(operationIndex: 0, operation: .deleteItem(ip(0, 1)),
                                         reason: .dataSource(.countChanged(section: 0, expected: 10_000, found: 9_000)))) {
            try model.apply(BatchUpdate([.deleteItem(ip(0, 1))]))
        }
        #expect(model.numberOfItems == before.numberOfItems)
        #expect(model.item(at: ip(0, 0)) == nil)  // the documented fallback: nothing misread
    }
}
