import GripperGeometry
import GripperTesting
@testable import GripperLayout
import GripperScripting
@_spi(Benchmarks) import GripperLayout

/// A random layout, presentation and rects, built from a seed.
struct RandomScenario {
    var sections: [SectionContent]
    var metrics: LayoutMetrics
    var viewport: Size
    var presentation: LayoutPresentation
    var contentOffset: Double

    static func insets(_ g: inout SeededGenerator) -> EdgeInsets {
        EdgeInsets(top: g.half(0, 12), left: g.half(0, 12), bottom: g.half(0, 12), right: g.half(0, 12))
    }

    static func supplementary(_ g: inout SeededGenerator) -> SupplementaryMetrics {
        g.chance(0.3) ? .none : SupplementaryMetrics(height: g.half(8, 40), padding: insets(&g), isPinned: g.chance(0.5))
    }

    static func separator(_ g: inout SeededGenerator) -> SeparatorMetrics {
        g.chance(0.4) ? .none : SeparatorMetrics(thickness: g.half(0.5, 2), startInset: g.half(0, 10), endInset: g.half(0, 10))
    }

    static func sectionMetrics(_ g: inout SeededGenerator) -> SectionMetrics {
        var m = SectionMetrics()
        if g.chance(0.3) { m.columns = g.int(1...4) }
        if g.chance(0.3) { m.rowHeight = g.half(10, 90) }
        if g.chance(0.2) { m.interItemSpacing = g.half(0, 10) }
        if g.chance(0.2) { m.lineSpacing = g.half(0, 10) }
        if g.chance(0.2) { m.sectionInsets = insets(&g) }
        if g.chance(0.2) { m.header = supplementary(&g) }
        if g.chance(0.2) { m.footer = supplementary(&g) }
        if g.chance(0.2) { m.rowSeparator = separator(&g) }
        if g.chance(0.2) { m.columnSeparator = separator(&g) }
        if g.chance(0.2) { m.sectionBackground = g.chance(0.5) }
        return m
    }

    init(seed: UInt64, maxItems: Int = 40) {
        var g = SeededGenerator(seed: seed)
        metrics = LayoutMetrics(columns: g.int(1...4), rowHeight: g.half(10, 90), interItemSpacing: g.half(0, 10),
                                lineSpacing: g.half(0, 10), sectionInsets: Self.insets(&g),
                                header: Self.supplementary(&g), footer: Self.supplementary(&g),
                                rowSeparator: Self.separator(&g), columnSeparator: Self.separator(&g),
                                sectionBackground: g.chance(0.5), globalHeaderHeight: g.chance(0.5) ? g.half(20, 60) : 0,
                                swipe: SwipeMetrics(minimumActionWidth: g.half(30, 80), characterWidth: g.half(4, 9),
                                                    actionPadding: g.half(0, 14), fullSwipeFraction: 0.5 + g.half(0, 0.5) / 2,
                                                    fullSwipeMargin: g.half(0, 40), allowsFullSwipe: g.chance(0.7)))
        viewport = Size(width: [320, 390, 428, 768][g.int(0...3)], height: g.half(200, 900))
        sections = (0..<g.int(0...5)).map { _ in
            let m = g.chance(0.5) ? Self.sectionMetrics(&g) : .inherited
            let count = g.int(0...maxItems)
            if g.chance(0.5) {
                return SectionContent(itemHeights: (0..<count).map { _ in g.chance(0.05) ? 0 : g.half(5, 120) }, metrics: m)
            }
            return SectionContent(count: count, metrics: m)
        }
        var p = LayoutPresentation(isEditing: g.chance(0.4))
        let all = sections.enumerated().flatMap { s, c in (0..<c.count).map { ItemPath(section: s, item: $0) } }
        if !all.isEmpty {
            for _ in 0..<g.int(0...3) { p.selected.insert(all[g.int(0...(all.count - 1))]) }
            if g.chance(0.3) { p.highlighted.insert(all[g.int(0...(all.count - 1))]) }
            if g.chance(0.6) {
                let source = all[g.int(0...(all.count - 1))]
                let t = g.int(0...(sections.count - 1))
                let limit = t == source.section ? sections[t].count - 1 : sections[t].count
                p.drag = DragState(source: source, target: ItemPath(section: t, item: g.int(0...limit)),
                                   proxyCenter: Point(x: g.half(0, 400), y: g.half(0, 3000)))
            }
            if g.chance(0.5) {
                let titles = ["Delete", "Archive", "Flag", "More", "Mark as Unread", "Pin"]
                func actions() -> [SwipeAction] {
                    (0..<g.int(0...3)).map { i in
                        SwipeAction(id: "a\(i)", title: titles[g.int(0...(titles.count - 1))],
                                    style: g.chance(0.5) ? .destructive : .normal)
                    }
                }
                p.swipe = SwipeState(indexPath: all[g.int(0...(all.count - 1))], offset: g.half(-500, 500),
                                     trailingActions: actions(), leadingActions: actions())
            }
            if g.chance(0.2) { p.deleteConfirmation = all[g.int(0...(all.count - 1))] }
            let immovable = g.int(0...5)
            p.traits = { ip in ItemTraits(isMovable: ip.item % 6 != immovable, isDeletable: ip.item % 4 != 1) }
        }
        presentation = p
        contentOffset = g.half(-50, 2500)
    }

    func layout() throws -> GridLayout { try GridLayout(sections: sections, metrics: metrics, viewport: viewport) }
    var reference: ReferenceLayout { ReferenceLayout(sections: sections, metrics: metrics, viewport: viewport) }
}
