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
    /// An element of a kind an app's own layout defines, by the name the
    /// app gives the kind (a caption beside a section, a badge on a row):
    /// drawn above the cells by default, and never a hit target (a touch on
    /// it does nothing). Its index path is its section and the app's own
    /// index of it within the section.
    case supplementary(String)
    /// A decoration of a kind an app's own layout defines, by the name the
    /// app gives the kind (a shelf under a row, a section's backdrop):
    /// drawn behind, never hit. Its index path is its section and the
    /// app's own index of it within the section.
    case decoration(String)

    /// Whether the element is a decoration (background, separator or an app's decoration).
    public var isDecoration: Bool {
        switch self {
        case .sectionBackground, .rowSeparator, .columnSeparator, .decoration: true
        case .cell, .header, .footer, .globalHeader, .placeholder, .dragProxy, .action, .menu, .menuEntry,
             .supplementary:
            false
        }
    }

    /// Whether an app's own layout defined the kind (``supplementary(_:)``
    /// or ``decoration(_:)``).
    public var isAppDefined: Bool {
        switch self {
        case .supplementary, .decoration: true
        default: false
        }
    }
}
