import GripperGeometry
import GripperInput
import GripperLayout
import Testing
@testable import GripperEditing

/// Multi-item drags: grabbing a selected item in batch editing drags every
/// selected movable item; a tap by another finger adds an item to a drag in
/// flight; the commit is one batch and one journal entry; cancel and app
/// batches keep every item.
@Suite struct MultiDragTests {
    /// Two sections of five: rows 0…4 are a0…a4, rows 5…9 are b0…b4.
    static func small(policy: any CollectionDelegate = StaticEditingPolicy()) -> MachineHarness {
        MachineHarness(model([("A", ["a0", "a1", "a2", "a3", "a4"]), ("B", ["b0", "b1", "b2", "b3", "b4"])]),
                       policy: policy)
    }

    /// Batch editing with `rows` selected by taps.
    static func selecting(_ rows: [Int], policy: any CollectionDelegate = StaticEditingPolicy()) -> MachineHarness {
        var h = small(policy: policy)
        h.send(.setEditing(true))
        for r in rows { h.send(.tap(h.point(row: r))) }
        return h
    }

    var drag: (MachineHarness) -> DragState? = { $0.machine.presentation.drag }

    @Test func grabbingASelectedItemDragsTheWholeSelection() {
        var h = Self.selecting([1, 3, 6])
        #expect(h.machine.selection == ["a1", "a3", "b1"])
        let effects = h.send(.longPress(h.point(row: 3)))
        // The grabbed item first, then the others in their order.
        #expect(effects == [.dragBegan("a3", from: ip(0, 3)), .dragBegan("a1", from: ip(0, 1)),
                            .dragBegan("b1", from: ip(1, 1))])
        let d = h.machine.presentation.drag
        #expect(d?.source == ip(0, 3) && d?.companions == [ip(0, 1), ip(1, 1)] && d?.itemCount == 3)
        #expect(h.machine.draggedItems == ["a1", "a3", "b1"])
        #expect(h.machine.invariantViolations().isEmpty)
    }

    @Test func grabbingAnUnselectedItemDragsOnlyIt() {
        var h = Self.selecting([1, 3])
        #expect(h.send(.longPress(h.point(row: 2))) == [.dragBegan("a2", from: ip(0, 2))])
        #expect(h.machine.presentation.drag?.companions == [])
    }

    @Test func outsideBatchEditingTheSelectionDoesNotGoAlong() {
        var policy = StaticEditingPolicy()
        policy.selectionMode = .multiple
        var h = Self.small(policy: policy)
        h.send(.tap(h.point(row: 1)))
        h.send(.tap(h.point(row: 3)))
        #expect(h.machine.selection == ["a1", "a3"])
        #expect(h.send(.longPress(h.point(row: 3))) == [.dragBegan("a3", from: ip(0, 3))])
    }

    @Test func itemsThatMayNotMoveStayBehind() {
        var policy = StaticEditingPolicy()
        policy.notMovable = ["a1"]
        var h = Self.selecting([1, 3, 6], policy: policy)
        h.send(.longPress(h.point(row: 3)))
        #expect(h.machine.presentation.drag?.companions == [ip(1, 1)])
    }

    @Test func theLayoutHidesEverySourceAndCountsThemOnTheProxyAndTheGap() {
        var h = Self.selecting([1, 3, 6])
        h.send(.longPress(h.point(row: 3)))
        let p = h.machine.presentation
        let all = h.layout.attributes(in: Rect(x: 0, y: 0, width: 320, height: 1000), presentation: p)
        let cells = all.filter { $0.kind == .cell }.compactMap(\.indexPath)
        // a3 leaves its slot (the gap takes it); a1 and b1 keep theirs, hidden.
        #expect(!cells.contains(ip(0, 3)) && !cells.contains(ip(0, 1)) && !cells.contains(ip(1, 1)))
        #expect(cells.count == 7)
        #expect(h.layout.attributes(for: ip(0, 1), presentation: p)?.isHidden == true)
        #expect(h.layout.attributes(for: ip(0, 1), presentation: p)?.frame.minY == 44)
        #expect(h.layout.attributes(for: ip(0, 2), presentation: p)?.isHidden == false)
        #expect(all.filter { $0.kind == .placeholder }.map(\.dragItemCount) == [3])
        #expect(all.filter { $0.kind == .dragProxy }.map(\.dragItemCount) == [3])
        #expect(all.filter { $0.kind == .cell }.allSatisfy { $0.dragItemCount == 0 })
        // Hidden items are not hit.
        #expect(h.layout.hitTest(Point(x: 100, y: 44 + 22), presentation: p) == nil)
    }

    @Test func theDropCommitsOneBatchInTheirOrderAndUndoesAsOne() {
        var h = Self.selecting([1, 3, 6])
        let start = h.machine.model
        h.send(.longPress(h.point(row: 3)))
        // Down to the middle of b3's row: with a3 out of section A (a1 keeps
        // its slot) b3 is one row up, so the gap opens below it.
        h.send(.contactMoved(h.point(row: 8)))
        #expect(h.machine.presentation.drag?.target == ip(1, 4))
        let effects = h.send(.contactLifted(h.point(row: 8)))
        // The group lands before b4 (after b3), in the order they had.
        #expect(h.items == [["a0", "a2", "a4"], ["b0", "b2", "b3", "a1", "a3", "b1", "b4"]])
        #expect(h.committed.count == 1)
        #expect(h.committed.first?.edit == .moveItems(["a1", "a3", "b1"], from: [ip(0, 1), ip(0, 3), ip(1, 1)],
                                                      to: ip(1, 3)))
        #expect(effects.suffix(3) == [.dragEnded("a3", committed: true), .dragEnded("a1", committed: true),
                                      .dragEnded("b1", committed: true)])
        // The selection follows its items.
        #expect(h.machine.selection == ["a1", "a3", "b1"])
        #expect(h.machine.invariantViolations().isEmpty)
        h.send(.undo)
        #expect(h.machine.model == start)
        h.send(.redo)
        #expect(h.items == [["a0", "a2", "a4"], ["b0", "b2", "b3", "a1", "a3", "b1", "b4"]])
    }

    @Test func aDropThatChangesNothingCommitsNothing() {
        var h = Self.selecting([1, 2])
        h.send(.longPress(h.point(row: 1)))
        let effects = h.send(.contactLifted(h.point(row: 1)))
        #expect(effects == [.dragEnded("a1", committed: false), .dragEnded("a2", committed: false)])
        #expect(h.committed.isEmpty)
    }

    @Test func aDropInPlaceGathersTheGroup() {
        var h = Self.selecting([0, 2, 4])
        h.send(.longPress(h.point(row: 2)))
        h.send(.contactLifted(h.point(row: 2)))
        #expect(h.items[0] == ["a1", "a0", "a2", "a4", "a3"])
    }

    @Test(arguments: [EditingInput.setEditing(false), .deviceLost, .contactCancelled, .undo, .deleteSelected])
    func cancellingPutsEveryItemBack(stimulus: EditingInput) {
        var h = Self.selecting([1, 3, 6])
        h.send(.longPress(h.point(row: 3)))
        h.send(.contactMoved(h.point(row: 8)))
        let before = h.machine.model
        let effects = h.send(stimulus)
        #expect(Array(effects.prefix(3)) == [.dragCancelled("a3"), .dragCancelled("a1"), .dragCancelled("b1")])
        #expect(h.machine.presentation.drag == nil)
        if stimulus != .deleteSelected { #expect(h.machine.model == before) }
        #expect(!h.committed.contains { if case .moveItems = $0.edit { true } else { false } })
    }

    @Test func aTapByASecondFingerAddsTheItemUnderIt() {
        var h = Self.small()
        h.send(.longPress(h.point(row: 0)))
        // a0 left its slot: rows 1… show a1… one row up, the gap at row 0.
        #expect(h.send(.secondTap(h.point(row: 2))) == [.dragBegan("a2", from: ip(0, 2))])
        #expect(h.machine.presentation.drag?.companions == [ip(0, 2)])
        // Again on the same (hidden now) place, or above the content: nothing.
        #expect(h.send(.secondTap(h.point(row: 2))).isEmpty)
        #expect(h.send(.secondTap(Point(x: 100, y: -5))).isEmpty)
        #expect(h.send(.secondTap(h.point(row: 6))) == [.dragBegan("b1", from: ip(1, 1))])
        // To a4's centre: the gap after a4; the group lands after the items
        // that stay (a1 a3 a4), in its order.
        h.send(.contactMoved(h.point(row: 4)))
        #expect(h.machine.presentation.drag?.target == ip(0, 4))
        h.send(.contactLifted(h.point(row: 4)))
        #expect(h.committed.count == 1)
        #expect(h.items == [["a1", "a3", "a4", "a0", "a2", "b1"], ["b0", "b2", "b3", "b4"]])
        #expect(h.machine.invariantViolations().isEmpty)
    }

    @Test func aSecondFingerTapOnAnItemThatMayNotMoveDoesNothing() {
        var policy = StaticEditingPolicy()
        policy.notMovable = ["a2"]
        var h = Self.small(policy: policy)
        h.send(.longPress(h.point(row: 0)))
        #expect(h.send(.secondTap(h.point(row: 2))).isEmpty)
        #expect(h.machine.presentation.drag?.companions == [])
    }

    @Test func aSecondTapOutsideADragDoesNothing() {
        var h = Self.selecting([1])
        #expect(h.send(.secondTap(h.point(row: 2))).isEmpty)
        #expect(h.machine.phase == .batchEditingIdle)
    }

    /// Records the group questions and answers them with a rule.
    struct GroupRules: CollectionDelegate {
        final class Log: @unchecked Sendable { var asked: [([ItemID], [IndexPath], IndexPath)] = [] }
        let log = Log()
        var answer: @Sendable (IndexPath) -> MoveTarget
        func target(forMovingItems items: [ItemID], from sources: [IndexPath], proposed: IndexPath) -> MoveTarget {
            log.asked.append((items, sources, proposed))
            return answer(proposed)
        }
        func target(forMoving item: ItemID, from source: IndexPath, proposed: IndexPath) -> MoveTarget {
            Issue.record("a group drag asked the one-item question")
            return .accept
        }
        var selectionMode: SelectionMode { .multiple }
    }

    @Test func theDelegateIsAskedAboutTheGroupWhereItWouldLand() {
        let rules = GroupRules(answer: { $0.section == 1 ? .veto : .accept })
        var h = Self.selecting([1, 3], policy: rules)
        h.send(.longPress(h.point(row: 3)))
        h.send(.contactMoved(h.point(row: 4) + Point(x: 0, y: 10)))
        // Past a4's centre: a3's gap after a4 ([0,4] with a3 out, a1 in
        // its slot); the group would land at [0,3], after the three items
        // that stay (a0 a2 a4).
        #expect(h.machine.presentation.drag?.target == ip(0, 4))
        let last = rules.log.asked.last
        #expect(last?.0 == ["a1", "a3"] && last?.1 == [ip(0, 1), ip(0, 3)] && last?.2 == ip(0, 3))
        h.send(.contactMoved(h.point(row: 8)))
        #expect(rules.log.asked.last?.2.section == 1)
        #expect(h.machine.presentation.drag?.target == ip(0, 4))  // vetoed: the gap stays
        h.send(.contactLifted(h.point(row: 8)))
        #expect(h.items == [["a0", "a2", "a4", "a1", "a3"], ["b0", "b1", "b2", "b3", "b4"]])
    }

    @Test func aRedirectNamesWhereTheGroupLands() {
        // Always to the top of section B.
        let rules = GroupRules(answer: { _ in .redirect(ip(1, 0)) })
        var h = Self.selecting([1, 3], policy: rules)
        h.send(.longPress(h.point(row: 3)))
        h.send(.contactMoved(h.point(row: 1)))
        h.send(.contactLifted(h.point(row: 1)))
        #expect(h.items == [["a0", "a2", "a4"], ["a1", "a3", "b0", "b1", "b2", "b3", "b4"]])
    }

    @Test func aRedirectPastTheEndIsClampedToTheItemsThatStay() {
        let rules = GroupRules(answer: { _ in .redirect(ip(0, 99)) })
        var h = Self.selecting([0, 1], policy: rules)
        h.send(.longPress(h.point(row: 0)))
        h.send(.contactMoved(h.point(row: 2)))
        h.send(.contactLifted(h.point(row: 2)))
        #expect(h.items[0] == ["a2", "a3", "a4", "a0", "a1"])
    }

    @Test func theDefaultGroupAnswerAsksEveryItem() {
        var policy = StaticEditingPolicy()
        policy.closedSections = [1]
        #expect(policy.target(forMovingItems: ["a", "b"], from: [ip(0, 0), ip(1, 0)], proposed: ip(1, 2)) == .veto)
        #expect(policy.target(forMovingItems: ["a", "b"], from: [ip(1, 0), ip(1, 1)], proposed: ip(1, 2)) == .accept)
        policy.closedSections = []
        policy.movesBetweenSections = false
        #expect(policy.target(forMovingItems: ["a", "b"], from: [ip(1, 0), ip(0, 3)], proposed: ip(1, 2))
                == .redirect(ip(0, Int.max)))
    }

    // MARK: - App batches

    @Test func anAppBatchRebasesEveryItem() throws {
        var h = Self.selecting([1, 3, 6])
        h.send(.longPress(h.point(row: 3)))
        try h.apply([.insertItem("new", at: ip(0, 0)), .insertItem("nb", at: ip(1, 0))])
        let d = h.machine.presentation.drag
        #expect(d?.source == ip(0, 4) && d?.companions == [ip(0, 2), ip(1, 2)])
        #expect(h.machine.invariantViolations().isEmpty)
        h.send(.contactLifted(h.point(row: 3)))
        // The gap stayed at a3's own place: the group gathers there.
        #expect(h.items == [["new", "a0", "a2", "a1", "a3", "b1", "a4"], ["nb", "b0", "b2", "b3", "b4"]])
    }

    @Test func anItemTheAppDeletesLeavesTheGroup() throws {
        var h = Self.selecting([1, 3, 6])
        h.send(.longPress(h.point(row: 3)))
        let effects = try h.apply([.deleteItem(ip(1, 1))])
        #expect(!effects.contains { if case .dragCancelled = $0 { true } else { false } })
        #expect(h.machine.presentation.drag?.companions == [ip(0, 1)])
        #expect(h.machine.draggedItems == ["a1", "a3"])
        #expect(h.machine.invariantViolations().isEmpty)
    }

    @Test func deletingTheGrabbedItemCancelsTheDrag() throws {
        var h = Self.selecting([1, 3, 6])
        h.send(.longPress(h.point(row: 3)))
        let effects = try h.apply([.deleteItem(ip(0, 3))])
        #expect(effects.contains(.dragCancelled("a3")) && effects.contains(.dragCancelled("a1"))
                && effects.contains(.dragCancelled("b1")))
        #expect(h.machine.presentation.drag == nil)
        #expect(h.items == [["a0", "a1", "a2", "a4"], ["b0", "b1", "b2", "b3", "b4"]])
    }
}

/// A section a placeholder covers takes no drop from a pointer drag, even
/// when the delegate redirects there (as for keys and commands).
@Suite struct CoveredRedirectTests {
    struct RedirectAll: CollectionDelegate {
        var to: IndexPath
        func target(forMoving item: ItemID, from source: IndexPath, proposed: IndexPath) -> MoveTarget {
            .redirect(to)
        }
    }

    @Test(arguments: [false, true])
    func aRedirectOfOneItemIntoACoveredSectionIsAVeto(covered: Bool) {
        var h = MultiDragTests.small(policy: RedirectAll(to: ip(1, 0)))
        if covered { h.machine.coveredSections = [1..<2] }
        h.send(.longPress(h.point(row: 3)))
        h.send(.contactMoved(h.point(row: 1)))
        #expect(h.machine.presentation.drag?.target == (covered ? ip(0, 3) : ip(1, 0)))
        h.send(.contactLifted(h.point(row: 1)))
        #expect(h.items == (covered ? [["a0", "a1", "a2", "a3", "a4"], ["b0", "b1", "b2", "b3", "b4"]]
                                     : [["a0", "a1", "a2", "a4"], ["a3", "b0", "b1", "b2", "b3", "b4"]]))
    }

    @Test(arguments: [false, true])
    func aRedirectOfAGroupIntoACoveredSectionIsAVeto(covered: Bool) {
        let rules = MultiDragTests.GroupRules(answer: { _ in .redirect(ip(1, 0)) })
        var h = MultiDragTests.selecting([1, 3], policy: rules)
        if covered { h.machine.coveredSections = [1..<2] }
        h.send(.longPress(h.point(row: 3)))
        h.send(.contactMoved(h.point(row: 1)))
        h.send(.contactLifted(h.point(row: 1)))
        // Vetoed, the gap is the grabbed item's own place: the group gathers there.
        #expect(h.items == (covered ? [["a0", "a2", "a1", "a3", "a4"], ["b0", "b1", "b2", "b3", "b4"]]
                                     : [["a0", "a2", "a4"], ["a1", "a3", "b0", "b1", "b2", "b3", "b4"]]))
    }
}
