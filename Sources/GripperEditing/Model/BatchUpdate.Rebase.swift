import GripperLayout

extension BatchUpdate {
    /// Where the index paths of the model before a batch are after it,
    /// worked out from the batch alone (no scan of the model).
    ///
    /// The batch must be valid on the model it was applied to. A section
    /// that stays moves down by the sections deleted before it and up by the
    /// sections inserted before its new place; an item that stays does the
    /// same within its section (removals by its before-index, insertions by
    /// its after-index), a moved item goes to its destination, and a
    /// deleted one is gone — unless the batch brings its identity back (an
    /// insert of the same identity, or a section inserted with it), which is
    /// then where it is. This is the order ``CollectionModel/apply(_:)``
    /// places items in, so a rebased path names the same identity (tested
    /// against a scan of the model after random batches).
    struct Rebase: Sendable {
        /// Section deletes (before-indices), ascending.
        private var deletedSections: [Int] = []
        /// Section inserts (after-indices), ascending.
        private var insertedSections: [Int] = []
        /// Per before-section, the item indices removed (deletes and move sources), ascending.
        private var removed: [Int: [Int]] = [:]
        /// Per after-section, the item indices inserted (inserts and move destinations), ascending.
        private var inserted: [Int: [Int]] = [:]
        /// Move sources (before) to their destinations (after).
        private var movedTo: [ItemPath: ItemPath] = [:]
        /// The batch, to find where it brings an identity back (asked only
        /// for a deleted item: a search, not a table of every new identity).
        private let batch: BatchUpdate

        /// The rebase of `batch`.
        /// - Complexity: O(k log k) for k operations (no identity hashed).
        init(_ batch: BatchUpdate) {
            self.batch = batch
            for op in batch.operations {
                switch op {
                case .deleteSection(let s):
                    deletedSections.append(s)
                case .insertSection(_, let s):
                    insertedSections.append(s)
                case .deleteItem(let p):
                    removed[p.section, default: []].append(p.item)
                case .insertItem(_, let q):
                    inserted[q.section, default: []].append(q.item)
                case .moveItem(let p, let q):
                    removed[p.section, default: []].append(p.item)
                    inserted[q.section, default: []].append(q.item)
                    movedTo[p] = q
                case .reloadItem:
                    continue
                }
            }
            deletedSections.sort()
            insertedSections.sort()
            for key in removed.keys { removed[key]?.sort() }
            for key in inserted.keys { inserted[key]?.sort() }
        }

        /// Where the batch puts identity `id` if it brings it in (an insert,
        /// or a section inserted with it).
        /// - Complexity: O(k) for k operations, plus the items of the sections it inserts.
        private func broughtIn(_ id: ItemID) -> ItemPath? {
            for op in batch.operations {
                switch op {
                case .insertItem(let new, let q) where new == id:
                    return q
                case .insertSection(let section, let s):
                    if let i = section.items.firstIndex(of: id) { return ItemPath(section: s, item: i) }
                case .insertItem, .deleteSection, .deleteItem, .moveItem, .reloadItem:
                    continue
                }
            }
            return nil
        }

        /// The after-index of before-section `s`, or nil when the batch deletes it.
        /// - Complexity: O(log d + i) for d section deletes and i section inserts.
        func section(_ s: Int) -> Int? {
            let below = Self.countBelow(s, in: deletedSections)
            if below < deletedSections.count, deletedSections[below] == s { return nil }
            return Self.shifted(s - below, by: insertedSections)
        }

        /// Where the item at before-path `p`, with identity `id`, is after the
        /// batch; nil when the batch deletes it (with its section or alone)
        /// and does not bring the identity back.
        /// - Complexity: O(log k + i) for k operations and i inserts in the
        ///   item's section; O(k) for a deleted item (is it brought back?).
        func indexPath(_ p: ItemPath, item id: ItemID) -> ItemPath? {
            if let q = movedTo[p] { return q }
            guard let s = section(p.section) else { return broughtIn(id) }
            let gone = removed[p.section] ?? []
            let below = Self.countBelow(p.item, in: gone)
            if below < gone.count, gone[below] == p.item { return broughtIn(id) }
            return ItemPath(section: s, item: Self.shifted(p.item - below, by: inserted[s] ?? []))
        }

        /// The `rank`-th slot (0-based) left free by `taken`, ascending after-indices.
        private static func shifted(_ rank: Int, by taken: [Int]) -> Int {
            var index = rank
            for t in taken {
                guard t <= index else { break }
                index += 1
            }
            return index
        }

        /// How many of `sorted` are less than `value` (binary search).
        private static func countBelow(_ value: Int, in sorted: [Int]) -> Int {
            var low = 0
            var high = sorted.count
            while low < high {
                let mid = (low + high) / 2
                if sorted[mid] < value { low = mid + 1 } else { high = mid }
            }
            return low
        }
    }
}
