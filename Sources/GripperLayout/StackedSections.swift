import GripperGeometry

/// A query context of a layout whose sections stack along the scroll axis
/// and whose drag opens one gap (the flow layout's ``FlowContext``, the
/// placement layout's ``PlacementContext``): what the elements that are
/// not cells are built from, once for both.
protocol StackedSectionsContext: DraggedSections {
    /// The presentation the context answers.
    var presentation: LayoutPresentation { get }
    /// How many items the drag carries (0 with no drag).
    var itemCount: Int { get }
    /// The drag's source, the gap's target and the proxy's frame, or nil
    /// without a drag (or with one the layout ignores).
    var dragEnds: (source: ItemPath, target: ItemPath, proxyFrame: Rect)? { get }
    /// The gap's frame, or nil without a drag.
    var gapFrame: Rect? { get }
}

extension StackedSectionsContext {
    /// The drag proxy's attributes, or nil without a drag.
    var proxyAttributes: LayoutAttributes? {
        guard let d = dragEnds else { return nil }
        var a = LayoutAttributes(kind: .dragProxy, indexPath: d.source, frame: d.proxyFrame, zIndex: ZIndex.dragProxy)
        a.dragItemCount = itemCount
        return a
    }

    /// The gap's attributes at `frame`, or nil without a drag.
    func placeholderAttributes(at frame: Rect) -> LayoutAttributes? {
        guard let d = dragEnds else { return nil }
        var a = LayoutAttributes(kind: .placeholder, indexPath: d.target, frame: frame, zIndex: ZIndex.placeholder,
                                 column: 0)
        a.dragItemCount = itemCount
        return a
    }
}

extension GridLayout {
    /// Element `id` of section `id.indexPath.section` (which exists) when
    /// it is not a cell, a separator or an app's own kind: a header, a
    /// footer or a background of `metrics`, the gap, the proxy, a swipe
    /// action of `cell`'s, a menu element — what the flow and placement
    /// layouts answer alike (the grid's own answer walks rows). Cells and
    /// the rest come from `other`.
    /// - Complexity: O(1), plus `cell` and `background` (a menu: its entries).
    func stackedElement(_ id: ElementID, metrics m: ResolvedMetrics, context c: some StackedSectionsContext,
                        contentOffset: Double, layout: some CollectionLayout,
                        background: () -> LayoutAttributes?, other: () -> LayoutAttributes?) -> LayoutAttributes? {
        guard let ip = id.indexPath else { return nil }
        let s = ip.section
        switch id.kind {
        case .header:
            guard ip.item == 0, m.header.exists else { return nil }
            return headerAttributes(s, metrics: m, top: c.sectionTop(s), height: c.sectionHeight(s),
                                    contentOffset: contentOffset)
        case .footer:
            guard ip.item == 0, m.footer.exists else { return nil }
            return footerAttributes(s, metrics: m, top: c.sectionTop(s), height: c.sectionHeight(s),
                                    contentOffset: contentOffset)
        case .sectionBackground:
            guard ip.item == 0, m.background else { return nil }
            return background()
        case .placeholder:
            guard c.dragEnds?.target == ip, let frame = c.gapFrame else { return nil }
            return c.placeholderAttributes(at: frame)
        case .dragProxy:
            guard c.dragEnds?.source == ip else { return nil }
            return c.proxyAttributes
        case .action(let index):
            guard let cell = layout.attributes(for: ip, presentation: c.presentation), !cell.isHidden,
                  let actions = cell.swipe?.actions, actions.indices.contains(index) else { return nil }
            var a = LayoutAttributes(kind: id.kind, indexPath: ip, frame: actions[index].frame, zIndex: ZIndex.action,
                                     column: 0)
            a.shareSwipe(of: cell)
            return a
        case .menu, .menuEntry:
            return layout.menuElement(id, presentation: c.presentation, contentOffset: contentOffset)
        case .cell, .globalHeader, .rowSeparator, .columnSeparator, .supplementary, .decoration:
            return other()
        }
    }

    /// A swiped cell's action elements that meet `rect`, each sharing the
    /// cell's swipe attributes.
    static func visitActions(of cell: LayoutAttributes, in rect: Rect, _ body: (LayoutAttributes) -> Void) {
        guard let swipe = cell.swipe else { return }
        for (index, action) in swipe.actions.enumerated() where action.frame.intersects(rect) {
            var e = LayoutAttributes(kind: .action(index: index), indexPath: cell.indexPath, frame: action.frame,
                                     zIndex: ZIndex.action, column: 0)
            e.shareSwipe(of: cell)
            body(e)
        }
    }
}

/// What lies under `point` among the elements `visit` reports for a
/// 1-point probe there: the hit test of the flow and placement layouts.
/// - Complexity: as `visit`.
func hitTestByProbe(_ point: Point, _ visit: (Rect, (LayoutAttributes) -> Void) -> Void) -> HitTarget? {
    let probe = Rect(x: point.x, y: point.y, width: point.x.nextUp - point.x, height: point.y.nextUp - point.y)
    return withoutActuallyEscaping(visit) { visit in
        HitTarget.topmost(at: point) { body in visit(probe, body) }
    }
}
