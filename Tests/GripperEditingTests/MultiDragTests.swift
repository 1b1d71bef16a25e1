import GripperGeometry
import GripperInput
import GripperLayout
import Testing
@testable import GripperEditing
@_spi(Benchmarks) import GripperEditing

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
        // All three leave their slots and the others close up: a0 a2, the
        // gap where the group lands (after a0 and a2: the items that stay
        // before a3), as tall as the three rows it will take, then a4.
        #expect(!cells.contains(ip(0, 3)) && !cells.contains(ip(0, 1)) && !cells.contains(ip(1, 1)))
        #expect(cells.count == 7)
        #expect(p.drag?.target == ip(0, 2))
        #expect(h.layout.attributes(for: ip(0, 1), presentation: p)?.isHidden == true)
        #expect(h.layout.attributes(for: ip(0, 2), presentation: p)?.frame.minY == 44)
        #expect(h.layout.attributes(for: ip(0, 2), presentation: p)?.isHidden == false)
        #expect(all.filter { $0.kind == .placeholder }.map(\.frame) == [Rect(x: 0, y: 88, width: 320, height: 132)])
        #expect(h.layout.attributes(for: ip(0, 4), presentation: p)?.frame.minY == 220)
        #expect(all.filter { $0.kind == .placeholder }.map(\.dragItemCount) == [3])
        #expect(all.filter { $0.kind == .dragProxy }.map(\.dragItemCount) == [3])
        #expect(all.filter { $0.kind == .cell }.allSatisfy { $0.dragItemCount == 0 })
        // Carried items are not hit: a1's old place shows a2 now.
        #expect(h.layout.hitTest(Point(x: 100, y: 44 + 22), presentation: p) == .cell(ip(0, 2)))
    }

    @Test func theDropCommitsOneBatchInTheirOrderAndUndoesAsOne() {
        var h = Self.selecting([1, 3, 6])
        let start = h.machine.model
        h.send(.longPress(h.point(row: 3)))
        // Down to row 8 (y 374): with the group out, A is a0 a2 a4 (rows
        // 0-2) and B b0 b2 b3 b4 (rows 3-6), the gap three rows tall. The
        // point passes b2 and then b3 (each once the gap is above it), and
        // holds still over the gap after b3 (rows 6-8): the group lands
        // there.
        let to = h.point(row: 8)
        h.send(.contactMoved(to))
        #expect(h.machine.presentation.drag?.target == ip(1, 3))
        let effects = h.send(.contactLifted(to))
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

    @Test(arguments: [EditingCommand.setEditing(false), .cancelInteraction, .undo, .deleteSelected])
    func cancellingPutsEveryItemBack(stimulus: EditingCommand) {
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
        // a0's slot is the gap (row 0); a2 is in row 2.
        #expect(h.send(.secondTap(h.point(row: 2))) == [.dragBegan("a2", from: ip(0, 2))])
        #expect(h.machine.presentation.drag?.companions == [ip(0, 2)])
        // a2 left its slot and the gap grew to two rows: a1 is in row 2 now.
        #expect(h.layout.attributes(for: ip(0, 1), presentation: h.machine.presentation)?.frame.minY == 88)
        // On the gap, or above the content: nothing.
        #expect(h.send(.secondTap(h.point(row: 1))).isEmpty)
        #expect(h.send(.secondTap(Point(x: 100, y: -5))).isEmpty)
        // Rows 2-4 are a1 a3 a4, row 5 b0, row 6 b1.
        #expect(h.send(.secondTap(h.point(row: 6))) == [.dragBegan("b1", from: ip(1, 1))])
        // Down to a3 (row 4, with the three-row gap at the top): the gap
        // moves below a3 and holds still under the point; the group lands
        // after a1 and a3, in its order.
        h.send(.contactMoved(h.point(row: 4)))
        #expect(h.machine.presentation.drag?.target == ip(0, 2))
        h.send(.contactLifted(h.point(row: 4)))
        #expect(h.committed.count == 1)
        #expect(h.items == [["a1", "a3", "a0", "a2", "b1", "a4"], ["b0", "b2", "b3", "b4"]])
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
        final class Log: @unchecked Sendable { var asked: [([ItemID], [ItemPath], ItemPath)] = [] }
        let log = Log()
        var answer: @Sendable (ItemPath) -> MoveTarget
        func target(forMovingItems items: [ItemID], from sources: [ItemPath], proposed: ItemPath) -> MoveTarget {
            log.asked.append((items, sources, proposed))
            return answer(proposed)
        }
        func target(forMoving item: ItemID, from source: ItemPath, proposed: ItemPath) -> MoveTarget {
            Issue.record("a group drag asked the one-item question")
            return .accept
        }
        var selectionMode: SelectionMode { .multiple }
    }

    @Test func theDelegateIsAskedAboutTheGroupWhereItWouldLand() {
        let rules = GroupRules(answer: { $0.section == 1 ? .veto : .accept })
        var h = Self.selecting([1, 3], policy: rules)
        h.send(.longPress(h.point(row: 3)))
        // Up to the top: the two-row gap before a0 (rows 0-1) has its
        // centre at y 44; the group would land at [0,0].
        h.send(.contactMoved(h.point(row: 0)))
        #expect(h.machine.presentation.drag?.target == ip(0, 0))
        let last = rules.log.asked.last
        #expect(last?.0 == ["a1", "a3"] && last?.1 == [ip(0, 1), ip(0, 3)] && last?.2 == ip(0, 0))
        h.send(.contactMoved(h.point(row: 8)))
        #expect(rules.log.asked.last?.2.section == 1)
        #expect(h.machine.presentation.drag?.target == ip(0, 0))  // vetoed: the gap stays
        h.send(.contactLifted(h.point(row: 8)))
        #expect(h.items == [["a1", "a3", "a0", "a2", "a4"], ["b0", "b1", "b2", "b3", "b4"]])
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
        var to: ItemPath
        func target(forMoving item: ItemID, from source: ItemPath, proposed: ItemPath) -> MoveTarget {
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
