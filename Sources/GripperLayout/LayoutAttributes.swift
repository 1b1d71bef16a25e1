import GripperGeometry

/// Everything a renderer needs to draw one element: what it is, where, in
/// which order and in which state. Frames are in content coordinates.
public struct LayoutAttributes: Hashable, Sendable {
    /// What the element is.
    public var kind: ElementKind
    /// The element's index path (see ``ElementID``); `nil` for the global header.
    public var indexPath: IndexPath?
    /// The element's frame.
    public var frame: Rect
    /// Drawing order: higher is drawn above (see ``ZIndex``).
    public var zIndex: Int
    /// Whether the element must not be drawn (the dragged source).
    public var isHidden: Bool
    /// Opacity from 0 to 1.
    public var alpha: Double
    /// The column the element sits in (cells, placeholder, actions), else `nil`.
    public var column: Int?
    /// Whether editing mode is on (cells).
    public var isEditing: Bool
    /// Whether the item may be moved: shows a gripper in editing mode.
    public var isMovable: Bool
    /// Whether the item may be deleted: shows a delete control in editing mode.
    public var isDeletable: Bool
    /// Whether the item is selected.
    public var isSelected: Bool
    /// Whether the item is highlighted.
    public var isHighlighted: Bool
    /// Whether the element is pinned: its frame follows the content offset
    /// (global header, pinned headers and footers).
    public var isPinned: Bool
    /// The swipe state of a swiped cell.
    public var swipe: SwipeAttributes?
    /// The editing controls of a cell in editing mode or confirming a delete.
    public var editingControls: EditingControls?

    /// Creates attributes; flags default to off.
    public init(kind: ElementKind, indexPath: IndexPath?, frame: Rect, zIndex: Int, isHidden: Bool = false,
                alpha: Double = 1, column: Int? = nil, isEditing: Bool = false, isMovable: Bool = false,
                isDeletable: Bool = false, isSelected: Bool = false, isHighlighted: Bool = false,
                isPinned: Bool = false, swipe: SwipeAttributes? = nil, editingControls: EditingControls? = nil) {
        self.kind = kind
        self.indexPath = indexPath
        self.frame = frame
        self.zIndex = zIndex
        self.isHidden = isHidden
        self.alpha = alpha
        self.column = column
        self.isEditing = isEditing
        self.isMovable = isMovable
        self.isDeletable = isDeletable
        self.isSelected = isSelected
        self.isHighlighted = isHighlighted
        self.isPinned = isPinned
        self.swipe = swipe
        self.editingControls = editingControls
    }

    /// The element's identity.
    public var id: ElementID { ElementID(kind: kind, indexPath: indexPath) }

    /// The content's horizontal displacement: the swipe offset, or the
    /// delete-confirmation slide, or 0.
    public var swipeContentOffset: Double {
        if let swipe { return swipe.contentOffset }
        if let confirm = editingControls?.deleteConfirmation { return -confirm.width }
        return 0
    }

    /// The revealed action pane of a swiped cell.
    public var actionPaneFrame: Rect? { swipe?.paneFrame }

    /// The action buttons of a swiped cell.
    public var actionFrames: [ActionFrame] { swipe?.actions ?? [] }

    /// Whether the content slides under the neighbouring column.
    public var contentSlidesUnderNeighbour: Bool { swipe?.contentSlidesUnderNeighbour ?? false }
}
