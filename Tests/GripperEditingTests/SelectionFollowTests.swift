import GripperTesting
import Testing
import GripperInput
import GripperLayout
@testable import GripperEditing
import GripperScripting
@_spi(Benchmarks) import GripperEditing

/// After a commit, an undo or a redo the selection follows the batch path by
/// path (no scan of the model): it must end exactly where a scan would put
/// it — every selected identity the model still holds, at its new path.
@Suite struct SelectionFollowTests {
    /// What a scan of the model finds for `selection`.
    func scanned(_ selection: Set<ItemID>, in m: CollectionModel) -> (Set<ItemID>, Set<ItemPath>) {
        var ids = Set<ItemID>()
        var paths = Set<ItemPath>()
        for (s, section) in m.sections.enumerated() {
            for (i, id) in section.items.enumerated() where selection.contains(id) {
                ids.insert(id)
                paths.insert(ip(s, i))
            }
        }
        return (ids, paths)
    }

    @Test func aSelectedItemFollowsItsMoveAndOthersShift() {
        var machine = EditingStateMachine(model: model([("A", ["a0", "a1", "a2", "a3", "a4"])]),
                                          policy: StaticEditingPolicy(), configuration: EditingConfiguration(viewportHeight: 440))
        machine.selection = ["a0", "a2", "a4"]
        machine.selectedPaths = [ip(0, 0), ip(0, 2), ip(0, 4)]
        var effects: [EditingEffect] = []
        // a0 moves to the end: a1 a2 a3 a4 a0.
        machine.commit(BatchUpdate([.moveItem(from: ip(0, 0), to: ip(0, 4))]), as: .batch, at: .zero, effects: &effects)
        #expect(machine.selectedPaths == [ip(0, 4), ip(0, 1), ip(0, 3)])
        #expect(machine.selection == ["a0", "a2", "a4"])
        // a2 deleted: a1 a3 a4 a0; the selection loses it and says so.
        effects = []
        machine.commit(BatchUpdate([.deleteItem(ip(0, 1))]), as: .delete(["a2"]), at: .zero, effects: &effects)
        #expect(machine.selectedPaths == [ip(0, 3), ip(0, 2)])
        #expect(machine.selection == ["a0", "a4"])
        #expect(effects.contains(.selectionChanged(["a0", "a4"])))
        // Undo brings a2 back (unselected); the others shift back.
        effects = []
        machine.undoOrRedo(undo: true, effects: &effects)
        #expect(machine.selectedPaths == [ip(0, 4), ip(0, 3)])
        #expect(machine.selection == ["a0", "a4"])
    }

    /// Random batches (sometimes with section changes) from random
    /// selections: the followed selection equals the scanned one.
    @Test(arguments: [UInt64(71), 72, 73, 74])
    func followedSelectionEqualsAScan(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var fresh = 0
        var machine = EditingStateMachine(model: randomModel(sections: 3, maxItems: 9, using: &rng),
                                          policy: StaticEditingPolicy(), configuration: EditingConfiguration(viewportHeight: 440))
        for step in 0..<300 {
            let m = machine.model
            if Int.random(in: 0..<4, using: &rng) == 0 || machine.selection.isEmpty {
                let ids = m.allItems.filter { _ in Bool.random(using: &rng) }
                machine.selection = Set(ids)
                machine.selectedPaths = scanned(machine.selection, in: m).1
            }
            let before = machine.selection
            var effects: [EditingEffect] = []
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: machine.undoOrRedo(undo: true, effects: &effects)
            case 1: machine.undoOrRedo(undo: false, effects: &effects)
            default:
                let batch = RandomBatchTests.randomBatch(on: m, fresh: &fresh, using: &rng)
                machine.commit(batch, as: .batch, at: .milliseconds(Int64(step)), effects: &effects)
            }
            let (ids, paths) = scanned(before, in: machine.model)
            #expect(machine.selection == ids, "seed \(seed) step \(step)")
            #expect(machine.selectedPaths == paths, "seed \(seed) step \(step)")
        }
    }
}
