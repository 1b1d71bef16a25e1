import GripperGeometry
@testable import GripperLayout
import Testing

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
            try layout.deleteItem(at: IndexPath(section: 0, item: 3))
        }
        #expect(throws: LayoutError.self) { try layout.insertItem(at: IndexPath(section: 0, item: 5)) }
        #expect(throws: LayoutError.self) { try layout.insertItem(at: IndexPath(section: 0, item: 0), height: -1) }
        #expect(throws: LayoutError.self) {
            try layout.moveItem(from: IndexPath(section: 0, item: 0), to: IndexPath(section: 0, item: 3))
        }
        #expect(throws: LayoutError.self) { try layout.deleteSection(at: 1) }
        #expect(throws: LayoutError.self) { try layout.insertSection(SectionContent(count: 1), at: 2) }
        #expect(layout.numberOfItems(inSection: 0) == 3)
        #expect(layout.contentSize.height == 132)
    }
}
