import Testing
import GripperGeometry
@testable import GripperLayout
import GripperScripting
import GripperTesting
@_spi(Benchmarks) import GripperLayout

extension SeededGenerator {
    /// A whole number in `0..<bound` (0 for a bound ≤ 1).
    fileprivate mutating func next(_ bound: Int) -> Int { bound <= 1 ? 0 : int(0...(bound - 1)) }
}

/// The flow layout against a naive reference that wraps every section's
/// presented items from scratch (the drag applied as a real move) and
/// stacks lines and sections one after another: O(n) per call. The fast
/// layout rewraps only until the wrap falls back into step; its answers
/// must equal the reference's exactly, for random widths (mixed, equal,
/// wider than the line), drags within and across sections, and rects.
@Suite struct FlowLayoutPropertyTests {
    struct Case {
        var sections: [SectionContent]
        var metrics: LayoutMetrics
        var viewport: Size
        var drag: DragState?
    }

    /// A random case from `seed` (printed on failure by the test's argument).
    static func randomCase(_ seed: UInt64, maxItems: Int = 40) -> Case {
        var g = SeededGenerator(seed: seed)
        let width = Double(200 + g.next(201))
        var m = LayoutMetrics(rowHeight: 30, interItemSpacing: Double(g.next(3) * 4), lineSpacing: Double(g.next(3) * 5))
        if g.next(2) == 0 { m.sectionInsets = EdgeInsets(top: 4, left: Double(g.next(20)), bottom: 6, right: Double(g.next(20))) }
        if g.next(2) == 0 { m.header = SupplementaryMetrics(height: 24, isPinned: g.next(2) == 0) }
        if g.next(3) == 0 { m.footer = SupplementaryMetrics(height: 12) }
        if g.next(3) == 0 { m.globalHeaderHeight = 40 }
        let style = g.next(4)
        let sections = (0..<(1 + g.next(3))).map { _ -> SectionContent in
            let n = g.next(maxItems + 1)
            let sizes = (0..<n).map { _ -> Size in
                let w: Double
                switch style {
                case 0: w = 60                                     // equal widths
                case 1: w = Double(10 + g.next(120))               // mixed
                case 2: w = g.next(10) == 0 ? width * 2 : Double(20 + g.next(60))  // some wider than the line
                default: w = Double([30, 45, 70, 95][g.next(4)])
                }
                return Size(width: w, height: Double(10 + g.next(70)))
            }
            return SectionContent(itemSizes: sizes)
        }
        var drag: DragState?
        let nonEmpty = sections.indices.filter { sections[$0].count > 0 }
        if let s = nonEmpty.isEmpty ? nil : nonEmpty[g.next(nonEmpty.count)], g.next(4) != 0 {
            let t = g.next(sections.count)
            let limit = s == t ? sections[s].count - 1 : sections[t].count
            drag = DragState(source: ItemPath(section: s, item: g.next(sections[s].count)),
                             target: ItemPath(section: t, item: g.next(limit + 1)),
                             proxyCenter: Point(x: Double(g.next(Int(width))), y: Double(g.next(600))))
        }
        return Case(sections: sections, metrics: m, viewport: Size(width: width, height: 500), drag: drag)
    }

    /// The reference: every cell's and the gap's frame, and the content height.
    static func reference(_ c: Case) -> (frames: [ElementID: Rect], height: Double) {
        var frames: [ElementID: Rect] = [:]
        let m = c.metrics
        var y = m.globalHeaderHeight
        let lineWidth = max(0, c.viewport.width - m.sectionInsets.left - m.sectionInsets.right)
        for (s, content) in c.sections.enumerated() {
            // The presented slots: (item or -1 for the gap, width, height).
            var slots = (0..<content.count).map { ($0, min(content.itemWidths![$0], lineWidth), content.itemHeights![$0]) }
            if let d = c.drag {
                let src = c.sections[d.source.section]
                let size = (min(src.itemWidths![d.source.item], lineWidth), src.itemHeights![d.source.item])
                if d.source.section == s { slots.remove(at: d.source.item) }
                if d.target.section == s { slots.insert((-1, size.0, size.1), at: d.target.item) }
            }
            y += m.header.exists ? m.header.padding.top + m.header.height + m.header.padding.bottom : 0
            y += m.sectionInsets.top
            var k = 0
            var first = true
            while k < slots.count {
                var end = k + 1
                var used = slots[k].1
                while end < slots.count, used + m.interItemSpacing + slots[end].1 <= lineWidth {
                    used += m.interItemSpacing + slots[end].1
                    end += 1
                }
                if !first { y += m.lineSpacing }
                first = false
                let lineHeight = slots[k..<end].map(\.2).max() ?? 0
                let sum = slots[k..<end].map(\.1).reduce(0, +)
                var gap = m.interItemSpacing
                if end - k > 1, end < slots.count { gap = max(gap, (lineWidth - sum) / Double(end - k - 1)) }
                var x = m.sectionInsets.left
                for (item, w, h) in slots[k..<end] {
                    let frame = Rect(x: x, y: y + (lineHeight - h) / 2, width: w, height: h)
                    if item < 0 {
                        frames[ElementID(kind: .placeholder, indexPath: c.drag!.target)] = frame
                    } else {
                        frames[ElementID(kind: .cell, indexPath: ItemPath(section: s, item: item))] = frame
                    }
                    x += w + gap
                }
                y += lineHeight
                k = end
            }
            y += m.sectionInsets.bottom
            y += m.footer.exists ? m.footer.padding.top + m.footer.height + m.footer.padding.bottom : 0
        }
        return (frames, y)
    }

    static func near(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6 && abs(a.width - b.width) < 1e-6
            && abs(a.height - b.height) < 1e-6
    }

    func check(_ c: Case, seed: UInt64) throws {
        let layout = try FlowLayout(sections: c.sections, metrics: c.metrics, viewport: c.viewport)
        #expect(layout._checkInvariants().isEmpty, "seed \(seed)")
        var presentation = LayoutPresentation()
        presentation.drag = c.drag
        let (expected, height) = Self.reference(c)
        #expect(abs(layout.contentSize(for: presentation).height - height) < 1e-6, "seed \(seed)")
        let all = layout.attributes(in: Rect(x: -10, y: -10, width: c.viewport.width + 20, height: height + 20),
                                    presentation: presentation)
        let got = Dictionary(all.filter { $0.kind == .cell || $0.kind == .placeholder }.map { ($0.id, $0.frame) },
                             uniquingKeysWith: { a, _ in a })
        // Zero-area frames never intersect a rect: compare what has area.
        let visible = expected.filter { !$0.value.isEmpty }
        #expect(Set(got.keys) == Set(visible.keys), "seed \(seed): \(Set(got.keys).symmetricDifference(visible.keys))")
        for (id, frame) in visible {
            if let f = got[id] { #expect(Self.near(f, frame), "seed \(seed) \(id): \(f) vs \(frame)") }
        }
        // One element at a time, the hidden source at the gap.
        for (id, frame) in expected where id.kind == .cell {
            let a = try #require(layout.attributes(for: id.indexPath!, presentation: presentation))
            #expect(Self.near(a.frame, frame), "seed \(seed) \(id)")
        }
        if let d = c.drag, let gap = expected[ElementID(kind: .placeholder, indexPath: d.target)] {
            let hidden = try #require(layout.attributes(for: d.source, presentation: presentation))
            #expect(hidden.isHidden && Self.near(hidden.frame, gap), "seed \(seed)")
        }
        // Rect queries: a band anywhere returns exactly the frames that meet it.
        var g = SeededGenerator(seed: seed &+ 99)
        for _ in 0..<6 {
            let top = Double(g.next(Int(height) + 1)) - 20
            let band = Rect(x: 0, y: top, width: c.viewport.width, height: Double(1 + g.next(200)))
            let answer = Set(layout.attributes(in: band, presentation: presentation)
                .filter { $0.kind == .cell || $0.kind == .placeholder }.map(\.id))
            let want = Set(visible.filter { $0.value.intersects(band) }.keys)
            #expect(answer == want, "seed \(seed) band \(band)")
        }
        // Hit tests: the centre of every cell with area hits that cell (or the
        // header pinned over it).
        for (id, frame) in visible where id.kind == .cell && frame.width > 0.01 && frame.height > 0.01 {
            let hit = layout.hitTest(frame.center, presentation: presentation, contentOffset: 0)
            switch hit {
            case .cell(let p)?: #expect(p == id.indexPath, "seed \(seed) \(id)")
            case .header?, .globalHeader?, .footer?: break
            default: Issue.record("seed \(seed): \(id) hit \(String(describing: hit))")
            }
        }
        // The drop rule is stable: the target a point proposes, it proposes again.
        if let d = c.drag {
            for _ in 0..<6 {
                let p = Point(x: Double(g.next(Int(c.viewport.width))), y: Double(g.next(Int(height) + 1)))
                guard let t = layout.dropTarget(at: p, presentation: presentation) else { continue }
                var moved = presentation
                moved.drag = DragState(source: d.source, target: t, proxyCenter: p)
                #expect(layout.dropTarget(at: p, presentation: moved) == t, "seed \(seed) at \(p)")
            }
        }
    }

    @Test(arguments: 0..<300)
    func flowAgreesWithReference(seed: Int) throws {
        try check(Self.randomCase(UInt64(seed)), seed: UInt64(seed))
    }

    @Test(arguments: 0..<20)
    func flowAgreesWithReferenceOnLongSections(seed: Int) throws {
        try check(Self.randomCase(UInt64(seed) + 10_000, maxItems: 600), seed: UInt64(seed) + 10_000)
    }

    @Test func spacingIsAMinimumAndFullLinesAreJustified() throws {
        // Line width 300: 100 + 10 + 100 fits, a third 100 does not (320 > 300).
        let sizes = [Size(width: 100, height: 20), Size(width: 100, height: 40), Size(width: 100, height: 20)]
        let layout = try FlowLayout(sections: [SectionContent(itemSizes: sizes)],
                                    metrics: LayoutMetrics(interItemSpacing: 10, lineSpacing: 5),
                                    viewport: Size(width: 300, height: 400))
        let f = (0..<3).map { layout.attributes(for: ItemPath(section: 0, item: $0))!.frame }
        #expect(f[0] == Rect(x: 0, y: 10, width: 100, height: 20))      // centred in a 40-point line
        #expect(f[1] == Rect(x: 200, y: 0, width: 100, height: 40))     // justified: the gap grew to 100
        #expect(f[2] == Rect(x: 0, y: 45, width: 100, height: 20))      // last line: leading edge
        // Both sides of the fit: 95 + 10 + 95 + 10 + 90 = 300 fits exactly; 90.5 does not.
        for (last, lines) in [(90.0, 1), (90.5, 2)] {
            let l = try FlowLayout(sections: [SectionContent(itemSizes: [Size(width: 95, height: 10), Size(width: 95, height: 10),
                                                                          Size(width: last, height: 10)])],
                                   metrics: LayoutMetrics(interItemSpacing: 10), viewport: Size(width: 300, height: 400))
            #expect(l.sections[0].lineCount == lines, "last \(last)")
        }
    }

    @Test func measuredExtentsKeepTheLinesAndMoveWhatFollows() throws {
        let sizes = (0..<10).map { _ in Size(width: 100, height: 20) }
        var layout = try FlowLayout(sections: [SectionContent(itemSizes: sizes)], metrics: LayoutMetrics(),
                                    viewport: Size(width: 300, height: 400))
        let delta = try layout.setExtent(50, of: ItemPath(section: 0, item: 4))
        #expect(delta == 30)
        #expect(layout.attributes(for: ItemPath(section: 0, item: 3))!.frame == Rect(x: 0, y: 35, width: 100, height: 20))
        #expect(layout.attributes(for: ItemPath(section: 0, item: 6))!.frame.minY == 70)
        #expect(layout._checkInvariants().isEmpty)
        #expect(throws: LayoutError.self) { _ = try layout.setExtent(.nan, of: ItemPath(section: 0, item: 0)) }
        #expect(throws: LayoutError.self) { _ = try layout.setExtent(10, of: ItemPath(section: 0, item: 10)) }
    }

    @Test func batchesApplyWholeOrNotAtAll() throws {
        let sizes = (0..<6).map { Size(width: Double(40 + 10 * $0), height: 20) }
        var layout = try FlowLayout(sections: [SectionContent(itemSizes: sizes)], metrics: LayoutMetrics(interItemSpacing: 4),
                                    viewport: Size(width: 200, height: 400))
        let before = layout.contentSize
        #expect(throws: LayoutError.self) {
            try layout.applyItemChanges(removing: [ItemPath(section: 0, item: 1)],
                                        inserting: [ItemInsertion(ItemPath(section: 0, item: 9))])
        }
        #expect(layout.contentSize == before && layout.numberOfItems(inSection: 0) == 6)
        try layout.applyItemChanges(removing: [ItemPath(section: 0, item: 1)],
                                    inserting: [ItemInsertion(ItemPath(section: 0, item: 0), extent: 30, crossExtent: 150)])
        #expect(layout.numberOfItems(inSection: 0) == 6)
        #expect(layout.size(of: ItemPath(section: 0, item: 0)) == Size(width: 150, height: 30))
        #expect(layout._checkInvariants().isEmpty)
    }
}

