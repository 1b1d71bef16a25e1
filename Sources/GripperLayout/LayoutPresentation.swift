import GripperGeometry

/// The interaction state the layout draws, set by the editing machine: a
/// plain value, cheap to copy and to change per event. Index paths are the
/// model's, as they are before any drag in progress lands (a reflowed item
/// keeps its index path while the gap moves).
public struct LayoutPresentation: Sendable {
    /// Whether the collection is in editing mode (delete controls, grippers).
    public var isEditing: Bool
    /// Selected items.
    public var selected: Set<ItemPath>
    /// Highlighted (touched-down) items.
    public var highlighted: Set<ItemPath>
    /// The drag in progress, if any: hides the source, opens the gap.
    public var drag: DragState?
    /// The swiped or open cell, if any.
    public var swipe: SwipeState?
    /// The cell showing its delete-confirmation button, if any.
    public var deleteConfirmation: ItemPath?
    /// The item with the keyboard focus, if any: its cell is marked
    /// (``LayoutAttributes/isFocused``) and a renderer draws a focus ring.
    public var focused: ItemPath?
    /// An item's open menu, if any: the layout places it next to the item
    /// (``CollectionLayout/menuAttributes(for:contentOffset:)``).
    public var menu: MenuState?
    /// Per-item traits; called once per visible cell, so it must be O(1).
    public var traits: @Sendable (ItemPath) -> ItemTraits

    /// Creates a presentation; by default nothing is going on and every item
    /// is movable and deletable.
    @_spi(Benchmarks) public init(isEditing: Bool = false, selected: Set<ItemPath> = [], highlighted: Set<ItemPath> = [],
                drag: DragState? = nil, swipe: SwipeState? = nil, deleteConfirmation: ItemPath? = nil,
                focused: ItemPath? = nil, menu: MenuState? = nil, traits: @escaping @Sendable (ItemPath) -> ItemTraits = { _ in .all }) {
        self.isEditing = isEditing
        self.selected = selected
        self.highlighted = highlighted
        self.drag = drag
        self.swipe = swipe
        self.deleteConfirmation = deleteConfirmation
        self.focused = focused
        self.menu = menu
        self.traits = traits
    }

    /// Nothing going on. Made once: a hit test or a frame query at rest
    /// reads it on every touch, and building a presentation costs more
    /// than copying one.
    public static let resting = LayoutPresentation()

    /// The same presentation with no drag.
    var withoutDrag: LayoutPresentation {
        var p = self
        p.drag = nil
        return p
    }
}
