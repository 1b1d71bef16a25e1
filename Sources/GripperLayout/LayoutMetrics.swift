import GripperGeometry

/// Layout-wide metrics: the defaults every section inherits where its
/// ``SectionMetrics`` leaves a value unset, plus the parts that belong to the
/// whole layout (global header, swipe and editing geometry).
public struct LayoutMetrics: Hashable, Sendable {
    /// Number of columns; items fill rows left to right, in reading order.
    /// Ignored by a section without columns of its own when
    /// ``minimumItemWidth`` is set.
    public var columns: Int
    /// The height of every row in a section that gives no per-item heights.
    public var rowHeight: Double
    /// Horizontal space between neighbouring columns.
    public var interItemSpacing: Double
    /// Vertical space between neighbouring rows.
    public var lineSpacing: Double
    /// Space around a section's items (inside the header and footer).
    public var sectionInsets: EdgeInsets
    /// Each section's header.
    public var header: SupplementaryMetrics
    /// Each section's footer.
    public var footer: SupplementaryMetrics
    /// Lines between rows.
    public var rowSeparator: SeparatorMetrics
    /// Lines between columns.
    public var columnSeparator: SeparatorMetrics
    /// Whether each section gets a background decoration behind its items
    /// (the area between header and footer, insets included).
    public var sectionBackground: Bool
    /// Height of the global header above all sections, pinned to the top of
    /// the viewport; 0 for none.
    public var globalHeaderHeight: Double
    /// Swipe-action geometry.
    public var swipe: SwipeMetrics
    /// Editing-control geometry.
    public var editing: EditingMetrics
    /// How the layout maps onto the screen: the scroll axis and the reading
    /// direction (see ``LayoutOrientation``). The other metrics are in scroll
    /// space: `rowHeight` and `lineSpacing` run along the scroll axis,
    /// `columns` and `interItemSpacing` across it.
    public var orientation: LayoutOrientation = .standard
    /// The extent items start with before the app measures them (a
    /// self-sizing cell's estimated height), or nil for items of fixed row
    /// height. When set, every section keeps per-item extents, so a measured
    /// height (``CollectionLayout/setExtent(_:of:)``) costs O(log n).
    public var estimatedItemHeight: Double?
    /// The width (across the scroll axis) of an item that gives none of its
    /// own in a `FlowLayout`; nil for the whole line. The grid ignores it.
    public var itemWidth: Double?
    /// The height a section keeps for a placeholder that covers it (a
    /// composed source's child loading, empty or failed) when its items
    /// take less: the first section of such a child gets it as its
    /// ``SectionMetrics/minimumItemsHeight``.
    public var sectionPlaceholderHeight: Double = 200
    /// Adaptive columns: when set, a section without columns of its own
    /// takes as many columns as fit cells at least this wide (across the
    /// scroll axis) in the layout's width, after insets and spacing — at
    /// least 1, at most 10,000 — instead of ``columns``, worked out again
    /// whenever the viewport changes (a resize, a rotation). Nil (the
    /// default) for a fixed ``columns``. The flow layout ignores it.
    public var minimumItemWidth: Double?
    /// Where a scroll comes to rest when the finger lets go: anywhere (the
    /// default), at a row's edge or at a page (see ``ScrollSnapping``).
    public var scrollSnapping: ScrollSnapping = .none
    /// How a cell comes and goes in a transition (an insert, a delete, a
    /// change of layout): faded in place by default (see ``ElementAppearance``).
    public var appearance: ElementAppearance = .fade

    /// Creates layout metrics; every value has a plain default (one column of
    /// 44-point rows, no spacing, no header, footer or separators).
    public init(columns: Int = 1, rowHeight: Double = 44, interItemSpacing: Double = 0, lineSpacing: Double = 0,
                sectionInsets: EdgeInsets = .zero, header: SupplementaryMetrics = .none,
                footer: SupplementaryMetrics = .none, rowSeparator: SeparatorMetrics = .none,
                columnSeparator: SeparatorMetrics = .none, sectionBackground: Bool = false,
                globalHeaderHeight: Double = 0, swipe: SwipeMetrics = SwipeMetrics(),
                editing: EditingMetrics = EditingMetrics()) {
        self.columns = columns
        self.rowHeight = rowHeight
        self.interItemSpacing = interItemSpacing
        self.lineSpacing = lineSpacing
        self.sectionInsets = sectionInsets
        self.header = header
        self.footer = footer
        self.rowSeparator = rowSeparator
        self.columnSeparator = columnSeparator
        self.sectionBackground = sectionBackground
        self.globalHeaderHeight = globalHeaderHeight
        self.swipe = swipe
        self.editing = editing
    }
}
