import GripperGeometry
@testable import GripperLayout
import GripperScripting
import GripperTesting
import Testing
@_spi(Benchmarks) import GripperLayout

/// Changes applied to a prepared layout must give exactly the layout
/// prepared afresh from the changed content; refused changes change nothing.
@Suite struct MutationTests {
    static func everything(_ layout: GridLayout) -> [LayoutAttributes] {
        layout.attributes(in: Rect(x: -1, y: -1, width: layout.viewport.width + 2, height: layout.contentSize.height + 2))
    }

    @Test(arguments: 0..<60)
    func randomEditsMatchAFreshLayout(seed: Int) throws {
        let scenario = RandomScenario(seed: UInt64(seed) &+ 40_000, maxItems: 15)
        var model = scenario.sections
        var layout = try scenario.layout()
        var g = SeededGenerator(seed: UInt64(seed))
        let tag = "seed \(seed + 40_000)"
        for step in 0..<25 {
            let choice = g.int(0...6)
            let s = model.isEmpty ? -1 : g.int(0...(model.count - 1))
            switch choice {
            case 0 where s >= 0:
                let k = g.int(0...model[s].count)
                let h = g.half(5, 80)
                try layout.insertItem(at: ItemPath(section: s, item: k), height: h)
                model[s].count += 1
                model[s].itemHeights?.insert(h, at: k)
            case 1 where s >= 0 && model[s].count > 0:
                let k = g.int(0...(model[s].count - 1))
                try layout.deleteItem(at: ItemPath(section: s, item: k))
                model[s].count -= 1
                model[s].itemHeights?.remove(at: k)
            case 2 where s >= 0 && model[s].count > 0:
                let k = g.int(0...(model[s].count - 1))
                let t = g.int(0...(model.count - 1))
                model[s].count -= 1
                let h = model[s].itemHeights?.remove(at: k)
                    ?? (model[s].metrics.rowHeight ?? scenario.metrics.rowHeight)
                let d = g.int(0...model[t].count)
                try layout.moveItem(from: ItemPath(section: s, item: k), to: ItemPath(section: t, item: d))
                model[t].count += 1
                model[t].itemHeights?.insert(h, at: d)
            case 3 where s >= 0 && model[s].itemHeights != nil && model[s].count > 0:
                let k = g.int(0...(model[s].count - 1))
                let h = g.half(0, 90)
                try layout.setHeight(h, of: ItemPath(section: s, item: k))
                model[s].itemHeights?[k] = h
            case 4:
                let i = g.int(0...model.count)
                let content = g.chance(0.5) ? SectionContent(count: g.int(0...8))
                                            : SectionContent(itemHeights: (0..<g.int(0...8)).map { _ in g.half(5, 60) })
                try layout.insertSection(content, at: i)
                model.insert(content, at: i)
            case 5 where s >= 0:
                try layout.deleteSection(at: s)
                model.remove(at: s)
            default:
                // A refused change leaves the layout as it was.
                let before = Self.everything(layout)
                #expect(throws: LayoutError.self) {
                    try layout.deleteItem(at: ItemPath(section: model.count, item: 0))
                }
                #expect(Self.everything(layout) == before, "\(tag) step \(step)")
            }
            #expect(layout._checkInvariants() == [], "\(tag) step \(step) choice \(choice)")
            let fresh = try GridLayout(sections: model, metrics: scenario.metrics, viewport: scenario.viewport)
            #expect(layout.contentSize == fresh.contentSize, "\(tag) step \(step) choice \(choice)")
            #expect(Self.everything(layout) == Self.everything(fresh), "\(tag) step \(step) choice \(choice)")
        }
    }

    @Test func metricsAndViewportUpdatesKeepTheItems() throws {
        var layout = try GridLayout(sections: [SectionContent(itemHeights: [10, 20, 30])],
                                    metrics: LayoutMetrics(columns: 1), viewport: Size(width: 300, height: 500))
        try layout.update(metrics: LayoutMetrics(columns: 3), viewport: Size(width: 600, height: 500))
        #expect(layout.contentSize == Size(width: 600, height: 30))
        #expect(layout.height(of: ItemPath(section: 0, item: 1)) == 20)
        #expect(throws: LayoutError.self) { try layout.update(metrics: LayoutMetrics(columns: 0)) }
        #expect(layout.metrics.columns == 3)
    }

    @Test func setHeightNeedsPerItemHeights() throws {
        var layout = try GridLayout(sections: [SectionContent(count: 3)], metrics: LayoutMetrics(),
                                    viewport: Size(width: 300, height: 500))
        #expect(throws: LayoutError(path: "setHeight.section",
                                    problem: "section 0 has a fixed row height, not per-item heights")) {
            try layout.setHeight(5, of: ItemPath(section: 0, item: 0))
        }
    }
}
