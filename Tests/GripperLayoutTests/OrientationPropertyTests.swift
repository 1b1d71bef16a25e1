import Testing
import GripperGeometry
@testable import GripperLayout
import GripperScripting
import GripperTesting
@_spi(Benchmarks) import GripperLayout

/// Horizontal and right-to-left grids and flows against a naive reference:
/// every cell drawn on the screen (its scroll-space frame mapped by the
/// orientation, at a random offset) is found again by a hit test at its
/// screen centre mapped back into scroll space, and the cells drawn tile
/// the screen in the order the orientation says.
@Suite struct OrientationPropertyTests {
    @Test(arguments: 0..<120)
    func screenFramesHitTheirCells(seed: Int) throws {
        var g = SeededGenerator(seed: UInt64(seed) &+ 4242)
        let screen = Size(width: Double(g.int(240...480)), height: Double(g.int(300...700)))
        let o = LayoutOrientation(axis: g.chance(0.7) ? .horizontal : .vertical,
                                  direction: g.chance(0.5) ? .rightToLeft : .leftToRight)
        var m = LayoutMetrics(columns: g.int(1...4), rowHeight: Double(g.int(30...90)),
                              interItemSpacing: Double(g.int(0...8)), lineSpacing: Double(g.int(0...8)))
        m.orientation = o
        if g.chance(0.4) { m.header = SupplementaryMetrics(height: 20) }
        let n = g.int(0...80)
        let flow = g.chance(0.4)
        let content = flow
            ? SectionContent(itemSizes: (0..<n).map { _ in Size(width: Double(g.int(20...160)), height: Double(g.int(20...90))) })
            : (g.chance(0.5) ? SectionContent(count: n) : SectionContent(itemHeights: (0..<n).map { _ in Double(g.int(20...90)) }))
        let layout: any CollectionLayout = flow
            ? try FlowLayout(sections: [content, content], metrics: m, viewport: o.scrollSize(screen))
            : try GridLayout(sections: [content, content], metrics: m, viewport: o.scrollSize(screen))
        let length = layout.contentSize.height
        let offset = Double(g.int(0...max(0, Int(length - layout.viewport.height))))
        let origin = o.screenOrigin(contentOffset: offset, contentLength: length, viewport: screen)
        let visible = Rect(x: 0, y: offset, width: layout.viewport.width, height: layout.viewport.height)
        for a in layout.attributes(in: visible, presentation: .resting, contentOffset: offset) where a.kind == .cell {
            let drawn = o.screenRect(a.frame, contentLength: length, crossLength: layout.viewport.width)
            #expect(abs(drawn.width * drawn.height - a.frame.width * a.frame.height) < 1e-6, "seed \(seed)")
            let centre = Point(x: drawn.midX - origin.x, y: drawn.midY - origin.y)
            guard centre.x > 0, centre.x < screen.width, centre.y > 0, centre.y < screen.height,
                  a.frame.width > 0.01, a.frame.height > 0.01 else { continue }
            let p = o.scrollPoint(centre, viewport: screen)
            let hit = layout.hitTest(Point(x: p.x, y: p.y + offset), presentation: .resting, contentOffset: offset)
            switch hit {
            case .cell(let ip)?: #expect(ip == a.indexPath, "seed \(seed) \(o)")
            case .header?: break  // a header over the cell
            default: Issue.record("seed \(seed) \(o): \(String(describing: a.indexPath)) hit \(String(describing: hit))")
            }
        }
        // Reading order on the screen: along the scroll axis the first
        // item is nearest the start edge (top, left, or right under RTL).
        if !flow, n > 1, let first = layout.attributes(for: ItemPath(section: 0, item: 0)),
           let later = layout.attributes(for: ItemPath(section: 0, item: m.columns < n ? m.columns : n - 1)) {
            let f = o.screenRect(first.frame, contentLength: length, crossLength: layout.viewport.width)
            let l = o.screenRect(later.frame, contentLength: length, crossLength: layout.viewport.width)
            switch (o.axis, o.direction) {
            case (.vertical, _): #expect(f.minY <= l.minY, "seed \(seed)")
            case (.horizontal, .leftToRight): #expect(f.minX <= l.minX, "seed \(seed)")
            case (.horizontal, .rightToLeft): #expect(f.maxX >= l.maxX, "seed \(seed)")
            }
        }
    }
}
