import GripperGeometry
@testable import GripperLayout
import Testing
@_spi(Benchmarks) import GripperLayout

/// Bad input gets a typed error naming where and what, never a crash.
@Suite struct ErrorTests {
    static let viewport = Size(width: 390, height: 844)

    func path(_ sections: [SectionContent], _ metrics: LayoutMetrics = LayoutMetrics(),
              viewport: Size = viewport) -> String? {
        do {
            _ = try GridLayout(sections: sections, metrics: metrics, viewport: viewport)
            return nil
        } catch let error as LayoutError {
            #expect(!error.problem.isEmpty)
            return error.path
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func badInputIsNamed() {
        #expect(path([], LayoutMetrics(columns: 0)) == "metrics.columns")
        #expect(path([], LayoutMetrics(columns: 1)) == nil)
        #expect(path([], LayoutMetrics(rowHeight: -1)) == "metrics.rowHeight")
        #expect(path([], LayoutMetrics(rowHeight: .nan)) == "metrics.rowHeight")
        #expect(path([], LayoutMetrics(globalHeaderHeight: -0.5)) == "metrics.globalHeaderHeight")
        #expect(path([], viewport: Size(width: 0, height: 10)) == "viewport")
        #expect(path([SectionContent(count: 1), SectionContent(count: -1)]) == "sections[1].count")
        #expect(path([SectionContent(count: Int.max)]) == "sections[0].count")
        // The most items fit when the content stays within maximumExtent
        // (2^48 rows of 16 points is 2^52); of 44 points each, it does not.
        #expect(path([SectionContent(count: GridLayout.maximumItemsPerSection)], LayoutMetrics(rowHeight: 16)) == nil)
        #expect(path([SectionContent(count: GridLayout.maximumItemsPerSection)]) == "sections[0]")
        #expect(path([SectionContent(count: GridLayout.maximumItemsPerSection + 1)]) == "sections[0].count")
        var mismatched = SectionContent(itemHeights: [1, 2])
        mismatched.count = 3
        #expect(path([mismatched]) == "sections[0].itemHeights")
        #expect(path([SectionContent(itemHeights: [1, 2, -3])]) == "sections[0].itemHeights[2]")
        #expect(path([SectionContent(count: 1, metrics: SectionMetrics(columns: 3, interItemSpacing: 200))]) == "sections[0].metrics")
        #expect(path([SectionContent(count: 1, metrics: SectionMetrics(sectionInsets: EdgeInsets(top: -1)))])
                == "sections[0].metrics.sectionInsets")
        #expect(path([SectionContent(count: 1, metrics: SectionMetrics(header: SupplementaryMetrics(height: -2)))])
                == "sections[0].metrics.header.height")
    }

    @Test func badChangesAreNamedAndChangeNothing() throws {
        var layout = try GridLayout(sections: [SectionContent(count: 3)], metrics: LayoutMetrics(), viewport: Self.viewport)
        #expect(throws: LayoutError(path: "delete.item", problem: "3 is outside 0..<3")) {
            try layout.deleteItem(at: ItemPath(section: 0, item: 3))
        }
        #expect(throws: LayoutError.self) { try layout.insertItem(at: ItemPath(section: 0, item: 5)) }
        #expect(throws: LayoutError.self) { try layout.insertItem(at: ItemPath(section: 0, item: 0), height: -1) }
        #expect(throws: LayoutError.self) {
            try layout.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 3))
        }
        #expect(throws: LayoutError.self) { try layout.deleteSection(at: 1) }
        #expect(throws: LayoutError.self) { try layout.insertSection(SectionContent(count: 1), at: 2) }
        #expect(layout.numberOfItems(inSection: 0) == 3)
        #expect(layout.contentSize.height == 132)
    }

    @Test func nonFiniteQueriesNeverCrash() throws {
        let layout = try GridLayout(sections: [SectionContent(count: 30), SectionContent(itemHeights: [10, 20, 30])],
                                    metrics: LayoutMetrics(columns: 3), viewport: Self.viewport)
        var p = LayoutPresentation(drag: DragState(source: ItemPath(section: 0, item: 1),
                                                   target: ItemPath(section: 1, item: 0), proxyCenter: Point(x: .nan, y: .infinity)))
        p.swipe = SwipeState(indexPath: ItemPath(section: 0, item: 2), offset: .nan,
                             trailingActions: [SwipeAction(id: "a", title: "A")])
        for v in [Double.nan, .infinity, -.infinity, 1e300, -1e300] {
            _ = layout.hitTest(Point(x: v, y: v), presentation: p, contentOffset: v)
            _ = layout.hitTest(Point(x: 10, y: v), presentation: p)
            #expect(layout.dropTarget(at: Point(x: v, y: 10), presentation: p) != nil)
            _ = layout.dropTarget(at: Point(x: 10, y: v), presentation: p)
            _ = layout.attributes(in: Rect(x: 0, y: v, width: 390, height: 100), presentation: p, contentOffset: v)
            _ = layout.attributes(for: ItemPath(section: 0, item: 2), presentation: p)
        }
        _ = layout.attributes(in: Rect(x: -.infinity, y: -.infinity, width: .infinity, height: .infinity), presentation: p)
    }
}
