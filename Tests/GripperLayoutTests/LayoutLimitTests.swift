import GripperGeometry
import Testing
@testable import GripperLayout
@_spi(Benchmarks) import GripperLayout

/// Every length enters a layout checked against ``GridLayout/maximumLength``
/// and the content against ``GridLayout/maximumExtent``: a length or a sum
/// past them is refused with a ``LayoutError`` naming it, wherever it
/// enters, and a refused change changes nothing. So no sum the layout forms
/// overflows (three heights of 10³⁰⁸ used to trap on the first drag).
@Suite struct LayoutLimitTests {
    static let viewport = Size(width: 390, height: 844)
    static let tooLong: [Double] = [GridLayout.maximumLength.nextUp, 1e308, .greatestFiniteMagnitude, .infinity]

    func refusal(_ make: () throws -> Void) -> LayoutError? {
        do { try make(); return nil } catch let e as LayoutError { return e } catch { return nil }
    }

    @Test func everyLengthOfANewLayoutIsChecked() throws {
        for bad in Self.tooLong {
            func grid(_ sections: [SectionContent] = [SectionContent(count: 2)], metrics m: LayoutMetrics = LayoutMetrics(),
                      viewport: Size = Self.viewport) -> String? {
                refusal { _ = try GridLayout(sections: sections, metrics: m, viewport: viewport) }?.path
            }
            #expect(grid([SectionContent(itemHeights: [44, bad])]) == "sections[0].itemHeights[1]")
            #expect(grid(metrics: LayoutMetrics(rowHeight: bad)) == "metrics.rowHeight")
            #expect(grid(metrics: LayoutMetrics(lineSpacing: bad)) == "metrics.lineSpacing")
            #expect(grid(metrics: LayoutMetrics(globalHeaderHeight: bad)) == "metrics.globalHeaderHeight")
            var estimated = LayoutMetrics()
            estimated.estimatedItemHeight = bad
            #expect(grid(metrics: estimated) == "metrics.estimatedItemHeight")
            #expect(grid(metrics: LayoutMetrics(sectionInsets: EdgeInsets(bottom: bad))) == "metrics.sectionInsets")
            #expect(grid(metrics: LayoutMetrics(header: SupplementaryMetrics(height: bad))) == "metrics.header.height")
            #expect(grid([SectionContent(count: 1, metrics: SectionMetrics(rowHeight: bad))])
                    == "sections[0].metrics.rowHeight")
            #expect(grid(viewport: Size(width: 390, height: bad)) == "viewport")
            #expect(grid(viewport: Size(width: bad, height: 600)) == "viewport")
            let flow = refusal {
                _ = try FlowLayout(sections: [SectionContent(itemHeights: [bad])], metrics: LayoutMetrics(),
                                   viewport: Self.viewport)
            }
            #expect(flow?.path == "sections[0].itemHeights[0]")
        }
        // At the limit, lengths are taken.
        let m = GridLayout.maximumLength
        _ = try GridLayout(sections: [SectionContent(itemHeights: [m, m, m])],
                           metrics: LayoutMetrics(rowHeight: m, lineSpacing: m), viewport: Size(width: m, height: m))
    }

    @Test func aContentLongerThanTheMaximumExtentIsRefusedAtItsSection() throws {
        let m = GridLayout.maximumLength
        // 2^12 items of 2^40 points fill 2^52; one more point is too much.
        let full = SectionContent(itemHeights: [Double](repeating: m, count: 1 << 12))
        let layout = try GridLayout(sections: [full], metrics: LayoutMetrics(), viewport: Self.viewport)
        #expect(layout.contentSize.height == GridLayout.maximumExtent)
        let error = refusal {
            _ = try GridLayout(sections: [SectionContent(count: 1), full, SectionContent(count: 2)],
                               metrics: LayoutMetrics(), viewport: Self.viewport)
        }
        #expect(error?.path == "sections[1]")
        #expect(error?.problem.contains("2^52") == true)
    }

    /// Each change that would make the content too long is refused, and the
    /// layout answers as before (an edit applies whole or not at all).
    @Test func aChangePastTheMaximumExtentChangesNothing() throws {
        let m = GridLayout.maximumLength
        // 2^40 points short of the limit, and 10 points.
        let heights = [Double](repeating: m, count: (1 << 12) - 1) + [0, 10]
        let start = try GridLayout(sections: [SectionContent(itemHeights: heights), SectionContent(count: 3)],
                                   metrics: LayoutMetrics(rowHeight: 0), viewport: Self.viewport)
        func same(_ a: GridLayout, _ b: GridLayout) -> Bool {
            a.contentSize == b.contentSize && a.numberOfItems == b.numberOfItems
                && a.sections.map { $0.heights?.values } == b.sections.map { $0.heights?.values }
                && a.attributes(in: Rect(x: 0, y: 0, width: 390, height: 1e16)) == b.attributes(in: Rect(x: 0, y: 0, width: 390, height: 1e16))
        }
        let p = { (s: Int, i: Int) in ItemPath(section: s, item: i) }
        let changes: [(String, (inout GridLayout) throws -> Void)] = [
            ("insert", { try $0.insertItem(at: p(0, 0), height: m) }),
            ("setHeight.height", { try $0.setHeight(m, of: p(0, heights.count - 2)) }),
            ("applyItemChanges", { try $0.applyItemChanges(removing: [p(0, 5)], inserting: [(p(0, 0), m), (p(0, 1), m)]) }),
            ("setExtent.extent", { _ = try $0.setExtent(m, of: p(0, heights.count - 2)) }),
            ("insertSection.content", { try $0.insertSection(SectionContent(itemHeights: [m, m]), at: 1) }),
            ("reloadSection.content", { try $0.reloadSection(SectionContent(count: 3, metrics: SectionMetrics(rowHeight: m)), at: 1) }),
        ]
        for (path, change) in changes {
            var layout = start
            let error = refusal { try change(&layout) }
            #expect(error?.path == path, "\(path): \(String(describing: error))")
            let unchanged = same(layout, start)
            #expect(unchanged, "\(path) changed the layout")
        }
        // A fixed section that would grow past it takes no per-item extents.
        var fixed = try GridLayout(sections: [SectionContent(count: 4096, metrics: SectionMetrics(rowHeight: m))],
                                   metrics: LayoutMetrics(), viewport: Self.viewport)
        let before = fixed
        #expect(refusal { _ = try fixed.setExtent(m + 0, of: p(0, 0)) } == nil)   // same extent: taken
        fixed = before
        #expect(refusal { try fixed.insertItem(at: p(0, 0)) }?.path == "insert")
        let unchanged = same(fixed, before)
        #expect(unchanged)
    }
}
