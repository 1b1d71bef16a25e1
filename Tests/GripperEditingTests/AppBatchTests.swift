import GripperTesting
import Testing
import GripperGeometry
import GripperInput
import GripperLayout
@testable import GripperEditing
@_spi(Benchmarks) import GripperEditing

/// The app's batches at any moment: both sides of every rule of
/// ``EditingStateMachine/apply(_:at:)``.
@Suite struct AppBatchTests {
    /// Long-presses `row` and moves the contact to `toRow` in four steps (the
    /// gap follows), without lifting.
    static func drag(_ h: inout MachineHarness, row: Int, to toRow: Int) {
        let start = h.point(row: row)
        let end = h.point(row: toRow)
        h.send(.touchDown(start))
        h.send(.longPress(start), after: 500)
        for k in 1...4 { h.send(.contactMoved(start + (end - start) * (Double(k) / 4))) }
    }

    /// Four items in A (rows 0–3), five in B (rows 4–8).
    static func small(policy: StaticEditingPolicy = StaticEditingPolicy()) -> MachineHarness {
        MachineHarness(model([("A", ["a0", "a1", "a2", "a3"]), ("B", ["b0", "b1", "b2", "b3", "b4"])]), policy: policy)
    }

    // MARK: - At rest, and invalid batches

    @Test func atRestABatchIsJournaledAsAnAppEntry() throws {
        var h = MachineHarness.standard()
        let effects = try h.apply([.insertItem("n", at: ip(0, 0)), .deleteItem(ip(1, 0))])
        let entry = try #require(h.machine.journal.entries.last)
        #expect(effects == [.appBatchApplied(entry)])
        #expect(entry.edit == .app && entry.isAppChange && entry.sequence == 1)
        #expect(h.items[0].prefix(2) == ["n", "a0"] && h.items[1].first == "b1")
        #expect(h.machine.phase == .idle)
        // An empty batch changes nothing and journals nothing.
        #expect(try h.apply([]) == [])
        #expect(h.machine.journal.entries.count == 1)
    }

    /// Puts a standard harness in the state named `state` (a2 selected in batch editing).
    static func reach(_ state: String) -> MachineHarness {
        var h = MachineHarness.standard()
        switch state {
        case "tracking": h.send(.touchDown(h.point(row: 3)))
        case "swiping": h.pan(from: h.point(row: 3), by: Point(x: -60, y: 0), end: false)
        case "open": h.pan(from: h.point(row: 3), by: Point(x: -60, y: 0))
        case "dragging": drag(&h, row: 2, to: 5)
        case "batchEditing.idle", "batchEditing.open", "batchEditing.dragging":
            h.send(.setEditing(true))
            h.send(.tap(h.point(row: 2, x: 150)))
            if state == "batchEditing.open" { h.send(.tap(h.point(row: 4, x: 20))) }
            if state == "batchEditing.dragging" { drag(&h, row: 3, to: 6) }
        default: break
        }
        return h
    }

    /// An invalid batch gets an error naming the operation, the rule and the
    /// index path, and leaves the model, the journal, the state and the
    /// selection as they were, in every state.
    @Test(arguments: ["idle", "tracking", "swiping", "open", "dragging",
                      "batchEditing.idle", "batchEditing.open", "batchEditing.dragging"])
    func anInvalidBatchChangesNothing(state: String) throws {
        var h = Self.reach(state)
        #expect(h.machine.stateName == state)
        let before = (h.machine.state, h.machine.journal, h.machine.selection, h.machine.selectedPaths, h.log.count)
        let outOfRange = BatchUpdateError(operationIndex: 1, operation: .deleteItem(ip(0, 20)),
                                          reason: .itemOutOfRange(ip(0, 20), itemCount: 20, afterBatch: false))
        #expect(throws: outOfRange) { try h.apply([.insertItem("n", at: ip(0, 0)), .deleteItem(ip(0, 20))]) }
        #expect(outOfRange.description == "batch operation #1 (delete item [0, 20]): item [0, 20] is out of range: section has 20 items before the batch")
        let conflict = BatchUpdateError(operationIndex: 2, operation: .moveItem(from: ip(0, 2), to: ip(1, 0)),
                                        reason: .deleteAndMove(ip(0, 2)))
        #expect(throws: conflict) {
            try h.apply([.deleteItem(ip(0, 5)), .deleteItem(ip(0, 2)), .moveItem(from: ip(0, 2), to: ip(1, 0))])
        }
        #expect(throws: BatchUpdateError.self) { try h.apply([.insertItem("a7", at: ip(1, 0))]) }  // a7 exists
        #expect(h.machine.state == before.0)
        #expect(h.machine.journal == before.1)
        #expect(h.machine.selection == before.2 && h.machine.selectedPaths == before.3)
        #expect(h.log.count == before.4)
        #expect(h.machine.invariantViolations() == [])
    }

    // MARK: - Tracking

    @Test func aHighlightMovesWithItsItemOrGoes() throws {
        var h = MachineHarness.standard()
        h.send(.touchDown(h.point(row: 3)))
        #expect(h.machine.presentation.highlighted == [ip(0, 3)])
        // An insert above: the highlight follows a3.
        #expect(try h.apply([.insertItem("n", at: ip(0, 0))]).count == 1)
        #expect(h.machine.presentation.highlighted == [ip(0, 4)])
        // A neighbour deleted below: nothing moves.
        #expect(try h.apply([.deleteItem(ip(0, 5))]).count == 1)
        #expect(h.machine.presentation.highlighted == [ip(0, 4)])
        // a3 deleted: the highlight goes; the touch is still tracked.
        let effects = try h.apply([.deleteItem(ip(0, 4))])
        #expect(effects.dropFirst() == [.highlight(nil)])
        #expect(h.machine.phase == .tracking && h.machine.presentation.highlighted.isEmpty)
        // Its tap selects what is under the finger now: n a0 a1 a2 a5 …
        h.send(.tap(h.point(row: 3)))
        #expect(h.machine.selection == ["a2"])
    }

    // MARK: - Swiping and open cells

    @Test func anOpenCellIsReBasedWhileItsItemStays() throws {
        var h = MachineHarness.standard()
        h.pan(from: h.point(row: 3), by: Point(x: -60, y: 0))
        #expect(h.machine.phase == .open)
        // A neighbour above deleted: still open, one row up.
        #expect(try h.apply([.deleteItem(ip(0, 1))]).count == 1)
        #expect(h.machine.phase == .open && h.machine.presentation.swipe?.indexPath == ip(0, 2))
        // A neighbour below deleted: nothing moves.
        try h.apply([.deleteItem(ip(0, 3))])
        #expect(h.machine.presentation.swipe?.indexPath == ip(0, 2))
        // Its action, tapped where the cell now is, deletes a3.
        h.send(.tap(h.point(row: 2, x: 300)))
        #expect(h.committed.last?.edit == .action("delete", item: "a3"))
        #expect(!h.machine.model.allItems.contains("a3"))
    }

    @Test func anOpenCellShutsWhenItsItemIsDeleted() throws {
        var h = MachineHarness.standard()
        h.pan(from: h.point(row: 3), by: Point(x: -60, y: 0))
        // Moved by the app to another section: still open, there.
        try h.apply([.moveItem(from: ip(0, 3), to: ip(1, 0))])
        #expect(h.machine.phase == .open && h.machine.presentation.swipe?.indexPath == ip(1, 0))
        // Deleted: shut.
        #expect(try h.apply([.deleteItem(ip(1, 0))]).dropFirst() == [.swipeShut("a3")])
        #expect(h.machine.phase == .idle && h.machine.presentation.swipe == nil)
    }

    @Test func aSlidingCellGoesOnOrShuts() throws {
        var kept = MachineHarness.standard()
        kept.pan(from: kept.point(row: 3), by: Point(x: -60, y: 0), end: false)
        try kept.apply([.insertItem("n", at: ip(0, 0))])
        #expect(kept.machine.phase == .swiping && kept.machine.presentation.swipe?.indexPath == ip(0, 4))
        kept.send(.panEnded(.init(location: kept.point(row: 4) + Point(x: -60, y: 0), translation: Point(x: -60, y: 0))))
        #expect(kept.machine.phase == .open && kept.log.last == .swipeOpened("a3"))

        var gone = MachineHarness.standard()
        gone.pan(from: gone.point(row: 3), by: Point(x: -60, y: 0), end: false)
        #expect(try gone.apply([.deleteItem(ip(0, 3))]).dropFirst() == [.swipeShut("a3")])
        // The rest of the pan is ignored.
        gone.send(.panEnded(.init(location: gone.point(row: 3), translation: Point(x: -60, y: 0))))
        #expect(gone.machine.phase == .idle && gone.committed.isEmpty)
    }

    // MARK: - Batch editing

    @Test func aDeleteConfirmationIsKeptUnlessItsItemIsDeleted() throws {
        var h = MachineHarness.standard()
        h.send(.setEditing(true))
        h.send(.tap(h.point(row: 2, x: 20)))
        #expect(h.machine.phase == .batchEditingOpen)
        // A neighbour's delete above: kept, one row up.
        #expect(try h.apply([.deleteItem(ip(0, 0))]).count == 1)
        #expect(h.machine.presentation.deleteConfirmation == ip(0, 1))
        // Its button, where the cell now is, deletes a2.
        h.send(.tap(h.point(row: 1, x: 300)))
        #expect(h.committed.last?.edit == .action("delete", item: "a2"))

        h.send(.tap(h.point(row: 3, x: 20)))
        #expect(h.machine.phase == .batchEditingOpen)
        #expect(try h.apply([.deleteItem(ip(0, 3))]).dropFirst() == [.deleteConfirmationCancelled("a5")])
        #expect(h.machine.phase == .batchEditingIdle && h.machine.presentation.deleteConfirmation == nil)
    }

    @Test func theSelectionFollowsAnAppBatch() throws {
        var h = MachineHarness.standard()
        h.send(.setEditing(true))
        for row in [1, 4] { h.send(.tap(h.point(row: row, x: 150))) }
        #expect(h.machine.selection == ["a1", "a4"])
        // An insert above both and a delete of a4.
        let effects = try h.apply([.insertItem("n", at: ip(0, 0)), .deleteItem(ip(0, 4))])
        #expect(effects.dropFirst() == [.selectionChanged(["a1"])])
        #expect(h.machine.selectedPaths == [ip(0, 2)])
        // a1 moved to B, sections inserted before both: it stays selected, where it went.
        try h.apply([.moveItem(from: ip(0, 2), to: ip(1, 3))])
        try h.apply([.insertSection(CollectionSection(id: "N", items: ["x"]), at: 0)])
        #expect(h.machine.selection == ["a1"] && h.machine.selectedPaths == [ip(2, 3)])
        #expect(h.machine.phase == .batchEditingIdle)
        #expect(h.machine.invariantViolations() == [])
    }

    // MARK: - Dragging

    @Test func aDragGoesOnAcrossAnInsertBeforeItsSourceAndLandsBetweenTheSameNeighbours() throws {
        var h = MachineHarness.standard()
        Self.drag(&h, row: 2, to: 5)
        #expect(h.machine.presentation.drag.map { [$0.source, $0.target] } == [ip(0, 2), ip(0, 5)])
        // The gap is between a5 and a6. An insert at the top pushes all down by one.
        #expect(try h.apply([.insertItem("n", at: ip(0, 0))]).count == 1)
        #expect(h.machine.phase == .dragging)
        #expect(h.machine.presentation.drag.map { [$0.source, $0.target] } == [ip(0, 3), ip(0, 6)])
        h.send(.contactLifted(h.point(row: 5)))
        #expect(h.committed.last?.edit == .move("a2", from: ip(0, 3), to: ip(0, 6)))
        #expect(Array(h.items[0].prefix(8)) == ["n", "a0", "a1", "a3", "a4", "a5", "a2", "a6"])
    }

    @Test func deletesBetweenOrAfterTheSourceAndTheGap() throws {
        // Between the source and the gap: the gap moves up with its neighbours.
        var between = MachineHarness.standard()
        Self.drag(&between, row: 2, to: 5)
        try between.apply([.deleteItem(ip(0, 4))])
        #expect(between.machine.presentation.drag.map { [$0.source, $0.target] } == [ip(0, 2), ip(0, 4)])
        between.send(.contactLifted(between.point(row: 4)))
        #expect(Array(between.items[0].prefix(6)) == ["a0", "a1", "a3", "a5", "a2", "a6"])
        // After the gap, or in another section: nothing moves.
        var after = MachineHarness.standard()
        Self.drag(&after, row: 2, to: 5)
        #expect(try after.apply([.deleteItem(ip(0, 9)), .insertItem("n", at: ip(0, 12)), .deleteItem(ip(1, 0))]).count == 1)
        #expect(after.machine.presentation.drag.map { [$0.source, $0.target] } == [ip(0, 2), ip(0, 5)])
    }

    @Test func aDragIsCancelledOnlyWhenItsItemIsDeleted() throws {
        var h = MachineHarness.standard()
        Self.drag(&h, row: 2, to: 5)
        let effects = try h.apply([.deleteItem(ip(0, 2)), .insertItem("n", at: ip(1, 0))])
        #expect(effects.dropFirst() == [.dragCancelled("a2")])
        #expect(h.machine.phase == .idle && h.machine.nextDeadline == nil)
        #expect(h.machine.presentation.drag == nil)
        // The rest of the contact does nothing; only the app's entry is journaled.
        h.send(.contactMoved(h.point(row: 6)))
        h.send(.contactLifted(h.point(row: 6)))
        #expect(h.machine.journal.entries.map(\.edit) == [.app])
        // Its whole section deleted: the same.
        var s = Self.small()
        Self.drag(&s, row: 1, to: 2)
        #expect(try s.apply([.deleteSection(0)]).dropFirst() == [.dragCancelled("a1")])
    }

    @Test func aDraggedItemDeletedAndBroughtBackIsKept() throws {
        var h = MachineHarness.standard()
        Self.drag(&h, row: 2, to: 5)
        // The app deletes a2 and inserts the same identity at the top.
        #expect(try h.apply([.deleteItem(ip(0, 2)), .insertItem("a2", at: ip(0, 0))]).count == 1)
        let drag = try #require(h.machine.presentation.drag)
        #expect(drag.source == ip(0, 0) && drag.target == ip(0, 5))  // still between a5 and a6
        #expect(h.machine.invariantViolations() == [])
    }

    @Test func sectionsInsertedOrDeletedBeforeTheDragsSections() throws {
        var inserted = Self.small()
        Self.drag(&inserted, row: 5, to: 7)  // b1 towards b3
        let before = try #require(inserted.machine.presentation.drag)
        try inserted.apply([.insertSection(CollectionSection(id: "N", items: ["n0", "n1"]), at: 0)])
        let after = try #require(inserted.machine.presentation.drag)
        #expect(after.source == ip(before.source.section + 1, before.source.item))
        #expect(after.target == ip(before.target.section + 1, before.target.item))

        var deleted = Self.small()
        Self.drag(&deleted, row: 5, to: 7)
        let was = try #require(deleted.machine.presentation.drag)
        #expect(try deleted.apply([.deleteSection(0)]).count == 1)
        let now = try #require(deleted.machine.presentation.drag)
        #expect(now.source == ip(0, was.source.item) && now.target == ip(0, was.target.item))
        deleted.send(.contactLifted(deleted.point(row: 3)))
        #expect(deleted.committed.last?.edit == .move("b1", from: now.source, to: now.target))
    }

    @Test func theGapsSectionDeletedSendsTheGapHome() throws {
        var h = Self.small()
        Self.drag(&h, row: 1, to: 6)  // a1 into B
        let gap = try #require(h.machine.presentation.drag?.target)
        #expect(gap.section == 1)
        let effects = try h.apply([.deleteSection(1)])
        #expect(effects.dropFirst() == [.gapMoved(to: ip(0, 1))])
        let drag = try #require(h.machine.presentation.drag)
        #expect(drag.source == ip(0, 1) && drag.target == ip(0, 1))
        h.send(.contactLifted(h.point(row: 1)))
        #expect(h.log.last == .dragEnded("a1", committed: false))
    }

    /// Both neighbours gone: the gap is clamped in its section and the policy
    /// is asked again; a neighbour kept: no question, even where an
    /// index-keyed policy would now say no.
    @Test func neighboursGoneClampTheGapAndAskThePolicy() throws {
        // Same section: a2 dragged to between a4 and a5; both deleted.
        var h = MachineHarness(model([("A", ["a0", "a1", "a2", "a3", "a4", "a5", "a6"])]))
        Self.drag(&h, row: 2, to: 4)
        #expect(h.machine.presentation.drag?.target == ip(0, 4))
        let effects = try h.apply([.deleteItem(ip(0, 4)), .deleteItem(ip(0, 5))])
        #expect(effects.dropFirst() == [.gapMoved(to: ip(0, 4))])  // the last valid slot: a0 a1 a3 a6 → 0…4
        // One of them kept (a6 below the gap): no gapMoved.
        var k = MachineHarness(model([("A", ["a0", "a1", "a2", "a3", "a4", "a5", "a6"])]))
        Self.drag(&k, row: 2, to: 4)
        #expect(try k.apply([.deleteItem(ip(0, 4))]).count == 1)
        #expect(k.machine.presentation.drag?.target == ip(0, 3))  // still just above a5

        // Another section, closed by index (section 2): the gap sits in B
        // (section 1). A section inserted before B makes it section 2.
        var policy = StaticEditingPolicy()
        policy.closedSections = [2]
        var kept = Self.small(policy: policy)
        Self.drag(&kept, row: 1, to: 6)
        let gap = try #require(kept.machine.presentation.drag?.target)
        #expect(gap.section == 1)
        try kept.apply([.insertSection(CollectionSection(id: "N", items: []), at: 1)])
        #expect(kept.machine.presentation.drag?.target == ip(2, gap.item))  // neighbours kept: not asked

        var vetoed = Self.small(policy: policy)
        Self.drag(&vetoed, row: 1, to: 6)
        let g = try #require(vetoed.machine.presentation.drag?.target)
        // Both neighbours deleted too: asked, vetoed, the gap goes home.
        let ops: [BatchUpdate.Operation] = [.insertSection(CollectionSection(id: "N", items: []), at: 1),
                                            .deleteItem(ip(1, g.item - 1)), .deleteItem(ip(1, g.item))]
        #expect(try vetoed.apply(ops).dropFirst() == [.gapMoved(to: ip(0, 1))])
        #expect(vetoed.machine.presentation.drag?.source == ip(0, 1))
    }

    @Test func theDraggedItemMovedByTheAppToAnotherSectionAsksThePolicy() throws {
        var policy = StaticEditingPolicy()
        policy.movesBetweenSections = false
        var h = Self.small(policy: policy)
        Self.drag(&h, row: 0, to: 2)
        #expect(h.machine.presentation.drag.map { [$0.source, $0.target] } == [ip(0, 0), ip(0, 2)])
        // The app moves a0 to B: the gap (in A) would be a move between
        // sections, which the policy redirects into B's top: the own place.
        let effects = try h.apply([.moveItem(from: ip(0, 0), to: ip(1, 0))])
        #expect(effects.dropFirst() == [.gapMoved(to: ip(1, 0))])
        #expect(h.machine.presentation.drag.map { [$0.source, $0.target] } == [ip(1, 0), ip(1, 0)])
        // Within its section: the gap stays by its neighbours, unasked.
        var same = Self.small(policy: policy)
        Self.drag(&same, row: 0, to: 2)
        #expect(try same.apply([.moveItem(from: ip(0, 0), to: ip(0, 3))]).count == 1)
        // a1 a2 a3 a0: the gap was between a2 and a3 → still just above a3.
        #expect(same.machine.presentation.drag.map { [$0.source, $0.target] } == [ip(0, 3), ip(0, 2)])
    }

    @Test func aBatchEditingDragGoesOnAndTheSelectionFollows() throws {
        var h = MachineHarness.standard()
        h.send(.setEditing(true))
        h.send(.tap(h.point(row: 7, x: 150)))
        Self.drag(&h, row: 2, to: 5)
        #expect(h.machine.phase == .batchEditingDragging)
        let effects = try h.apply([.insertItem("n", at: ip(0, 1)), .deleteItem(ip(0, 7))])
        #expect(effects.dropFirst() == [.selectionChanged([])])
        #expect(h.machine.presentation.drag.map { [$0.source, $0.target] } == [ip(0, 3), ip(0, 6)])
        h.send(.contactLifted(h.point(row: 6)))
        #expect(h.machine.phase == .batchEditingIdle)
        #expect(h.committed.last?.edit == .move("a2", from: ip(0, 3), to: ip(0, 6)))
    }

    // MARK: - Undo

    @Test func theUsersUndoStopsAtAnAppChangeAndAnAppChangeDropsRedo() throws {
        var h = MachineHarness.standard()
        Self.drag(&h, row: 2, to: 5)
        h.send(.contactLifted(h.point(row: 5)))  // user move, #1
        try h.apply([.insertItem("n", at: ip(1, 0))])  // app, #2
        let afterApp = h.machine.model
        #expect(h.send(.undo) == [])
        #expect(h.machine.model == afterApp && !h.machine.journal.canUndo)
        // A user edit after it is undone and redone as usual; undo then stops again.
        h.send(.tap(h.point(row: 1)))
        h.send(.deleteSelected)  // #3
        #expect(h.send(.undo).contains { if case .undone(let e) = $0 { e.sequence == 3 } else { false } })
        #expect(h.machine.model == afterApp)
        #expect(h.send(.undo) == [])
        // What was undone is forgotten by the next app change: redo does nothing.
        try h.apply([.deleteItem(ip(1, 3))])
        #expect(!h.machine.journal.canRedo && h.send(.redo) == [])
        #expect(h.machine.journal.entries.map(\.sequence) == [1, 2, 4])
        #expect(h.machine.invariantViolations() == [])
    }
}
