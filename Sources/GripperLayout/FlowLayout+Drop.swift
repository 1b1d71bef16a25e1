import GripperGeometry

extension FlowLayout {
    /// The area `section`'s items take under `presentation` (a drag in
    /// flight moves it), across the whole viewport.
    /// - Complexity: O(log n) (one query context).
    public func itemsFrame(ofSection section: Int, presentation: LayoutPresentation) -> Rect? {
        guard sections.indices.contains(section) else { return nil }
        if let group = grouped(presentation) {
            guard let (g, drag) = group else { return itemsFrame(ofSection: section, presentation: presentation.withoutDrag) }
            return g.itemsFrame(ofSection: section, presentation: presentation, drag: drag)
        }
        return FlowContext(self, presentation).itemsFrame(section, metrics: sections[section].metrics, width: viewport.width)
    }

    /// Where the dragged item would land with the proxy's centre at `point`.
    ///
    /// The rule is stable by construction: the gap stays while the point is
    /// over it (its frame widened to its line's extent and half the spacing
    /// on either side). Otherwise the candidate is the position under the
    /// point — the item there, or the one after it past the item's middle —
    /// in the section under the point, and the gap moves there only if,
    /// with the gap there, the point is over it; else it stays. So the same
    /// point always proposes the same gap again: with items of mixed widths
    /// a move that would rewrap the gap away from the finger is not taken.
    /// - Complexity: O(log n) for two query contexts, plus the lines a
    ///   drag rewraps.
    public func dropTarget(at point: Point, presentation: LayoutPresentation) -> IndexPath? {
        if let group = grouped(presentation) {
            return group.flatMap { $0.dropTarget(at: point, presentation: presentation, drag: $1) }
        }
        guard let drag = presentation.drag, !sections.isEmpty else { return nil }
        let c = FlowContext(self, presentation)
        guard c.drag != nil else { return nil }
        if covers(point, c) { return drag.target }
        guard let candidate = candidate(under: point, c), candidate != drag.target else { return drag.target }
        var moved = presentation
        moved.drag?.target = candidate
        let m = FlowContext(self, moved)
        return m.drag != nil && covers(point, m) ? candidate : drag.target
    }

    /// Whether `point` is over the gap of `c`'s drag (widened to its line).
    private func covers(_ point: Point, _ c: FlowContext) -> Bool {
        guard let drag = c.drag else { return false }
        let view = drag.targetView
        guard let at = view.locate(position: drag.target.item) else { return false }
        let line = view.line(run: at.run, at.line)
        let origin = c.itemsOrigin(drag.target.section)
        let frame = view.frame(position: drag.target.item, in: line).offsetBy(origin)
        let half = sections[drag.target.section].spacing / 2
        let lineSpacing = sections[drag.target.section].lineSpacing / 2
        return point.x >= frame.minX - half && point.x < frame.maxX + half
            && point.y >= origin.y + line.top - lineSpacing && point.y < origin.y + line.top + line.height + lineSpacing
    }

    /// The target the point proposes: the position under it in the section
    /// under it (the first or last for points before or after the lines).
    private func candidate(under point: Point, _ c: FlowContext) -> IndexPath? {
        guard let drag = c.drag else { return nil }
        let s = min(c.firstSection(endingBelow: point.y), sections.count - 1)
        let view = c.view(s)
        let isSource = s == drag.source.section
        // The largest target in this section: the source's section loses the item.
        let last = isSource ? sections[s].count - 1 : sections[s].count
        guard last >= 0 else { return nil }
        let origin = c.itemsOrigin(s)
        guard let at = view.locate(y: point.y - origin.y) else { return IndexPath(section: s, item: 0) }
        let line = view.line(run: at.run, at.line)
        var k = view.position(atX: point.x - origin.x, in: line)
        let frame = view.frame(position: k, in: line)
        if point.x - origin.x > frame.midX { k += 1 }
        if point.y - origin.y > line.top + line.height, view.next(at) == nil { k = view.count }
        // Presented positions are the order after the move: in the gap's
        // section they count the gap, in the source's the item is out.
        return IndexPath(section: s, item: min(k, last))
    }
}
