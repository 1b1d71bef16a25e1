import GripperGeometry
import GripperInput
import GripperLayout
import Testing
@testable import GripperEditing
@_spi(Benchmarks) import GripperEditing

/// The machine keeps a drag's payload and a swipe's panes behind references
/// (so reading its state copies no drag): a copy of the machine must still
/// be a value — what one copy does never shows in another.
@Suite struct MachineValueSemanticsTests {
    @Test func aCopyTakenMidDragKeepsItsOwnDrag() {
        var original = MachineHarness.standard()
        original.send(.longPress(original.point(row: 3)))
        #expect(original.machine.presentation.drag?.target == ip(0, 3))
        var copy = original

        original.send(.contactMoved(original.point(row: 8)))
        #expect(original.machine.presentation.drag?.target == ip(0, 8))
        #expect(copy.machine.presentation.drag?.target == ip(0, 3))

        copy.send(.contactMoved(copy.point(row: 1)))
        #expect(copy.machine.presentation.drag?.target == ip(0, 1))
        #expect(original.machine.presentation.drag?.target == ip(0, 8))

        original.send(.contactLifted(original.point(row: 8)))
        copy.send(.contactLifted(copy.point(row: 1)))
        #expect(original.machine.model.item(at: ip(0, 8)) == "a3")
        #expect(copy.machine.model.item(at: ip(0, 1)) == "a3")
        #expect(original.machine.invariantViolations().isEmpty && copy.machine.invariantViolations().isEmpty)
    }

    @Test func aCopyTakenBeforeAGroupGrowsKeepsItsGroup() {
        var original = MultiDragTests.selecting([1, 3])
        original.send(.longPress(original.point(row: 3)))
        #expect(original.machine.draggedItems == ["a1", "a3"])
        let copy = original
        original.send(.secondTap(original.point(row: 6)))
        #expect(original.machine.draggedItems == ["a1", "a3", "b1"])
        #expect(copy.machine.draggedItems == ["a1", "a3"])
        #expect(copy.machine.presentation.drag?.companions == [ip(0, 1)])
    }

    @Test func aCopyOfAnOpenCellKeepsItsPlaceWhenTheOtherIsRebased() throws {
        var original = MachineHarness.standard()
        original.pan(from: original.point(row: 3), by: Point(x: -60, y: 0))
        #expect(original.machine.phase == .open)
        let copy = original
        try original.apply([.deleteItem(ip(0, 1))])
        #expect(original.machine.presentation.swipe?.indexPath == ip(0, 2))
        #expect(copy.machine.presentation.swipe?.indexPath == ip(0, 3))
        #expect(original.machine.presentation.swipe?.trailingActions == copy.machine.presentation.swipe?.trailingActions)
        #expect(original.machine.presentation.swipe?.trailingActions.isEmpty == false)
    }
}
