import GripperGeometry
@testable import GripperLayout
import Testing

@Suite struct TransitionTests {
    static let viewport = Size(width: 390, height: 844)
    static func layout(_ count: Int = 10) throws -> GridLayout {
        try GridLayout(sections: [SectionContent(count: count)], metrics: LayoutMetrics(rowHeight: 50),
                       viewport: viewport)
    }
    static func cell(_ item: Int) -> ElementID { .cell(IndexPath(section: 0, item: item)) }
    static func drag(_ source: Int, _ target: Int) -> LayoutPresentation {
        LayoutPresentation(drag: DragState(source: IndexPath(section: 0, item: source),
                                           target: IndexPath(section: 0, item: target), proxyCenter: Point(x: 100, y: 100)))
    }

    @Test func gapMoveMovesTheStretchAndTheGapOnly() throws {
        let layout = try Self.layout()
        let t = LayoutTransition(from: LayoutState(layout: layout, presentation: Self.drag(2, 2)),
                                 to: LayoutState(layout: layout, presentation: Self.drag(2, 5)))
        #expect(t.appearing.isEmpty && t.disappearing.isEmpty)
        #expect(Set(t.moving.map(\.final.id)) == [Self.cell(3), Self.cell(4), Self.cell(5),
                                                  ElementID(kind: .placeholder, indexPath: IndexPath(section: 0, item: 5))])
        let three = try #require(t.moving.first { $0.final.id == Self.cell(3) })
        #expect(three.initial.frame.minY == 150 && three.final.frame.minY == 100)
    }

    @Test func deletionMakesOneDisappearAndTheRestMoveUp() throws {
        var layout = try Self.layout()
        let old = LayoutState(layout: layout)
        try layout.deleteItem(at: IndexPath(section: 0, item: 2))
        let t = LayoutTransition(from: old, to: LayoutState(layout: layout),
                                 mapping: IndexPathMapping([.deleteItem(IndexPath(section: 0, item: 2))]))
        #expect(t.disappearing.map(\.initial.id) == [Self.cell(2)])
        #expect(t.disappearing.first?.final.alpha == 0)
        #expect(t.appearing.isEmpty)
        #expect(t.moving.count == 7)
        #expect(t.moving.allSatisfy { $0.final.frame.minY == $0.initial.frame.minY - 50 })
    }

    @Test func insertionAppears() throws {
        var layout = try Self.layout(3)
        let old = LayoutState(layout: layout)
        try layout.insertItem(at: IndexPath(section: 0, item: 0))
        let t = LayoutTransition(from: old, to: LayoutState(layout: layout),
                                 mapping: IndexPathMapping([.insertItem(IndexPath(section: 0, item: 0))]))
        #expect(t.appearing.map(\.final.id) == [Self.cell(0)])
        #expect(t.appearing.first?.initial.alpha == 0)
        #expect(t.moving.count == 3 && t.disappearing.isEmpty)
    }

    @Test func committedMoveLandsExactlyWhereTheGapWas() throws {
        var layout = try Self.layout()
        let dragging = LayoutState(layout: layout, presentation: Self.drag(2, 5))
        let gap = try #require(layout.attributes(for: ElementID(kind: .placeholder, indexPath: IndexPath(section: 0, item: 5)),
                                                 presentation: dragging.presentation))
        try layout.moveItem(from: IndexPath(section: 0, item: 2), to: IndexPath(section: 0, item: 5))
        let t = LayoutTransition(from: dragging, to: LayoutState(layout: layout), mapping: IndexPathMapping([
            .moveItem(from: IndexPath(section: 0, item: 2), to: IndexPath(section: 0, item: 5)),
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
        let open = LayoutPresentation(swipe: SwipeState(indexPath: IndexPath(section: 0, item: 1), offset: -148,
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
        let m = IndexPathMapping([.deleteItem(IndexPath(section: 0, item: 1)), .insertSection(0),
                                  .moveItem(from: IndexPath(section: 1, item: 0), to: IndexPath(section: 2, item: 3)),
                                  .insertItem(IndexPath(section: 1, item: 0))])
        for s in 0..<3 {
            for k in 0..<6 {
                let p = IndexPath(section: s, item: k)
                if let q = m.forward(p) { #expect(m.backward(q) == p, "\(p) → \(q)") }
            }
        }
        #expect(m.forward(IndexPath(section: 0, item: 1)) == nil)
        #expect(m.forward(IndexPath(section: 0, item: 0)) == IndexPath(section: 2, item: 3))
        #expect(m.backward(IndexPath(section: 1, item: 0)) == nil)
        #expect(m.forward(section: 0) == 1 && m.backward(section: 0) == nil)
    }
}
