import GripperScripting
import GripperTesting
import Testing
import GripperGeometry
import GripperInput
@_spi(Benchmarks) import GripperLayout
@testable import GripperEditing
@_spi(Benchmarks) import GripperEditing

/// The long-press menu: every arrow of its part of the diagram
/// (`Documentation/Editing.md`, "The long-press menu"), on both sides of
/// its thresholds.
@Suite struct MenuTests {
    static let copy = EditingAction(id: "copy", title: "Copy")
    static let share = EditingAction(id: "share", title: "Share")
    static let remove = EditingAction(id: "delete", title: "Delete", style: .destructive)

    /// Fruit: apple pear plum; Vegetables: leek kale bean. Pear and leek
    /// have a menu (Copy, Share, Delete); `pinned` may not move.
    static func harness(notMovable: Set<ItemID> = []) -> MachineHarness {
        var policy = StaticEditingPolicy()
        policy.menuOverrides = ["pear": [copy, share, remove], "leek": [copy, share, remove]]
        policy.notMovable = notMovable
        return MachineHarness(model([("fruit", ["apple", "pear", "plum"]), ("veg", ["leek", "kale", "bean"])]),
                              policy: policy)
    }

    static func check(_ h: MachineHarness, _ comment: Comment? = nil) {
        #expect(h.machine.invariantViolations() == [], comment)
    }

    /// Pear's row (1) pressed long: its menu opens below it, entries 44
    /// points tall from y 96 (a 220-point panel from x 8).
    static func opened(notMovable: Set<ItemID> = []) -> MachineHarness {
        var h = harness(notMovable: notMovable)
        h.send(.touchDown(h.point(row: 1)))
        h.send(.longPress(h.point(row: 1)), after: 500)
        #expect(h.machine.phase == .menu)
        return h
    }

    /// The middle of the menu's entry `k` (Pear's menu).
    static func entry(_ k: Int) -> Point { Point(x: 100, y: 96 + 44 * Double(k) + 22) }

    // MARK: - Opening

    @Test func aLongPressOnAnItemWithAMenuOpensIt() {
        var h = Self.harness()
        #expect(h.send(.touchDown(h.point(row: 1))) == [.highlight(ip(0, 1))])
        #expect(h.send(.longPress(h.point(row: 1)), after: 500)
            == [.highlight(nil), .menuOpened("pear", actions: ["copy", "share", "delete"])])
        #expect(h.machine.phase == .menu)
        #expect(h.machine.presentation.menu == MenuState(indexPath: ip(0, 1), entries: [
            MenuEntry(id: "copy", title: "Copy"), MenuEntry(id: "share", title: "Share"),
            MenuEntry(id: "delete", title: "Delete", style: .destructive)]))
        Self.check(h)
    }

    @Test func anItemWithoutAMenuDragsAsBefore() {
        var h = Self.harness()
        h.send(.touchDown(h.point(row: 0)))
        #expect(h.send(.longPress(h.point(row: 0)), after: 500) == [.highlight(nil), .dragBegan("apple", from: ip(0, 0))])
        #expect(h.machine.phase == .dragging)
        // A delegate that says nothing of menus: the same.
        var d = MachineHarness(model([("A", ["a", "b"])]))
        d.send(.longPress(d.point(row: 1)))
        #expect(d.machine.phase == .dragging)
    }

    @Test func aLongPressAtRestWithoutATouchDownOpensTheMenuToo() {
        var h = Self.harness()
        #expect(h.send(.longPress(h.point(row: 1))) == [.menuOpened("pear", actions: ["copy", "share", "delete"])])
        Self.check(h)
    }

    @Test func inBatchEditingALongPressStillDrags() {
        var h = Self.harness()
        h.send(.setEditing(true))
        h.send(.longPress(h.point(row: 1)))
        #expect(h.machine.phase == .batchEditingDragging)
    }

    @Test func aTouchThatCaughtAFlingOpensNoMenu() {
        var h = Self.harness()
        h.send(.touchDown(h.point(row: 1)))
        h.send(.cancelInteraction)
        // A long press on the header-less gap below the items: no cell, nothing.
        h.send(.longPress(Point(x: 100, y: 400)))
        #expect(h.machine.phase == .idle)
    }

    // MARK: - The finger that opened it

    @Test func movingPastTheDistanceLiftsTheItemIntoADrag() {
        var h = Self.opened()
        let start = h.point(row: 1)
        // 10 points is not past it (strictly farther).
        #expect(h.send(.contactMoved(start + Point(x: 0, y: 10))) == [])
        #expect(h.machine.phase == .menu)
        let effects = h.send(.contactMoved(start + Point(x: 0, y: 10.5)))
        #expect(effects.prefix(2) == [.menuDismissed("pear"), .dragBegan("pear", from: ip(0, 1))])
        #expect(h.machine.phase == .dragging)
        Self.check(h)
        // On down a row, and the lift commits one move.
        h.send(.contactMoved(start + Point(x: 0, y: 44)))
        h.send(.contactLifted(start + Point(x: 0, y: 44)))
        #expect(h.machine.phase == .idle)
        #expect(h.items == [["apple", "plum", "pear"], ["leek", "kale", "bean"]])
        Self.check(h)
    }

    @Test func theDragFromTheMenuKeepsItsGrabWhereTheLongPressBegan() {
        var h = Self.opened()
        let start = h.point(row: 1)
        h.send(.contactMoved(start + Point(x: 0, y: 20)))
        // The proxy's centre is the cell's centre moved by the finger's 20 points.
        #expect(h.machine.presentation.drag?.proxyCenter == Point(x: 160, y: 66 + 20))
    }

    @Test func anItemThatMayNotMoveKeepsItsMenuOpenWhenTheFingerMoves() {
        var h = Self.opened(notMovable: ["pear"])
        #expect(h.send(.contactMoved(h.point(row: 1) + Point(x: 0, y: 60))) == [])
        #expect(h.machine.phase == .menu)
    }

    @Test func liftingWithoutMovingLeavesTheMenuOpenAndLaterMovesDoNothing() {
        var h = Self.opened()
        #expect(h.send(.contactLifted(h.point(row: 1))) == [])
        #expect(h.machine.phase == .menu)
        #expect(h.send(.contactMoved(h.point(row: 5))) == [])
        #expect(h.machine.phase == .menu)
        Self.check(h)
    }

    // MARK: - Taps

    @Test func aTapOnAnEntryPerformsItAndClosesTheMenu() {
        var h = Self.opened()
        h.send(.contactLifted(h.point(row: 1)))
        #expect(h.send(.touchDown(Self.entry(1))) == [])
        #expect(h.machine.phase == .menu)
        let effects = h.send(.tap(Self.entry(1)))
        #expect(h.machine.phase == .idle)
        #expect(h.committed.map(\.edit) == [.action("share", item: "pear")])
        #expect(h.committed.first?.batch.isEmpty == true)
        #expect(!effects.contains(.menuDismissed("pear")))
        #expect(h.items == [["apple", "pear", "plum"], ["leek", "kale", "bean"]])
        Self.check(h)
    }

    @Test func aDestructiveEntryDeletesTheItemAsASwipeDeleteDoes() {
        var h = Self.opened()
        h.send(.contactLifted(h.point(row: 1)))
        h.send(.tap(Self.entry(2)))
        #expect(h.committed.map(\.edit) == [.action("delete", item: "pear")])
        #expect(h.committed.first?.batch == BatchUpdate([.deleteItem(ip(0, 1))]))
        #expect(h.items == [["apple", "plum"], ["leek", "kale", "bean"]])
        Self.check(h)
        // Undone as one entry.
        h.send(.undo)
        #expect(h.items == [["apple", "pear", "plum"], ["leek", "kale", "bean"]])
    }

    @Test func theEntriesTileThePanelAndATapJustBesideItCloses() {
        var h = Self.opened()
        h.send(.contactLifted(h.point(row: 1)))
        // The panel is its entries' frames (8…228 across): its edge is an
        // entry's, a point beyond misses the menu.
        #expect(h.layout.hitTest(Point(x: 227.5, y: 140), presentation: h.machine.presentation)
            == .menuEntry(ip(0, 1), id: "share"))
        #expect(h.send(.tap(Point(x: 228.5, y: 118))) == [.menuDismissed("pear")])
    }

    @Test func aTapOutsideClosesTheMenuAndSelectsNothing() {
        var h = Self.opened()
        h.send(.contactLifted(h.point(row: 1)))
        #expect(h.send(.tap(Point(x: 300, y: 22))) == [.menuDismissed("pear")])
        #expect(h.machine.phase == .idle)
        #expect(h.machine.selection.isEmpty)
    }

    @Test func aNewTouchOutsideClosesTheMenuAndIsSpent() {
        var h = Self.opened()
        h.send(.contactLifted(h.point(row: 1)))
        #expect(h.send(.touchDown(Point(x: 300, y: 22))) == [.menuDismissed("pear")])
        #expect(h.machine.phase == .tracking)
        // Its tap selects nothing and its long press opens nothing.
        #expect(h.send(.tap(Point(x: 300, y: 22))) == [])
        #expect(h.machine.selection.isEmpty)
        h.send(.touchDown(h.point(row: 5)))
        h.send(.cancelInteraction)
        Self.check(h)
    }

    @Test func aPanFromOutsideClosesTheMenuAndScrollsAndOneFromTheMenuDoesNothing() {
        var h = Self.opened()
        h.send(.contactLifted(h.point(row: 1)))
        let onMenu = ContactInput.Pan(location: Self.entry(0) + Point(x: 0, y: -20), translation: Point(x: 0, y: -20))
        #expect(h.send(.panBegan(onMenu)) == [])
        #expect(h.machine.phase == .menu)
        let away = ContactInput.Pan(location: Point(x: 300, y: 300), translation: Point(x: 0, y: -20))
        let effects = h.send(.panBegan(away))
        #expect(effects.first == .menuDismissed("pear"))
        #expect(h.machine.phase == .scrolling)
    }

    // MARK: - Other ways it closes

    @Test func aSecondFingerTheWheelAndEveryInterruptCloseIt() {
        for input: EditingInput in [.contact(.secondContact), .contact(.scroll(10)), .command(.cancelInteraction),
                                    .command(.undo), .command(.redo), .command(.deleteSelected),
                                    .command(.setEditing(false)), .command(.reload(model([("fruit", ["apple", "pear"])])))] {
            var h = Self.opened()
            let effects = h.send(input)
            #expect(effects.first == .menuDismissed("pear"), "\(input)")
            #expect(h.machine.phase == .idle, "\(input)")
            Self.check(h, "\(input)")
        }
        var h = Self.opened()
        #expect(h.send(.setEditing(true)) == [.menuDismissed("pear"), .editingChanged(true)])
        #expect(h.machine.phase == .batchEditingIdle)
    }

    @Test func inputsNotDrawnLeaveItOpen() {
        var h = Self.opened()
        for input in [ContactInput.longPress(Self.entry(0)), .secondTap(Self.entry(0)), .tick,
                      .panChanged(.init(location: .zero, translation: .zero)),
                      .panEnded(.init(location: .zero, translation: .zero))] {
            #expect(h.send(input) == [], "\(input)")
            #expect(h.machine.phase == .menu)
        }
    }

    @Test func appBatchesCarryTheMenuOrCloseItWhenItsItemGoes() throws {
        var h = Self.opened()
        try h.apply([.insertItem("fig", at: ip(0, 0))])
        #expect(h.machine.phase == .menu)
        #expect(h.machine.presentation.menu?.indexPath == ip(0, 2))
        Self.check(h)
        let effects = try h.apply([.deleteItem(ip(0, 2))])
        #expect(effects.contains(.menuDismissed("pear")))
        #expect(h.machine.phase == .idle)
        Self.check(h)
    }

    @Test func theAppsScrollAndMoveCommandsAreRefusedWhileItIsOpen() {
        var h = Self.opened()
        #expect(!h.machine.acceptsProgrammaticScroll)
        h.focus(ip(0, 0))
        #expect(h.command(.down) == [.moveRefused(.busy(.menu))])
        #expect(h.machine.phase == .menu)
    }

    @Test func aResizeKeepsItOpen() {
        var h = Self.opened()
        let effects = h.machine.viewportChanged(height: 400, offset: 0, contact: Point(x: 100, y: 60), at: h.time,
                                                geometry: h.layout)
        #expect(effects == [])
        #expect(h.machine.phase == .menu)
        // The finger is measured from where it now is.
        #expect(h.send(.contactMoved(Point(x: 100, y: 69))) == [])
        #expect(h.send(.contactMoved(Point(x: 100, y: 71))).first == .menuDismissed("pear"))
    }

    // MARK: - Keys

    @Test func theMenuKeyOpensTheFocusedItemsMenuWithItsFirstEntrySelected() {
        var h = Self.harness()
        #expect(h.key(.menu) == [])  // no focus
        h.focus(ip(0, 0))
        #expect(h.key(.menu) == [])  // apple has no menu
        h.focus(ip(0, 1))
        #expect(h.key(.menu) == [.menuOpened("pear", actions: ["copy", "share", "delete"]),
                                 .menuEntrySelected("pear", "copy")])
        #expect(h.machine.presentation.menu?.selectedEntry == 0)
        Self.check(h)
        #expect(h.key(.menu) == [.menuDismissed("pear")])  // again: closed
        #expect(h.machine.phase == .idle)
    }

    @Test func theArrowsAndTabWalkTheEntriesRoundAndEnterPerforms() {
        var h = Self.harness()
        h.focus(ip(0, 1))
        h.key(.menu)
        #expect(h.key(.down) == [.menuEntrySelected("pear", "share")])
        #expect(h.key(.next) == [.menuEntrySelected("pear", "delete")])
        #expect(h.key(.right) == [.menuEntrySelected("pear", "copy")])  // round to the top
        #expect(h.key(.previous) == [.menuEntrySelected("pear", "delete")])
        #expect(h.key(.up) == [.menuEntrySelected("pear", "share")])
        #expect(h.key(.left) == [.menuEntrySelected("pear", "copy")])
        #expect(h.key(.end) == [.menuEntrySelected("pear", "delete")])
        #expect(h.key(.end) == [])
        #expect(h.key(.home) == [.menuEntrySelected("pear", "copy")])
        #expect(h.machine.focus?.item == "pear")  // the focus stayed
        h.key(.down)
        h.key(.activate)
        #expect(h.committed.map(\.edit) == [.action("share", item: "pear")])
        #expect(h.machine.phase == .idle)
        Self.check(h)
    }

    @Test func aMenuALongPressOpenedHasNoSelectionUntilAKey() {
        var h = Self.opened()
        #expect(h.key(.activate) == [])
        #expect(h.machine.phase == .menu)
        #expect(h.key(.up) == [.menuEntrySelected("pear", "delete")])  // from none: the last
        var g = Self.opened()
        #expect(g.key(.next) == [.menuEntrySelected("pear", "copy")])  // from none: the first
    }

    @Test func enterOnADestructiveEntryDeletesAndTheFocusMovesOn() {
        var h = Self.harness()
        h.focus(ip(0, 1))
        h.key(.menu)
        h.key(.end)
        let effects = h.key(.activate)
        #expect(h.items == [["apple", "plum"], ["leek", "kale", "bean"]])
        #expect(effects.contains(.focusChanged(EditingFocus(item: "plum", indexPath: ip(0, 1)))))
        Self.check(h)
    }

    @Test func escapeClosesIt() {
        var h = Self.opened()
        #expect(h.key(.cancel) == [.menuDismissed("pear")])
        #expect(h.machine.phase == .idle)
    }

    @Test func theMenuKeyDoesNothingInBatchEditingOrWhileSomethingIsInFlight() {
        var h = Self.harness()
        h.focus(ip(0, 1))
        h.send(.setEditing(true))
        #expect(h.key(.menu) == [])
        h.send(.setEditing(false))
        h.send(.touchDown(h.point(row: 4)))
        #expect(h.key(.menu) == [])
        #expect(h.machine.phase == .tracking)
        h.send(.contactLifted(h.point(row: 4)))
        h.key(.activate)
        #expect(h.machine.phase == .keyboardMoving)
        #expect(h.key(.menu) == [] && h.key(.next) == [] && h.key(.previous) == [])
        #expect(h.machine.phase == .keyboardMoving)
    }

    @Test func tabAtRestDoesNothing() {
        var h = Self.harness()
        h.focus(ip(0, 1))
        #expect(h.key(.next) == [] && h.key(.previous) == [])
    }

    // MARK: - Announcements

    @Test func itSaysWhatItDoes() {
        var h = Self.harness()
        h.machine.announces = true
        h.focus(ip(0, 1))
        #expect(h.key(.menu) == [
            .menuOpened("pear", actions: ["copy", "share", "delete"]),
            .announcement(.menuOpened("pear", actions: ["Copy", "Share", "Delete"])),
            .menuEntrySelected("pear", "copy"),
            .announcement(.menuEntrySelected("Copy", on: "pear", position: 1, count: 3)),
        ])
        #expect(h.key(.cancel) == [.menuDismissed("pear"), .announcement(.menuDismissed("pear"))])
        h.key(.menu)
        let effects = h.key(.activate)
        #expect(effects.contains(.announcement(.actionPerformed("Copy", on: "pear"))))
    }

    // MARK: - The layout's side

    @Test func theLayoutPlacesTheMenuNextToTheItemAndHitTestsItFirst() {
        let h = Self.opened()
        let p = h.machine.presentation
        let all = h.layout.attributes(in: Rect(x: 0, y: 0, width: 320, height: 440), presentation: p)
        let menu = all.filter { $0.kind == .menu }
        let entries = all.filter { if case .menuEntry = $0.kind { true } else { false } }
        #expect(menu.map(\.frame) == [Rect(x: 8, y: 96, width: 220, height: 132)])
        #expect(entries.map(\.frame) == (0..<3).map { Rect(x: 8, y: 96 + 44 * Double($0), width: 220, height: 44) })
        #expect(entries.map(\.menuEntry?.title) == ["Copy", "Share", "Delete"])
        #expect(entries.allSatisfy { $0.indexPath == ip(0, 1) && $0.zIndex > ZIndex.cell })
        #expect(h.layout.hitTest(Self.entry(1), presentation: p) == .menuEntry(ip(0, 1), id: "share"))
        #expect(h.layout.hitTest(Point(x: 300, y: 118), presentation: p) == .cell(ip(0, 2)))
        #expect(h.layout.attributes(for: ElementID(kind: .menuEntry(index: 2), indexPath: ip(0, 1)), presentation: p,
                                    contentOffset: 0)?.menuEntry?.id == "delete")
        #expect(h.layout.attributes(for: ElementID(kind: .menu, indexPath: ip(0, 0)), presentation: p,
                                    contentOffset: 0) == nil)
    }

    @Test func theMenuGoesAboveAnItemNearTheBottomAndStaysInTheViewport() {
        var h = Self.harness()
        // Bean, the last row (5, y 220…264) of a 440-point viewport: room below (272 + 132 ≤ 432).
        h.send(.longPress(h.point(row: 5)))
        #expect(h.machine.phase == .idle || h.machine.phase == .dragging)
        let placement = MenuPlacement()
        let visible = Rect(x: 0, y: 0, width: 320, height: 440)
        // Below when it fits, above when it does not, clamped when neither.
        #expect(placement.frames(cell: Rect(x: 0, y: 44, width: 320, height: 44), entries: 3, visible: visible,
                                 axis: .vertical).menu == Rect(x: 8, y: 96, width: 220, height: 132))
        #expect(placement.frames(cell: Rect(x: 0, y: 352, width: 320, height: 44), entries: 3, visible: visible,
                                 axis: .vertical).menu == Rect(x: 8, y: 212, width: 220, height: 132))
        #expect(placement.frames(cell: Rect(x: 0, y: 150, width: 320, height: 44), entries: 8, visible: visible,
                                 axis: .vertical).menu.minY == 80)
        // A narrow viewport narrows the menu; a horizontal layout stacks entries across its scroll axis.
        #expect(placement.frames(cell: Rect(x: 0, y: 0, width: 100, height: 44), entries: 1,
                                 visible: Rect(x: 0, y: 0, width: 100, height: 440), axis: .vertical).menu.width == 84)
        let across = placement.frames(cell: Rect(x: 0, y: 0, width: 100, height: 44), entries: 2,
                                      visible: Rect(x: 0, y: 0, width: 300, height: 600), axis: .horizontal)
        #expect(across.entries == [Rect(x: 8, y: 52, width: 44, height: 220), Rect(x: 52, y: 52, width: 44, height: 220)])
    }
}

/// Seeded random sequences with menus on half the items: the random
/// machine inputs (touches, taps, pans, long presses with moves, stimuli)
/// and random keys (the Menu key, arrows, Tab, Enter, Escape), with every
/// check of `RandomMachineTests` after each step, and a menu only in state
/// `menu`, for its item, never beside a drag, drawn once.
@Suite struct MenuPropertyTests {
    @Test(arguments: [UInt64(301), 302, 303, 304])
    func randomSequencesWithMenusKeepEveryInvariant(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var policy = StaticEditingPolicy()
        policy.selectionMode = .multiple
        policy.notMovable = ["a3", "b1"]
        // "delete" is destructive here as in the trailing actions, so the
        // random checks know a performed entry deletes.
        let entries = [EditingAction(id: "flag", title: "Flag"), .delete]
        for k in stride(from: 0, to: 14, by: 2) { policy.menuOverrides[ItemID("a\(k)")] = entries }
        for k in stride(from: 1, to: 8, by: 2) { policy.menuOverrides[ItemID("b\(k)")] = entries }
        var h = MachineHarness(model([("A", (0..<14).map { "a\($0)" }), ("B", (0..<8).map { "b\($0)" })]), policy: policy)
        let keys: [KeyboardInput] = [.menu, .menu, .up, .down, .next, .previous, .activate, .cancel, .home, .end]
        var step = 0
        var opened = 0
        for _ in 0..<150 {
            var inputs = RandomMachineTests.randomInputs(h, using: &rng).map { Optional($0) }
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                inputs.insert(nil, at: Int.random(in: 0...inputs.count, using: &rng))
            }
            for input in inputs {
                let idsBefore = Set(h.machine.model.allItems)
                let lastGap = h.machine.presentation.drag?.target
                let effects: [EditingEffect]
                if let input {
                    if case .contact(.tick) = input {
                        effects = h.tickWhenDue()
                    } else {
                        effects = h.send(input, after: Int64.random(in: 1...40, using: &rng))
                    }
                } else {
                    if h.machine.focus == nil { h.focus(ip(0, 0)) }
                    effects = h.key(keys.randomElement(using: &rng)!)
                }
                opened += effects.filter { if case .menuOpened = $0 { true } else { false } }.count
                RandomMachineTests.check(h, lastGap: lastGap, effects: effects, idsBefore: idsBefore, seed: seed, step: step)
                let menu = h.machine.presentation.menu
                #expect((menu != nil) == (h.machine.phase == .menu), "seed \(seed) step \(step)")
                #expect(menu == nil || h.machine.presentation.drag == nil, "seed \(seed) step \(step)")
                let shown = h.layout.attributes(in: Rect(x: 0, y: -1000, width: 320, height: 5000),
                                                presentation: h.machine.presentation,
                                                contentOffset: h.machine.contentOffset).filter { $0.kind == .menu }
                #expect(shown.count == (menu == nil ? 0 : 1), "seed \(seed) step \(step)")
                step += 1
            }
        }
        #expect(opened > 0, "seed \(seed): no menu opened")
        h.send(.cancelInteraction)
        h.settle()
        #expect(h.machine.phase == .idle || h.machine.phase == .batchEditingIdle)
        #expect(h.machine.nextDeadline == nil && h.machine.draggedItem == nil, "seed \(seed)")
    }
}
