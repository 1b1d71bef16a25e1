import GripperTesting
import Testing
import GripperLayout
@testable import GripperEditing
import GripperScripting

/// `BatchUpdate.Rebase` follows paths through a batch without a scan: it
/// must put every item and section where a scan of the model after the
/// batch finds it.
@Suite struct RebaseTests {
    @Test func sectionsAndItemsShiftAroundWhatTheBatchRemovesAndInserts() {
        let rebase = BatchUpdate.Rebase(BatchUpdate([
            .deleteSection(0), .insertSection(CollectionSection(id: "N", items: ["n"]), at: 1),
            .deleteItem(ip(1, 0)), .insertItem("x", at: ip(0, 0)), .moveItem(from: ip(1, 2), to: ip(2, 0)),
        ]))
        #expect(rebase.section(0) == nil)
        #expect(rebase.section(1) == 0 && rebase.section(2) == 2)
        #expect(rebase.indexPath(ip(1, 0), item: "b0") == nil)
        #expect(rebase.indexPath(ip(1, 1), item: "b1") == ip(0, 1))  // one removed before it, x inserted at 0
        #expect(rebase.indexPath(ip(1, 2), item: "b2") == ip(2, 0))  // moved
        #expect(rebase.indexPath(ip(2, 0), item: "c0") == ip(2, 1))  // b2 lands before it
        #expect(rebase.indexPath(ip(0, 0), item: "x") == ip(0, 0))   // deleted with its section, brought back
    }

    @Test(arguments: [UInt64(61), 62, 63, 64])
    func rebasedPathsEqualAScanAfterRandomBatches(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var m = randomModel(sections: 3, maxItems: 8, using: &rng)
        var fresh = 0
        for step in 0..<200 {
            var batch = RandomBatchTests.randomBatch(on: m, fresh: &fresh, using: &rng)
            // Sometimes an item is deleted and its identity brought back at the top.
            if Int.random(in: 0..<3, using: &rng) == 0,
               let s = m.sections.firstIndex(where: { !$0.items.isEmpty }),
               !batch.operations.contains(where: { Self.claims($0, ip(s, 0)) }) {
                let extra = BatchUpdate(batch.operations + [.deleteItem(ip(s, 0)), .insertItem(m.sections[s].items[0], at: ip(0, 0))])
                if (try? m.applying(extra)) != nil { batch = extra }
            }
            let after = try m.applying(batch)
            let rebase = BatchUpdate.Rebase(batch)
            for (s, section) in m.sections.enumerated() {
                #expect(rebase.section(s) == after.sectionIndex(of: section.id), "seed \(seed) step \(step)")
                for (i, id) in section.items.enumerated() {
                    #expect(rebase.indexPath(ip(s, i), item: id) == after.indexPath(of: id),
                            "seed \(seed) step \(step): \(id) in \(batch)")
                }
            }
            m = after
        }
    }

    /// Whether `op` already names `path` as a before-path (a second claim would be invalid).
    static func claims(_ op: BatchUpdate.Operation, _ path: ItemPath) -> Bool {
        switch op {
        case .deleteItem(let p), .reloadItem(let p), .moveItem(let p, _): p == path
        case .deleteSection(let s), .reloadSection(let s), .moveSection(let s, _): s == path.section
        case .insertItem, .insertSection: false
        }
    }
}
