import GripperGeometry
import GripperTesting
import Testing
@testable import GripperLayout
import GripperScripting
@_spi(Benchmarks) import GripperLayout

/// The drop rule's promises (Documentation/Layout.md, "The drop rule") for
/// the flow layout, as `DropRulePropertyTests` states them for the grid:
/// random flow layouts (equal, mixed and over-wide item widths, wrapping
/// lines, several sections, headers and insets), random rest points and
/// ±2-point tremble.
@Suite struct FlowDropRulePropertyTests {
    /// A random flow layout and an item to drag.
    struct FlowScene {
        var layout: FlowLayout
        var source: ItemPath
        /// Whether every item has the same width and extent.
        var uniform: Bool

        /// A scene from `FlowLayoutPropertyTests.randomCase`, with a source
        /// in a section that has items; nil when no section has any.
        init?(randomSeed seed: UInt64) throws {
            let c = FlowLayoutPropertyTests.randomCase(seed)
            layout = try FlowLayout(sections: c.sections, metrics: c.metrics, viewport: c.viewport)
            if let d = c.drag {
                source = d.source
            } else if let s = c.sections.indices.first(where: { c.sections[$0].count > 0 }) {
                source = ItemPath(section: s, item: c.sections[s].count / 2)
            } else {
                return nil
            }
            uniform = false
        }

        /// Items of one size (`width` × `height`) in one to three sections.
        init(uniformSeed seed: UInt64) throws {
            var g = SeededGenerator(seed: seed)
            let width = g.half(30, 120), height = g.half(20, 80)
            var m = LayoutMetrics(rowHeight: 30, interItemSpacing: g.half(0, 10), lineSpacing: g.half(0, 10))
            if g.chance(0.5) { m.header = SupplementaryMetrics(height: g.half(10, 40)) }
            var sections: [SectionContent] = []
            for s in 0..<g.int(1...3) {
                sections.append(SectionContent(itemSizes: Array(repeating: Size(width: width, height: height),
                                                                count: g.int(s == 0 ? 2...30 : 0...30))))
            }
            layout = try FlowLayout(sections: sections, metrics: m, viewport: Size(width: g.half(250, 500), height: 600))
            source = ItemPath(section: 0, item: g.int(0...(sections[0].count - 1)))
            uniform = true
        }

        func presentation(_ target: ItemPath, at point: Point) -> LayoutPresentation {
            LayoutPresentation(drag: DragState(source: source, target: target, proxyCenter: point))
        }

        /// Follows `point` from the gap at `target` as the editing machine does.
        func follow(_ target: ItemPath, to point: Point) -> ItemPath {
            layout.dropTarget(at: point, presentation: presentation(target, at: point)) ?? target
        }

        /// The gap's frame with the gap at `target`.
        func gap(_ target: ItemPath) -> Rect? {
            layout.attributes(for: ElementID(kind: .placeholder, indexPath: target),
                              presentation: presentation(target, at: Point(x: 0, y: 0)), contentOffset: 0)?.frame
        }

        /// Every slot the gap can take.
        var slots: [ItemPath] {
            (0..<layout.numberOfSections).flatMap { s in
                (0...(layout.numberOfItems(inSection: s) - (s == source.section ? 1 : 0)))
                    .map { ItemPath(section: s, item: $0) }
            }
        }

        /// Why the gap settled at `settled` is wrong for a finger resting at
        /// `p`, or nil: the point rests inside an item more than the
        /// hysteresis and the tremble from its edges, and the gap at that
        /// item's slot would hold it. (Where no gap would, as beside a gap
        /// that a move would rewrap onto another line, the gap may stay.)
        func restsOverAnotherItem(settled: ItemPath, at p: Point) -> String? {
            let shown = presentation(settled, at: p)
            guard let (path, frame) = layout.visibleCell(at: p, presentation: shown) else { return nil }
            let margin = GridLayout.dropHysteresis + 2
            guard p.x > frame.minX + margin, p.x < frame.maxX - margin,
                  p.y > frame.minY + margin, p.y < frame.maxY - margin,
                  let slot = layout.slot(under: p, gapAt: settled, drag: shown.drag!),
                  gap(slot)?.contains(p) == true else { return nil }
            return "resting at \(p) over \(path) \(frame), whose slot \(slot) would hold it, the gap stays at \(settled)"
        }
    }

    /// A finger comes to rest anywhere and trembles there, ±2 points on
    /// both axes: the gap settles — it never goes back to a gap it left,
    /// and once the tremble is over every one of its points proposes the
    /// gap it settled on — and a finger resting deep inside an item whose
    /// slot's gap would hold it has the gap there.
    @Test(arguments: 0..<300)
    func trembleAtRestSettlesTheGap(seed: Int) throws {
        guard let scene = try FlowScene(randomSeed: UInt64(seed) &+ 96_000) else { return }
        checkTheGapSettles(seed: seed, generator: UInt64(seed) &+ 17, source: scene.source,
                           start: try #require(scene.layout.attributes(for: scene.source)).frame.center,
                           size: Size(width: scene.layout.viewport.width, height: scene.layout.contentSize.height),
                           follow: { scene.follow($0, to: $1) },
                           wrong: { scene.restsOverAnotherItem(settled: $0, at: $1) })
    }

    /// The case: with items of one size, a finger that comes to
    /// rest over an item — its middle, or anywhere more than the
    /// hysteresis and the tremble inside it — brings the gap there, from
    /// any direction, and holds it through ±2 points of tremble. The item
    /// is taken as it is with the gap there. The rule this replaced
    /// proposed the slot after an item once the point passed the item's
    /// middle, and took it only if that gap would be under the point: a
    /// finger at rest over an item's second half left the gap where it was.
    @Test(arguments: 0..<200)
    func aFingerAtRestOverAnItemBringsTheGapThere(seed: Int) throws {
        let scene = try FlowScene(uniformSeed: UInt64(seed) &+ 97_000)
        var g = SeededGenerator(seed: UInt64(seed) &+ 19)
        let slots = scene.slots
        // In the aimed gap's section the items stay where they are, so the
        // gap is the aimed one; across sections (a gap moving into another
        // section can add a line before it), the finger rests over no item
        // whose gap would hold it.
        try checkRestingBringsTheGap(
            seed: seed, generator: &g, source: scene.source,
            start: try #require(scene.layout.attributes(for: scene.source)).frame.center, slots: slots,
            gap: { scene.gap($0) }, follow: { scene.follow($0, to: $1) },
            settled: { aim, cell, target, goal in
                guard target.section == aim.section, target != aim else { return nil }
                return "resting at \(goal) over the gap at \(aim) \(cell), the gap is at \(target)"
            },
            wrong: { scene.restsOverAnotherItem(settled: $0, at: $1) })
    }

    /// A line of items 50 wide with no spacing, the gap at 0 (0..<50): it
    /// holds the point up to 54 and slot 1 takes it just past that; coming
    /// back, slot 1 (50..<100) holds it down to 46 and slot 0 takes it just
    /// below (the rule this replaced took slot 1 at once at 50 and gave it
    /// back only past item 0's middle, 25). Across the end of a line, the
    /// next line's items are taken the same way; and a finger at rest over
    /// the second half of an item two slots on brings the gap there (the
    /// rule this replaced left it where it was).
    @Test func theGapHoldsFourPointsPastItsEdges() throws {
        let layout = try FlowLayout(sections: [SectionContent(itemSizes: Array(repeating: Size(width: 50, height: 40), count: 12))],
                                    metrics: LayoutMetrics(interItemSpacing: 0, lineSpacing: 0),
                                    viewport: Size(width: 300, height: 600))
        let source = ItemPath(section: 0, item: 0)
        func follow(_ t: Int, _ x: Double, _ y: Double = 20) -> Int? {
            let p = Point(x: x, y: y)
            let drag = DragState(source: source, target: ItemPath(section: 0, item: t), proxyCenter: p)
            return layout.dropTarget(at: p, presentation: LayoutPresentation(drag: drag))?.item
        }
        #expect(follow(0, 54) == 0)
        #expect(follow(0, 54.000_001) == 1)
        #expect(follow(0, 60) == 1)
        #expect(follow(1, 46) == 1)
        #expect(follow(1, 45.999_999) == 0)
        // Six items a line: slot 5 is 250..<300 on the first line, slot 6
        // the second line's first item (0..<50, y 40..<80).
        #expect(follow(5, 275, 44) == 5)
        #expect(follow(5, 25, 44.000_001) == 6)
        #expect(follow(5, 275, 44.000_001) == 11)
        #expect(follow(6, 25, 36) == 6)
        #expect(follow(6, 275, 35.999_999) == 5)
        // A finger resting over the second half of an item two slots on.
        #expect(follow(0, 140) == 2)
        #expect(follow(2, 140) == 2)
    }
}
