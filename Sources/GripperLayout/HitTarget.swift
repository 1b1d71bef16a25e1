import GripperGeometry

/// What lies under a point, most specific first: a control inside a cell
/// rather than the cell, a pinned header rather than what it covers.
public enum HitTarget: Hashable, Sendable {
    /// The global header.
    case globalHeader
    /// A section's header.
    case header(section: Int)
    /// A section's footer.
    case footer(section: Int)
    /// An item's cell (its content).
    case cell(ItemPath)
    /// A swipe-action button of a swiped cell.
    case action(ItemPath, id: String)
    /// The delete control of a cell in editing mode.
    case deleteControl(ItemPath)
    /// The gripper of a cell in editing mode.
    case gripper(ItemPath)
    /// The delete-confirmation button of a cell.
    case deleteConfirmation(ItemPath)
    /// The drag gap (the drag's target).
    case placeholder(ItemPath)
    /// An entry of the open menu of the item at the index path.
    case menuEntry(ItemPath, id: String)
    /// The open menu's panel outside its entries.
    case menu(ItemPath)
}
