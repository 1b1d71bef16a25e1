import GripperGeometry
import GripperTesting
import Testing
@testable import GripperLayout
import GripperScripting
@_spi(Benchmarks) import GripperLayout

/// The rect visit's arithmetic for sections of fixed row height at rest
/// (``GridLayout/forEachAttributes(in:presentation:contentOffset:_:)``)
/// visits what the general path visits, element by element and in order:
/// over random layouts and presentations (a drag in some, which leaves the
/// sections it touches to the general path), at rest and mid-drag, on many
/// rects.
@Suite struct FixedRowVisitTests {
    @Test(arguments: 0..<120)
    func arithmeticAgreesWithTheGeneralPath(seed: Int) throws {
        let scenario = RandomScenario(seed: UInt64(seed) &+ 70_000, maxItems: 60)
        let layout = try scenario.layout()
        var rest = scenario.presentation
        rest.drag = nil
        var g = SeededGenerator(seed: UInt64(seed) ^ 0x5EED)
        let height = layout.contentSize(for: rest).height
        var rects = [Rect(x: -10, y: -10, width: scenario.viewport.width + 20, height: height + 20)]
        for _ in 0..<16 {
            rects.append(Rect(x: g.half(-20, 400), y: g.half(-50, max(0, height + 50)),
                              width: g.half(0.5, 500), height: g.half(0.5, 900)))
        }
        for presentation in [rest, scenario.presentation] {
            for rect in rects {
                let (fast, general) = layout.attributesByBothPaths(in: rect, presentation: presentation,
                                                                   contentOffset: scenario.contentOffset)
                #expect(fast == general, "seed \(seed) rect \(rect) drag \(presentation.drag != nil)")
            }
        }
    }

    /// A grid of three columns, 40-point rows, 10 points between columns and
    /// 4 between rows, 6 points of inset on every side, in a 320-point
    /// viewport: cells are (320 - 12 - 20) / 3 = 96 wide, columns start at
    /// 6, 112 and 218, rows at 6, 50, 94, … The rect from y 60 to 130 cuts
    /// rows 1 and 2 (50–90, 94–134), and from x 105 to 200 only the middle
    /// column (112–208; the first ends at 102).
    @Test func cellsOfAFixedGridAtRestAreWhereArithmeticPutsThem() throws {
        let metrics = LayoutMetrics(columns: 3, rowHeight: 40, interItemSpacing: 10, lineSpacing: 4,
                                    sectionInsets: EdgeInsets(top: 6, left: 6, bottom: 6, right: 6))
        let layout = try GridLayout(sections: [SectionContent(count: 10)], metrics: metrics,
                                    viewport: Size(width: 320, height: 480))
        var seen: [LayoutAttributes] = []
        layout.forEachAttributes(in: Rect(x: 105, y: 60, width: 95, height: 70)) { seen.append($0) }
        #expect(seen.map(\.indexPath) == [ItemPath(section: 0, item: 4), ItemPath(section: 0, item: 7)])
        #expect(seen.map(\.frame) == [Rect(x: 112, y: 50, width: 96, height: 40), Rect(x: 112, y: 94, width: 96, height: 40)])
        #expect(seen.map(\.column) == [1, 1])
        // The last row holds one item: nothing is visited past it.
        seen = []
        layout.forEachAttributes(in: Rect(x: 0, y: 140, width: 320, height: 100)) { seen.append($0) }
        #expect(seen.map(\.indexPath) == [ItemPath(section: 0, item: 9)])
        #expect(seen.first?.frame == Rect(x: 6, y: 138, width: 96, height: 40))
    }
}
