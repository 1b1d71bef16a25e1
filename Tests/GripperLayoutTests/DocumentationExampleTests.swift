import GripperGeometry
@_spi(Benchmarks) import GripperLayout
import Testing

/// The example of Documentation/Layout.md, run.
@Suite struct DocumentationExampleTests {
    @Test func theExampleWorksAsDocumented() throws {
        let metrics = LayoutMetrics(
            columns: 2, rowHeight: 88, interItemSpacing: 8, lineSpacing: 8,
            sectionInsets: EdgeInsets(top: 8, left: 8, bottom: 8, right: 8),
            header: SupplementaryMetrics(height: 44, isPinned: true),
            rowSeparator: SeparatorMetrics(thickness: 1, startInset: 16),
            globalHeaderHeight: 56)
        var layout = try GridLayout(
            sections: [SectionContent(count: 40),
                       SectionContent(itemHeights: [60, 120, 90], metrics: SectionMetrics(columns: 1))],
            metrics: metrics, viewport: Size(width: 390, height: 844))
        var presentation = LayoutPresentation(isEditing: true)
        presentation.drag = DragState(source: ItemPath(section: 0, item: 3), target: ItemPath(section: 0, item: 7),
                                      proxyCenter: Point(x: 120, y: 400))
        let visible = layout.attributes(in: Rect(x: 0, y: 300, width: 390, height: 844), presentation: presentation,
                                        contentOffset: 300)
        #expect(visible.filter { $0.kind == .placeholder }.count == 1)
        let target = try #require(layout.dropTarget(at: Point(x: 300, y: 700), presentation: presentation))
        let gapBefore = layout.attributes(for: ElementID(kind: .placeholder, indexPath: ItemPath(section: 0, item: 7)),
                                          presentation: presentation)
        let before = LayoutState(layout: layout, presentation: presentation, contentOffset: 300)
        presentation.drag?.target = target
        let after = LayoutState(layout: layout, presentation: presentation, contentOffset: 300)
        #expect(!LayoutTransition(from: before, to: after).moving.isEmpty)
        // Dropped at 7: the item lands where the gap was.
        presentation.drag?.target = ItemPath(section: 0, item: 7)
        try layout.moveItem(from: ItemPath(section: 0, item: 3), to: ItemPath(section: 0, item: 7))
        #expect(layout.attributes(for: ItemPath(section: 0, item: 7))?.frame == gapBefore?.frame)
        let actions = [SwipeAction(id: "delete", title: "Delete", style: .destructive), SwipeAction(id: "flag", title: "Flag")]
        let swipe = layout.swipeGeometry(for: ItemPath(section: 0, item: 5), actions: actions)
        #expect(swipe?.paneWidth == 148)
        #expect(swipe?.fullSwipeBreakpoint == 180)
        #expect(swipe?.maximumOffset == 183)
    }
}
