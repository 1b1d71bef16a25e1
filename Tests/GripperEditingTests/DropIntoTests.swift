import GripperGeometry
import GripperInput
import GripperLayout
import Testing
@testable import GripperEditing
@_spi(Benchmarks) import GripperEditing

/// Dropping into an item (a folder): a drag whose proxy dwells over the
/// middle band of an item that accepts drops proposes "into" it; a lift
/// then removes the carried items in one journal entry and tells the app.
@Suite struct DropIntoTests {
    /// A delegate that accepts drops into `f` and notes what was dropped.
    final class Recorder: CollectionDelegate, @unchecked Sendable {
        var accepts: Set<ItemID> = ["f"]
        var acceptsAny = true
        var delay: Duration = .milliseconds(500)
        var asked: [(items: [ItemID], target: ItemID)] = []
        var dropped: [(items: [ItemID], target: ItemID)] = []
        func canAcceptDrop(of items: [ItemID], into target: ItemID) -> Bool {
            asked.append((items, target))
            return accepts.contains(target)
        }
        var acceptsDropsIntoItems: Bool { acceptsAny }
        func dropIntoDelay(for target: ItemID) -> Duration { delay }
        func didDrop(_ items: [ItemID], into target: ItemID) { dropped.append((items, target)) }
    }

    /// One section: a0, a1, f (the folder, rows 88 ..< 132, its band
    /// 99 ..< 121), a3, a4, a5.
    static func harness(_ delegate: Recorder = Recorder()) -> MachineHarness {
        MachineHarness(model([("A", ["a0", "a1", "f", "a3", "a4", "a5"])]), policy: delegate)
    }

    /// Picks up a0 (its proxy centred on the contact) and moves the proxy's centre to y.
    static func dragging(to y: Double, _ delegate: Recorder = Recorder()) -> (MachineHarness, [EditingEffect]) {
        var h = harness(delegate)
        h.send(.longPress(h.point(row: 0)))
        let effects = h.send(.contactMoved(Point(x: 100, y: y)))
        return (h, effects)
    }

    static func dwell(_ effects: [EditingEffect]) -> EventTime? {
        effects.lazy.compactMap { if case .scheduleTick(let t) = $0 { t } else { nil } }.first
    }

    /// Ticks at `time` (absolute).
    static func tick(_ h: inout MachineHarness, at time: EventTime) -> [EditingEffect] {
        h.time = time
        return h.send(.tick, after: 0)
    }

    @Test func theDwellProposesIntoAtItsDeadlineAndNotBefore() throws {
        var (h, effects) = Self.dragging(to: 110)
        let deadline = try #require(Self.dwell(effects))
        #expect(deadline == h.time + .milliseconds(500))
        #expect(h.machine.nextDeadline == deadline)
        #expect(!effects.contains(where: { if case .gapMoved = $0 { true } else { false } }))
        #expect(Self.tick(&h, at: deadline - .microseconds(1)).isEmpty)
        #expect(h.machine.presentation.drag?.intoTarget == nil)
        #expect(Self.tick(&h, at: deadline) == [.dropTargetChanged("f")])
        #expect(h.machine.nextDeadline == nil)
        let p = h.machine.presentation
        #expect(p.drag?.intoTarget == ip(0, 2))
        #expect(p.drag?.target == ip(0, 0), "the gap stays where it was")
        #expect(h.layout.attributes(for: ip(0, 2), presentation: p)?.isDropTarget == true)
        #expect(h.layout.attributes(for: ip(0, 3), presentation: p)?.isDropTarget == false)
        #expect(h.machine.invariantViolations().isEmpty)
    }

    @Test(arguments: [(99.0, true), (98.99, false), (120.99, true), (121.0, false)])
    func theBandIsTheMiddleHalf(y: Double, inside: Bool) {
        let (h, effects) = Self.dragging(to: y)
        #expect((Self.dwell(effects) != nil) == inside, "y \(y)")
        #expect((h.machine.nextDeadline != nil) == inside)
        #expect(h.machine.invariantViolations().isEmpty)
    }

    /// A delegate that says no item takes drops is never asked, and the
    /// gap follows the proxy over the folder's band as over any item.
    @Test func aDelegateThatTakesNoDropsIsNeverAsked() {
        let delegate = Recorder()
        delegate.acceptsAny = false
        let (h, effects) = Self.dragging(to: 112, delegate)
        #expect(Self.dwell(effects) == nil && h.machine.nextDeadline == nil)
        #expect(delegate.asked.isEmpty)
        #expect(effects.contains(.gapMoved(to: ip(0, 2))))
        #expect(h.machine.invariantViolations().isEmpty)
        // The same hover with the delegate taking drops dwells.
        let (_, asking) = Self.dragging(to: 112)
        #expect(Self.dwell(asking) != nil)
    }

    @Test func theStaticPolicyTakesDropsOnlyWhenItNamesAnItem() {
        var policy = StaticEditingPolicy()
        #expect(!policy.acceptsDropsIntoItems)
        policy.acceptsDrops = ["f"]
        #expect(policy.acceptsDropsIntoItems)
    }

    @Test func aRefusalKeepsTheDragBetweenAndIsAskedOncePerHover() {
        let delegate = Recorder()
        delegate.accepts = []
        var (h, effects) = Self.dragging(to: 110, delegate)
        #expect(Self.dwell(effects) == nil && h.machine.nextDeadline == nil)
        h.send(.contactMoved(Point(x: 100, y: 112)))
        h.send(.contactMoved(Point(x: 100, y: 108)))
        #expect(delegate.asked.count == 1)
        #expect(delegate.asked.first?.items == ["a0"] && delegate.asked.first?.target == "f")
        h.send(.contactLifted(Point(x: 100, y: 108)))
        #expect(h.committed.map(\.edit).allSatisfy { if case .move = $0 { true } else { false } })
        #expect(h.committed.count == 1)
        #expect(!h.log.contains(where: { if case .droppedInto = $0 { true } else { false } }))
    }

    @Test func movingOffBeforeTheDeadlineCancelsTheDwell() throws {
        var (h, effects) = Self.dragging(to: 110)
        let deadline = try #require(Self.dwell(effects))
        h.send(.contactMoved(Point(x: 100, y: 200)))
        #expect(h.machine.nextDeadline == nil)
        #expect(Self.tick(&h, at: deadline).isEmpty)
        #expect(h.machine.presentation.drag?.intoTarget == nil)
        #expect(h.machine.invariantViolations().isEmpty)
    }

    @Test func movingOffAfterTheDeadlineGoesBackToBetween() throws {
        var (h, effects) = Self.dragging(to: 110)
        _ = Self.tick(&h, at: try #require(Self.dwell(effects)))
        let off = h.send(.contactMoved(Point(x: 100, y: 200)))
        #expect(off.first == .dropTargetChanged(nil))
        #expect(h.machine.presentation.drag?.intoTarget == nil)
        h.send(.contactLifted(Point(x: 100, y: 200)))
        #expect(h.committed.count == 1)
        if case .move("a0", from: ip(0, 0), to: _)? = h.committed.first?.edit {} else {
            Issue.record("expected a move, got \(String(describing: h.committed.first?.edit))")
        }
        #expect(h.items[0].count == 6)
    }

    @Test func aDropRemovesTheItemInOneEntryTellsTheAppAndUndoesAsOne() throws {
        let delegate = Recorder()
        var (h, effects) = Self.dragging(to: 110, delegate)
        _ = Self.tick(&h, at: try #require(Self.dwell(effects)))
        let drop = h.send(.contactLifted(Point(x: 100, y: 110)))
        #expect(drop.last == .droppedInto(["a0"], into: "f"))
        #expect(!drop.contains(where: { if case .dragEnded = $0 { true } else { false } }))
        #expect(h.committed.map(\.edit) == [.dropInto(["a0"], into: "f")])
        #expect(h.items == [["a1", "f", "a3", "a4", "a5"]])
        #expect(delegate.dropped.count == 1 && delegate.dropped.first?.items == ["a0"])
        #expect(h.machine.phase == .idle && h.machine.nextDeadline == nil)
        #expect(h.machine.invariantViolations().isEmpty)
        h.send(.undo)
        #expect(h.items == [["a0", "a1", "f", "a3", "a4", "a5"]])
        h.send(.redo)
        #expect(h.items == [["a1", "f", "a3", "a4", "a5"]])
        #expect(h.machine.invariantViolations().isEmpty)
    }

    @Test func aGroupIsDroppedIntoAFolderTogether() throws {
        let delegate = Recorder()
        var h = Self.harness(delegate)
        h.send(.setEditing(true))
        h.send(.tap(h.point(row: 0)))
        h.send(.tap(h.point(row: 4)))
        #expect(h.machine.selection == ["a0", "a4"])
        h.send(.longPress(h.point(row: 0)))
        #expect(h.machine.draggedItems == ["a0", "a4"])
        // The group's gap is two rows (a4 left its slot too): f's middle is at y 154.
        let effects = h.send(.contactMoved(Point(x: 100, y: 154)))
        #expect(delegate.asked.first?.items == ["a0", "a4"])
        _ = Self.tick(&h, at: try #require(Self.dwell(effects)))
        #expect(h.machine.invariantViolations().isEmpty)
        let drop = h.send(.contactLifted(Point(x: 100, y: 154)))
        #expect(drop.last == .droppedInto(["a0", "a4"], into: "f"))
        #expect(h.committed.map(\.edit) == [.dropInto(["a0", "a4"], into: "f")])
        #expect(h.items == [["a1", "f", "a3", "a5"]])
        #expect(h.machine.selection.isEmpty)
        #expect(h.machine.phase == .batchEditingIdle)
        h.send(.undo)
        #expect(h.items == [["a0", "a1", "f", "a3", "a4", "a5"]])
        #expect(h.machine.invariantViolations().isEmpty)
    }

    @Test func anAppBatchThatDeletesTheTargetDropsTheProposal() throws {
        var (h, effects) = Self.dragging(to: 110)
        _ = Self.tick(&h, at: try #require(Self.dwell(effects)))
        let applied = try h.apply([.deleteItem(ip(0, 2))])
        #expect(applied.contains(.dropTargetChanged(nil)))
        #expect(h.machine.presentation.drag?.intoTarget == nil)
        #expect(h.machine.invariantViolations().isEmpty)
        h.send(.contactLifted(Point(x: 100, y: 110)))
        #expect(!h.log.contains(where: { if case .droppedInto = $0 { true } else { false } }))
        #expect(Set(h.items[0]) == ["a0", "a1", "a3", "a4", "a5"])
    }

    @Test func anAppBatchBeforeTheTargetCarriesItAlong() throws {
        var (h, effects) = Self.dragging(to: 110)
        _ = Self.tick(&h, at: try #require(Self.dwell(effects)))
        try h.apply([.insertItem("n", at: ip(0, 1))])
        #expect(h.machine.presentation.drag?.intoTarget == ip(0, 3))
        #expect(h.machine.invariantViolations().isEmpty)
        h.send(.contactLifted(Point(x: 100, y: 110)))
        #expect(h.items == [["n", "a1", "f", "a3", "a4", "a5"]])
    }

    @Test func cancelAndDoneLeaveEverythingInPlace() throws {
        for stop in [EditingCommand.cancelInteraction, .setEditing(true)] {
            var (h, effects) = Self.dragging(to: 110)
            _ = Self.tick(&h, at: try #require(Self.dwell(effects)))
            let out = h.send(stop)
            #expect(out.contains(.dragCancelled("a0")), "\(stop)")
            #expect(h.items == [["a0", "a1", "f", "a3", "a4", "a5"]])
            #expect(h.committed.isEmpty && h.machine.nextDeadline == nil)
            #expect(h.machine.invariantViolations().isEmpty)
        }
    }

    @Test func aZeroDelayProposesAtOnce() {
        let delegate = Recorder()
        delegate.delay = .zero
        let (h, effects) = Self.dragging(to: 110, delegate)
        #expect(effects.contains(.dropTargetChanged("f")))
        #expect(h.machine.presentation.drag?.intoTarget == ip(0, 2) && h.machine.nextDeadline == nil)
    }

    @Test func theDefaultDelegateRefusesEveryDrop() {
        var h = MachineHarness(model([("A", ["a0", "a1", "f", "a3"])]))
        h.send(.longPress(h.point(row: 0)))
        let effects = h.send(.contactMoved(Point(x: 100, y: 110)))
        #expect(Self.dwell(effects) == nil && h.machine.nextDeadline == nil)
        #expect(StaticEditingPolicy().dropIntoDelay(for: "f") == .milliseconds(500))
    }
}
