import GripperTesting
import Testing
import GripperGeometry
import GripperInput
import GripperLayout
@testable import GripperEditing
import GripperScripting
@_spi(Benchmarks) import GripperEditing

/// Seeded random app batches, valid and invalid, interleaved with random
/// editing inputs and stimuli (touch down, moves, lifts, long-presses, pans,
/// ticks, setEditing, undo, redo, deleteSelected …), checked after every step.
@Suite struct AppBatchPropertyTests {
    /// A random app batch on `m`: valid, or (one time in three) a valid one
    /// spoiled by an operation that breaks a rule. Some aim at the dragged
    /// item or at the gap's neighbours, and a small model gets new items.
    static func randomAppBatch(_ h: MachineHarness, fresh: inout Int, sectionMoves: Bool = false,
                               using rng: inout SeededGenerator) -> (batch: BatchUpdate, valid: Bool) {
        let m = h.machine.model
        var batch = sectionMoves ? SectionMoveTests.randomBatch(on: m, fresh: &fresh, using: &rng)
            : RandomBatchTests.randomBatch(on: m, fresh: &fresh, using: &rng)
        if m.numberOfItems < 10, let s = m.sections.indices.randomElement(using: &rng) {
            let count = m.numberOfItems(inSection: s)!
            batch = BatchUpdate([.insertItem(ItemID("n\(fresh)"), at: ip(s, Int.random(in: 0...count, using: &rng)))])
            fresh += 1
        } else if let drag = h.machine.presentation.drag, Int.random(in: 0..<3, using: &rng) == 0 {
            // Aimed at the drag: the dragged item, or the items either side of the gap.
            let around = [drag.source, ip(drag.target.section, drag.target.item - 1), drag.target,
                          ip(drag.target.section, drag.target.item + 1)].filter { m.contains($0) }
            let picked = Set(around.filter { _ in Bool.random(using: &rng) })
            batch = BatchUpdate(picked.sorted().map { .deleteItem($0) })
        }
        let all = m.sections.enumerated().flatMap { s, section in section.items.indices.map { ip(s, $0) } }
        guard let victim = all.randomElement(using: &rng), Int.random(in: 0..<3, using: &rng) == 0 else {
            return (batch, true)
        }
        // Each spoiler breaks a rule whatever the batch holds.
        let spoilers: [[BatchUpdate.Operation]] = [
            [.deleteItem(victim), .deleteItem(victim)],
            [.deleteItem(victim), .moveItem(from: victim, to: ip(0, 0))],
            [.deleteItem(victim), .reloadItem(victim)],
            [.deleteItem(ip(victim.section, m.numberOfItems(inSection: victim.section)!))],
            [.insertItem(ItemID("far"), at: ip(m.numberOfSections + 1, 0))],
            [.deleteSection(m.numberOfSections)],
        ] + (sectionMoves ? [
            [.moveSection(from: victim.section, to: 0), .deleteSection(victim.section)],
            [.reloadSection(victim.section), .deleteItem(victim)],
            [.moveSection(from: m.numberOfSections, to: 0)],
        ] : [])
        batch.operations.insert(contentsOf: spoilers.randomElement(using: &rng)!,
                                at: Int.random(in: 0...batch.operations.count, using: &rng))
        return (batch, false)
    }

    /// Seeds 305 and up draw batches that also move and reload sections
    /// (``SectionMoveTests/randomBatch(on:fresh:using:)``): a drag whose
    /// section moves goes on in the moved section.
    @Test(arguments: [UInt64(301), 302, 303, 304, 305, 307, 308, 309, 310])
    func appBatchesAtAnyMomentKeepEveryInvariant(seed: UInt64) {
        let sectionMoves = seed >= 305
        var rng = SeededGenerator(seed: seed)
        var policy = StaticEditingPolicy()
        policy.selectionMode = SelectionMode.allCases.randomElement(using: &rng)!
        policy.notMovable = ["a3"]
        policy.closedSections = Bool.random(using: &rng) ? [1] : []
        policy.movesBetweenSections = Int.random(in: 0..<3, using: &rng) > 0
        var h = MachineHarness(model([("A", (0..<12).map { "a\($0)" }), ("B", (0..<8).map { "b\($0)" }), ("C", [])]),
                               policy: policy)
        if seed % 2 == 0 { h.machine.configuration.undoLimit = 6 }  // folds app and user entries
        var fresh = 0
        var step = 0
        var appBatches = 0
        var dragsKept = 0
        for _ in 0..<150 {
            var inputs = RandomMachineTests.randomInputs(h, using: &rng).map(Optional.some)
            // App batches land anywhere in a gesture, a drag's middle included.
            for _ in 0..<Int.random(in: 0...2, using: &rng) {
                inputs.insert(nil, at: Int.random(in: 0...inputs.count, using: &rng))
            }
            for input in inputs {
                let where_ = "seed \(seed) step \(step)"
                let idsBefore = Set(h.machine.model.allItems)
                let lastGap = h.machine.presentation.drag?.target
                let effects: [EditingEffect]
                if let input {
                    if case .contact(.tick) = input { effects = h.tickWhenDue() } else {
                        effects = h.send(input, after: Int64.random(in: 1...40, using: &rng))
                    }
                } else {
                    let (batch, valid) = Self.randomAppBatch(h, fresh: &fresh, sectionMoves: sectionMoves, using: &rng)
                    let modelBefore = h.machine.model
                    let before = (h.machine.state, h.machine.journal, h.machine.selection, h.machine.selectedPaths,
                                  h.machine.contentOffset)
                    let dragged = h.machine.draggedItem
                    let plainBefore = h.machine.model.sections.map { ($0.id.rawValue, $0.items.map(\.rawValue)) }
                    do {
                        effects = try h.apply(batch.operations, after: Int64.random(in: 1...40, using: &rng))
                        #expect(valid, "\(where_): \(batch) was accepted")
                        appBatches += 1
                        // The model is the plain-array reference's, built another way.
                        let expected = sectionMoves ? SectionMoveTests.reference(modelBefore, batch)
                            : RandomBatchTests.Reference.apply(plainBefore, batch)
                        #expect(expected?.map(\.1) == plain(h.machine.model), "\(where_): \(batch)")
                        if !batch.isEmpty {
                            #expect(h.machine.journal.entries.last?.isAppChange == true, "\(where_)")
                            #expect(!h.machine.journal.canRedo, "\(where_): an app change keeps the redo stack")
                        }
                        // A drag goes on unless its item went, and then is cancelled.
                        if let dragged {
                            let kept = h.machine.model.allItems.contains(dragged)
                            #expect((h.machine.draggedItem == dragged) == kept, "\(where_)")
                            #expect(effects.contains(.dragCancelled(dragged)) == !kept, "\(where_)")
                            if kept { dragsKept += 1 }
                        }
                    } catch {
                        // The error names the operation at fault, where it is in the batch.
                        #expect(batch.operations.indices.contains(error.operationIndex)
                                    && batch.operations[error.operationIndex] == error.operation, "\(where_)")
                        // An invalid batch changed nothing.
                        #expect(h.machine.state == before.0, "\(where_)")
                        #expect(h.machine.journal == before.1, "\(where_)")
                        #expect(h.machine.selection == before.2 && h.machine.selectedPaths == before.3, "\(where_)")
                        #expect(h.machine.contentOffset == before.4, "\(where_)")
                        #expect(!valid, "\(where_): \(batch) rejected: \(error)")
                        effects = []
                    }
                }
                RandomMachineTests.check(h, lastGap: lastGap, effects: effects, idsBefore: idsBefore, seed: seed, step: step)
                // The drag's source is where the dragged item is in the model.
                if let item = h.machine.draggedItem {
                    #expect(h.machine.presentation.drag?.source == h.machine.model.indexPath(of: item), "\(where_)")
                }
                // The user's undo never takes off an app entry.
                for case .undone(let entry) in effects { #expect(!entry.isAppChange, "\(where_)") }
                step += 1
            }
        }
        #expect(appBatches > 50, "seed \(seed): only \(appBatches) app batches applied")
        // A touch on a fling only stops it, so fewer touches become drags than before flings.
        #expect(dragsKept >= 2, "seed \(seed): only \(dragsKept) drags went on across an app batch")
        h.send(.cancelInteraction)
        h.settle()
        #expect(h.machine.nextDeadline == nil && h.machine.draggedItem == nil, "seed \(seed)")
    }
}
