import GripperGeometry

/// The headless grid layout: sections of items in rows and columns, headers,
/// footers, decorations, the drag gap and swipe panes, as plain geometry.
///
/// Prepare it from the sections' item counts (and, where the model has them,
/// per-item heights), the metrics and the viewport; then ask it for the
/// attributes in a rect, of one element, or under a point, for any
/// ``LayoutPresentation`` the editing machine sets. Sections of fixed row
/// height cost no per-item work or storage at all; sections with per-item
/// heights keep them in Fenwick trees, so one height change costs O(log n).
/// A drag never costs a pass over items: reflowed slots are arithmetic.
///
/// ```swift
/// var layout = try GridLayout(
///     sections: [SectionContent(count: 40), SectionContent(count: 12)],
///     metrics: LayoutMetrics(columns: 2, rowHeight: 88, interItemSpacing: 8, lineSpacing: 8),
///     viewport: Size(width: 390, height: 844))
/// var presentation = LayoutPresentation()
/// presentation.drag = DragState(source: ItemPath(section: 0, item: 3),
///                               target: ItemPath(section: 1, item: 0),
///                               proxyCenter: Point(x: 100, y: 300))
/// let visible = layout.attributes(in: Rect(x: 0, y: 0, width: 390, height: 844),
///                                 presentation: presentation, contentOffset: 0)
/// ```
@_spi(Benchmarks) public struct GridLayout: Sendable {
    /// The layout-wide metrics.
    public private(set) var metrics: LayoutMetrics { didSet { groupCache = GroupCache() } }
    /// The viewport's size in scroll space (see ``LayoutOrientation``): its
    /// width is the layout's width, its height places pinned footers.
    public private(set) var viewport: Size { didSet { groupCache = GroupCache() } }
    var sections: [SectionStore] { didSet { groupCache = GroupCache() } }
    /// Each section's top at rest.
    var sectionTops: [Double]
    /// Each section's height at rest.
    var sectionHeights: [Double]
    /// The derived layout of the multi-item drag in flight (see
    /// ``GroupedDrag``); a change to the sections or metrics starts a new one.
    var groupCache = GroupCache<GridLayout>()
    /// The group's gap, in a derived layout (see ``GroupedDrag``); nil in
    /// every other layout.
    var groupGap: GroupGapSize? { groupCache.gap }

    /// Prepares a layout.
    /// - Complexity: O(sections) for fixed row heights; O(n) over the items
    ///   of sections with per-item heights.
    /// - Throws: ``LayoutError`` naming the bad value (`metrics.…`,
    ///   `sections[i].…`); no layout is made then.
    public init(sections: [SectionContent], metrics: LayoutMetrics, viewport: Size) throws {
        try Self.checkViewport(viewport)
        try LayoutError.checkLength(metrics.globalHeaderHeight, path: "metrics.globalHeaderHeight")
        if let estimate = metrics.estimatedItemHeight {
            try LayoutError.checkLength(estimate, path: "metrics.estimatedItemHeight")
        }
        _ = try ResolvedMetrics(metrics, .inherited, width: viewport.width, path: "metrics")
        self.metrics = metrics
        self.viewport = viewport
        self.sections = []
        self.sectionTops = []
        self.sectionHeights = []
        self.sections.reserveCapacity(sections.count)
        for (i, content) in sections.enumerated() {
            self.sections.append(try Self.store(content, metrics: metrics, width: viewport.width,
                                                path: "sections[\(i)]"))
        }
        recomputeSectionTops(from: 0)
        try checkExtent { "sections[\($0)]" }
    }

    /// The content's extent along the scroll axis at rest.
    var contentExtent: Double { (sectionTops.last ?? metrics.globalHeaderHeight) + (sectionHeights.last ?? 0) }

    /// Throws when the content is longer than ``maximumExtent``, at the
    /// first section that ends past it (`path` names a section).
    /// - Complexity: O(log s).
    func checkExtent(path: (Int) -> String) throws(LayoutError) {
        guard !(contentExtent <= Self.maximumExtent) else { return }
        var lower = 0, upper = sections.count - 1
        while lower < upper {
            let mid = (lower + upper) / 2
            if sectionTops[mid] + sectionHeights[mid] > Self.maximumExtent { upper = mid } else { lower = mid + 1 }
        }
        throw LayoutError(path: path(max(0, lower)),
                          problem: "makes the content \(contentExtent) points long: at most 2^52 (\(Int(Self.maximumExtent))) points fit")
    }

    /// Recomputes the section tops from `section` after a change; when the
    /// content is then longer than ``maximumExtent``, undoes the change
    /// with `undo`, recomputes again and throws at `path`: a change
    /// applies whole or not at all.
    /// - Complexity: O(sections after `section` × log n), and the undo's.
    mutating func settle(from section: Int, path: String, undo: (inout GridLayout) -> Void) throws(LayoutError) {
        recomputeSectionTops(from: section)
        guard !(contentExtent <= Self.maximumExtent) else { return }
        let long = contentExtent
        undo(&self)
        recomputeSectionTops(from: section)
        throw LayoutError(path: path,
                          problem: "would make the content \(long) points long: at most 2^52 (\(Int(Self.maximumExtent))) points fit")
    }

    /// Builds one section's store.
    static func store(_ content: SectionContent, metrics: LayoutMetrics, width: Double,
                      path: String) throws -> SectionStore {
        let resolved = try ResolvedMetrics(metrics, content.metrics, width: width, path: "\(path).metrics")
        guard content.count >= 0, content.count <= Self.maximumItemsPerSection else {
            throw LayoutError(path: "\(path).count",
                              problem: "must be between 0 and \(Self.maximumItemsPerSection), got \(content.count)")
        }
        var heights: ItemHeights?
        if let values = content.itemHeights {
            guard values.count == content.count else {
                throw LayoutError(path: "\(path).itemHeights",
                                  problem: "has \(values.count) heights for \(content.count) items")
            }
            for (k, h) in values.enumerated() {
                try LayoutError.checkLength(h, path: "\(path).itemHeights[\(k)]")
            }
            heights = ItemHeights(values, columns: resolved.columns)
        } else if let estimate = metrics.estimatedItemHeight {
            guard content.count <= Self.maximumItemsWithExtents else {
                throw LayoutError(path: "\(path).count",
                                  problem: "\(content.count) items with estimated heights: at most \(Self.maximumItemsWithExtents) keep extents of their own")
            }
            heights = ItemHeights([Double](repeating: estimate, count: content.count), columns: resolved.columns)
        }
        return SectionStore(count: content.count, overrides: content.metrics, metrics: resolved, heights: heights)
    }

    /// Recomputes section tops and heights from `section` on.
    /// - Complexity: O(sections × log n).
    mutating func recomputeSectionTops(from section: Int) {
        let start = max(0, min(section, sectionTops.count))
        sectionTops.removeSubrange(start...)
        sectionHeights.removeSubrange(start...)
        var y = start == 0 ? metrics.globalHeaderHeight : sectionTops[start - 1] + sectionHeights[start - 1]
        for s in start..<sections.count {
            let h = Self.sectionHeight(view(section: s, arrangement: .resting(count: sections[s].count)))
            sectionTops.append(y)
            sectionHeights.append(h)
            y += h
        }
    }

    /// The most items a section may hold (2^48: slot arithmetic never overflows).
    package static let maximumItemsPerSection = 1 << 48

    /// The most items of one section that keep extents of their own
    /// (estimated or measured heights): 2^25, about a gigabyte of trees.
    package static let maximumItemsWithExtents = 1 << 25

    /// The longest length a layout takes: 2^40 points (about 1.1 × 10¹²).
    /// Every height, width, spacing, inset, padding and thickness — in the
    /// metrics, the viewport, item heights and measured extents — is
    /// checked against it where it enters, and a longer one is refused
    /// with a ``LayoutError`` naming it. Longer lengths are no layout a
    /// screen can show, and below it no sum of lengths the layout forms
    /// can overflow.
    public static let maximumLength: Double = 0x1p40

    /// The longest content a layout holds, along the scroll axis: 2^52
    /// points (about 4.5 × 10¹⁵). Up to it every whole point is a
    /// `Double`, so positions keep their meaning; a layout or a change that
    /// would make the content longer is refused with a ``LayoutError``
    /// (the section, or the change, that goes past it), and nothing changes.
    public static let maximumExtent: Double = 0x1p52

    /// Checks a viewport: a width above 0 and a height of at least 0, both
    /// at most ``maximumLength``.
    static func checkViewport(_ viewport: Size) throws(LayoutError) {
        let w = viewport.width, h = viewport.height
        guard w.isFinite, w > 0, w <= maximumLength, h.isFinite, h >= 0, h <= maximumLength else {
            throw LayoutError(path: "viewport", problem: "must have a width above 0 and a height of at least 0, "
                + "finite and at most \(LayoutError.lengthLimitText), got \(viewport)")
        }
    }

    /// The number of sections.
    public var numberOfSections: Int { sections.count }

    /// The number of items in `section`, or 0 for a section that does not exist.
    public func numberOfItems(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].count : 0
    }

    /// The number of items in all sections.
    public var numberOfItems: Int { sections.reduce(0) { $0 + $1.count } }

    /// The height of an item: its own height, or its section's row height.
    public func height(of indexPath: ItemPath) -> Double? {
        guard isValid(indexPath) else { return nil }
        let store = sections[indexPath.section]
        return store.heights?.values[indexPath.item] ?? store.metrics.rowHeight
    }

    /// The content size at rest.
    public var contentSize: Size {
        Size(width: viewport.width, height: (sectionTops.last ?? metrics.globalHeaderHeight) + (sectionHeights.last ?? 0))
    }

    /// The content size under `presentation` (a drag between sections can
    /// change it).
    /// - Complexity: O(log n).
    public func contentSize(for presentation: LayoutPresentation) -> Size {
        if let group = grouped(presentation) {
            return group.map { $0.contentSize(presentation: presentation, drag: $1) } ?? contentSize
        }
        let context = QueryContext(self, presentation)
        let last = sections.count - 1
        guard last >= 0 else { return contentSize }
        return Size(width: viewport.width, height: context.sectionTop(last) + context.sectionHeight(last))
    }

    func isValid(_ indexPath: ItemPath) -> Bool {
        sections.indices.contains(indexPath.section) && indexPath.item >= 0
            && indexPath.item < sections[indexPath.section].count
    }

    func view(section: Int, arrangement: SlotArrangement, placeholderHeight: Double = 0,
              groupGap: Bool = false) -> SectionView {
        SectionView(store: sections[section], arrangement: arrangement, placeholderHeight: placeholderHeight,
                    groupGap: groupGap)
    }

    /// The gap's height in section `t`: the dragged item's own
    /// (`itemHeight`); in a group's derived layout, a gap in a one-column
    /// section is as tall as the group will be there (its items' heights,
    /// or the section's row height each, and the spacing between them).
    func gapHeight(inSection t: Int, itemHeight: Double) -> Double {
        guard let g = groupGap, g.count > 1, sections[t].metrics.columns == 1 else { return itemHeight }
        let m = sections[t].metrics
        let spacing = Double(g.count - 1) * m.lineSpacing
        return sections[t].heights == nil ? Double(g.count) * m.rowHeight + spacing : g.heightSum + spacing
    }


    /// A section's total height: header, insets, items, footer.
    static func sectionHeight(_ view: SectionView) -> Double {
        let m = view.metrics
        return m.header.space + m.insets.top + m.itemsAreaHeight(view.itemsHeight) + m.insets.bottom + m.footer.space
    }
}
