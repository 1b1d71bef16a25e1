import GripperGeometry
@testable import GripperLayout
import GripperScripting
import GripperTesting
import Testing
@_spi(Benchmarks) import GripperLayout

@Suite struct TransitionTests {
    static let viewport = Size(width: 390, height: 844)
    static func layout(_ count: Int = 10) throws -> GridLayout {
        try GridLayout(sections: [SectionContent(count: count)], metrics: LayoutMetrics(rowHeight: 50),
                       viewport: viewport)
    }
    static func cell(_ item: Int) -> ElementID { .cell(ItemPath(section: 0, item: item)) }
    static func drag(_ source: Int, _ target: Int) -> LayoutPresentation {
        LayoutPresentation(drag: DragState(source: ItemPath(section: 0, item: source),
                                           target: ItemPath(section: 0, item: target), proxyCenter: Point(x: 100, y: 100)))
    }

    @Test func gapMoveMovesTheStretchAndTheGapOnly() throws {
        let layout = try Self.layout()
        let t = LayoutTransition(from: LayoutState(layout: layout, presentation: Self.drag(2, 2)),
                                 to: LayoutState(layout: layout, presentation: Self.drag(2, 5)))
        #expect(t.appearing.isEmpty && t.disappearing.isEmpty)
        #expect(Set(t.moving.map(\.final.id)) == [Self.cell(3), Self.cell(4), Self.cell(5),
                                                  ElementID(kind: .placeholder, indexPath: ItemPath(section: 0, item: 5))])
        let three = try #require(t.moving.first { $0.final.id == Self.cell(3) })
        #expect(three.initial.frame.minY == 150 && three.final.frame.minY == 100)
    }

    @Test func deletionMakesOneDisappearAndTheRestMoveUp() throws {
        var layout = try Self.layout()
        let old = LayoutState(layout: layout)
        try layout.deleteItem(at: ItemPath(section: 0, item: 2))
        let t = LayoutTransition(from: old, to: LayoutState(layout: layout),
                                 mapping: ItemPathMapping([.deleteItem(ItemPath(section: 0, item: 2))]))
        #expect(t.disappearing.map(\.initial.id) == [Self.cell(2)])
        #expect(t.disappearing.first?.final.alpha == 0)
        #expect(t.appearing.isEmpty)
        #expect(t.moving.count == 7)
        #expect(t.moving.allSatisfy { $0.final.frame.minY == $0.initial.frame.minY - 50 })
    }

    @Test func insertionAppears() throws {
        var layout = try Self.layout(3)
        let old = LayoutState(layout: layout)
        try layout.insertItem(at: ItemPath(section: 0, item: 0))
        let t = LayoutTransition(from: old, to: LayoutState(layout: layout),
                                 mapping: ItemPathMapping([.insertItem(ItemPath(section: 0, item: 0))]))
        #expect(t.appearing.map(\.final.id) == [Self.cell(0)])
        #expect(t.appearing.first?.initial.alpha == 0)
        #expect(t.moving.count == 3 && t.disappearing.isEmpty)
    }

    @Test func committedMoveLandsExactlyWhereTheGapWas() throws {
        var layout = try Self.layout()
        let dragging = LayoutState(layout: layout, presentation: Self.drag(2, 5))
        let gap = try #require(layout.attributes(for: ElementID(kind: .placeholder, indexPath: ItemPath(section: 0, item: 5)),
                                                 presentation: dragging.presentation))
        try layout.moveItem(from: ItemPath(section: 0, item: 2), to: ItemPath(section: 0, item: 5))
        let t = LayoutTransition(from: dragging, to: LayoutState(layout: layout), mapping: ItemPathMapping([
            .moveItem(from: ItemPath(section: 0, item: 2), to: ItemPath(section: 0, item: 5)),
        ]))
        // Only the landed item changes (hidden → shown, in place); gap and proxy go.
        #expect(t.moving.map(\.final.id) == [Self.cell(5)])
        #expect(t.moving.first?.initial.isHidden == true && t.moving.first?.final.frame == gap.frame)
        #expect(Set(t.disappearing.map(\.initial.kind)) == [.placeholder, .dragProxy])
        #expect(t.appearing.isEmpty)
    }

    @Test func editingToggleAndOpeningACell() throws {
        let layout = try Self.layout(3)
        let t = LayoutTransition(from: LayoutState(layout: layout),
                                 to: LayoutState(layout: layout, presentation: LayoutPresentation(isEditing: true)))
        #expect(t.moving.count == 3 && t.moving.allSatisfy { !$0.initial.isEditing && $0.final.isEditing })
        let open = LayoutPresentation(swipe: SwipeState(indexPath: ItemPath(section: 0, item: 1), offset: -148,
                                                        trailingActions: [SwipeAction(id: "a", title: "A"),
                                                                          SwipeAction(id: "b", title: "B")]))
        let opening = LayoutTransition(from: LayoutState(layout: layout), to: LayoutState(layout: layout, presentation: open))
        #expect(opening.moving.map(\.final.id) == [Self.cell(1)])
        #expect(Set(opening.appearing.map(\.final.kind)) == [.action(index: 0), .action(index: 1)])
        let shutting = LayoutTransition(from: LayoutState(layout: layout, presentation: open), to: LayoutState(layout: layout))
        #expect(shutting.disappearing.count == 2 && shutting.moving.count == 1)
        #expect(LayoutTransition(from: LayoutState(layout: layout), to: LayoutState(layout: layout)).isEmpty)
    }

    @Test func mappingRoundTrips() {
        let m = ItemPathMapping([.deleteItem(ItemPath(section: 0, item: 1)), .insertSection(0),
                                  .moveItem(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 2, item: 3)),
                                  .insertItem(ItemPath(section: 1, item: 0))])
        for s in 0..<3 {
            for k in 0..<6 {
                let p = ItemPath(section: s, item: k)
                if let q = m.forward(p) { #expect(m.backward(q) == p, "\(p) → \(q)") }
            }
        }
        #expect(m.forward(ItemPath(section: 0, item: 1)) == nil)
        #expect(m.forward(ItemPath(section: 0, item: 0)) == ItemPath(section: 2, item: 3))
        #expect(m.backward(ItemPath(section: 1, item: 0)) == nil)
        #expect(m.forward(section: 0) == 1 && m.backward(section: 0) == nil)
    }
}

/// Transitions over seeded random presentation changes: animating every
/// change from its initial to its final attributes takes what was on screen
/// to what is on screen, element by element.
@Suite struct TransitionPropertyTests {
    @Test(arguments: 0..<120)
    func changesCoverEverythingThatChanged(seed: Int) throws {
        let a = RandomScenario(seed: UInt64(seed) &+ 70_000)
        var b = a.presentation
        var g = SeededGenerator(seed: UInt64(seed))
        switch g.int(0...3) {
        case 0: b.isEditing.toggle()
        case 1:
            if var d = b.drag {
                let limit = a.sections[d.target.section].count - (d.target.section == d.source.section ? 1 : 0)
                d.target.item = g.int(0...max(0, limit))
                b.drag = d
            } else { b.swipe = nil }
        case 2: b.swipe?.offset = g.half(-400, 400)
        default: b.drag = nil
        }
        let layout = try a.layout()
        let old = LayoutState(layout: layout, presentation: a.presentation, contentOffset: a.contentOffset)
        let new = LayoutState(layout: layout, presentation: b, contentOffset: a.contentOffset + g.half(-100, 100))
        let t = LayoutTransition(from: old, to: new)
        let tag = "seed \(seed + 70_000)"
        let before = layout.attributes(in: old.visibleRect, presentation: old.presentation, contentOffset: old.contentOffset)
        let after = layout.attributes(in: new.visibleRect, presentation: new.presentation, contentOffset: new.contentOffset)
        let finals = Set((t.appearing + t.moving).map(\.final))
        let initials = Set((t.disappearing + t.moving).map(\.initial))
        for e in after where !finals.contains(e) {
            #expect(old.attributes(for: e.id) == e, "\(tag): \(e.id) changed but is in no change")
        }
        for e in before where !initials.contains(e) {
            #expect(new.attributes(for: e.id) == e, "\(tag): \(e.id) changed but is in no change")
        }
        for c in t.appearing { #expect(old.attributes(for: c.final.id) == nil && c.initial.alpha == 0, "\(tag)") }
        for c in t.disappearing { #expect(new.attributes(for: c.initial.id) == nil && c.final.alpha == 0, "\(tag)") }
        for c in t.moving { #expect(c.initial != c.final, "\(tag)") }
    }
}
