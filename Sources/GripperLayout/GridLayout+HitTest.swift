import GripperGeometry

extension GridLayout {
    /// What lies under `point` (content coordinates) for `presentation` and
    /// `contentOffset`: the topmost element there, and inside a cell the
    /// control under the point (swipe action, delete confirmation, delete
    /// control, gripper) before the cell itself. The drag proxy, the hidden
    /// source and decorations are never hit.
    /// - Complexity: O(log n + k) for the k elements near the point; O(log s)
    ///   over a cell at rest in a section of fixed row height.
    public func hitTest(_ point: Point, presentation: LayoutPresentation = .resting,
                        contentOffset: Double = 0) -> HitTarget? {
        if let group = grouped(presentation) {
            guard let (g, drag) = group else {
                return hitTest(point, presentation: presentation.withoutDrag, contentOffset: contentOffset)
            }
            return g.hitTest(point, presentation: presentation, drag: drag, contentOffset: contentOffset)
        }
        // An open menu lies above everything: the fast path below knows no menu.
        if presentation.menu != nil {
            return hitTestByAttributes(point, presentation: presentation, contentOffset: contentOffset)
        }
        if let answer = restingHit(point, presentation: presentation, contentOffset: contentOffset) {
            assert(answer == hitTestByAttributes(point, presentation: presentation, contentOffset: contentOffset))
            return answer
        }
        return hitTestByAttributes(point, presentation: presentation, contentOffset: contentOffset)
    }

    /// ``hitTest(_:presentation:contentOffset:)`` through the attributes of
    /// the elements at the point: the general path.
    package func hitTestByAttributes(_ point: Point, presentation: LayoutPresentation,
                                     contentOffset: Double) -> HitTarget? {
        // The probe visibleCell's attributes use: the same cell under a point.
        let probe = CollectionLayoutCellQuery.probe(at: point)
        return HitTarget.topmost(at: point) { visit in
            forEachAttributes(in: probe, presentation: presentation, contentOffset: contentOffset, visit)
        }
    }

    /// Where a dragged item would land if dropped with the proxy's centre at
    /// `point`: the drag's next target, as the gap should follow it. `nil`
    /// when no drag is in progress (or the layout cannot place it) or there
    /// are no sections.
    ///
    /// The rule brings the gap to the slot under a finger at rest and holds
    /// it there against tremble, for any mix of heights and columns (see
    /// "The drop rule" in `Documentation/Layout.md`): the gap stays while
    /// the point is over it or within ``dropHysteresis`` (4 points) of its
    /// frame; once the point is further away, the gap moves to the furthest
    /// slot, in the direction the point went, whose would-be gap the point
    /// has reached — with the gap there, the point is beyond it, or inside
    /// its column and past its near edge (and along the gap's own row of a
    /// grid, no further than the point's column). Taking a slot needs the
    /// point inside the gap-to-be, holding it lets the point go 4 points
    /// beyond: with equal heights that is the slot under the point: a
    /// finger resting over a cell, more than 4 points inside it, brings the
    /// gap there, and a tremble of up to 2 points either way never moves it
    /// back. With unequal heights, where no gap would be under the point
    /// (over the upper part of a tall neighbour when a short item is
    /// dragged), the gap stays where it is: the same point proposes the
    /// same slot again.
    ///
    /// Points above a section's items reach its first slot, below them its
    /// last.
    ///
    /// The layout keeps, with its last answer, the band the gap holds (its
    /// frame grown by ``dropHysteresis``; shared by its copies, forgotten
    /// when it changes): a query for the same drag with the point inside
    /// that band answers at once, as the rule would.
    /// - Complexity: O(1) for a point inside the kept band; otherwise
    ///   O(s · log² n) for s sections crossed: a binary search over the
    ///   candidate slots, each asking the slot under the point.
    public func dropTarget(at point: Point, presentation: LayoutPresentation) -> ItemPath? {
        if let group = grouped(presentation) {
            return group.flatMap { $0.dropTarget(at: point, presentation: presentation, drag: $1) }
        }
        guard let drag = presentation.drag, !sections.isEmpty else { return nil }
        // The gap stays while the point is near it: a point inside the band
        // the last query kept around this gap gets the same answer without
        // a query (most drag frames move the finger a few points).
        if groupCache.dropBand(source: drag.source, target: drag.target)?.contains(point) == true {
            assert(computedDropTarget(at: point, drag: drag, remembering: false) == drag.target)
            return drag.target
        }
        return computedDropTarget(at: point, drag: drag, remembering: true)
    }

    /// ``dropTarget(at:presentation:)`` by the rule, for a drag of one item
    /// (or a group's phantom in its derived layout). With `remembering`,
    /// the band around the gap it lands on is kept for the next query.
    func computedDropTarget(at point: Point, drag: DragState, remembering: Bool) -> ItemPath? {
        // The gaps already asked: the steps and their binary searches ask the
        // same gaps again (each step starts where the last one's search
        // ended). Each gap's geometry is worked out from what stays constant
        // during the query (the dragged item's height, the section it
        // leaves), with no query context per probe.
        var memo = SlotMemo(GapProbe(self, drag))
        guard let here = memo.answer(under: point, gapAt: drag.target, in: self, withBand: true) else { return nil }
        var target = drag.target
        // The gap holds while the point is within its band (hysteresis).
        if here.band?.contains(point) != true {
            // Each step moves the gap one way only and ends where the point
            // has reached the gap, so the steps run one way and stop; the
            // bound only caps the work in a pathological grid.
            for _ in 0..<16 {
                guard let next = dropStep(from: target, point: point, memo: &memo), next != target else { break }
                target = next
            }
        }
        if remembering, let band = memo.answer(under: point, gapAt: target, in: self, withBand: true)?.band {
            groupCache.rememberDropBand(band.shrunk, source: drag.source, target: target)
        }
        return target
    }

    /// How far from the gap's frame, in points, the point may go with the
    /// gap held there: 4 points, twice the ±2 points a finger at rest
    /// trembles, so that no tremble around a resting point moves the gap
    /// and then moves it back (see "The drop rule" in `Layout.md`).
    public static let dropHysteresis: Double = 4

    /// What the drop rule asks of one gap: the slot under the point with the
    /// gap there, and (when asked for) the band the gap holds.
    private struct GapAnswer {
        var slot: ItemPath
        /// The gap's frame grown by ``GridLayout/dropHysteresis`` (see
        /// ``GridLayout/holdBand(frame:columns:column:originX:columnStride:cellWidth:grownBy:)``):
        /// where the gap holds the point; nil unless asked for, or when the
        /// frame is not finite.
        var band: DropBand?
        /// The same band not grown: where the point is over the gap, which
        /// the gap must be to take the point (so that taking and holding
        /// are ``GridLayout/dropHysteresis`` apart).
        var core: DropBand?

        init(slot: ItemPath) { self.slot = slot }

        init(slot: ItemPath, frame: Rect, columns: Int, column: Int, originX: Double, columnStride: Double,
             cellWidth: Double) {
            self.slot = slot
            band = GridLayout.holdBand(frame: frame, columns: columns, column: column, originX: originX,
                                       columnStride: columnStride, cellWidth: cellWidth)
            core = GridLayout.holdBand(frame: frame, columns: columns, column: column, originX: originX,
                                       columnStride: columnStride, cellWidth: cellWidth, grownBy: 0)
        }
    }

    /// The band in which the gap with frame `frame`, at column `column`
    /// of a section of `columns`, holds a point: the frame grown by `h`
    /// (``dropHysteresis`` unless given) along y, and along x the column's
    /// share of the row (`originX`, `columnStride`, as the search finds
    /// columns) grown as much — any x in a one-column section. Nil when
    /// the frame is not finite.
    static func holdBand(frame: Rect, columns: Int, column: Int, originX: Double, columnStride: Double,
                         cellWidth: Double, grownBy h: Double = dropHysteresis) -> DropBand? {
        let minY = frame.minY - h, maxY = frame.maxY + h
        guard minY.isFinite, maxY.isFinite else { return nil }
        guard columns > 1 else { return DropBand(minX: -.infinity, maxX: .infinity, minY: minY, maxY: maxY) }
        let left = originX + Double(column) * columnStride
        let minX = left - h, maxX = left + min(cellWidth, columnStride) + h
        guard minX.isFinite, maxX.isFinite else { return nil }
        return DropBand(minX: minX, maxX: maxX, minY: minY, maxY: maxY)
    }

    /// The gaps a drop-target query has asked (a few; a linear list). The
    /// first ``inlineCapacity`` live inline, so a query on a drag frame —
    /// one to a handful of gaps — allocates nothing; more go to an array.
    private struct SlotMemo {
        typealias Asked = (gap: ItemPath, answer: GapAnswer?)
        static let inlineCapacity = 8
        let probe: GapProbe
        private var inline = InlineArray<8, Asked>(repeating: (ItemPath(section: 0, item: 0), nil))
        private var inlineCount = 0
        private var overflow: [Asked] = []
        /// The section the item leaves, built on first use.
        private var leaving: GapProbe.Leaving?? = nil

        init(_ probe: GapProbe) {
            self.probe = probe
        }

        /// The answer for the gap at `gap` in `layout` (the one the probe
        /// was made for), worked out once per gap.
        /// `withBand` asks for the gap's band too (see ``GapAnswer``).
        mutating func answer(under point: Point, gapAt gap: ItemPath, in layout: GridLayout,
                             withBand: Bool = false) -> GapAnswer? {
            for i in 0..<inlineCount where inline[i].gap == gap {
                if !withBand || inline[i].answer?.band != nil || inline[i].answer == nil { return inline[i].answer }
                inline[i].answer = probe.answer(under: point, gapAt: gap, leaving: &leaving, in: layout, withBand: true)
                return inline[i].answer
            }
            if let k = overflow.firstIndex(where: { $0.gap == gap }) {
                if !withBand || overflow[k].answer?.band != nil || overflow[k].answer == nil { return overflow[k].answer }
                overflow[k].answer = probe.answer(under: point, gapAt: gap, leaving: &leaving, in: layout, withBand: true)
                return overflow[k].answer
            }
            let answer = probe.answer(under: point, gapAt: gap, leaving: &leaving, in: layout, withBand: withBand)
            assert(answer?.slot == layout.slot(under: point, gapAt: gap, drag: probe.drag))
            assert(answer?.band == nil || answer?.band == layout.referenceHoldBand(gap, drag: probe.drag))
            if inlineCount < Self.inlineCapacity {
                inline[inlineCount] = (gap, answer)
                inlineCount += 1
            } else {
                overflow.append((gap, answer))
            }
            return answer
        }
    }

    /// The geometry of a drag with its gap at any slot, without building a
    /// query context per gap: the same arithmetic as ``QueryContext`` (the
    /// same views, deltas and section tops, summed in the same order), with
    /// the section the item leaves measured once.
    private struct GapProbe {
        let drag: DragState
        /// `nil` when the source is not a valid item (no gap can be placed).
        let height: Double?
        /// Whether this is a group's derived layout (its gap may be taller).
        let group: Bool
        /// The section the item leaves, when its rows are all the same
        /// height: what the gaps inside it need, resolved once.
        private let fixed: Fixed?

        /// A section of fixed row height holding both ends of the drag: its
        /// gap's geometry is arithmetic (as ``SectionView``'s for fixed rows).
        /// Only the metrics that arithmetic reads, so making a probe on
        /// every drag frame copies a few numbers, not the section's metrics.
        struct Fixed {
            let count: Int
            let columns: Int
            let rowHeight: Double
            let lineSpacing: Double
            /// The header's space and the top inset (added in that order, as
            /// the section's view adds them).
            let headerSpace: Double
            let topInset: Double
            let originX: Double
            let columnStride: Double
            let cellWidth: Double

            init(count: Int, metrics m: ResolvedMetrics) {
                self.count = count
                columns = m.columns
                rowHeight = m.rowHeight
                lineSpacing = m.lineSpacing
                headerSpace = m.header.space
                topInset = m.insets.top
                originX = m.originX
                columnStride = m.columnStride
                cellWidth = m.cellWidth
            }

            /// As ``ResolvedMetrics/x(column:)``.
            @inline(__always) func x(column: Int) -> Double { originX + Double(column) * columnStride }
        }

        /// - Parameter layout: borrowed: an initializer's arguments are
        ///   otherwise passed owned, which copies the whole layout (and
        ///   retains its storage) on every query.
        init(_ layout: borrowing GridLayout, _ drag: DragState) {
            self.drag = drag
            group = layout.groupGap != nil
            guard layout.isValid(drag.source) else {
                height = nil; fixed = nil; return
            }
            // Read in place: the section's store is not copied.
            let s = drag.source.section
            // A group's gap may be taller than a row: the general path.
            if layout.sections[s].heights == nil {
                height = layout.sections[s].metrics.rowHeight
                fixed = group ? nil : Fixed(count: layout.sections[s].count, metrics: layout.sections[s].metrics)
            } else {
                height = layout.sections[s].heights?.values[drag.source.item]
                fixed = nil
            }
        }

        /// The section the item leaves as it looks with the gap in another
        /// section, and its height change.
        typealias Leaving = (view: SectionView, delta: Double)

        func leaving(in layout: GridLayout) -> Leaving? {
            guard let height else { return nil }
            let s = drag.source.section
            let store = layout.sections[s]
            let view = layout.view(section: s, arrangement: .leaving(count: store.count, source: drag.source.item),
                                   placeholderHeight: height)
            return (view, GridLayout.sectionHeight(view) - layout.sectionHeights[s])
        }

        /// The first section whose bottom is below `y`, as QueryContext's
        /// `firstSection(endingBelow:)` with these tops and heights.
        @inline(__always)
        private func firstSection(endingBelow y: Double, sections: Int, top: (Int) -> Double,
                                  height: (Int) -> Double) -> Int {
            var lower = 0, upper = sections
            while lower < upper {
                let mid = (lower + upper) / 2
                if top(mid) + height(mid) > y { upper = mid } else { lower = mid + 1 }
            }
            return lower
        }

        /// ``answer(under:gapAt:leaving:)`` for a gap inside a fixed-height
        /// section that holds the source, when the point is in that section
        /// too; `nil` when it is not (the general path answers then).
        private func fixedAnswer(_ f: Fixed, under point: Point, gapAt target: ItemPath,
                                 in layout: GridLayout, withBand: Bool) -> GapAnswer? {
            let t = target.section
            // The deltas are 0 here (QueryContext adds them all the same).
            let sourceDelta = 0.0, targetDelta = 0.0
            let tops = layout.sectionTops, heights = layout.sectionHeights
            func sectionTop(_ section: Int) -> Double {
                var y = tops[section]
                if t < section { y += sourceDelta }
                if t < section { y += targetDelta }
                return y
            }
            let s = min(firstSection(endingBelow: point.y, sections: layout.sections.count, top: sectionTop, height: { section in
                var h = heights[section]
                if section == t { h += targetDelta }
                return h
            }), layout.sections.count - 1)
            guard s == t else { return nil }
            let m = f
            let columns = m.columns, rowHeight = m.rowHeight, spacing = m.lineSpacing
            let rows = (f.count + columns - 1) / columns
            let last = f.count - 1
            let itemsTop = sectionTop(t) + m.headerSpace + m.topInset
            let y = point.y - itemsTop
            let slot: ItemPath
            if !(y >= 0) || rows == 0 {
                slot = ItemPath(section: s, item: 0)
            } else if y >= Double(rows) * rowHeight + Double(rows - 1) * spacing {
                slot = ItemPath(section: s, item: last)
            } else {
                let stride = rowHeight + spacing
                var row = 0
                if stride > 0, y > 0 {
                    let r = (y / stride).rounded(.down)
                    row = r >= Double(rows - 1) ? rows - 1 : Int(r)
                }
                // The row SectionView.row(at:) gives: the last whose top is at or above y.
                row = SectionView.row(row, at: y, rows: rows) { Double($0) * stride }
                let x = ((point.x - m.originX) / m.columnStride).rounded(.down)
                let column = x.isNaN ? 0 : Int(max(0, min(Double(columns - 1), x)))
                slot = ItemPath(section: s, item: max(0, min(last, row * columns + column)))
            }
            guard withBand else { return GapAnswer(slot: slot) }
            let frame = Rect(x: m.x(column: target.item % columns),
                             y: itemsTop + Double(target.item / columns) * (rowHeight + spacing),
                             width: m.cellWidth, height: rowHeight)
            return GapAnswer(slot: slot, frame: frame, columns: columns, column: target.item % columns,
                             originX: m.originX, columnStride: m.columnStride, cellWidth: m.cellWidth)
        }

        /// ``GridLayout/slot(under:gapAt:drag:)`` and, with `withBand`, the
        /// band the gap holds, for the gap at `target`; `nil` when the layout
        /// cannot place the gap there.
        func answer(under point: Point, gapAt target: ItemPath, leaving: inout Leaving??,
                    in layout: GridLayout, withBand: Bool) -> GapAnswer? {
            guard let height, layout.sections.indices.contains(target.section) else { return nil }
            if let fixed, target.section == drag.source.section {
                guard target.item >= 0, target.item < fixed.count else { return nil }
                if let answer = fixedAnswer(fixed, under: point, gapAt: target, in: layout, withBand: withBand) {
                    return answer
                }
            }
            let source = drag.source
            let sections = layout.sections
            let sourceView: SectionView, targetView: SectionView
            let sourceDelta: Double, targetDelta: Double
            let t = target.section
            let gapHeight = group ? layout.gapHeight(inSection: t, itemHeight: height) : height
            if t == source.section {
                let store = sections[t]
                guard target.item >= 0, target.item < store.count else { return nil }
                let a = SlotArrangement.within(count: store.count, source: source.item, target: target.item)
                let view = layout.view(section: t, arrangement: a, placeholderHeight: gapHeight, groupGap: group)
                sourceView = view; targetView = view
                sourceDelta = 0
                targetDelta = store.heights == nil && view.gapExtra == 0
                    ? 0 : GridLayout.sectionHeight(view) - layout.sectionHeights[t]
            } else {
                let count = sections[t].count
                guard target.item >= 0, target.item <= count else { return nil }
                if leaving == nil { leaving = .some(self.leaving(in: layout)) }
                guard let leaving = leaving ?? nil else { return nil }
                sourceView = leaving.view; sourceDelta = leaving.delta
                targetView = layout.view(section: t, arrangement: .entering(count: count, target: target.item),
                                         placeholderHeight: gapHeight, groupGap: group)
                targetDelta = GridLayout.sectionHeight(targetView) - layout.sectionHeights[t]
            }
            // As QueryContext's sectionTop, sectionHeight and view.
            func sectionTop(_ section: Int) -> Double {
                var y = layout.sectionTops[section]
                if source.section < section { y += sourceDelta }
                if t < section { y += targetDelta }
                return y
            }
            func sectionHeight(_ section: Int) -> Double {
                var h = layout.sectionHeights[section]
                if section == t { h += targetDelta } else if section == source.section { h += sourceDelta }
                return h
            }
            func view(_ section: Int) -> SectionView {
                if section == t { return targetView }
                if section == source.section { return sourceView }
                return layout.view(section: section, arrangement: .resting(count: sections[section].count))
            }
            // The slot under the point, as slot(under:gapAt:drag:).
            var lower = 0, upper = sections.count
            while lower < upper {
                let mid = (lower + upper) / 2
                if sectionTop(mid) + sectionHeight(mid) > point.y { upper = mid } else { lower = mid + 1 }
            }
            let s = min(lower, sections.count - 1)
            let slot: ItemPath
            do {
                let view = view(s)
                let m = view.metrics
                let last = s == source.section ? sections[s].count - 1 : sections[s].count
                let itemsTop = sectionTop(s) + m.header.space + m.insets.top
                let y = point.y - itemsTop
                if !(y >= 0) || view.rowCount == 0 {
                    slot = ItemPath(section: s, item: 0)
                } else if y >= view.itemsHeight {
                    slot = ItemPath(section: s, item: last)
                } else {
                    let row = view.row(at: y)
                    let x = ((point.x - m.originX) / m.columnStride).rounded(.down)
                    let column = x.isNaN ? 0 : Int(max(0, min(Double(m.columns - 1), x)))
                    slot = ItemPath(section: s, item: max(0, min(last, row * m.columns + column)))
                }
            }
            guard withBand else { return GapAnswer(slot: slot) }
            // The gap's frame, as placeholderFrameAttributes.
            let itemsTop = sectionTop(t) + targetView.metrics.header.space + targetView.metrics.insets.top
            let frame = layout.slotFrame(targetView, slot: target.item, itemsTop: itemsTop,
                                         rowTop: targetView.rowTop(target.item / targetView.columns))
            let m = targetView.metrics
            return GapAnswer(slot: slot, frame: frame, columns: m.columns, column: target.item % targetView.columns,
                             originX: m.originX, columnStride: m.columnStride, cellWidth: m.cellWidth)
        }
    }

    /// One step of the drop rule from the gap at `t`.
    private func dropStep(from t: ItemPath, point: Point, memo: inout SlotMemo) -> ItemPath? {
        guard let current = memo.answer(under: point, gapAt: t, in: self)?.slot else { return nil }
        if current == t { return t }
        let source = memo.probe.drag.source
        func lastCandidate(_ s: Int) -> Int { s == source.section ? sections[s].count - 1 : sections[s].count }
        let forward = t < current
        // Whether the point has reached the gap at `k` going the way it
        // goes: with the gap at `k`, the point is beyond it, or in its slot,
        // within its column's cell (not in the spacing beside it) and past
        // the gap's near edge — its top going forward, its bottom going
        // back (in a row taller than the gap, the part below the gap is not
        // reached going back: the gap would not hold the point there).
        func reached(_ k: ItemPath) -> Bool {
            guard let u = memo.answer(under: point, gapAt: k, in: self)?.slot else { return false }
            return DropBand.reached(k, under: u, core: { memo.answer(under: point, gapAt: k, in: self, withBand: true)?.core },
                                    point: point, forward: forward)
        }
        // A move along the gap's own row of a grid goes no further than the
        // point's column: a point in another column, beyond the gap only
        // because it is in the next row, does not pull the gap sideways.
        func alongRow(_ found: Int) -> ItemPath {
            let m = sections[t.section].metrics
            let columns = m.columns
            let row = t.item / columns
            guard columns > 1, found / columns == row else { return ItemPath(section: t.section, item: found) }
            let x = ((point.x - m.originX) / m.columnStride).rounded(.down)
            let column = x.isNaN ? 0 : Int(max(0, min(Double(columns - 1), x)))
            let k = forward ? min(found, row * columns + column) : max(found, row * columns + column)
            return ItemPath(section: t.section, item: forward ? max(k, t.item) : min(k, t.item))
        }
        var s = current.section
        while forward ? s >= t.section : s <= t.section {
            let found: Int?
            if forward {
                let lower = s == t.section ? t.item + 1 : 0
                let upper = s == current.section ? current.item : lastCandidate(s)
                found = lower <= upper ? Self.lastTrue(lower, upper) { reached(ItemPath(section: s, item: $0)) } : nil
            } else {
                let lower = s == current.section ? current.item : 0
                let upper = s == t.section ? t.item - 1 : lastCandidate(s)
                found = lower <= upper ? Self.firstTrue(lower, upper) { reached(ItemPath(section: s, item: $0)) } : nil
            }
            if let found { return s == t.section ? alongRow(found) : ItemPath(section: s, item: found) }
            s += forward ? -1 : 1
        }
        return t
    }

    /// The band the gap of `drag` holds at `target`, from its frame through
    /// a query context: what ``GapProbe`` must agree with (checked in debug
    /// builds).
    fileprivate func referenceHoldBand(_ target: ItemPath, drag: DragState) -> DropBand? {
        let context = QueryContext(self, LayoutPresentation(drag: drag.moving(to: target)))
        guard let resolved = context.drag,
              let gap = placeholderFrameAttributes(context: context, drag: resolved) else { return nil }
        let m = context.view(target.section).metrics
        return Self.holdBand(frame: gap.frame, columns: m.columns, column: target.item % m.columns,
                             originX: m.originX, columnStride: m.columnStride, cellWidth: m.cellWidth)
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
    func slot(under point: Point, gapAt target: ItemPath, drag: DragState) -> ItemPath? {
        let context = QueryContext(self, LayoutPresentation(drag: drag.moving(to: target)))
        guard let resolved = context.drag, !sections.isEmpty else { return nil }
        let s = min(context.firstSection(endingBelow: point.y), sections.count - 1)
        let view = context.view(s)
        let m = view.metrics
        let last = s == resolved.source.section ? sections[s].count - 1 : sections[s].count
        let itemsTop = context.sectionTop(s) + m.header.space + m.insets.top
        let y = point.y - itemsTop
        if !(y >= 0) || view.rowCount == 0 { return ItemPath(section: s, item: 0) }
        if y >= view.itemsHeight { return ItemPath(section: s, item: last) }
        let row = view.row(at: y)
        // Clamped as a Double first: a non-finite x must not reach Int().
        let x = ((point.x - m.originX) / m.columnStride).rounded(.down)
        let column = x.isNaN ? 0 : Int(max(0, min(Double(m.columns - 1), x)))
        return ItemPath(section: s, item: max(0, min(last, row * m.columns + column)))
    }
}
