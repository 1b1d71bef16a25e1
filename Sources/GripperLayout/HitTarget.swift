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
    case cell(IndexPath)
    /// A swipe-action button of a swiped cell.
    case action(IndexPath, id: String)
    /// The delete control of a cell in editing mode.
    case deleteControl(IndexPath)
    /// The gripper of a cell in editing mode.
    case gripper(IndexPath)
    /// The delete-confirmation button of a cell.
    case deleteConfirmation(IndexPath)
    /// The drag gap (the drag's target).
    case placeholder(IndexPath)
    /// An entry of the open menu of the item at the index path.
    case menuEntry(IndexPath, id: String)
    /// The open menu's panel outside its entries.
    case menu(IndexPath)
}
