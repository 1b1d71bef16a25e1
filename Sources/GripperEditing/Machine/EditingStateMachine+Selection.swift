import GripperLayout

extension EditingStateMachine {
    /// After `batch` changed the model: drops selected items it deleted and
    /// finds where the others went.
    ///
    /// The batch is followed path by path (``BatchUpdate/Rebase``, the one
    /// answer to where a path goes) — a selected item that moved goes to its
    /// destination, one that stayed shifts with the sections and items
    /// removed and inserted before it — and a selected identity the batch
    /// deletes and brings back (an insert, a section inserted with it) stays
    /// selected where it lands; so a commit costs the selection, not the model.
    /// - Complexity: O(k log k + s log k) for s selected items and k
    ///   operations, plus the items of the sections the batch inserts;
    ///   O(1) with nothing selected.
    mutating func pruneSelection(after batch: BatchUpdate, effects: inout [EditingEffect]) {
        guard !selection.isEmpty else { return }
        let rebase = BatchUpdate.Rebase(batch)
        var paths = Set(rebase.broughtIn { selection.contains($0) })
        for p in selectedPaths {
            if let q = rebase.indexPath(p) { paths.insert(q) }
        }
        var kept = Set<ItemID>()
        kept.reserveCapacity(paths.count)
        for p in paths {
            if let id = model.item(at: p) { kept.insert(id) }
        }
        selectedPaths = paths
        if kept != selection {
            selection = kept
            effects.append(.selectionChanged(selection))
        }
    }
}
