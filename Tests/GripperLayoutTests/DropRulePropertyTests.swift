import GripperGeometry
import GripperTesting
import Testing
@testable import GripperLayout
import GripperScripting
@_spi(Benchmarks) import GripperLayout

/// The drop rule's promises (Documentation/Layout.md, "The drop rule") over
/// random heights, widths, columns and finger paths: a finger at rest never
/// moves the gap, a finger moving one way moves the gap one way, tremble does
/// not flip it, and a commit lands where the gap was. Every layout the drop
/// rule serves gets these tests.
@Suite struct DropRulePropertyTests {
    /// A random layout for dragging: one to three sections of mixed columns
    /// and heights (fixed or per item, often very unequal), and a source.
    struct DragScene {
        var layout: GridLayout
        var source: ItemPath
        var columnsAllOne: Bool

        init(seed: UInt64, oneColumn: Bool = false) throws {
            var g = SeededGenerator(seed: seed)
            let columns = oneColumn ? 1 : g.int(1...3)
            let metrics = LayoutMetrics(columns: columns, rowHeight: g.half(20, 90), interItemSpacing: g.half(0, 10),
                                        lineSpacing: g.half(0, 10),
                                        sectionInsets: EdgeInsets(top: g.half(0, 10), left: g.half(0, 10),
                                                                  bottom: g.half(0, 10), right: g.half(0, 10)),
                                        header: g.chance(0.5) ? SupplementaryMetrics(height: g.half(10, 40)) : .none)
            var sections: [SectionContent] = []
            var allOne = columns == 1
            for s in 0..<g.int(1...3) {
                var m = SectionMetrics()
                if !oneColumn && g.chance(0.3) { m.columns = g.int(1...3); allOne = allOne && m.columns == 1 }
                let count = g.int(s == 0 ? 1...25 : 0...25)
                if g.chance(0.7) {
                    // Very unequal heights: short items among tall ones.
                    sections.append(SectionContent(itemHeights: (0..<count).map { _ in
                        g.chance(0.3) ? g.half(120, 300) : g.half(5, 60)
                    }, metrics: m))
                } else {
                    sections.append(SectionContent(count: count, metrics: m))
                }
            }
            layout = try GridLayout(sections: sections, metrics: metrics,
                                    viewport: Size(width: [320, 390, 768][g.int(0...2)], height: 600))
            let s = g.int(0...(sections.count - 1))
            let withItems = sections[s].count > 0 ? s : 0
            source = ItemPath(section: withItems, item: g.int(0...(sections[withItems].count - 1)))
            columnsAllOne = allOne
        }

        func presentation(target: ItemPath, at point: Point) -> LayoutPresentation {
            LayoutPresentation(drag: DragState(source: source, target: target, proxyCenter: point))
        }

        /// Follows `point` from the gap at `target` as the editing machine does.
        func follow(_ target: ItemPath, to point: Point) -> ItemPath {
            layout.dropTarget(at: point, presentation: presentation(target: target, at: point)) ?? target
        }

        /// Position of a target in reading order over all candidate slots.
        func rank(_ t: ItemPath) -> Int {
            var r = 0
            for s in 0..<t.section { r += layout.sections[s].count + (s == source.section ? 0 : 1) }
            return r + t.item
        }
    }

    @Test(arguments: 0..<300)
    func aFingerAtRestNeverMovesTheGap(seed: Int) throws {
        let scene = try DragScene(seed: UInt64(seed) &+ 90_000)
        var g = SeededGenerator(seed: UInt64(seed))
        let height = scene.layout.contentSize.height, width = scene.layout.viewport.width
        var target = scene.source
        var point = scene.layout.attributes(for: scene.source)!.frame.center
        for step in 0..<80 {
            point = Point(x: max(-20, min(width + 20, point.x + g.half(-40, 40))),
                          y: max(-50, min(height + 50, point.y + g.half(-60, 60))))
            target = scene.follow(target, to: point)
            // The same point again, several frames: the gap stays.
            for _ in 0..<3 {
                #expect(scene.follow(target, to: point) == target, "seed \(seed) step \(step) at \(point)")
            }
        }
    }

    @Test(arguments: 0..<300)
    func aFingerMovingOneWayMovesTheGapOneWay(seed: Int) throws {
        let scene = try DragScene(seed: UInt64(seed) &+ 91_000)
        var g = SeededGenerator(seed: UInt64(seed) &+ 7)
        let height = scene.layout.contentSize.height
        let start = scene.layout.attributes(for: scene.source)!.frame.center
        // Straight down then straight up at the source's x, in uneven steps.
        for down in [true, false] {
            var target = scene.source
            var y = start.y, moves = 0
            let startRank = scene.rank(target)
            while down ? y < height + 50 : y > -50 {
                y += (down ? 1 : -1) * g.half(0.5, 30)
                let next = scene.follow(target, to: Point(x: start.x, y: y))
                if next != target {
                    moves += 1
                    #expect(down ? next > target : next < target, "seed \(seed) \(target) -> \(next) at y \(y)")
                }
                target = next
            }
            // At most one move per slot boundary crossed.
            #expect(moves <= abs(scene.rank(target) - startRank), "seed \(seed)")
        }
    }

    /// Why the gap settled at `settled` is wrong for a finger resting at
    /// `p`, or nil: the point rests over a cell — deeper inside it than the
    /// hysteresis and the tremble — and the gap at that cell's slot would
    /// be under the point. (Where no gap would be under the point, as over
    /// the upper part of a tall neighbour of a short dragged item, or over
    /// a header, spacing or the row beside a short gap, the gap may stay.)
    static func restsOverAnotherCell(_ layout: GridLayout, source: ItemPath, settled: ItemPath,
                                     at p: Point) -> String? {
        let drag = DragState(source: source, target: settled, proxyCenter: p)
        guard let (path, frame) = layout.visibleCell(at: p, presentation: LayoutPresentation(drag: drag)) else { return nil }
        let margin = GridLayout.dropHysteresis + 2
        let columns = layout.sections[path.section].metrics.columns
        let deep = p.y > frame.minY + margin && p.y < frame.maxY - margin
            && (columns == 1 || (p.x > frame.minX + margin && p.x < frame.maxX - margin))
        guard deep, let slot = layout.slot(under: p, gapAt: settled, drag: drag) else { return nil }
        let there = layout.attributes(for: ElementID(kind: .placeholder, indexPath: slot),
                                      presentation: LayoutPresentation(drag: drag.moving(to: slot)))?.frame
        guard there?.contains(p) == true else { return nil }
        return "resting at \(p) over \(path) \(frame), whose slot \(slot) would hold it, the gap stays at \(settled)"
    }

    /// A finger comes to rest anywhere and trembles there, ±2 points on
    /// both axes, in random layouts of equal and very unequal heights, one
    /// and several columns: the gap settles — it never goes back to a gap
    /// it left, and once the tremble is over every one of its points
    /// proposes the gap it settled on — and wherever some gap would be
    /// under the resting point, the settled gap is within the hysteresis
    /// (and the tremble) of it.
    @Test(arguments: 0..<300)
    func trembleAtRestSettlesTheGap(seed: Int) throws {
        let scene = try DragScene(seed: UInt64(seed) &+ 92_000, oneColumn: seed % 3 == 0)
        checkTheGapSettles(seed: seed, generator: UInt64(seed) &+ 11, source: scene.source,
                           start: scene.layout.attributes(for: scene.source)!.frame.center,
                           size: Size(width: scene.layout.viewport.width, height: scene.layout.contentSize.height),
                           follow: { scene.follow($0, to: $1) },
                           wrong: { Self.restsOverAnotherCell(scene.layout, source: scene.source, settled: $0, at: $1) })
    }

    /// The case: with rows (and columns) of equal size, a finger
    /// that comes to rest over a cell — its middle, or anywhere more than
    /// the hysteresis and the tremble inside it — brings the gap there,
    /// from any direction, and holds it through ±2 points of tremble. The
    /// cell is taken as it is with the gap there (a gap moving into another
    /// section moves the sections after it by a row). The rule this
    /// replaced kept the gap a slot short until the point passed the
    /// cell's centre.
    @Test(arguments: 0..<200)
    func aFingerAtRestOverACellBringsTheGapThere(seed: Int) throws {
        var g = SeededGenerator(seed: UInt64(seed) &+ 95_000)
        let columns = seed % 2 == 0 ? 1 : g.int(2...4)
        let metrics = LayoutMetrics(columns: columns, rowHeight: g.half(20, 90), interItemSpacing: g.half(0, 10),
                                    lineSpacing: g.half(0, 10),
                                    header: g.chance(0.5) ? SupplementaryMetrics(height: g.half(10, 40)) : .none)
        let sections = (0..<g.int(1...3)).map { s in SectionContent(count: g.int(s == 0 ? 2...30 : 0...30)) }
        let layout = try GridLayout(sections: sections, metrics: metrics, viewport: Size(width: 390, height: 600))
        let source = ItemPath(section: 0, item: g.int(0...(sections[0].count - 1)))
        func presentation(_ t: ItemPath, _ p: Point) -> LayoutPresentation {
            LayoutPresentation(drag: DragState(source: source, target: t, proxyCenter: p))
        }
        func gap(_ t: ItemPath) -> Rect? {
            layout.attributes(for: ElementID(kind: .placeholder, indexPath: t), presentation: presentation(t, .init(x: 0, y: 0)))?.frame
        }
        let slots = (0..<sections.count).flatMap { s in
            (0...(sections[s].count - (s == 0 ? 1 : 0))).map { ItemPath(section: s, item: $0) }
        }
        // In the aimed gap's section the cells stay where they are, so the
        // gap is the aimed one; across sections, the finger rests over no
        // cell whose gap would hold it.
        try checkRestingBringsTheGap(
            seed: seed, generator: &g, source: source, start: layout.attributes(for: source)!.frame.center, slots: slots,
            gap: gap, follow: { t, p in layout.dropTarget(at: p, presentation: presentation(t, p)) ?? t },
            settled: { aim, cell, target, goal in
                let settled = gap(target)
                guard target.section == aim.section, settled?.contains(goal) != true else { return nil }
                return "resting at \(goal) over the gap at \(aim) \(cell), the gap \(target) is at \(String(describing: settled))"
            },
            wrong: { Self.restsOverAnotherCell(layout, source: source, settled: $0, at: $1) })
    }

    @Test(arguments: 0..<200)
    func aCommitLandsWhereTheGapWas(seed: Int) throws {
        let scene = try DragScene(seed: UInt64(seed) &+ 93_000)
        var g = SeededGenerator(seed: UInt64(seed) &+ 13)
        var target = scene.source
        var point = scene.layout.attributes(for: scene.source)!.frame.center
        for _ in 0..<30 {
            point = Point(x: point.x + g.half(-30, 30), y: point.y + g.half(-80, 80))
            target = scene.follow(target, to: point)
        }
        let shown = scene.presentation(target: target, at: point)
        let gap = try #require(scene.layout.attributes(for: ElementID(kind: .placeholder, indexPath: target),
                                                       presentation: shown))
        var after = scene.layout
        try after.moveItem(from: scene.source, to: target)
        #expect(after.attributes(for: target)?.frame == gap.frame, "seed \(seed) \(scene.source) -> \(target)")
    }

    /// A query inside the band the last one kept answers without the rule
    /// (most drag frames): over random grids and finger paths, every answer
    /// is the rule's, asked afresh, and the band is used on most frames.
    @Test(arguments: 0..<200)
    func theKeptBandAnswersAsTheRule(seed: Int) throws {
        let scene = try DragScene(seed: UInt64(seed) &+ 94_000)
        var g = SeededGenerator(seed: UInt64(seed) &+ 13)
        let height = scene.layout.contentSize.height, width = scene.layout.viewport.width
        var target = scene.source
        var point = scene.layout.attributes(for: scene.source)!.frame.center
        var fromBand = 0
        for step in 0..<120 {
            // Mostly small moves, as a finger's frames are; now and then a
            // jump (not at first: the finger starts on the item it holds).
            let jump = step >= 10 && g.chance(0.1)
            point = Point(x: max(-20, min(width + 20, point.x + (jump ? g.half(-80, 80) : g.half(-3, 3)))),
                          y: max(-50, min(height + 50, point.y + (jump ? g.half(-120, 120) : g.half(-4, 4)))))
            let drag = DragState(source: scene.source, target: target, proxyCenter: point)
            if scene.layout.groupCache.dropBand(source: scene.source, target: target)?.contains(point) == true {
                fromBand += 1
            }
            let answer = scene.layout.dropTarget(at: point, presentation: LayoutPresentation(drag: drag))
            let rule = scene.layout.computedDropTarget(at: point, drag: drag, remembering: false)
            #expect(answer == rule, "seed \(seed) step \(step) at \(point) from \(target)")
            target = answer ?? target
        }
        #expect(fromBand > 0, "seed \(seed): the band was never used")
    }

    /// A layout that changed keeps no band of the layout it was: the same
    /// drag and point are answered for the new geometry.
    @Test func aChangedLayoutForgetsTheBand() throws {
        var layout = try GridLayout(sections: [SectionContent(count: 20)], metrics: LayoutMetrics(rowHeight: 50),
                                    viewport: Size(width: 320, height: 600))
        let source = ItemPath(section: 0, item: 0), target = ItemPath(section: 0, item: 5)
        func ask(_ l: GridLayout, _ y: Double) -> ItemPath? {
            l.dropTarget(at: Point(x: 100, y: y), presentation: LayoutPresentation(drag: DragState(
                source: source, target: target, proxyCenter: Point(x: 100, y: y))))
        }
        // With the gap at 5 the gap is 250..<300: a point inside keeps it,
        // and the band is kept.
        #expect(ask(layout, 275) == target)
        #expect(layout.groupCache.dropBand(source: source, target: target)?.contains(Point(x: 100, y: 276)) == true)
        let before = layout
        // Rows twice as tall: 276 is now far above the gap (500..<600).
        try layout.update(metrics: LayoutMetrics(rowHeight: 100))
        #expect(layout.groupCache.dropBand(source: source, target: target) == nil)
        let moved = ask(layout, 276)
        #expect(moved != nil && moved! < target)
        #expect(moved == layout.computedDropTarget(at: Point(x: 100, y: 276), drag: DragState(
            source: source, target: target, proxyCenter: Point(x: 100, y: 276)), remembering: false))
        // The copy from before still has its band and its answer.
        #expect(ask(before, 276) == target)
    }

    /// Points at the edges of `Double` after a band was kept: NaN is in no
    /// band, and infinities and huge values are answered by the rule.
    @Test func pointsAtTheEdgesOfDoubleAreAnsweredByTheRule() throws {
        let layout = try GridLayout(sections: [SectionContent(count: 20), SectionContent(count: 5)],
                                    metrics: LayoutMetrics(columns: 2, rowHeight: 50),
                                    viewport: Size(width: 320, height: 600))
        let source = ItemPath(section: 0, item: 3), target = ItemPath(section: 0, item: 3)
        let centre = layout.attributes(for: source)!.frame.center
        func drag(_ p: Point) -> DragState { DragState(source: source, target: target, proxyCenter: p) }
        #expect(layout.dropTarget(at: centre, presentation: LayoutPresentation(drag: drag(centre))) == target)
        #expect(layout.groupCache.dropBand(source: source, target: target)?.contains(centre) == true)
        let values: [Double] = [.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                                1e300, -1e300, centre.x, centre.y]
        for x in values {
            for y in values {
                let p = Point(x: x, y: y)
                let answer = layout.dropTarget(at: p, presentation: LayoutPresentation(drag: drag(p)))
                #expect(answer == layout.computedDropTarget(at: p, drag: drag(p), remembering: false), "\(p)")
                if x.isNaN || y.isNaN {
                    #expect(layout.groupCache.dropBand(source: source, target: target)?.contains(p) != true)
                }
            }
        }
    }

    /// A 40-point item dragged down past a 200-point one and back. With the
    /// gap at 1 the tall item is over the points above 200, so no gap is
    /// under them; the gap goes down once the gap at 1 would be under the
    /// point (at 200) and back up once the gap at 0 would be (below 40), and
    /// a point between keeps either: the same point proposes the same gap.
    @Test func aShortItemPastATallOne() throws {
        let layout = try GridLayout(sections: [SectionContent(itemHeights: [40, 200, 40])],
                                    metrics: LayoutMetrics(columns: 1), viewport: Size(width: 320, height: 600))
        let source = ItemPath(section: 0, item: 0)
        func follow(_ t: Int, _ y: Double) -> Int? {
            layout.dropTarget(at: Point(x: 100, y: y),
                              presentation: LayoutPresentation(drag: DragState(
                                  source: source, target: ItemPath(section: 0, item: t), proxyCenter: Point(x: 100, y: y))))?.item
        }
        // Gap at 0: the gap is 0..<40, the tall item 40..<240. With the gap at
        // 1 the tall item is 0..<200 and the gap 200..<240.
        #expect(follow(0, 199.999) == 0)
        #expect(follow(0, 200) == 1)
        #expect(follow(1, 40) == 1)          // back up over the tall item: stays …
        #expect(follow(1, 39.999) == 0)      // … until the gap at 0 is under the point.
        // Everywhere between, either gap is kept.
        for y in stride(from: 40.5, to: 200, by: 7.5) {
            #expect(follow(0, y) == 0)
            #expect(follow(1, y) == 1)
        }
    }

    /// The hysteresis by hand, rows of 50 points: the gap at 2 (100..<150)
    /// holds a point up to 4 points past its edges; from 4 points and a
    /// hair beyond, the slot under the point takes it.
    @Test func theGapHoldsFourPointsPastItsEdges() throws {
        let layout = try GridLayout(sections: [SectionContent(count: 8)], metrics: LayoutMetrics(rowHeight: 50),
                                    viewport: Size(width: 320, height: 600))
        func follow(_ y: Double) -> Int? {
            layout.dropTarget(at: Point(x: 100, y: y), presentation: LayoutPresentation(drag: DragState(
                source: ItemPath(section: 0, item: 0), target: ItemPath(section: 0, item: 2),
                proxyCenter: Point(x: 100, y: y))))?.item
        }
        #expect(follow(150 + 4) == 2)
        #expect(follow((150 + 4).nextUp) == 3)
        #expect(follow(175) == 3)            // the middle of the next cell: there
        #expect(follow(100 - 4) == 2)
        #expect(follow((100 - 4).nextDown) == 1)
        #expect(follow(75) == 1)
    }
}
