import GripperLayout

extension BatchUpdate {
    /// The batch that turns `after` (this batch applied to `before`) back into `before`.
    ///
    /// Item operations invert one by one (a delete becomes an insert of the
    /// same identity at the same path, an insert a delete, a move the move
    /// back, a section move the section move back; reloads change nothing);
    /// a batch that deletes or inserts sections falls back to the diff.
    /// - Complexity: O(k) for k item operations; O(n log n) with section operations.
    func inverse(before: CollectionModel, after: CollectionModel) -> BatchUpdate {
        directInverse(before: before) ?? after.diff(to: before)
    }

    /// The inverse worked out operation by operation from the model before
    /// the batch alone, or nil when the batch deletes or inserts sections (or names a
    /// path `before` lacks, so that it cannot apply anyway).
    /// - Complexity: O(k) for k operations.
    func directInverse(before: CollectionModel) -> BatchUpdate? {
        var ops: [Operation] = []
        ops.reserveCapacity(operations.count)
        for op in operations {
            switch op {
            case .deleteItem(let p):
                guard let id = before.item(at: p) else { return nil }
                ops.append(.insertItem(id, at: p))
            case .insertItem(_, let q):
                ops.append(.deleteItem(q))
            case .moveItem(let p, let q):
                ops.append(.moveItem(from: q, to: p))
            case .moveSection(let from, let to):
                ops.append(.moveSection(from: to, to: from))
            case .reloadItem, .reloadSection:
                continue
            case .deleteSection, .insertSection:
                return nil
            }
        }
        return BatchUpdate(ops)
    }
}
