import GripperInput

/// One committed edit: its sequence number, the event time it was committed
/// at, what it did, and the batch (with its inverse, for undo) that did it.
public struct JournalEntry: Hashable, Sendable {
    /// A number unique within the journal, growing by one per commit; a redone
    /// entry keeps its number.
    public var sequence: Int
    /// The time of the event that committed the edit.
    public var time: EventTime
    /// What the edit was.
    public var edit: Edit
    /// The batch that applied it.
    public var batch: BatchUpdate
    /// The batch that undoes it (valid on the model right after this entry).
    public var inverse: BatchUpdate

    /// Whether the app made this change (``Edit/app``, ``Edit/replaced(_:)``):
    /// the user's undo stops before it.
    public var isAppChange: Bool {
        if case .replaced = edit { return true }
        return edit == .app
    }

    /// Every item the entry took out of the collection, whatever the user
    /// did to take it: a delete (the delete control, a batch-edit delete,
    /// `deleteSelected`), a drop into another item, and a swipe action
    /// whose batch deleted its item (a destructive action, or one the
    /// delegate's `perform` answered `.deleteItem`) — which the journal
    /// records as the action, ``Edit/action(_:item:)``. An app mirroring the
    /// user's edits in its storage removes these; moves and the app's own
    /// batches are not here.
    /// - Complexity: O(1), plus O(k) for an action's batch of k operations.
    public var removedItems: [ItemID] {
        switch edit {
        case .delete(let ids), .dropInto(let ids, _): return ids
        case .action(_, let item):
            return batch.operations.contains { if case .deleteItem = $0 { true } else { false } } ? [item] : []
        case .move, .moveItems, .reload, .batch, .app, .replaced: return []
        }
    }
}
