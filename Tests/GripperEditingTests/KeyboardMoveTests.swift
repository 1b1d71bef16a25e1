import GripperTesting
import Testing
import GripperGeometry
import GripperInput
import GripperLayout
@testable import GripperEditing
@_spi(Benchmarks) import GripperEditing

extension MachineHarness {
    /// Sends one key press `after` milliseconds after the previous input.
    @discardableResult
    mutating func key(_ key: KeyboardInput, after ms: Int64 = 10) -> [EditingEffect] {
        time = time + Duration.milliseconds(ms)
        let effects = machine.handle(key, at: time, geometry: layout)
        log += effects
        return effects
    }

    /// Sends one move command.
    @discardableResult
    mutating func command(_ command: MoveCommand, after ms: Int64 = 10) -> [EditingEffect] {
        time = time + Duration.milliseconds(ms)
        let effects = machine.handle(command, at: time, geometry: layout)
        log += effects
        return effects
    }

    mutating func focus(_ p: ItemPath) {
        _ = machine.setFocus(p)
    }
}

/// Keyboard moves, focus and move commands: both sides of every rule.
@Suite struct KeyboardMoveTests {
    /// Fruit: apple pear plum; Vegetables: leek kale bean.
    static func fruit(policy: StaticEditingPolicy = StaticEditingPolicy()) -> MachineHarness {
        MachineHarness(model([("fruit", ["apple", "pear", "plum"]), ("veg", ["leek", "kale", "bean"])]), policy: policy)
    }

    static func check(_ h: MachineHarness) {
        #expect(h.machine.invariantViolations() == [])
    }

    // MARK: - Focus

    @Test func theFirstArrowFocusesTheFirstItemAndEndTheLast() {
        var h = Self.fruit()
        #expect(h.key(.down) == [.focusChanged(EditingFocus(item: "apple", indexPath: ip(0, 0)))])
        var g = Self.fruit()
        #expect(g.key(.end) == [.focusChanged(EditingFocus(item: "bean", indexPath: ip(1, 2)))])
    }

    @Test func arrowsWalkAListAcrossSectionsAndStopAtTheEnds() {
        var h = Self.fruit()
        h.focus(ip(0, 2))
        #expect(h.key(.down) == [.focusChanged(EditingFocus(item: "leek", indexPath: ip(1, 0)))])
        #expect(h.key(.up) == [.focusChanged(EditingFocus(item: "plum", indexPath: ip(0, 2)))])
        h.focus(ip(0, 0))
        #expect(h.key(.up) == [])  // the top
        #expect(h.key(.left) == [] && h.key(.right) == [])  // one column: a row of one
        h.focus(ip(1, 2))
        #expect(h.key(.down) == [])  // the bottom
        #expect(h.key(.home) == [.focusChanged(EditingFocus(item: "apple", indexPath: ip(0, 0)))])
        Self.check(h)
    }

    @Test func emptySectionsAreSkippedByTheFocus() {
        var h = MachineHarness(model([("A", ["a0"]), ("E", []), ("B", ["b0"])]))
        h.focus(ip(0, 0))
        #expect(h.key(.down) == [.focusChanged(EditingFocus(item: "b0", indexPath: ip(2, 0)))])
        #expect(h.key(.up) == [.focusChanged(EditingFocus(item: "a0", indexPath: ip(0, 0)))])
    }

    @Test func inAGridLeftAndRightStayInTheRowAndUpAndDownKeepTheColumn() {
        // Three columns: A has 7 items (rows 0-2, 3-5, 6), B has 2.
        var h = MachineHarness(model([("A", (0..<7).map { "a\($0)" }), ("B", ["b0", "b1"])]))
        h.metrics = LayoutMetrics(columns: 3, rowHeight: 44)
        h.focus(ip(0, 2))
        #expect(h.key(.right) == [])  // the row's end
        #expect(h.key(.left) == [.focusChanged(EditingFocus(item: "a1", indexPath: ip(0, 1)))])
        #expect(h.key(.down) == [.focusChanged(EditingFocus(item: "a4", indexPath: ip(0, 4)))])
        // Row 1 column 1 down: the last row has only a6 (column 0).
        #expect(h.key(.down) == [.focusChanged(EditingFocus(item: "a6", indexPath: ip(0, 6)))])
        h.focus(ip(0, 5))
        #expect(h.key(.down) == [.focusChanged(EditingFocus(item: "a6", indexPath: ip(0, 6)))])
        // Out of the last row: B's first row, same column clamped.
        h.focus(ip(0, 6))
        #expect(h.key(.down) == [.focusChanged(EditingFocus(item: "b0", indexPath: ip(1, 0)))])
        #expect(h.key(.right) == [.focusChanged(EditingFocus(item: "b1", indexPath: ip(1, 1)))])
        // Up from B column 1: A's last row, column 1 clamped to a6.
        #expect(h.key(.up) == [.focusChanged(EditingFocus(item: "a6", indexPath: ip(0, 6)))])
        #expect(h.key(.up) == [.focusChanged(EditingFocus(item: "a3", indexPath: ip(0, 3)))])
        Self.check(h)
    }

    @Test func theFocusFollowsItsItemThroughBatchesAndMovesOnWhenItIsDeleted() throws {
        var h = Self.fruit()
        h.focus(ip(0, 1))
        let inserted = try h.apply([.insertItem("fig", at: ip(0, 0))])
        #expect(!inserted.contains { if case .focusChanged = $0 { true } else { false } })
        #expect(h.machine.focus == EditingFocus(item: "pear", indexPath: ip(0, 2)))
        let deleted = try h.apply([.deleteItem(ip(0, 2))])
        #expect(deleted.contains(.focusChanged(EditingFocus(item: "plum", indexPath: ip(0, 2)))))
        _ = try h.apply([.deleteItem(ip(0, 2))])  // the section's last: the one before it
        #expect(h.machine.focus == EditingFocus(item: "apple", indexPath: ip(0, 1)))
        _ = try h.apply([.deleteItem(ip(0, 0)), .deleteItem(ip(0, 1))])  // the section empties: the next one's
        #expect(h.machine.focus == EditingFocus(item: "leek", indexPath: ip(1, 0)))
        _ = try h.apply([.deleteItem(ip(1, 0)), .deleteItem(ip(1, 1)), .deleteItem(ip(1, 2))])
        #expect(h.machine.focus == nil)
        Self.check(h)
    }

    @Test func theFocusFollowsUndoRedoAndReload() {
        var h = Self.fruit()
        h.focus(ip(0, 1))
        h.key(.activate)
        h.key(.down)
        h.key(.activate)
        #expect(h.machine.focus == EditingFocus(item: "pear", indexPath: ip(0, 2)))
        h.send(.undo)
        #expect(h.machine.focus == EditingFocus(item: "pear", indexPath: ip(0, 1)))
        h.send(.redo)
        #expect(h.machine.focus == EditingFocus(item: "pear", indexPath: ip(0, 2)))
        h.send(.reload(model([("veg", ["pear", "leek"])])))
        #expect(h.machine.focus == EditingFocus(item: "pear", indexPath: ip(0, 0)))
        Self.check(h)
    }

    // MARK: - Lift, steps, drop, cancel

    @Test func spaceLiftsArrowsMoveTheGapAcrossASectionAndSpaceDropsOneMove() {
        var h = Self.fruit()
        h.focus(ip(0, 1))
        #expect(h.key(.activate) == [.dragBegan("pear", from: ip(0, 1))])
        #expect(h.machine.phase == .keyboardMoving)
        #expect(h.machine.presentation.drag?.source == ip(0, 1))
        #expect(h.key(.down) == [.gapMoved(to: ip(0, 2))])
        #expect(h.key(.down) == [.gapMoved(to: ip(1, 0))])  // into Vegetables, at its top
        #expect(h.machine.presentation.drag?.target == ip(1, 0))
        let drop = h.key(.activate)
        #expect(h.machine.phase == .idle)
        #expect(plain(h.machine.model) == [["apple", "plum"], ["pear", "leek", "kale", "bean"]])
        #expect(h.machine.journal.entries.count == 1)
        #expect(drop.last == .dragEnded("pear", committed: true))
        #expect(h.machine.focus == EditingFocus(item: "pear", indexPath: ip(1, 0)))
        h.send(.undo)
        #expect(plain(h.machine.model) == [["apple", "pear", "plum"], ["leek", "kale", "bean"]])
        Self.check(h)
    }

    @Test func theGapStopsAtTheEndsAndHomeEndGoToTheSectionsEnds() {
        var h = Self.fruit()
        h.focus(ip(0, 0))
        h.key(.activate)
        #expect(h.key(.up) == [])
        #expect(h.key(.end) == [.gapMoved(to: ip(0, 2))])
        #expect(h.key(.home) == [.gapMoved(to: ip(0, 0))])
        #expect(h.key(.left) == [] && h.key(.right) == [])
        h.key(.down); h.key(.down); h.key(.down)  // [0,1] [0,2] [1,0]
        #expect(h.key(.end) == [.gapMoved(to: ip(1, 3))])  // another section's end: after bean
        #expect(h.key(.down) == [])
        #expect(h.key(.up) == [.gapMoved(to: ip(1, 2))])
        Self.check(h)
    }

    @Test func aDropOnItsOwnPlaceCommitsNothing() {
        var h = Self.fruit()
        h.focus(ip(0, 1))
        h.key(.activate)
        h.key(.down)
        h.key(.up)
        #expect(h.key(.activate) == [.dragEnded("pear", committed: false)])
        #expect(h.machine.journal.entries.isEmpty)
    }

    @Test func escapeCancelsAndNothingChanges() {
        var h = Self.fruit()
        h.focus(ip(0, 1))
        h.key(.activate)
        h.key(.down)
        h.key(.down)
        #expect(h.key(.cancel) == [.dragCancelled("pear")])
        #expect(h.machine.phase == .idle)
        #expect(plain(h.machine.model) == [["apple", "pear", "plum"], ["leek", "kale", "bean"]])
        #expect(h.machine.journal.entries.isEmpty)
        #expect(h.machine.focus == EditingFocus(item: "pear", indexPath: ip(0, 1)))
    }

    @Test func aLiftIsRefusedWithoutAFocusForAnUnmovableItemAndWhileAPointerDrags() {
        var h = Self.fruit(policy: { var p = StaticEditingPolicy(); p.notMovable = ["pear"]; return p }())
        #expect(h.key(.activate) == [.moveRefused(.noFocus)])
        h.focus(ip(0, 1))
        #expect(h.key(.activate) == [.moveRefused(.notMovable("pear"))])
        #expect(h.machine.phase == .idle)
        h.focus(ip(0, 0))
        // A pointer drag of plum in flight.
        h.send(.touchDown(h.point(row: 2)))
        #expect(h.key(.activate) == [.moveRefused(.busy(.tracking))])
        h.send(.longPress(h.point(row: 2)), after: 500)
        #expect(h.machine.phase == .dragging)
        #expect(h.key(.activate) == [.moveRefused(.busy(.dragging))])
        // Escape cancels the pointer drag.
        #expect(h.key(.cancel) == [.dragCancelled("plum")])
        #expect(h.machine.phase == .idle)
        Self.check(h)
    }

    @Test func pointerInputDuringAKeyboardMoveStartsNoDragAndNoSwipe() {
        var h = Self.fruit()
        h.focus(ip(0, 0))
        h.key(.activate)
        let p = h.point(row: 2)
        #expect(h.send(.touchDown(p)) == [])
        #expect(h.send(.longPress(p), after: 500) == [])
        #expect(h.send(.panBegan(ContactInput.Pan(location: p + Point(x: -40, y: 0), translation: Point(x: -40, y: 0)))) == [])
        #expect(h.machine.phase == .keyboardMoving)
        #expect(h.machine.presentation.drag?.source == ip(0, 0))
        // The wheel still scrolls (nothing to scroll here: it stays at 0).
        h.send(.scroll(10))
        #expect(h.machine.phase == .keyboardMoving)
        Self.check(h)
    }

    @Test func aVetoKeepsTheGapAndSaysSoARedirectIsFollowed() {
        var policy = StaticEditingPolicy()
        policy.closedSections = [1]
        var h = Self.fruit(policy: policy)
        h.focus(ip(0, 2))
        h.key(.activate)
        #expect(h.key(.down) == [.moveRefused(.vetoed("plum", proposed: ip(1, 0)))])
        #expect(h.machine.presentation.drag?.target == ip(0, 2))
        var between = StaticEditingPolicy()
        between.movesBetweenSections = false  // redirects to the source section's nearest end
        var g = Self.fruit(policy: between)
        g.focus(ip(0, 1))
        g.key(.activate)
        #expect(g.key(.down) == [.gapMoved(to: ip(0, 2))])
        #expect(g.key(.down) == [])  // redirected to where it is: nothing
        #expect(g.machine.presentation.drag?.target == ip(0, 2))
        Self.check(g)
    }

    @Test func setEditingDeviceLossAndReloadCancelAKeyboardMove() {
        for input in [EditingCommand.setEditing(false), .cancelInteraction, .undo,
                      .reload(model([("fruit", ["pear", "apple"])]))] {
            var h = Self.fruit()
            h.focus(ip(0, 1))
            h.key(.activate)
            h.key(.down)
            let effects = h.send(input)
            #expect(effects.first == .dragCancelled("pear"), "\(input)")
            #expect(h.machine.phase == .idle, "\(input)")
            #expect(!h.machine.journal.entries.contains { if case .move = $0.edit { true } else { false } })
            Self.check(h)
        }
    }

    @Test func inBatchEditingAKeyboardMoveIsASubStateAndKeepsTheMode() {
        var h = Self.fruit()
        h.send(.setEditing(true))
        h.focus(ip(0, 1))
        h.key(.activate)
        #expect(h.machine.phase == .batchEditingKeyboardMoving)
        h.key(.down)
        h.key(.activate)
        #expect(h.machine.phase == .batchEditingIdle)
        #expect(plain(h.machine.model) == [["apple", "plum", "pear"], ["leek", "kale", "bean"]])
    }

    // MARK: - App batches during a keyboard move

    @Test func anAppBatchReBasesAKeyboardMoveOrCancelsItWhenItsItemGoes() throws {
        var h = Self.fruit()
        h.focus(ip(0, 1))
        h.key(.activate)
        h.key(.down)  // gap [0,2], between plum and the end
        let inserted = try h.apply([.insertItem("fig", at: ip(0, 0))])
        #expect(inserted == [.appBatchApplied(h.machine.journal.entries[0])])
        #expect(h.machine.presentation.drag?.source == ip(0, 2))
        #expect(h.machine.presentation.drag?.target == ip(0, 3))
        h.key(.activate)
        #expect(plain(h.machine.model) == [["fig", "apple", "plum", "pear"], ["leek", "kale", "bean"]])
        Self.check(h)

        var g = Self.fruit()
        g.focus(ip(0, 1))
        g.key(.activate)
        let deleted = try g.apply([.deleteItem(ip(0, 1))])
        #expect(deleted.contains(.dragCancelled("pear")))
        #expect(g.machine.phase == .idle)
        #expect(g.machine.focus?.item == "plum")
        Self.check(g)
    }

    // MARK: - Commands

    @Test func commandsAtRestCommitAtOnceAndOneUndoTakesThemBack() {
        var h = Self.fruit()
        #expect(h.command(.up) == [.moveRefused(.noFocus)])
        h.focus(ip(0, 1))
        let effects = h.command(.down)
        #expect(effects.count == 1)
        #expect(plain(h.machine.model) == [["apple", "plum", "pear"], ["leek", "kale", "bean"]])
        h.command(.down)  // into veg's top
        #expect(plain(h.machine.model) == [["apple", "plum"], ["pear", "leek", "kale", "bean"]])
        h.command(.toBottom)
        #expect(plain(h.machine.model) == [["apple", "plum"], ["leek", "kale", "bean", "pear"]])
        h.command(.toTop)
        #expect(plain(h.machine.model) == [["apple", "plum"], ["pear", "leek", "kale", "bean"]])
        h.command(.toSection(0))
        #expect(plain(h.machine.model) == [["apple", "plum", "pear"], ["leek", "kale", "bean"]])
        #expect(h.machine.journal.entries.count == 5)
        h.send(.undo)
        #expect(plain(h.machine.model) == [["apple", "plum"], ["pear", "leek", "kale", "bean"]])
        Self.check(h)
    }

    @Test func byNIsClampedToTheEndsForAnyInt() {
        for (n, expected) in [(Int.min, [["pear", "apple", "plum"], ["leek", "kale", "bean"]]),
                              (-1, [["pear", "apple", "plum"], ["leek", "kale", "bean"]]),
                              (2, [["apple", "plum"], ["pear", "leek", "kale", "bean"]]),
                              (5, [["apple", "plum"], ["leek", "kale", "bean", "pear"]]),
                              (Int.max, [["apple", "plum"], ["leek", "kale", "bean", "pear"]])] {
            var h = Self.fruit()
            h.focus(ip(0, 1))
            h.command(.by(n))
            #expect(plain(h.machine.model) == expected, "by(\(n))")
            Self.check(h)
        }
        var h = Self.fruit()
        h.focus(ip(0, 0))
        #expect(h.command(.by(-3)) == [])  // already first: nothing
        #expect(h.command(.by(0)) == [])
        #expect(h.machine.journal.entries.isEmpty)
    }

    @Test func commandsAreRefusedForAMissingSectionAVetoAnUnmovableItemAndWhileBusy() {
        var policy = StaticEditingPolicy()
        policy.closedSections = [1]
        policy.notMovable = ["apple"]
        var h = Self.fruit(policy: policy)
        h.focus(ip(0, 1))
        #expect(h.command(.toSection(2)) == [.moveRefused(.noSuchSection("pear", 2))])
        #expect(h.command(.toSection(-1)) == [.moveRefused(.noSuchSection("pear", -1))])
        #expect(h.command(.toSection(1)) == [.moveRefused(.vetoed("pear", proposed: ip(1, 3)))])
        h.focus(ip(0, 0))
        #expect(h.command(.down) == [.moveRefused(.notMovable("apple"))])
        h.send(.touchDown(h.point(row: 1)))
        #expect(h.command(.down) == [.moveRefused(.busy(.tracking))])
        #expect(h.machine.journal.entries.isEmpty)
    }

    @Test func commandsDuringAKeyboardMoveMoveItsGap() {
        var h = Self.fruit()
        h.focus(ip(0, 0))
        h.key(.activate)
        #expect(h.command(.toSection(1)) == [.gapMoved(to: ip(1, 3))])
        #expect(h.command(.by(-2)) == [.gapMoved(to: ip(1, 1))])
        #expect(h.command(.toTop) == [.gapMoved(to: ip(1, 0))])
        h.key(.activate)
        #expect(plain(h.machine.model) == [["pear", "plum"], ["apple", "leek", "kale", "bean"]])
    }

    // MARK: - Announcements

    @Test func announcementsTellEachStepWithPositionsAndCounts() {
        var h = Self.fruit()
        h.machine.announces = true
        h.focus(ip(0, 1))
        #expect(h.key(.activate) == [.dragBegan("pear", from: ip(0, 1)),
            .announcement(.pickedUp("pear", at: ListPosition(indexPath: ip(0, 1), count: 3, section: "fruit")))])
        h.key(.down)
        #expect(h.key(.down) == [.gapMoved(to: ip(1, 0)),
            .announcement(.moved("pear", to: ListPosition(indexPath: ip(1, 0), count: 4, section: "veg")))])
        let drop = h.key(.activate)
        #expect(drop.last == .announcement(.dropped("pear", at: ListPosition(indexPath: ip(1, 0), count: 4, section: "veg"))))
        h.focus(ip(1, 0))
        h.key(.activate)
        h.key(.up)
        #expect(h.key(.cancel) == [.dragCancelled("pear"),
            .announcement(.cancelled("pear", returnedTo: ListPosition(indexPath: ip(1, 0), count: 4, section: "veg")))])
        #expect(h.key(.cancel) == [])
    }
}
