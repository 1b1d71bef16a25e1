import GripperGeometry
import GripperInput
import GripperLayout
import GripperTesting
import Testing
@testable import GripperEditing
import GripperScripting
@_spi(Benchmarks) import GripperEditing

/// Random multi-item drags — selections grabbed in batch editing, items
/// added by a second finger, moves, lifts, cancellations — with the app's
/// batches interleaved: no item is ever lost, duplicated or reordered except
/// as a commit says, and every commit puts the group together in its order.
@Suite struct MultiDragPropertyTests {
    static func isUndoOrRedo(_ e: EditingEffect) -> Bool {
        switch e {
        case .undone, .redone: true
        default: false
        }
    }

    @Test(arguments: 0..<12)
    func randomMultiDragsKeepEveryItem(seed: UInt64) throws {
        var rng = SeededGenerator(seed: 0xD7A6 &+ seed)
        var h = MachineHarness(randomModel(sections: 3, maxItems: 7, using: &rng))
        var expected = Set(h.machine.model.allItems)
        var fresh = 0
        for step in 0..<300 {
            let before = h.machine.model
            let carried = h.machine.draggedItems
            let committedBefore = h.committed.count
            let logBefore = h.log.count
            let rows = max(1, before.numberOfItems)
            func row() -> Point { h.point(row: Int.random(in: 0..<rows, using: &rng)) }
            var appChanged = false
            switch Int.random(in: 0..<14, using: &rng) {
            case 0: h.send(.setEditing(true))
            case 1, 2: h.send(.tap(row()))
            case 3, 4: h.send(.longPress(row()))
            case 5, 6, 7: h.send(.contactMoved(row()))
            case 8: h.send(.secondTap(row()))
            case 9, 10: h.send(.contactLifted(row()))
            case 11: h.send([EditingCommand.cancelInteraction, .setEditing(false), .undo, .redo].randomElement(using: &rng)!)
            default:
                // An app batch: an insert, a delete or a move somewhere.
                let sections = before.sections
                let s = Int.random(in: 0..<sections.count, using: &rng)
                let count = sections[s].items.count
                let op: BatchUpdate.Operation
                switch Int.random(in: 0..<3, using: &rng) {
                case 0:
                    fresh += 1
                    op = .insertItem(ItemID("n\(fresh)"), at: ip(s, Int.random(in: 0...count, using: &rng)))
                case 1 where count > 0: op = .deleteItem(ip(s, Int.random(in: 0..<count, using: &rng)))
                default:
                    guard count > 0 else { continue }
                    let t = Int.random(in: 0..<sections.count, using: &rng)
                    let last = sections[t].items.count - (t == s ? 1 : 0)
                    op = .moveItem(from: ip(s, Int.random(in: 0..<count, using: &rng)),
                                   to: ip(t, Int.random(in: 0...last, using: &rng)))
                }
                try h.apply([op])
                appChanged = true
                switch op {
                case .insertItem(let id, _): expected.insert(id)
                case .deleteItem(let p): expected.remove(before.item(at: p)!)
                default: break
                }
            }
            let problems = h.machine.invariantViolations()
            #expect(problems.isEmpty, "seed \(seed) step \(step): \(problems)")
            let now = h.machine.model.allItems
            #expect(now.count == Set(now).count, "seed \(seed) step \(step): an item is duplicated")
            let newEntries = Array(h.committed.dropFirst(committedBefore))
            if !appChanged {
                if let entry = newEntries.last, case .moveItems(let ids, let from, let to) = entry.edit {
                    // The group is what was carried, in the order of the model before.
                    let order = before.allItems.filter { Set(carried).contains($0) }
                    #expect(ids == order && from == ids.map { before.indexPath(of: $0)! },
                            "seed \(seed) step \(step)")
                    var reference = plain(before)
                    let gone = Set(ids.map(\.rawValue))
                    for k in reference.indices { reference[k].removeAll { gone.contains($0) } }
                    reference[to.section].insert(contentsOf: ids.map(\.rawValue), at: to.item)
                    #expect(plain(h.machine.model) == reference, "seed \(seed) step \(step)")
                } else if newEntries.isEmpty, !h.log[logBefore...].contains(where: Self.isUndoOrRedo) {
                    // Nothing committed, undone or redone: nothing moved.
                    #expect(plain(h.machine.model) == plain(before), "seed \(seed) step \(step)")
                }
            }
            // The user only moves; the app's entries are never undone.
            #expect(Set(now) == expected, "seed \(seed) step \(step): items lost or made up")
        }
    }
}
