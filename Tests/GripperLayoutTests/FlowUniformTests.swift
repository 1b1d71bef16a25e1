import GripperGeometry
import GripperScripting
import Testing
@testable @_spi(Benchmarks) import GripperLayout

/// A flow section of items of one size keeps no per-item storage (its
/// lines are arithmetic where that is exact): every answer is the one the
/// same section with every size given answers, bit for bit — at rest,
/// under drags within and across sections, for hit tests and the drop
/// rule — and a measured extent or a batch gives it the arrays with
/// nothing changed.
@Suite struct FlowUniformTests {
    /// The same sections twice: by count (one size from the metrics) and
    /// with every size given.
    static func pair(seed: UInt64) throws -> (uniform: FlowLayout, given: FlowLayout, counts: [Int]) {
        var g = SeededGenerator(seed: seed)
        // Sizes on a 1/8-point grid (exact), or anywhere (the arrays then).
        func length(_ lo: Double, _ hi: Double) -> Double {
            let v = g.half(lo, hi)
            return g.chance(0.8) ? (v * 8).rounded() / 8 : v
        }
        var m = LayoutMetrics(rowHeight: length(20, 90), interItemSpacing: length(0, 12), lineSpacing: length(0, 12))
        m.itemWidth = length(10, 200)
        if g.chance(0.5) { m.header = SupplementaryMetrics(height: 24, isPinned: g.chance(0.5)) }
        if g.chance(0.3) { m.sectionInsets = EdgeInsets(top: 4, left: length(0, 20), bottom: 4, right: 8) }
        let counts = (0..<g.int(1...3)).map { _ in g.int(0...60) }
        let width = g.chance(0.7) ? 390 : g.half(200, 500)
        let viewport = Size(width: width, height: 640)
        let uniform = try FlowLayout(sections: counts.map { SectionContent(count: $0) }, metrics: m, viewport: viewport)
        let size = Size(width: m.itemWidth!, height: m.rowHeight)
        let given = try FlowLayout(sections: counts.map { SectionContent(itemSizes: Array(repeating: size, count: $0)) },
                                   metrics: m, viewport: viewport)
        return (uniform, given, counts)
    }

    @Test func itsAnswersAreTheArraysAnswersBitForBit() throws {
        var arithmetic = 0
        for seed in 0..<80 {
            let (u, a, counts) = try Self.pair(seed: UInt64(seed) &* 131 &+ 7)
            if u.sections.contains(where: { $0.uniform != nil }) { arithmetic += 1 }
            #expect(u._checkInvariants().isEmpty, "seed \(seed)")
            #expect(u.contentSize == a.contentSize, "seed \(seed)")
            var g = SeededGenerator(seed: UInt64(seed) &+ 99)
            var presentations = [LayoutPresentation.resting]
            let nonEmpty = counts.indices.filter { counts[$0] > 0 }
            for _ in 0..<6 {
                guard let s = nonEmpty.randomElement(using: &g) else { break }
                let t = g.int(0...(counts.count - 1))
                let source = ItemPath(section: s, item: g.int(0...(counts[s] - 1)))
                let target = ItemPath(section: t, item: g.int(0...(t == s ? counts[s] - 1 : counts[t])))
                presentations.append(LayoutPresentation(drag: DragState(source: source, target: target,
                                                                        proxyCenter: Point(x: 120, y: g.half(0, 900)))))
            }
            for p in presentations {
                #expect(u.contentSize(for: p) == a.contentSize(for: p), "seed \(seed)")
                for _ in 0..<4 {
                    let r = Rect(x: 0, y: g.half(-40, a.contentSize.height), width: u.viewport.width, height: g.half(1, 700))
                    #expect(u.attributes(in: r, presentation: p, contentOffset: r.minY) ==
                            a.attributes(in: r, presentation: p, contentOffset: r.minY), "seed \(seed) \(r)")
                    let point = Point(x: g.half(0, u.viewport.width), y: g.half(0, a.contentSize.height))
                    #expect(u.hitTest(point, presentation: p) == a.hitTest(point, presentation: p), "seed \(seed)")
                    #expect(u.dropTarget(at: point, presentation: p) == a.dropTarget(at: point, presentation: p), "seed \(seed)")
                }
                for s in counts.indices {
                    #expect(u.itemsFrame(ofSection: s, presentation: p) == a.itemsFrame(ofSection: s, presentation: p))
                    for i in stride(from: 0, to: counts[s], by: 7) {
                        let path = ItemPath(section: s, item: i)
                        #expect(u.attributes(for: path, presentation: p) == a.attributes(for: path, presentation: p))
                    }
                }
            }
        }
        #expect(arithmetic > 40, "most seeds are exact: \(arithmetic) of 80 laid out by arithmetic")
    }

    @Test func aMeasuredExtentOrABatchGivesItTheArraysWithNothingElseChanged() throws {
        for seed in 0..<20 {
            var (u, a, counts) = try Self.pair(seed: UInt64(seed) &* 17 &+ 3)
            guard let s = counts.indices.first(where: { counts[$0] > 2 }) else { continue }
            let p = ItemPath(section: s, item: 1)
            #expect(try u.setExtent(33.5, of: p) == a.setExtent(33.5, of: p))
            #expect(u.sections[s].uniform == nil && u._checkInvariants().isEmpty)
            let all = Rect(x: 0, y: 0, width: u.viewport.width, height: u.contentSize.height)
            #expect(u.attributes(in: all) == a.attributes(in: all), "seed \(seed)")
            if let t = counts.indices.last(where: { $0 != s }) {
                let batch = ([ItemPath(section: s, item: 0)], [ItemInsertion(ItemPath(section: t, item: 0))])
                try u.applyItemChanges(removing: batch.0, inserting: batch.1)
                try a.applyItemChanges(removing: batch.0, inserting: batch.1)
                #expect(u.attributes(in: all) == a.attributes(in: all) && u._checkInvariants().isEmpty, "seed \(seed)")
            }
        }
    }

    @Test func aMillionItemsOfOneSizeKeepNoArrays() throws {
        let layout = try FlowLayout(sections: [SectionContent(count: 1_000_000)],
                                    metrics: LayoutMetrics(rowHeight: 40, interItemSpacing: 8, lineSpacing: 8),
                                    viewport: Size(width: 400, height: 640))
        let section = try #require(layout.sections.first)
        #expect(section.uniform != nil && section.lineCount == 1_000_000)
        #expect(layout.contentSize.height == 1_000_000 * 40 + 999_999 * 8)
        let last = try #require(layout.attributes(for: ItemPath(section: 0, item: 999_999)))
        #expect(last.frame == Rect(x: 0, y: 999_999 * 48, width: 400, height: 40))
    }
}
