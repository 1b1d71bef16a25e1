import Testing
import GripperGeometry
import GripperLayout
@testable import GripperEditing
@_spi(Benchmarks) import GripperEditing

@Suite struct TapTests {
    @Test func touchDownHighlightsAndTapSelects() {
        var h = MachineHarness.standard()
        #expect(h.send(.touchDown(h.point(row: 2))) == [.highlight(ip(0, 2))])
        #expect(h.machine.presentation.highlighted == [ip(0, 2)])
        #expect(h.send(.tap(h.point(row: 2))) == [.highlight(nil), .selectionChanged(["a2"])])
        #expect(h.machine.phase == .idle)
        // Single mode: another tap replaces the selection.
        h.send(.touchDown(h.point(row: 3)))
        h.send(.tap(h.point(row: 3)))
        #expect(h.machine.selection == ["a3"])
        #expect(h.machine.presentation.selected == [ip(0, 3)])
    }

    @Test func multipleModeToggles() {
        var policy = StaticEditingPolicy()
        policy.selectionMode = .multiple
        var h = MachineHarness.standard(policy: policy)
        h.send(.tap(h.point(row: 1)))
        h.send(.tap(h.point(row: 4)))
        #expect(h.machine.selection == ["a1", "a4"])
        h.send(.tap(h.point(row: 1)))
        #expect(h.machine.selection == ["a4"])
    }

    @Test func noHighlightOrSelectionWhereNotAllowed() {
        var policy = StaticEditingPolicy()
        policy.notSelectable = ["a2"]
        var h = MachineHarness.standard(policy: policy)
        #expect(h.send(.touchDown(h.point(row: 2))).isEmpty)
        #expect(h.send(.tap(h.point(row: 2))).isEmpty)
        policy = StaticEditingPolicy()
        policy.selectionMode = .none
        h = MachineHarness.standard(policy: policy)
        #expect(h.send(.touchDown(h.point(row: 2))).isEmpty)
        #expect(h.send(.tap(h.point(row: 2))).isEmpty)
        #expect(h.machine.selection.isEmpty)
    }

    /// A delegate with nothing selectable that counts the questions it is asked.
    final class Unselectable: CollectionDelegate, @unchecked Sendable {
        var questions = 0
        var selectionMode: SelectionMode { .none }
        func canHighlight(_ item: ItemID, at indexPath: ItemPath) -> Bool { questions += 1; return true }
        func canSelect(_ item: ItemID, at indexPath: ItemPath) -> Bool { questions += 1; return true }
        func canEdit(_ item: ItemID, at indexPath: ItemPath) -> Bool { questions += 1; return true }
        func canMove(_ item: ItemID, at indexPath: ItemPath) -> Bool { questions += 1; return true }
    }

    @Test func aTapWithNothingSelectableAsksNothingOutOfBatchEditingButStillDeletesInIt() {
        let rules = Unselectable()
        var h = MachineHarness(model([("A", (0..<6).map { "a\($0)" })]), policy: rules)
        // Out of batch editing: a tap, with a touch-down first or not, on a
        // cell or on nothing, does nothing and asks nothing.
        #expect(h.send(.touchDown(h.point(row: 2))).isEmpty)
        #expect(h.send(.tap(h.point(row: 2))).isEmpty)
        #expect(h.send(.tap(h.point(row: 3))).isEmpty)
        #expect(h.send(.tap(h.point(row: 40))).isEmpty)
        #expect(rules.questions == 0)
        #expect(h.machine.selection.isEmpty && h.machine.phase == .idle)
        // In batch editing a tap on the delete control still opens the
        // confirmation, whatever the selection mode.
        h.send(.setEditing(true))
        #expect(h.send(.tap(h.point(row: 2, x: 20))) == [.deleteConfirmationOpened("a2")])
        #expect(rules.questions > 0)
    }

    @Test func highlightIsCancelledWhenTheTouchBecomesAPan() {
        var h = MachineHarness.standard()
        h.send(.touchDown(h.point(row: 2)))
        let effects = h.send(.panBegan(.init(location: h.point(row: 2) + Point(x: 0, y: -20), translation: Point(x: 0, y: -20))))
        #expect(effects.first == .highlight(nil))
        #expect(h.machine.presentation.highlighted.isEmpty)
        #expect(h.machine.phase == .scrolling)
    }

    @Test func cancelledContactOrSecondFingerDropsTheHighlight() {
        var h = MachineHarness.standard()
        h.send(.touchDown(h.point(row: 2)))
        #expect(h.send(.cancelInteraction) == [.highlight(nil)])
        #expect(h.machine.phase == .idle)
        h.send(.touchDown(h.point(row: 2)))
        #expect(h.send(.secondContact) == [.highlight(nil)])
        #expect(h.machine.phase == .idle)
    }
}

@Suite struct SwipeTests {
    // Default swipe metrics: "Delete" is 74 points wide; the full-swipe
    // breakpoint is max(74 + 32, 0.6 × 320) = 192; half the pane is 37.
    static let pane = 74.0
    static let breakpoint = 192.0

    @Test func geometryIsWhatTheLayoutSays() throws {
        let h = MachineHarness.standard()
        let g = try #require(h.layout.swipeGeometry(for: ip(0, 0), actions: [EditingAction.delete.layoutAction]))
        #expect(g.paneWidth == Self.pane && g.fullSwipeBreakpoint == Self.breakpoint)
    }

    @Test(arguments: [(37.0, true), (36.9, false)])
    func releasedPastHalfThePaneStaysOpen(travel: Double, open: Bool) {
        var h = MachineHarness.standard()
        h.send(.touchDown(h.point(row: 3)))
        h.pan(from: h.point(row: 3), by: Point(x: -travel, y: 2))
        #expect(h.machine.phase == (open ? .open : .idle))
        #expect(h.machine.presentation.swipe?.offset == (open ? -Self.pane : nil))
        #expect(h.log.contains(open ? .swipeOpened("a3") : .swipeShut("a3")))
    }

    @Test(arguments: [(-120.0, true), (-119.9, false)])
    func flickOpens(velocity: Double, open: Bool) {
        var h = MachineHarness.standard()
        h.pan(from: h.point(row: 3), by: Point(x: -10, y: 0), velocity: Point(x: velocity, y: 0))
        #expect(h.machine.phase == (open ? .open : .idle))
    }

    @Test(arguments: [(120.0, false), (119.9, true)])
    func flickShutsEvenPastHalf(velocity: Double, open: Bool) {
        var h = MachineHarness.standard()
        h.pan(from: h.point(row: 3), by: Point(x: -60, y: 0), velocity: Point(x: velocity, y: 0))
        #expect(h.machine.phase == (open ? .open : .idle))
    }

    @Test(arguments: [(192.0, true), (191.9, false)])
    func fullSwipePastTheBreakpointPerformsTheDefaultAction(travel: Double, performed: Bool) {
        var h = MachineHarness.standard()
        h.pan(from: h.point(row: 3, x: 300), by: Point(x: -travel, y: 0))
        if performed {
            #expect(h.committed.map(\.edit) == [.action("delete", item: "a3")])
            #expect(!h.items[0].contains("a3"))
            #expect(h.machine.phase == .idle)
        } else {
            #expect(h.committed.isEmpty)
            #expect(h.machine.phase == .open)
        }
    }

    @Test func noFullSwipeWithoutADefaultAction() {
        var policy = StaticEditingPolicy()
        policy.trailing = SwipeActions([.delete])
        var h = MachineHarness.standard(policy: policy)
        h.pan(from: h.point(row: 3, x: 300), by: Point(x: -250, y: 0))
        #expect(h.committed.isEmpty)
        #expect(h.machine.phase == .open)
    }

    @Test func slideIsClampedToWhatTheSideReveals() {
        var policy = StaticEditingPolicy()
        policy.trailing = SwipeActions([.delete])  // no full swipe: at most the pane
        var h = MachineHarness.standard(policy: policy)
        h.pan(from: h.point(row: 3, x: 300), by: Point(x: -200, y: 0), end: false)
        #expect(h.machine.presentation.swipe?.offset == -Self.pane)
        // No leading actions: sliding right stops at zero.
        h.send(.panChanged(.init(location: h.point(row: 3, x: 300), translation: Point(x: 50, y: 0))))
        #expect(h.machine.presentation.swipe?.offset == 0)
    }

    @Test func verticalPanScrollsAndNeverSwipes() {
        var h = MachineHarness.standard()
        h.pan(from: h.point(row: 3), by: Point(x: -30, y: -100))
        #expect(h.machine.contentOffset == 100)
        #expect(h.log.allSatisfy { if case .swipeBegan = $0 { false } else { true } })
        // Past either end the content follows with the rubber band, less
        // than a viewport (440) past it, and springs back on release:
        // content 30 × 44 = 1320, viewport 440, range 0 … 880.
        h.pan(from: h.point(row: 3), by: Point(x: 0, y: -5000))
        #expect(h.machine.contentOffset > 880 && h.machine.contentOffset < 880 + 440)
        h.settle()
        #expect(h.machine.contentOffset == 880)
        h.pan(from: h.point(row: 3), by: Point(x: 0, y: 5000))
        #expect(h.machine.contentOffset < 0 && h.machine.contentOffset > -440)
        h.settle()
        #expect(h.machine.contentOffset == 0)
    }

    @Test(arguments: [(-40.1, true), (-40.0, false)])
    func mostlyHorizontalMeansStrictlyMoreAcrossThanDown(dx: Double, swipes: Bool) {
        var h = MachineHarness.standard()
        let start = h.point(row: 3)
        h.send(.panBegan(.init(location: start + Point(x: dx, y: 40), translation: Point(x: dx, y: 40))))
        #expect(h.machine.phase == (swipes ? .swiping : .scrolling))
    }

    @Test func horizontalPanOnANonEditableCellDoesNotSwipe() {
        var policy = StaticEditingPolicy()
        policy.notEditable = ["a3"]
        var h = MachineHarness.standard(policy: policy)
        h.pan(from: h.point(row: 3), by: Point(x: -100, y: 0))
        #expect(h.machine.presentation.swipe == nil)
        #expect(h.machine.phase == .idle)
    }

    @Test func tapOnTheOpenCellsActionPerformsIt() {
        var h = MachineHarness.standard()
        h.pan(from: h.point(row: 3), by: Point(x: -60, y: 0))
        #expect(h.machine.phase == .open)
        h.send(.touchDown(h.point(row: 3, x: 300)))
        h.send(.tap(h.point(row: 3, x: 300)))
        #expect(h.committed.map(\.edit) == [.action("delete", item: "a3")])
        #expect(h.items[0].count == 19)
    }

    @Test func tapElsewhereWhileOpenOnlyShuts() {
        var h = MachineHarness.standard()
        h.pan(from: h.point(row: 3), by: Point(x: -60, y: 0))
        let effects = h.send(.tap(h.point(row: 6)))
        #expect(effects == [.swipeShut("a3")])
        #expect(h.machine.selection.isEmpty)
        #expect(h.machine.phase == .idle)
    }

    @Test func atMostOneCellIsOpen() {
        var h = MachineHarness.standard()
        h.pan(from: h.point(row: 3), by: Point(x: -60, y: 0))
        h.pan(from: h.point(row: 5), by: Point(x: -60, y: 0))
        #expect(h.log.contains(.swipeShut("a3")))
        #expect(h.machine.presentation.swipe?.indexPath == ip(0, 5))
        #expect(h.machine.phase == .open)
    }

    @Test func leadingActionsAndANormalActionLeaveTheModel() {
        var policy = StaticEditingPolicy()
        policy.leading = SwipeActions([EditingAction(id: "flag", title: "Flag")])
        var h = MachineHarness.standard(policy: policy)
        let before = h.machine.model
        h.pan(from: h.point(row: 2, x: 20), by: Point(x: 60, y: 0))
        #expect(h.machine.presentation.swipe?.offset == 74)
        h.send(.tap(h.point(row: 2, x: 10)))
        #expect(h.committed.map(\.edit) == [.action("flag", item: "a2")])
        #expect(h.machine.model == before)
    }

    @Test func panOnTheOpenCellSlidesItShut() {
        var h = MachineHarness.standard()
        h.pan(from: h.point(row: 3), by: Point(x: -60, y: 0))
        h.pan(from: h.point(row: 3, x: 200), by: Point(x: 60, y: 0))
        #expect(h.machine.phase == .idle)
        #expect(h.log.last == .swipeShut("a3"))
    }

    @Test func secondFingerShutsASlidingCell() {
        var h = MachineHarness.standard()
        h.pan(from: h.point(row: 3), by: Point(x: -60, y: 0), end: false)
        #expect(h.send(.secondContact) == [.swipeShut("a3")])
        #expect(h.machine.presentation.swipe == nil)
    }
}
