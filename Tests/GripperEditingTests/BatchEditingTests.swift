import Testing
import GripperGeometry
import GripperInput
import GripperLayout
@testable import GripperEditing
@_spi(Benchmarks) import GripperEditing

@Suite struct BatchEditingTests {
    @Test func setEditingShowsControlsAndTapsToggleSelection() {
        var h = MachineHarness.standard()
        #expect(h.send(.setEditing(true)) == [.editingChanged(true)])
        #expect(h.machine.presentation.isEditing)
        #expect(h.send(.setEditing(true)).isEmpty)
        h.send(.touchDown(h.point(row: 1, x: 150)))
        h.send(.tap(h.point(row: 1, x: 150)))
        h.send(.tap(h.point(row: 4, x: 150)))
        #expect(h.machine.selection == ["a1", "a4"])
        h.send(.tap(h.point(row: 1, x: 150)))
        #expect(h.machine.selection == ["a4"])
        #expect(h.machine.phase == .batchEditingIdle)
    }

    @Test func deleteSelectedDeletesEveryOneInOneBatch() {
        var h = MachineHarness.standard()
        h.send(.setEditing(true))
        for row in [1, 4, 22] { h.send(.tap(h.point(row: row, x: 150))) }
        h.send(.deleteSelected)
        #expect(h.committed.count == 1)
        #expect(h.committed.first?.edit == .delete(["a1", "a4", "b2"]))
        #expect(h.items[0].count == 18 && h.items[1].count == 9)
        #expect(h.machine.selection.isEmpty)
        #expect(h.machine.isEditing)
    }

    @Test func deleteControlOpensTheConfirmationWhichDeletes() {
        var h = MachineHarness.standard()
        h.send(.setEditing(true))
        #expect(h.send(.tap(h.point(row: 2, x: 20))) == [.deleteConfirmationOpened("a2")])
        #expect(h.machine.presentation.deleteConfirmation == ip(0, 2))
        #expect(h.machine.phase == .batchEditingOpen)
        // The confirmation button sits at the trailing edge (82 points wide).
        h.send(.tap(h.point(row: 2, x: 300)))
        #expect(h.committed.map(\.edit) == [.action("delete", item: "a2")])
        #expect(h.machine.phase == .batchEditingIdle)
    }

    @Test func tapElsewhereCancelsTheConfirmation() {
        var h = MachineHarness.standard()
        h.send(.setEditing(true))
        h.send(.tap(h.point(row: 2, x: 20)))
        #expect(h.send(.tap(h.point(row: 5, x: 150))) == [.deleteConfirmationCancelled("a2")])
        #expect(h.committed.isEmpty && h.machine.selection.isEmpty)
        #expect(h.machine.presentation.deleteConfirmation == nil)
    }

    /// Every way a delete confirmation shuts without deleting reports it as
    /// cancelled, never as a swiped cell shutting.
    @Test(arguments: ["tap elsewhere", "pan", "long-press", "wheel", "interaction cancelled",
                      "undo", "setEditing(false)"])
    func everyCancellationOfTheConfirmationIsReportedAsSuch(way: String) {
        var h = MachineHarness.standard()
        h.send(.setEditing(true))
        h.send(.tap(h.point(row: 2, x: 20)))
        #expect(h.machine.phase == .batchEditingOpen)
        let p = h.point(row: 5, x: 150)
        let input: EditingInput = switch way {
        case "tap elsewhere": .contact(.tap(p))
        case "pan": .contact(.panBegan(.init(location: p + Point(x: 0, y: -20), translation: Point(x: 0, y: -20))))
        case "long-press": .contact(.longPress(p))
        case "wheel": .contact(.scroll(48))
        case "interaction cancelled": .command(.cancelInteraction)
        case "undo": .command(.undo)
        default: .command(.setEditing(false))
        }
        let effects = h.send(input)
        #expect(effects.first == .deleteConfirmationCancelled("a2"), "\(way)")
        #expect(!effects.contains { if case .swipeShut = $0 { true } else { false } }, "\(way)")
        #expect(h.committed.isEmpty)
        #expect(h.machine.presentation.deleteConfirmation == nil)
        #expect(h.machine.phase != .batchEditingOpen)
    }

    @Test func nonEditableCellHasNoLiveDeleteControl() {
        var policy = StaticEditingPolicy()
        policy.notEditable = ["a2"]
        var h = MachineHarness.standard(policy: policy)
        h.send(.setEditing(true))
        h.send(.tap(h.point(row: 2, x: 20)))
        #expect(h.machine.phase == .batchEditingIdle)
        #expect(h.machine.presentation.deleteConfirmation == nil)
    }

    @Test func noSwipeInBatchEditingPanScrolls() {
        var h = MachineHarness.standard()
        h.send(.setEditing(true))
        h.pan(from: h.point(row: 3, x: 150), by: Point(x: -100, y: -10))
        #expect(h.machine.presentation.swipe == nil)
        #expect(h.machine.contentOffset == 10)
    }

    @Test func setEditingFalseClearsSelectionAndShutsConfirmation() {
        var h = MachineHarness.standard()
        h.send(.setEditing(true))
        h.send(.tap(h.point(row: 1, x: 150)))
        h.send(.tap(h.point(row: 2, x: 20)))
        let effects = h.send(.setEditing(false))
        #expect(effects == [.deleteConfirmationCancelled("a2"), .selectionChanged([]), .editingChanged(false)])
        #expect(h.machine.phase == .idle)
    }
}

@Suite struct DragTests {
    /// Long-press a2 (row 2) at x 100, move the contact by `rows` rows, lift.
    static func drag(_ h: inout MachineHarness, rows: Int, lift: Bool = true) {
        let start = h.point(row: 2)
        h.send(.touchDown(start))
        h.send(.longPress(start), after: 500)
        for k in 1...4 {
            h.send(.contactMoved(start + Point(x: 0, y: Double(rows) * 44 * Double(k) / 4)))
        }
        if lift { h.send(.contactLifted(start + Point(x: 0, y: Double(rows) * 44))) }
    }

    @Test func longPressDragCommitsOneMoveWhereTheGapWas() throws {
        var h = MachineHarness.standard()
        Self.drag(&h, rows: 3, lift: false)
        let p = h.machine.presentation
        let drag = try #require(p.drag)
        #expect(drag.source == ip(0, 2) && drag.target == ip(0, 5))
        // The proxy keeps the grab offset: grabbed 60 points left of the cell's centre.
        #expect(drag.proxyCenter == Point(x: 160, y: 110 + 132))
        let hidden = try #require(h.layout.attributes(for: ip(0, 2), presentation: p))
        #expect(hidden.isHidden)
        h.send(.contactLifted(h.point(row: 5)))
        #expect(h.committed.map(\.edit) == [.move("a2", from: ip(0, 2), to: ip(0, 5))])
        #expect(h.machine.model.indexPath(of: "a2") == ip(0, 5))
        #expect(h.log.last == .dragEnded("a2", committed: true))
        #expect(h.machine.presentation.drag == nil)
    }

    @Test func dropOnItsOwnPlaceChangesNothing() {
        var h = MachineHarness.standard()
        Self.drag(&h, rows: 0)
        #expect(h.committed.isEmpty)
        #expect(h.log.last == .dragEnded("a2", committed: false))
    }

    @Test func goingAwayAndComingBackChangesNothing() {
        var h = MachineHarness.standard()
        Self.drag(&h, rows: 4, lift: false)
        h.send(.contactMoved(h.point(row: 2)))
        h.send(.contactLifted(h.point(row: 2)))
        #expect(h.committed.isEmpty)
    }

    @Test func notMovableDoesNotDrag() {
        var policy = StaticEditingPolicy()
        policy.notMovable = ["a2"]
        var h = MachineHarness.standard(policy: policy)
        Self.drag(&h, rows: 3)
        #expect(h.committed.isEmpty)
        #expect(!h.log.contains(.dragBegan("a2", from: ip(0, 2))))
    }

    @Test func gripperStartsADragAtOnceInBatchEditing() {
        var h = MachineHarness.standard()
        h.send(.setEditing(true))
        let grip = h.point(row: 2, x: 300)
        #expect(h.send(.touchDown(grip)) == [.dragBegan("a2", from: ip(0, 2))])
        #expect(h.machine.phase == .batchEditingDragging)
        h.send(.panBegan(.init(location: grip + Point(x: 0, y: 30), translation: Point(x: 0, y: 30))))
        h.send(.panChanged(.init(location: grip + Point(x: 0, y: 88), translation: Point(x: 0, y: 88))))
        h.send(.panEnded(.init(location: grip + Point(x: 0, y: 88), translation: Point(x: 0, y: 88))))
        #expect(h.committed.map(\.edit) == [.move("a2", from: ip(0, 2), to: ip(0, 4))])
        #expect(h.machine.phase == .batchEditingIdle)
    }

    @Test func movesBetweenSections() {
        var h = MachineHarness.standard()
        // Row 21 at rest is b1; with a2 out of section 0 the rows below move
        // up one, so the gap under the finger at row 21 is section 1's third
        // slot, and the lift commits it there.
        Self.drag(&h, rows: 19)
        #expect(h.machine.model.indexPath(of: "a2") == ip(1, 2))
        #expect(h.items[0].count == 19 && h.items[1].count == 11)
    }

    @Test func policyVetoKeepsTheGap() {
        var policy = StaticEditingPolicy()
        policy.closedSections = [1]
        var h = MachineHarness.standard(policy: policy)
        Self.drag(&h, rows: 10, lift: false)   // row 12, still section 0
        #expect(h.machine.presentation.drag?.target == ip(0, 12))
        h.send(.contactMoved(h.point(row: 21)))  // into section 1: vetoed
        #expect(h.machine.presentation.drag?.target == ip(0, 12))
        h.send(.contactLifted(h.point(row: 21)))
        #expect(h.machine.model.indexPath(of: "a2") == ip(0, 12))
    }

    @Test func policyRedirectKeepsTheItemInItsSection() {
        var policy = StaticEditingPolicy()
        policy.movesBetweenSections = false
        var h = MachineHarness.standard(policy: policy)
        Self.drag(&h, rows: 19)
        #expect(h.machine.model.indexPath(of: "a2") == ip(0, 19))
    }

    @Test func secondFingerIsIgnoredWhileDragging() {
        var h = MachineHarness.standard()
        Self.drag(&h, rows: 3, lift: false)
        #expect(h.send(.secondContact).isEmpty)
        h.send(.contactLifted(h.point(row: 5)))
        #expect(h.machine.model.indexPath(of: "a2") == ip(0, 5))
    }

    @Test(arguments: [EditingCommand.setEditing(false), .cancelInteraction,
                      .reload(model([("A", ["x"])])), .undo, .deleteSelected])
    func externalStimuliRevertADrag(stimulus: EditingCommand) {
        var h = MachineHarness.standard()
        Self.drag(&h, rows: 3, lift: false)
        let before = h.machine.model
        let effects = h.send(stimulus)
        #expect(effects.first == .dragCancelled("a2"))
        #expect(h.machine.presentation.drag == nil)
        #expect(h.machine.nextDeadline == nil)
        if case .reload(let m) = stimulus { #expect(h.machine.model == m) } else { #expect(h.machine.model == before) }
        #expect(!h.committed.contains { if case .move = $0.edit { true } else { false } })
    }

    @Test func undoAndRedoAMove() {
        var h = MachineHarness.standard()
        let start = h.machine.model
        Self.drag(&h, rows: 3)
        let moved = h.machine.model
        h.send(.undo)
        #expect(h.machine.model == start)
        h.send(.redo)
        #expect(h.machine.model == moved)
    }
}

@Suite struct AutoScrollTests {
    let config = EditingConfiguration(viewportHeight: 440)

    @Test func speedGrowsWithDepthAndIsCapped() {
        // Zone: 20 % of 440 = 88 points at each edge.
        #expect(config.autoScrollVelocity(atViewportY: 88) == 0)
        #expect(config.autoScrollVelocity(atViewportY: 87) < 0)
        #expect(config.autoScrollVelocity(atViewportY: 352) == 0)
        #expect(config.autoScrollVelocity(atViewportY: 353) > 0)
        #expect(abs(config.autoScrollVelocity(atViewportY: 353) - (315 + 1260 / 88)) < 1e-9)
        #expect(config.autoScrollVelocity(atViewportY: 400) < config.autoScrollVelocity(atViewportY: 420))
        #expect(config.autoScrollVelocity(atViewportY: 440) == 1575)
        #expect(config.autoScrollVelocity(atViewportY: 900) == 1575)
        #expect(config.autoScrollVelocity(atViewportY: -50) == -1575)
    }

    @Test func dragNearTheBottomTicksAndScrolls() throws {
        var h = MachineHarness.standard()
        let start = h.point(row: 2)
        h.send(.longPress(start))
        let effects = h.send(.contactMoved(Point(x: 100, y: 430)))
        let deadline = try #require(h.machine.nextDeadline)
        #expect(effects.contains(.scheduleTick(at: deadline)))
        #expect(deadline == h.time + Duration.microseconds(16_667))
        // A tick before the deadline does nothing.
        #expect(h.send(.tick, after: 16).isEmpty)
        #expect(h.machine.contentOffset == 0)
        let due = h.tickWhenDue()
        let v = config.autoScrollVelocity(atViewportY: 430)
        // Ramping up from the zone's entry over 0.5 s: 16.667 ms in, it has
        // gone as far as 0.016667² / (2 × 0.5) s at full speed.
        #expect(abs(h.machine.contentOffset - v * 0.016667 * 0.016667) < 1e-9)
        #expect(due.contains(.scheduleTick(at: h.time + Duration.microseconds(16_667))))
        // Moving out of the zone stops the ticks.
        h.send(.contactMoved(Point(x: 100, y: 200)))
        #expect(h.machine.nextDeadline == nil)
    }

    @Test func autoScrollStopsAtTheEndAndTheGapFollows() throws {
        var h = MachineHarness.standard()
        h.send(.longPress(h.point(row: 2)))
        h.send(.contactMoved(Point(x: 100, y: 439)))
        var ticks = 0
        while h.machine.nextDeadline != nil && ticks < 1000 {
            h.tickWhenDue()
            ticks += 1
        }
        #expect(h.machine.contentOffset == 880)
        #expect(ticks > 10 && ticks < 1000)
        let drag = try #require(h.machine.presentation.drag)
        #expect(drag.target == ip(1, 10))  // after B's last item
        h.send(.contactLifted(Point(x: 100, y: 439)))
        #expect(h.machine.model.indexPath(of: "a2") == ip(1, 10))
    }

    @Test func noAutoScrollAtTheTopOfTheContent() {
        var h = MachineHarness.standard()
        h.send(.longPress(h.point(row: 2)))
        h.send(.contactMoved(Point(x: 100, y: 5)))
        #expect(h.machine.nextDeadline == nil)
    }
}

@Suite struct GridDragTests {
    @Test func dragAcrossColumnsInATwoColumnGrid() throws {
        var h = MachineHarness.standard()
        h.metrics = LayoutMetrics(columns: 2, rowHeight: 44)
        // Item 0 sits in the left column of the first row; its right neighbour is item 1.
        let left = Point(x: 80, y: 22), right = Point(x: 240, y: 22)
        h.send(.longPress(left))
        let drag = try #require(h.machine.presentation.drag)
        #expect(drag.source == ip(0, 0))
        h.send(.contactMoved(right))
        #expect(h.machine.presentation.drag?.target == ip(0, 1))
        h.send(.contactMoved(Point(x: 240, y: 66)))  // second row, right column: slot 3
        #expect(h.machine.presentation.drag?.target == ip(0, 3))
        h.send(.contactLifted(Point(x: 240, y: 66)))
        #expect(h.items[0].prefix(4) == ["a1", "a2", "a3", "a0"])
    }
}
