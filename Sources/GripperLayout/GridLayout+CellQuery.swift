import GripperGeometry

extension GridLayout {
    /// The shown cell whose frame contains `point` (content coordinates)
    /// under `presentation`: its index path and frame. `nil` over a gap,
    /// the hidden source, a companion a multi-item drag hides, a header,
    /// spacing or empty space.
    ///
    /// The answer is the first cell of ``attributes(in:presentation:contentOffset:)``
    /// that contains the point, found without building any attributes: one
    /// query context, a binary search over sections and the row and column
    /// under the point (debug builds check it against that path).
    /// - Complexity: O(log n); O(log s) with fixed row heights.
    public func visibleCell(at point: Point, presentation: LayoutPresentation) -> (indexPath: IndexPath, frame: Rect)? {
        if let group = grouped(presentation) {
            guard let (g, drag) = group else { return visibleCell(at: point, presentation: presentation.withoutDrag) }
            return g.visibleCell(at: point, presentation: presentation, drag: drag)
        }
        let answer = visibleCellFast(at: point, presentation: presentation)
        assert({
            let reference = visibleCellByAttributes(at: point, presentation: presentation)
            return answer?.indexPath == reference?.indexPath && answer?.frame == reference?.frame
        }())
        return answer
    }

    private func visibleCellFast(at point: Point, presentation: LayoutPresentation) -> (indexPath: IndexPath, frame: Rect)? {
        guard point.x.isFinite, point.y.isFinite, !sections.isEmpty else { return nil }
        if let answer = fixedVisibleCell(at: point, presentation: presentation) { return answer }
        let context = QueryContext(self, presentation)
        let s = context.firstSection(endingBelow: point.y)
        guard s < sections.count else { return nil }
        let view = context.view(s)
        let rows = view.rowCount
        guard rows > 0 else { return nil }
        let m = view.metrics
        let itemsTop = context.sectionTop(s) + m.header.space + m.insets.top
        let y = point.y - itemsTop
        guard y >= 0 else { return nil }
        let row = view.row(at: y)
        let x = ((point.x - m.originX) / m.columnStride).rounded(.down)
        guard x >= 0, x < Double(view.columns) else { return nil }
        let slot = row * view.columns + Int(x)
        guard slot < view.arrangement.slotCount else { return nil }
        let item = view.arrangement.item(atSlot: slot)
        guard item >= 0 else { return nil }   // the gap
        let path = IndexPath(section: s, item: item)
        let frame = slotFrame(view, slot: slot, itemsTop: itemsTop, rowTop: view.rowTop(row))
        guard frame.contains(point) else { return nil }
        return (path, frame)
    }

    /// ``visibleCellFast(at:presentation:)`` when every section's tops stay
    /// where they rest — no drag, or a drag of one item inside a section of
    /// fixed row height — and the point is in a section of fixed row
    /// height: plain arithmetic, no query context (as
    /// ``SectionView``'s fixed-row paths). `.none` when it does not apply.
    private func fixedVisibleCell(at point: Point,
                                  presentation: LayoutPresentation) -> (indexPath: IndexPath, frame: Rect)?? {
        var within: (section: Int, arrangement: SlotArrangement)?
        if let drag = presentation.drag {
            let source = drag.source, target = drag.target
            guard drag.companions.isEmpty, groupGap == nil, isValid(source),
                  target.section == source.section else { return .none }
            let store = sections[source.section]
            guard store.heights == nil, target.item >= 0, target.item < store.count else { return .none }
            within = (source.section, .within(count: store.count, source: source.item, target: target.item))
        }
        let s = restingSection(endingBelow: point.y)
        guard s < sections.count else { return .some(nil) }
        guard sections[s].heights == nil else { return .none }
        guard let (slot, frame) = fixedSlot(at: point, inSection: s) else { return .some(nil) }
        let item = within.map { $0.section == s ? $0.arrangement.item(atSlot: slot) : slot } ?? slot
        guard item >= 0 else { return .some(nil) }   // the gap
        return .some((IndexPath(section: s, item: item), frame))
    }

    /// The first section whose bottom, at rest, is below `y` (the section
    /// count when none is).
    /// - Complexity: O(log s).
    private func restingSection(endingBelow y: Double) -> Int {
        var lower = 0, upper = sections.count
        while lower < upper {
            let mid = (lower + upper) / 2
            if sectionTops[mid] + sectionHeights[mid] > y { upper = mid } else { lower = mid + 1 }
        }
        return lower
    }

    /// The slot of section `s` (fixed row height, at rest) whose cell frame
    /// contains `point`, and that frame; nil over spacing, insets, a header
    /// or footer band, or past the last item. The same arithmetic as
    /// ``SectionView``'s fixed-row paths.
    /// - Complexity: O(1).
    private func fixedSlot(at point: Point, inSection s: Int) -> (slot: Int, frame: Rect)? {
        let store = sections[s]
        let m = store.metrics
        let count = store.count, columns = m.columns
        guard count > 0, columns > 0 else { return nil }
        let rows = (count + columns - 1) / columns
        let itemsTop = sectionTops[s] + m.header.space + m.insets.top
        let y = point.y - itemsTop
        guard y >= 0 else { return nil }
        let stride = m.rowHeight + m.lineSpacing
        var row = 0
        if stride > 0, y > 0 {
            let r = (y / stride).rounded(.down)
            row = r >= Double(rows - 1) ? rows - 1 : Int(r)
        }
        let x = ((point.x - m.originX) / m.columnStride).rounded(.down)
        guard x >= 0, x < Double(columns) else { return nil }
        let slot = row * columns + Int(x)
        guard slot < count else { return nil }
        let frame = Rect(x: m.x(column: slot % columns), y: itemsTop + Double(row) * stride,
                         width: m.cellWidth, height: m.rowHeight)
        return frame.contains(point) ? (slot, frame) : nil
    }

    /// ``visibleCell(at:presentation:)`` through the attributes of a 1-point
    /// rect: what the fast path must agree with.
    fileprivate func visibleCellByAttributes(at point: Point,
                                             presentation: LayoutPresentation) -> (indexPath: IndexPath, frame: Rect)? {
        CollectionLayoutCellQuery.firstCell(at: point) { probe, visit in
            forEachAttributes(in: probe, presentation: presentation, contentOffset: 0, visit)
        }
    }
}

/// The rule ``CollectionLayout/visibleCell(at:presentation:)`` follows,
/// over any layout's attributes.
enum CollectionLayoutCellQuery {
    /// The first shown cell, among the attributes `query` visits for a
    /// 1-point rect at `point`, whose frame contains `point`.
    static func firstCell(at point: Point,
                          _ query: (Rect, (LayoutAttributes) -> Void) -> Void) -> (indexPath: IndexPath, frame: Rect)? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        let probe = Rect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
        var found: (indexPath: IndexPath, frame: Rect)?
        query(probe) { a in
            guard found == nil, a.kind == .cell, !a.isHidden, let path = a.indexPath, a.frame.contains(point) else { return }
            found = (path, a.frame)
        }
        return found
    }
}

extension GridLayout {
    /// ``hitTest(_:presentation:contentOffset:)`` by arithmetic, for the
    /// common case: at rest (no drag, no delete confirmation, not batch
    /// editing, so a cell has no controls to hit), over a cell of a section
    /// of fixed row height that no header, footer or global header covers
    /// at this offset. A swiped or open cell only changes what lies inside
    /// its own frame (its pane and actions stay in it, and its content
    /// slides under its neighbours, never over them), so a point over any
    /// other cell — the tap that shuts an open cell — is answered here too.
    /// `.none` when it does not apply: the general path answers then (and,
    /// in debug builds, checks every answer here).
    /// - Complexity: O(log s) for s sections.
    func restingHit(_ point: Point, presentation: LayoutPresentation, contentOffset: Double) -> HitTarget?? {
        guard presentation.drag == nil, presentation.deleteConfirmation == nil,
              !presentation.isEditing, point.x.isFinite, point.y.isFinite, !sections.isEmpty else { return .none }
        if let global = globalHeaderAttributes(contentOffset: contentOffset), global.frame.contains(point) { return .none }
        let s = restingSection(endingBelow: point.y)
        guard s < sections.count else { return .none }
        let store = sections[s]
        guard store.heights == nil else { return .none }
        let m = store.metrics
        let top = sectionTops[s]
        if m.header.exists || m.footer.exists {
            // A header or footer (pinned ones float over the cells) is above the cells.
            let view = view(section: s, arrangement: .resting(count: store.count))
            let height = sectionHeights[s]
            if m.header.exists, headerAttributes(s, view: view, top: top, height: height,
                                                 contentOffset: contentOffset).frame.contains(point) { return .none }
            if m.footer.exists, footerAttributes(s, view: view, top: top, height: height,
                                                 contentOffset: contentOffset).frame.contains(point) { return .none }
        }
        guard let (slot, _) = fixedSlot(at: point, inSection: s) else { return .none }
        let path = IndexPath(section: s, item: slot)
        // Inside the swiped cell its actions may be hit: the general path.
        if let swipe = presentation.swipe, swipe.indexPath == path { return .none }
        return .some(.cell(path))
    }
}
