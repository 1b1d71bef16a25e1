import GripperGeometry

/// What the editing machine and the engine ask of a layout: the grid
/// (`GridLayout`), the flow layout (`FlowLayout`) and an app's own
/// layout plug in the same way.
///
/// A layout works in *scroll space* (see ``LayoutOrientation``): y runs
/// along the scroll axis from the content's start, x across it from the
/// leading edge, and ``viewport`` is the viewport's size in that space. It
/// says which way it maps onto the screen with ``orientation``; the engine
/// and the renderers do the mapping, so a layout never transposes or
/// mirrors anything itself.
///
/// Items are addressed by index path; each has an *extent* along the scroll
/// axis (a height in scroll space) that the app may measure after the
/// layout started from an estimate (``setExtent(_:of:)``), and, in layouts
/// that use it, a cross extent given with ``SectionContent/itemWidths``.
///
/// The queries are asked per input event and per frame; a conforming layout
/// should answer them in O(log n + k) for k elements returned, without a
/// pass over the items.
public protocol CollectionLayout: Sendable {
    /// How scroll space maps onto the screen.
    var orientation: LayoutOrientation { get }
    /// The viewport's size in scroll space (its height runs along the scroll axis).
    var viewport: Size { get }
    /// The number of sections.
    var numberOfSections: Int { get }
    /// The number of items in `section`, or 0 for a section that does not exist.
    func numberOfItems(inSection section: Int) -> Int
    /// The content size at rest, scroll space.
    /// - Complexity: should be O(1).
    var contentSize: Size { get }
    /// The content size under `presentation` (a drag can change it).
    /// - Complexity: should be O(log n).
    func contentSize(for presentation: LayoutPresentation) -> Size
    /// The attributes of every element whose frame intersects `rect` (content
    /// coordinates), for `presentation` and the scroll offset `contentOffset`
    /// (which places pinned elements), in reading order. The dragged source
    /// is not among them.
    /// - Complexity: should be O(log n + k) for k elements returned.
    func attributes(in rect: Rect, presentation: LayoutPresentation, contentOffset: Double) -> [LayoutAttributes]
    /// The attributes of one item's cell; the dragged source answers hidden
    /// at the gap's frame. `nil` for an index path that does not exist.
    /// - Complexity: should be O(log n).
    func attributes(for indexPath: ItemPath, presentation: LayoutPresentation) -> LayoutAttributes?
    /// The attributes of any element by identity, or `nil` when no such
    /// element exists in this state.
    /// - Complexity: should be O(log n).
    func attributes(for id: ElementID, presentation: LayoutPresentation, contentOffset: Double) -> LayoutAttributes?
    /// What lies under `point` (content coordinates): the topmost element,
    /// and inside a cell the control under the point before the cell.
    /// - Complexity: should be O(log n + k) for the k elements near the point.
    func hitTest(_ point: Point, presentation: LayoutPresentation, contentOffset: Double) -> HitTarget?
    /// The shown cell whose frame contains `point` (content coordinates)
    /// under `presentation`, and its frame: the first such cell of
    /// ``attributes(in:presentation:contentOffset:)``. `nil` over a gap, the
    /// hidden source, a header, spacing or empty space. A drag asks it on
    /// every frame (is the proxy over an item that takes drops?); the
    /// default answers through the attributes of a 1-point rect.
    /// - Complexity: should be O(log n).
    func visibleCell(at point: Point, presentation: LayoutPresentation) -> (indexPath: ItemPath, frame: Rect)?
    /// Where the dragged item would land with the proxy's centre at `point`
    /// (content coordinates): the gap's next place; `nil` without a drag.
    /// The answer must be stable: the same point proposes the same gap again.
    /// - Complexity: should be O(log n) per section crossed.
    func dropTarget(at point: Point, presentation: LayoutPresentation) -> ItemPath?
    /// The area `section`'s items take under `presentation` (below its
    /// header, above its footer, inside its insets along the scroll axis,
    /// across the whole viewport), content coordinates: where a placeholder
    /// over the section goes. `nil` for a section that does not exist; the
    /// default answers `nil` for every section.
    /// - Complexity: should be O(log n).
    func itemsFrame(ofSection section: Int, presentation: LayoutPresentation) -> Rect?
    /// How many items the first row (a flow layout's first line) of
    /// `section` holds at rest, at least 1: what a keyboard step takes for
    /// the section's columns. The grid answers from its metrics; the
    /// default asks the cells' frames.
    /// - Complexity: should be O(1); the default costs O(c log n) for c columns.
    func columnCount(inSection section: Int) -> Int
    /// The swipe geometry of the cell at `indexPath` for `actions` (they
    /// reveal across the scroll axis); `nil` when the cell does not exist
    /// or cannot be swiped in this layout.
    /// - Complexity: O(actions).
    func swipeGeometry(for indexPath: ItemPath, actions: [SwipeAction]) -> SwipeGeometry?
    /// The attributes of the open menu `menu`: its panel
    /// (``ElementKind/menu``) and then its entries
    /// (``ElementKind/menuEntry(index:)``, each with its
    /// ``LayoutAttributes/menuEntry``; the selected one highlighted), next
    /// to the item's cell and inside the viewport at `contentOffset`; empty
    /// when the item does not exist or the menu has no entries. The layout
    /// returns them from ``attributes(in:presentation:contentOffset:)``
    /// (after everything else) and its hit test finds them above
    /// everything, whenever its presentation has a menu. The default
    /// places them with `MenuPlacement`.
    /// - Complexity: should be O(log n + e) for e entries.
    func menuAttributes(for menu: MenuState, contentOffset: Double) -> [LayoutAttributes]
    /// Where a scroll that would come to rest at `proposed` (a content
    /// offset along the scroll axis), moving from `current` with `velocity`
    /// (points per second, positive as the offset grows), rests instead:
    /// the layout's snapping (UIKit's `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`).
    /// Asked when a finger lets go of the content, a fling or not; the
    /// fling is aimed to end exactly there (clamped to the content). The
    /// default keeps `proposed`; the shipped layouts snap as their
    /// ``LayoutMetrics/scrollSnapping`` says.
    /// - Complexity: should be O(log n + k) for what one row holds.
    func targetContentOffset(forProposed proposed: Double, from current: Double, velocity: Double,
                             viewportExtent: Double) -> Double
    /// Where an element that appears in a transition starts, given where
    /// it ends (`attributes`): UIKit's
    /// `initialLayoutAttributesForAppearingItem(at:)`. The default fades it
    /// in place; the shipped layouts do as ``LayoutMetrics/appearance`` says.
    /// - Complexity: should be O(1).
    func initialAttributes(forAppearing attributes: LayoutAttributes) -> LayoutAttributes
    /// Where an element that disappears in a transition ends, given where
    /// it starts (`attributes`): UIKit's
    /// `finalLayoutAttributesForDisappearingItem(at:)`. The default fades
    /// it in place.
    /// - Complexity: should be O(1).
    func finalAttributes(forDisappearing attributes: LayoutAttributes) -> LayoutAttributes
    /// Replaces every section (a reload, a section inserted or deleted).
    /// - Throws: ``LayoutError``; the layout is then unchanged.
    /// - Complexity: O(n) at most.
    mutating func reload(_ sections: [SectionContent]) throws
    /// Lays the content out for a new viewport (a window resize, a
    /// rotation), in the layout's scroll space. `contents` is the content as
    /// the data source gives it now, for a layout that must wrap it again
    /// (the flow layout); one that keeps what it needs may ignore it (the
    /// grid).
    /// - Throws: ``LayoutError`` (a size the layout cannot use); the layout
    ///   is then unchanged.
    /// - Complexity: O(n) at most.
    mutating func resize(to viewport: Size, contents: [SectionContent]) throws
    /// Follows a batch of item changes at once: removes the items at
    /// `removals` (index paths before the batch), then inserts items at
    /// `insertions` (after it) with their extents along the scroll axis
    /// (nil: the section's default) and cross extents (nil: the default).
    /// - Throws: ``LayoutError``; the layout is then unchanged.
    mutating func applyItemChanges(removing removals: [ItemPath], inserting insertions: [ItemInsertion]) throws
    /// Sets the extent along the scroll axis of the item at `indexPath` (a
    /// self-sizing cell's measured height) and returns how far that moved
    /// the content after the item (its new extent's effect on the content).
    /// - Throws: ``LayoutError`` for an index path that does not exist or
    ///   an extent that is not finite and ≥ 0; the layout is then unchanged.
    /// - Complexity: should be O(log n).
    mutating func setExtent(_ extent: Double, of indexPath: ItemPath) throws -> Double
    /// Sets the item at `indexPath`'s extents (a self-sizing cell's
    /// measured size, in scroll space): `extent` along the scroll axis and
    /// `crossExtent` across it, nil keeping one as it is, both taken or
    /// neither. Returns how far that moved the content after the item's
    /// section. The default takes `extent` as ``setExtent(_:of:)`` does
    /// and checks and ignores `crossExtent` (a layout whose widths are its
    /// own, as the grid's are its columns'); the flow layout wraps its
    /// lines again.
    /// - Throws: ``LayoutError`` for an index path that does not exist or
    ///   an extent that is not finite and from 0 to 2⁴⁰; the layout is
    ///   then unchanged.
    /// - Complexity: should be O(log n) plus what the layout rewraps.
    mutating func setExtents(_ extent: Double?, crossExtent: Double?, of indexPath: ItemPath) throws -> Double
    /// Sets the height (the extent along the scroll axis) of `section`'s
    /// header or footer (`kind`; a self-sizing header's measured height, 0
    /// for none) and returns how far that moved the later sections, or nil
    /// when the layout takes such a height only through
    /// ``SectionMetrics/header`` and ``SectionMetrics/footer`` at a
    /// ``reload(_:)`` (the default: an `Engine` then reloads it with the
    /// height in the section's metrics).
    /// - Throws: ``LayoutError`` for a section that does not exist, a kind
    ///   other than ``ElementKind/header`` and ``ElementKind/footer``, or a
    ///   height that is not finite and from 0 to 2⁴⁰; the layout is then
    ///   unchanged.
    /// - Complexity: should be O(sections).
    mutating func setSupplementaryExtent(_ extent: Double, of kind: ElementKind, inSection section: Int) throws -> Double?
    /// The layout's own consistency checks, run in debug and in tests; empty
    /// when it holds.
    func _checkInvariants() -> [String]
}

/// One item a batch inserts: where, and its extents when the app knows them.
public struct ItemInsertion: Hashable, Sendable {
    /// The item's index path after the batch.
    public var indexPath: ItemPath
    /// Its extent along the scroll axis, or nil for the section's default.
    public var extent: Double?
    /// Its extent across the scroll axis (flow layouts), or nil for the default.
    public var crossExtent: Double?

    /// An insertion at `indexPath`.
    public init(_ indexPath: ItemPath, extent: Double? = nil, crossExtent: Double? = nil) {
        self.indexPath = indexPath
        self.extent = extent
        self.crossExtent = crossExtent
    }
}

extension CollectionLayout {
    /// Takes `extent` (``setExtent(_:of:)``); `crossExtent` is checked
    /// and ignored: the layout's widths are its own.
    /// - Complexity: as ``setExtent(_:of:)``.
    public mutating func setExtents(_ extent: Double?, crossExtent: Double?, of indexPath: ItemPath) throws -> Double {
        if let crossExtent { try LayoutError.checkLength(crossExtent, path: "setExtents.crossExtent") }
        guard let extent else {
            guard indexPath.section >= 0, indexPath.section < numberOfSections, indexPath.item >= 0,
                  indexPath.item < numberOfItems(inSection: indexPath.section) else {
                throw LayoutError(path: "setExtents.indexPath", problem: "\(indexPath) is not an item")
            }
            return 0
        }
        return try setExtent(extent, of: indexPath)
    }

    /// nil: the layout takes a header's or footer's height from the
    /// section's metrics at a reload.
    /// - Complexity: O(1).
    public mutating func setSupplementaryExtent(_ extent: Double, of kind: ElementKind,
                                                inSection section: Int) throws -> Double? {
        nil
    }

    /// Faded in place.
    public func initialAttributes(forAppearing attributes: LayoutAttributes) -> LayoutAttributes {
        ElementAppearance.fade.hidden(attributes)
    }

    /// Faded in place.
    public func finalAttributes(forDisappearing attributes: LayoutAttributes) -> LayoutAttributes {
        ElementAppearance.fade.hidden(attributes)
    }

    /// No snapping: `proposed`.
    public func targetContentOffset(forProposed proposed: Double, from current: Double, velocity: Double,
                                    viewportExtent: Double) -> Double {
        proposed
    }

    /// The menu placed by the default menu placement next to the item's
    /// cell at rest, inside the viewport at `contentOffset`.
    /// - Complexity: O(log n + e) for e entries: one cell query.
    public func menuAttributes(for menu: MenuState, contentOffset: Double) -> [LayoutAttributes] {
        guard !menu.entries.isEmpty, let cell = attributes(for: menu.indexPath, presentation: .resting)?.frame
        else { return [] }
        let visible = Rect(x: 0, y: contentOffset, width: viewport.width, height: viewport.height)
        let placed = MenuPlacement().frames(cell: cell, entries: menu.entries.count, visible: visible,
                                            axis: orientation.axis)
        var out: [LayoutAttributes] = []
        out.reserveCapacity(menu.entries.count + 1)
        out.append(LayoutAttributes(kind: .menu, indexPath: menu.indexPath, frame: placed.menu, zIndex: ZIndex.menu))
        for (k, frame) in placed.entries.enumerated() {
            var a = LayoutAttributes(kind: .menuEntry(index: k), indexPath: menu.indexPath, frame: frame,
                                     zIndex: ZIndex.menuEntry, isHighlighted: k == menu.selectedEntry)
            a.menuEntry = menu.entries[k]
            out.append(a)
        }
        return out
    }

    /// Calls `body` with the open menu's elements (if `presentation` has a
    /// menu) that intersect `rect`: what a layout's
    /// ``attributes(in:presentation:contentOffset:)`` ends with.
    /// - Complexity: as ``menuAttributes(for:contentOffset:)``; O(1) without a menu.
    package func visitMenu(in rect: Rect, presentation: LayoutPresentation, contentOffset: Double,
                           _ body: (LayoutAttributes) -> Void) {
        guard let menu = presentation.menu else { return }
        for a in menuAttributes(for: menu, contentOffset: contentOffset) where a.frame.intersects(rect) { body(a) }
    }

    /// The open menu's element `id` (its panel or an entry), or nil when
    /// `presentation` has no menu for that item or no such entry.
    /// - Complexity: as ``menuAttributes(for:contentOffset:)``.
    package func menuElement(_ id: ElementID, presentation: LayoutPresentation, contentOffset: Double) -> LayoutAttributes? {
        guard let menu = presentation.menu, menu.indexPath == id.indexPath else { return nil }
        return menuAttributes(for: menu, contentOffset: contentOffset).first { $0.kind == id.kind }
    }

    /// No section's items area is known: `nil`.
    public func itemsFrame(ofSection section: Int, presentation: LayoutPresentation) -> Rect? { nil }

    /// The items of the first row of `section`, counted from the cells'
    /// frames at rest: the cells whose top is the first cell's (at most 1,024).
    /// - Complexity: O(c log n) for c columns.
    public func columnCount(inSection section: Int) -> Int {
        let count = numberOfItems(inSection: section)
        guard count > 1, let first = attributes(for: ItemPath(section: section, item: 0))?.frame else { return 1 }
        var c = 1
        while c < count, c < 1_024, let f = attributes(for: ItemPath(section: section, item: c))?.frame,
              f.minY == first.minY {
            c += 1
        }
        return c
    }

    /// The number of items in all sections.
    /// - Complexity: O(sections).
    public var numberOfItems: Int {
        (0..<numberOfSections).reduce(0) { $0 + numberOfItems(inSection: $1) }
    }

    /// The pinned elements (global header, pinned headers and footers) as
    /// they stand for `contentOffset` in the viewport.
    /// - Complexity: as ``attributes(in:presentation:contentOffset:)``.
    public func pinnedAttributes(presentation: LayoutPresentation = .resting,
                                 contentOffset: Double) -> [LayoutAttributes] {
        let visible = Rect(x: 0, y: contentOffset, width: viewport.width, height: viewport.height)
        return attributes(in: visible, presentation: presentation, contentOffset: contentOffset).filter(\.isPinned)
    }
}

extension CollectionLayout {
    /// The attributes in `rect` at rest or under `presentation` (see
    /// ``attributes(in:presentation:contentOffset:)``), the offset at 0 by default.
    public func attributes(in rect: Rect, presentation: LayoutPresentation = .resting) -> [LayoutAttributes] {
        attributes(in: rect, presentation: presentation, contentOffset: 0)
    }

    /// One item's cell at rest (see ``attributes(for:presentation:)``).
    public func attributes(for indexPath: ItemPath) -> LayoutAttributes? {
        attributes(for: indexPath, presentation: .resting)
    }

    /// The shown cell under `point` through the attributes of a 1-point
    /// rect: the default answer of ``visibleCell(at:presentation:)``.
    /// - Complexity: as ``attributes(in:presentation:contentOffset:)``.
    public func visibleCell(at point: Point, presentation: LayoutPresentation) -> (indexPath: ItemPath, frame: Rect)? {
        CollectionLayoutCellQuery.firstCell(at: point) { probe, visit in
            for a in attributes(in: probe, presentation: presentation, contentOffset: 0) { visit(a) }
        }
    }

    /// What lies under `point` at rest or under `presentation`, the offset
    /// at 0 (see ``hitTest(_:presentation:contentOffset:)``).
    public func hitTest(_ point: Point, presentation: LayoutPresentation = .resting) -> HitTarget? {
        hitTest(point, presentation: presentation, contentOffset: 0)
    }
}
