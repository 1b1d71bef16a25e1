import GripperLayout

/// What a committed journal entry did, in the user's terms.
public enum Edit: Hashable, Sendable, CustomStringConvertible {
    /// Items deleted by the delete control (and its confirmation), a
    /// batch-edit delete or `deleteSelected`. A swipe action that deletes
    /// its item — a destructive one, a full swipe's — is ``action(_:item:)``;
    /// ``JournalEntry/removedItems`` names what either took away.
    case delete([ItemID])
    /// One item moved by a drag, from its place before to its place after.
    case move(ItemID, from: ItemPath, to: ItemPath)
    /// Several items moved together by one drag (a multi-item drag): the
    /// items in the order they land, their places before, and the place
    /// the first takes after; the others follow it, one after another, in
    /// that section.
    case moveItems([ItemID], from: [ItemPath], to: ItemPath)
    /// Items dropped into another item (a folder, a group) by a drag: the
    /// items, in the order they were carried, leave the collection; the
    /// target stays (the app files them, ``CollectionDelegate/didDrop(_:into:)``).
    case dropInto([ItemID], into: ItemID)
    /// A swipe action performed on an item. A destructive action (or one the
    /// delegate answered `.deleteItem`) also deletes it: the entry's batch
    /// deletes it, and ``JournalEntry/removedItems`` names it.
    case action(ActionID, item: ItemID)
    /// The model replaced from outside (a reload), recorded as the diff between the two.
    case reload
    /// A batch committed straight to the journal (tools, tests): undone and
    /// redone like any user edit.
    case batch
    /// A batch the app applied (`EditingStateMachine/apply(_:at:)`): an
    /// entry of its own kind that the user's undo never takes off.
    case app
    /// The app put new content in place of the whole collection in one step
    /// (a segment switch, `Engine.switchSegment(of:to:at:)`): an app entry
    /// with no batch and no inverse, at which the journal restarts
    /// (`Journal/replaceContent(with:as:at:)`).
    case replaced(ContentReplacement)

    /// The edit in a few words, as the journal's transcript lines write it.
    public var description: String {
        switch self {
        case .delete(let ids): "delete \(ids.map(\.rawValue).joined(separator: ","))"
        case .move(let id, let from, let to): "move \(id) \(from) → \(to)"
        case .moveItems(let ids, _, let to): "move \(ids.map(\.rawValue).joined(separator: ",")) → \(to)"
        case .dropInto(let ids, let target): "drop \(ids.map(\.rawValue).joined(separator: ",")) into \(target)"
        case .action(let action, let item): "action \(action) on \(item)"
        case .reload: "reload"
        case .batch: "batch"
        case .app: "app"
        case .replaced(let r): r.summary
        }
    }
}
