import GripperGeometry

extension GridLayout {
    /// The attributes of every element whose frame intersects `rect`, for
    /// `presentation` and a vertical `contentOffset` (which places pinned
    /// elements), in drawing-independent reading order: the global header,
    /// then section by section (background, header, rows top to bottom with
    /// their cells, gap, actions and separators, footer), then the drag proxy.
    /// The dragged source is not among them (it is hidden; ask
    /// ``attributes(for:presentation:)`` for it).
    /// - Complexity: O(log n + k) for k elements returned, for every metric
    ///   combination and drag: a binary search over sections and rows.
    public func attributes(in rect: Rect, presentation: LayoutPresentation = .resting,
                           contentOffset: Double = 0) -> [LayoutAttributes] {
        var out: [LayoutAttributes] = []
        out.reserveCapacity(expectedCount(in: rect))
        forEachAttributes(in: rect, presentation: presentation, contentOffset: contentOffset) { out.append($0) }
        return out
    }

    /// About how many elements a query of `rect` returns: its rows at the
    /// layout's row height, each with its cells, their column separators and
    /// a row separator, and a few more (64 to 4,096). Reserved up front, it
    /// spares a query of a thousand cells the array's regrowth (each
    /// attributes value copied at every doubling, and the fresh pages).
    /// - Complexity: O(1).
    func expectedCount(in rect: Rect) -> Int {
        let stride = max(1, (metrics.estimatedItemHeight ?? metrics.rowHeight) + metrics.lineSpacing)
        let rows = rect.height / stride
        guard rows.isFinite, rows >= 0 else { return 64 }
        let perRow = 2 * max(1, metrics.columns) + 1
        return Int(min(4_096, max(64, (rows + 2) * Double(perRow) + 8)))
    }

    /// Calls `body` with the attributes of every element intersecting `rect`,
    /// in the order of ``attributes(in:presentation:contentOffset:)``,
    /// without collecting them.
    ///
    /// The cells of a section of fixed row height at rest (no gap, no item
    /// shifted in it) are visited by arithmetic: slot i shows item i, and
    /// every cell's frame is its row's and column's. Debug builds check each
    /// such cell against the general path, which finds a cell's item and
    /// frame through the section's slot arrangement and row heights (the
    /// tests compare whole visits: `attributesByBothPaths(in:presentation:contentOffset:)`).
    /// - Complexity: O(log n + k).
    public func forEachAttributes(in rect: Rect, presentation: LayoutPresentation = .resting,
                                  contentOffset: Double = 0, _ body: (LayoutAttributes) -> Void) {
        visitAttributes(in: rect, presentation: presentation, contentOffset: contentOffset, arithmetic: true, body)
    }

    /// What ``forEachAttributes(in:presentation:contentOffset:_:)`` visits,
    /// by arithmetic where it applies and by the general path alone: the
    /// two must be equal, element by element and in order.
    /// - Complexity: O(log n + k).
    func attributesByBothPaths(in rect: Rect, presentation: LayoutPresentation,
                               contentOffset: Double) -> (arithmetic: [LayoutAttributes], general: [LayoutAttributes]) {
        var fast: [LayoutAttributes] = [], general: [LayoutAttributes] = []
        visitAttributes(in: rect, presentation: presentation, contentOffset: contentOffset, arithmetic: true) { fast.append($0) }
        visitAttributes(in: rect, presentation: presentation, contentOffset: contentOffset, arithmetic: false) { general.append($0) }
        return (fast, general)
    }

    /// ``forEachAttributes(in:presentation:contentOffset:_:)``, with the
    /// fixed-row arithmetic or (`arithmetic` false) the general path only.
    private func visitAttributes(in rect: Rect, presentation: LayoutPresentation, contentOffset: Double,
                                 arithmetic: Bool, _ body: (LayoutAttributes) -> Void) {
        guard !rect.isEmpty else { return }
        if let group = grouped(presentation) {
            guard let (g, drag) = group else {
                return forEachAttributes(in: rect, presentation: presentation.withoutDrag, contentOffset: contentOffset, body)
            }
            return g.forEachAttributes(in: rect, presentation: presentation, drag: drag, contentOffset: contentOffset, body)
        }
        let context = QueryContext(self, presentation)
        if let global = globalHeaderAttributes(contentOffset: contentOffset), global.frame.intersects(rect) {
            body(global)
        }
        var section = context.firstSection(endingBelow: rect.minY)
        while section < sections.count {
            let top = context.sectionTop(section)
            if top >= rect.maxY { break }
            visitSection(section, top: top, context: context, rect: rect, contentOffset: contentOffset,
                         arithmetic: arithmetic, body)
            section += 1
        }
        if let drag = context.drag, drag.proxyFrame.intersects(rect) {
            body(proxyAttributes(drag, itemCount: context.itemCount))
        }
        visitMenu(in: rect, presentation: presentation, contentOffset: contentOffset, body)
    }

    /// The attributes of one item's cell. The dragged source answers hidden
    /// (alpha 0) at the gap's frame, where it will land; the other items of
    /// a multi-item drag answer hidden under the proxy (gathered into it).
    /// - Complexity: O(log n), plus O(log k) for k companions of a drag.
    public func attributes(for indexPath: ItemPath, presentation: LayoutPresentation = .resting) -> LayoutAttributes? {
        guard isValid(indexPath) else { return nil }
        if let group = grouped(presentation) {
            guard let (g, drag) = group else { return attributes(for: indexPath, presentation: presentation.withoutDrag) }
            return g.attributes(for: indexPath, presentation: presentation, drag: drag, real: self)
        }
        if presentation.drag == nil, let a = restingFixedCellAttributes(for: indexPath, presentation: presentation) {
            assert(a == attributesThroughContext(for: indexPath, presentation: presentation))
            return a
        }
        return attributesThroughContext(for: indexPath, presentation: presentation)
    }

    /// ``attributes(for:presentation:)`` of a cell at rest (no drag) in a
    /// section of fixed row height: its frame by arithmetic, no query
    /// context. `nil` when that does not apply.
    /// - Complexity: O(1).
    private func restingFixedCellAttributes(for indexPath: ItemPath,
                                            presentation: LayoutPresentation) -> LayoutAttributes? {
        let store = sections[indexPath.section]
        guard store.heights == nil else { return nil }
        let m = store.metrics
        let columns = m.columns
        guard columns > 0 else { return nil }
        let row = indexPath.item / columns, column = indexPath.item % columns
        let itemsTop = sectionTops[indexPath.section] + m.header.space + m.insets.top
        let frame = Rect(x: m.x(column: column), y: itemsTop + Double(row) * (m.rowHeight + m.lineSpacing),
                         width: m.cellWidth, height: m.rowHeight)
        return cellAttributes(indexPath: indexPath, frame: frame, column: column, columns: columns,
                              presentation: presentation)
    }

    /// ``attributes(for:presentation:)`` through a query context: the
    /// general path.
    private func attributesThroughContext(for indexPath: ItemPath,
                                          presentation: LayoutPresentation) -> LayoutAttributes? {
        let context = QueryContext(self, presentation)
        if let drag = context.drag, drag.source == indexPath {
            guard var a = placeholderFrameAttributes(context: context, drag: drag) else { return nil }
            a = cellAttributes(indexPath: indexPath, frame: a.frame, column: a.column ?? 0,
                               columns: sections[drag.target.section].metrics.columns, presentation: presentation)
            a.isHidden = true
            a.alpha = 0
            return a
        }
        let view = context.view(indexPath.section)
        guard let slot = view.arrangement.slot(ofItem: indexPath.item) else { return nil }
        let itemsTop = context.sectionTop(indexPath.section) + view.metrics.header.space + view.metrics.insets.top
        let frame = slotFrame(view, slot: slot, itemsTop: itemsTop, rowTop: view.rowTop(slot / view.columns))
        return cellAttributes(indexPath: indexPath, frame: frame, column: slot % view.columns,
                              columns: view.columns, presentation: presentation)
    }

    /// The attributes of any element by identity (see ``ElementID``), or
    /// `nil` when no such element exists in this state.
    /// - Complexity: O(log n).
    public func attributes(for id: ElementID, presentation: LayoutPresentation = .resting,
                           contentOffset: Double = 0) -> LayoutAttributes? {
        if case .globalHeader = id.kind { return globalHeaderAttributes(contentOffset: contentOffset) }
        guard let ip = id.indexPath, sections.indices.contains(ip.section) else { return nil }
        if let group = grouped(presentation) {
            guard let (g, drag) = group else {
                return attributes(for: id, presentation: presentation.withoutDrag, contentOffset: contentOffset)
            }
            return g.attributes(for: id, presentation: presentation, drag: drag, contentOffset: contentOffset, real: self)
        }
        let context = QueryContext(self, presentation)
        let s = ip.section
        let view = context.view(s)
        let m = view.metrics
        let top = context.sectionTop(s)
        let itemsTop = top + m.header.space + m.insets.top
        switch id.kind {
        case .cell:
            return attributes(for: ip, presentation: presentation)
        case .globalHeader, .supplementary, .decoration:
            return nil
        case .header:
            guard ip.item == 0 else { return nil }
            return headerAttributes(s, view: view, top: top, height: context.sectionHeight(s), contentOffset: contentOffset)
        case .footer:
            guard ip.item == 0 else { return nil }
            return footerAttributes(s, view: view, top: top, height: context.sectionHeight(s), contentOffset: contentOffset)
        case .sectionBackground:
            guard ip.item == 0 else { return nil }
            return backgroundAttributes(s, view: view, top: top)
        case .rowSeparator(let row):
            guard ip.item == 0, m.rowSeparator.exists, row >= 0, row < view.rowCount - 1 else { return nil }
            let rowTop = view.rowTop(row)
            return rowSeparatorAttributes(s, row: row, view: view, itemsTop: itemsTop, rowTop: rowTop,
                                          rowHeight: view.rowHeight(row))
        case .columnSeparator(let row, let column):
            guard ip.item == 0, m.columnSeparator.exists, row >= 0, row < view.rowCount, column >= 0,
                  column < m.columns - 1, row * m.columns + column + 1 < view.arrangement.slotCount else { return nil }
            return columnSeparatorAttributes(s, row: row, column: column, view: view, itemsTop: itemsTop,
                                             rowTop: view.rowTop(row), rowHeight: view.rowHeight(row))
        case .placeholder:
            guard let drag = context.drag, drag.target == ip else { return nil }
            return placeholderFrameAttributes(context: context, drag: drag)
        case .dragProxy:
            guard let drag = context.drag, drag.source == ip else { return nil }
            return proxyAttributes(drag, itemCount: context.itemCount)
        case .action(let index):
            guard let cell = attributes(for: ip, presentation: presentation), !cell.isHidden,
                  let actions = cell.swipe?.actions, actions.indices.contains(index) else { return nil }
            var a = LayoutAttributes(kind: id.kind, indexPath: ip, frame: actions[index].frame, zIndex: ZIndex.action,
                                     column: cell.column)
            a.shareSwipe(of: cell)
            return a
        case .menu, .menuEntry:
            return menuElement(id, presentation: presentation, contentOffset: contentOffset)
        }
    }

    // MARK: - One section

    private func visitSection(_ s: Int, top: Double, context: QueryContext, rect: Rect, contentOffset: Double,
                              arithmetic: Bool, _ body: (LayoutAttributes) -> Void) {
        let view = context.view(s)
        let m = view.metrics
        let height = context.sectionHeight(s)
        let itemsTop = top + m.header.space + m.insets.top
        if m.background {
            let a = backgroundAttributes(s, view: view, top: top)
            if a.frame.intersects(rect) { body(a) }
        }
        if m.header.exists {
            let a = headerAttributes(s, view: view, top: top, height: height, contentOffset: contentOffset)
            if a.frame.intersects(rect) { body(a) }
        }
        let rows = view.rowCount
        if rows > 0 {
            let reach = m.rowSeparator.exists ? view.lineSpacing / 2 + m.rowSeparator.thickness / 2 : 0
            var row = view.firstRow(reaching: rect.minY - itemsTop, reach: reach)
            // Every row's top is rowTop's, bit for bit (a running sum of
            // heights and spacing would round otherwise): the one
            // definition visibleCell's frames share.
            var rowTop = view.rowTop(row)
            var sum = view.perItem ? view.rowsHeightSum(row) : 0
            let localMax = rect.maxY - itemsTop
            let c = m.columns
            let slotCount = view.arrangement.slotCount
            let drag = context.drag
            // At rest with fixed row heights (no gap, nothing shifted): slot
            // i shows item i, and every cell is as tall as its row.
            let fixedAtRest = arithmetic && !view.perItem && view.arrangement.placeholder < 0
                && !view.arrangement.hasSpecial
            let swiped = context.presentation.swipe?.indexPath
            while row < rows, rowTop < localMax {
                let rowHeight = view.rowHeight(row)
                let firstSlot = row * c
                let end = min(slotCount, firstSlot + c)
                if fixedAtRest {
                    let y = itemsTop + rowTop
                    var item = firstSlot, column = 0
                    while item < end {
                        let frame = Rect(x: m.x(column: column), y: y, width: m.cellWidth, height: view.fixedRowHeight)
                        assert(view.arrangement.item(atSlot: item) == item
                               && frame == slotFrame(view, slot: item, itemsTop: itemsTop, rowTop: rowTop),
                               "slot \(item) of section \(s): the arithmetic parts from the general path")
                        if frame.intersects(rect) {
                            visitCell(ItemPath(section: s, item: item), frame: frame, column: column, columns: c,
                                      swiped: swiped, context: context, rect: rect, body)
                        }
                        item += 1
                        column += 1
                    }
                } else {
                    var slot = firstSlot
                    while slot < end {
                        let item = view.arrangement.item(atSlot: slot)
                        let frame = slotFrame(view, slot: slot, itemsTop: itemsTop, rowTop: rowTop)
                        if frame.intersects(rect) {
                            if item < 0, let drag {
                                var a = LayoutAttributes(kind: .placeholder, indexPath: drag.target, frame: frame,
                                                         zIndex: ZIndex.placeholder, column: slot - firstSlot)
                                a.dragItemCount = context.itemCount
                                body(a)
                            } else {
                                visitCell(ItemPath(section: s, item: item), frame: frame, column: slot - firstSlot,
                                          columns: c, swiped: swiped, context: context, rect: rect, body)
                            }
                        }
                        slot += 1
                    }
                }
                if m.columnSeparator.exists {
                    var column = 0
                    while column < c - 1, firstSlot + column + 1 < slotCount {
                        let a = columnSeparatorAttributes(s, row: row, column: column, view: view, itemsTop: itemsTop,
                                                          rowTop: rowTop, rowHeight: rowHeight)
                        if a.frame.intersects(rect) { body(a) }
                        column += 1
                    }
                }
                if m.rowSeparator.exists, row < rows - 1 {
                    let a = rowSeparatorAttributes(s, row: row, view: view, itemsTop: itemsTop, rowTop: rowTop,
                                                   rowHeight: rowHeight)
                    if a.frame.intersects(rect) { body(a) }
                }
                row += 1
                if row < rows { (rowTop, sum) = view.nextRow(after: row - 1, sum: sum) }
            }
        }
        if m.footer.exists {
            let a = footerAttributes(s, view: view, top: top, height: height, contentOffset: contentOffset)
            if a.frame.intersects(rect) { body(a) }
        }
    }

    /// A cell, and the actions of a swiped one: the cell's attributes go
    /// to `body` as they are made (no copy kept), unless it is the swiped
    /// cell, whose actions share its swipe.
    @inline(__always)
    private func visitCell(_ path: ItemPath, frame: Rect, column: Int, columns: Int, swiped: ItemPath?,
                           context: QueryContext, rect: Rect, _ body: (LayoutAttributes) -> Void) {
        guard path == swiped else {
            return body(cellAttributes(indexPath: path, frame: frame, column: column, columns: columns,
                                       presentation: context.presentation))
        }
        let a = cellAttributes(indexPath: path, frame: frame, column: column, columns: columns,
                               presentation: context.presentation)
        body(a)
        guard let swipe = a.swipe else { return }
        for (index, action) in swipe.actions.enumerated() where action.frame.intersects(rect) {
            var e = LayoutAttributes(kind: .action(index: index), indexPath: a.indexPath, frame: action.frame,
                                     zIndex: ZIndex.action, column: a.column)
            e.shareSwipe(of: a)
            body(e)
        }
    }

    // MARK: - Element builders

    @inline(__always)
    func slotFrame(_ view: SectionView, slot: Int, itemsTop: Double, rowTop: Double) -> Rect {
        Rect(x: view.metrics.x(column: slot % view.columns), y: itemsTop + rowTop, width: view.metrics.cellWidth,
             height: view.cellHeight(slot: slot))
    }

    func cellAttributes(indexPath: ItemPath, frame: Rect, column: Int, columns: Int,
                        presentation: LayoutPresentation) -> LayoutAttributes {
        let traits = presentation.traits(indexPath)
        let editing = presentation.isEditing
        let confirming = presentation.deleteConfirmation == indexPath
        let e = metrics.editing
        var swipe: SwipeAttributes?
        if let state = presentation.swipe, state.indexPath == indexPath {
            swipe = swipeAttributes(cellFrame: frame, column: column, columns: columns, state: state)
        }
        return LayoutAttributes(
            cell: indexPath, frame: frame, column: column, isEditing: editing, isMovable: traits.isMovable,
            isDeletable: traits.isDeletable,
            isSelected: !presentation.selected.isEmpty && presentation.selected.contains(indexPath),
            isHighlighted: !presentation.highlighted.isEmpty && presentation.highlighted.contains(indexPath),
            isDropTarget: presentation.drag?.intoTarget == indexPath,
            isFocused: presentation.focused == indexPath,
            swipe: swipe,
            deleteControlWidth: editing && traits.isDeletable ? min(e.deleteControlWidth, frame.width) : 0,
            gripperWidth: editing && traits.isMovable ? min(e.gripperWidth, frame.width) : 0,
            deleteConfirmationWidth: confirming ? min(e.deleteConfirmationWidth, frame.width) : 0)
    }

    func globalHeaderAttributes(contentOffset: Double) -> LayoutAttributes? {
        let h = metrics.globalHeaderHeight
        guard h > 0 else { return nil }
        return LayoutAttributes(kind: .globalHeader, indexPath: nil,
                                frame: Rect(x: 0, y: max(0, contentOffset), width: viewport.width, height: h),
                                zIndex: ZIndex.globalHeader, isPinned: true)
    }

    func headerAttributes(_ s: Int, view: SectionView, top: Double, height: Double,
                          contentOffset: Double) -> LayoutAttributes {
        headerAttributes(s, metrics: view.metrics, top: top, height: height, contentOffset: contentOffset)
    }

    /// Section `s`'s header, for a section of `height` at `top`: pinned
    /// below the global header while the section is on screen when its
    /// metrics pin it. Every layout of sections builds its headers here.
    func headerAttributes(_ s: Int, metrics m: ResolvedMetrics, top: Double, height: Double,
                          contentOffset: Double) -> LayoutAttributes {
        let h = m.header
        var y = top + h.padding.top
        if h.isPinned {
            let line = contentOffset + metrics.globalHeaderHeight + h.padding.top
            y = max(y, min(line, top + height - h.padding.bottom - h.height))
        }
        return LayoutAttributes(kind: .header, indexPath: ItemPath(section: s, item: 0),
                                frame: Rect(x: h.padding.left, y: y,
                                            width: max(0, viewport.width - h.padding.left - h.padding.right),
                                            height: h.height),
                                zIndex: h.isPinned ? ZIndex.pinned : ZIndex.supplementary, isPinned: h.isPinned)
    }

    func footerAttributes(_ s: Int, view: SectionView, top: Double, height: Double,
                          contentOffset: Double) -> LayoutAttributes {
        footerAttributes(s, metrics: view.metrics, top: top, height: height, contentOffset: contentOffset)
    }

    /// Section `s`'s footer, for a section of `height` at `top`: pinned
    /// above the viewport's end while the section is on screen when its
    /// metrics pin it. Every layout of sections builds its footers here.
    func footerAttributes(_ s: Int, metrics m: ResolvedMetrics, top: Double, height: Double,
                          contentOffset: Double) -> LayoutAttributes {
        let f = m.footer
        var y = top + height - f.padding.bottom - f.height
        if f.isPinned {
            let line = contentOffset + viewport.height - f.padding.bottom - f.height
            y = min(y, max(top + f.padding.top, line))
        }
        return LayoutAttributes(kind: .footer, indexPath: ItemPath(section: s, item: 0),
                                frame: Rect(x: f.padding.left, y: y,
                                            width: max(0, viewport.width - f.padding.left - f.padding.right),
                                            height: f.height),
                                zIndex: f.isPinned ? ZIndex.pinned : ZIndex.supplementary, isPinned: f.isPinned)
    }

    func backgroundAttributes(_ s: Int, view: SectionView, top: Double) -> LayoutAttributes {
        backgroundAttributes(s, metrics: view.metrics, top: top, itemsHeight: view.itemsHeight)
    }

    /// Section `s`'s background (behind its insets and items, not its
    /// header or footer), for a section at `top` whose items take
    /// `itemsHeight`. Every layout of sections builds its backgrounds here.
    func backgroundAttributes(_ s: Int, metrics m: ResolvedMetrics, top: Double, itemsHeight: Double) -> LayoutAttributes {
        LayoutAttributes(kind: .sectionBackground, indexPath: ItemPath(section: s, item: 0),
                                frame: Rect(x: 0, y: top + m.header.space, width: viewport.width,
                                            height: m.insets.top + m.itemsAreaHeight(itemsHeight) + m.insets.bottom),
                                zIndex: ZIndex.background)
    }

    func rowSeparatorAttributes(_ s: Int, row: Int, view: SectionView, itemsTop: Double, rowTop: Double,
                                rowHeight: Double) -> LayoutAttributes {
        let m = view.metrics
        let sep = m.rowSeparator
        let contentWidth = viewport.width - m.insets.left - m.insets.right
        return LayoutAttributes(kind: .rowSeparator(row: row), indexPath: ItemPath(section: s, item: 0),
                                frame: Rect(x: m.originX + sep.startInset,
                                            y: itemsTop + rowTop + rowHeight + (m.lineSpacing - sep.thickness) / 2,
                                            width: max(0, contentWidth - sep.startInset - sep.endInset),
                                            height: sep.thickness),
                                zIndex: ZIndex.separator)
    }

    func columnSeparatorAttributes(_ s: Int, row: Int, column: Int, view: SectionView, itemsTop: Double,
                                   rowTop: Double, rowHeight: Double) -> LayoutAttributes {
        let m = view.metrics
        let sep = m.columnSeparator
        return LayoutAttributes(kind: .columnSeparator(row: row, column: column),
                                indexPath: ItemPath(section: s, item: 0),
                                frame: Rect(x: m.x(column: column) + m.cellWidth
                                                + (m.interItemSpacing - sep.thickness) / 2,
                                            y: itemsTop + rowTop + sep.startInset, width: sep.thickness,
                                            height: max(0, rowHeight - sep.startInset - sep.endInset)),
                                zIndex: ZIndex.separator)
    }

    func placeholderFrameAttributes(context: QueryContext, drag: QueryContext.Drag) -> LayoutAttributes? {
        let s = drag.target.section
        let view = context.view(s)
        let slot = drag.target.item
        let itemsTop = context.sectionTop(s) + view.metrics.header.space + view.metrics.insets.top
        let frame = slotFrame(view, slot: slot, itemsTop: itemsTop, rowTop: view.rowTop(slot / view.columns))
        var a = LayoutAttributes(kind: .placeholder, indexPath: drag.target, frame: frame, zIndex: ZIndex.placeholder,
                                 column: slot % view.columns)
        a.dragItemCount = context.itemCount
        return a
    }

    func proxyAttributes(_ drag: QueryContext.Drag, itemCount: Int) -> LayoutAttributes {
        var a = LayoutAttributes(kind: .dragProxy, indexPath: drag.source, frame: drag.proxyFrame,
                                 zIndex: ZIndex.dragProxy)
        a.dragItemCount = itemCount
        return a
    }
}
