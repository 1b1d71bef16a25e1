@_spi(Benchmarks) import GripperEditing
import GripperInput
import GripperLayout
import GripperTesting
import Testing
@testable import GripperCFace
import GripperScripting

/// libgripper's identity table (``CIdentities``) against the model it
/// follows: seeded random batches (section moves and reloads among them) committed to a journal, undone and
/// redone, each change handed to the table as the engine reports it; after
/// every step the table holds the model's identities, section by section
/// and item by item. A change it cannot follow leaves it stale, and it is
/// rebuilt from the model when the call settles.
@Suite struct CIdentitiesTests {
    static func source(_ sections: [(String, [String])]) -> CArrayDataSource {
        CArrayDataSource(sectionIDs: sections.map { SectionID($0.0) }, items: sections.map { $0.1.map { ItemID($0) } },
                         heights: nil)
    }

    /// A batch of a few random operations on `model`, most of them valid
    /// (the model rejects the rest, and then the table is not asked).
    static func randomBatch(on model: CollectionModel, fresh: inout Int, using g: inout SeededGenerator) -> BatchUpdate {
        var ops: [BatchUpdate.Operation] = []
        let sections = model.numberOfSections
        func path() -> ItemPath? {
            guard sections > 0 else { return nil }
            let s = g.int(0...(sections - 1))
            let n = model.numberOfItems(inSection: s) ?? 0
            return n > 0 ? ItemPath(section: s, item: g.int(0...(n - 1))) : nil
        }
        func target() -> ItemPath {
            let s = sections > 0 ? g.int(0...(sections - 1)) : 0
            return ItemPath(section: s, item: g.int(0...max(0, (model.numberOfItems(inSection: s) ?? 0))))
        }
        for _ in 0..<g.int(1...4) {
            fresh += 1
            switch g.int(0...9) {
            case 0...2: if let p = path() { ops.append(.deleteItem(p)) }
            case 3...5: ops.append(.insertItem(ItemID("new\(fresh)"), at: target()))
            case 6...7: if let p = path() { ops.append(.moveItem(from: p, to: target())) }
            case 8: ops.append(.reloadItem(path() ?? ItemPath(section: 0, item: 0)))
            default:
                let kind = g.int(0...5)
                if sections > 1, kind <= 1 {
                    ops.append(.deleteSection(g.int(0...(sections - 1))))
                } else if sections > 0, kind == 2 || kind == 3 {
                    // A section moved (from before, to after: sometimes out of range).
                    ops.append(.moveSection(from: g.int(0...(sections - 1)), to: g.int(0...(sections - 1))))
                } else if sections > 0, kind == 4 {
                    ops.append(.reloadSection(g.int(0...(sections - 1))))
                } else {
                    let items = (0..<g.int(0...3)).map { ItemID("new\(fresh).\($0)") }
                    ops.append(.insertSection(CollectionSection(id: SectionID("S\(fresh)"), items: items),
                                              at: g.int(0...sections)))
                }
            }
        }
        return BatchUpdate(ops)
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func theTableFollowsCommitsUndosAndRedos(seed: UInt64) throws {
        var g = SeededGenerator(seed: seed)
        let start = (0..<g.int(1...4)).map { s in ("s\(s)", (0..<g.int(0...30)).map { "s\(s)i\($0)" }) }
        let data = Self.source(start)
        let identities = CIdentities(arena: CStringArena(data))
        var journal = Journal(start: try CollectionModel(dataSource: data))
        #expect(identities.mismatch(with: journal.model) == nil, "seed \(seed) at open")
        var fresh = 0, committed = 0, undone = 0, redone = 0
        for step in 0..<300 {
            let time = EventTime(microseconds: Int64(step) * 1000)
            let effect: EditingEffect
            switch g.int(0...9) {
            case 0...5:
                let batch = Self.randomBatch(on: journal.model, fresh: &fresh, using: &g)
                guard let entry = try? journal.commit(batch, as: .batch, at: time) else { continue }
                effect = .committed(entry)
                committed += 1
            case 6...7:
                guard let entry = journal.undo() else { continue }
                effect = .undone(entry)
                undone += 1
            default:
                guard let entry = journal.redo() else { continue }
                effect = .redone(entry)
                redone += 1
            }
            #expect(identities.follow(effect), "seed \(seed) step \(step): \(effect) changes the model")
            if let why = identities.mismatch(with: journal.model) {
                Issue.record("seed \(seed) step \(step) after \(effect): \(why)")
                return
            }
            identities.settle(with: journal.model)
        }
        #expect(committed > 50 && undone > 10 && redone > 5,
                "seed \(seed): \(committed) commits, \(undone) undos, \(redone) redos")
    }

    /// Effects that change nothing are not followed.
    @Test func effectsThatChangeNoModelAreNotFollowed() throws {
        let identities = CIdentities(arena: CStringArena(Self.source([("a", ["x", "y"])])))
        #expect(!identities.follow(.highlight(ItemPath(section: 0, item: 1))))
        #expect(!identities.follow(.gapMoved(to: ItemPath(section: 0, item: 1))))
        #expect(identities.reader.item(at: ItemPath(section: 0, item: 1)).map { String(cString: $0) } == "y")
        #expect(identities.reader.item(at: ItemPath(section: 0, item: 2)) == nil)
        #expect(identities.reader.item(at: ItemPath(section: 1, item: 0)) == nil)
        #expect(identities.reader.section(0).map { String(cString: $0) } == "a")
        #expect(identities.reader.section(-1) == nil)
    }

    /// A batch the table cannot hold (it names an item the table does not
    /// have) is not applied; the table is stale until the call settles and
    /// then is the model's again. So is the whole content replaced, which
    /// comes with no batch.
    @Test func whatItCannotFollowIsRebuiltFromTheModel() throws {
        let data = Self.source([("a", ["x", "y"]), ("b", ["z"])])
        let identities = CIdentities(arena: CStringArena(data))
        var journal = Journal(start: try CollectionModel(dataSource: data))
        let entry = try journal.commit(BatchUpdate([.deleteItem(ItemPath(section: 0, item: 0))]), as: .batch,
                                       at: EventTime(microseconds: 0))
        identities.follow(BatchUpdate([.deleteItem(ItemPath(section: 0, item: 5))]))
        #expect(identities.follow(.committed(entry)))
        #expect(identities.mismatch(with: journal.model) != nil, "stale: the commit was not followed")
        identities.settle(with: journal.model)
        #expect(identities.mismatch(with: journal.model) == nil)

        let replacement = try CollectionModel(sections: [CollectionSection(id: "c", items: ["p", "q", "r"])])
        let replaced = journal.replaceContent(
            with: replacement, as: ContentReplacement(segment: 1, key: "c", sectionsBefore: 2, sections: 1, items: 3),
            at: EventTime(microseconds: 1))
        #expect(identities.follow(.appBatchApplied(replaced)))
        identities.settle(with: journal.model)
        #expect(identities.mismatch(with: journal.model) == nil)
        #expect(identities.reader.item(at: ItemPath(section: 0, item: 2)).map { String(cString: $0) } == "r")
    }
}
