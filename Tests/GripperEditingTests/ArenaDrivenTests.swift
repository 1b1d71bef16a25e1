import Testing
import GripperGeometry
@_spi(Benchmarks) import GripperGestures
@_spi(Benchmarks) import GripperInput
import GripperLayout
@testable import GripperEditing
@_spi(Benchmarks) import GripperEditing

/// The behaviours again, from contact frames through the gesture arena, by
/// touch and by mouse.
@Suite struct ArenaDrivenTests {
    /// A press that does not move selects when it lifts before the
    /// long-press duration, on both sides of the tap's maximum duration.
    @Test(arguments: [false, true])
    func pressSelectsUntilTheLongPressDuration(pointer: Bool) {
        var a = ArenaHarness(.standard(), pointer: pointer)
        for (row, held) in [(2, Duration.microseconds(299_999)), (3, .milliseconds(300)), (4, .microseconds(499_999))] {
            let from = a.h.log.count
            a.press(at: a.h.point(row: row), lasting: held)
            #expect(Array(a.h.log[from...]) == [.highlight(ip(0, row)), .highlight(nil), .selectionChanged([ItemID("a\(row)")])],
                    "held \(held)")
            #expect(a.h.machine.selection == [ItemID("a\(row)")], "held \(held)")
            #expect(a.h.machine.phase == .idle && a.arena.isIdle, "held \(held)")
        }
        // Held the long-press duration: a long-press (a drag dropped in place), no selection.
        let from = a.h.log.count
        a.press(at: a.h.point(row: 6), lasting: .milliseconds(500))
        #expect(a.h.machine.selection == ["a4"])
        #expect(a.h.log[from...].contains(.dragBegan("a6", from: ip(0, 6))))
        #expect(a.h.log[from...].contains(.dragEnded("a6", committed: false)))
        #expect(a.h.committed.isEmpty)
        #expect(a.h.machine.presentation.highlighted.isEmpty)
        #expect(a.h.machine.phase == .idle && a.arena.isIdle)
    }

    /// The same press elsewhere shuts an open cell (and only shuts it), on
    /// both sides of the tap's maximum duration and just short of the
    /// long-press duration.
    @Test(arguments: [false, true])
    func pressElsewhereShutsTheOpenCell(pointer: Bool) {
        for held in [Duration.microseconds(299_999), .milliseconds(300), .microseconds(499_999)] {
            var a = ArenaHarness(.standard(), pointer: pointer)
            let p = a.h.point(row: 3, x: 200)
            a.press(at: p, path: ArenaHarness.line(from: p, by: Point(x: -60, y: 0), steps: 40), liftAfter: 200)
            #expect(a.h.machine.phase == .open)
            let from = a.h.log.count
            a.press(at: a.h.point(row: 6), lasting: held)
            #expect(Array(a.h.log[from...]) == [.swipeShut("a3")], "held \(held)")
            #expect(a.gestures.last { $0.kind == .tap }?.time == a.time, "held \(held)")
            #expect(a.h.machine.phase == .idle && a.h.machine.selection.isEmpty, "held \(held)")
            #expect(a.h.machine.presentation.swipe == nil, "held \(held)")
        }
    }

    /// In batch editing the same press elsewhere cancels a delete confirmation.
    @Test(arguments: [false, true])
    func pressElsewhereCancelsTheDeleteConfirmation(pointer: Bool) {
        for held in [Duration.microseconds(299_999), .milliseconds(300), .microseconds(499_999)] {
            var a = ArenaHarness(.standard(), pointer: pointer)
            a.h.send(.setEditing(true))
            a.press(at: a.h.point(row: 2, x: 20), lasting: .milliseconds(80))
            #expect(a.h.machine.phase == .batchEditingOpen)
            let from = a.h.log.count
            a.press(at: a.h.point(row: 6, x: 150), lasting: held)
            #expect(Array(a.h.log[from...]) == [.deleteConfirmationCancelled("a2")], "held \(held)")
            #expect(a.h.machine.phase == .batchEditingIdle && a.h.committed.isEmpty, "held \(held)")
        }
    }

    @Test(arguments: [false, true])
    func longPressDragsAndCommits(pointer: Bool) {
        var a = ArenaHarness(.standard(), pointer: pointer)
        let p = a.h.point(row: 2)
        a.press(at: p, holdMs: 500, path: ArenaHarness.line(from: p, by: Point(x: 0, y: 132)))
        #expect(a.h.committed.map(\.edit) == [.move("a2", from: ip(0, 2), to: ip(0, 5))])
        #expect(a.h.machine.phase == .idle)
        #expect(a.arena.isIdle)
        #expect(a.h.machine.nextDeadline == nil)
    }

    @Test(arguments: [false, true])
    func movingBeforeTheLongPressDurationScrollsAfterItDrags(pointer: Bool) {
        var a = ArenaHarness(.standard(), pointer: pointer)
        let p = a.h.point(row: 5)
        // First move 500 ms after the touch-down: the long-press deadline fires first, a drag.
        a.press(at: p, holdMs: 490, path: ArenaHarness.line(from: p, by: Point(x: 0, y: -132)))
        #expect(a.h.log.contains(.dragBegan("a5", from: ip(0, 5))))
        var b = ArenaHarness(.standard(), pointer: pointer)
        // First move 490 ms after the touch-down: a pan, which scrolls.
        b.press(at: p, holdMs: 480, path: ArenaHarness.line(from: p, by: Point(x: 0, y: -132)))
        #expect(!b.h.log.contains(.dragBegan("a5", from: ip(0, 5))))
        #expect(b.h.machine.contentOffset == 132)
        #expect(b.h.committed.isEmpty)
    }

    @Test(arguments: [false, true])
    func swipeOpensPastHalfThePaneAndShutsShortOfIt(pointer: Bool) {
        var a = ArenaHarness(.standard(), pointer: pointer)
        let p = a.h.point(row: 3, x: 200)
        // Slow enough that velocity does not decide: 60 points over 400 ms.
        a.press(at: p, path: ArenaHarness.line(from: p, by: Point(x: -60, y: 0), steps: 40), liftAfter: 200)
        #expect(a.h.machine.phase == .open)
        var b = ArenaHarness(.standard(), pointer: pointer)
        b.press(at: p, path: ArenaHarness.line(from: p, by: Point(x: -30, y: 0), steps: 40), liftAfter: 200)
        #expect(b.h.machine.phase == .idle)
        #expect(b.h.log.contains(.swipeShut("a3")))
    }

    @Test(arguments: [false, true])
    func flickOpensAShortSwipe(pointer: Bool) {
        var a = ArenaHarness(.standard(), pointer: pointer)
        let p = a.h.point(row: 3, x: 200)
        a.press(at: p, path: ArenaHarness.line(from: p, by: Point(x: -30, y: 0), steps: 3), liftAfter: 10)
        #expect(a.h.machine.phase == .open)
    }

    @Test(arguments: [false, true])
    func fullSwipeDeletes(pointer: Bool) {
        var a = ArenaHarness(.standard(), pointer: pointer)
        let p = a.h.point(row: 3, x: 300)
        a.press(at: p, path: ArenaHarness.line(from: p, by: Point(x: -250, y: 0)))
        #expect(a.h.committed.map(\.edit) == [.action("delete", item: "a3")])
    }

    @Test func wheelScrolls() {
        var a = ArenaHarness(.standard(), pointer: true)
        a.frame(after: 10, nil, .zero, wheel: Point(x: 0, y: 1))
        #expect(a.h.machine.contentOffset == 48)
    }

    @Test func secondFingerCancelsTheTapButNotTheDrag() {
        var a = ArenaHarness(.standard(), pointer: false)
        let p = a.h.point(row: 2)
        let other = Point(x: 250, y: 300)
        a.frame(after: 10, .began, p)
        a.frame(after: 10, .stationary, p, extra: [Contact(id: 2, phase: .began, position: other, millimetres: other * 0.16, location: other)])
        a.frame(after: 10, .ended, p, extra: [Contact(id: 2, phase: .ended, position: other, millimetres: other * 0.16, location: other)])
        #expect(a.h.machine.selection.isEmpty)
        #expect(a.h.machine.presentation.highlighted.isEmpty)
        // A drag keeps going with a second finger down.
        var b = ArenaHarness(.standard(), pointer: false)
        b.frame(after: 10, .began, p)
        b.frame(after: 500, .stationary, p)
        #expect(b.h.machine.draggedItem == "a2")
        b.frame(after: 10, .moved, p + Point(x: 0, y: 44), extra: [Contact(id: 2, phase: .began, position: other, millimetres: other * 0.16, location: other)])
        b.frame(after: 10, .moved, p + Point(x: 0, y: 88), extra: [Contact(id: 2, phase: .stationary, position: other, millimetres: other * 0.16, location: other)])
        b.frame(after: 10, .ended, p + Point(x: 0, y: 88), extra: [Contact(id: 2, phase: .ended, position: other, millimetres: other * 0.16, location: other)])
        #expect(b.h.machine.model.indexPath(of: "a2") == ip(0, 4))
    }

    @Test func cancelledContactRevertsTheDrag() {
        var a = ArenaHarness(.standard(), pointer: false)
        let p = a.h.point(row: 2)
        let start = a.h.machine.model
        a.frame(after: 10, .began, p)
        a.frame(after: 500, .stationary, p)
        a.frame(after: 10, .moved, p + Point(x: 0, y: 88))
        a.frame(after: 10, .cancelled, p + Point(x: 0, y: 88))
        #expect(a.h.machine.model == start)
        #expect(a.h.log.contains(.dragCancelled("a2")))
        #expect(a.h.machine.draggedItem == nil)
    }

    @Test func gripperDragInBatchEditingByMouse() {
        var a = ArenaHarness(.standard(), pointer: true)
        a.h.send(.setEditing(true))
        let grip = a.h.point(row: 1, x: 300)
        a.press(at: grip, path: ArenaHarness.line(from: grip, by: Point(x: 0, y: 88)))
        #expect(a.h.committed.map(\.edit) == [.move("a1", from: ip(0, 1), to: ip(0, 3))])
        #expect(a.h.machine.phase == .batchEditingIdle)
    }
}
