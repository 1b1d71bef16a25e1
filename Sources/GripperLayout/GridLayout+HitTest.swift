import GripperGeometry

extension GridLayout {
    /// What lies under `point` (content coordinates) for `presentation` and
    /// `contentOffset`: the topmost element there, and inside a cell the
    /// control under the point (swipe action, delete confirmation, delete
    /// control, gripper) before the cell itself. The drag proxy, the hidden
    /// source and decorations are never hit.
    /// - Complexity: O(log n + k) for the k elements near the point.
    public func hitTest(_ point: Point, presentation: LayoutPresentation = .resting,
                        contentOffset: Double = 0) -> HitTarget? {
        let probe = Rect(x: point.x, y: point.y, width: point.x.nextUp - point.x, height: point.y.nextUp - point.y)
        var best: LayoutAttributes?
        forEachAttributes(in: probe, presentation: presentation, contentOffset: contentOffset) { a in
            guard a.frame.contains(point), !a.isHidden, !a.kind.isDecoration else { return }
            if case .dragProxy = a.kind { return }
            if best.map({ a.zIndex > $0.zIndex }) ?? true { best = a }
        }
        guard let hit = best else { return nil }
        let ip = hit.indexPath ?? IndexPath(section: 0, item: 0)
        switch hit.kind {
        case .globalHeader: return .globalHeader
        case .header: return .header(section: ip.section)
        case .footer: return .footer(section: ip.section)
        case .placeholder: return .placeholder(ip)
        case .action: return hit.actionID.map { .action(ip, id: $0) }
        case .cell:
            if let c = hit.editingControls {
                if let r = c.deleteConfirmation, r.contains(point) { return .deleteConfirmation(ip) }
                if let r = c.deleteControl, r.contains(point) { return .deleteControl(ip) }
                if let r = c.gripper, r.contains(point) { return .gripper(ip) }
            }
            return .cell(ip)
        case .sectionBackground, .rowSeparator, .columnSeparator, .dragProxy:
            return nil
        }
    }

    /// Where a dragged item would land if dropped with the proxy's centre at
    /// `point`: the drag's next target, as the gap should follow it. `nil`
    /// when no drag is in progress (or the layout cannot place it) or there
    /// are no sections.
    ///
    /// The rule is stable by construction, for any mix of heights and
    /// columns (see "The drop rule" in `Documentation/Layout.md`): the gap
    /// stays while the point is over it; once the point leaves it, the gap
    /// moves to the furthest slot, in the direction the point went, whose
    /// would-be gap the point has reached — past that gap's centre along the
    /// section's reading axis (y in a one-column section, x within a row of
    /// a grid), or beyond it. After a move the point is at or past the new
    /// gap's centre, so the same point proposes the same slot again: a
    /// finger at rest never moves the gap, and moving back takes the point
    /// back past the centre of the gap it left (hysteresis of at least half
    /// the dragged item). With equal heights the gap moves when the proxy's
    /// centre crosses the neighbour's midpoint, as in UIKit.
    ///
    /// Points above a section's items reach its first slot, below them its
    /// last.
    /// - Complexity: O(s · log² n) for s sections crossed: a binary search
    ///   over the candidate slots, each asking the slot under the point.
    public func dropTarget(at point: Point, presentation: LayoutPresentation) -> IndexPath? {
        guard let drag = presentation.drag, !sections.isEmpty else { return nil }
        // The slots already asked, by gap: the steps and their binary
        // searches ask the same gaps again (each step starts where the last
        // one's search ended), and each answer builds a query context.
        var memo = SlotMemo()
        guard memo.slot(self, under: point, gapAt: drag.target, drag: drag) != nil else { return nil }
        // Each step moves the gap one way only and ends where the point has
        // reached the gap's centre, so the steps run one way and stop; the
        // bound only caps the work in a pathological grid.
        var target = drag.target
        for _ in 0..<16 {
            guard let next = dropStep(from: target, point: point, drag: drag, memo: &memo), next != target else { break }
            target = next
        }
        return target
    }

    /// The slots a drop-target query has asked, by gap (a few; a linear list).
    private struct SlotMemo {
        private var asked: [(gap: IndexPath, slot: IndexPath?)] = []

        /// ``GridLayout/slot(under:gapAt:drag:)``, asked once per gap.
        mutating func slot(_ layout: GridLayout, under point: Point, gapAt gap: IndexPath, drag: DragState) -> IndexPath? {
            if let known = asked.first(where: { $0.gap == gap }) { return known.slot }
            let slot = layout.slot(under: point, gapAt: gap, drag: drag)
            asked.append((gap, slot))
            return slot
        }
    }

    /// One step of the drop rule from the gap at `t`.
    private func dropStep(from t: IndexPath, point: Point, drag: DragState, memo: inout SlotMemo) -> IndexPath? {
        guard let current = memo.slot(self, under: point, gapAt: t, drag: drag) else { return nil }
        if current == t { return t }
        let source = drag.source
        func lastCandidate(_ s: Int) -> Int { s == source.section ? sections[s].count - 1 : sections[s].count }
        let forward = t < current
        // Whether the point has reached the gap at `k` going the way it goes.
        func reached(_ k: IndexPath) -> Bool {
            guard let u = memo.slot(self, under: point, gapAt: k, drag: drag) else { return false }
            if u != k { return forward ? u > k : u < k }
            guard let centre = gapCentre(k, drag: drag) else { return true }
            let columns = sections[k.section].metrics.columns
            if columns == 1 { return forward ? point.y >= centre.y : point.y <= centre.y }
            let sameRow = k.section == t.section && k.item / columns == t.item / columns
            guard sameRow else { return true }
            return forward ? point.x >= centre.x : point.x <= centre.x
        }
        var s = current.section
        while forward ? s >= t.section : s <= t.section {
            let found: Int?
            if forward {
                let lower = s == t.section ? t.item + 1 : 0
                let upper = s == current.section ? current.item : lastCandidate(s)
                found = lower <= upper ? Self.lastTrue(lower, upper) { reached(IndexPath(section: s, item: $0)) } : nil
            } else {
                let lower = s == current.section ? current.item : 0
                let upper = s == t.section ? t.item - 1 : lastCandidate(s)
                found = lower <= upper ? Self.firstTrue(lower, upper) { reached(IndexPath(section: s, item: $0)) } : nil
            }
            if let found { return IndexPath(section: s, item: found) }
            s += forward ? -1 : 1
        }
        return t
    }

    /// The centre of the gap with the gap of `drag` at `target`.
    private func gapCentre(_ target: IndexPath, drag: DragState) -> Point? {
        let context = QueryContext(self, LayoutPresentation(drag: DragState(source: drag.source, target: target,
                                                                            proxyCenter: drag.proxyCenter)))
        guard let resolved = context.drag else { return nil }
        return placeholderFrameAttributes(context: context, drag: resolved)?.frame.center
    }

    /// The largest `i` in `lower...upper` for which `holds` is true, when it
    /// is true from `lower` up to some point and false after.
    private static func lastTrue(_ lower: Int, _ upper: Int, _ holds: (Int) -> Bool) -> Int? {
        guard holds(lower) else { return nil }
        var lo = lower, hi = upper   // holds(lo) is true
        while lo < hi {
            let mid = lo + (hi - lo + 1) / 2
            if holds(mid) { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The smallest `i` in `lower...upper` for which `holds` is true, when it
    /// is false up to some point and true after.
    private static func firstTrue(_ lower: Int, _ upper: Int, _ holds: (Int) -> Bool) -> Int? {
        guard holds(upper) else { return nil }
        var lo = lower, hi = upper   // holds(hi) is true
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if holds(mid) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// The slot under `point` with the gap of `drag` at `target`: the slot
    /// the point is in, clamped to its section's candidate slots. `nil` when
    /// the layout cannot place the drag.
    /// - Complexity: O(log n).
    func slot(under point: Point, gapAt target: IndexPath, drag: DragState) -> IndexPath? {
        let context = QueryContext(self, LayoutPresentation(drag: DragState(source: drag.source, target: target,
                                                                            proxyCenter: drag.proxyCenter)))
        guard let resolved = context.drag, !sections.isEmpty else { return nil }
        let s = min(context.firstSection(endingBelow: point.y), sections.count - 1)
        let view = context.view(s)
        let m = view.metrics
        let last = s == resolved.source.section ? sections[s].count - 1 : sections[s].count
        let itemsTop = context.sectionTop(s) + m.header.space + m.insets.top
        let y = point.y - itemsTop
        if !(y >= 0) || view.rowCount == 0 { return IndexPath(section: s, item: 0) }
        if y >= view.itemsHeight { return IndexPath(section: s, item: last) }
        let row = view.row(at: y)
        // Clamped as a Double first: a non-finite x must not reach Int().
        let x = ((point.x - m.originX) / m.columnStride).rounded(.down)
        let column = x.isNaN ? 0 : Int(max(0, min(Double(m.columns - 1), x)))
        return IndexPath(section: s, item: max(0, min(last, row * m.columns + column)))
    }
}
