import GripperGeometry

extension FlowLayout: CollectionLayout {
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

    /// The content size under `presentation`.
    /// - Complexity: O(log n) plus the lines a drag rewraps.
    public func contentSize(for presentation: LayoutPresentation) -> Size {
        guard let last = sections.indices.last else { return contentSize }
        if let group = grouped(presentation) {
            return group.map { $0.contentSize(presentation: presentation, drag: $1) } ?? contentSize
        }
        let c = FlowContext(self, presentation)
        return Size(width: viewport.width, height: c.sectionTop(last) + c.sectionHeight(last))
    }

    /// The attributes of every element intersecting `rect`, in reading
    /// order: the global header, then section by section (background,
    /// header, lines with their cells, gap and actions, footer), then the
    /// drag proxy. The dragged source is not among them.
    /// - Complexity: O(log n + k), plus the lines a drag rewraps.
    public func attributes(in rect: Rect, presentation: LayoutPresentation = .resting,
                           contentOffset: Double = 0) -> [LayoutAttributes] {
        var out: [LayoutAttributes] = []
        forEachAttributes(in: rect, presentation: presentation, contentOffset: contentOffset) { out.append($0) }
        return out
    }

    /// Calls `body` with each element ``attributes(in:presentation:contentOffset:)`` returns.
    /// - Complexity: O(log n + k).
    public func forEachAttributes(in rect: Rect, presentation: LayoutPresentation = .resting,
                                  contentOffset: Double = 0, _ body: (LayoutAttributes) -> Void) {
        guard !rect.isEmpty else { return }
        if let group = grouped(presentation) {
            guard let (g, drag) = group else {
                return forEachAttributes(in: rect, presentation: presentation.withoutDrag, contentOffset: contentOffset, body)
            }
            return g.forEachAttributes(in: rect, presentation: presentation, drag: drag, contentOffset: contentOffset, body)
        }
        let c = FlowContext(self, presentation)
        if let g = builder.globalHeaderAttributes(contentOffset: contentOffset), g.frame.intersects(rect) { body(g) }
        var s = c.firstSection(endingBelow: rect.minY)
        while s < sections.count {
            let top = c.sectionTop(s)
            if top >= rect.maxY { break }
            visit(s, context: c, rect: rect, contentOffset: contentOffset, body)
            s += 1
        }
        if let a = c.proxyAttributes, a.frame.intersects(rect) { body(a) }
        visitMenu(in: rect, presentation: presentation, contentOffset: contentOffset, body)
    }

    private func visit(_ s: Int, context c: FlowContext, rect: Rect, contentOffset: Double,
                       _ body: (LayoutAttributes) -> Void) {
        let m = sections[s].metrics
        let top = c.sectionTop(s), height = c.sectionHeight(s)
        let view = c.view(s)
        if m.background {
            let a = background(s, view: view, top: top)
            if a.frame.intersects(rect) { body(a) }
        }
        if m.header.exists {
            let a = header(s, top: top, height: height, contentOffset: contentOffset)
            if a.frame.intersects(rect) { body(a) }
        }
        let origin = c.itemsOrigin(s)
        if var at = view.locate(y: rect.minY - origin.y) {
            while true {
                let line = view.line(run: at.run, at.line)
                if line.top + origin.y >= rect.maxY { break }
                for k in line.start..<line.end {
                    let frame = view.frame(position: k, in: line).offsetBy(origin)
                    guard frame.intersects(rect) else { continue }
                    let item = view.item(at: k)
                    if item < 0, let a = c.placeholderAttributes(at: frame) {
                        body(a)
                        continue
                    }
                    let a = cell(ItemPath(section: s, item: item), frame: frame, presentation: c.presentation)
                    body(a)
                    GridLayout.visitActions(of: a, in: rect, body)
                }
                guard let next = view.next(at) else { break }
                at = next
            }
        }
        if m.footer.exists {
            let a = footer(s, top: top, height: height, contentOffset: contentOffset)
            if a.frame.intersects(rect) { body(a) }
        }
    }

    /// One item's cell; the dragged source answers hidden at the gap, the
    /// other items of a multi-item drag hidden under the proxy.
    /// - Complexity: O(log n), plus the lines a drag rewraps.
    public func attributes(for indexPath: ItemPath, presentation: LayoutPresentation = .resting) -> LayoutAttributes? {
        guard isValid(indexPath) else { return nil }
        if let group = grouped(presentation) {
            guard let (g, drag) = group else { return attributes(for: indexPath, presentation: presentation.withoutDrag) }
            return g.attributes(for: indexPath, presentation: presentation, drag: drag, real: self)
        }
        let c = FlowContext(self, presentation)
        if let drag = c.drag, drag.source == indexPath {
            guard let frame = c.gapFrame else { return nil }
            var a = cell(indexPath, frame: frame, presentation: presentation)
            a.isHidden = true
            a.alpha = 0
            return a
        }
        let view = c.view(indexPath.section)
        guard let k = view.position(of: indexPath.item), let at = view.locate(position: k) else { return nil }
        let frame = view.frame(position: k, in: view.line(run: at.run, at.line)).offsetBy(c.itemsOrigin(indexPath.section))
        return cell(indexPath, frame: frame, presentation: presentation)
    }

    /// Any element by identity; separators never exist in a flow layout.
    /// - Complexity: O(log n).
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
        let c = FlowContext(self, presentation)
        let s = ip.section
        return builder.stackedElement(id, metrics: sections[s].metrics, context: c, contentOffset: contentOffset,
                                      layout: self, background: { background(s, view: c.view(s), top: c.sectionTop(s)) },
                                      other: { id.kind == .cell ? attributes(for: ip, presentation: presentation) : nil })
    }

    /// What lies under `point`: as the grid answers (see
    /// ``GridLayout/hitTest(_:presentation:contentOffset:)``).
    /// - Complexity: O(log n + k).
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
        guard isValid(indexPath) else { return nil }
        return GridLayout.swipeGeometry(cellWidth: sections[indexPath.section].width(indexPath.item),
                                        actions: actions, metrics: metrics.swipe)
    }

    // MARK: - Element builders

    func cell(_ ip: ItemPath, frame: Rect, presentation: LayoutPresentation) -> LayoutAttributes {
        builder.cellAttributes(indexPath: ip, frame: frame, column: 0, columns: 1, presentation: presentation)
    }

    func header(_ s: Int, top: Double, height: Double, contentOffset: Double) -> LayoutAttributes {
        builder.headerAttributes(s, metrics: sections[s].metrics, top: top, height: height, contentOffset: contentOffset)
    }

    func footer(_ s: Int, top: Double, height: Double, contentOffset: Double) -> LayoutAttributes {
        builder.footerAttributes(s, metrics: sections[s].metrics, top: top, height: height, contentOffset: contentOffset)
    }

    func background(_ s: Int, view: FlowView, top: Double) -> LayoutAttributes {
        builder.backgroundAttributes(s, metrics: sections[s].metrics, top: top, itemsHeight: view.itemsHeight)
    }
}
