/// Where the index paths of the collection before one batch update are
/// after it, worked out from the batch's parts alone (no scan of the
/// collection): the one answer to "where does this item path go across a
/// batch, or is it deleted", which the editing machine's rebase
/// (`BatchUpdate.Rebase`, in-flight interactions and the selection) and the
/// engine's transitions (``ItemPathMapping``, through ``edits``) read.
///
/// A section that stays moves down by the sections deleted (or moved away)
/// before it and up by the sections inserted (or moved in) before its new
/// place, and a moved section goes to its destination with its items; an
/// item that stays does
/// the same within its section (removals by its before-index, insertions by
/// its after-index), and a moved item goes to its destination. This is the
/// order a batch update is applied in (deletes and move sources in
/// before-indices, inserts and move destinations in after-indices).
package struct ItemPathRebase: Sendable {
    /// Section deletes and section moves' sources (before-indices), ascending.
    private var deletedSections: [Int]
    /// Section inserts and section moves' destinations (after-indices), ascending.
    private var insertedSections: [Int]
    /// Section moves' sources (before) to their destinations (after).
    private var sectionMovedTo: [Int: Int] = [:]
    /// Sections reloaded (before-indices), ascending: in place for paths,
    /// removed and inserted again for ``edits`` (their elements cross-fade).
    private var reloadedSections: [Int]
    /// Per before-section, the item indices removed (deletes and move sources), ascending.
    private var removed: [Int: [Int]] = [:]
    /// Per after-section, the item indices inserted (inserts and move destinations), ascending.
    private var inserted: [Int: [Int]] = [:]
    /// Move sources (before) to their destinations (after).
    private var movedTo: [ItemPath: ItemPath] = [:]

    /// The rebase of a batch given by its parts: `deletedSections` and the
    /// item paths `deleted` in before-indices, `insertedSections` and the
    /// item paths `inserted` in after-indices, `moves` from a before-path
    /// to an after-path (each a removal and an insertion), `sectionMoves`
    /// from a before-index to an after-index (each a section removal and
    /// insertion, its items along), `reloadedSections` in before-indices
    /// (in place).
    /// - Complexity: O(k log k) for k parts.
    package init(deletedSections: [Int], insertedSections: [Int], deleted: [ItemPath], inserted: [ItemPath],
                 moves: [(from: ItemPath, to: ItemPath)], sectionMoves: [(from: Int, to: Int)] = [],
                 reloadedSections: [Int] = []) {
        self.deletedSections = (deletedSections + sectionMoves.map(\.from)).sorted()
        self.insertedSections = (insertedSections + sectionMoves.map(\.to)).sorted()
        self.reloadedSections = reloadedSections.sorted()
        for (from, to) in sectionMoves { sectionMovedTo[from] = to }
        for p in deleted { removed[p.section, default: []].append(p.item) }
        for q in inserted { self.inserted[q.section, default: []].append(q.item) }
        for (p, q) in moves {
            removed[p.section, default: []].append(p.item)
            self.inserted[q.section, default: []].append(q.item)
            movedTo[p] = q
        }
        for key in removed.keys { removed[key]?.sort() }
        for key in self.inserted.keys { self.inserted[key]?.sort() }
    }

    /// The after-index of before-section `s`, or nil when the batch deletes it.
    /// - Complexity: O(log k) for k section changes.
    package func section(_ s: Int) -> Int? {
        if !sectionMovedTo.isEmpty, let to = sectionMovedTo[s] { return to }
        return SortedIndices.afterRemoving(s, deletedSections).map { SortedIndices.afterInserting($0, insertedSections) }
    }

    /// Where the item at before-path `p` is after the batch, or nil when
    /// the batch deletes it (with its section or alone).
    /// - Complexity: O(log k) for k operations.
    package func indexPath(_ p: ItemPath) -> ItemPath? {
        if let q = movedTo[p] { return q }
        guard let s = section(p.section),
              let rank = SortedIndices.afterRemoving(p.item, removed[p.section] ?? []) else { return nil }
        return ItemPath(section: s, item: SortedIndices.afterInserting(rank, inserted[s] ?? []))
    }

    /// The batch as ``ItemPathMapping`` edits applied in order, a moved item
    /// counting as removed and inserted: item removals (descending),
    /// section deletes and reloads (descending), the section moves (one
    /// ``ItemPathMapping/Edit/moveSection(from:to:)`` per section out of
    /// place, so a moved section's elements keep their identity across the
    /// batch), section inserts and reloads (ascending) and item insertions
    /// (ascending). The runs ``ItemPathMapping`` maps by binary search. A
    /// reloaded section counts as removed and inserted again at its place,
    /// so its elements cross-fade rather than match.
    /// - Complexity: O(k) for k parts; O(s × m) for m section moves among s sections.
    package var edits: [ItemPathMapping.Edit] {
        var out: [ItemPathMapping.Edit] = []
        for (section, items) in removed.sorted(by: { $0.key > $1.key }) {
            for item in items.reversed() { out.append(.deleteItem(ItemPath(section: section, item: item))) }
        }
        var reinserted: [Int] = []
        if sectionMovedTo.isEmpty && reloadedSections.isEmpty {
            out += deletedSections.reversed().map { .deleteSection($0) }
            out += insertedSections.map { .insertSection($0) }
        } else {
            let moveSources = Set(sectionMovedTo.keys), reloaded = Set(reloadedSections)
            let gone = deletedSections.filter { !moveSources.contains($0) }
            out += (gone + reloadedSections).sorted(by: >).map { .deleteSection($0) }
            // The sections left, by before-index, put in their after-order by moves.
            let goneSet = Set(gone)
            // A section past every before-index named, whose place after
            // the removals is past every after-index named, comes after
            // every moved section in order: only the sections up to there
            // can be out of place (some of them may be past the model's end:
            // they stay after its sections, and in place).
            let last = max(deletedSections.last ?? -1, reloadedSections.last ?? -1,
                           (insertedSections.last ?? -1) + deletedSections.count)
            var order: [Int] = []  // before-indices of what is left, as the edits so far leave them
            for s in 0...max(0, last) where !goneSet.contains(s) && !reloaded.contains(s) { order.append(s) }
            let target = order.sorted { section($0)! < section($1)! }
            for t in target.indices where order[t] != target[t] {
                guard let j = order[(t + 1)...].firstIndex(of: target[t]) else { continue }
                order.remove(at: j)
                order.insert(target[t], at: t)
                out.append(.moveSection(from: j, to: t))
            }
            reinserted = reloadedSections.compactMap { section($0) }
            let destinations = Set(sectionMovedTo.values)
            let inserts = insertedSections.filter { !destinations.contains($0) } + reinserted
            out += inserts.sorted().map { .insertSection($0) }
        }
        for (section, items) in inserted.sorted(by: { $0.key < $1.key }) {
            for item in items { out.append(.insertItem(ItemPath(section: section, item: item))) }
        }
        return out
    }
}

extension Array where Element: Comparable {
    /// How many elements of this ascending array are below `value`: the
    /// first index whose element is not (a lower bound, by binary search).
    /// - Complexity: O(log k).
    package func countBelow(_ value: Element) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if self[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

/// Index arithmetic over ascending lists of indices removed or inserted:
/// what ``ItemPathRebase`` and ``ItemPathMapping``'s runs share.
enum SortedIndices {
    /// The number of `sorted` below `x` (binary search).
    /// - Complexity: O(log k).
    static func countBelow(_ x: Int, _ sorted: [Int]) -> Int { sorted.countBelow(x) }

    /// Where `x` ends up among the others once items are inserted at
    /// `sorted` (after-indices): x plus the number of i with sorted[i] − i ≤ x.
    /// - Complexity: O(log k).
    static func afterInserting(_ x: Int, _ sorted: [Int]) -> Int {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] - mid <= x { lo = mid + 1 } else { hi = mid }
        }
        return x + lo
    }

    /// `x` once the items at `sorted` are gone, or nil when it is one of them.
    /// - Complexity: O(log k).
    static func afterRemoving(_ x: Int, _ sorted: [Int]) -> Int? {
        let below = countBelow(x, sorted)
        if below < sorted.count, sorted[below] == x { return nil }
        return x - below
    }
}
