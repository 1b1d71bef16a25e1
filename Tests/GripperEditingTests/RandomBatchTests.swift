import GripperTesting
import Testing
import GripperLayout
@testable import GripperEditing
import GripperScripting

/// Seeded random batches checked against a plain-array reference that builds
/// the after-state differently: it places every inserted or moved item (and
/// inserted section) at its after-index and fills the remaining slots, in
/// order, with what survived.
@Suite struct RandomBatchTests {
    struct Reference {
        static func apply(_ before: [(String, [String])], _ batch: BatchUpdate) -> [(String, [String])]? {
            var deletedSections = Set<Int>()
            var gone = Set<[Int]>()
            var placed: [[Int]: String] = [:]
            var sectionPlaced: [Int: (String, [String])] = [:]
            for op in batch.operations {
                switch op {
                case .deleteSection(let s): deletedSections.insert(s)
                case .insertSection(let section, let s): sectionPlaced[s] = (section.id.rawValue, section.items.map(\.rawValue))
                case .deleteItem(let p): gone.insert([p.section, p.item])
                case .insertItem(let id, let p): placed[[p.section, p.item]] = id.rawValue
                case .reloadItem, .reloadSection: break
                case .moveSection: return nil  // not drawn here; SectionMoveTests has its own reference
                case .moveItem(let from, let to):
                    gone.insert([from.section, from.item])
                    placed[[to.section, to.item]] = before[from.section].1[from.item]
                }
            }
            var survivors: [(String, [String])] = []
            for (s, section) in before.enumerated() where !deletedSections.contains(s) {
                survivors.append((section.0, section.1.enumerated().filter { !gone.contains([s, $0.offset]) }.map(\.element)))
            }
            var sections: [(String, [String])] = []
            var next = survivors.makeIterator()
            for s in 0..<(survivors.count + sectionPlaced.count) {
                if let inserted = sectionPlaced[s] { sections.append(inserted) } else if let survivor = next.next() { sections.append(survivor) } else { return nil }
            }
            for s in sections.indices {
                let count = sections[s].1.count + placed.keys.filter { $0[0] == s }.count
                var slots = [String?](repeating: nil, count: count)
                for (p, id) in placed where p[0] == s {
                    guard p[1] < count else { return nil }
                    slots[p[1]] = id
                }
                var items = sections[s].1.makeIterator()
                sections[s].1 = slots.map { $0 ?? items.next()! }
            }
            return sections
        }
    }

    /// A random valid batch on `m`: deletes, reloads, moves and inserts of
    /// items, sometimes a section delete or insert.
    static func randomBatch(on m: CollectionModel, fresh: inout Int, using rng: inout SeededGenerator) -> BatchUpdate {
        var ops: [BatchUpdate.Operation] = []
        var deletedSections = Set<Int>()
        if m.numberOfSections > 1, Int.random(in: 0..<6, using: &rng) == 0 {
            let s = Int.random(in: 0..<m.numberOfSections, using: &rng)
            deletedSections.insert(s)
            ops.append(.deleteSection(s))
        }
        var survivorsPerSection: [Int] = []
        var moving: [ItemPath] = []
        for (s, section) in m.sections.enumerated() where !deletedSections.contains(s) {
            var survivors = 0
            for i in section.items.indices {
                switch Int.random(in: 0..<10, using: &rng) {
                case 0: ops.append(.deleteItem(ip(s, i)))
                case 1: moving.append(ip(s, i))
                case 2: ops.append(.reloadItem(ip(s, i))); survivors += 1
                default: survivors += 1
                }
            }
            survivorsPerSection.append(survivors)
        }
        if Int.random(in: 0..<6, using: &rng) == 0 {
            let at = Int.random(in: 0...survivorsPerSection.count, using: &rng)
            let items = (0..<Int.random(in: 0...2, using: &rng)).map { _ in defer { fresh += 1 }; return ItemID("n\(fresh)") }
            ops.append(.insertSection(CollectionSection(id: SectionID("N\(fresh)"), items: items), at: at))
            fresh += 1
            survivorsPerSection.insert(items.count, at: at)
        }
        guard !survivorsPerSection.isEmpty else { return BatchUpdate(ops) }
        // Destinations: moved items and a few new ones, spread over the after-sections.
        var incoming: [Int: [Either]] = [:]
        enum Either { case move(ItemPath), new(ItemID) }
        for from in moving { incoming[Int.random(in: 0..<survivorsPerSection.count, using: &rng), default: []].append(.move(from)) }
        for _ in 0..<Int.random(in: 0...3, using: &rng) {
            incoming[Int.random(in: 0..<survivorsPerSection.count, using: &rng), default: []].append(.new(ItemID("n\(fresh)")))
            fresh += 1
        }
        for (s, list) in incoming {
            let count = survivorsPerSection[s] + list.count
            let slots = Array(0..<count).shuffled(using: &rng).prefix(list.count)
            for (slot, what) in zip(slots, list) {
                switch what {
                case .move(let from): ops.append(.moveItem(from: from, to: ip(s, slot)))
                case .new(let id): ops.append(.insertItem(id, at: ip(s, slot)))
                }
            }
        }
        return BatchUpdate(ops.shuffled(using: &rng))
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func randomBatchesMatchTheArrayReference(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var m = randomModel(sections: Int.random(in: 1...4, using: &rng), maxItems: 8, using: &rng)
        var fresh = 0
        for step in 0..<200 {
            let batch = Self.randomBatch(on: m, fresh: &fresh, using: &rng)
            let expected = Reference.apply(m.sections.map { ($0.id.rawValue, $0.items.map(\.rawValue)) }, batch)
            let after: CollectionModel
            do { after = try m.applying(batch) } catch {
                Issue.record("seed \(seed) step \(step): \(batch) rejected: \(error)")
                return
            }
            guard let expected else { Issue.record("seed \(seed) step \(step): reference rejects \(batch)"); return }
            #expect(after.sections.map(\.id.rawValue) == expected.map(\.0), "seed \(seed) step \(step)")
            #expect(plain(after) == expected.map(\.1), "seed \(seed) step \(step): \(batch)")
            #expect(after.checkInvariants() == nil, "seed \(seed) step \(step)")
            #expect(after.heldIDsAreRight(), "seed \(seed) step \(step): the identity index")
            m = after
        }
    }

    /// A valid batch spoiled by one conflicting operation is rejected whole.
    @Test(arguments: [UInt64(11), 12, 13, 14])
    func spoiledBatchesAreRejectedWithModelUnchanged(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var fresh = 0
        for step in 0..<200 {
            let m = randomModel(sections: Int.random(in: 1...3, using: &rng), maxItems: 6, using: &rng)
            guard m.numberOfItems > 0 else { continue }
            var batch = Self.randomBatch(on: m, fresh: &fresh, using: &rng)
            let all = m.sections.enumerated().flatMap { s, sec in sec.items.indices.map { ip(s, $0) } }
            let victim = all.randomElement(using: &rng)!
            // Each spoiler is invalid together with a delete of `victim`, whatever the batch holds.
            let spoilers: [[BatchUpdate.Operation]] = [
                [.deleteItem(victim), .deleteItem(victim)],
                [.deleteItem(victim), .moveItem(from: victim, to: ip(0, 0))],
                [.deleteItem(victim), .reloadItem(victim)],
                [.insertItem(ItemID("dup-\(step)"), at: ip(0, 0)), .insertItem(ItemID("dup-\(step)"), at: ip(0, 1))],
                [.deleteItem(ip(victim.section, m.numberOfItems(inSection: victim.section)!))],
                [.insertItem(ItemID("far-\(step)"), at: ip(m.numberOfSections + 1, 0))],
            ]
            let spoiler = spoilers.randomElement(using: &rng)!
            batch.operations.insert(contentsOf: spoiler, at: Int.random(in: 0...batch.operations.count, using: &rng))
            var copy = m
            do {
                try copy.apply(batch)
                Issue.record("seed \(seed) step \(step): \(batch) was accepted")
            } catch {
                #expect(copy == m, "seed \(seed) step \(step)")
            }
        }
    }
}
