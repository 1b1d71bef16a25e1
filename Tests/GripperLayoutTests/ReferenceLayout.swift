import GripperGeometry
@testable import GripperLayout

/// The slow reference: computes every element's attributes directly, by
/// building each section's slot list (the drag applied as a real move) and
/// stacking rows one after another. O(n) per call; the fast layout's queries
/// must agree with a filter over its output exactly.
struct ReferenceLayout {
    var sections: [SectionContent]
    var metrics: LayoutMetrics
    var viewport: Size

    enum Slot: Equatable { case item(Int), placeholder }

    struct Resolved {
        var columns: Int, rowHeight: Double, ii: Double, line: Double, insets: EdgeInsets
        var header: SupplementaryMetrics, footer: SupplementaryMetrics
        var rowSep: SeparatorMetrics, colSep: SeparatorMetrics, background: Bool
        var cellWidth: Double
        func x(_ col: Int) -> Double { insets.left + Double(col) * (cellWidth + ii) }
    }

    func resolve(_ o: SectionMetrics) -> Resolved {
        let m = metrics
        let c = o.columns ?? m.columns
        let ii = o.interItemSpacing ?? m.interItemSpacing
        let insets = o.sectionInsets ?? m.sectionInsets
        let w = (viewport.width - insets.left - insets.right - Double(c - 1) * ii) / Double(c)
        return Resolved(columns: c, rowHeight: o.rowHeight ?? m.rowHeight, ii: ii, line: o.lineSpacing ?? m.lineSpacing,
                        insets: insets, header: o.header ?? m.header, footer: o.footer ?? m.footer,
                        rowSep: o.rowSeparator ?? m.rowSeparator, colSep: o.columnSeparator ?? m.columnSeparator,
                        background: o.sectionBackground ?? m.sectionBackground, cellWidth: w)
    }

    func height(_ s: Int, _ k: Int) -> Double { sections[s].itemHeights?[k] ?? resolve(sections[s].metrics).rowHeight }

    /// A valid drag, or nil (the fast layout ignores impossible drags too).
    func validDrag(_ p: LayoutPresentation) -> DragState? {
        guard let d = p.drag, sections.indices.contains(d.source.section), sections.indices.contains(d.target.section),
              d.source.item >= 0, d.source.item < sections[d.source.section].count else { return nil }
        let limit = d.source.section == d.target.section ? sections[d.target.section].count - 1
                                                         : sections[d.target.section].count
        return d.target.item >= 0 && d.target.item <= limit ? d : nil
    }

    func slots(_ s: Int, drag: DragState?) -> [Slot] {
        var list = (0..<sections[s].count).map(Slot.item)
        if let d = drag {
            if d.source.section == s { list.remove(at: d.source.item) }
            if d.target.section == s { list.insert(.placeholder, at: d.target.item) }
        }
        return list
    }

    struct Output {
        var all: [LayoutAttributes] = []
        var cells: [ItemPath: LayoutAttributes] = [:]
        var contentHeight = 0.0
    }

    func compute(_ p: LayoutPresentation, contentOffset: Double) -> Output {
        var out = Output()
        let g = metrics.globalHeaderHeight
        if g > 0 {
            out.all.append(LayoutAttributes(kind: .globalHeader, indexPath: nil,
                                            frame: Rect(x: 0, y: max(0, contentOffset), width: viewport.width, height: g),
                                            zIndex: ZIndex.globalHeader, isPinned: true))
        }
        let drag = validDrag(p)
        let dragHeight = drag.map { height($0.source.section, $0.source.item) } ?? 0
        var y = g
        var placeholderAttrs: LayoutAttributes?
        for s in sections.indices {
            let r = resolve(sections[s].metrics)
            let list = slots(s, drag: drag)
            let perItem = sections[s].itemHeights != nil
            func h(_ slot: Slot) -> Double {
                switch slot {
                case .item(let k): return height(s, k)
                case .placeholder: return perItem ? dragHeight : r.rowHeight
                }
            }
            let top = y
            let headerSpace = r.header.height > 0 ? r.header.padding.top + r.header.height + r.header.padding.bottom : 0
            let footerSpace = r.footer.height > 0 ? r.footer.padding.top + r.footer.height + r.footer.padding.bottom : 0
            let itemsTop = top + headerSpace + r.insets.top
            var rows: [(top: Double, height: Double, slots: ArraySlice<Slot>, first: Int)] = []
            var rowY = 0.0
            var i = 0
            while i < list.count {
                let chunk = list[i..<min(list.count, i + r.columns)]
                let rh = perItem ? chunk.map(h).max() ?? 0 : r.rowHeight
                rows.append((rowY, rh, chunk, i))
                rowY += rh + r.line
                i += r.columns
            }
            let itemsHeight = rows.last.map { $0.top + $0.height } ?? 0
            let sectionHeight = headerSpace + r.insets.top + itemsHeight + r.insets.bottom + footerSpace
            if r.background {
                out.all.append(LayoutAttributes(kind: .sectionBackground, indexPath: ItemPath(section: s, item: 0),
                                                frame: Rect(x: 0, y: top + headerSpace, width: viewport.width,
                                                            height: r.insets.top + itemsHeight + r.insets.bottom),
                                                zIndex: ZIndex.background))
            }
            if r.header.height > 0 {
                var hy = top + r.header.padding.top
                if r.header.isPinned {
                    hy = max(hy, min(contentOffset + g + r.header.padding.top,
                                     top + sectionHeight - r.header.padding.bottom - r.header.height))
                }
                out.all.append(LayoutAttributes(kind: .header, indexPath: ItemPath(section: s, item: 0),
                                                frame: Rect(x: r.header.padding.left, y: hy,
                                                            width: max(0, viewport.width - r.header.padding.left - r.header.padding.right),
                                                            height: r.header.height),
                                                zIndex: r.header.isPinned ? ZIndex.pinned : ZIndex.supplementary,
                                                isPinned: r.header.isPinned))
            }
            for (rowIndex, row) in rows.enumerated() {
                for (offset, slot) in row.slots.enumerated() {
                    let col = offset
                    let frame = Rect(x: r.x(col), y: itemsTop + row.top, width: r.cellWidth, height: h(slot))
                    switch slot {
                    case .placeholder:
                        var a = LayoutAttributes(kind: .placeholder, indexPath: drag?.target, frame: frame,
                                                 zIndex: ZIndex.placeholder, column: col)
                        a.dragItemCount = drag?.itemCount ?? 0
                        placeholderAttrs = a
                        out.all.append(a)
                    case .item(let k):
                        let ip = ItemPath(section: s, item: k)
                        let a = cell(ip, frame: frame, column: col, columns: r.columns, p)
                        out.cells[ip] = a
                        out.all.append(a)
                        for (index, action) in (a.swipe?.actions ?? []).enumerated() {
                            var e = LayoutAttributes(kind: .action(index: index), indexPath: ip, frame: action.frame,
                                                     zIndex: ZIndex.action, column: col)
                            e.swipe = a.swipe
                            out.all.append(e)
                        }
                    }
                }
                if r.colSep.thickness > 0 {
                    for col in 0..<(r.columns - 1) where row.first + col + 1 < list.count {
                        out.all.append(LayoutAttributes(
                            kind: .columnSeparator(row: rowIndex, column: col), indexPath: ItemPath(section: s, item: 0),
                            frame: Rect(x: r.x(col) + r.cellWidth + (r.ii - r.colSep.thickness) / 2,
                                        y: itemsTop + row.top + r.colSep.startInset, width: r.colSep.thickness,
                                        height: max(0, row.height - r.colSep.startInset - r.colSep.endInset)),
                            zIndex: ZIndex.separator))
                    }
                }
                if r.rowSep.thickness > 0, rowIndex < rows.count - 1 {
                    let cw = viewport.width - r.insets.left - r.insets.right
                    out.all.append(LayoutAttributes(
                        kind: .rowSeparator(row: rowIndex), indexPath: ItemPath(section: s, item: 0),
                        frame: Rect(x: r.insets.left + r.rowSep.startInset,
                                    y: itemsTop + row.top + row.height + (r.line - r.rowSep.thickness) / 2,
                                    width: max(0, cw - r.rowSep.startInset - r.rowSep.endInset),
                                    height: r.rowSep.thickness),
                        zIndex: ZIndex.separator))
                }
            }
            if r.footer.height > 0 {
                var fy = top + sectionHeight - r.footer.padding.bottom - r.footer.height
                if r.footer.isPinned {
                    fy = min(fy, max(top + r.footer.padding.top,
                                     contentOffset + viewport.height - r.footer.padding.bottom - r.footer.height))
                }
                out.all.append(LayoutAttributes(kind: .footer, indexPath: ItemPath(section: s, item: 0),
                                                frame: Rect(x: r.footer.padding.left, y: fy,
                                                            width: max(0, viewport.width - r.footer.padding.left - r.footer.padding.right),
                                                            height: r.footer.height),
                                                zIndex: r.footer.isPinned ? ZIndex.pinned : ZIndex.supplementary,
                                                isPinned: r.footer.isPinned))
            }
            y += sectionHeight
        }
        out.contentHeight = y
        if let d = drag, let ph = placeholderAttrs {
            let sr = resolve(sections[d.source.section].metrics)
            var hidden = cell(d.source, frame: ph.frame, column: ph.column ?? 0,
                              columns: resolve(sections[d.target.section].metrics).columns, p)
            hidden.isHidden = true
            hidden.alpha = 0
            out.cells[d.source] = hidden
            var proxy = LayoutAttributes(kind: .dragProxy, indexPath: d.source,
                                         frame: Rect(x: d.proxyCenter.x - sr.cellWidth / 2,
                                                     y: d.proxyCenter.y - dragHeight / 2,
                                                     width: sr.cellWidth, height: dragHeight),
                                         zIndex: ZIndex.dragProxy)
            proxy.dragItemCount = d.itemCount
            out.all.append(proxy)
        }
        return out
    }

    func cell(_ ip: ItemPath, frame: Rect, column: Int, columns: Int, _ p: LayoutPresentation) -> LayoutAttributes {
        let t = p.traits(ip)
        var a = LayoutAttributes(kind: .cell, indexPath: ip, frame: frame, zIndex: ZIndex.cell, column: column,
                                 isEditing: p.isEditing, isMovable: t.isMovable, isDeletable: t.isDeletable,
                                 isSelected: p.selected.contains(ip), isHighlighted: p.highlighted.contains(ip))
        let e = metrics.editing
        var controls = EditingControls()
        if p.isEditing, t.isDeletable {
            controls.deleteControl = Rect(x: frame.minX, y: frame.minY, width: min(e.deleteControlWidth, frame.width), height: frame.height)
        }
        if p.isEditing, t.isMovable {
            let w = min(e.gripperWidth, frame.width)
            controls.gripper = Rect(x: frame.maxX - w, y: frame.minY, width: w, height: frame.height)
        }
        if p.deleteConfirmation == ip {
            let w = min(e.deleteConfirmationWidth, frame.width)
            controls.deleteConfirmation = Rect(x: frame.maxX - w, y: frame.minY, width: w, height: frame.height)
        }
        if controls != EditingControls() { a.editingControls = controls }
        if let sw = p.swipe, sw.indexPath == ip, sw.offset != 0 {
            a.swipe = swipe(frame: frame, column: column, columns: columns, sw)
        }
        return a
    }

    /// The documented action-width rule, written out again.
    func swipe(frame: Rect, column: Int, columns: Int, _ sw: SwipeState) -> SwipeAttributes {
        let sm = metrics.swipe
        let trailing = sw.offset < 0
        let actions = trailing ? sw.trailingActions : sw.leadingActions
        var widths = actions.map { max(sm.minimumActionWidth, sm.characterWidth * Double($0.title.count) + 2 * sm.actionPadding) }
        let total = widths.reduce(0, +)
        if total > frame.width { widths = widths.map { $0 * (frame.width / total) } }
        let pane = min(total, frame.width)
        let revealed = min(abs(sw.offset), frame.width)
        let breakpoint = min(frame.width, max(pane + sm.fullSwipeMargin, frame.width * sm.fullSwipeFraction))
        let past = sm.allowsFullSwipe && !actions.isEmpty && revealed >= breakpoint
        let paneFrame = revealed >= frame.width ? frame
            : Rect(x: trailing ? frame.maxX - revealed : frame.minX, y: frame.minY, width: revealed, height: frame.height)
        var used = 0.0
        var frames: [ActionFrame] = []
        for (i, action) in actions.enumerated() {
            let w = past ? (i == 0 ? revealed : 0) : widths[i] * (pane > 0 ? revealed / pane : 0)
            let x = trailing ? paneFrame.maxX - used - w : paneFrame.minX + used
            frames.append(ActionFrame(id: action.id, style: action.style, frame: Rect(x: x, y: frame.minY, width: w, height: frame.height)))
            used += w
        }
        return SwipeAttributes(edge: trailing ? .trailing : .leading, contentOffset: trailing ? -revealed : revealed,
                               paneFrame: paneFrame, actions: frames,
                               contentSlidesUnderNeighbour: trailing ? column > 0 : column < columns - 1,
                               isPastFullSwipe: past)
    }
}
