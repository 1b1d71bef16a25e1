import GripperEditing

extension Scene {
    /// One item of a scene: identity, label, optional height, what may be
    /// done with it, and its swipe actions.
    public struct Item: Hashable, Sendable {
        /// The item's stable identity.
        public var id: ItemID
        /// The text drawn in its cell.
        public var label: String
        /// Its own height in points (nil: the row height).
        public var height: Double?
        /// Its own width in points, across the scroll axis, for a flow
        /// layout (nil: `layout.itemWidth`, else the whole line).
        public var width: Double?
        /// Whether it can be swiped open and deleted.
        public var isEditable: Bool
        /// Whether it can be dragged.
        public var isMovable: Bool
        /// Whether it can be selected.
        public var isSelectable: Bool
        /// What a swipe to the left reveals.
        public var trailingActions: SwipeActions
        /// What a swipe to the right reveals.
        public var leadingActions: SwipeActions
        /// The entries of its menu, top to bottom, which a long press (or
        /// the Menu key on the focused item) opens; empty: no menu, a long
        /// press drags it.
        public var menuActions: [EditingAction] = []
        /// Whether dragged items may be dropped into it (a folder, a group).
        public var acceptsDrops = false
        /// Its own dwell before a hover proposes dropping into it (nil: the
        /// delegate's default, 500 ms).
        public var dropIntoDelay: Duration?

        /// Creates an item; by default editable, movable and selectable,
        /// with a trailing Delete that a full swipe performs.
        public init(id: ItemID, label: String, height: Double? = nil, isEditable: Bool = true,
                    isMovable: Bool = true, isSelectable: Bool = true,
                    trailingActions: SwipeActions = SwipeActions([.delete], fullSwipeAction: "delete"),
                    leadingActions: SwipeActions = .none) {
            self.id = id
            self.label = label
            self.height = height
            self.isEditable = isEditable
            self.isMovable = isMovable
            self.isSelectable = isSelectable
            self.trailingActions = trailingActions
            self.leadingActions = leadingActions
        }
    }
}
