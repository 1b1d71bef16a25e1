import GripperTesting
import Testing
@_spi(Benchmarks) import GripperLayout
@_spi(Benchmarks) @testable import GripperEditing
import GripperScripting
import GripperInput
import GripperGeometry

/// Section moves and section reloads in a batch (issue 35): UIKit's index
/// rules, every rule a batch can break with its typed error and the model
/// unchanged, and seeded random batches that mix them with every other
/// operation checked against a plain-array reference, a scan of the model
/// (the rebase), the inverse and the transitions' mapping.
@Suite struct SectionMoveTests {
    static let abc = model([("A", ["a0", "a1"]), ("B", ["b0"]), ("C", ["c0", "c1", "c2"])])

    // MARK: - The model after a move or a reload

    @Test func aMovedSectionKeepsItsIdentityAndItemsAndTheOthersSlide() throws {
        let after = try Self.abc.applying(BatchUpdate([.moveSection(from: 0, to: 2)]))
        #expect(after.sections.map(\.id.rawValue) == ["B", "C", "A"])
        #expect(plain(after) == [["b0"], ["c0", "c1", "c2"], ["a0", "a1"]])
        #expect(after.heldIDsAreRight())
        let back = try Self.abc.applying(BatchUpdate([.moveSection(from: 2, to: 0)]))
        #expect(back.sections.map(\.id.rawValue) == ["C", "A", "B"])
    }

    @Test func movesUseIndicesBeforeAndAfterAsUIKitDoes() throws {
        // Delete A (before 0), move C (before 2) to the top (after 0), insert N at the end (after 2).
        let after = try Self.abc.applying(BatchUpdate([
            .deleteSection(0), .moveSection(from: 2, to: 0), .insertSection(CollectionSection(id: "N", items: ["n"]), at: 2),
        ]))
        #expect(after.sections.map(\.id.rawValue) == ["C", "B", "N"])
        // Two sections swapped: both moves named.
        let swapped = try Self.abc.applying(BatchUpdate([.moveSection(from: 0, to: 1), .moveSection(from: 1, to: 0)]))
        #expect(swapped.sections.map(\.id.rawValue) == ["B", "A", "C"])
    }

    @Test func itemOperationsInAMovedSectionNameItsIndexBeforeAndAfter() throws {
        // A (before 0) goes to the end (after 2): delete its a0 by its before-index,
        // insert x into it by its after-index, move c0 into it.
        let after = try Self.abc.applying(BatchUpdate([
            .moveSection(from: 0, to: 2), .deleteItem(ip(0, 0)), .insertItem("x", at: ip(2, 0)),
            .moveItem(from: ip(2, 0), to: ip(2, 2)),
        ]))
        #expect(after.sections.map(\.id.rawValue) == ["B", "C", "A"])
        #expect(plain(after) == [["b0"], ["c1", "c2"], ["x", "a1", "c0"]])
        #expect(after.checkInvariants() == nil && after.heldIDsAreRight())
    }

    @Test func aReloadedSectionKeepsItsPlaceAndItems() throws {
        let after = try Self.abc.applying(BatchUpdate([.reloadSection(1), .deleteSection(0)]))
        #expect(after.sections.map(\.id.rawValue) == ["B", "C"])
        #expect(plain(after) == [["b0"], ["c0", "c1", "c2"]])
        // Alone, a reload changes nothing in the model.
        #expect(try Self.abc.applying(BatchUpdate([.reloadSection(2)])) == Self.abc)
    }

    @Test func lazySectionsMoveAsViewsAndStayLazy() throws {
        let source = Numbered(counts: [3, 100_000, 2])
        var m = try CollectionModel(dataSource: source)
        try m.apply(BatchUpdate([.moveSection(from: 1, to: 0), .reloadSection(2)]))
        #expect(m.sections.map(\.id.rawValue) == ["s1", "s0", "s2"])
        #expect(m.sections[0].items.isLazy && m.sections[1].items.isLazy && m.sections[2].items.isLazy)
        #expect(m.item(at: ip(0, 99_999)) == "1-99999")
        #expect(m.item(at: ip(1, 2)) == "0-2")
        // An edit of the moved lazy section reads it by its own source section.
        try m.apply(BatchUpdate([.deleteItem(ip(0, 0)), .moveSection(from: 0, to: 2)]))
        #expect(m.sections.map(\.id.rawValue) == ["s0", "s2", "s1"])
        #expect(m.item(at: ip(2, 0)) == "1-1" && m.numberOfItems(inSection: 2) == 99_999)
        #expect(m.heldIDsAreRight())
    }

    // MARK: - The rules

    @Test(arguments: [
        (BatchUpdate([.moveSection(from: 0, to: 1), .moveSection(from: 0, to: 2)]), 1, BatchUpdateError.Reason.duplicateSectionMove(0)),
        (BatchUpdate([.deleteSection(1), .moveSection(from: 1, to: 0)]), 1, .deleteAndMoveSection(1)),
        (BatchUpdate([.moveSection(from: 1, to: 0), .deleteSection(1)]), 1, .deleteAndMoveSection(1)),
        (BatchUpdate([.reloadSection(2), .reloadSection(2)]), 1, .duplicateSectionReload(2)),
        (BatchUpdate([.reloadSection(0), .deleteSection(0)]), 1, .deleteAndReloadSection(0)),
        (BatchUpdate([.reloadSection(0), .moveSection(from: 0, to: 1)]), 1, .reloadAndMoveSection(0)),
        (BatchUpdate([.moveSection(from: 3, to: 0)]), 0, .sectionOutOfRange(3, sectionCount: 3, afterBatch: false)),
        (BatchUpdate([.moveSection(from: -1, to: 0)]), 0, .sectionOutOfRange(-1, sectionCount: 3, afterBatch: false)),
        (BatchUpdate([.moveSection(from: 0, to: 3)]), 0, .sectionOutOfRange(3, sectionCount: 3, afterBatch: true)),
        (BatchUpdate([.deleteSection(2), .moveSection(from: 0, to: 2)]), 1, .sectionOutOfRange(2, sectionCount: 2, afterBatch: true)),
        (BatchUpdate([.moveSection(from: 0, to: Int.max)]), 0, .sectionOutOfRange(Int.max, sectionCount: 3, afterBatch: true)),
        (BatchUpdate([.reloadSection(Int.min)]), 0, .sectionOutOfRange(Int.min, sectionCount: 3, afterBatch: false)),
        (BatchUpdate([.moveSection(from: 0, to: 1), .moveSection(from: 2, to: 1)]), 1, .duplicateSectionInsert(1)),
        (BatchUpdate([.insertSection(CollectionSection(id: "N", items: []), at: 0), .moveSection(from: 2, to: 0)]), 1,
         .duplicateSectionInsert(0)),
        (BatchUpdate([.reloadSection(1), .deleteItem(ip(1, 0))]), 1, .itemInReloadedSection(ip(1, 0))),
        (BatchUpdate([.reloadSection(1), .moveItem(from: ip(1, 0), to: ip(0, 0))]), 1, .itemInReloadedSection(ip(1, 0))),
        (BatchUpdate([.reloadItem(ip(2, 1)), .reloadSection(2)]), 0, .itemInReloadedSection(ip(2, 1))),
        (BatchUpdate([.reloadSection(1), .insertItem("x", at: ip(1, 0))]), 1, .destinationInReloadedSection(ip(1, 0))),
        // B is reloaded and, once A is deleted, at after-index 0.
        (BatchUpdate([.deleteSection(0), .reloadSection(1), .moveItem(from: ip(2, 0), to: ip(0, 1))]), 2,
         .destinationInReloadedSection(ip(0, 1))),
        (BatchUpdate([.deleteSection(0), .moveItem(from: ip(0, 0), to: ip(1, 0))]), 1, .itemInDeletedSection(ip(0, 0))),
    ] as [(BatchUpdate, Int, BatchUpdateError.Reason)])
    func aBrokenRuleIsATypedErrorAndChangesNothing(batch: BatchUpdate, index: Int, reason: BatchUpdateError.Reason) {
        var m = Self.abc
        do {
            try m.apply(batch)
            Issue.record("\(batch) was accepted")
        } catch {
            #expect(error.reason == reason, "\(batch)")
            #expect(error.operationIndex == index && error.operation == batch.operations[index], "\(error)")
            #expect(!error.description.isEmpty)
        }
        #expect(m == Self.abc && m.heldIDsAreRight())
    }

    @Test func theErrorNamesTheRuleInWords() {
        let error = BatchUpdateError(operationIndex: 1, operation: .moveSection(from: 1, to: 0),
                                     reason: .deleteAndMoveSection(1))
        #expect(error.description == "batch operation #1 (move section 1 → 0): section 1 is both deleted and moved")
        #expect(BatchUpdateError.Reason.itemInReloadedSection(ip(1, 0)).description
                == "item [1, 0] is in a section the batch reloads")
    }

    // MARK: - Random batches

    /// A random valid batch on `m` that may delete, insert, move and reload
    /// sections besides its item deletes, reloads, moves and inserts (none in
    /// a reloaded section): the after-order is drawn first, then the
    /// indices are read off it, as an app computes them.
    static func randomBatch(on m: CollectionModel, fresh: inout Int, using rng: inout SeededGenerator) -> BatchUpdate {
        var ops: [BatchUpdate.Operation] = []
        enum Slot: Equatable { case kept(Int), inserted(Int) }
        var staying: [Int] = [], moved: [Int] = []
        var reloaded = Set<Int>()
        for s in m.sections.indices {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0 where m.numberOfSections > 1: ops.append(.deleteSection(s))
            case 1, 2: moved.append(s)
            case 3:
                reloaded.insert(s)
                ops.append(.reloadSection(s))
                staying.append(s)
            default: staying.append(s)
            }
        }
        var order = staying.map(Slot.kept)
        var insertedSections: [Int: CollectionSection] = [:]
        for s in moved { order.insert(.kept(s), at: Int.random(in: 0...order.count, using: &rng)) }
        if Int.random(in: 0..<5, using: &rng) == 0 {
            let items = (0..<Int.random(in: 0...2, using: &rng)).map { _ in defer { fresh += 1 }; return ItemID("n\(fresh)") }
            insertedSections[fresh] = CollectionSection(id: SectionID("N\(fresh)"), items: items)
            order.insert(.inserted(fresh), at: Int.random(in: 0...order.count, using: &rng))
            fresh += 1
        }
        for (after, slot) in order.enumerated() {
            switch slot {
            case .kept(let s) where moved.contains(s): ops.append(.moveSection(from: s, to: after))
            case .inserted(let key): ops.append(.insertSection(insertedSections[key]!, at: after))
            case .kept: continue
            }
        }
        // Item claims in the sections that stay whole (not reloaded).
        var survivors: [Int: Int] = [:]
        var moving: [ItemPath] = []
        for case .kept(let s) in order where !reloaded.contains(s) {
            var kept = 0
            for i in m.sections[s].items.indices {
                switch Int.random(in: 0..<10, using: &rng) {
                case 0: ops.append(.deleteItem(ip(s, i)))
                case 1: moving.append(ip(s, i))
                case 2: ops.append(.reloadItem(ip(s, i))); kept += 1
                default: kept += 1
                }
            }
            survivors[s] = kept
        }
        // Destinations in the after-sections that take them.
        var targets: [(after: Int, count: Int)] = []
        for (after, slot) in order.enumerated() {
            switch slot {
            case .kept(let s) where !reloaded.contains(s): targets.append((after, survivors[s]!))
            case .inserted(let key): targets.append((after, insertedSections[key]!.items.count))
            case .kept: continue
            }
        }
        guard !targets.isEmpty else {
            // Nowhere to put a moved item: it stays.
            return BatchUpdate(ops.shuffled(using: &rng))
        }
        enum Either { case move(ItemPath), new(ItemID) }
        var incoming: [Int: [Either]] = [:]
        for from in moving { incoming[Int.random(in: 0..<targets.count, using: &rng), default: []].append(.move(from)) }
        for _ in 0..<Int.random(in: 0...2, using: &rng) {
            incoming[Int.random(in: 0..<targets.count, using: &rng), default: []].append(.new(ItemID("n\(fresh)")))
            fresh += 1
        }
        for (t, list) in incoming {
            let count = targets[t].count + list.count
            let slots = Array(0..<count).shuffled(using: &rng).prefix(list.count)
            for (slot, what) in zip(slots, list) {
                switch what {
                case .move(let from): ops.append(.moveItem(from: from, to: ip(targets[t].after, slot)))
                case .new(let id): ops.append(.insertItem(id, at: ip(targets[t].after, slot)))
                }
            }
        }
        return BatchUpdate(ops.shuffled(using: &rng))
    }

    /// The model after `batch` built another way: each after-section (a
    /// placed one — inserted or moved — at its index, the rest in order),
    /// then each item placed at its after-index and the rest in order.
    static func reference(_ before: CollectionModel, _ batch: BatchUpdate) -> [(String, [String])]? {
        var gone = Set<ItemPath>(), deletedSections = Set<Int>(), movedAway = Set<Int>()
        var placedItems: [ItemPath: String] = [:]
        var placedSections: [Int: (String, Int?)] = [:]  // after → (id, before index or nil)
        var insertedItems: [Int: [String]] = [:]
        for op in batch.operations {
            switch op {
            case .deleteSection(let s): deletedSections.insert(s)
            case .moveSection(let from, let to):
                movedAway.insert(from)
                placedSections[to] = (before.sections[from].id.rawValue, from)
            case .insertSection(let section, let at):
                placedSections[at] = (section.id.rawValue, nil)
                insertedItems[at] = section.items.map(\.rawValue)
            case .deleteItem(let p): gone.insert(p)
            case .insertItem(let id, let q): placedItems[q] = id.rawValue
            case .moveItem(let p, let q):
                gone.insert(p)
                placedItems[q] = before.sections[p.section].items[p.item].rawValue
            case .reloadItem, .reloadSection: continue
            }
        }
        var rest = before.sections.indices.filter { !deletedSections.contains($0) && !movedAway.contains($0) }.makeIterator()
        let count = before.numberOfSections - deletedSections.count + placedSections.count - movedAway.count
        var out: [(String, [String])] = []
        for a in 0..<count {
            let source: Int?
            let id: String
            if let placed = placedSections[a] { (id, source) = placed } else {
                guard let s = rest.next() else { return nil }
                (id, source) = (before.sections[s].id.rawValue, s)
            }
            var left: [String]
            if let s = source {
                left = before.sections[s].items.enumerated().filter { !gone.contains(ip(s, $0.offset)) }.map(\.element.rawValue)
            } else {
                left = insertedItems[a] ?? []
            }
            let n = left.count + placedItems.keys.filter { $0.section == a }.count
            var iterator = left.makeIterator()
            var items: [String] = []
            for i in 0..<n {
                if let x = placedItems[ip(a, i)] { items.append(x) } else if let x = iterator.next() { items.append(x) } else { return nil }
            }
            out.append((id, items))
        }
        return out
    }

    @Test(arguments: [UInt64(101), 102, 103, 104, 105, 106])
    func randomBatchesWithSectionMovesNeverLoseOrDuplicateAnItem(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var m = randomModel(sections: Int.random(in: 1...5, using: &rng), maxItems: 6, using: &rng)
        var fresh = 0
        for step in 0..<200 {
            let batch = Self.randomBatch(on: m, fresh: &fresh, using: &rng)
            let after: CollectionModel
            do { after = try m.applying(batch) } catch {
                Issue.record("seed \(seed) step \(step): \(batch) rejected: \(error)")
                return
            }
            guard let expected = Self.reference(m, batch) else {
                Issue.record("seed \(seed) step \(step): the reference rejects \(batch)")
                return
            }
            #expect(after.sections.map(\.id.rawValue) == expected.map(\.0), "seed \(seed) step \(step): \(batch)")
            #expect(plain(after) == expected.map(\.1), "seed \(seed) step \(step): \(batch)")
            #expect(after.checkInvariants() == nil && after.heldIDsAreRight(), "seed \(seed) step \(step)")
            // Nothing lost or made up: what left is what the batch deletes, what came what it inserts.
            var deleted = Set<ItemID>(), inserted = Set<ItemID>()
            for op in batch.operations {
                switch op {
                case .deleteItem(let p): deleted.insert(m.item(at: p)!)
                case .deleteSection(let s): deleted.formUnion(m.sections[s].items)
                case .insertItem(let id, _): inserted.insert(id)
                case .insertSection(let section, _): inserted.formUnion(section.items)
                case .moveItem, .reloadItem, .moveSection, .reloadSection: continue
                }
            }
            #expect(Set(after.allItems) == Set(m.allItems).subtracting(deleted).union(inserted), "seed \(seed) step \(step)")
            // The rebase puts every item and section where a scan finds it.
            let rebase = BatchUpdate.Rebase(batch)
            let mapping = ItemPathMapping(rebase.edits)
            var reloaded = Set<Int>()
            for case .reloadSection(let s) in batch.operations { reloaded.insert(s) }
            for (s, section) in m.sections.enumerated() {
                let found = after.sectionIndex(of: section.id)
                #expect(rebase.section(s) == found, "seed \(seed) step \(step): section \(s) in \(batch)")
                // The transitions' mapping: the same, a reloaded section going and coming again.
                #expect(mapping.forward(section: s) == (reloaded.contains(s) ? nil : found), "seed \(seed) step \(step)")
                if let found, !reloaded.contains(s) { #expect(mapping.backward(section: found) == s, "seed \(seed) step \(step)") }
                for (i, id) in section.items.enumerated() {
                    let there = after.indexPath(of: id)
                    #expect(rebase.indexPath(ip(s, i), item: id) == there, "seed \(seed) step \(step): \(id) in \(batch)")
                    let moved = batch.operations.contains(.moveItem(from: ip(s, i), to: there ?? ip(-1, -1)))
                    if reloaded.contains(s) {
                        #expect(mapping.forward(ip(s, i)) == nil, "seed \(seed) step \(step)")
                    } else if !moved {
                        #expect(mapping.forward(ip(s, i)) == there, "seed \(seed) step \(step): \(id) in \(batch)")
                        if let there { #expect(mapping.backward(there) == ip(s, i), "seed \(seed) step \(step): back to \(id)") }
                    }
                }
            }
            // The inverse turns the model back.
            let inverse = batch.inverse(before: m, after: after)
            #expect(try after.applying(inverse) == m, "seed \(seed) step \(step): \(batch) back by \(inverse)")
            m = after
        }
    }

    /// A valid batch spoiled by a conflicting section operation is rejected whole.
    @Test(arguments: [UInt64(111), 112, 113])
    func spoiledBatchesAreRejectedWhole(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var fresh = 0
        for step in 0..<200 {
            let m = randomModel(sections: Int.random(in: 2...4, using: &rng), maxItems: 5, using: &rng)
            var batch = Self.randomBatch(on: m, fresh: &fresh, using: &rng)
            let s = Int.random(in: 0..<m.numberOfSections, using: &rng)
            let spoilers: [[BatchUpdate.Operation]] = [
                [.moveSection(from: s, to: 0), .moveSection(from: s, to: 0)],
                [.reloadSection(s), .deleteSection(s)],
                [.reloadSection(s), .reloadSection(s)],
                [.moveSection(from: m.numberOfSections, to: 0)],
                [.reloadSection(s), .insertItem(ItemID("r\(step)"), at: ip(0, 0)), .deleteSection(s)],
            ]
            batch.operations.insert(contentsOf: spoilers.randomElement(using: &rng)!,
                                    at: Int.random(in: 0...batch.operations.count, using: &rng))
            var copy = m
            do {
                try copy.apply(batch)
                Issue.record("seed \(seed) step \(step): \(batch) was accepted")
            } catch {
                #expect(copy == m && copy.heldIDsAreRight(), "seed \(seed) step \(step)")
            }
        }
    }

    // MARK: - What is in flight

    @Test func anOpenCellAMenuAndADeleteConfirmationFollowAMovedSection() throws {
        var open = MachineHarness.standard()
        open.pan(from: open.point(row: 3), by: Point(x: -60, y: 0))
        #expect(open.machine.phase == .open)
        // A to the end, B first: the open cell a3 goes with A.
        #expect(try open.apply([.moveSection(from: 0, to: 1)]).count == 1)
        #expect(open.machine.phase == .open && open.machine.presentation.swipe?.indexPath == ip(1, 3))
        try open.apply([.reloadSection(1)])
        #expect(open.machine.phase == .open && open.machine.presentation.swipe?.indexPath == ip(1, 3))
        #expect(open.machine.invariantViolations() == [])

        var menu = MenuTests.opened()
        try menu.apply([.moveSection(from: 1, to: 0)])
        #expect(menu.machine.phase == .menu && menu.machine.presentation.menu?.indexPath == ip(1, 1))
        try menu.apply([.deleteSection(0)])
        #expect(menu.machine.phase == .menu && menu.machine.presentation.menu?.indexPath == ip(0, 1))
        #expect(menu.machine.invariantViolations() == [])

        var confirm = MachineHarness.standard()
        confirm.send(.setEditing(true))
        confirm.send(.tap(confirm.point(row: 2, x: 20)))
        #expect(confirm.machine.phase == .batchEditingOpen)
        try confirm.apply([.moveSection(from: 0, to: 1), .insertItem("n", at: ip(1, 0))])
        #expect(confirm.machine.phase == .batchEditingOpen && confirm.machine.presentation.deleteConfirmation == ip(1, 3))
        #expect(confirm.machine.invariantViolations() == [])
    }

    @Test func aKeyboardMoveGoesOnInItsMovedSection() throws {
        var h = KeyboardMoveTests.fruit()
        h.focus(ip(0, 1))
        h.key(.activate)
        h.key(.down)  // pear's gap [0,2], below plum
        let effects = try h.apply([.moveSection(from: 0, to: 1)])
        #expect(effects.count == 1, "\(effects)")
        #expect(h.machine.presentation.drag?.source == ip(1, 1) && h.machine.presentation.drag?.target == ip(1, 2))
        h.key(.activate)
        #expect(plain(h.machine.model) == [["leek", "kale", "bean"], ["apple", "plum", "pear"]])
        #expect(h.machine.focus == EditingFocus(item: "pear", indexPath: ip(1, 2)))
        #expect(h.machine.invariantViolations() == [])
    }

    @Test func aDragGoesOnInItsMovedSectionAndIsCancelledOnlyWithIt() throws {
        var h = MachineHarness.standard()
        AppBatchTests.drag(&h, row: 2, to: 4)
        #expect(h.machine.phase == .dragging)
        let gap = try #require(h.machine.presentation.drag?.target)
        #expect(gap.section == 0)
        let effects = try h.apply([.moveSection(from: 0, to: 1)])
        #expect(effects.count == 1, "no gapMoved, no cancel: \(effects)")
        #expect(h.machine.presentation.drag?.source == ip(1, 2) && h.machine.presentation.drag?.target == ip(1, gap.item))
        // The section deleted: the drag is cancelled, nothing committed.
        let gone = try h.apply([.deleteSection(1)])
        #expect(gone.contains(.dragCancelled("a2")) && h.machine.phase == .idle)
        #expect(h.machine.invariantViolations() == [])
    }

    // MARK: - The journal

    @Test func aSectionMoveIsJournaledWithTheMoveBackAsItsInverse() throws {
        var journal = Journal(start: Self.abc)
        let entry = try journal.commit(BatchUpdate([.moveSection(from: 0, to: 2), .deleteItem(ip(2, 0))]), as: .app, at: .zero)
        #expect(entry.inverse == BatchUpdate([.moveSection(from: 2, to: 0), .insertItem("c0", at: ip(2, 0))]))
        #expect(try journal.replay().get() == journal.model)
        #expect(journal.model.sections.map(\.id.rawValue) == ["B", "C", "A"])
        #expect(!journal.canUndo)  // the app's change
    }
}

/// Sections of the given counts, items `"s-i"`, section identities `"s\(s)"`.
private struct Numbered: CollectionDataSource {
    var counts: [Int]
    var numberOfSections: Int { counts.count }
    func sectionID(at section: Int) -> SectionID { SectionID("s\(section)") }
    func numberOfItems(inSection section: Int) -> Int { counts[section] }
    func itemID(at indexPath: ItemPath) -> ItemID { ItemID("\(indexPath.section)-\(indexPath.item)") }
}
