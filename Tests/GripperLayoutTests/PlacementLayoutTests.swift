import GripperGeometry
import GripperScripting
import GripperTesting
import Testing
@testable @_spi(Benchmarks) import GripperLayout

/// `PlacementLayout`, the skeleton an app's own layout is written on: its
/// answers checked against brute force over the placement's frames, the
/// drop rule's promises under tremble, drags across sections and of
/// several items, and placements that answer badly.
@Suite struct PlacementLayoutTests {
    /// Rows of `columns` equal tiles, with a narrow `slots(intersecting:)`.
    struct Tiles: ItemPlacement {
        var columns = 3
        var height = 60.0
        var spacing = 6.0
        func extent(ofSlots count: Int, width: Double) -> Double {
            let rows = (count + columns - 1) / columns
            return Double(rows) * height + Double(max(0, rows - 1)) * spacing
        }
        func frame(ofSlot slot: Int, count: Int, width: Double) -> Rect {
            let w = (width - Double(columns - 1) * spacing) / Double(columns)
            return Rect(x: Double(slot % columns) * (w + spacing), y: Double(slot / columns) * (height + spacing),
                        width: w, height: height)
        }
        func slots(intersecting rect: Rect, count: Int, width: Double) -> Range<Int> {
            let stride = height + spacing
            let first = Int(max(0, min(rect.minY / stride, 1e12)).rounded(.down))
            let last = Int(max(0, min(rect.maxY / stride, 1e12)).rounded(.down))
            return min(count, first * columns)..<min(count, (last + 1) * columns)
        }
    }

    /// Tiles on a ring whose radius and angles depend on the count: a
    /// placement whose slots move when a drag enters or leaves the section.
    struct Ring: ItemPlacement {
        func extent(ofSlots count: Int, width: Double) -> Double { count == 0 ? 0 : width }
        func frame(ofSlot slot: Int, count: Int, width: Double) -> Rect {
            let tile = width / 6, r = (width - tile) / 2
            let a = 2 * Double.pi * Double(slot) / Double(max(1, count))
            // A polynomial stand-in for the circle (no Foundation here): a
            // diamond traced by the angle, enough to move every slot with the count.
            let t = a / (2 * Double.pi) * 4
            let (x, y): (Double, Double) = t < 1 ? (t, 1 - t) : t < 2 ? (2 - t, 1 - t) : t < 3 ? (2 - t, t - 3) : (t - 4, t - 3)
            return Rect(x: width / 2 + r * x - tile / 2, y: width / 2 - r * y - tile / 2, width: tile, height: tile)
        }
    }

    static let metrics = LayoutMetrics(sectionInsets: EdgeInsets(top: 8, left: 10, bottom: 8, right: 10),
                                       header: SupplementaryMetrics(height: 24), footer: SupplementaryMetrics(height: 12),
                                       globalHeaderHeight: 20)

    static func layout<P: ItemPlacement>(_ p: P, _ counts: [Int], metrics: LayoutMetrics = metrics,
                                         width: Double = 360) throws -> PlacementLayout {
        try PlacementLayout(placement: p, sections: counts.map { SectionContent(count: $0) }, metrics: metrics,
                            viewport: Size(width: width, height: 600))
    }

    /// Every cell and gap of `layout` under `presentation`, by brute force:
    /// every slot of every section asked of the placement.
    static func everything(_ layout: PlacementLayout, _ presentation: LayoutPresentation) -> [LayoutAttributes] {
        let all = Rect(x: -1e6, y: -1e6, width: 4e6, height: 4e6)
        return layout.attributes(in: all, presentation: presentation).filter { $0.kind == .cell || $0.kind == .placeholder }
    }

    @Test func theSectionStackAndTheSlotsAreWhereThePlacementSaysAtRest() throws {
        let layout = try Self.layout(Tiles(), [7, 0, 3])
        #expect(layout._checkInvariants().isEmpty)
        // Section 0: global header 20, header 24, inset 8: items from 52, three rows of 60 and two spacings.
        let first = try #require(layout.attributes(for: ItemPath(section: 0, item: 4)))
        #expect(first.frame == Tiles().frame(ofSlot: 4, count: 7, width: 340).offsetBy(Point(x: 10, y: 52)))
        #expect(first.frame.minY == 52 + 66)
        // An empty section keeps its header, insets and footer.
        #expect(layout.sectionHeights[1] == 24 + 8 + 8 + 12)
        let sections: [Double] = [24 + 8 + 192 + 8 + 12, 52, 24 + 8 + 60 + 8 + 12]
        #expect(layout.contentSize.height == 20 + sections.reduce(0, +))
        let header = try #require(layout.attributes(for: ElementID(kind: .header, indexPath: ItemPath(section: 2, item: 0)),
                                                    presentation: .resting, contentOffset: 0))
        #expect(header.frame.minY == layout.sectionTops[2])
        // The hit test finds each cell at its centre, and nothing in the spacing between tiles.
        for s in 0..<3 {
            for i in 0..<layout.numberOfItems(inSection: s) {
                let p = ItemPath(section: s, item: i)
                let f = try #require(layout.attributes(for: p)).frame
                #expect(layout.hitTest(f.center) == .cell(p))
            }
        }
        let w = (340 - 12) / 3.0
        #expect(layout.hitTest(Point(x: 10 + w + 3, y: 60)) == nil)
    }

    @Test func rectQueriesAnswerWhatBruteForceFindsUnderRandomDrags() throws {
        for seed in 0..<60 {
            var g = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 11)
            let counts = (0..<g.int(1...4)).map { _ in g.int(0...40) }
            guard let s = counts.indices.filter({ counts[$0] > 0 }).randomElement(using: &g) else { continue }
            let layout = try Self.layout(Tiles(columns: g.int(1...5)), counts)
            let source = ItemPath(section: s, item: g.int(0...(counts[s] - 1)))
            let t = g.int(0...(counts.count - 1))
            let target = ItemPath(section: t, item: g.int(0...(t == s ? counts[s] - 1 : counts[t])))
            let presentation = LayoutPresentation(drag: DragState(source: source, target: target,
                                                                  proxyCenter: Point(x: 100, y: 100)))
            let all = Self.everything(layout, presentation)
            // Every item once (the source hidden, so not among them) and one gap.
            let items = all.compactMap { $0.kind == .cell ? $0.indexPath : nil }
            #expect(Set(items).count == items.count && items.count == counts.reduce(0, +) - 1, "seed \(seed)")
            #expect(all.filter { $0.kind == .placeholder }.map(\.indexPath) == [target], "seed \(seed)")
            // A window's query finds exactly the elements of the brute force that meet it.
            for _ in 0..<5 {
                let window = Rect(x: 0, y: g.half(-50, layout.contentSize(for: presentation).height), width: 360,
                                  height: g.half(1, 300))
                let found = layout.attributes(in: window, presentation: presentation)
                    .filter { $0.kind == .cell || $0.kind == .placeholder }
                #expect(found == all.filter { $0.frame.intersects(window) }, "seed \(seed) \(window)")
            }
            // One element's answer is the walk's.
            for a in all where a.kind == .cell {
                #expect(layout.attributes(for: a.indexPath!, presentation: presentation) == a, "seed \(seed)")
            }
            #expect(layout.attributes(for: source, presentation: presentation)?.isHidden == true)
            let gap = try #require(layout.attributes(for: ElementID(kind: .placeholder, indexPath: target),
                                                     presentation: presentation, contentOffset: 0))
            #expect(layout.attributes(for: source, presentation: presentation)?.frame == gap.frame)
        }
    }

    @Test func theGapSettlesUnderTrembleInEveryPlacement() throws {
        for seed in 0..<24 {
            var g = SeededGenerator(seed: UInt64(seed) &+ 404)
            let counts = (0..<g.int(1...3)).map { k in g.int(k == 0 ? 2...24 : 0...24) }
            let ring = seed % 2 == 1
            let source = ItemPath(section: 0, item: g.int(0...(counts[0] - 1)))
            func check(_ layout: PlacementLayout) throws {
                func presentation(_ target: ItemPath, _ p: Point) -> LayoutPresentation {
                    LayoutPresentation(drag: DragState(source: source, target: target, proxyCenter: p))
                }
                let follow = { (target: ItemPath, p: Point) in
                    layout.dropTarget(at: p, presentation: presentation(target, p)) ?? target
                }
                let start = try #require(layout.attributes(for: source)).frame.center
                checkTheGapSettles(seed: seed, generator: UInt64(seed) &* 31 &+ 5, source: source, start: start,
                                   size: layout.contentSize, follow: follow) { target, p in
                    // Where the point rests over a shown cell of the gap's own
                    // section, beyond the gap's hold, the gap is there.
                    let gap = layout.attributes(for: ElementID(kind: .placeholder, indexPath: target),
                                                presentation: presentation(target, p), contentOffset: 0)?.frame
                    let h = GridLayout.dropHysteresis + 0.01
                    if let gap, p.x >= gap.minX - h, p.x <= gap.maxX + h, p.y >= gap.minY - h, p.y <= gap.maxY + h {
                        return nil
                    }
                    let shown = layout.hitTest(p, presentation: presentation(target, p))
                    guard case .cell(let under) = shown, under.section == target.section,
                          under != source else { return nil }
                    return "the point rests over \(under) with the gap at \(target)"
                }
            }
            if ring { try check(try Self.layout(Ring(), counts)) } else { try check(try Self.layout(Tiles(), counts)) }
        }
    }

    @Test func aFingerAtRestOverASlotBringsTheGapThere() throws {
        for seed in 0..<30 {
            var g = SeededGenerator(seed: UInt64(seed) &+ 900)
            let count = g.int(2...40)
            let layout = try Self.layout(Tiles(columns: g.int(1...4), height: g.half(30, 90), spacing: g.half(0, 12)), [count])
            let source = ItemPath(section: 0, item: g.int(0...(count - 1)))
            func presentation(_ target: ItemPath, _ p: Point) -> LayoutPresentation {
                LayoutPresentation(drag: DragState(source: source, target: target, proxyCenter: p))
            }
            try checkRestingBringsTheGap(
                seed: seed, generator: &g, source: source,
                start: try #require(layout.attributes(for: source)).frame.center,
                slots: (0..<count).map { ItemPath(section: 0, item: $0) },
                gap: { layout.attributes(for: ElementID(kind: .placeholder, indexPath: $0),
                                         presentation: presentation($0, .init(x: 0, y: 0)), contentOffset: 0)?.frame },
                follow: { layout.dropTarget(at: $1, presentation: presentation($0, $1)) ?? $0 },
                settled: { aim, cell, target, goal in
                    target == aim ? nil : "resting at \(goal) over the gap at \(aim) \(cell), the gap is at \(target)"
                },
                wrong: { _, _ in nil })
        }
    }

    @Test func aDragAcrossSectionsOpensTheGapThereAndTheSameProxyKeepsIt() throws {
        let layout = try Self.layout(Ring(), [5, 3])
        let source = ItemPath(section: 0, item: 1)
        let resting = LayoutPresentation(drag: DragState(source: source, target: source, proxyCenter: .init(x: 0, y: 0)))
        // The second ring's slot 1 at rest: aim there, and the gap comes to that section.
        let aim = try #require(layout.attributes(for: ItemPath(section: 1, item: 1), presentation: resting)).frame.center
        var presentation = resting
        presentation.drag?.proxyCenter = aim
        let target = try #require(layout.dropTarget(at: aim, presentation: presentation))
        #expect(target.section == 1)
        presentation.drag?.target = target
        // With the gap there (four slots now, placed anew), the same point proposes the same slot.
        #expect(layout.dropTarget(at: aim, presentation: presentation) == target)
        // The source's section closed up: four slots; the target's has four with the gap.
        let all = Self.everything(layout, presentation)
        #expect(all.filter { $0.indexPath?.section == 0 }.count == 4)
        #expect(all.filter { $0.indexPath?.section == 1 }.count == 4)
        #expect(layout.contentSize(for: presentation).height == layout.contentSize.height)
        // Past another section's last item, the gap comes after it.
        let rows = try Self.layout(Tiles(columns: 3), [4, 3])
        let src = ItemPath(section: 0, item: 0)
        // (Under the first column, where a fourth item's slot opens below the row.)
        let rowStart = try #require(rows.attributes(for: ItemPath(section: 1, item: 0))).frame
        let beyond = Point(x: rowStart.midX, y: rowStart.maxY + 30)
        var q = LayoutPresentation(drag: DragState(source: src, target: src, proxyCenter: beyond))
        let end = rows.dropTarget(at: beyond, presentation: q)
        #expect(end == ItemPath(section: 1, item: 3))
        q.drag?.target = end!
        #expect(rows.dropTarget(at: beyond, presentation: q) == end)
        // An empty section takes the drag in its only slot.
        let two = try Self.layout(Tiles(), [3, 0])
        let empty = try #require(two.itemsFrame(ofSection: 1, presentation: .resting))
        var p = LayoutPresentation(drag: DragState(source: ItemPath(section: 0, item: 0),
                                                   target: ItemPath(section: 0, item: 0), proxyCenter: empty.center))
        let into = two.dropTarget(at: empty.center, presentation: p)
        #expect(into == ItemPath(section: 1, item: 0))
        p.drag?.target = into!
        #expect(two.contentSize(for: p).height == two.contentSize.height + 60)
    }

    @Test func aDragOfSeveralItemsLeavesOneGapForTheGroup() throws {
        let layout = try Self.layout(Tiles(), [9, 4])
        let drag = DragState(source: ItemPath(section: 0, item: 4), target: ItemPath(section: 1, item: 1),
                             proxyCenter: Point(x: 50, y: 50), companions: [ItemPath(section: 0, item: 0), ItemPath(section: 1, item: 3)])
        let presentation = LayoutPresentation(drag: drag)
        let all = Self.everything(layout, presentation)
        let shown = all.compactMap { $0.kind == .cell ? $0.indexPath : nil }
        #expect(shown.count == 13 - 3 && Set(shown).count == shown.count)
        #expect(!shown.contains(drag.source) && !shown.contains(ItemPath(section: 0, item: 0)))
        let gaps = all.filter { $0.kind == .placeholder }
        #expect(gaps.count == 1 && gaps[0].indexPath == drag.target && gaps[0].dragItemCount == 3)
    }

    @Test func batchesChangeTheCountsWholeOrNotAtAll() throws {
        var layout = try Self.layout(Tiles(), [4, 2])
        try layout.applyItemChanges(removing: [ItemPath(section: 0, item: 1)],
                                    inserting: [ItemInsertion(ItemPath(section: 1, item: 2)), ItemInsertion(ItemPath(section: 1, item: 0))])
        #expect(layout.numberOfItems(inSection: 0) == 3 && layout.numberOfItems(inSection: 1) == 4)
        #expect(layout._checkInvariants().isEmpty)
        let before = layout.contentSize
        for (removals, insertions) in [([ItemPath(section: 0, item: 3)], []),
                                       ([ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 0)], []),
                                       ([], [ItemInsertion(ItemPath(section: 2, item: 0))]),
                                       ([], [ItemInsertion(ItemPath(section: 1, item: 5))]),
                                       ([], [ItemInsertion(ItemPath(section: 1, item: 0), extent: .nan)])] as [([ItemPath], [ItemInsertion])] {
            #expect(throws: LayoutError.self) { try layout.applyItemChanges(removing: removals, inserting: insertions) }
            #expect(layout.numberOfItems(inSection: 0) == 3 && layout.contentSize == before)
        }
        #expect(throws: LayoutError.self) { _ = try layout.setExtent(10, of: ItemPath(section: 0, item: 0)) }
    }

    /// Tiles with a shelf under each row, a caption above the section's
    /// items, cells turned by their slot, and elements of kinds the app
    /// may not make (dropped).
    struct Shelves: ItemPlacement {
        var tiles = Tiles(columns: 2, height: 50, spacing: 10)
        func extent(ofSlots count: Int, width: Double) -> Double { tiles.extent(ofSlots: count, width: width) }
        func frame(ofSlot slot: Int, count: Int, width: Double) -> Rect { tiles.frame(ofSlot: slot, count: count, width: width) }
        func elements(in rect: Rect, section: Int, count: Int, width: Double) -> [LayoutAttributes] {
            let rows = (count + 1) / 2
            var out = (0..<rows).map { r in
                LayoutAttributes(kind: .decoration("shelf"), indexPath: ItemPath(section: 99, item: r),
                                 frame: Rect(x: 0, y: Double(r) * 60 + 50, width: width, height: 4), zIndex: ZIndex.background)
            }
            var caption = LayoutAttributes(kind: .supplementary("caption"), indexPath: ItemPath(section: section, item: 0),
                                           frame: Rect(x: width - 40, y: -6, width: 40, height: 12), zIndex: ZIndex.cell + 5)
            caption.value = LayoutValue("\(count) photos")
            out.append(caption)
            out.append(LayoutAttributes(kind: .header, indexPath: ItemPath(section: section, item: 0),
                                        frame: Rect(x: 0, y: 0, width: 10, height: 10), zIndex: 0))
            out.append(LayoutAttributes(kind: .decoration("broken"), indexPath: nil,
                                        frame: Rect(x: .nan, y: 0, width: 1, height: 1), zIndex: 0))
            return out.filter { $0.frame.intersects(rect) || !$0.frame.minX.isFinite }
        }
        func adjustCell(_ cell: inout LayoutAttributes, slot: Int, count: Int, width: Double) {
            cell.transform = ElementTransform(rotation: Double(slot) * 0.1)
            cell.frame = Rect(x: 0, y: 0, width: 1, height: 1)   // not taken
            cell.zIndex = ZIndex.cell + (slot % 2)
            cell.value = LayoutValue(slot)
        }
    }

    @Test func theAppsOwnKindsAreDrawnInTheirPlaceAndNeverHit() throws {
        let layout = try Self.layout(Shelves(), [5, 2])
        let all = layout.attributes(in: Rect(x: 0, y: 0, width: 360, height: layout.contentSize.height))
        let kinds = all.map(\.kind)
        // Three shelves and a caption in section 0, one shelf and a caption in section 1; the header the
        // placement made and the shelf with no finite frame are left out (the layout's own headers stay).
        #expect(kinds.filter { $0 == .decoration("shelf") }.count == 3 + 1)
        #expect(kinds.filter { $0 == .supplementary("caption") }.count == 2)
        #expect(kinds.filter { $0 == .header }.count == 2)
        #expect(!kinds.contains(.decoration("broken")))
        // In section 0's order: shelves before the cells, the caption after them.
        let s0 = all.filter { $0.indexPath?.section == 0 }.map(\.kind)
        let firstCell = try #require(s0.firstIndex(of: .cell))
        #expect(s0.lastIndex(of: .decoration("shelf"))! < firstCell && s0.firstIndex(of: .supplementary("caption"))! > firstCell)
        // The element's section is the layout's; its frame is in content coordinates.
        let shelf = try #require(all.first { $0.kind == .decoration("shelf") && $0.indexPath == ItemPath(section: 1, item: 0) })
        let items = try #require(layout.itemsFrame(ofSection: 1, presentation: .resting))
        #expect(shelf.frame == Rect(x: 10, y: items.minY + 50, width: 340, height: 4))
        let caption = try #require(layout.attributes(for: ElementID(kind: .supplementary("caption"), indexPath: ItemPath(section: 1, item: 0)),
                                                     presentation: .resting, contentOffset: 0))
        #expect(caption.value?.value(as: String.self) == "2 photos")
        #expect(layout.attributes(for: ElementID(kind: .supplementary("caption"), indexPath: ItemPath(section: 1, item: 7)),
                                  presentation: .resting, contentOffset: 0) == nil)
        // Over the caption the touch finds no target; a shelf is never hit (the cell above it is).
        #expect(layout.hitTest(caption.frame.center) == nil)
        // Cells are dressed as the placement says, their frames the slots'.
        let cell = try #require(layout.attributes(for: ItemPath(section: 0, item: 3)))
        #expect(cell.transform == ElementTransform(rotation: 0.30000000000000004) && cell.value?.value(as: Int.self) == 3)
        #expect(cell.frame == Shelves().frame(ofSlot: 3, count: 5, width: 340).offsetBy(Point(x: 10, y: 52)))
        #expect(cell.zIndex == ZIndex.cell + 1 && all.contains(cell))
        // During a drag the shelves follow the slots shown: the section the item leaves loses a row.
        let drag = LayoutPresentation(drag: DragState(source: ItemPath(section: 0, item: 4), target: ItemPath(section: 1, item: 0),
                                                      proxyCenter: Point(x: 50, y: 50)))
        let during = layout.attributes(in: Rect(x: 0, y: 0, width: 360, height: 1000), presentation: drag)
        #expect(during.filter { $0.kind == .decoration("shelf") && $0.indexPath?.section == 0 }.count == 2)
        #expect(during.filter { $0.kind == .decoration("shelf") && $0.indexPath?.section == 1 }.count == 2)
    }

    /// A placement that answers badly in every way it can.
    struct Hostile: ItemPlacement {
        var extent: Double
        var frame: Rect
        var slots: Range<Int>
        func extent(ofSlots count: Int, width: Double) -> Double { extent }
        func frame(ofSlot slot: Int, count: Int, width: Double) -> Rect { frame }
        func slots(intersecting rect: Rect, count: Int, width: Double) -> Range<Int> { slots }
    }

    @Test func aPlacementThatAnswersBadlyIsRefusedOrDrawsNothing() throws {
        let square = Rect(x: 0, y: 0, width: 10, height: 10)
        // Extents taken as the nearest they could be: the layout never refuses a model for them.
        for (bad, taken) in [(Double.nan, 0.0), (-1, 0), (.infinity, 0x1p40), (0x1p41, 0x1p40), (-.infinity, 0)] {
            let layout = try Self.layout(Hostile(extent: bad, frame: square, slots: 0..<1), [3])
            #expect(layout.itemsFrame(ofSection: 0, presentation: .resting)?.height == taken, "\(bad)")
            #expect(layout._checkInvariants().isEmpty && layout.contentSize.height.isFinite)
        }
        // Frames that are not finite are drawn nowhere; ranges beyond the slots are clamped.
        for frame in [Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: -5, height: .infinity),
                      Rect(x: 0x1p60, y: -0x1p1023, width: 0x1p1023, height: 0x1p1023)] {
            let layout = try Self.layout(Hostile(extent: 100, frame: frame, slots: -5..<Int.max), [3, 2])
            let all = layout.attributes(in: Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9))
            #expect(all.filter { $0.kind == .cell }.allSatisfy { $0.frame.minX.isFinite && $0.frame.height.isFinite })
            let drag = LayoutPresentation(drag: DragState(source: ItemPath(section: 0, item: 1),
                                                          target: ItemPath(section: 1, item: 0), proxyCenter: Point(x: 5, y: 5)))
            _ = layout.dropTarget(at: Point(x: 5, y: 5), presentation: drag)
            _ = layout.dropTarget(at: Point(x: .nan, y: 5), presentation: drag)
            _ = layout.hitTest(Point(x: 5, y: 5), presentation: drag)
        }
        // Every slot on one point: each item still appears once, and the gap once.
        let piled = try Self.layout(Hostile(extent: 50, frame: square, slots: 0..<Int.max), [4])
        let drag = LayoutPresentation(drag: DragState(source: ItemPath(section: 0, item: 1),
                                                      target: ItemPath(section: 0, item: 3), proxyCenter: Point(x: 15, y: 55)))
        let all = Self.everything(piled, drag)
        #expect(all.filter { $0.kind == .cell }.count == 3 && all.filter { $0.kind == .placeholder }.count == 1)
        #expect(piled.dropTarget(at: Point(x: 15, y: 55), presentation: drag) != nil)
    }
}
