@_spi(Benchmarks) import GripperLayout

extension BatchUpdate {
    /// Where the index paths of the model before a batch are after it,
    /// worked out from the batch alone (no scan of the model): the batch's
    /// ``/GripperLayout/ItemPathRebase`` (the one answer to where a path
    /// goes), and for a deleted item whether the batch brings its identity
    /// back.
    ///
    /// The batch must be valid on the model it was applied to. A section
    /// that stays moves down by the sections deleted before it and up by the
    /// sections inserted before its new place; an item that stays does the
    /// same within its section, a moved item goes to its destination, and a
    /// deleted one is gone — unless the batch brings its identity back (an
    /// insert of the same identity, or a section inserted with it), which is
    /// then where it is. This is the order ``CollectionModel/apply(_:)``
    /// places items in, so a rebased path names the same identity (tested
    /// against a scan of the model after random batches).
    package struct Rebase: Sendable {
        /// Where paths go, from the batch's parts.
        private let paths: ItemPathRebase
        /// The batch, to find where it brings an identity back (asked only
        /// for a deleted item: a search, not a table of every new identity).
        private let batch: BatchUpdate

        /// The rebase of `batch`.
        /// - Complexity: O(k log k) for k operations (no identity hashed).
        package init(_ batch: BatchUpdate) {
            self.batch = batch
            var deletedSections: [Int] = [], insertedSections: [Int] = []
            var deleted: [ItemPath] = [], inserted: [ItemPath] = []
            var moves: [(from: ItemPath, to: ItemPath)] = []
            var sectionMoves: [(from: Int, to: Int)] = [], reloadedSections: [Int] = []
            for op in batch.operations {
                switch op {
                case .moveSection(let from, let to): sectionMoves.append((from, to))
                case .reloadSection(let s): reloadedSections.append(s)
                case .deleteSection(let s): deletedSections.append(s)
                case .insertSection(_, let s): insertedSections.append(s)
                case .deleteItem(let p): deleted.append(p)
                case .insertItem(_, let q): inserted.append(q)
                case .moveItem(let p, let q): moves.append((p, q))
                case .reloadItem: continue
                }
            }
            paths = ItemPathRebase(deletedSections: deletedSections, insertedSections: insertedSections,
                                   deleted: deleted, inserted: inserted, moves: moves, sectionMoves: sectionMoves,
                                   reloadedSections: reloadedSections)
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
                case .insertItem, .deleteSection, .deleteItem, .moveItem, .reloadItem, .moveSection, .reloadSection:
                    continue
                }
            }
            return nil
        }

        /// Where the batch puts every identity that `wanted` accepts among
        /// those it brings in (inserts, and the items of sections it inserts).
        /// - Complexity: O(k) for k operations, plus the items of the sections it inserts.
        func broughtIn(where wanted: (ItemID) -> Bool) -> [ItemPath] {
            var out: [ItemPath] = []
            for op in batch.operations {
                switch op {
                case .insertItem(let id, let q) where wanted(id):
                    out.append(q)
                case .insertSection(let section, let s):
                    for (i, id) in section.items.enumerated() where wanted(id) { out.append(ItemPath(section: s, item: i)) }
                case .insertItem, .deleteSection, .deleteItem, .moveItem, .reloadItem, .moveSection, .reloadSection:
                    continue
                }
            }
            return out
        }

        /// The batch as ``/GripperLayout/ItemPathMapping`` edits (see
        /// ``/GripperLayout/ItemPathRebase/edits``), for the engine's transitions.
        /// - Complexity: O(k) for k operations.
        package var edits: [ItemPathMapping.Edit] { paths.edits }

        /// The after-index of before-section `s`, or nil when the batch deletes it.
        /// - Complexity: O(log k) for k operations.
        package func section(_ s: Int) -> Int? { paths.section(s) }

        /// Where the item at before-path `p` is after the batch, or nil when
        /// the batch deletes it (the identity not asked after).
        /// - Complexity: O(log k) for k operations.
        func indexPath(_ p: ItemPath) -> ItemPath? { paths.indexPath(p) }

        /// Where the item at before-path `p`, with identity `id`, is after the
        /// batch; nil when the batch deletes it (with its section or alone)
        /// and does not bring the identity back.
        /// - Complexity: O(log k) for k operations; O(k) for a deleted item
        ///   (is it brought back?).
        func indexPath(_ p: ItemPath, item id: ItemID) -> ItemPath? {
            paths.indexPath(p) ?? broughtIn(id)
        }
    }
}
