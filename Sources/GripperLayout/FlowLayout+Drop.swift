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

    /// Where the dragged item would land with the proxy's centre at `point`:
    /// the drag's next target, as the gap should follow it. `nil` when no
    /// drag is in progress (or the layout cannot place it) or there are no
    /// sections.
    ///
    /// The grid's rule (see ``GridLayout/dropTarget(at:presentation:)`` and
    /// "The drop rule" in `Documentation/Layout.md`), which brings the gap
    /// to the slot under a finger at rest and holds it there against
    /// tremble. The slot under the point is the position there — the item
    /// whose frame starts at or before the point, in the line at or above
    /// it — in the section under the point (its first slot for points above
    /// its lines, its last below them). The gap **holds** while that slot
    /// is the gap's, or the point is within ``GridLayout/dropHysteresis``
    /// (4 points) of the gap's frame. Otherwise the gap moves to the slot
    /// under the point, or else to the one short of it (when that is still
    /// past the gap), if the point has **reached** it — with the gap there,
    /// the point is beyond the gap, or inside it across the line and past
    /// its near edge — and the gap there holds the point; else it stays.
    /// The last condition is the flow's own: a move that rewraps the lines
    /// so that the point ends up on another line than the gap would be
    /// undone by the next frame's tremble, so it is not taken (with items
    /// of mixed widths the gap then waits until the point is where it can
    /// stay). Taking needs the point inside the gap-to-be, or held by it,
    /// and holding lets it go 4 points beyond the gap, so a tremble of up
    /// to 2 points either way never moves the gap back, and the same point
    /// proposes the same slot again.
    /// - Complexity: O(log n) for at most three query contexts (one when
    ///   the gap holds), plus the lines each drag rewraps.
    public func dropTarget(at point: Point, presentation: LayoutPresentation) -> ItemPath? {
        if let group = grouped(presentation) {
            return group.flatMap { $0.dropTarget(at: point, presentation: presentation, drag: $1) }
        }
        guard let drag = presentation.drag, !sections.isEmpty else { return nil }
        let here = FlowContext(self, presentation)
        guard here.drag != nil else { return nil }
        return taken(from: here, point: point)?.drag?.target ?? drag.target
    }

    /// The drop rule from the gap of `c`'s drag: the context with the gap
    /// where the point takes it, or nil where the gap holds or no slot
    /// between is reached (and holds the point).
    private func taken(from c: FlowContext, point: Point) -> FlowContext? {
        guard let drag = c.drag, let under = slot(under: point, c), under != drag.target else { return nil }
        if let frame = c.gapFrame, DropBand(frame: frame)?.contains(point) == true { return nil }
        let forward = drag.target < under
        // The slot under the point, then the one short of it when that is
        // still past the gap (in the same section).
        let short = ItemPath(section: under.section, item: under.item + (forward ? -1 : 1))
        let last = under.section == drag.source.section ? sections[under.section].count - 1 : sections[under.section].count
        let shortIsBetween = short.item >= 0 && short.item <= last && (forward ? short > drag.target : short < drag.target)
        for k in shortIsBetween ? [under, short] : [under] {
            var moved = c.presentation
            moved.drag?.target = k
            let m = FlowContext(self, moved)
            guard m.drag != nil, let u = slot(under: point, m) else { continue }
            let frame = m.gapFrame
            let reached = DropBand.reached(k, under: u, core: { frame.flatMap { DropBand(frame: $0, grownBy: 0) } },
                                           point: point, forward: forward)
            // Taken only where the gap there holds the point: a move that
            // rewraps the lines so that the point lands before the gap, or
            // beyond it on another line, would go back on the next tremble.
            let holds = u == k || frame.flatMap { DropBand(frame: $0) }?.contains(point) == true
            if reached && holds { return m }
        }
        return nil
    }

    /// The slot under `point` with the gap of `drag` at `target` (see
    /// ``slot(under:_:)``); `nil` when the layout cannot place the drag.
    /// - Complexity: O(log n) plus the lines the drag rewraps.
    func slot(under point: Point, gapAt target: ItemPath, drag: DragState) -> ItemPath? {
        slot(under: point, FlowContext(self, LayoutPresentation(drag: drag.moving(to: target))))
    }

    /// The slot under `point` with `c`'s drag: the position under it (the
    /// item whose frame starts at or before it in the line at or above it)
    /// in the section under it, clamped to the section's candidate slots;
    /// the first for points above the section's lines, the last below them.
    /// - Complexity: O(log n).
    private func slot(under point: Point, _ c: FlowContext) -> ItemPath? {
        guard let drag = c.drag else { return nil }
        let s = min(c.firstSection(endingBelow: point.y), sections.count - 1)
        let view = c.view(s)
        // The largest target in this section: the source's section loses the item.
        let last = s == drag.source.section ? sections[s].count - 1 : sections[s].count
        guard last >= 0 else { return nil }
        let origin = c.itemsOrigin(s)
        guard point.y - origin.y >= 0, let at = view.locate(y: point.y - origin.y) else {
            return ItemPath(section: s, item: 0)
        }
        let line = view.line(run: at.run, at.line)
        var k = view.position(atX: point.x - origin.x, in: line)
        if point.y - origin.y > line.top + line.height, view.next(at) == nil { k = view.count }
        // Presented positions are the order after the move: in the gap's
        // section they count the gap, in the source's the item is out.
        return ItemPath(section: s, item: min(k, last))
    }
}
