import GripperTesting
import Testing
import GripperInput
import GripperLayout
@testable import GripperEditing
import GripperScripting
@_spi(Benchmarks) import GripperEditing

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

    /// The user's undo stops at the app's entry; user entries after it undo
    /// and redo as usual.
    @Test func undoStopsAtAnAppEntry() throws {
        var journal = Journal(start: base)
        try journal.commit(BatchUpdate([.moveItem(from: ip(0, 0), to: ip(0, 2))]),
                           as: .move("a0", from: ip(0, 0), to: ip(0, 2)), at: .milliseconds(1))
        try journal.commit(BatchUpdate([.insertItem("x", at: ip(1, 0))]), as: .app, at: .milliseconds(2))
        let afterApp = journal.model
        #expect(!journal.canUndo && journal.undo() == nil)
        #expect(journal.model == afterApp && journal.entries.count == 2)
        try journal.commit(BatchUpdate([.deleteItem(ip(0, 0))]), as: .delete(["a1"]), at: .milliseconds(3))
        #expect(journal.canUndo && journal.undo()?.sequence == 3)
        #expect(journal.model == afterApp && journal.undo() == nil)
        #expect(journal.redo()?.sequence == 3 && journal.undo()?.sequence == 3)
        #expect(try journal.replay().get() == journal.model)
    }

    /// An app change is a commit: it forgets what the user undid, whose
    /// batches were worked out on a model that no longer exists.
    @Test func anAppChangeForgetsWhatWasUndone() throws {
        var journal = Journal(start: base)
        try journal.commit(BatchUpdate([.deleteItem(ip(0, 1))]), as: .delete(["a1"]), at: .milliseconds(1))
        journal.undo()
        #expect(journal.canRedo)
        try journal.commit(BatchUpdate([.deleteItem(ip(0, 1))]), as: .app, at: .milliseconds(2))
        #expect(!journal.canRedo && journal.redo() == nil)
        #expect(plain(journal.model) == [["a0", "a2"], ["b0"]])
        // Without anything undone, an app change leaves the user's entries be.
        try journal.commit(BatchUpdate([.moveItem(from: ip(0, 0), to: ip(1, 1))]),
                           as: .move("a0", from: ip(0, 0), to: ip(1, 1)), at: .milliseconds(3))
        try journal.commit(BatchUpdate([.insertItem("x", at: ip(0, 0))]), as: .app, at: .milliseconds(4))
        #expect(journal.entries.map(\.edit) == [.app, .move("a0", from: ip(0, 0), to: ip(1, 1)), .app])
    }

    /// A limit folds app entries into the start like any other: model =
    /// start + entries holds, and undo still stops at the app's entries kept.
    @Test func aLimitFoldsAppEntriesLikeAnyOther() throws {
        var journal = Journal(start: base, limit: 3)
        for k in 0..<7 {
            let app = k % 2 == 1
            try journal.commit(BatchUpdate([.moveItem(from: ip(0, 0), to: ip(0, 2))]),
                               as: app ? .app : .move("x", from: ip(0, 0), to: ip(0, 2)), at: .milliseconds(Int64(k)))
            #expect(journal.entries.count == min(k + 1, 3))
            #expect(try journal.replay().get() == journal.model)
        }
        #expect(journal.entries.map(\.isAppChange) == [false, true, false])
        #expect(journal.undo()?.sequence == 7 && journal.undo() == nil)
        #expect(try journal.replay().get() == journal.model)
    }

    /// Random user commits, app commits, undos and redos: model = start +
    /// entries at every step, undo never takes off an app entry, and the
    /// model after undoing all it can is the one after the last app change.
    @Test(arguments: [UInt64(45), 46, 47, 48])
    func randomAppAndUserCommitsKeepTheBarrier(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var journal = Journal(start: randomModel(sections: 3, maxItems: 8, using: &rng), limit: 20)
        var fresh = 0
        var afterLastApp = journal.model
        for step in 0..<200 {
            switch Int.random(in: 0..<5, using: &rng) {
            case 0:
                if let entry = journal.undo() { #expect(!entry.isAppChange, "seed \(seed) step \(step)") }
            case 1:
                journal.redo()
            case 2:
                let batch = RandomBatchTests.randomBatch(on: journal.model, fresh: &fresh, using: &rng)
                guard !batch.isEmpty else { continue }
                try journal.commit(batch, as: .app, at: .milliseconds(Int64(step)))
                afterLastApp = journal.model
                #expect(!journal.canRedo, "seed \(seed) step \(step)")
            default:
                let batch = RandomBatchTests.randomBatch(on: journal.model, fresh: &fresh, using: &rng)
                try journal.commit(batch, as: .batch, at: .milliseconds(Int64(step)))
            }
            #expect(try journal.replay().get() == journal.model, "seed \(seed) step \(step)")
        }
        while journal.undo() != nil {}
        // Undo stops at the last app entry, or at the start when the limit folded it.
        #expect(journal.model == afterLastApp || journal.entries.isEmpty, "seed \(seed)")
        #expect(journal.entries.last?.isAppChange ?? true, "seed \(seed)")
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
