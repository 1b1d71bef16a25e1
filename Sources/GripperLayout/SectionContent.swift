import GripperGeometry

/// What the layout needs to know about one section: how many items it has,
/// optionally each item's height, and its metric overrides.
public struct SectionContent: Hashable, Sendable {
    /// The number of items.
    public var count: Int
    /// Each item's height, or `nil` for rows of the section's fixed row
    /// height (then frames are pure arithmetic: no per-item storage or work).
    public var itemHeights: [Double]?
    /// Each item's width (its extent across the scroll axis), which a flow
    /// layout wraps into lines; `nil` for the default width. The grid
    /// ignores it (its columns set the width).
    public var itemWidths: [Double]?
    /// Overrides of the layout-wide metrics.
    public var metrics: SectionMetrics

    /// A section of `count` items of the section's fixed row height.
    public init(count: Int, metrics: SectionMetrics = .inherited) {
        self.count = count
        self.itemHeights = nil
        self.itemWidths = nil
        self.metrics = metrics
    }

    /// A section whose items have the given heights (a row is as tall as its
    /// tallest item; each cell is as tall as its own item).
    public init(itemHeights: [Double], metrics: SectionMetrics = .inherited) {
        self.count = itemHeights.count
        self.itemHeights = itemHeights
        self.itemWidths = nil
        self.metrics = metrics
    }

    /// A section whose items have the given sizes (a flow layout's items;
    /// the grid reads only the heights). Width is across the scroll axis,
    /// height along it.
    public init(itemSizes: [Size], metrics: SectionMetrics = .inherited) {
        self.count = itemSizes.count
        self.itemHeights = itemSizes.map(\.height)
        self.itemWidths = itemSizes.map(\.width)
        self.metrics = metrics
    }
}
