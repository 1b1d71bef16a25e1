import GripperGeometry

/// An item's menu, open: the item's cell, the entries in order (top to
/// bottom), and the entry the keyboard has selected, if any. Set by the
/// editing machine in ``LayoutPresentation/menu``; the layout places it
/// (``CollectionLayout/menuAttributes(for:contentOffset:)``).
public struct MenuState: Hashable, Sendable {
    /// The item whose menu it is (a model index path).
    public var indexPath: ItemPath
    /// The entries, first at the top.
    public var entries: [MenuEntry]
    /// The entry the arrow keys or Tab selected (Enter performs it); nil
    /// when none is (a menu a long press opened, before a key).
    public var selectedEntry: Int?

    /// Creates a menu state.
    @_spi(Benchmarks) public init(indexPath: ItemPath, entries: [MenuEntry], selectedEntry: Int? = nil) {
        self.indexPath = indexPath
        self.entries = entries
        self.selectedEntry = selectedEntry
    }
}
