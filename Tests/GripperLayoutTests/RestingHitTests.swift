import GripperGeometry
import GripperTesting
import Testing
@testable import GripperLayout
@_spi(Benchmarks) import GripperLayout

/// The grid's hit test by arithmetic at rest (``GridLayout/restingHit``)
/// answers as the general path through the attributes does, wherever it
/// answers at all: over random layouts (pinned headers and footers, a global
/// header, columns, spacing, insets, fixed and per-item heights), at random
/// offsets, on a grid of points covering the content and its edges.
@Suite struct RestingHitTests {
    @Test(arguments: 0..<80)
    func arithmeticAgreesWithTheAttributes(seed: Int) throws {
        let scenario = RandomScenario(seed: UInt64(seed) &+ 90_000)
        let layout = try scenario.layout()
        var rest = LayoutPresentation(isEditing: false)
        rest.selected = scenario.presentation.selected
        rest.traits = scenario.presentation.traits
        let height = layout.contentSize(for: rest).height
        var answered = 0
        for presentation in [rest, scenario.presentation] {
            var y = -7.25
            while y < height + 10 {
                var x = -3.5
                while x < scenario.viewport.width + 4 {
                    let p = Point(x: x, y: y)
                    let general = layout.hitTestByAttributes(p, presentation: presentation,
                                                             contentOffset: scenario.contentOffset)
                    if let fast = layout.restingHit(p, presentation: presentation, contentOffset: scenario.contentOffset) {
                        answered += 1
                        #expect(fast == general, "seed \(seed) at \(p)")
                    }
                    #expect(layout.hitTest(p, presentation: presentation, contentOffset: scenario.contentOffset) == general)
                    x += 13.75
                }
                y += 5.5
            }
        }
        // A section of fixed rows with cells in view gives the arithmetic something to answer.
        if scenario.sections.contains(where: { $0.itemHeights == nil && $0.count > 0 }) {
            #expect(answered > 0, "seed \(seed): the arithmetic never answered")
        }
    }

    /// What the arithmetic leaves to the general path: anything but rest.
    @Test func itStandsAsideForADragASwipeEditingAndAConfirmation() throws {
        let layout = try GridLayout(sections: [SectionContent(count: 10)], metrics: LayoutMetrics(rowHeight: 44),
                                    viewport: Size(width: 320, height: 480))
        let p = Point(x: 100, y: 66)
        #expect(layout.restingHit(p, presentation: .resting, contentOffset: 0) == .some(.cell(ItemPath(section: 0, item: 1))))
        var editing = LayoutPresentation(isEditing: true)
        #expect(layout.restingHit(p, presentation: editing, contentOffset: 0) == nil)
        editing = LayoutPresentation(isEditing: false)
        editing.deleteConfirmation = ItemPath(section: 0, item: 1)
        #expect(layout.restingHit(p, presentation: editing, contentOffset: 0) == nil)
        var dragging = LayoutPresentation(isEditing: false)
        dragging.drag = DragState(source: ItemPath(section: 0, item: 0), target: ItemPath(section: 0, item: 0),
                                  proxyCenter: p)
        #expect(layout.restingHit(p, presentation: dragging, contentOffset: 0) == nil)
        #expect(layout.restingHit(Point(x: .nan, y: 66), presentation: .resting, contentOffset: 0) == nil)
    }
}
