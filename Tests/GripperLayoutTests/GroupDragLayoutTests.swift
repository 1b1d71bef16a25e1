import GripperGeometry
import GripperTesting
import Testing
@testable import GripperLayout
import GripperScripting
@_spi(Benchmarks) import GripperLayout

/// A multi-item drag as the layouts draw it: every carried item leaves its
/// slot (the items after it close up), one gap opens where the group lands
/// — as tall as the group will be in a one-column grid section, one slot
/// (a stack) in a grid of several columns and in a flow — and the proxy and
/// the gap carry the count. Each check compares with the layout after the
/// group has landed there, built by a plain batch.
@Suite struct GroupDragLayoutTests {
    static let everything = Rect(x: 0, y: -100, width: 400, height: 40_000)

    /// The group's drag presentation: `target` is where it lands (an index
    /// among the items that stay in that section).
    static func group(source: ItemPath, landing: ItemPath, companions: [ItemPath],
                      proxy: Point = Point(x: 100, y: 90)) -> LayoutPresentation {
        LayoutPresentation(drag: DragState(source: source, target: landing, proxyCenter: proxy, companions: companions))
    }

    /// The layout after the group lands: the carried items taken out and
    /// put back at `landing`, in their order, `stand` items of them (all of
    /// them, or 1 for a stack), each `height` tall when given.
    static func landed<L: CollectionLayout>(_ layout: L, carried: [ItemPath], landing: ItemPath, stand: Int,
                                            heights: [Double?]) throws -> L {
        var after = layout
        try after.applyItemChanges(removing: carried, inserting: (0..<stand).map {
            ItemInsertion(ItemPath(section: landing.section, item: landing.item + $0), extent: heights[$0])
        })
        return after
    }

    /// A real index path's path in the landed layout, or nil for a carried item.
    static func landedPath(_ p: ItemPath, carried: [ItemPath], landing: ItemPath, stand: Int) -> ItemPath? {
        guard !carried.contains(p) else { return nil }
        var item = p.item - carried.filter { $0.section == p.section && $0.item < p.item }.count
        if p.section == landing.section && item >= landing.item { item += stand }
        return ItemPath(section: p.section, item: item)
    }

    /// Checks one group drag against the landed layout.
    static func check<L: CollectionLayout>(_ layout: L, source: ItemPath, landing: ItemPath, companions: [ItemPath],
                                           stack: Bool, heights: (ItemPath) -> Double?,
                                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        let carried = (companions + [source]).sorted()
        let stand = stack ? 1 : carried.count
        let p = group(source: source, landing: landing, companions: companions)
        let after = try landed(layout, carried: carried, landing: landing, stand: stand,
                               heights: stack ? [heights(source)] : carried.map(heights))
        let shown = layout.attributes(in: everything, presentation: p, contentOffset: 0)
        let cells = shown.filter { $0.kind == .cell }
        // Every item that stays is drawn once, where it is once the group landed.
        #expect(cells.count == layout.numberOfItems - carried.count, sourceLocation: sourceLocation)
        for a in cells {
            let path = try #require(a.indexPath)
            #expect(!carried.contains(path), "\(path) is carried", sourceLocation: sourceLocation)
            let at = try #require(landedPath(path, carried: carried, landing: landing, stand: stand))
            #expect(a.frame == after.attributes(for: at)?.frame, "\(path)", sourceLocation: sourceLocation)
            #expect(layout.attributes(for: path, presentation: p)?.frame == a.frame, sourceLocation: sourceLocation)
            #expect(layout.hitTest(a.frame.center, presentation: p, contentOffset: 0) == .cell(path),
                    sourceLocation: sourceLocation)
            #expect(layout.visibleCell(at: a.frame.center, presentation: p)?.indexPath == path,
                    sourceLocation: sourceLocation)
        }
        // One gap: the frames the group takes once landed.
        let gaps = shown.filter { $0.kind == .placeholder }
        #expect(gaps.count == 1, sourceLocation: sourceLocation)
        let landedFrames = (0..<stand).compactMap {
            after.attributes(for: ItemPath(section: landing.section, item: landing.item + $0))?.frame
        }
        let union = landedFrames.dropFirst().reduce(landedFrames.first!) { a, b in
            Rect(x: min(a.minX, b.minX), y: min(a.minY, b.minY),
                 width: max(a.maxX, b.maxX) - min(a.minX, b.minX), height: max(a.maxY, b.maxY) - min(a.minY, b.minY))
        }
        #expect(gaps.first?.frame == union, sourceLocation: sourceLocation)
        #expect(gaps.first?.indexPath == landing, sourceLocation: sourceLocation)
        #expect(gaps.first?.dragItemCount == carried.count, sourceLocation: sourceLocation)
        #expect(layout.attributes(for: ElementID(kind: .placeholder, indexPath: landing), presentation: p,
                                  contentOffset: 0)?.frame == union, sourceLocation: sourceLocation)
        // One proxy, the grabbed item's size, with the count.
        let proxies = shown.filter { $0.kind == .dragProxy }
        let size = try #require(layout.attributes(for: source)?.frame.size)
        #expect(proxies.count == 1 && proxies.first?.indexPath == source, sourceLocation: sourceLocation)
        #expect(proxies.first?.frame.size == size && proxies.first?.frame.center == Point(x: 100, y: 90),
                sourceLocation: sourceLocation)
        #expect(proxies.first?.dragItemCount == carried.count, sourceLocation: sourceLocation)
        // The carried items answer hidden: the grabbed one at the gap, the others under the proxy.
        let grabbed = layout.attributes(for: source, presentation: p)
        #expect(grabbed?.isHidden == true && grabbed?.frame == union, sourceLocation: sourceLocation)
        for c in companions {
            let a = layout.attributes(for: c, presentation: p)
            #expect(a?.isHidden == true && a?.alpha == 0 && a?.frame.center == Point(x: 100, y: 90),
                    sourceLocation: sourceLocation)
            #expect(a?.indexPath == c, sourceLocation: sourceLocation)
        }
        // The content is as long as once landed.
        #expect(layout.contentSize(for: p).height == after.contentSize.height, sourceLocation: sourceLocation)
        // The gap stays under the proxy's centre: the drop rule proposes it again.
        if let centre = gaps.first?.frame.center {
            var over = p
            over.drag?.proxyCenter = centre
            #expect(layout.dropTarget(at: centre, presentation: over) == landing, sourceLocation: sourceLocation)
        }
    }

    static let fixedColumn = LayoutMetrics(rowHeight: 40, lineSpacing: 4)

    @Test func aColumnOfFixedRowsOpensAGapAsTallAsTheGroup() throws {
        let list = try GridLayout(sections: [SectionContent(count: 9), SectionContent(count: 7)],
                                  metrics: Self.fixedColumn, viewport: Size(width: 400, height: 600))
        let companions = [ItemPath(section: 0, item: 1), ItemPath(section: 0, item: 8), ItemPath(section: 1, item: 5)]
        for landing in [ItemPath(section: 1, item: 2), ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 6),
                        ItemPath(section: 1, item: 5), ItemPath(section: 0, item: 3)] {
            try Self.check(list, source: ItemPath(section: 0, item: 4), landing: landing, companions: companions,
                           stack: false, heights: { _ in nil })
        }
        // The grabbed item in the last section (where the layout keeps its stand-in).
        try Self.check(list, source: ItemPath(section: 1, item: 6), landing: ItemPath(section: 1, item: 0),
                       companions: [ItemPath(section: 0, item: 0), ItemPath(section: 1, item: 3)],
                       stack: false, heights: { _ in nil })
    }

    @Test func aColumnOfItemHeightsOpensAGapOfTheGroupsHeights() throws {
        let heights = (0..<12).map { Double(20 + ($0 * 7) % 30) }
        let list = try GridLayout(sections: [SectionContent(itemHeights: heights), SectionContent(itemHeights: heights)],
                                  metrics: LayoutMetrics(rowHeight: 40, lineSpacing: 3),
                                  viewport: Size(width: 400, height: 600))
        let companions = [ItemPath(section: 0, item: 5), ItemPath(section: 1, item: 11)]
        for landing in [ItemPath(section: 0, item: 7), ItemPath(section: 1, item: 0), ItemPath(section: 1, item: 10),
                        ItemPath(section: 0, item: 0)] {
            try Self.check(list, source: ItemPath(section: 0, item: 2), landing: landing, companions: companions,
                           stack: false, heights: { list.height(of: $0) })
        }
    }

    @Test func aGridOfSeveralColumnsOpensOneSlotForTheStack() throws {
        let grid = try GridLayout(sections: [SectionContent(count: 9), SectionContent(count: 7)],
                                  metrics: LayoutMetrics(columns: 3, rowHeight: 40), viewport: Size(width: 400, height: 600))
        try Self.check(grid, source: ItemPath(section: 0, item: 4), landing: ItemPath(section: 1, item: 2),
                       companions: [ItemPath(section: 0, item: 1), ItemPath(section: 0, item: 8),
                                    ItemPath(section: 1, item: 5)],
                       stack: true, heights: { _ in nil })
        try Self.check(grid, source: ItemPath(section: 1, item: 0), landing: ItemPath(section: 1, item: 5),
                       companions: [ItemPath(section: 0, item: 0), ItemPath(section: 1, item: 3)],
                       stack: true, heights: { _ in nil })
    }

    @Test func aFlowOpensOneSlotForTheStack() throws {
        let sizes = (0..<14).map { Size(width: Double(60 + ($0 * 37) % 90), height: 30) }
        let flow = try FlowLayout(sections: [SectionContent(itemSizes: sizes), SectionContent(itemSizes: sizes)],
                                  metrics: LayoutMetrics(rowHeight: 30), viewport: Size(width: 400, height: 600))
        let source = ItemPath(section: 0, item: 3)
        let companions = [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 10), ItemPath(section: 1, item: 4)]
        let carried = (companions + [source]).sorted()
        let landing = ItemPath(section: 1, item: 4)
        let p = Self.group(source: source, landing: landing, companions: companions)
        // The landed flow: the stack stands in as one item of the grabbed item's size.
        var after = flow
        try after.applyItemChanges(removing: carried, inserting: [
            ItemInsertion(landing, extent: sizes[3].height, crossExtent: sizes[3].width),
        ])
        let shown = flow.attributes(in: Self.everything, presentation: p, contentOffset: 0)
        for a in shown where a.kind == .cell {
            let path = try #require(a.indexPath)
            let at = try #require(Self.landedPath(path, carried: carried, landing: landing, stand: 1))
            #expect(a.frame == after.attributes(for: at)?.frame, "\(path)")
            #expect(flow.hitTest(a.frame.center, presentation: p) == .cell(path))
        }
        #expect(shown.filter { $0.kind == .cell }.count == 28 - 4)
        #expect(shown.filter { $0.kind == .placeholder }.map(\.frame) == [after.attributes(for: landing)!.frame])
        #expect(shown.filter { $0.kind == .placeholder }.map(\.dragItemCount) == [4])
        #expect(shown.filter { $0.kind == .dragProxy }.map(\.dragItemCount) == [4])
        for c in carried { #expect(flow.attributes(for: c, presentation: p)?.isHidden == true) }
    }

    /// The drop rule under a group names landings: indices among the items
    /// that stay, never past them, and the same point proposes the same
    /// landing again once the gap is there.
    @Test func theDropRuleNamesLandingsAndHoldsStill() throws {
        let heights = (0..<30).map { Double(24 + ($0 * 11) % 37) }
        let layouts: [any CollectionLayout] = [
            try GridLayout(sections: [SectionContent(count: 20), SectionContent(count: 15)], metrics: Self.fixedColumn,
                           viewport: Size(width: 400, height: 600)),
            try GridLayout(sections: [SectionContent(itemHeights: heights), SectionContent(itemHeights: heights)],
                           metrics: LayoutMetrics(rowHeight: 40, lineSpacing: 2), viewport: Size(width: 400, height: 600)),
            try GridLayout(sections: [SectionContent(count: 20), SectionContent(count: 15)],
                           metrics: LayoutMetrics(columns: 4, rowHeight: 40), viewport: Size(width: 400, height: 600)),
        ]
        let source = ItemPath(section: 0, item: 5)
        let companions = [ItemPath(section: 0, item: 2), ItemPath(section: 0, item: 9), ItemPath(section: 1, item: 1)]
        for layout in layouts {
            var landing = ItemPath(section: 0, item: 2)
            for step in 0..<120 {
                let y = Double(step) * 23.0 - 40
                let point = Point(x: Double(40 + (step * 53) % 320), y: y)
                let p = Self.group(source: source, landing: landing, companions: companions, proxy: point)
                let next = try #require(layout.dropTarget(at: point, presentation: p))
                let staying = layout.numberOfItems(inSection: next.section)
                    - (companions + [source]).filter { $0.section == next.section }.count
                #expect(next.item >= 0 && next.item <= staying, "\(next) at \(point)")
                let again = Self.group(source: source, landing: next, companions: companions, proxy: point)
                #expect(layout.dropTarget(at: point, presentation: again) == next, "\(next) at \(point)")
                landing = next
            }
        }
    }

    /// The derived layout is kept while the layout and the group stay, and
    /// never outlives a change to the layout.
    @Test func aChangedLayoutIsNeverAnsweredFromTheOldOne() throws {
        var list = try GridLayout(sections: [SectionContent(count: 9), SectionContent(count: 7)],
                                  metrics: Self.fixedColumn, viewport: Size(width: 400, height: 600))
        let companions = [ItemPath(section: 0, item: 1)]
        let source = ItemPath(section: 0, item: 4)
        let landing = ItemPath(section: 1, item: 2)
        let p = Self.group(source: source, landing: landing, companions: companions)
        let before = list.contentSize(for: p).height
        let copy = list
        try list.applyItemChanges(removing: [], inserting: [(ItemPath(section: 1, item: 0), nil)])
        #expect(list.contentSize(for: p).height == before + 44)
        #expect(copy.contentSize(for: p).height == before)
        _ = try list.setExtent(100, of: ItemPath(section: 1, item: 0))
        #expect(list.contentSize(for: p).height == before + 104)
        try Self.check(list, source: source, landing: landing, companions: companions, stack: false,
                       heights: { list.height(of: $0) })
    }

    /// A group that names an item the layout does not have is ignored, as
    /// an impossible one-item drag is: the layout answers as at rest.
    @Test func anImpossibleGroupIsIgnored() throws {
        let list = try GridLayout(sections: [SectionContent(count: 5)], metrics: Self.fixedColumn,
                                  viewport: Size(width: 400, height: 600))
        for companions in [[ItemPath(section: 0, item: 9)], [ItemPath(section: 3, item: 0)],
                           [ItemPath(section: 0, item: 1), ItemPath(section: 0, item: 1)],
                           [ItemPath(section: Int.max, item: Int.max)], [ItemPath(section: 0, item: Int.min)],
                           [ItemPath(section: Int.min, item: 0), ItemPath(section: 0, item: 2)]] {
            let p = Self.group(source: ItemPath(section: 0, item: 0), landing: ItemPath(section: 0, item: 1),
                               companions: companions)
            #expect(list.attributes(in: Self.everything, presentation: p, contentOffset: 0).map(\.frame)
                    == list.attributes(in: Self.everything, presentation: .resting, contentOffset: 0).map(\.frame))
            #expect(list.dropTarget(at: Point(x: 10, y: 10), presentation: p) == nil)
        }
    }

    @Test func pathsMapBothWaysAroundTheCarriedItems() throws {
        let list = try GridLayout(sections: [SectionContent(count: 6), SectionContent(count: 5), SectionContent(count: 4)],
                                  metrics: Self.fixedColumn, viewport: Size(width: 400, height: 600))
        let drag = DragState(source: ItemPath(section: 1, item: 2), target: ItemPath(section: 0, item: 0), proxyCenter: .zero,
                             companions: [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 3),
                                          ItemPath(section: 2, item: 3)])
        let g = try #require(GroupedDrag(list, drag: drag))
        #expect(g.phantom == ItemPath(section: 2, item: 3))
        var seen = Set<ItemPath>()
        for s in 0..<3 {
            for i in 0..<list.numberOfItems(inSection: s) {
                let p = ItemPath(section: s, item: i)
                guard let d = g.toDerived(p) else {
                    #expect(g.isCarried(p))
                    continue
                }
                #expect(!g.isCarried(p))
                #expect(g.toReal(d) == p)
                #expect(seen.insert(d).inserted)
            }
        }
        #expect(seen.count == 15 - 4)
        #expect(g.toReal(g.phantom) == drag.source)
        #expect(g.gap.count == 4 && g.gap.heightSum == 160)
    }

    /// The lift gathers the companions into the proxy and closes the list
    /// up; the drop lands every carried item exactly where the gap was.
    @Test func theTransitionsGatherTheGroupAndLandItInTheGap() throws {
        var list = try GridLayout(sections: [SectionContent(count: 10)], metrics: Self.fixedColumn,
                                  viewport: Size(width: 400, height: 600))
        func p(_ i: Int) -> ItemPath { ItemPath(section: 0, item: i) }
        let proxy = Point(x: 200, y: 2 * 44 + 20)
        let lifted = Self.group(source: p(2), landing: p(1), companions: [p(5), p(7)], proxy: proxy)
        let lift = LayoutTransition(from: LayoutState(layout: list), to: LayoutState(layout: list, presentation: lifted))
        // The companions go into the proxy and fade; the grabbed item fades at the gap.
        for c in [p(5), p(7)] {
            let change = try #require(lift.moving.first { $0.initial.id == .cell(c) })
            #expect(!change.initial.isHidden && change.final.isHidden && change.final.alpha == 0)
            #expect(change.final.frame.center == proxy)
        }
        let grabbed = try #require(lift.moving.first { $0.initial.id == .cell(p(2)) })
        #expect(grabbed.final.isHidden && grabbed.final.frame
                == list.attributes(for: ElementID(kind: .placeholder, indexPath: p(1)), presentation: lifted)?.frame)
        #expect(lift.appearing.map(\.final.kind) == [.placeholder, .dragProxy])
        // Rows of 44 points (40 and 4 of spacing): a6 had two carried items
        // before it and now has the three rows of gap, so it moves one row
        // down; after the last companion the items stay (three rows out,
        // three of gap).
        let six = try #require(lift.moving.first { $0.final.id == .cell(p(6)) })
        #expect(six.initial.frame.minY == 6 * 44 && six.final.frame.minY == 7 * 44)
        #expect(!lift.moving.contains { $0.final.id == .cell(p(8)) })
        let eight = try #require(list.attributes(for: p(8), presentation: lifted))
        #expect(eight.frame.minY == 8 * 44)
        // Drop at landing 1: one batch moves the three there.
        let gap = try #require(list.attributes(for: ElementID(kind: .placeholder, indexPath: p(1)), presentation: lifted))
        let moves: [ItemPathMapping.Edit] = [.moveItem(from: p(2), to: p(1)), .moveItem(from: p(5), to: p(2)),
                                                   .moveItem(from: p(7), to: p(3))]
        let before = LayoutState(layout: list, presentation: lifted)
        try list.applyItemChanges(removing: [p(2), p(5), p(7)], inserting: [(p(1), nil), (p(2), nil), (p(3), nil)])
        let drop = LayoutTransition(from: before, to: LayoutState(layout: list), mapping: ItemPathMapping(moves))
        let landed = [p(1), p(2), p(3)].compactMap { q in
            (drop.appearing + drop.moving).first { $0.final.id == .cell(q) }?.final.frame
        }
        #expect(landed.count == 3)
        #expect(landed.first?.minY == gap.frame.minY && landed.last?.maxY == gap.frame.maxY)
    }

    /// Random layouts (fixed rows, per-item heights, one to three columns,
    /// flows; headers, spacing), random groups and random landings: every
    /// item that stays is drawn exactly once and hit where it is drawn, no
    /// carried item is drawn or hit, there is one gap and one proxy with the
    /// count, the drop rule names a landing in range that the same point
    /// proposes again, and with one column the gap is the landed group's
    /// frames. Seeded: a failure names its seed.
    @Test(arguments: 0..<200)
    func randomGroupsKeepEveryItemOnce(seed: Int) throws {
        var g = SeededGenerator(seed: UInt64(seed) &* 0x9E37_79B9 &+ 11)
        let sectionCount = g.int(1...4)
        let flow = g.chance(0.25)
        let columns = flow ? 1 : g.int(1...3)
        let perItem = !flow && g.chance(0.5)
        var metrics = LayoutMetrics(columns: columns, rowHeight: Double(g.int(20...60)),
                                    lineSpacing: Double(g.int(0...6)))
        if g.chance(0.5) { metrics.header = SupplementaryMetrics(height: Double(g.int(10...30))) }
        let contents: [SectionContent] = (0..<sectionCount).map { _ in
            let n = g.int(0...12)
            if flow {
                return SectionContent(itemSizes: (0..<n).map { _ in Size(width: Double(g.int(40...180)), height: 30) })
            }
            return perItem ? SectionContent(itemHeights: (0..<n).map { _ in Double(g.int(16...70)) }) : SectionContent(count: n)
        }
        let viewport = Size(width: 400, height: 600)
        let layout: any CollectionLayout = flow
            ? try FlowLayout(sections: contents, metrics: metrics, viewport: viewport)
            : try GridLayout(sections: contents, metrics: metrics, viewport: viewport)
        let all = (0..<sectionCount).flatMap { s in (0..<layout.numberOfItems(inSection: s)).map { ItemPath(section: s, item: $0) } }
        guard all.count >= 2 else { return }
        let carried = all.shuffled(using: &g).prefix(g.int(2...min(6, all.count))).sorted()
        let source = carried[g.int(0...(carried.count - 1))]
        let companions = carried.filter { $0 != source }
        let landingSection = g.int(0...(sectionCount - 1))
        let staying = layout.numberOfItems(inSection: landingSection) - carried.filter { $0.section == landingSection }.count
        let landing = ItemPath(section: landingSection, item: g.int(0...staying))
        let p = Self.group(source: source, landing: landing, companions: companions, proxy: Point(x: 150, y: 200))
        let shown = layout.attributes(in: Self.everything, presentation: p, contentOffset: 0)
        let cells = shown.filter { $0.kind == .cell }
        let drawn = cells.compactMap(\.indexPath)
        #expect(Set(drawn).count == drawn.count, "seed \(seed): an item drawn twice")
        #expect(Set(drawn) == Set(all).subtracting(carried), "seed \(seed)")
        for a in cells where a.frame.width > 0 && a.frame.height > 0 {
            let path = try #require(a.indexPath)
            #expect(layout.hitTest(a.frame.center, presentation: p, contentOffset: 0) == .cell(path), "seed \(seed) \(path)")
        }
        #expect(shown.filter { $0.kind == .placeholder }.map(\.dragItemCount) == [carried.count], "seed \(seed)")
        #expect(shown.filter { $0.kind == .dragProxy }.map(\.dragItemCount) == [carried.count], "seed \(seed)")
        for c in carried { #expect(layout.attributes(for: c, presentation: p)?.isHidden == true, "seed \(seed) \(c)") }
        if !flow && columns == 1 {
            try Self.check(layout as! GridLayout, source: source, landing: landing, companions: companions, stack: false,
                           heights: { (layout as! GridLayout).height(of: $0) })
        }
        for _ in 0..<10 {
            let point = Point(x: Double(g.int(0...400)), y: Double(g.int(-50...1_200)))
            var at = p
            at.drag?.proxyCenter = point
            guard let next = layout.dropTarget(at: point, presentation: at) else {
                Issue.record("seed \(seed): no drop target at \(point)")
                continue
            }
            let room = layout.numberOfItems(inSection: next.section) - carried.filter { $0.section == next.section }.count
            #expect(next.item >= 0 && next.item <= room, "seed \(seed): \(next) at \(point)")
            at.drag?.target = next
            #expect(layout.dropTarget(at: point, presentation: at) == next, "seed \(seed): \(next) at \(point)")
        }
    }

    /// Edge values: landings and points at the ends of Int and Double, and
    /// lengths at the layout's limit (heights whose sum would not be
    /// finite are refused: see LayoutLimitTests), answer without a trap.
    @Test func edgeValuesNeverTrap() throws {
        let huge = GridLayout.maximumLength
        let layouts: [any CollectionLayout] = [
            try GridLayout(sections: [SectionContent(itemHeights: [huge, huge, huge, 10]), SectionContent(count: 3)],
                           metrics: LayoutMetrics(rowHeight: 40), viewport: Size(width: 400, height: 600)),
            try GridLayout(sections: [SectionContent(count: 5), SectionContent(count: 3)],
                           metrics: LayoutMetrics(rowHeight: huge, lineSpacing: huge), viewport: Size(width: 400, height: 600)),
        ]
        let ip = { (s: Int, i: Int) in ItemPath(section: s, item: i) }
        for layout in layouts {
            for landing in [ip(0, 0), ip(1, 3), ip(0, Int.max), ip(Int.max, 0), ip(0, Int.min), ip(-1, -1)] {
                for point in [Point(x: 10, y: 10), Point(x: 0, y: huge), Point(x: -huge, y: .infinity),
                              Point(x: .nan, y: .nan), Point(x: 200, y: -.greatestFiniteMagnitude)] {
                    let p = Self.group(source: ip(0, 1), landing: landing, companions: [ip(0, 2), ip(1, 0)], proxy: point)
                    _ = layout.attributes(in: Rect(x: 0, y: 0, width: 400, height: huge), presentation: p, contentOffset: 0)
                    _ = layout.attributes(in: Rect(x: 0, y: huge, width: 400, height: 600), presentation: p, contentOffset: huge)
                    _ = layout.hitTest(point, presentation: p, contentOffset: 0)
                    _ = layout.visibleCell(at: point, presentation: p)
                    _ = layout.contentSize(for: p)
                    if let next = layout.dropTarget(at: point, presentation: p) {
                        let staying = layout.numberOfItems(inSection: next.section) - (next.section == 0 ? 2 : 1)
                        #expect(next.item >= 0 && next.item <= staying, "\(next) at \(point)")
                    }
                    for c in [ip(0, 1), ip(0, 2), ip(0, 3), ip(Int.max, Int.max)] { _ = layout.attributes(for: c, presentation: p) }
                    _ = layout.attributes(for: ElementID(kind: .placeholder, indexPath: landing), presentation: p, contentOffset: 0)
                }
            }
        }
    }
}
