import GripperGeometry

extension PlacementLayout: GroupedLayout {}

extension PlacementLayout: CollectionLayout {
    /// How the layout maps onto the screen (``LayoutMetrics/orientation``).
    public var orientation: LayoutOrientation { metrics.orientation }

    /// The number of sections.
    public var numberOfSections: Int { sections.count }

    /// The number of items in `section`, or 0 for a section that does not exist.
    public func numberOfItems(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].count : 0
    }

    /// The content size at rest.
    public var contentSize: Size {
        Size(width: viewport.width, height: (sectionTops.last ?? metrics.globalHeaderHeight) + (sectionHeights.last ?? 0))
    }

    /// The content size under `presentation` (a drag across sections can change it).
    /// - Complexity: O(1), or the group's derived layout once per group.
    public func contentSize(for presentation: LayoutPresentation) -> Size {
        guard let last = sections.indices.last else { return contentSize }
        if let group = grouped(presentation) {
            return group.map { $0.contentSize(presentation: presentation, drag: $1) } ?? contentSize
        }
        let c = PlacementContext(self, presentation)
        return Size(width: viewport.width, height: c.sectionTop(last) + c.sectionHeight(last))
    }

    /// The attributes of every element intersecting `rect`, in reading
    /// order: the global header, then section by section (background,
    /// header, the slots with their cells, gap and actions, footer), then
    /// the drag proxy and an open menu. The dragged source is not among them.
    /// - Complexity: O(log s + k) for the k slots the placement returns.
    public func attributes(in rect: Rect, presentation: LayoutPresentation = .resting,
                           contentOffset: Double = 0) -> [LayoutAttributes] {
        var out: [LayoutAttributes] = []
        forEachAttributes(in: rect, presentation: presentation, contentOffset: contentOffset) { out.append($0) }
        return out
    }

    /// Calls `body` with each element ``attributes(in:presentation:contentOffset:)`` returns.
    /// - Complexity: O(log s + k).
    package func forEachAttributes(in rect: Rect, presentation: LayoutPresentation = .resting,
                                  contentOffset: Double = 0, _ body: (LayoutAttributes) -> Void) {
        guard !rect.isEmpty else { return }
        if let group = grouped(presentation) {
            guard let (g, drag) = group else {
                return forEachAttributes(in: rect, presentation: presentation.withoutDrag, contentOffset: contentOffset, body)
            }
            return g.forEachAttributes(in: rect, presentation: presentation, drag: drag, contentOffset: contentOffset, body)
        }
        let c = PlacementContext(self, presentation)
        if let g = builder.globalHeaderAttributes(contentOffset: contentOffset), g.frame.intersects(rect) { body(g) }
        var s = c.firstSection(endingBelow: rect.minY)
        while s < sections.count {
            if c.sectionTop(s) >= rect.maxY { break }
            visit(s, context: c, rect: rect, contentOffset: contentOffset, body)
            s += 1
        }
        if let a = c.proxyAttributes, a.frame.intersects(rect) { body(a) }
        visitMenu(in: rect, presentation: presentation, contentOffset: contentOffset, body)
    }

    private func visit(_ s: Int, context c: PlacementContext, rect: Rect, contentOffset: Double,
                       _ body: (LayoutAttributes) -> Void) {
        let m = sections[s].metrics
        let top = c.sectionTop(s), height = c.sectionHeight(s)
        let arrangement = c.arrangement(s)
        if m.background {
            let a = builder.backgroundAttributes(s, metrics: m, top: top,
                                                 itemsHeight: sections[s].extent(slots: arrangement.slotCount))
            if a.frame.intersects(rect) { body(a) }
        }
        if m.header.exists {
            let a = builder.headerAttributes(s, metrics: m, top: top, height: height, contentOffset: contentOffset)
            if a.frame.intersects(rect) { body(a) }
        }
        let origin = c.itemsOrigin(s)
        let count = arrangement.slotCount
        let own = appElements(meeting: rect, count: count, section: s, origin: origin)
        for a in own where a.kind.isDecoration { body(a) }
        for k in slots(meeting: rect, count: count, section: s, origin: origin) {
            let frame = slotFrame(k, count: count, section: s, origin: origin)
            guard frame.intersects(rect) else { continue }
            let item = arrangement.item(atSlot: k)
            if item < 0, let a = c.placeholderAttributes(at: frame) {
                body(a)
                continue
            }
            let a = dressed(builder.cellAttributes(indexPath: ItemPath(section: s, item: item), frame: frame, column: 0,
                                                   columns: 1, presentation: c.presentation),
                            slot: k, count: count, section: s)
            body(a)
            GridLayout.visitActions(of: a, in: rect, body)
        }
        for a in own where !a.kind.isDecoration { body(a) }
        if m.footer.exists {
            let a = builder.footerAttributes(s, metrics: m, top: top, height: height, contentOffset: contentOffset)
            if a.frame.intersects(rect) { body(a) }
        }
    }

    /// One item's cell; the dragged source answers hidden at the gap, the
    /// other items of a multi-item drag hidden under the proxy.
    /// - Complexity: O(1), one frame asked of the placement.
    public func attributes(for indexPath: ItemPath, presentation: LayoutPresentation = .resting) -> LayoutAttributes? {
        guard isValid(indexPath) else { return nil }
        if let group = grouped(presentation) {
            guard let (g, drag) = group else { return attributes(for: indexPath, presentation: presentation.withoutDrag) }
            return g.attributes(for: indexPath, presentation: presentation, drag: drag, real: self)
        }
        let c = PlacementContext(self, presentation)
        if let drag = c.drag, drag.source == indexPath, let gap = c.gapFrame {
            var a = builder.cellAttributes(indexPath: indexPath, frame: gap, column: 0, columns: 1,
                                           presentation: presentation)
            a.isHidden = true
            a.alpha = 0
            return a
        }
        let arrangement = c.arrangement(indexPath.section)
        guard let slot = arrangement.slot(ofItem: indexPath.item) else { return nil }
        return dressed(builder.cellAttributes(indexPath: indexPath, frame: c.frame(ofSlot: slot, section: indexPath.section),
                                              column: 0, columns: 1, presentation: presentation),
                       slot: slot, count: arrangement.slotCount, section: indexPath.section)
    }

    /// Any element by identity; separators never exist in a placement
    /// layout. The app's own elements are found among all of their
    /// section's (``ItemPlacement/elements(in:section:count:width:)`` asked
    /// for everything).
    /// - Complexity: O(1) (a menu: its entries; an app's element: its section's).
    public func attributes(for id: ElementID, presentation: LayoutPresentation = .resting,
                           contentOffset: Double = 0) -> LayoutAttributes? {
        if case .globalHeader = id.kind { return builder.globalHeaderAttributes(contentOffset: contentOffset) }
        guard let ip = id.indexPath, sections.indices.contains(ip.section) else { return nil }
        if let group = grouped(presentation) {
            guard let (g, drag) = group else {
                return attributes(for: id, presentation: presentation.withoutDrag, contentOffset: contentOffset)
            }
            return g.attributes(for: id, presentation: presentation, drag: drag, contentOffset: contentOffset, real: self)
        }
        let c = PlacementContext(self, presentation)
        let s = ip.section, m = sections[s].metrics
        return builder.stackedElement(id, metrics: m, context: c, contentOffset: contentOffset, layout: self,
                                      background: {
                                          builder.backgroundAttributes(s, metrics: m, top: c.sectionTop(s),
                                                                       itemsHeight: sections[s].extent(slots: c.arrangement(s).slotCount))
                                      },
                                      other: {
                                          switch id.kind {
                                          case .cell: return attributes(for: ip, presentation: presentation)
                                          case .supplementary, .decoration:
                                              let everywhere = Rect(x: -GridLayout.maximumExtent, y: -GridLayout.maximumExtent,
                                                                    width: 2 * GridLayout.maximumExtent,
                                                                    height: 2 * GridLayout.maximumExtent)
                                              return appElements(meeting: everywhere, count: c.arrangement(s).slotCount,
                                                                 section: s, origin: c.itemsOrigin(s))
                                                  .first { $0.kind == id.kind && $0.indexPath == ip }
                                          default: return nil
                                          }
                                      })
    }

    /// What lies under `point`: the topmost element, and inside a cell the
    /// control under the point before the cell.
    /// - Complexity: O(log s + k) for the k slots the placement returns for the point.
    public func hitTest(_ point: Point, presentation: LayoutPresentation = .resting,
                        contentOffset: Double = 0) -> HitTarget? {
        hitTestByProbe(point) { probe, visit in
            forEachAttributes(in: probe, presentation: presentation, contentOffset: contentOffset, visit)
        }
    }

    /// The swipe geometry of the cell at `indexPath`: its own width is the
    /// most it can reveal.
    /// - Complexity: O(actions).
    public func swipeGeometry(for indexPath: ItemPath, actions: [SwipeAction]) -> SwipeGeometry? {
        guard let frame = attributes(for: indexPath, presentation: .resting)?.frame else { return nil }
        return GridLayout.swipeGeometry(cellWidth: frame.width, actions: actions, metrics: metrics.swipe)
    }

    /// The area `section`'s items take under `presentation`, across the
    /// whole viewport.
    /// - Complexity: O(1).
    public func itemsFrame(ofSection section: Int, presentation: LayoutPresentation) -> Rect? {
        guard sections.indices.contains(section) else { return nil }
        if let group = grouped(presentation) {
            guard let (g, drag) = group else { return itemsFrame(ofSection: section, presentation: presentation.withoutDrag) }
            return g.itemsFrame(ofSection: section, presentation: presentation, drag: drag)
        }
        return PlacementContext(self, presentation).itemsFrame(section, metrics: sections[section].metrics,
                                                               width: viewport.width)
    }

    /// Where the dragged item would land with the proxy's centre at
    /// `point` (see "The drop rule" on ``PlacementLayout``): the slot under
    /// the point, held while the gap is within 4 points of being as near;
    /// `nil` without a drag.
    /// - Complexity: O(log s + k) for the k slots the placement returns
    ///   near the point; twice that when the gap would enter another section.
    public func dropTarget(at point: Point, presentation: LayoutPresentation) -> ItemPath? {
        if let group = grouped(presentation) {
            return group.flatMap { $0.dropTarget(at: point, presentation: presentation, drag: $1) }
        }
        guard let drag = presentation.drag, !sections.isEmpty else { return nil }
        let here = PlacementContext(self, presentation)
        guard here.drag != nil, let gap = here.gapFrame else { return nil }
        guard let under = slot(under: point, here), under.target != drag.target else { return drag.target }
        // Held while the gap is no more than the hysteresis further from
        // the point than the slot under it.
        if Self.distance(from: point, to: gap) <= under.distance + GridLayout.dropHysteresis { return drag.target }
        // The gap's own section keeps its slots wherever the gap is in it.
        if under.target.section == drag.target.section { return under.target }
        // Another section shows one slot more with the gap in it, placed
        // anew: taken where, with the gap there, the point is over the same
        // slot. Tried again once at the slot the point is over then (a
        // point past a section's last item is over the slot after it only
        // once the gap is in the section).
        var candidate = under.target
        for _ in 0..<2 {
            var moved = presentation
            moved.drag?.target = candidate
            let there = PlacementContext(self, moved)
            guard there.drag != nil, let again = slot(under: point, there)?.target else { return drag.target }
            if again == candidate { return candidate }
            guard again.section == candidate.section else { return drag.target }
            candidate = again
        }
        return drag.target
    }

    /// The distance from `point` to `rect` (0 inside it).
    static func distance(from point: Point, to rect: Rect) -> Double {
        let dx = max(rect.minX - point.x, 0, point.x - rect.maxX), dy = max(rect.minY - point.y, 0, point.y - rect.maxY)
        let d = (dx * dx + dy * dy).squareRoot()
        return d.isNaN ? .infinity : d
    }

    /// The target the slot under `point` stands for in `c`, and how far
    /// the point is from its frame: the slot whose frame holds the point,
    /// else the nearest, in the section under the point; nil when that
    /// section can take no target.
    /// - Complexity: O(log s + k) for the k slots the placement returns.
    private func slot(under point: Point, _ c: PlacementContext) -> (target: ItemPath, distance: Double)? {
        guard let drag = c.drag, point.x.isFinite, point.y.isFinite else { return nil }
        let s = min(c.firstSection(endingBelow: point.y), sections.count - 1)
        // The largest target in this section: the source's section loses the item.
        let last = s == drag.source.section ? sections[s].count - 1 : sections[s].count
        guard last >= 0 else { return nil }
        let count = c.arrangement(s).slotCount
        let origin = c.itemsOrigin(s)
        guard count > 0 else {
            let area = c.itemsFrame(s, metrics: sections[s].metrics, width: viewport.width)
            return (ItemPath(section: s, item: 0), Self.distance(from: point, to: area))
        }
        let reach = viewport.width + viewport.height
        var best = -1, bestDistance = Double.infinity
        func consider(_ slots: Range<Int>) {
            for k in slots {
                let d = Self.distance(from: point, to: slotFrame(k, count: count, section: s, origin: origin))
                if d < bestDistance { best = k; bestDistance = d }
                if d == 0 { return }
            }
        }
        let probe = Rect(x: point.x, y: point.y, width: point.x.nextUp - point.x, height: point.y.nextUp - point.y)
        consider(slots(meeting: probe, count: count, section: s, origin: origin))
        if bestDistance > 0 {
            consider(slots(meeting: Rect(x: point.x - reach, y: point.y - reach, width: 2 * reach, height: 2 * reach),
                           count: count, section: s, origin: origin))
        }
        if best < 0 { best = point.y < origin.y ? 0 : count - 1 }
        // Slots are the order after the move: in the gap's section they
        // count the gap, in the source's the item is out.
        return (ItemPath(section: s, item: min(best, last)), bestDistance)
    }

    /// Snaps as ``LayoutMetrics/scrollSnapping`` says: to the edge of a
    /// slot's frame for `item`, a page for `page`.
    public func targetContentOffset(forProposed proposed: Double, from current: Double, velocity: Double,
                                    viewportExtent: Double) -> Double {
        metrics.scrollSnapping.target(in: self, proposed: proposed, from: current, velocity: velocity,
                                      viewportExtent: viewportExtent)
    }

    /// As ``LayoutMetrics/appearance`` says.
    public func initialAttributes(forAppearing attributes: LayoutAttributes) -> LayoutAttributes {
        metrics.appearance.hidden(attributes)
    }

    /// As ``LayoutMetrics/appearance`` says.
    public func finalAttributes(forDisappearing attributes: LayoutAttributes) -> LayoutAttributes {
        metrics.appearance.hidden(attributes)
    }

    // MARK: - Changes

    /// Replaces every section, keeping the placement, the metrics and the
    /// viewport (item heights and widths are not used).
    /// - Complexity: O(s).
    public mutating func reload(_ sections: [SectionContent]) throws {
        self = try PlacementLayout(placement: placement, sections: sections, metrics: metrics, viewport: viewport)
    }

    /// Lays the sections out again for `viewport`.
    /// - Complexity: O(s).
    public mutating func resize(to viewport: Size, contents: [SectionContent]) throws {
        self = try PlacementLayout(placement: placement, sections: contents, metrics: metrics, viewport: viewport)
    }

    /// Follows a batch of item changes: the counts change (the placement
    /// places the slots; extents given are checked, not used). Everything
    /// is checked first; a ``LayoutError`` leaves the layout unchanged.
    /// - Complexity: O(k log k + s) for k changes.
    public mutating func applyItemChanges(removing removals: [ItemPath], inserting insertions: [ItemInsertion]) throws {
        var removed = Set<ItemPath>(), counts = sections.map(\.count)
        for p in removals {
            guard isValid(p) else { throw LayoutError(path: "applyItemChanges.removing", problem: "\(p) is not an item") }
            guard removed.insert(p).inserted else { throw LayoutError(path: "applyItemChanges.removing", problem: "\(p) twice") }
            counts[p.section] -= 1
        }
        for i in insertions {
            guard sections.indices.contains(i.indexPath.section) else {
                throw LayoutError(path: "applyItemChanges.inserting", problem: "section \(i.indexPath.section) does not exist")
            }
            for v in [i.extent, i.crossExtent].compactMap({ $0 }) {
                guard v.isFinite, v >= 0, v <= GridLayout.maximumLength else {
                    throw LayoutError(path: "applyItemChanges.inserting",
                                      problem: "size \(v) at \(i.indexPath): at most \(LayoutError.lengthLimitText)")
                }
            }
            counts[i.indexPath.section] += 1
        }
        var inserted = Set<ItemPath>()
        for i in insertions {
            let p = i.indexPath
            guard p.item >= 0, p.item < counts[p.section], inserted.insert(p).inserted else {
                throw LayoutError(path: "applyItemChanges.inserting",
                                  problem: "\(p) is outside 0..<\(counts[p.section]) or twice")
            }
        }
        var changed = sections
        var first = Int.max
        for s in sections.indices where counts[s] != sections[s].count {
            var base = metrics
            base.columns = 1
            base.minimumItemWidth = nil
            changed[s] = try Self.section(counts[s], overrides: sections[s].overrides, metrics: base, placement: placement,
                                          width: viewport.width, path: "applyItemChanges.sections[\(s)]")
            first = min(first, s)
        }
        guard first < Int.max else { return }
        let before = (sections, sectionTops, sectionHeights)
        sections = changed
        recomputeSectionTops(from: first)
        do {
            try checkExtent()
        } catch {
            (sections, sectionTops, sectionHeights) = before
            throw error
        }
    }

    /// Refused: the placement sizes the slots, so a measured extent has
    /// nowhere to go.
    /// - Throws: ``LayoutError`` always; the layout is unchanged.
    public mutating func setExtent(_ extent: Double, of indexPath: ItemPath) throws -> Double {
        throw LayoutError(path: "setExtent", problem: "a placement layout sizes its slots itself (\(indexPath))")
    }

    /// Checks that the section tops and extents agree with a fresh
    /// measurement. O(s): for tests and debug checks.
    public func _checkInvariants() -> [String] {
        var problems: [String] = []
        var y = metrics.globalHeaderHeight
        for (s, store) in sections.enumerated() {
            if sectionTops[s] != y { problems.append("sections[\(s)]: top \(sectionTops[s]), expected \(y)") }
            let h = store.height(itemsExtent: store.resting)
            if sectionHeights[s] != h { problems.append("sections[\(s)]: extent \(sectionHeights[s]), expected \(h)") }
            y += h
        }
        return problems
    }
}
