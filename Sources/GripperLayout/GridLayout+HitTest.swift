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

    /// Where a dragged item would land if dropped at `point`: the slot under
    /// the point in the layout as `presentation` shows it (so with the gap
    /// where it is now), as the drag's next target. Points above a section's
    /// items give its first slot, below them its last. `nil` when no drag is
    /// in progress or there are no sections.
    /// - Complexity: O(log n).
    public func dropTarget(at point: Point, presentation: LayoutPresentation) -> IndexPath? {
        let context = QueryContext(self, presentation)
        guard let drag = context.drag, !sections.isEmpty else { return nil }
        let s = min(context.firstSection(endingBelow: point.y), sections.count - 1)
        let view = context.view(s)
        let m = view.metrics
        let last = s == drag.source.section ? sections[s].count - 1 : sections[s].count
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
