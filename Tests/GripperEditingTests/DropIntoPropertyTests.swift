import GripperTesting
import Testing
import GripperGeometry
import GripperInput
import GripperLayout
@testable import GripperEditing
import GripperScripting
@_spi(Benchmarks) import GripperEditing

/// Random drags over folders: moves, dwells, ticks, app batches and lifts in
/// any order keep every invariant, and the items change only as the journal
/// says (a drop into removes exactly the items it names).
@Suite struct DropIntoPropertyTests {
    @Test func randomDragsOverFoldersLoseNothing() {
        var drops = 0
        for seed in 1...16 as ClosedRange<UInt64> { drops += Self.run(seed: seed) }
        #expect(drops > 0, "no drop into a folder happened: the test exercises nothing")
    }

    /// One seeded run of 300 steps; returns how many drops into a folder it made.
    static func run(seed: UInt64) -> Int {
        var rng = SeededGenerator(seed: seed)
        var policy = StaticEditingPolicy()
        policy.acceptsDrops = ["a2", "a5", "b1"]
        policy.dropIntoDelay = .milliseconds(rng.int(0...400))
        var h = MachineHarness(model([("A", (0..<8).map { "a\($0)" }), ("B", (0..<4).map { "b\($0)" })]),
                               policy: policy)
        var inserted = 0
        var drops = 0
        for step in 0..<300 {
            let before = Set(h.machine.model.allItems)
            var effects: [EditingEffect] = []
            switch rng.int(0...9) {
            case 0: effects = h.send(.longPress(h.point(row: rng.int(0...11))))
            case 1, 2: effects = h.send(.contactMoved(Point(x: 100, y: rng.next(in: 0...560))))
            case 3:
                // Near the middle of a row: often a folder's band.
                effects = h.send(.contactMoved(Point(x: 100, y: Double(rng.int(0...11)) * 44 + 22 + rng.next(in: -6...6))))
            case 4, 5: effects = h.tickWhenDue()
            case 6: effects = h.send(.contactLifted(Point(x: 100, y: 100)))
            case 7:
                inserted += 1
                effects = (try? h.apply([.insertItem(ItemID("n\(inserted)"), at: ip(0, 0))])) ?? []
            case 8:
                if h.machine.model.numberOfItems(inSection: 0) ?? 0 > 3 {
                    effects = (try? h.apply([.deleteItem(ip(0, rng.int(0...2)))])) ?? []
                }
            default: effects = h.send(.cancelInteraction)
            }
            #expect(h.machine.invariantViolations().isEmpty, "seed \(seed) step \(step): \(h.machine.invariantViolations())")
            var expected = before
            for e in effects {
                switch e {
                case .committed(let entry):
                    if case .dropInto(let ids, let target) = entry.edit {
                        expected.subtract(ids)
                        drops += 1
                        #expect(!ids.contains(target), "seed \(seed) step \(step)")
                    }
                case .appBatchApplied: expected = Set(h.machine.model.allItems)
                default: break
                }
            }
            #expect(Set(h.machine.model.allItems) == expected, "seed \(seed) step \(step)")
            #expect(h.machine.model.allItems.count == expected.count, "seed \(seed) step \(step)")
            if let into = h.machine.presentation.drag?.intoTarget {
                let marked = h.layout.attributes(for: into, presentation: h.machine.presentation)
                #expect(marked?.isDropTarget == true && marked?.isHidden == false, "seed \(seed) step \(step)")
            }
        }
        return drops
    }
}
