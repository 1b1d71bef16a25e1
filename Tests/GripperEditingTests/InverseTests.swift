import GripperTesting
import Testing
import GripperInput
import GripperLayout
@testable import GripperEditing
import GripperScripting
@_spi(Benchmarks) import GripperEditing

/// A journal entry's inverse is exact and cheap: a move's inverse is the
/// move back, a delete's the inserts of the recorded identities at their
/// before-paths, an action's nothing; only batches with section changes
/// (reloads) fall back to the diff.
@Suite struct InverseTests {
    let base = model([("A", ["a0", "a1", "a2", "a3"]), ("B", ["b0", "b1"])])

    @Test func aMovesInverseIsTheMoveBack() throws {
        var journal = Journal(start: base)
        let entry = try journal.commit(BatchUpdate([.moveItem(from: ip(0, 0), to: ip(1, 1))]),
                                       as: .move("a0", from: ip(0, 0), to: ip(1, 1)), at: .zero)
        #expect(entry.inverse == BatchUpdate([.moveItem(from: ip(1, 1), to: ip(0, 0))]))
        #expect(try journal.model.applying(entry.inverse) == base)
    }

    @Test func aDeletesInverseInsertsTheRecordedIdentitiesAtTheirPaths() throws {
        var journal = Journal(start: base)
        let entry = try journal.commit(BatchUpdate([.deleteItem(ip(0, 3)), .deleteItem(ip(0, 1)), .deleteItem(ip(1, 0))]),
                                       as: .delete(["a3", "a1", "b0"]), at: .zero)
        #expect(entry.inverse == BatchUpdate([.insertItem("a3", at: ip(0, 3)), .insertItem("a1", at: ip(0, 1)),
                                              .insertItem("b0", at: ip(1, 0))]))
        #expect(try journal.model.applying(entry.inverse) == base)
        // Undo applies it without the identity scan and gets the start back.
        #expect(journal.undo() != nil)
        #expect(journal.model == base)
        #expect(journal.redo() != nil)
        #expect(plain(journal.model) == [["a0", "a2"], ["b1"]])
    }

    @Test func anActionsInverseIsNothing() throws {
        var journal = Journal(start: base)
        let entry = try journal.commit(BatchUpdate(), as: .action(ActionID("flag"), item: "a2"), at: .zero)
        #expect(entry.inverse.isEmpty)
        #expect(journal.undo() != nil && journal.model == base)
    }

    @Test func reloadsKeepTheDiff() throws {
        var journal = Journal(start: base)
        let target = model([("B", ["b1", "b0"]), ("C", ["c0"])])
        let entry = try journal.commit(base.diff(to: target), as: .reload, at: .zero)
        #expect(journal.model == target)
        #expect(entry.inverse.operations.contains { if case .insertSection = $0 { true } else { false } })
        #expect(try journal.model.applying(entry.inverse) == base)
    }

    /// Random item batches: the inverse is one operation per delete, insert
    /// and move (reloads drop out), never a section change, and undoes the
    /// batch exactly; batches with section changes undo exactly too.
    @Test(arguments: [UInt64(61), 62, 63, 64])
    func randomInversesAreExact(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var fresh = 0
        var m = randomModel(sections: Int.random(in: 1...4, using: &rng), maxItems: 9, using: &rng)
        for step in 0..<200 {
            let batch = RandomBatchTests.randomBatch(on: m, fresh: &fresh, using: &rng)
            let after = try m.applying(batch)
            let inverse = batch.inverse(before: m, after: after)
            #expect(try after.applying(inverse) == m, "seed \(seed) step \(step): \(batch) undone by \(inverse)")
            let sectionOps = batch.operations.contains {
                switch $0 {
                case .deleteSection, .insertSection, .moveSection, .reloadSection: true
                case .deleteItem, .insertItem, .moveItem, .reloadItem: false
                }
            }
            if !sectionOps {
                let reloads = batch.operations.filter { if case .reloadItem = $0 { true } else { false } }.count
                #expect(inverse.operations.count == batch.operations.count - reloads, "seed \(seed) step \(step)")
                #expect(inverse.moveCount == batch.moveCount, "seed \(seed) step \(step)")
            }
            m = after
        }
    }
}
