import GripperGeometry

/// A flow layout: items of their own widths and extents wrapped into lines
/// across the scroll axis, section by section, with section insets, headers
/// and footers (pinned as in the grid), the drag gap, swipe actions and
/// editing controls — the flow layout of the WWDC 2012 collection view talks (`UICollectionViewFlowLayout`).
///
/// Spacing follows that layout's rules: `interItemSpacing` and `lineSpacing`
/// are minimums. A line takes as many items as fit with the minimum spacing
/// between them; a full line is justified (its spacing grows so its items
/// fill the line), the last line of a section and a line of one item start
/// at the leading edge; an item wider than the line has a line of its own
/// and the line's width; each item is centred along the scroll axis in its
/// line, which is as tall as its tallest item, and lines are `lineSpacing`
/// apart. Like every ``CollectionLayout`` it works in scroll space, so it
/// flows horizontally too (``LayoutMetrics/orientation``).
///
/// Lines are found by binary search over their first items and a tree of
/// their extents, so a rect query costs O(log n + k); a drag rewraps only
/// the lines until the wrap falls back into step with the resting one
/// (see `Documentation/Layout.md`, "The flow layout").
///
/// ```swift
/// let layout = try FlowLayout(
///     sections: [SectionContent(itemSizes: [Size(width: 120, height: 40), Size(width: 80, height: 40)])],
///     metrics: LayoutMetrics(interItemSpacing: 8, lineSpacing: 8),
///     viewport: Size(width: 390, height: 844))
/// ```
@_spi(Benchmarks) public struct FlowLayout: Sendable {
    /// The layout-wide metrics (`columns`, separators and section
    /// backgrounds are the grid's and not used here).
    public private(set) var metrics: LayoutMetrics { didSet { groupCache = GroupCache() } }
    /// The viewport's size in scroll space.
    public private(set) var viewport: Size { didSet { groupCache = GroupCache() } }
    var sections: [FlowSection] { didSet { groupCache = GroupCache() } }
    var sectionTops: [Double]
    var sectionHeights: [Double]
    /// The derived layout of the multi-item drag in flight (see
    /// ``GroupedDrag``); a change to the sections or metrics starts a new one.
    var groupCache = GroupCache<FlowLayout>()
    /// The grid's element builders (cells with their editing controls and
    /// swipe panes, the global header), shared rather than written twice.
    let builder: GridLayout

    /// Prepares a flow layout.
    /// - Complexity: O(n): every item's width and extent are kept; O(s)
    ///   for sections of items of one size (see `FlowSection`).
    /// - Throws: ``LayoutError`` naming the bad value; no layout is made then.
    public init(sections: [SectionContent], metrics: LayoutMetrics, viewport: Size) throws {
        var base = metrics
        base.columns = 1
        base.minimumItemWidth = nil
        builder = try GridLayout(sections: [], metrics: base, viewport: viewport)
        if let w = metrics.itemWidth { try LayoutError.checkLength(w, path: "metrics.itemWidth") }
        self.metrics = metrics
        self.viewport = viewport
        self.sections = []
        sectionTops = []
        sectionHeights = []
        for (i, content) in sections.enumerated() {
            self.sections.append(try Self.section(content, metrics: base, width: viewport.width, path: "sections[\(i)]"))
        }
        recomputeSectionTops(from: 0)
    }

    /// One section's store, checked.
    static func section(_ content: SectionContent, metrics: LayoutMetrics, width: Double,
                        path: String) throws -> FlowSection {
        var overrides = content.metrics
        overrides.columns = nil
        let resolved = try ResolvedMetrics(metrics, overrides, width: width, path: "\(path).metrics")
        guard content.count >= 0, content.count <= GridLayout.maximumItemsWithExtents else {
            throw LayoutError(path: "\(path).count",
                              problem: "must be between 0 and \(GridLayout.maximumItemsWithExtents), got \(content.count)")
        }
        func values(_ given: [Double]?, _ name: String, default value: Double) throws -> [Double] {
            guard let given else { return [Double](repeating: value, count: content.count) }
            guard given.count == content.count else {
                throw LayoutError(path: "\(path).\(name)", problem: "has \(given.count) values for \(content.count) items")
            }
            for (k, v) in given.enumerated() { try LayoutError.checkLength(v, path: "\(path).\(name)[\(k)]") }
            return given
        }
        let defaultHeight = metrics.estimatedItemHeight ?? resolved.rowHeight
        let defaultWidth = metrics.itemWidth ?? width
        if content.itemHeights == nil, content.itemWidths == nil {
            // Items of one size: lines by arithmetic where it is exact.
            return FlowSection(count: content.count, itemWidth: defaultWidth, itemHeight: defaultHeight,
                               metrics: resolved, overrides: overrides, width: width)
        }
        let heights = try values(content.itemHeights, "itemHeights", default: defaultHeight)
        let widths = try values(content.itemWidths, "itemWidths", default: defaultWidth)
        return FlowSection(widths: widths, heights: heights, metrics: resolved, overrides: overrides, width: width)
    }

    /// Recomputes section tops and heights from `section` on.
    /// - Complexity: O(sections × log n).
    mutating func recomputeSectionTops(from section: Int) {
        let start = max(0, min(section, sectionTops.count))
        sectionTops.removeSubrange(start...)
        sectionHeights.removeSubrange(start...)
        var y = start == 0 ? metrics.globalHeaderHeight : sectionTops[start - 1] + sectionHeights[start - 1]
        for s in start..<sections.count {
            let h = Self.sectionHeight(sections[s], itemsHeight: sections[s].itemsHeight)
            sectionTops.append(y)
            sectionHeights.append(h)
            y += h
        }
    }

    /// A section's extent: header, insets, lines, footer.
    static func sectionHeight(_ s: FlowSection, itemsHeight: Double) -> Double {
        let m = s.metrics
        return m.header.space + m.insets.top + m.itemsAreaHeight(itemsHeight) + m.insets.bottom + m.footer.space
    }

    func isValid(_ p: ItemPath) -> Bool {
        sections.indices.contains(p.section) && p.item >= 0 && p.item < sections[p.section].count
    }


    /// The size of the item at `indexPath` (width across the scroll axis).
    public func size(of indexPath: ItemPath) -> Size? {
        guard isValid(indexPath) else { return nil }
        let s = sections[indexPath.section]
        return Size(width: s.width(indexPath.item), height: s.height(indexPath.item))
    }
}
