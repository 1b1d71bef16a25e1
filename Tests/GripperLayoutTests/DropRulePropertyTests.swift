import GripperGeometry
import GripperTesting
import Testing
@testable import GripperLayout

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
        var source: IndexPath
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
            source = IndexPath(section: withItems, item: g.int(0...(sections[withItems].count - 1)))
            columnsAllOne = allOne
        }

        func presentation(target: IndexPath, at point: Point) -> LayoutPresentation {
            LayoutPresentation(drag: DragState(source: source, target: target, proxyCenter: point))
        }

        /// Follows `point` from the gap at `target` as the editing machine does.
        func follow(_ target: IndexPath, to point: Point) -> IndexPath {
            layout.dropTarget(at: point, presentation: presentation(target: target, at: point)) ?? target
        }

        /// Position of a target in reading order over all candidate slots.
        func rank(_ t: IndexPath) -> Int {
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

    /// Sub-millimetre tremble (±0.25 pt) around any point of a one-column
    /// list moves the gap at most once: the hysteresis is at least half the
    /// dragged item.
    @Test(arguments: 0..<300)
    func trembleDoesNotFlipTheGap(seed: Int) throws {
        let scene = try DragScene(seed: UInt64(seed) &+ 92_000, oneColumn: true)
        var g = SeededGenerator(seed: UInt64(seed) &+ 11)
        let height = scene.layout.contentSize.height
        let x = scene.layout.attributes(for: scene.source)!.frame.center.x
        var target = scene.source
        for _ in 0..<40 {
            // Get somewhere, then tremble there.
            let rest = Point(x: x, y: g.half(-20, height + 20))
            target = scene.follow(target, to: rest)
            var seen = [target]
            for _ in 0..<20 {
                let p = Point(x: x + g.half(-0.25, 0.25), y: rest.y + g.half(-0.25, 0.25))
                target = scene.follow(target, to: p)
                if target != seen.last { seen.append(target) }
            }
            #expect(seen.count <= 2, "seed \(seed) tremble at \(rest): \(seen)")
        }
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
        let source = IndexPath(section: 0, item: 0), target = IndexPath(section: 0, item: 5)
        func ask(_ l: GridLayout, _ y: Double) -> IndexPath? {
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
        let source = IndexPath(section: 0, item: 3), target = IndexPath(section: 0, item: 3)
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

    /// The case by hand: a 40-point item dragged down past a
    /// 200-point one and back. The gap moves once each way, at the centre of
    /// the gap it opens, and a point between the two centres keeps either.
    @Test func aShortItemPastATallOne() throws {
        let layout = try GridLayout(sections: [SectionContent(itemHeights: [40, 200, 40])],
                                    metrics: LayoutMetrics(columns: 1), viewport: Size(width: 320, height: 600))
        let source = IndexPath(section: 0, item: 0)
        func follow(_ t: Int, _ y: Double) -> Int? {
            layout.dropTarget(at: Point(x: 100, y: y),
                              presentation: LayoutPresentation(drag: DragState(
                                  source: source, target: IndexPath(section: 0, item: t), proxyCenter: Point(x: 100, y: y))))?.item
        }
        // Gap at 0: the gap is 0..<40, the tall item 40..<240. With the gap at
        // 1 the tall item is 0..<200 and the gap 200..<240 (centre 220).
        #expect(follow(0, 219.999) == 0)
        #expect(follow(0, 220) == 1)
        #expect(follow(1, 20.001) == 1)      // back up over the tall item: stays …
        #expect(follow(1, 20) == 0)          // … until the centre of the gap at 0.
        // Everywhere between, either gap is kept.
        for y in stride(from: 20.5, to: 220, by: 7.5) {
            #expect(follow(0, y) == 0)
            #expect(follow(1, y) == 1)
        }
    }
}
