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
}
