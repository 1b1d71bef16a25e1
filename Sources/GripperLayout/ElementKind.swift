import GripperGeometry

/// What an element of the layout is.
public enum ElementKind: Hashable, Sendable {
    /// An item's cell.
    case cell
    /// A section's header.
    case header
    /// A section's footer.
    case footer
    /// The header above all sections, pinned to the top of the viewport.
    case globalHeader
    /// Decoration behind a section's items.
    case sectionBackground
    /// Decoration: the line below `row` of a section.
    case rowSeparator(row: Int)
    /// Decoration: the line right of `column` in `row` of a section.
    case columnSeparator(row: Int, column: Int)
    /// The gap a dragged item will land in.
    case placeholder
    /// The floating copy of a dragged item, above everything.
    case dragProxy
    /// One swipe-action button of a swiped cell: the `index`th of the
    /// revealed actions (see ``LayoutAttributes/actionID``).
    case action(index: Int)
    /// An item's open menu: the panel behind its entries (its index path
    /// is the item's).
    case menu
    /// One entry of an item's open menu: the `index`th, from the top (see
    /// ``LayoutAttributes/menuEntry``).
    case menuEntry(index: Int)

    /// Whether the element is a decoration (background or separator).
    public var isDecoration: Bool {
        switch self {
        case .sectionBackground, .rowSeparator, .columnSeparator: true
        case .cell, .header, .footer, .globalHeader, .placeholder, .dragProxy, .action, .menu, .menuEntry: false
        }
    }
}
