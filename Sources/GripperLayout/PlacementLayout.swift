import GripperGeometry

/// A layout of sections whose items an ``ItemPlacement`` places: the
/// skeleton an app's own layout is written on.
///
/// The placement says where a section's slots are; the layout does the
/// rest as the shipped layouts do: the sections stacked along the scroll
/// axis from the global header, each with its insets, header and footer
/// (pinned when the metrics pin them) and background; the dragged item's
/// gap in its slot and the source hidden, within a section and across
/// sections (a section a drag leaves shows one slot fewer, one it enters
/// one more); a drag of several items (one gap for the group); the editing
/// controls, the swipe actions and an item's menu; hit testing, rect
/// queries, snapping (``LayoutMetrics/scrollSnapping``) and how elements
/// appear and go (``LayoutMetrics/appearance``).
///
/// Give an `Engine` one (its `layout:` argument) with the same metrics
/// the engine gets, and a viewport in scroll space
/// (`metrics.orientation.scrollSize(viewport)`); the engine lays the data
/// source's sections out in it.
///
/// ```swift
/// let metrics = LayoutMetrics(headerHeight: 32, sectionInsets: EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
/// let layout = try PlacementLayout(placement: Mosaic(), metrics: metrics,
///                                  viewport: Size(width: 390, height: 844))
/// let engine = try Engine(dataSource: album, delegate: AlbumRules(), viewport: Size(width: 390, height: 844),
///                         metrics: metrics, layout: layout, device: device)
/// ```
///
/// **The drop rule.** The gap goes to the slot under the dragged item's
/// centre: the slot whose frame holds the point, else the nearest one (by
/// distance to its frame) in the section under the point. It holds while
/// the gap's frame is no more than 4 points further from the point than
/// that slot's (so within 4 points of the gap, and along the line where
/// two slots are equally near, a tremble moves nothing). A move into another
/// section (whose slots, one more now, may be placed anew) is taken only
/// when, with the gap there, the same point is over the same slot (tried
/// once more at the slot it is over then: the slot after a section's last
/// item opens only with the gap in it), so the same point always proposes
/// the same slot again.
///
/// Items take the frames the placement gives their slots: heights and
/// widths from the data source are not used, and a measured extent
/// (``CollectionLayout/setExtent(_:of:)``) is refused with a
/// ``LayoutError``.
/// - Complexity: queries cost O(log s) for s sections plus the slots the
///   placement's ``ItemPlacement/slots(intersecting:count:width:)``
///   returns; a layout, reload or batch O(s).
public struct PlacementLayout: Sendable {
    /// What places each section's items.
    public let placement: any ItemPlacement
    /// The layout-wide metrics (`columns`, separators and per-item sizes are
    /// the grid's and not used here).
    public private(set) var metrics: LayoutMetrics { didSet { groupCache = GroupCache() } }
    /// The viewport's size in scroll space.
    public private(set) var viewport: Size { didSet { groupCache = GroupCache() } }
    var sections: [PlacedSection] { didSet { groupCache = GroupCache() } }
    var sectionTops: [Double]
    var sectionHeights: [Double]
    /// The derived layout of the multi-item drag in flight (see
    /// `GroupedDrag`).
    var groupCache = GroupCache<PlacementLayout>()
    /// The grid's element builders (cells with their editing controls and
    /// swipe panes, headers, footers, backgrounds, the global header).
    let builder: GridLayout

    /// Lays `sections` out with `placement`.
    /// - Parameters:
    ///   - placement: where each section's items go.
    ///   - sections: each section's item count and metric overrides (an
    ///     `Engine` replaces them with its data source's).
    ///   - metrics: the section insets, headers, footers, backgrounds, the
    ///     global header, swipe and editing metrics, snapping and appearance.
    ///   - viewport: the viewport's size in scroll space.
    /// - Throws: ``LayoutError`` naming the bad value (the metrics, the
    ///   viewport, a count, an extent the placement gives); no layout is
    ///   made then.
    /// - Complexity: O(s) for s sections, three extents asked of the
    ///   placement for each.
    public init(placement: some ItemPlacement, sections: [SectionContent] = [], metrics: LayoutMetrics = LayoutMetrics(),
                viewport: Size) throws {
        var base = metrics
        base.columns = 1
        base.minimumItemWidth = nil
        builder = try GridLayout(sections: [], metrics: base, viewport: viewport)
        self.placement = placement
        self.metrics = metrics
        self.viewport = viewport
        self.sections = []
        sectionTops = []
        sectionHeights = []
        self.sections.reserveCapacity(sections.count)
        for (i, content) in sections.enumerated() {
            self.sections.append(try Self.section(content.count, overrides: content.metrics, metrics: base,
                                                  placement: placement, width: viewport.width,
                                                  path: "sections[\(i)]"))
        }
        recomputeSectionTops(from: 0)
        try checkExtent()
    }

    /// One section, checked: its resolved metrics and the extents of its
    /// slots at rest and with one fewer and one more.
    static func section(_ count: Int, overrides given: SectionMetrics, metrics: LayoutMetrics, placement: any ItemPlacement,
                        width: Double, path: String) throws -> PlacedSection {
        var overrides = given
        overrides.columns = nil
        let resolved = try ResolvedMetrics(metrics, overrides, width: width, path: "\(path).metrics")
        guard count >= 0, count <= GridLayout.maximumItemsPerSection else {
            throw LayoutError(path: "\(path).count",
                              problem: "must be between 0 and \(GridLayout.maximumItemsPerSection), got \(count)")
        }
        let area = max(0, width - resolved.insets.left - resolved.insets.right)
        // An extent the placement gets wrong is taken as the nearest it
        // could be (a NaN or a negative one as 0, a longer one as 2^40):
        // refusing it here would refuse the model an app batch already
        // changed, and the layout would fall out of step with it.
        func extent(_ n: Int) -> Double {
            guard n >= 0 else { return 0 }
            let e = placement.extent(ofSlots: n, width: area)
            guard e.isFinite || e == .infinity, e > 0 else { return 0 }
            return min(e, GridLayout.maximumLength)
        }
        return PlacedSection(count: count, metrics: resolved, overrides: overrides, areaWidth: area,
                             fewer: extent(count - 1), resting: extent(count), more: extent(count + 1))
    }

    /// Recomputes section tops and heights from `section` on.
    /// - Complexity: O(sections).
    mutating func recomputeSectionTops(from section: Int) {
        let start = max(0, min(section, sectionTops.count))
        sectionTops.removeSubrange(start...)
        sectionHeights.removeSubrange(start...)
        var y = start == 0 ? metrics.globalHeaderHeight : sectionTops[start - 1] + sectionHeights[start - 1]
        for s in start..<sections.count {
            let h = sections[s].height(itemsExtent: sections[s].resting)
            sectionTops.append(y)
            sectionHeights.append(h)
            y += h
        }
    }

    /// Throws when the content is longer than a layout holds (2^52 points).
    func checkExtent() throws(LayoutError) {
        guard !(contentSize.height <= GridLayout.maximumExtent) else { return }
        throw LayoutError(path: "sections",
                          problem: "make the content \(contentSize.height) points long: at most 2^52 (\(Int(GridLayout.maximumExtent))) points fit")
    }

    func isValid(_ p: ItemPath) -> Bool {
        sections.indices.contains(p.section) && p.item >= 0 && p.item < sections[p.section].count
    }

    /// The frame of `slot` among `count` in section `s`'s items area at
    /// `origin`, as the placement gives it (an empty frame at the origin
    /// for one that is not finite).
    /// - Complexity: one call of the placement's.
    func slotFrame(_ slot: Int, count: Int, section s: Int, origin: Point) -> Rect {
        let f = placement.frame(ofSlot: slot, count: count, width: sections[s].areaWidth)
        guard f.minX.isFinite, f.minY.isFinite, f.width.isFinite, f.height.isFinite, f.width >= 0, f.height >= 0,
              (f.minX + origin.x).isFinite, (f.minY + origin.y).isFinite else {
            return Rect(x: origin.x, y: origin.y, width: 0, height: 0)
        }
        return f.offsetBy(origin)
    }

    /// The cell `cell` (in `slot` of `count` in section `s`) as the
    /// placement dresses it: its transform, z-order, alpha and value taken
    /// (those that are finite), everything else kept.
    /// - Complexity: one call of the placement's.
    func dressed(_ cell: LayoutAttributes, slot: Int, count: Int, section s: Int) -> LayoutAttributes {
        var asked = cell
        placement.adjustCell(&asked, slot: slot, count: count, width: sections[s].areaWidth)
        var out = cell
        let t = asked.transform
        if t.scale.isFinite, t.rotation.isFinite, t.translation.x.isFinite, t.translation.y.isFinite { out.transform = t }
        out.value = asked.value
        out.zIndex = asked.zIndex
        if asked.alpha.isFinite { out.alpha = min(1, max(0, asked.alpha)) }
        return out
    }

    /// The app's own elements of section `s` (items area at `origin`,
    /// `count` slots shown) that meet `rect` (content coordinates): the
    /// placement's answer with other kinds and frames that are not finite
    /// (or have a negative size) left out, frames moved to content
    /// coordinates and each element's section set to `s`.
    /// - Complexity: as the placement's ``ItemPlacement/elements(in:section:count:width:)``.
    func appElements(meeting rect: Rect, count: Int, section s: Int, origin: Point) -> [LayoutAttributes] {
        let local = Rect(x: rect.minX - origin.x, y: rect.minY - origin.y, width: rect.width, height: rect.height)
        var out: [LayoutAttributes] = []
        for var a in placement.elements(in: local, section: s, count: count, width: sections[s].areaWidth)
        where a.kind.isAppDefined {
            let f = a.frame
            guard f.minX.isFinite, f.minY.isFinite, f.width.isFinite, f.height.isFinite, f.width >= 0, f.height >= 0,
                  (f.minX + origin.x).isFinite, (f.minY + origin.y).isFinite else { continue }
            a.frame = f.offsetBy(origin)
            a.indexPath = ItemPath(section: s, item: a.indexPath?.item ?? 0)
            if !a.alpha.isFinite { a.alpha = 1 }
            guard a.frame.intersects(rect) else { continue }
            out.append(a)
        }
        return out
    }

    /// The slots the placement says may meet `rect` (content coordinates)
    /// in section `s`'s items area at `origin`, clamped to the slots.
    func slots(meeting rect: Rect, count: Int, section s: Int, origin: Point) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        let local = Rect(x: rect.minX - origin.x, y: rect.minY - origin.y, width: rect.width, height: rect.height)
        let r = placement.slots(intersecting: local, count: count, width: sections[s].areaWidth)
        let lower = max(0, min(r.lowerBound, count)), upper = max(lower, min(r.upperBound, count))
        return lower..<upper
    }
}

/// One section of a ``PlacementLayout``: its count, metrics and the
/// extents of its slots (at rest, and with one slot fewer or more, as a
/// drag shows it), asked of the placement once.
struct PlacedSection: Sendable {
    var count: Int
    var metrics: ResolvedMetrics
    var overrides: SectionMetrics
    /// The items area's width across the scroll axis.
    var areaWidth: Double
    /// The extent of `count - 1`, `count` and `count + 1` slots.
    var fewer: Double, resting: Double, more: Double

    /// The extent of `slots` slots (one of the three kept).
    func extent(slots: Int) -> Double { slots < count ? fewer : slots > count ? more : resting }

    /// The section's length with an items area `itemsExtent` long.
    func height(itemsExtent: Double) -> Double {
        let m = metrics
        return m.header.space + m.insets.top + m.itemsAreaHeight(itemsExtent) + m.insets.bottom + m.footer.space
    }
}

/// A placement layout seen through one presentation: the drag resolved into
/// the slot arrangements of the (at most two) sections it touches, and the
/// section tops shifted by their extent changes. Built once per query.
struct PlacementContext: StackedSectionsContext {
    struct Drag {
        let source: ItemPath
        let target: ItemPath
        let proxyFrame: Rect
        let sourceArrangement: SlotArrangement
        let targetArrangement: SlotArrangement
        let sourceDelta: Double
        let targetDelta: Double
    }

    let layout: PlacementLayout
    let presentation: LayoutPresentation
    let drag: Drag?

    init(_ layout: PlacementLayout, _ presentation: LayoutPresentation) {
        self.layout = layout
        self.presentation = presentation
        drag = presentation.drag.flatMap { Self.resolve($0, in: layout) }
    }

    /// Checks a drag against the layout; an impossible one is ignored.
    private static func resolve(_ d: DragState, in layout: PlacementLayout) -> Drag? {
        guard layout.isValid(d.source), layout.sections.indices.contains(d.target.section),
              d.proxyCenter.x.isFinite, d.proxyCenter.y.isFinite else { return nil }
        let s = d.source.section, t = d.target.section
        let source = layout.sections[s]
        let origin = Point(x: source.metrics.insets.left, y: 0)
        let size = layout.slotFrame(d.source.item, count: source.count, section: s, origin: origin).size
        let proxy = Rect(x: d.proxyCenter.x - size.width / 2, y: d.proxyCenter.y - size.height / 2,
                         width: size.width, height: size.height)
        func delta(_ section: Int, slots: Int) -> Double {
            let store = layout.sections[section]
            return store.height(itemsExtent: store.extent(slots: slots)) - layout.sectionHeights[section]
        }
        if s == t {
            guard d.target.item >= 0, d.target.item < source.count else { return nil }
            let a = SlotArrangement.within(count: source.count, source: d.source.item, target: d.target.item)
            return Drag(source: d.source, target: d.target, proxyFrame: proxy, sourceArrangement: a,
                        targetArrangement: a, sourceDelta: 0, targetDelta: 0)
        }
        let target = layout.sections[t]
        guard d.target.item >= 0, d.target.item <= target.count else { return nil }
        return Drag(source: d.source, target: d.target, proxyFrame: proxy,
                    sourceArrangement: .leaving(count: source.count, source: d.source.item),
                    targetArrangement: .entering(count: target.count, target: d.target.item),
                    sourceDelta: delta(s, slots: source.count - 1), targetDelta: delta(t, slots: target.count + 1))
    }

    /// How many items the drag carries (0 with no drag).
    var itemCount: Int { drag == nil ? 0 : presentation.drag?.itemCount ?? 0 }

    /// Which item each of `section`'s slots shows.
    func arrangement(_ section: Int) -> SlotArrangement {
        if let drag {
            if section == drag.target.section { return drag.targetArrangement }
            if section == drag.source.section { return drag.sourceArrangement }
        }
        return .resting(count: layout.sections[section].count)
    }

    // MARK: DraggedSections

    var sectionCount: Int { layout.sections.count }
    func restingTop(_ section: Int) -> Double { layout.sectionTops[section] }
    func restingHeight(_ section: Int) -> Double { layout.sectionHeights[section] }
    var sectionShift: (source: Int, sourceDelta: Double, target: Int, targetDelta: Double)? {
        drag.map { ($0.source.section, $0.sourceDelta, $0.target.section, $0.targetDelta) }
    }

    var dragEnds: (source: ItemPath, target: ItemPath, proxyFrame: Rect)? {
        drag.map { ($0.source, $0.target, $0.proxyFrame) }
    }

    /// The top-left of `section`'s items area.
    func itemsOrigin(_ section: Int) -> Point {
        let m = layout.sections[section].metrics
        return Point(x: m.insets.left, y: sectionTop(section) + m.header.space + m.insets.top)
    }

    /// The frame of `section`'s `slot` under this presentation.
    func frame(ofSlot slot: Int, section: Int) -> Rect {
        layout.slotFrame(slot, count: arrangement(section).slotCount, section: section, origin: itemsOrigin(section))
    }

    /// The gap's frame, or nil without a drag.
    var gapFrame: Rect? {
        drag.map { frame(ofSlot: $0.target.item, section: $0.target.section) }
    }
}
