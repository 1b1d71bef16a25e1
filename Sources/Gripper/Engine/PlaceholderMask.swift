import GripperGeometry
import GripperLayout

/// The layout as the editing machine sees it while placeholders cover some
/// sections (a composed source's child that loaded empty or failed): the
/// same layout, except that nothing under a placeholder can be hit, touched
/// or dropped onto. A tap, a long press, a swipe or a lift that starts on a
/// placeholder finds no cell; a drag over one keeps its gap where it was.
/// Everything else is the wrapped layout's answer.
struct PlaceholderMask: CollectionLayout {
    /// The layout answering everything else.
    var base: any CollectionLayout
    /// The covered sections, each span from the first to the last section
    /// of one child; none empty.
    let spans: [Range<Int>]

    /// Whether `point` (content coordinates) lies on a placeholder under `presentation`.
    func covers(_ point: Point, presentation: LayoutPresentation) -> Bool {
        for span in spans {
            guard let first = base.itemsFrame(ofSection: span.lowerBound, presentation: presentation),
                  let last = base.itemsFrame(ofSection: span.upperBound - 1, presentation: presentation) else { continue }
            if point.y >= first.minY, point.y < last.maxY { return true }
        }
        return false
    }

    /// Whether `indexPath` lies in a covered section.
    func covers(_ indexPath: IndexPath) -> Bool { spans.contains { $0.contains(indexPath.section) } }

    var orientation: LayoutOrientation { base.orientation }
    var viewport: Size { base.viewport }
    var numberOfSections: Int { base.numberOfSections }
    func numberOfItems(inSection section: Int) -> Int { base.numberOfItems(inSection: section) }
    var contentSize: Size { base.contentSize }
    func contentSize(for presentation: LayoutPresentation) -> Size { base.contentSize(for: presentation) }
    func attributes(in rect: Rect, presentation: LayoutPresentation, contentOffset: Double) -> [LayoutAttributes] {
        base.attributes(in: rect, presentation: presentation, contentOffset: contentOffset)
    }
    func attributes(for indexPath: IndexPath, presentation: LayoutPresentation) -> LayoutAttributes? {
        base.attributes(for: indexPath, presentation: presentation)
    }
    func attributes(for id: ElementID, presentation: LayoutPresentation, contentOffset: Double) -> LayoutAttributes? {
        base.attributes(for: id, presentation: presentation, contentOffset: contentOffset)
    }
    func itemsFrame(ofSection section: Int, presentation: LayoutPresentation) -> Rect? {
        base.itemsFrame(ofSection: section, presentation: presentation)
    }

    /// Nothing under a placeholder (a header above it still answers).
    func hitTest(_ point: Point, presentation: LayoutPresentation, contentOffset: Double) -> HitTarget? {
        guard let hit = base.hitTest(point, presentation: presentation, contentOffset: contentOffset) else { return nil }
        switch hit {
        case .cell, .deleteControl, .gripper, .action, .deleteConfirmation, .placeholder:
            return covers(point, presentation: presentation) ? nil : hit
        default:
            return hit
        }
    }

    /// No cell under a placeholder.
    func visibleCell(at point: Point, presentation: LayoutPresentation) -> (indexPath: IndexPath, frame: Rect)? {
        guard let cell = base.visibleCell(at: point, presentation: presentation),
              !covers(cell.indexPath), !covers(point, presentation: presentation) else { return nil }
        return cell
    }

    /// No gap into a covered section: the gap stays where it was.
    func dropTarget(at point: Point, presentation: LayoutPresentation) -> IndexPath? {
        guard let target = base.dropTarget(at: point, presentation: presentation), !covers(target) else { return nil }
        return target
    }

    func columnCount(inSection section: Int) -> Int { base.columnCount(inSection: section) }
    func swipeGeometry(for indexPath: IndexPath, actions: [SwipeAction]) -> SwipeGeometry? {
        covers(indexPath) ? nil : base.swipeGeometry(for: indexPath, actions: actions)
    }
    mutating func reload(_ sections: [SectionContent]) throws { try base.reload(sections) }
    mutating func resize(to viewport: Size, contents: [SectionContent]) throws {
        try base.resize(to: viewport, contents: contents)
    }
    mutating func applyItemChanges(removing removals: [IndexPath], inserting insertions: [ItemInsertion]) throws {
        try base.applyItemChanges(removing: removals, inserting: insertions)
    }
    mutating func setExtent(_ extent: Double, of indexPath: IndexPath) throws -> Double {
        try base.setExtent(extent, of: indexPath)
    }
    func _checkInvariants() -> [String] { base._checkInvariants() }
}
