import GripperGeometry

/// Per-section overrides of ``LayoutMetrics``: every value left `nil` is
/// inherited from the layout-wide defaults.
public struct SectionMetrics: Hashable, Sendable {
    /// Overrides ``LayoutMetrics/columns``.
    public var columns: Int?
    /// Overrides ``LayoutMetrics/rowHeight`` (ignored where the section gives
    /// per-item heights).
    public var rowHeight: Double?
    /// Overrides ``LayoutMetrics/interItemSpacing``.
    public var interItemSpacing: Double?
    /// Overrides ``LayoutMetrics/lineSpacing``.
    public var lineSpacing: Double?
    /// Overrides ``LayoutMetrics/sectionInsets``.
    public var sectionInsets: EdgeInsets?
    /// Overrides ``LayoutMetrics/header`` (`.none` removes the header).
    public var header: SupplementaryMetrics?
    /// Overrides ``LayoutMetrics/footer`` (`.none` removes the footer).
    public var footer: SupplementaryMetrics?
    /// Overrides ``LayoutMetrics/rowSeparator``.
    public var rowSeparator: SeparatorMetrics?
    /// Overrides ``LayoutMetrics/columnSeparator``.
    public var columnSeparator: SeparatorMetrics?
    /// Overrides ``LayoutMetrics/sectionBackground``.
    public var sectionBackground: Bool?
    /// The least height the items area keeps (between the insets), however
    /// few items there are: room for a placeholder in a section that has no
    /// items (the engine reserves it for a composed source's child that
    /// shows one). `nil` or 0 for none; rows taller than it push it out.
    public var minimumItemsHeight: Double?

    /// Creates overrides; `nil` inherits.
    public init(columns: Int? = nil, rowHeight: Double? = nil, interItemSpacing: Double? = nil,
                lineSpacing: Double? = nil, sectionInsets: EdgeInsets? = nil,
                header: SupplementaryMetrics? = nil, footer: SupplementaryMetrics? = nil,
                rowSeparator: SeparatorMetrics? = nil, columnSeparator: SeparatorMetrics? = nil,
                sectionBackground: Bool? = nil, minimumItemsHeight: Double? = nil) {
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
        self.minimumItemsHeight = minimumItemsHeight
    }

    /// Inherits nothing: every value from the layout.
    public static let inherited = SectionMetrics()
}
