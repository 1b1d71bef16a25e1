import GripperLayout

/// The keyboard focus: the item arrow keys start from and Space or Enter
/// lifts, and where it is. The machine keeps it on the same item through
/// commits, undo, redo, reloads and the app's batches; when its item is
/// deleted it moves to the item that took its place (or the nearest one),
/// and to none only when the collection is empty.
public struct EditingFocus: Hashable, Sendable {
    /// The focused item.
    public var item: ItemID
    /// Where it is in the model now.
    public var indexPath: ItemPath

    /// A focus on `item` at `indexPath`.
    public init(item: ItemID, indexPath: ItemPath) {
        self.item = item
        self.indexPath = indexPath
    }
}
