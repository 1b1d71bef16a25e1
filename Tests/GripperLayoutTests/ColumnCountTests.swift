import Testing
import GripperGeometry
@_spi(Benchmarks) import GripperLayout

/// `CollectionLayout.columnCount(inSection:)`: the grid answers from its
/// metrics what the cells' frames say (the protocol's default, which a flow
/// layout and an app's own layout keep), for full, short, empty and
/// missing sections, fixed and per-item row heights.
@Suite struct ColumnCountTests {
    /// The default, asked through a wrapper that has no answer of its own.
    private struct Counted: CollectionLayout {
        var base: GridLayout
        var orientation: LayoutOrientation { base.orientation }
        var viewport: Size { base.viewport }
        var numberOfSections: Int { base.numberOfSections }
        func numberOfItems(inSection section: Int) -> Int { base.numberOfItems(inSection: section) }
        var contentSize: Size { base.contentSize }
        func contentSize(for presentation: LayoutPresentation) -> Size { base.contentSize(for: presentation) }
        func attributes(in rect: Rect, presentation: LayoutPresentation, contentOffset: Double) -> [LayoutAttributes] {
            base.attributes(in: rect, presentation: presentation, contentOffset: contentOffset)
        }
        func attributes(for indexPath: ItemPath, presentation: LayoutPresentation) -> LayoutAttributes? {
            base.attributes(for: indexPath, presentation: presentation)
        }
        func attributes(for id: ElementID, presentation: LayoutPresentation, contentOffset: Double) -> LayoutAttributes? {
            base.attributes(for: id, presentation: presentation, contentOffset: contentOffset)
        }
        func hitTest(_ point: Point, presentation: LayoutPresentation, contentOffset: Double) -> HitTarget? {
            base.hitTest(point, presentation: presentation, contentOffset: contentOffset)
        }
        func dropTarget(at point: Point, presentation: LayoutPresentation) -> ItemPath? {
            base.dropTarget(at: point, presentation: presentation)
        }
        func swipeGeometry(for indexPath: ItemPath, actions: [SwipeAction]) -> SwipeGeometry? {
            base.swipeGeometry(for: indexPath, actions: actions)
        }
        mutating func reload(_ sections: [SectionContent]) throws { try base.reload(sections) }
        mutating func resize(to viewport: Size, contents: [SectionContent]) throws { try base.resize(to: viewport, contents: contents) }
        mutating func applyItemChanges(removing removals: [ItemPath], inserting insertions: [ItemInsertion]) throws {
            try base.applyItemChanges(removing: removals, inserting: insertions)
        }
        mutating func setExtent(_ extent: Double, of indexPath: ItemPath) throws -> Double {
            try base.setExtent(extent, of: indexPath)
        }
        func _checkInvariants() -> [String] { base._checkInvariants() }
    }

    @Test(arguments: [1, 2, 3, 5])
    func theGridAgreesWithItsCells(columns: Int) throws {
        for metrics in [LayoutMetrics(columns: columns, rowHeight: 50),
                        LayoutMetrics(columns: columns, rowHeight: 50, lineSpacing: 4)] {
            let grid = try GridLayout(sections: [SectionContent(count: 7), SectionContent(count: 2),
                                                 SectionContent(count: 0), SectionContent(count: 1),
                                                 SectionContent(itemHeights: [30, 80, 20, 40, 60])],
                                      metrics: metrics, viewport: Size(width: 400, height: 600))
            let counted = Counted(base: grid)
            for s in 0..<5 {
                #expect(grid.columnCount(inSection: s) == counted.columnCount(inSection: s), "section \(s), \(columns) columns")
                #expect(grid.columnCount(inSection: s) == max(1, min(columns, grid.numberOfItems(inSection: s))))
            }
            #expect(grid.columnCount(inSection: 5) == 1 && grid.columnCount(inSection: -1) == 1)
        }
    }
}
