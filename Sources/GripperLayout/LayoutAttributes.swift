import GripperGeometry

/// Everything a renderer needs to draw one element: what it is, where, in
/// which order and in which state. Frames are in content coordinates.
public struct LayoutAttributes: Hashable, Sendable {
    /// What the element is.
    public var kind: ElementKind
    /// The element's index path (see ``ElementID``); `nil` for the global header.
    public var indexPath: ItemPath?
    /// The element's frame.
    public var frame: Rect
    /// Drawing order: higher is drawn above (see `ZIndex`).
    public var zIndex: Int
    /// Whether the element must not be drawn (the dragged source).
    public var isHidden: Bool
    /// Opacity from 0 to 1.
    public var alpha: Double
    /// The column the element sits in (cells, placeholder, actions), else `nil`.
    public var column: Int?
    /// Whether editing mode is on (cells).
    public var isEditing: Bool
    /// Whether the item may be moved (the presentation's traits): shows a
    /// gripper in editing mode. An `Engine` asks its delegate only in
    /// editing mode; outside it this is false.
    public var isMovable: Bool
    /// Whether the item may be deleted (the presentation's traits): shows a
    /// delete control in editing mode. An `Engine` asks its delegate only in
    /// editing mode; outside it this is false.
    public var isDeletable: Bool
    /// Whether the item is selected.
    public var isSelected: Bool
    /// Whether the item is highlighted.
    public var isHighlighted: Bool
    /// Whether the element is pinned: its frame follows the content offset
    /// (global header, pinned headers and footers).
    public var isPinned: Bool
    /// How many items a drag carries, on its proxy and its gap (1 for a
    /// drag of one item; a renderer draws a count badge above 1); 0 for
    /// every other element.
    public var dragItemCount: Int = 0
    /// Whether the cell is the item a drag proposes to drop into
    /// (``DragState/intoTarget``): a renderer outlines it.
    public var isDropTarget = false
    /// Whether the cell's item has the keyboard focus
    /// (``LayoutPresentation/focused``): a renderer draws a focus ring.
    public var isFocused = false
    /// The swipe state, boxed: only a swiped cell and its actions have one,
    /// and the box keeps every other element small and cheap to copy.
    private var swipeBox: SwipeBox?
    /// A menu entry's descriptor, boxed: only menu entries have one.
    private var menuBox: MenuBox?
    /// The transform and app value an app's own layout set, boxed (see
    /// ``transform`` and ``value``).
    var extrasBox: ExtrasBox?
    /// Widths of the editing controls on the cell's edges (0: none): the
    /// delete control on the leading edge, the gripper and the delete
    /// confirmation on the trailing edge.
    private var deleteControlWidth: Double
    private var gripperWidth: Double
    private var deleteConfirmationWidth: Double
    /// Which edge of ``frame`` is the cell's leading edge, for the editing
    /// controls: the left in a layout's own scroll space; another once the
    /// attributes are mapped onto a right-to-left or horizontal screen
    /// (``placeControls(leadingAt:)``).
    private var leadingControlEdge: ControlEdge = .left

    /// The screen edge a cell's leading editing control sits on.
    package enum ControlEdge: UInt8, Hashable, Sendable {
        /// Left (a vertical left-to-right layout, and scroll space).
        case left
        /// Right (a vertical right-to-left layout).
        case right
        /// Top (a horizontal layout: the cross axis runs down the screen).
        case top
    }

    /// Creates attributes; flags default to off.
    public init(kind: ElementKind, indexPath: ItemPath?, frame: Rect, zIndex: Int, isHidden: Bool = false,
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
        self.swipeBox = swipe.map(SwipeBox.init)
        self.deleteControlWidth = editingControls?.deleteControl?.width ?? 0
        self.gripperWidth = editingControls?.gripper?.width ?? 0
        self.deleteConfirmationWidth = editingControls?.deleteConfirmation?.width ?? 0
    }

    /// A cell's attributes, every property given (the hot path: one value
    /// made in place, no defaults filled in and then changed).
    init(cell indexPath: ItemPath, frame: Rect, column: Int, isEditing: Bool, isMovable: Bool, isDeletable: Bool,
         isSelected: Bool, isHighlighted: Bool, isDropTarget: Bool, isFocused: Bool, swipe: SwipeAttributes?,
         deleteControlWidth: Double, gripperWidth: Double, deleteConfirmationWidth: Double) {
        kind = .cell
        self.indexPath = indexPath
        self.frame = frame
        zIndex = ZIndex.cell
        isHidden = false
        alpha = 1
        self.column = column
        self.isEditing = isEditing
        self.isMovable = isMovable
        self.isDeletable = isDeletable
        self.isSelected = isSelected
        self.isHighlighted = isHighlighted
        isPinned = false
        self.isDropTarget = isDropTarget
        self.isFocused = isFocused
        swipeBox = swipe.map(SwipeBox.init)
        self.deleteControlWidth = deleteControlWidth
        self.gripperWidth = gripperWidth
        self.deleteConfirmationWidth = deleteConfirmationWidth
    }

    /// The swipe state of a swiped cell (and of its action elements).
    public var swipe: SwipeAttributes? {
        get { swipeBox?.value }
        set { swipeBox = newValue.map(SwipeBox.init) }
    }

    /// The editing controls of a cell in editing mode or confirming a delete:
    /// full-height frames on the cell's edges.
    /// - Complexity: O(1).
    public var editingControls: EditingControls? {
        get {
            guard deleteControlWidth > 0 || gripperWidth > 0 || deleteConfirmationWidth > 0 else { return nil }
            func edge(_ width: Double, leading: Bool) -> Rect? {
                guard width > 0 else { return nil }
                switch leadingControlEdge {
                case .left:
                    return Rect(x: leading ? frame.minX : frame.maxX - width, y: frame.minY, width: width,
                                height: frame.height)
                case .right:
                    return Rect(x: leading ? frame.maxX - width : frame.minX, y: frame.minY, width: width,
                                height: frame.height)
                case .top:
                    return Rect(x: frame.minX, y: leading ? frame.minY : frame.maxY - width, width: frame.width,
                                height: width)
                }
            }
            return EditingControls(deleteControl: edge(deleteControlWidth, leading: true),
                                   gripper: edge(gripperWidth, leading: false),
                                   deleteConfirmation: edge(deleteConfirmationWidth, leading: false))
        }
        set {
            let across = { (r: Rect) in self.leadingControlEdge == .top ? r.height : r.width }
            deleteControlWidth = newValue?.deleteControl.map(across) ?? 0
            gripperWidth = newValue?.gripper.map(across) ?? 0
            deleteConfirmationWidth = newValue?.deleteConfirmation.map(across) ?? 0
        }
    }

    /// Puts the editing controls' leading edge on `edge` of the frame: what
    /// a picture does after mapping a scroll-space frame onto the screen, so
    /// the controls are drawn where hit testing finds them.
    package mutating func placeControls(leadingAt edge: ControlEdge) {
        leadingControlEdge = edge
    }

    /// Shares a swipe box (the cell's) with an action element.
    mutating func shareSwipe(of cell: LayoutAttributes) { swipeBox = cell.swipeBox }

    /// The entry a ``ElementKind/menuEntry(index:)`` element shows (its
    /// identity, title and style); nil for every other element. The entry
    /// the keyboard selected is ``isHighlighted``.
    /// - Complexity: O(1).
    public var menuEntry: MenuEntry? {
        get { menuBox?.value }
        set { menuBox = newValue.map(MenuBox.init) }
    }

    /// The identity of a swipe-action element's action.
    /// - Complexity: O(1).
    public var actionID: String? {
        guard case .action(let index) = kind, let actions = swipeBox?.value.actions,
              actions.indices.contains(index) else { return nil }
        return actions[index].id
    }

    /// The element's identity.
    public var id: ElementID { ElementID(kind: kind, indexPath: indexPath) }

    /// The content's horizontal displacement: the swipe offset, or the
    /// delete-confirmation slide, or 0.
    public var swipeContentOffset: Double {
        if let swipe { return swipe.contentOffset }
        return -deleteConfirmationWidth
    }

    /// The revealed action pane of a swiped cell.
    public var actionPaneFrame: Rect? { swipe?.paneFrame }

    /// The action buttons of a swiped cell.
    public var actionFrames: [ActionFrame] { swipe?.actions ?? [] }

    /// Whether the content slides under the neighbouring column.
    public var contentSlidesUnderNeighbour: Bool { swipe?.contentSlidesUnderNeighbour ?? false }
}
