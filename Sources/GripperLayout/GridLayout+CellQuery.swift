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
    public func visibleCell(at point: Point, presentation: LayoutPresentation) -> (indexPath: ItemPath, frame: Rect)? {
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

    /// ``visibleCell(at:presentation:)`` without building attributes: the
    /// walk of ``forEachAttributes(in:presentation:contentOffset:_:)`` over
    /// the probe ``CollectionLayoutCellQuery`` asks, cell frames only, and in
    /// each row only the column under the point and its neighbours (no
    /// other column's frame can hold it). The same sections, rows, frames
    /// and order as the attributes, so the same answer (see
    /// ``firstCell(inSection:view:itemsTop:probe:point:)``).
    func visibleCellFast(at point: Point, presentation: LayoutPresentation) -> (indexPath: ItemPath, frame: Rect)? {
        guard point.x.isFinite, point.y.isFinite, !sections.isEmpty else { return nil }
        if let answer = fixedVisibleCell(at: point, presentation: presentation) { return answer }
        let context = QueryContext(self, presentation)
        let probe = CollectionLayoutCellQuery.probe(at: point)
        var s = context.firstSection(endingBelow: probe.minY)
        while s < sections.count {
            let top = context.sectionTop(s)
            if top >= probe.maxY { break }
            let view = context.view(s)
            let itemsTop = top + view.metrics.header.space + view.metrics.insets.top
            if let found = firstCell(inSection: s, view: view, itemsTop: itemsTop, probe: probe, point: point) {
                return found
            }
            s += 1
        }
        return nil
    }

    /// The first cell of section `s`, in the order the attributes walk
    /// visits them (rows from the first that reaches the probe, cells left
    /// to right), whose frame contains `point`; the gap is no cell. This is
    /// the one definition of the cell under a point: frames at
    /// ``SectionView/rowTop(_:)`` (as the walk places them), the walk's
    /// first row (``SectionView/firstRow(reaching:reach:)``) and its rows
    /// up to the probe's bottom. Rounding can make a row's frame reach past
    /// the next row's top, or a thin row's frame empty (its top plus its
    /// height is its top); the answer is still the walk's.
    /// - Complexity: O(log n + k) for the k rows the probe spans.
    func firstCell(inSection s: Int, view: SectionView, itemsTop: Double, probe: Rect,
                   point: Point) -> (indexPath: ItemPath, frame: Rect)? {
        let rows = view.rowCount
        guard rows > 0 else { return nil }
        let m = view.metrics
        let c = m.columns
        let reach = m.rowSeparator.exists ? view.lineSpacing / 2 + m.rowSeparator.thickness / 2 : 0
        var row = view.firstRow(reaching: probe.minY - itemsTop, reach: reach)
        let localMax = probe.maxY - itemsTop
        let slotCount = view.arrangement.slotCount
        // Clamped as a Double first: a far x must not reach Int().
        let column = ((point.x - m.originX) / m.columnStride).rounded(.down)
        guard !column.isNaN else { return nil }
        let first = Int(max(0, min(Double(c - 1), column - 1))), last = Int(max(0, min(Double(c - 1), column + 1)))
        while row < rows {
            let rowTop = view.rowTop(row)
            guard rowTop < localMax else { break }
            var slot = row * c + first
            let end = min(slotCount, row * c + last + 1)
            while slot < end {
                let frame = slotFrame(view, slot: slot, itemsTop: itemsTop, rowTop: rowTop)
                if frame.contains(point) {
                    let item = view.arrangement.item(atSlot: slot)
                    if item >= 0 { return (ItemPath(section: s, item: item), frame) }   // not the gap
                }
                slot += 1
            }
            row += 1
        }
        return nil
    }

    /// ``visibleCellFast(at:presentation:)`` when every section's tops stay
    /// where they rest — no drag, or a drag of one item inside a section of
    /// fixed row height — and every section the probe reaches has a fixed
    /// row height: no query context. `.none` when it does not apply.
    private func fixedVisibleCell(at point: Point,
                                  presentation: LayoutPresentation) -> (indexPath: ItemPath, frame: Rect)?? {
        var within: (section: Int, arrangement: SlotArrangement)?
        if let drag = presentation.drag {
            let source = drag.source, target = drag.target
            guard drag.companions.isEmpty, groupGap == nil, isValid(source),
                  target.section == source.section else { return .none }
            let store = sections[source.section]
            guard store.heights == nil, target.item >= 0, target.item < store.count else { return .none }
            within = (source.section, .within(count: store.count, source: source.item, target: target.item))
        }
        return restingCell(at: point) { s in
            within.flatMap { $0.section == s ? $0.arrangement : nil } ?? .resting(count: sections[s].count)
        }
    }

    /// The cell under `point` with every section at its resting top, each
    /// in the arrangement `arrangement` gives, by
    /// ``firstCell(inSection:view:itemsTop:probe:point:)``: `.none` when a
    /// section the probe reaches has per-item heights (the general path
    /// answers then).
    /// - Complexity: O(log s + k).
    private func restingCell(at point: Point, arrangement: (Int) -> SlotArrangement)
        -> (indexPath: ItemPath, frame: Rect)?? {
        let probe = CollectionLayoutCellQuery.probe(at: point)
        var s = restingSection(endingBelow: probe.minY)
        while s < sections.count {
            let top = sectionTops[s]
            if top >= probe.maxY { break }
            guard sections[s].heights == nil else { return .none }
            let view = view(section: s, arrangement: arrangement(s))
            let itemsTop = top + view.metrics.header.space + view.metrics.insets.top
            if let found = firstCell(inSection: s, view: view, itemsTop: itemsTop, probe: probe, point: point) {
                return .some(found)
            }
            s += 1
        }
        return .some(nil)
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

    /// ``visibleCell(at:presentation:)`` through the attributes of a 1-point
    /// rect: what the fast path must agree with.
    func visibleCellByAttributes(at point: Point,
                                             presentation: LayoutPresentation) -> (indexPath: ItemPath, frame: Rect)? {
        CollectionLayoutCellQuery.firstCell(at: point) { probe, visit in
            forEachAttributes(in: probe, presentation: presentation, contentOffset: 0, visit)
        }
    }
}

/// The rule ``CollectionLayout/visibleCell(at:presentation:)`` follows,
/// over any layout's attributes.
enum CollectionLayoutCellQuery {
    /// The rect around `point` whose elements a cell query (and a hit
    /// test) looks at: 1 point square, centred on it.
    static func probe(at point: Point) -> Rect {
        Rect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
    }

    /// The first shown cell, among the attributes `query` visits for a
    /// 1-point rect at `point`, whose frame contains `point`.
    static func firstCell(at point: Point,
                          _ query: (Rect, (LayoutAttributes) -> Void) -> Void) -> (indexPath: ItemPath, frame: Rect)? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        let probe = probe(at: point)
        var found: (indexPath: ItemPath, frame: Rect)?
        query(probe) { a in
            guard found == nil, a.kind == .cell, !a.isHidden, let path = a.indexPath, a.frame.contains(point) else { return }
            found = (path, a.frame)
        }
        return found
    }
}

extension GridLayout {
    /// ``hitTest(_:presentation:contentOffset:)`` without attributes, for the
    /// common case: at rest (no drag, no delete confirmation, not batch
    /// editing, so a cell has no controls to hit), over a cell of a section
    /// of fixed row height that no header, footer or global header covers
    /// at this offset. A swiped or open cell only changes what lies inside
    /// its own frame (its pane and actions stay in it, and its content
    /// slides under its neighbours, never over them), so a point over any
    /// other cell — the tap that shuts an open cell — is answered here too.
    /// `.none` when it does not apply: the general path answers then (and,
    /// in debug builds, checks every answer here). The cell is
    /// ``visibleCell(at:presentation:)``'s, found the same way.
    /// - Complexity: O(log s + k) for s sections and the k rows the
    ///   1-point probe spans (one or two).
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
        // The cell under the point, as visibleCell finds it; one of another
        // section (rounding at a section's edge) is the general path's.
        guard let found = restingCell(at: point, arrangement: { .resting(count: sections[$0].count) }),
              let (path, _) = found, path.section == s else { return .none }
        // Inside the swiped cell its actions may be hit: the general path.
        if let swipe = presentation.swipe, swipe.indexPath == path { return .none }
        return .some(.cell(path))
    }
}
