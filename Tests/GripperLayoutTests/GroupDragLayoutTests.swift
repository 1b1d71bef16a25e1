import GripperGeometry
import Testing
@testable import GripperLayout

/// A multi-item drag as the layouts draw it: the source laid out as for one
/// item, the companions hidden in place (their slots kept, never drawn, never
/// hit), and the proxy and the gap carrying the count.
@Suite struct GroupDragLayoutTests {
    static let everything = Rect(x: 0, y: -100, width: 400, height: 4000)

    /// Checks one layout under a group drag against the same layout under
    /// the one-item drag of its source.
    static func check(_ layout: any CollectionLayout, source: IndexPath, target: IndexPath, companions: [IndexPath]) {
        let one = LayoutPresentation(drag: DragState(source: source, target: target, proxyCenter: Point(x: 100, y: 90)))
        var group = one
        group.drag?.companions = companions
        let single = layout.attributes(in: everything, presentation: one, contentOffset: 0)
        let many = layout.attributes(in: everything, presentation: group, contentOffset: 0)
        // The same elements but the companions' cells, at the same frames: nothing reflows.
        let hidden = Set(companions)
        #expect(single.filter { !($0.kind == .cell && hidden.contains($0.indexPath!)) }.map(\.frame)
                == many.map(\.frame))
        #expect(many.filter { $0.kind == .placeholder }.map(\.dragItemCount) == [companions.count + 1])
        #expect(many.filter { $0.kind == .dragProxy }.map(\.dragItemCount) == [companions.count + 1])
        #expect(single.filter { $0.kind == .dragProxy }.map(\.dragItemCount) == [1])
        #expect(many.filter { $0.kind != .placeholder && $0.kind != .dragProxy }.allSatisfy { $0.dragItemCount == 0 })
        for c in companions {
            let a = layout.attributes(for: c, presentation: group)
            #expect(a?.isHidden == true && a?.alpha == 0)
            #expect(a?.frame == layout.attributes(for: c, presentation: one)?.frame)
            #expect(layout.attributes(for: c, presentation: one)?.isHidden == false)
            // Not hit, where it would be drawn.
            if let f = a?.frame {
                #expect(layout.hitTest(f.center, presentation: group, contentOffset: 0) == nil)
                #expect(layout.hitTest(f.center, presentation: one, contentOffset: 0) != nil)
            }
        }
        #expect(layout.attributes(for: ElementID(kind: .placeholder, indexPath: target), presentation: group,
                                  contentOffset: 0)?.dragItemCount == companions.count + 1)
        #expect(layout.attributes(for: ElementID(kind: .dragProxy, indexPath: source), presentation: group,
                                  contentOffset: 0)?.dragItemCount == companions.count + 1)
    }

    @Test func aGridHidesCompanionsInPlace() throws {
        let grid = try GridLayout(sections: [SectionContent(count: 9), SectionContent(count: 7)],
                                  metrics: LayoutMetrics(columns: 3, rowHeight: 40), viewport: Size(width: 400, height: 600))
        Self.check(grid, source: IndexPath(section: 0, item: 4), target: IndexPath(section: 1, item: 2),
                   companions: [IndexPath(section: 0, item: 1), IndexPath(section: 0, item: 8), IndexPath(section: 1, item: 5)])
        Self.check(grid, source: IndexPath(section: 1, item: 0), target: IndexPath(section: 1, item: 6),
                   companions: [IndexPath(section: 0, item: 0), IndexPath(section: 1, item: 3)])
    }

    @Test func aGridOfItemHeightsHidesCompanionsInPlace() throws {
        let heights = (0..<12).map { Double(20 + ($0 * 7) % 30) }
        let grid = try GridLayout(sections: [SectionContent(itemHeights: heights), SectionContent(itemHeights: heights)],
                                  metrics: LayoutMetrics(rowHeight: 40), viewport: Size(width: 400, height: 600))
        Self.check(grid, source: IndexPath(section: 0, item: 2), target: IndexPath(section: 0, item: 9),
                   companions: [IndexPath(section: 0, item: 5), IndexPath(section: 1, item: 11)])
    }

    @Test func aFlowHidesCompanionsInPlace() throws {
        let sizes = (0..<14).map { Size(width: Double(60 + ($0 * 37) % 90), height: 30) }
        let flow = try FlowLayout(sections: [SectionContent(itemSizes: sizes), SectionContent(itemSizes: sizes)],
                                  metrics: LayoutMetrics(rowHeight: 30), viewport: Size(width: 400, height: 600))
        Self.check(flow, source: IndexPath(section: 0, item: 3), target: IndexPath(section: 1, item: 4),
                   companions: [IndexPath(section: 0, item: 0), IndexPath(section: 0, item: 10), IndexPath(section: 1, item: 4)])
    }

    @Test func isCompanionIsABinarySearchOverAscendingPaths() {
        let d = DragState(source: IndexPath(section: 0, item: 2), target: IndexPath(section: 0, item: 2), proxyCenter: .zero,
                          companions: [IndexPath(section: 0, item: 1), IndexPath(section: 0, item: 7), IndexPath(section: 2, item: 0)])
        #expect(d.itemCount == 4)
        #expect(d.isCompanion(IndexPath(section: 0, item: 7)) && d.isCompanion(IndexPath(section: 2, item: 0)))
        #expect(!d.isCompanion(IndexPath(section: 0, item: 2)) && !d.isCompanion(IndexPath(section: 1, item: 0))
                && !d.isCompanion(IndexPath(section: 3, item: 0)))
    }
}
