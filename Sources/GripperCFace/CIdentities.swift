@_spi(Benchmarks) import GripperEditing
import GripperLayout

/// The model's section and item identities as C strings, kept beside the
/// model and in step with it, so that ``gripper_attributes``'s `id` is a
/// pointer read from a table (no identity looked up in the model, no copy).
///
/// The strings read at open stay in their ``CStringArena``; an identity an
/// edit brings in (the app's insert, an undo that puts a deleted item back)
/// gets an allocation of its own, freed when a later edit takes it out of
/// the model — during a call, so a string handed out stays valid at least
/// until the engine's next call, as gripper.h promises.
///
/// The table follows every change the editing machine makes to the model —
/// a commit, an undo, a redo, the app's batch — by applying the same batch
/// (``follow(_:)``), as the engine's layout follows them; after each call
/// that changed the model, ``settle(with:)`` checks the shape against the
/// model (O(s)) and debug builds check every string.
final class CIdentities {
    /// One section: its identity and its items', in model order.
    struct Section {
        var id: UnsafePointer<CChar>
        var items: [UnsafePointer<CChar>]
    }

    /// The sections, in model order.
    private(set) var sections: [Section]
    /// The strings read at open.
    private let arena: CStringArena
    /// Set when a change could not be followed (the whole content replaced):
    /// ``settle(with:)`` rebuilds the table from the model.
    private var stale = false

    /// The table of the model as the data source gave it.
    /// - Complexity: O(s) (the arena's item arrays are shared, not copied).
    init(arena: CStringArena) {
        self.arena = arena
        sections = zip(arena.sections, arena.items).map { Section(id: $0, items: $1) }
    }

    deinit { releaseAll() }

    // MARK: - Following the model

    /// Applies the change `effect` made to the model, if it made one;
    /// returns whether it did.
    /// - Complexity: as ``follow(_:)`` for a batch; O(1) otherwise.
    @discardableResult
    func follow(_ effect: EditingEffect) -> Bool {
        switch effect {
        case .committed(let entry), .redone(let entry):
            follow(entry.batch)
        case .undone(let entry):
            follow(entry.inverse)
        case .appBatchApplied(let entry):
            if case .replaced = entry.edit {
                // The content replaced wholesale: no batch to follow.
                stale = true
            } else {
                follow(entry.batch)
            }
        case .highlight, .selectionChanged, .scrolled, .swipeBegan, .swipeOpened, .swipeShut, .deleteConfirmationOpened,
             .deleteConfirmationCancelled, .dragBegan, .gapMoved, .dragEnded, .dragCancelled, .dropTargetChanged,
             .droppedInto, .editingChanged, .rejected, .scrollMotionBegan, .scrollMotionEnded, .scheduleTick,
             .focusChanged, .moveRefused, .announcement, .menuOpened, .menuEntrySelected, .menuDismissed, .headerTapped:
            return false
        }
        return true
    }

    /// Applies `batch`, which the model has just applied (so it is valid on
    /// the model this table matches), by the model's rules: removals at
    /// before-paths in the sections that stay, section deletes (and moves'
    /// sources), section inserts (and moves' destinations), then item
    /// inserts at after-paths in ascending order; a moved item or section
    /// keeps its strings.
    /// - Complexity: O(k log k) for k operations, plus moves of memory in
    ///   the m items of each section touched (one pass when many change).
    func follow(_ batch: BatchUpdate) {
        // Once stale, the table waits to be rebuilt when the call settles.
        guard !batch.isEmpty, !stale else { return }
        guard fits(batch) else {
            // Not a batch of this table's shape: it cannot have followed the
            // model. Rebuilt from the model when the call settles.
            stale = true
            return
        }
        var deletedSections: [Int] = []
        var removed: [Int: [Int]] = [:]
        var leaving: [UnsafePointer<CChar>] = []
        var inserts: [(to: ItemPath, order: Int, id: UnsafePointer<CChar>)] = []
        var sectionInserts: [(at: Int, order: Int, section: CollectionSection)] = []
        var sectionMoves: [(from: Int, to: Int, order: Int)] = []
        for (order, op) in batch.operations.enumerated() {
            switch op {
            case .deleteSection(let s):
                deletedSections.append(s)
            case .deleteItem(let p):
                removed[p.section, default: []].append(p.item)
                leaving.append(sections[p.section].items[p.item])
            case .moveItem(let from, let to):
                removed[from.section, default: []].append(from.item)
                inserts.append((to, order, sections[from.section].items[from.item]))
            case .insertItem(let id, let to):
                inserts.append((to, order, Self.own(id.rawValue)))
            case .insertSection(let section, let at):
                sectionInserts.append((at, order, section))
            case .moveSection(let from, let to):
                sectionMoves.append((from, to, order))
            case .reloadItem, .reloadSection:
                continue
            }
        }
        for s in deletedSections {
            leaving.append(sections[s].id)
            leaving.append(contentsOf: sections[s].items)
        }
        let deleted = Set(deletedSections)
        for (s, gone) in removed where !deleted.contains(s) {
            Self.remove(sorted: gone.sorted(), from: &sections[s].items)
        }
        // A moved section keeps its strings: taken out with the deleted
        // ones, put back among the inserted ones.
        var placed: [(at: Int, order: Int, section: Section)] = sectionInserts.map { insert in
            (insert.at, insert.order, Section(id: Self.own(insert.section.id.rawValue),
                                              items: insert.section.items.map { Self.own($0.rawValue) }))
        }
        for move in sectionMoves { placed.append((move.to, move.order, sections[move.from])) }
        for s in (deletedSections + sectionMoves.map(\.from)).sorted(by: >) { sections.remove(at: s) }
        placed.sort { ($0.at, $0.order) < ($1.at, $1.order) }
        for place in placed { sections.insert(place.section, at: place.at) }
        inserts.sort { ($0.to, $0.order) < ($1.to, $1.order) }
        var start = 0
        while start < inserts.count {
            let s = inserts[start].to.section
            var end = start + 1
            while end < inserts.count, inserts[end].to.section == s { end += 1 }
            Self.insert(sorted: inserts[start..<end].map { ($0.to.item, $0.id) }, into: &sections[s].items)
            start = end
        }
        for p in leaving { release(p) }
    }

    /// Whether every before-path of `batch` is in the table and every
    /// after-path lands inside it: what the model checked before it
    /// applied the batch, checked again so a table that parted from the
    /// model is rebuilt rather than read out of range.
    /// - Complexity: O(k + s) for k operations.
    private func fits(_ batch: BatchUpdate) -> Bool {
        func before(_ p: ItemPath) -> Bool {
            p.section >= 0 && p.section < sections.count && p.item >= 0 && p.item < sections[p.section].items.count
        }
        var counts = sections.map(\.items.count)
        var deleted = Set<Int>(), moved = Set<Int>(), reloaded = Set<Int>()
        var sectionInserts: [(at: Int, count: Int)] = []
        var sectionMoves: [(from: Int, to: Int)] = []
        var afterPaths: [ItemPath] = []
        var claimed = Set<ItemPath>()
        for op in batch.operations {
            switch op {
            case .deleteSection(let s):
                guard s >= 0, s < sections.count, deleted.insert(s).inserted else { return false }
            case .deleteItem(let p), .reloadItem(let p):
                guard before(p), claimed.insert(p).inserted else { return false }
                if case .deleteItem = op { counts[p.section] -= 1 }
            case .moveItem(let from, let to):
                guard before(from), claimed.insert(from).inserted else { return false }
                counts[from.section] -= 1
                afterPaths.append(to)
            case .insertItem(_, let to):
                afterPaths.append(to)
            case .insertSection(let section, let at):
                sectionInserts.append((at, section.items.count))
            case .moveSection(let from, let to):
                guard from >= 0, from < sections.count, moved.insert(from).inserted else { return false }
                sectionMoves.append((from, to))
            case .reloadSection(let s):
                guard s >= 0, s < sections.count, reloaded.insert(s).inserted else { return false }
            }
        }
        guard !claimed.contains(where: { deleted.contains($0.section) || reloaded.contains($0.section) }),
              deleted.isDisjoint(with: moved), deleted.isDisjoint(with: reloaded), moved.isDisjoint(with: reloaded) else {
            return false
        }
        for move in sectionMoves { sectionInserts.append((move.to, counts[move.from])) }
        var after = counts.enumerated().filter { !deleted.contains($0.offset) && !moved.contains($0.offset) }.map(\.element)
        for insert in sectionInserts.sorted(by: { $0.at < $1.at }) {
            guard insert.at >= 0, insert.at <= after.count else { return false }
            after.insert(insert.count, at: insert.at)
        }
        for p in afterPaths {
            guard p.section >= 0, p.section < after.count else { return false }
            after[p.section] += 1
        }
        for p in afterPaths where p.item < 0 || p.item >= after[p.section] { return false }
        return Set(afterPaths).count == afterPaths.count
    }

    /// Brings the table in step with `model` after a call that changed it:
    /// rebuilt from the model when a change could not be followed or the
    /// shape (section and item counts) differs; debug builds then check
    /// every string against the model's identity.
    /// - Complexity: O(s) for s sections; O(n) when rebuilt (and in debug builds).
    func settle(with model: CollectionModel) {
        if stale || !hasShape(of: model) { rebuild(from: model) }
        assert(mismatch(with: model) == nil, "the C identities part from the model: \(mismatch(with: model) ?? "")")
    }

    /// Whether the table has the model's section and item counts.
    /// - Complexity: O(s).
    private func hasShape(of model: CollectionModel) -> Bool {
        guard sections.count == model.numberOfSections else { return false }
        for (s, section) in model.sections.enumerated() where sections[s].items.count != section.items.count {
            return false
        }
        return true
    }

    /// Every identity made anew from `model`.
    /// - Complexity: O(n).
    private func rebuild(from model: CollectionModel) {
        releaseAll()
        sections = model.sections.map { section in
            Section(id: Self.own(section.id.rawValue), items: section.items.map { Self.own($0.rawValue) })
        }
        stale = false
    }

    /// The first place where the table and `model` differ, in words; nil
    /// when every section and item identity is the model's.
    /// - Complexity: O(n) (reads every lazy section).
    func mismatch(with model: CollectionModel) -> String? {
        guard sections.count == model.numberOfSections else {
            return "\(sections.count) sections, the model has \(model.numberOfSections)"
        }
        for (s, section) in model.sections.enumerated() {
            guard String(cString: sections[s].id) == section.id.rawValue else {
                return "section \(s) is \"\(String(cString: sections[s].id))\", the model's \"\(section.id.rawValue)\""
            }
            let items = sections[s].items
            guard items.count == section.items.count else {
                return "section \(s) has \(items.count) items, the model's \(section.items.count)"
            }
            for (i, id) in section.items.enumerated() where String(cString: items[i]) != id.rawValue {
                return "item [\(s),\(i)] is \"\(String(cString: items[i]))\", the model's \"\(id.rawValue)\""
            }
        }
        return nil
    }

    // MARK: - Strings

    /// A NUL-terminated copy of `text` of the table's own.
    private static func own(_ text: String) -> UnsafePointer<CChar> {
        let p = UnsafeMutableRawPointer.allocate(byteCount: text.utf8.count + 1, alignment: 1)
        CStringArena.write(text, to: p)
        return UnsafePointer(p.assumingMemoryBound(to: CChar.self))
    }

    /// Frees `p` unless the arena holds it.
    private func release(_ p: UnsafePointer<CChar>) {
        if !arena.contains(p) { UnsafeMutableRawPointer(mutating: p).deallocate() }
    }

    private func releaseAll() {
        for section in sections {
            release(section.id)
            for p in section.items { release(p) }
        }
        sections = []
    }

    /// Removes the elements at `indices` (ascending, distinct, in range):
    /// in place for a few, in one pass for many.
    /// - Complexity: O(m) moves of memory per index for a few, O(m) for many.
    static func remove<T>(sorted indices: [Int], from list: inout [T]) {
        if indices.count <= 8 {
            for i in indices.reversed() { list.remove(at: i) }
            return
        }
        var kept: [T] = []
        kept.reserveCapacity(list.count - indices.count)
        var next = 0
        for (i, x) in list.enumerated() {
            if next < indices.count, indices[next] == i { next += 1 } else { kept.append(x) }
        }
        list = kept
    }

    /// Inserts each element at its index (ascending, distinct, each at most
    /// the count so far): in place for a few, in one pass for many.
    /// - Complexity: as ``remove(sorted:from:)``.
    static func insert<T>(sorted inserts: [(index: Int, element: T)], into list: inout [T]) {
        if inserts.count <= 8 {
            for (i, x) in inserts { list.insert(x, at: i) }
            return
        }
        var merged: [T] = []
        merged.reserveCapacity(list.count + inserts.count)
        var rest = list.makeIterator()
        var next = 0
        for k in 0..<(list.count + inserts.count) {
            if next < inserts.count, inserts[next].index == k {
                merged.append(inserts[next].element)
                next += 1
            } else if let x = rest.next() {
                merged.append(x)
            }
        }
        list = merged
    }
}
