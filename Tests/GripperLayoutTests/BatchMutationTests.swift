import GripperGeometry
@testable import GripperLayout
import GripperScripting
import GripperTesting
import Testing
@_spi(Benchmarks) import GripperLayout

/// A batch of item changes applied at once (``GridLayout/applyItemChanges(removing:inserting:)``)
/// gives exactly the layout prepared afresh from the changed content, and
/// an index path mapping grouped into runs maps as its edits one by one.
@Suite struct BatchMutationTests {
    @Test(arguments: 0..<40)
    func batchesMatchAFreshLayout(seed: Int) throws {
        let scenario = RandomScenario(seed: UInt64(seed) &+ 70_000, maxItems: 30)
        var model = scenario.sections
        var layout = try scenario.layout()
        var g = SeededGenerator(seed: UInt64(seed))
        let tag = "seed \(seed + 70_000)"
        for step in 0..<10 where !model.isEmpty {
            // Removals at before-paths, then insertions at after-paths.
            var removals: [ItemPath] = []
            for s in model.indices where model[s].count > 0 {
                for k in 0..<model[s].count where g.chance(0.2) { removals.append(ItemPath(section: s, item: k)) }
            }
            for p in removals.sorted(by: >) {
                model[p.section].count -= 1
                model[p.section].itemHeights?.remove(at: p.item)
            }
            var insertions: [(indexPath: ItemPath, height: Double?)] = []
            for s in model.indices {
                let k = g.int(0...6)
                let after = model[s].count + k
                for slot in Array(0..<after).shuffled(using: &g).prefix(k).sorted() {
                    let h: Double? = g.chance(0.2) ? nil : g.half(5, 80)
                    insertions.append((ItemPath(section: s, item: slot), h))
                    model[s].count += 1
                    let height = h ?? (model[s].metrics.rowHeight ?? scenario.metrics.rowHeight)
                    model[s].itemHeights?.insert(height, at: slot)
                }
            }
            try layout.applyItemChanges(removing: removals.shuffled(using: &g), inserting: insertions.shuffled(using: &g))
            #expect(layout._checkInvariants() == [], "\(tag) step \(step)")
            let fresh = try GridLayout(sections: model, metrics: scenario.metrics, viewport: scenario.viewport)
            #expect(layout.contentSize == fresh.contentSize, "\(tag) step \(step)")
            #expect(MutationTests.everything(layout) == MutationTests.everything(fresh), "\(tag) step \(step)")
        }
    }

    @Test func aBadBatchChangesNothing() throws {
        var layout = try GridLayout(sections: [SectionContent(itemHeights: [10, 20, 30]), SectionContent(count: 2)],
                                    metrics: LayoutMetrics(), viewport: Size(width: 300, height: 500))
        let before = MutationTests.everything(layout)
        let bad: [([ItemPath], [(indexPath: ItemPath, height: Double?)])] = [
            ([ItemPath(section: 0, item: 3)], []),                                   // no such item
            ([ItemPath(section: 1, item: 0), ItemPath(section: 1, item: 0)], []),   // twice
            ([], [(ItemPath(section: 2, item: 0), nil)]),                            // no such section
            ([], [(ItemPath(section: 1, item: 3), nil)]),                            // past the end after
            ([], [(ItemPath(section: 0, item: 0), nil), (ItemPath(section: 0, item: 0), 4)]),  // twice
            ([], [(ItemPath(section: 0, item: 0), -1)]),                             // a bad height
        ]
        for (removals, insertions) in bad {
            #expect(throws: LayoutError.self) { try layout.applyItemChanges(removing: removals, inserting: insertions) }
            #expect(MutationTests.everything(layout) == before)
        }
    }

    /// Random edits, often in a batch update's order (deletes descending,
    /// then inserts ascending), mapped both ways against the edits one by one.
    @Test(arguments: 0..<30)
    func groupedMappingsMapAsTheirEdits(seed: Int) {
        var g = SeededGenerator(seed: UInt64(seed) &+ 90_000)
        var edits: [ItemPathMapping.Edit] = []
        for _ in 0..<g.int(1...4) {
            switch g.int(0...3) {
            case 0:
                let s = g.int(0...2)
                for k in Array(0..<40).shuffled(using: &g).prefix(g.int(1...12)).sorted(by: >) {
                    edits.append(.deleteItem(ItemPath(section: s, item: k)))
                }
            case 1:
                let s = g.int(0...2)
                for k in Array(0..<40).shuffled(using: &g).prefix(g.int(1...12)).sorted() {
                    edits.append(.insertItem(ItemPath(section: s, item: k)))
                }
            case 2:
                edits.append(.moveItem(from: ItemPath(section: g.int(0...2), item: g.int(0...30)),
                                       to: ItemPath(section: g.int(0...2), item: g.int(0...30))))
            default:
                edits.append(g.chance(0.5) ? .insertSection(g.int(0...3)) : .deleteSection(g.int(0...3)))
            }
        }
        let mapping = ItemPathMapping(edits)
        for s in 0..<4 {
            for k in 0..<60 {
                let p = ItemPath(section: s, item: k)
                var forward: ItemPath? = p
                for edit in edits { forward = forward.flatMap(edit.apply) }
                var backward: ItemPath? = p
                for edit in edits.reversed() { backward = backward.flatMap(edit.inverse.apply) }
                #expect(mapping.forward(p) == forward, "seed \(seed) \(p) \(edits)")
                #expect(mapping.backward(p) == backward, "seed \(seed) \(p) \(edits)")
            }
        }
        // Changing the edits regroups them.
        var changed = mapping
        changed.edits = [.insertItem(ItemPath(section: 0, item: 0)), .insertItem(ItemPath(section: 0, item: 1))]
        #expect(changed.forward(ItemPath(section: 0, item: 0)) == ItemPath(section: 0, item: 2))
        #expect(changed.backward(ItemPath(section: 0, item: 1)) == nil)
    }
}
