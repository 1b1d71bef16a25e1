import GripperGeometry
import Synchronization

/// The size of a multi-item drag's gap, for the layout that closes the
/// group up (``GroupedDrag``): how many items it stands for and the sum of
/// their own heights (a section of fixed row height gives each its row
/// height instead). The derived layout keeps it in its ``GroupCache``
/// (which such a layout never needs for itself), so neither the layout nor
/// ``DragState`` — both copied several times by every drop-target query —
/// grows for it.
package final class GroupGapSize: Sendable {
    /// The items the drag carries, the grabbed one included.
    package let count: Int
    /// The sum of the carried items' heights at rest.
    package let heightSum: Double

    package init(count: Int, heightSum: Double) {
        self.count = count
        self.heightSum = heightSum
    }
}

/// A layout that answers a drag of several items through a derived layout
/// (``GroupedDrag``), kept in its ``GroupCache``.
protocol GroupedLayout: CollectionLayout {
    var groupCache: GroupCache<Self> { get set }
}

extension GroupedLayout {
    /// The multi-item drag of `presentation` seen through its derived
    /// layout: `nil` for no drag or a drag of one item; `.some(nil)` for a
    /// group that names items this layout does not have (ignored, as an
    /// impossible one-item drag is).
    func grouped(_ presentation: LayoutPresentation) -> (GroupedDrag<Self>, DragState)?? {
        guard let drag = presentation.drag, !drag.companions.isEmpty else { return nil }
        return .some(groupCache.grouped(self, drag: drag).map { ($0, drag) })
    }
}

extension GridLayout: GroupedLayout {}
extension FlowLayout: GroupedLayout {}

/// A drag of several items as the layouts show it: every carried item
/// leaves its slot (the items after it close up) and one gap, sized for the
/// group, opens where the group will land.
///
/// It is answered by a *derived* layout: the real one with the carried
/// items taken out and one stand-in item (the *phantom*, the grabbed item's
/// size) put at the very end of the last section. In the derived layout the
/// group's drag is a drag of the phantom, so every rule of a one-item drag
/// — the drop rule and its hysteresis, the gap across sections, the
/// section heights, the O(log n) queries — holds unchanged; the phantom
/// sits last, so taking it out of its slot moves no other item. A grid
/// gives the gap the group's height in a one-column section (see
/// ``GroupGapSize``). Index paths are mapped both ways by a binary search
/// over the carried items (O(log k)).
///
/// The derived layout costs one batch removal of the carried items (O(k log
/// k + sections) with fixed row heights; a pass over the sections with
/// per-item heights that hold carried items); a layout builds it once per
/// group and keeps it until the layout or the group changes
/// (``GroupCache``). A class: every query of a drag frame takes it from
/// the cache, and a reference costs one retain where the struct's copy
/// cost one per array.
final class GroupedDrag<L: GroupedLayout>: Sendable {
    /// The layout without the carried items, with the phantom last.
    let derived: L
    /// The grabbed item, in the real layout.
    let source: ItemPath
    /// The companions as the drag named them (the cache's key).
    let companions: [ItemPath]
    /// Every carried item, ascending (the source among them).
    let carried: [ItemPath]
    /// The phantom, in the derived layout.
    let phantom: ItemPath
    /// The grabbed item's cell size at rest (the proxy's size).
    let sourceSize: Size
    /// The gap's size.
    let gap: GroupGapSize

    /// The derived layout of `drag` (which has companions); nil when the
    /// drag does not name items of `layout` (such a drag is ignored, as an
    /// impossible one-item drag is).
    /// - Complexity: O(k log n) for k carried items, plus the batch removal.
    init?(_ layout: L, drag: DragState) {
        let sections = layout.numberOfSections
        guard sections > 0 else { return nil }
        var carried = drag.companions
        carried.append(drag.source)
        carried.sort()
        var heightSum = 0.0
        var sourceFrame: Rect?
        for (i, p) in carried.enumerated() {
            guard p.section >= 0, p.section < sections, p.item >= 0, p.item < layout.numberOfItems(inSection: p.section),
                  i == 0 || carried[i - 1] != p,
                  let frame = layout.attributes(for: p, presentation: .resting)?.frame else { return nil }
            heightSum += frame.height
            if p == drag.source { sourceFrame = frame }
        }
        guard let sourceFrame else { return nil }
        let last = sections - 1
        let leavingLast = carried.reduce(0) { $0 + ($1.section == last ? 1 : 0) }
        let phantom = ItemPath(section: last, item: layout.numberOfItems(inSection: last) - leavingLast)
        var derived = layout
        do {
            try derived.applyItemChanges(removing: carried, inserting: [
                ItemInsertion(phantom, extent: sourceFrame.height, crossExtent: sourceFrame.width),
            ])
        } catch {
            return nil
        }
        let gap = GroupGapSize(count: carried.count, heightSum: heightSum)
        derived.groupCache = GroupCache(gap: gap)
        self.derived = derived
        self.source = drag.source
        self.companions = drag.companions
        self.carried = carried
        self.phantom = phantom
        self.sourceSize = sourceFrame.size
        self.gap = gap
    }

    /// Whether this is the derived layout of `drag`'s group. Free when the
    /// drag's companions are the array this was built from.
    func matches(_ drag: DragState) -> Bool {
        drag.source == source && drag.companions == companions
    }

    // MARK: - Index paths

    /// The first index of `carried` not below `path`.
    private func lowerBound(_ path: ItemPath) -> Int { carried.countBelow(path) }

    /// Whether the drag carries the item at `path`.
    /// - Complexity: O(log k).
    func isCarried(_ path: ItemPath) -> Bool {
        let i = lowerBound(path)
        return i < carried.count && carried[i] == path
    }

    /// `path` (a real item, or a section-level path) in the derived layout;
    /// nil for a carried item.
    /// - Complexity: O(log k).
    func toDerived(_ path: ItemPath) -> ItemPath? {
        let i = lowerBound(path)
        if i < carried.count && carried[i] == path { return nil }
        let first = lowerBound(ItemPath(section: path.section, item: Int.min))
        return ItemPath(section: path.section, item: path.item - (i - first))
    }

    /// A derived item's real index path; the phantom answers the grabbed item.
    /// - Complexity: O(log k).
    func toReal(_ path: ItemPath) -> ItemPath {
        if path == phantom { return source }
        // The carried items of the section: the real item is `path.item`
        // plus the number of them whose index, less those before it, is at
        // or below it.
        let first = lowerBound(ItemPath(section: path.section, item: Int.min))
        let end = path.section == Int.max ? carried.count : lowerBound(ItemPath(section: path.section + 1, item: Int.min))
        var low = first, high = end
        while low < high {
            let mid = (low + high) / 2
            if carried[mid].item - (mid - first) <= path.item { low = mid + 1 } else { high = mid }
        }
        return ItemPath(section: path.section, item: path.item + (low - first))
    }

    // MARK: - Presentations

    /// The phantom's drag in the derived layout.
    func derivedDrag(_ drag: DragState) -> DragState {
        DragState(source: phantom, target: drag.target, proxyCenter: drag.proxyCenter,
                  intoTarget: drag.intoTarget.flatMap(toDerived))
    }

    /// What geometry alone depends on: the drag (and the editing flag).
    func geometryPresentation(_ p: LayoutPresentation, drag: DragState) -> LayoutPresentation {
        LayoutPresentation(isEditing: p.isEditing, drag: derivedDrag(drag))
    }

    /// `p` in the derived layout: its index paths mapped, the carried
    /// items left out.
    /// - Complexity: O(s log k) for s selected and highlighted items.
    func derivedPresentation(_ p: LayoutPresentation, drag: DragState) -> LayoutPresentation {
        let traits = p.traits
        let map = self
        var swipe = p.swipe
        if let s = swipe {
            if let at = toDerived(s.indexPath) { swipe?.indexPath = at } else { swipe = nil }
        }
        return LayoutPresentation(isEditing: p.isEditing,
                                  selected: Set(p.selected.compactMap(toDerived)),
                                  highlighted: Set(p.highlighted.compactMap(toDerived)),
                                  drag: derivedDrag(drag), swipe: swipe,
                                  deleteConfirmation: p.deleteConfirmation.flatMap(toDerived),
                                  focused: p.focused.flatMap(toDerived),
                                  traits: { traits(map.toReal($0)) })
    }

    // MARK: - Answers

    /// The proxy: the grabbed item's size under the proxy's centre, with the
    /// group's count.
    func proxyAttributes(_ drag: DragState) -> LayoutAttributes {
        let frame = Rect(x: drag.proxyCenter.x - sourceSize.width / 2, y: drag.proxyCenter.y - sourceSize.height / 2,
                         width: sourceSize.width, height: sourceSize.height)
        var a = LayoutAttributes(kind: .dragProxy, indexPath: source, frame: frame, zIndex: ZIndex.dragProxy)
        a.dragItemCount = gap.count
        return a
    }

    /// A derived element as the real layout answers it: item paths mapped
    /// back, the gap counting the group, the proxy the real one.
    func real(_ a: LayoutAttributes, drag: DragState) -> LayoutAttributes {
        var a = a
        switch a.kind {
        case .cell, .action:
            if let p = a.indexPath { a.indexPath = toReal(p) }
        case .placeholder:
            a.dragItemCount = gap.count
        case .dragProxy:
            return proxyAttributes(drag)
        default:
            break
        }
        return a
    }

    /// A derived hit as the real layout answers it.
    func real(_ hit: HitTarget) -> HitTarget {
        switch hit {
        case .cell(let p): .cell(toReal(p))
        case .action(let p, let id): .action(toReal(p), id: id)
        case .deleteControl(let p): .deleteControl(toReal(p))
        case .gripper(let p): .gripper(toReal(p))
        case .deleteConfirmation(let p): .deleteConfirmation(toReal(p))
        case .menuEntry(let p, let id): .menuEntry(toReal(p), id: id)
        case .menu(let p): .menu(toReal(p))
        case .globalHeader, .header, .footer, .placeholder: hit
        }
    }

    /// Every element intersecting `rect`, as ``CollectionLayout``'s rect query.
    func forEachAttributes(in rect: Rect, presentation p: LayoutPresentation, drag: DragState,
                           contentOffset: Double, _ body: (LayoutAttributes) -> Void) {
        let shown = derivedPresentation(p, drag: drag)
        var proxyDone = false
        for a in derived.attributes(in: rect, presentation: shown, contentOffset: contentOffset) {
            if a.kind == .dragProxy { proxyDone = true }
            body(real(a, drag: drag))
        }
        // The derived proxy may have another size than the real one.
        if !proxyDone {
            let proxy = proxyAttributes(drag)
            if proxy.frame.intersects(rect) { body(proxy) }
        }
    }

    /// One item's cell: the grabbed item hidden at the gap (where it will
    /// land), a companion hidden under the proxy (gathered into it), any
    /// other item where the closed-up layout puts it.
    func attributes(for path: ItemPath, presentation p: LayoutPresentation, drag: DragState,
                    real layout: L) -> LayoutAttributes? {
        if path == source {
            guard var a = derived.attributes(for: phantom, presentation: derivedPresentation(p, drag: drag)) else {
                return nil
            }
            a.indexPath = source
            return a
        }
        if isCarried(path) {
            var resting = p
            resting.drag = nil
            guard var a = layout.attributes(for: path, presentation: resting) else { return nil }
            let size = a.frame.size
            a.frame = Rect(x: drag.proxyCenter.x - size.width / 2, y: drag.proxyCenter.y - size.height / 2,
                           width: size.width, height: size.height)
            a.swipe = nil
            a.isHidden = true
            a.alpha = 0
            return a
        }
        guard let at = toDerived(path),
              let a = derived.attributes(for: at, presentation: derivedPresentation(p, drag: drag)) else { return nil }
        return real(a, drag: drag)
    }

    /// One element by its identity.
    func attributes(for id: ElementID, presentation p: LayoutPresentation, drag: DragState, contentOffset: Double,
                    real layout: L) -> LayoutAttributes? {
        switch id.kind {
        case .cell:
            guard let path = id.indexPath else { return nil }
            return attributes(for: path, presentation: p, drag: drag, real: layout)
        case .dragProxy:
            return id.indexPath == source ? proxyAttributes(drag) : nil
        case .action:
            guard let path = id.indexPath, let at = toDerived(path),
                  let a = derived.attributes(for: ElementID(kind: id.kind, indexPath: at),
                                             presentation: derivedPresentation(p, drag: drag),
                                             contentOffset: contentOffset) else { return nil }
            return real(a, drag: drag)
        default:
            return derived.attributes(for: id, presentation: derivedPresentation(p, drag: drag),
                                      contentOffset: contentOffset).map { real($0, drag: drag) }
        }
    }

    func hitTest(_ point: Point, presentation p: LayoutPresentation, drag: DragState,
                 contentOffset: Double) -> HitTarget? {
        derived.hitTest(point, presentation: derivedPresentation(p, drag: drag), contentOffset: contentOffset)
            .map(real)
    }

    func visibleCell(at point: Point, presentation p: LayoutPresentation,
                     drag: DragState) -> (indexPath: ItemPath, frame: Rect)? {
        derived.visibleCell(at: point, presentation: geometryPresentation(p, drag: drag))
            .map { (toReal($0.indexPath), $0.frame) }
    }

    /// The group's landing under the proxy's centre: the derived layout's
    /// drop target, an index among the items that stay in its section.
    func dropTarget(at point: Point, presentation p: LayoutPresentation, drag: DragState) -> ItemPath? {
        derived.dropTarget(at: point, presentation: geometryPresentation(p, drag: drag))
    }

    func contentSize(presentation p: LayoutPresentation, drag: DragState) -> Size {
        derived.contentSize(for: geometryPresentation(p, drag: drag))
    }

    func itemsFrame(ofSection section: Int, presentation p: LayoutPresentation, drag: DragState) -> Rect? {
        derived.itemsFrame(ofSection: section, presentation: geometryPresentation(p, drag: drag))
    }
}

/// The one derived layout a layout keeps for the group in flight (see
/// ``GroupedDrag``), and the band of its last drop-target query
/// (``DropBand``), shared by the layout's copies; a layout that changes
/// starts a new cache, so an entry never outlives the layout it was built
/// from. At most one entry of each: memory is that of one derived layout.
final class GroupCache<L: GroupedLayout>: Sendable {
    private let entry = Mutex<GroupedDrag<L>?>(nil)
    /// In a derived layout, the group's gap (such a layout keeps no cache
    /// of its own: its drag is of one item); nil in every other layout.
    let gap: GroupGapSize?

    init(gap: GroupGapSize? = nil) {
        self.gap = gap
    }

    /// The band the last drop-target query found around the gap it landed
    /// on (see ``GridLayout/dropTarget(at:presentation:)``), and the drag it
    /// holds for: the source and that gap.
    private let lastDrop = Mutex<(source: ItemPath, target: ItemPath, band: DropBand)?>(nil)

    /// The band kept for a drag from `source` with its gap at `target`, if
    /// the last query landed there.
    /// - Complexity: O(1).
    func dropBand(source: ItemPath, target: ItemPath) -> DropBand? {
        lastDrop.withLock { last in
            guard let last, last.source == source, last.target == target else { return nil }
            return last.band
        }
    }

    /// Keeps `band` for a drag from `source` with its gap at `target`.
    func rememberDropBand(_ band: DropBand, source: ItemPath, target: ItemPath) {
        lastDrop.withLock { $0 = (source, target, band) }
    }

    /// The derived layout of `drag`'s group over `layout`, built on first use.
    func grouped(_ layout: L, drag: DragState) -> GroupedDrag<L>? {
        if let hit = entry.withLock({ $0.flatMap { $0.matches(drag) ? $0 : nil } }) { return hit }
        guard let built = GroupedDrag(layout, drag: drag) else { return nil }
        entry.withLock { $0 = built }
        return built
    }
}
