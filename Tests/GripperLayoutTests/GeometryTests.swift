import GripperGeometry
@testable import GripperLayout
import Testing
@_spi(Benchmarks) import GripperLayout

/// Hand-computed geometry: a two-column grid, 390 wide, 10-point insets and
/// spacing, 100-point rows, a 50-point global header, 40-point pinned headers.
/// Columns are 180 wide at x 10 and 200; section 0 starts at 50, its items at
/// 90, its rows every 110; it is 580 tall, so section 1 starts at 630.
@Suite struct GeometryTests {
    static let metrics = LayoutMetrics(columns: 2, rowHeight: 100, interItemSpacing: 10, lineSpacing: 10,
                                       sectionInsets: EdgeInsets(left: 10, right: 10),
                                       header: SupplementaryMetrics(height: 40, isPinned: true),
                                       globalHeaderHeight: 50)
    static func layout() throws -> GridLayout {
        try GridLayout(sections: [SectionContent(count: 10), SectionContent(count: 4)], metrics: metrics,
                       viewport: Size(width: 390, height: 844))
    }
    static let ip3 = ItemPath(section: 0, item: 3)

    @Test func framesAndContentSize() throws {
        let layout = try Self.layout()
        #expect(layout.attributes(for: Self.ip3)?.frame == Rect(x: 200, y: 200, width: 180, height: 100))
        #expect(layout.attributes(for: Self.ip3)?.column == 1)
        #expect(layout.attributes(for: ItemPath(section: 1, item: 0))?.frame == Rect(x: 10, y: 670, width: 180, height: 100))
        #expect(layout.contentSize == Size(width: 390, height: 630 + 40 + 210))
        #expect(layout.attributes(for: ItemPath(section: 0, item: 10)) == nil)
        // Fixed row heights keep no per-item storage.
        #expect(layout.sections.allSatisfy { $0.heights == nil })
    }

    @Test func pinnedHeaderStaysBelowTheGlobalHeaderUntilItsSectionLeaves() throws {
        let layout = try Self.layout()
        func headerY(_ section: Int, _ offset: Double) -> Double? {
            layout.attributes(for: ElementID(kind: .header, indexPath: ItemPath(section: section, item: 0)),
                              contentOffset: offset)?.frame.minY
        }
        #expect(headerY(0, 0) == 50)
        #expect(headerY(0, 100) == 150)
        #expect(headerY(0, 539.5) == 589.5)
        #expect(headerY(0, 540.5) == 590)          // pushed: stays at its section's bottom
        #expect(headerY(1, 579.5) == 630)          // not yet reached
        #expect(headerY(1, 580.5) == 630.5)        // now pinned
        #expect(layout.attributes(for: ElementID(kind: .globalHeader, indexPath: nil), contentOffset: 300)?.frame.minY == 300)
        let pinned = layout.pinnedAttributes(contentOffset: 300)
        #expect(pinned.map(\.kind) == [.globalHeader, .header, .header])
        #expect(pinned[1].frame.minY == 350 && pinned[2].frame.minY == 630)
        // A pinned header is found by a rect query far below its natural place.
        let found = layout.attributes(in: Rect(x: 0, y: 360, width: 390, height: 10), contentOffset: 300)
        #expect(found.contains { $0.kind == .header && $0.indexPath?.section == 0 })
    }

    @Test func fullSwipeBreakpointBothSides() throws {
        let layout = try Self.layout()
        let delete = [SwipeAction(id: "delete", title: "Delete", style: .destructive)]
        let geometry = try #require(layout.swipeGeometry(for: Self.ip3, actions: delete))
        #expect(geometry.paneWidth == 74)             // max(74, 8 × 6 + 24)
        #expect(geometry.fullSwipeBreakpoint == 108)  // max(74 + 32, 180 × 0.6)
        #expect(geometry.maximumOffset == 180)
        func swipe(_ offset: Double) -> SwipeAttributes? {
            layout.attributes(for: Self.ip3, presentation: LayoutPresentation(
                swipe: SwipeState(indexPath: Self.ip3, offset: offset, trailingActions: delete)))?.swipe
        }
        #expect(swipe(-107.5)?.isPastFullSwipe == false)
        #expect(swipe(-108)?.isPastFullSwipe == true)
        #expect(swipe(-74)?.paneFrame == Rect(x: 306, y: 200, width: 74, height: 100))
        #expect(swipe(-74)?.actions.first?.frame == Rect(x: 306, y: 200, width: 74, height: 100))
        #expect(swipe(-500)?.paneFrame == Rect(x: 200, y: 200, width: 180, height: 100))  // never past the cell
        #expect(swipe(0) == nil)
    }

    @Test func actionWidthRuleShrinksToTheCell() throws {
        let layout = try Self.layout()
        let actions = [SwipeAction(id: "a", title: "Mark as Unread"), SwipeAction(id: "b", title: "Archive")]
        let g = try #require(layout.swipeGeometry(for: Self.ip3, actions: actions))
        // Natural 136 + 80 = 216 > 180: shrunk in proportion.
        #expect(g.paneWidth == 180)
        #expect(abs(g.actionWidths[0] - 136 * 180 / 216) < 1e-9)
        #expect(g.fullSwipeBreakpoint == 180)
        let none = try #require(layout.swipeGeometry(for: Self.ip3, actions: []))
        #expect(none.paneWidth == 0 && none.fullSwipeBreakpoint == nil)
    }

    @Test func contentSlidesUnderTheNeighbouringColumnOnlyWhereThereIsOne() throws {
        let layout = try Self.layout()
        let actions = [SwipeAction(id: "x", title: "Flag")]
        func slides(_ item: Int, _ offset: Double) -> Bool? {
            let ip = ItemPath(section: 0, item: item)
            return layout.attributes(for: ip, presentation: LayoutPresentation(
                swipe: SwipeState(indexPath: ip, offset: offset, trailingActions: actions, leadingActions: actions)))?
                .contentSlidesUnderNeighbour
        }
        #expect(slides(3, -40) == true)   // column 1 sliding left: under column 0
        #expect(slides(2, -40) == false)  // column 0 sliding left: off the edge
        #expect(slides(2, 40) == true)    // column 0 sliding right: under column 1
        #expect(slides(3, 40) == false)   // last column sliding right: off the edge
        // The leading pane starts at the cell's leading edge.
        let ip = ItemPath(section: 0, item: 2)
        let leading = layout.attributes(for: ip, presentation: LayoutPresentation(
            swipe: SwipeState(indexPath: ip, offset: 40, leadingActions: actions)))?.swipe
        #expect(leading?.paneFrame == Rect(x: 10, y: 200, width: 40, height: 100))
        #expect(leading?.contentOffset == 40)
    }

    @Test func hitTestsFindTheMostSpecificTarget() throws {
        let layout = try Self.layout()
        let ip0 = ItemPath(section: 0, item: 0)  // (10, 90, 180 × 100)
        let editing = LayoutPresentation(isEditing: true, traits: { ip in
            ItemTraits(isMovable: ip.item != 1, isDeletable: true)
        })
        #expect(layout.hitTest(Point(x: 20, y: 100), presentation: editing) == .deleteControl(ip0))
        #expect(layout.hitTest(Point(x: 53.9, y: 100), presentation: editing) == .deleteControl(ip0))
        #expect(layout.hitTest(Point(x: 54, y: 100), presentation: editing) == .cell(ip0))
        #expect(layout.hitTest(Point(x: 145.9, y: 100), presentation: editing) == .cell(ip0))
        #expect(layout.hitTest(Point(x: 146, y: 100), presentation: editing) == .gripper(ip0))
        // Item 1 is not movable: no gripper.
        #expect(layout.hitTest(Point(x: 370, y: 100), presentation: editing) == .cell(ItemPath(section: 0, item: 1)))
        #expect(layout.hitTest(Point(x: 20, y: 100)) == .cell(ip0))
        #expect(layout.hitTest(Point(x: 5, y: 100)) == nil)      // the inset
        #expect(layout.hitTest(Point(x: 100, y: 195)) == nil)    // line spacing
        #expect(layout.hitTest(Point(x: 100, y: 60)) == .header(section: 0))
        #expect(layout.hitTest(Point(x: 100, y: 10)) == .globalHeader)
        // Scrolled: the pinned header covers the cell under it.
        #expect(layout.hitTest(Point(x: 100, y: 360), contentOffset: 300) == .header(section: 0))
        #expect(layout.hitTest(Point(x: 100, y: 360), contentOffset: 0) == .cell(ItemPath(section: 0, item: 4)))
        // Swipe actions and delete confirmation.
        let swiped = LayoutPresentation(swipe: SwipeState(indexPath: Self.ip3, offset: -74,
                                                          trailingActions: [SwipeAction(id: "delete", title: "Delete")]))
        #expect(layout.hitTest(Point(x: 306, y: 250), presentation: swiped) == .action(Self.ip3, id: "delete"))
        #expect(layout.hitTest(Point(x: 305.9, y: 250), presentation: swiped) == .cell(Self.ip3))
        let confirming = LayoutPresentation(deleteConfirmation: Self.ip3)
        #expect(layout.hitTest(Point(x: 379, y: 250), presentation: confirming) == .deleteConfirmation(Self.ip3))
        #expect(layout.attributes(for: Self.ip3, presentation: confirming)?.swipeContentOffset == -82)
    }

    @Test func dragGapReflowsInReadingOrderAndCanCrossSections() throws {
        let layout = try Self.layout()
        let source = ItemPath(section: 0, item: 1)
        var p = LayoutPresentation(drag: DragState(source: source, target: ItemPath(section: 0, item: 4),
                                                   proxyCenter: Point(x: 100, y: 100)))
        // Items 2…4 move back one slot; the gap takes slot 4; item 5 stays.
        #expect(layout.attributes(for: ItemPath(section: 0, item: 2), presentation: p)?.frame.origin == Point(x: 200, y: 90))
        #expect(layout.attributes(for: ItemPath(section: 0, item: 4), presentation: p)?.frame.origin == Point(x: 200, y: 200))
        #expect(layout.attributes(for: ItemPath(section: 0, item: 5), presentation: p)?.frame.origin == Point(x: 200, y: 310))
        let gap = layout.attributes(for: ElementID(kind: .placeholder, indexPath: p.drag!.target), presentation: p)
        #expect(gap?.frame.origin == Point(x: 10, y: 310))
        #expect(layout.attributes(for: ElementID(kind: .dragProxy, indexPath: source), presentation: p)?.frame
                == Rect(x: 10, y: 50, width: 180, height: 100))
        // Into section 1 at its end: section 0 loses a row, section 1 gains one.
        p.drag!.target = ItemPath(section: 1, item: 4)
        #expect(layout.contentSize(for: p).height == layout.contentSize.height + 110)  // 9 items: still 5 rows; 5 items: 3 rows
        let gap1 = layout.attributes(for: ElementID(kind: .placeholder, indexPath: p.drag!.target), presentation: p)
        #expect(gap1?.frame.origin == Point(x: 10, y: 670 + 220))
        #expect(layout.dropTarget(at: Point(x: 300, y: 680), presentation: p) == ItemPath(section: 1, item: 1))
        #expect(layout.dropTarget(at: Point(x: 300, y: 100), presentation: p) == ItemPath(section: 0, item: 1))
        #expect(layout.dropTarget(at: Point(x: 300, y: 10_000), presentation: p) == ItemPath(section: 1, item: 4))
        #expect(layout.dropTarget(at: Point(x: 300, y: 100), presentation: .resting) == nil)
        // An impossible drag is ignored.
        p.drag!.target = ItemPath(section: 1, item: 9)
        #expect(layout.attributes(in: Rect(x: 0, y: 0, width: 390, height: 2000), presentation: p)
                == layout.attributes(in: Rect(x: 0, y: 0, width: 390, height: 2000)))
    }

    @Test func dropTargetBoundariesBothSides() throws {
        let layout = try Self.layout()
        let p = LayoutPresentation(drag: DragState(source: ItemPath(section: 0, item: 0),
                                                   target: ItemPath(section: 0, item: 0), proxyCenter: .zero))
        // Along a row the gap moves when the point is over the gap it would
        // open: column 1 spans 200..<380, and the spacing 190..<200 is column
        // 0's share (the slot under the point there is still the gap's), …
        #expect(layout.dropTarget(at: Point(x: 199.999, y: 100), presentation: p) == ItemPath(section: 0, item: 0))
        #expect(layout.dropTarget(at: Point(x: 200, y: 100), presentation: p) == ItemPath(section: 0, item: 1))
        // … and back when it is over the gap in column 0 (10..<190; the gap
        // in column 1 holds the point to 4 points left of it, 196).
        var q = p
        q.drag!.target = ItemPath(section: 0, item: 1)
        #expect(layout.dropTarget(at: Point(x: 190.001, y: 100), presentation: q) == ItemPath(section: 0, item: 1))
        #expect(layout.dropTarget(at: Point(x: 190, y: 100), presentation: q) == ItemPath(section: 0, item: 0))
        // Strictly between 190 and 200 both are stable: the same point keeps either gap.
        #expect(layout.dropTarget(at: Point(x: 195, y: 100), presentation: p) == ItemPath(section: 0, item: 0))
        #expect(layout.dropTarget(at: Point(x: 195, y: 100), presentation: q) == ItemPath(section: 0, item: 1))
        // Into another row of a grid the gap follows the slot under the point.
        // Rows start at 90 and 200 (the line spacing belongs to the row above).
        #expect(layout.dropTarget(at: Point(x: 20, y: 199.9), presentation: p) == ItemPath(section: 0, item: 0))
        #expect(layout.dropTarget(at: Point(x: 20, y: 200), presentation: p) == ItemPath(section: 0, item: 2))
        // Above the items (the header): the first slot; the last row's right half: the last slot.
        #expect(layout.dropTarget(at: Point(x: 300, y: 89.9), presentation: p) == ItemPath(section: 0, item: 0))
        #expect(layout.dropTarget(at: Point(x: 300, y: 580), presentation: p) == ItemPath(section: 0, item: 9))
    }

    @Test func perItemHeightsMakeRowsAsTallAsTheirTallestItem() throws {
        let layout = try GridLayout(sections: [SectionContent(itemHeights: [30, 50, 20, 10, 40])],
                                    metrics: LayoutMetrics(columns: 2, lineSpacing: 5), viewport: Size(width: 200, height: 400))
        #expect(layout.attributes(for: ItemPath(section: 0, item: 1))?.frame == Rect(x: 100, y: 0, width: 100, height: 50))
        #expect(layout.attributes(for: ItemPath(section: 0, item: 2))?.frame == Rect(x: 0, y: 55, width: 100, height: 20))
        #expect(layout.attributes(for: ItemPath(section: 0, item: 4))?.frame.minY == 80)
        #expect(layout.contentSize.height == 120)
        // Dragging item 1 (50 tall) to the end: rows become [30, 20], [10, 40], [gap 50].
        let p = LayoutPresentation(drag: DragState(source: ItemPath(section: 0, item: 1),
                                                   target: ItemPath(section: 0, item: 4), proxyCenter: .zero))
        #expect(layout.attributes(for: ItemPath(section: 0, item: 4), presentation: p)?.frame.minY == 35)
        #expect(layout.attributes(for: ElementID(kind: .placeholder, indexPath: ItemPath(section: 0, item: 4)),
                                  presentation: p)?.frame == Rect(x: 0, y: 80, width: 100, height: 50))
        #expect(layout.contentSize(for: p).height == 130)
    }
}
