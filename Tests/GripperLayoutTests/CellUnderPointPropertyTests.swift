import GripperGeometry
import GripperTesting
import Testing
@testable import GripperLayout
import GripperScripting
@_spi(Benchmarks) import GripperLayout

/// "The cell under a point" has one answer: the fast search and the
/// attributes of a small rect agree, at rest and under a drag, over random
/// layouts whose heights mix ordinary, very thin (10⁻³⁰⁰) and very large
/// lengths, and points on and beside every edge.
@Suite struct CellUnderPointPropertyTests {
    static func length(_ g: inout SeededGenerator) -> Double {
        switch g.int(0...9) {
        case 0: return [0, 1e-300, .leastNonzeroMagnitude, 1e-12, 1e-7][g.int(0...4)]
        case 1: return [1e6, 1e9, 3.3e11, GridLayout.maximumLength][g.int(0...3)]
        default: return g.chance(0.5) ? g.half(1, 90) : g.next(in: 0.01...90)
        }
    }

    static func scene(_ seed: UInt64) -> (GridLayout, [ItemPath])? {
        var g = SeededGenerator(seed: seed)
        let metrics = LayoutMetrics(columns: g.int(1...3), rowHeight: length(&g),
                                    interItemSpacing: g.chance(0.5) ? 0 : g.next(in: 0...8),
                                    lineSpacing: g.chance(0.5) ? 0 : length(&g),
                                    header: g.chance(0.3) ? SupplementaryMetrics(height: length(&g)) : .none)
        let sections = (0..<g.int(1...3)).map { _ in
            let count = g.int(0...12)
            return g.chance(0.7) ? SectionContent(itemHeights: (0..<count).map { _ in length(&g) })
                                 : SectionContent(count: count)
        }
        guard let layout = try? GridLayout(sections: sections, metrics: metrics,
                                           viewport: Size(width: [320, 390, 0.3][g.int(0...2)], height: 600)) else {
            return nil
        }
        let all = sections.enumerated().flatMap { s, c in (0..<c.count).map { ItemPath(section: s, item: $0) } }
        return (layout, all)
    }

    /// Points on, just inside and just outside every edge of the cells
    /// near `frame`, and a few anywhere.
    static func points(around frame: Rect, _ g: inout SeededGenerator) -> [Point] {
        var xs = [frame.minX, frame.maxX, frame.midX, frame.minX.nextDown, frame.maxX.nextDown, frame.maxX.nextUp]
        var ys = [frame.minY, frame.maxY, frame.midY, frame.minY.nextDown, frame.maxY.nextDown, frame.maxY.nextUp,
                  frame.minY.nextUp]
        xs.append(g.next(in: -10...400))
        ys.append(frame.minY + g.next(in: -100...100))
        return xs.flatMap { x in ys.map { Point(x: x, y: $0) } }
    }

    @Test(arguments: 0..<400)
    func theFastAndTheReferenceAnswersAgree(seed: Int) throws {
        guard let (layout, all) = Self.scene(UInt64(seed) &+ 5_000), !all.isEmpty else { return }
        var g = SeededGenerator(seed: UInt64(seed))
        var presentations = [LayoutPresentation.resting]
        for _ in 0..<3 {
            let source = all[g.int(0...(all.count - 1))]
            let t = g.int(0...(layout.numberOfSections - 1))
            let limit = t == source.section ? layout.numberOfItems(inSection: t) - 1 : layout.numberOfItems(inSection: t)
            guard limit >= 0 else { continue }
            var drag = DragState(source: source, target: ItemPath(section: t, item: g.int(0...limit)),
                                 proxyCenter: Point(x: 50, y: 50))
            if g.chance(0.5) { drag.intoTarget = all[g.int(0...(all.count - 1))] }
            presentations.append(LayoutPresentation(drag: drag))
        }
        for presentation in presentations {
            for _ in 0..<6 {
                let path = all[g.int(0...(all.count - 1))]
                guard let frame = layout.attributes(for: path, presentation: presentation)?.frame else { continue }
                for p in Self.points(around: frame, &g) {
                    let fast = layout.visibleCellFast(at: p, presentation: presentation)
                    let reference = layout.visibleCellByAttributes(at: p, presentation: presentation)
                    #expect(fast?.indexPath == reference?.indexPath && fast?.frame == reference?.frame,
                            "seed \(seed) at \(p) (\(p.y.bitPattern)): fast \(String(describing: fast)), reference \(String(describing: reference))")
                    // The drop rule and the hit test check their fast answers
                    // against their references in debug builds (as the
                    // drop-into long-press drag asks them, every frame).
                    _ = layout.dropTarget(at: p, presentation: presentation)
                    _ = layout.hitTest(p, presentation: presentation)
                    if presentation.drag == nil {
                        let hit = layout.restingHit(p, presentation: presentation, contentOffset: 0)
                        if let hit {
                            #expect(hit == layout.hitTestByAttributes(p, presentation: presentation, contentOffset: 0),
                                    "seed \(seed) hit at \(p)")
                        }
                    }
                }
            }
        }
    }
}
