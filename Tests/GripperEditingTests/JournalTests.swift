import GripperTesting
import Testing
import GripperInput
import GripperLayout
@testable import GripperEditing

@Suite struct JournalTests {
    let base = model([("A", ["a0", "a1", "a2"]), ("B", ["b0"])])

    @Test func commitAppendsNumberedTimedEntries() throws {
        var journal = Journal(start: base)
        let first = try journal.commit(BatchUpdate([.moveItem(from: ip(0, 0), to: ip(0, 2))]),
                                       as: .move("a0", from: ip(0, 0), to: ip(0, 2)), at: .milliseconds(10))
        let second = try journal.commit(BatchUpdate([.deleteItem(ip(1, 0))]), as: .delete(["b0"]), at: .milliseconds(20))
        #expect(first.sequence == 1 && second.sequence == 2)
        #expect(second.time == .milliseconds(20))
        #expect(plain(journal.model) == [["a1", "a2", "a0"], []])
        #expect(try journal.replay().get() == journal.model)
    }

    /// A limited journal keeps the last `limit` entries and folds older ones
    /// into its start: the model, the replay invariant and `limit` levels of
    /// undo hold; sequence numbers keep counting.
    @Test func aLimitFoldsTheOldestEntriesIntoTheStart() throws {
        var journal = Journal(start: base, limit: 2)
        for k in 0..<5 {
            try journal.commit(BatchUpdate([.moveItem(from: ip(0, 0), to: ip(0, 2))]),
                               as: .move("x", from: ip(0, 0), to: ip(0, 2)), at: .milliseconds(Int64(k)))
            #expect(journal.entries.count == min(k + 1, 2))
            #expect(try journal.replay().get() == journal.model)
        }
        #expect(journal.entries.map(\.sequence) == [4, 5])
        // Five moves of a three-item section: two moves short of the start.
        #expect(plain(journal.model) == [["a2", "a0", "a1"], ["b0"]])
        #expect(plain(journal.start) == [["a0", "a1", "a2"], ["b0"]])
        #expect(journal.undo() != nil && journal.undo() != nil && journal.undo() == nil)
        #expect(journal.model == journal.start)
        // Lowering the limit trims at once.
        #expect(journal.redo() != nil && journal.redo() != nil)
        journal.limit = 1
        #expect(journal.entries.count == 1)
        #expect(try journal.replay().get() == journal.model)
    }

    @Test func rejectedCommitChangesNothing() {
        var journal = Journal(start: base)
        let before = journal
        #expect(throws: BatchUpdateError.self) {
            try journal.commit(BatchUpdate([.deleteItem(ip(0, 9))]), as: .delete([]), at: .zero)
        }
        #expect(journal == before)
    }

    @Test func undoAndRedo() throws {
        var journal = Journal(start: base)
        try journal.commit(BatchUpdate([.deleteItem(ip(0, 1))]), as: .delete(["a1"]), at: .milliseconds(1))
        let afterDelete = journal.model
        #expect(journal.undo()?.sequence == 1)
        #expect(journal.model == base)
        #expect(journal.entries.isEmpty && journal.canRedo)
        #expect(journal.undo() == nil)
        #expect(journal.redo()?.sequence == 1)
        #expect(journal.model == afterDelete)
        #expect(journal.redo() == nil)
        // A new commit forgets what was undone.
        journal.undo()
        try journal.commit(BatchUpdate([.deleteItem(ip(1, 0))]), as: .delete(["b0"]), at: .milliseconds(2))
        #expect(!journal.canRedo)
        #expect(journal.entries.map(\.sequence) == [2])
    }

    @Test(arguments: [UInt64(41), 42, 43, 44])
    func randomCommitsUndosAndRedosKeepModelEqualToReplay(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var journal = Journal(start: randomModel(sections: 3, maxItems: 8, using: &rng))
        var fresh = 0
        var history = [journal.model]  // models after each applied entry
        for step in 0..<150 {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:
                if journal.undo() != nil { history.removeLast() }
            case 1:
                if journal.redo() != nil { history.append(journal.model) }
            default:
                let batch = RandomBatchTests.randomBatch(on: journal.model, fresh: &fresh, using: &rng)
                try journal.commit(batch, as: .batch, at: .milliseconds(Int64(step)))
                history.append(journal.model)
            }
            #expect(try journal.replay().get() == journal.model, "seed \(seed) step \(step)")
            #expect(history.last == journal.model, "seed \(seed) step \(step)")
            #expect(journal.entries.count == history.count - 1, "seed \(seed) step \(step)")
        }
        while journal.undo() != nil {}
        #expect(journal.model == journal.start, "seed \(seed)")
    }
}
