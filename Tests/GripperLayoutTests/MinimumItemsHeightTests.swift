import Testing
import GripperGeometry
@testable import GripperLayout
@_spi(Benchmarks) import GripperLayout

/// `SectionMetrics.minimumItemsHeight`: an items area keeps at least that
/// much room (a placeholder's), rows taller than it push it out, and both
/// layouts answer the same items frame for it, under a drag too.
@Suite struct MinimumItemsHeightTests {
    private let metrics = LayoutMetrics(rowHeight: 40, sectionInsets: EdgeInsets(top: 5, left: 0, bottom: 5, right: 0),
                                        header: SupplementaryMetrics(height: 20), footer: SupplementaryMetrics(height: 10))
    private let viewport = Size(width: 300, height: 500)

    private func sections(first: Int, minimum: Double?) -> [SectionContent] {
        [SectionContent(count: first, metrics: SectionMetrics(minimumItemsHeight: minimum)), SectionContent(count: 2)]
    }

    private func layouts(first: Int, minimum: Double?) throws -> [any CollectionLayout] {
        let sized = sections(first: first, minimum: minimum).map { s in
            var c = SectionContent(itemSizes: Array(repeating: Size(width: 300, height: 40), count: s.count), metrics: s.metrics)
            c.count = s.count
            return c
        }
        return [try GridLayout(sections: sections(first: first, minimum: minimum), metrics: metrics, viewport: viewport),
                try FlowLayout(sections: sized, metrics: metrics, viewport: viewport)]
    }

    @Test func anEmptySectionKeepsItsRoomAndTheNextSectionFollows() throws {
        for layout in try layouts(first: 0, minimum: 100) {
            // Header 20, insets 5 + 100 + 5, footer 10: the next section starts at 140.
            #expect(layout.itemsFrame(ofSection: 0, presentation: .resting) == Rect(x: 0, y: 25, width: 300, height: 100),
                    "\(type(of: layout))")
            let y = layout.attributes(for: ItemPath(section: 1, item: 0))?.frame.minY
            #expect(y == 165, "\(type(of: layout))")
            #expect(layout.itemsFrame(ofSection: 2, presentation: .resting) == nil)
            #expect(layout._checkInvariants().isEmpty)
        }
        for layout in try layouts(first: 0, minimum: nil) {
            #expect(layout.itemsFrame(ofSection: 0, presentation: .resting)?.height == 0, "\(type(of: layout))")
            let y = layout.attributes(for: ItemPath(section: 1, item: 0))?.frame.minY
            #expect(y == 65, "\(type(of: layout))")
        }
    }

    @Test func rowsTallerThanTheMinimumPushItOut() throws {
        for layout in try layouts(first: 4, minimum: 100) {
            #expect(layout.itemsFrame(ofSection: 0, presentation: .resting)?.height == 160, "\(type(of: layout))")
        }
        for layout in try layouts(first: 2, minimum: 100) {
            #expect(layout.itemsFrame(ofSection: 0, presentation: .resting)?.height == 100, "\(type(of: layout))")
        }
    }

    @Test func aDragIntoTheSectionGrowsItOnlyPastTheMinimum() throws {
        for layout in try layouts(first: 0, minimum: 100) {
            // Section 1's first item dragged into the empty section 0.
            let drag = DragState(source: ItemPath(section: 1, item: 0), target: ItemPath(section: 0, item: 0),
                                 proxyCenter: Point(x: 150, y: 60))
            let shown = LayoutPresentation(isEditing: true, drag: drag)
            #expect(layout.itemsFrame(ofSection: 0, presentation: shown)?.height == 100, "\(type(of: layout))")
            // Section 1 lost an item (40): its items area is one row.
            #expect(layout.itemsFrame(ofSection: 1, presentation: shown) == Rect(x: 0, y: 165, width: 300, height: 40),
                    "\(type(of: layout))")
        }
    }

    @Test func aBadMinimumIsRefusedByName() {
        for bad in [-1.0, .infinity, .nan] {
            let error = #expect(throws: LayoutError.self) {
                try GridLayout(sections: sections(first: 0, minimum: bad), metrics: metrics, viewport: viewport)
            }
            #expect(error?.path.hasSuffix("minimumItemsHeight") == true, "\(String(describing: error))")
        }
    }
}
