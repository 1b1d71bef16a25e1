import GripperGeometry
import GripperScripting
import Testing
@testable @_spi(Benchmarks) import GripperLayout

/// Measured widths (the flow layout) and measured header and footer
/// heights (grid and flow): after any sequence of measurements the layout
/// answers bit for bit what a layout built afresh with the measured sizes
/// answers — at rest and under drags — its invariants hold, and a bad
/// measurement changes nothing.
@Suite struct SelfSizingBothTests {
    /// What a flow layout was built from and measured to, to build it afresh.
    struct Model {
        var widths: [[Double]]
        var heights: [[Double]]
        var headers: [Double?]
        var footers: [Double?]
        var metrics: LayoutMetrics
        var viewport: Size

        func contents() -> [SectionContent] {
            widths.indices.map { s in
                var m = SectionMetrics.inherited
                if let h = headers[s] { var x = metrics.header; x.height = h; m.header = x }
                if let h = footers[s] { var x = metrics.footer; x.height = h; m.footer = x }
                var c = SectionContent(itemSizes: zip(widths[s], heights[s]).map { Size(width: $0, height: $1) }, metrics: m)
                c.metrics = m
                return c
            }
        }

        func flow() throws -> FlowLayout { try FlowLayout(sections: contents(), metrics: metrics, viewport: viewport) }
    }

    static func model(seed: UInt64) -> Model {
        var g = SeededGenerator(seed: seed)
        var m = LayoutMetrics(rowHeight: 40, interItemSpacing: g.chance(0.5) ? 8 : g.half(0, 12),
                              lineSpacing: g.half(0, 10))
        m.itemWidth = 80
        m.header = SupplementaryMetrics(height: 24, padding: EdgeInsets(top: 2, left: 0, bottom: 3, right: 0),
                                        isPinned: g.chance(0.5))
        if g.chance(0.5) { m.footer = SupplementaryMetrics(height: 16, isPinned: g.chance(0.3)) }
        if g.chance(0.3) { m.sectionInsets = EdgeInsets(top: 4, left: 6, bottom: 4, right: 8) }
        let counts = (0..<g.int(1...3)).map { _ in g.int(0...50) }
        return Model(widths: counts.map { [Double](repeating: 80, count: $0) },
                     heights: counts.map { [Double](repeating: 40, count: $0) },
                     headers: counts.map { _ in nil }, footers: counts.map { _ in nil },
                     metrics: m, viewport: Size(width: g.chance(0.7) ? 390 : g.half(200, 500), height: 600))
    }

    /// Every rect, hit and drop answer of `a` and `b`, at rest and under drags.
    static func same(_ a: FlowLayout, _ b: FlowLayout, _ g: inout SeededGenerator, _ note: String) {
        #expect(a.contentSize == b.contentSize, "\(note)")
        var presentations = [LayoutPresentation.resting]
        let nonEmpty = (0..<a.numberOfSections).filter { a.numberOfItems(inSection: $0) > 0 }
        for _ in 0..<4 {
            guard let s = nonEmpty.randomElement(using: &g) else { break }
            let t = g.int(0...(a.numberOfSections - 1))
            let n = a.numberOfItems(inSection: s)
            let source = ItemPath(section: s, item: g.int(0...(n - 1)))
            let target = ItemPath(section: t, item: g.int(0...(t == s ? n - 1 : a.numberOfItems(inSection: t))))
            presentations.append(LayoutPresentation(drag: DragState(source: source, target: target,
                                                                    proxyCenter: Point(x: 100, y: g.half(0, 900)))))
        }
        for p in presentations {
            #expect(a.contentSize(for: p) == b.contentSize(for: p), "\(note)")
            for _ in 0..<3 {
                let r = Rect(x: 0, y: g.half(-40, b.contentSize.height), width: a.viewport.width, height: g.half(1, 700))
                #expect(a.attributes(in: r, presentation: p, contentOffset: r.minY) ==
                        b.attributes(in: r, presentation: p, contentOffset: r.minY), "\(note) \(r)")
                let point = Point(x: g.half(0, a.viewport.width), y: g.half(0, b.contentSize.height))
                #expect(a.dropTarget(at: point, presentation: p) == b.dropTarget(at: point, presentation: p), "\(note)")
            }
        }
    }

    @Test func measuredWidthsAndHeadersMatchAFreshLayout() throws {
        for seed in 0..<60 {
            var model = Self.model(seed: UInt64(seed) &* 977 &+ 3)
            // Sections of one size start arithmetic: measurements make the arrays.
            var layout = try FlowLayout(sections: model.widths.map { SectionContent(count: $0.count) },
                                        metrics: model.metrics, viewport: model.viewport)
            var g = SeededGenerator(seed: UInt64(seed) &+ 17)
            for step in 0..<12 {
                let s = g.int(0...(model.widths.count - 1))
                switch model.widths[s].isEmpty ? 2 + g.int(0...1) : g.int(0...3) {
                case 0, 1:
                    let k = g.int(0...(model.widths[s].count - 1))
                    let w: Double? = g.chance(0.8) ? (g.chance(0.1) ? 1000 : g.half(0, 200)) : nil
                    let h: Double? = g.chance(0.5) ? g.half(0, 90) : nil
                    _ = try layout.setExtents(h, crossExtent: w, of: ItemPath(section: s, item: k))
                    if let w { model.widths[s][k] = w }
                    if let h { model.heights[s][k] = h }
                case 2:
                    let h = g.chance(0.1) ? 0 : g.half(0, 120)
                    _ = try layout.setSupplementaryExtent(h, of: .header, inSection: s)
                    model.headers[s] = h
                default:
                    guard model.metrics.footer.height > 0 else { continue }
                    let h = g.half(0, 60)
                    _ = try layout.setSupplementaryExtent(h, of: .footer, inSection: s)
                    model.footers[s] = h
                }
                #expect(layout._checkInvariants().isEmpty, "seed \(seed) step \(step)")
                Self.same(layout, try model.flow(), &g, "seed \(seed) step \(step)")
            }
        }
    }

    @Test func aWidthRewrapsFromItsLineAndReturnsTheMove() throws {
        // 390 wide, 8 apart: four 80-point chips a line (4 × 80 + 3 × 8 = 344).
        let m = LayoutMetrics(rowHeight: 40, interItemSpacing: 8, lineSpacing: 10)
        var layout = try FlowLayout(sections: [SectionContent(itemSizes: Array(repeating: Size(width: 80, height: 40), count: 12)),
                                               SectionContent(count: 3)],
                                    metrics: m, viewport: Size(width: 390, height: 600))
        let secondTop = try #require(layout.itemsFrame(ofSection: 1, presentation: .resting)).minY
        // Item 5 grows to 200: line 1 holds 4, 5 (80 + 8 + 200 ≤ 390 … 6 does not fit), the rest wrap on.
        let moved = try layout.setExtents(nil, crossExtent: 200, of: ItemPath(section: 0, item: 5))
        #expect(layout._checkInvariants().isEmpty)
        #expect(layout.size(of: ItemPath(section: 0, item: 5)) == Size(width: 200, height: 40))
        #expect(moved == 50)  // one line more: 40 + 10
        #expect(layout.itemsFrame(ofSection: 1, presentation: .resting)?.minY == secondTop + 50)
        // Lines before the item's stay.
        #expect(layout.attributes(for: ItemPath(section: 0, item: 3))?.frame.minY == 0)
        // A width past the line takes a line of its own, the line's width.
        _ = try layout.setExtents(nil, crossExtent: 5000, of: ItemPath(section: 0, item: 0))
        #expect(layout.size(of: ItemPath(section: 0, item: 0))?.width == 390)
        #expect(layout._checkInvariants().isEmpty)
        // Back to 80: the same lines as at the start.
        _ = try layout.setExtents(nil, crossExtent: 80, of: ItemPath(section: 0, item: 0))
        _ = try layout.setExtents(nil, crossExtent: 80, of: ItemPath(section: 0, item: 5))
        #expect(layout.itemsFrame(ofSection: 1, presentation: .resting)?.minY == secondTop)
    }

    @Test func badMeasurementsChangeNothing() throws {
        let m = LayoutMetrics(rowHeight: 40, header: SupplementaryMetrics(height: 20))
        var flow = try FlowLayout(sections: [SectionContent(count: 3)], metrics: m, viewport: Size(width: 390, height: 600))
        var grid = try GridLayout(sections: [SectionContent(count: 3)], metrics: m, viewport: Size(width: 390, height: 600))
        let (flowSize, gridSize) = (flow.contentSize, grid.contentSize)
        for v in [Double.nan, -1, .infinity, -.infinity, 0x1p40 + 1, .greatestFiniteMagnitude] {
            #expect(throws: LayoutError.self) { _ = try flow.setExtents(nil, crossExtent: v, of: ItemPath(section: 0, item: 0)) }
            #expect(throws: LayoutError.self) { _ = try flow.setExtents(40, crossExtent: v, of: ItemPath(section: 0, item: 0)) }
            #expect(throws: LayoutError.self) { _ = try grid.setExtents(nil, crossExtent: v, of: ItemPath(section: 0, item: 0)) }
            #expect(throws: LayoutError.self) { _ = try flow.setSupplementaryExtent(v, of: .header, inSection: 0) }
            #expect(throws: LayoutError.self) { _ = try grid.setSupplementaryExtent(v, of: .footer, inSection: 0) }
        }
        for p in [ItemPath(section: 0, item: 3), ItemPath(section: 1, item: 0), ItemPath(section: 0, item: -1)] {
            #expect(throws: LayoutError.self) { _ = try flow.setExtents(nil, crossExtent: 10, of: p) }
            #expect(throws: LayoutError.self) { _ = try grid.setExtents(nil, crossExtent: 10, of: p) }
        }
        for s in [-1, 1, Int.max] {
            #expect(throws: LayoutError.self) { _ = try flow.setSupplementaryExtent(10, of: .header, inSection: s) }
            #expect(throws: LayoutError.self) { _ = try grid.setSupplementaryExtent(10, of: .header, inSection: s) }
        }
        #expect(throws: LayoutError.self) { _ = try flow.setSupplementaryExtent(10, of: .cell, inSection: 0) }
        #expect(throws: LayoutError.self) { _ = try grid.setSupplementaryExtent(10, of: .globalHeader, inSection: 0) }
        #expect(flow.contentSize == flowSize && grid.contentSize == gridSize)
        #expect(flow._checkInvariants().isEmpty && grid._checkInvariants().isEmpty)
    }

    @Test func edgeValues() throws {
        let m = LayoutMetrics(rowHeight: 40, header: SupplementaryMetrics(height: 20))
        var flow = try FlowLayout(sections: [SectionContent(count: 3)], metrics: m, viewport: Size(width: 390, height: 600))
        var grid = try GridLayout(sections: [SectionContent(count: 3)], metrics: m, viewport: Size(width: 390, height: 600))
        // 0: a zero-width chip, a header that goes.
        _ = try flow.setExtents(0, crossExtent: 0, of: ItemPath(section: 0, item: 1))
        #expect(flow.size(of: ItemPath(section: 0, item: 1)) == Size(width: 0, height: 0))
        #expect(try flow.setSupplementaryExtent(0, of: .header, inSection: 0) == -20)
        #expect(try grid.setSupplementaryExtent(0, of: .header, inSection: 0) == -20)
        #expect(!flow.attributes(in: Rect(x: 0, y: 0, width: 390, height: 600), presentation: .resting, contentOffset: 0)
            .contains { $0.kind == .header })
        // The longest length: taken.
        #expect(try flow.setSupplementaryExtent(0x1p40, of: .header, inSection: 0) == 0x1p40)
        #expect(try grid.setSupplementaryExtent(0x1p40, of: .header, inSection: 0) == 0x1p40)
        _ = try flow.setExtents(0x1p40, crossExtent: 0x1p40, of: ItemPath(section: 0, item: 0))
        #expect(flow._checkInvariants().isEmpty && grid._checkInvariants().isEmpty)
    }

    @Test func sumsPastTheLongestContentAreRefusedWhole() throws {
        // 4096 sections of 2^40-point headers make exactly 2^52, the longest
        // content: any growth is refused, whole.
        var m = LayoutMetrics(rowHeight: 0)
        m.header = SupplementaryMetrics(height: 0x1p40 - 1)
        m.footer = SupplementaryMetrics(height: 1)
        let sections = Array(repeating: SectionContent(count: 1), count: 4096)
        var grid = try GridLayout(sections: sections, metrics: m, viewport: Size(width: 390, height: 600))
        var flow = try FlowLayout(sections: sections, metrics: m, viewport: Size(width: 390, height: 600))
        let (g0, f0) = (grid.contentSize, flow.contentSize)
        #expect(g0.height == 0x1p52 && f0.height == 0x1p52)
        #expect(throws: LayoutError.self) { _ = try flow.setSupplementaryExtent(2, of: .footer, inSection: 7) }
        #expect(throws: LayoutError.self) { _ = try grid.setSupplementaryExtent(2, of: .footer, inSection: 7) }
        #expect(throws: LayoutError.self) { _ = try grid.setSupplementaryExtent(0x1p40, of: .header, inSection: 0) }
        #expect(throws: LayoutError.self) { _ = try grid.setExtent(1, of: ItemPath(section: 7, item: 0)) }
        #expect(grid.contentSize == g0 && flow.contentSize == f0)
        // An item's extent in one section would pass it too: neither size is taken.
        #expect(throws: LayoutError.self) { _ = try flow.setExtents(1, crossExtent: 10, of: ItemPath(section: 3, item: 0)) }
        #expect(flow.contentSize == f0 && flow.size(of: ItemPath(section: 3, item: 0)) == Size(width: 390, height: 0))
        // Shrinking is taken.
        #expect(try grid.setSupplementaryExtent(10, of: .header, inSection: 0) == 10 - (0x1p40 - 1))
        #expect(grid.contentSize.height == g0.height - (0x1p40 - 1) + 10)
        #expect(try flow.setSupplementaryExtent(0, of: .footer, inSection: 0) == -1)
        #expect(flow._checkInvariants().isEmpty && grid._checkInvariants().isEmpty)
    }

    @Test func gridHeadersMatchAFreshGridAndPin() throws {
        var m = LayoutMetrics(columns: 3, rowHeight: 50, lineSpacing: 4)
        m.header = SupplementaryMetrics(height: 30, padding: EdgeInsets(top: 2, left: 0, bottom: 2, right: 0), isPinned: true)
        m.footer = SupplementaryMetrics(height: 20)
        let counts = [7, 0, 12]
        var grid = try GridLayout(sections: counts.map { SectionContent(count: $0) }, metrics: m,
                                  viewport: Size(width: 390, height: 600))
        #expect(try grid.setSupplementaryExtent(64, of: .header, inSection: 0) == 34)
        #expect(try grid.setSupplementaryExtent(5, of: .footer, inSection: 2) == -15)
        var h = m.header; h.height = 64
        var f = m.footer; f.height = 5
        let fresh = try GridLayout(sections: [SectionContent(count: 7, metrics: SectionMetrics(header: h)),
                                              SectionContent(count: 0),
                                              SectionContent(count: 12, metrics: SectionMetrics(footer: f))],
                                   metrics: m, viewport: Size(width: 390, height: 600))
        #expect(grid._checkInvariants().isEmpty)
        #expect(grid.contentSize == fresh.contentSize)
        let drag = LayoutPresentation(drag: DragState(source: ItemPath(section: 0, item: 1), target: ItemPath(section: 2, item: 4),
                                                      proxyCenter: Point(x: 100, y: 300)))
        for p in [LayoutPresentation.resting, drag] {
            for y in stride(from: -10.0, through: grid.contentSize.height, by: 37) {
                let r = Rect(x: 0, y: y, width: 390, height: 600)
                #expect(grid.attributes(in: r, presentation: p, contentOffset: y) == fresh.attributes(in: r, presentation: p, contentOffset: y))
            }
        }
        // Pinned: section 0's header sticks to the top while its section is on screen.
        let header = grid.attributes(for: ElementID(kind: .header, indexPath: ItemPath(section: 0, item: 0)),
                                     presentation: .resting, contentOffset: 40)
        #expect(header?.frame.minY == 42)  // the offset and the header's top padding
        #expect(header?.frame.height == 64)
        // A metrics change keeps the measured height (it is the section's own now).
        try grid.update(metrics: m, viewport: Size(width: 500, height: 600))
        #expect(grid.attributes(for: ElementID(kind: .header, indexPath: ItemPath(section: 0, item: 0)),
                                presentation: .resting, contentOffset: 0)?.frame.height == 64)
    }
}
