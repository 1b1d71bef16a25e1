import Testing
import GripperGeometry
import GripperGestures
import GripperInput
import GripperLayout
@testable import GripperEditing

@Suite struct GestureInputAdapterTests {
    static func event(_ kind: GestureKind, _ state: GestureState, contact: Int? = 1, at p: Point = Point(x: 5, y: 6),
                      translation: Point = .zero, velocity: Point = .zero) -> GestureEvent {
        GestureEvent(time: .zero, kind: kind, state: state, contactID: contact, location: p, startLocation: .zero,
                     translation: translation, velocity: velocity)
    }

    @Test func mapsEachKind() {
        var a = GestureInputAdapter()
        let p = Point(x: 5, y: 6)
        #expect(a.inputs(for: Self.event(.touch, .began)) == [.touchDown(p)])
        #expect(a.inputs(for: Self.event(.touch, .began, contact: 2)) == [.secondContact])
        #expect(a.inputs(for: Self.event(.touch, .ended, contact: 2)) == [])
        #expect(a.inputs(for: Self.event(.tap, .recognized)) == [.tap(p)])
        #expect(a.inputs(for: Self.event(.tap, .failed)) == [])
        #expect(a.inputs(for: Self.event(.longPress, .began)) == [.longPress(p)])
        #expect(a.inputs(for: Self.event(.longPress, .changed)) == [.contactMoved(p)])
        #expect(a.inputs(for: Self.event(.longPress, .ended)) == [.contactLifted(p)])
        #expect(a.inputs(for: Self.event(.longPress, .cancelled)) == [.contactCancelled])
        let t = Point(x: -3, y: 1), v = Point(x: -200, y: 0)
        let pan = EditingInput.Pan(location: p, translation: t, velocity: v)
        #expect(a.inputs(for: Self.event(.pan, .began, translation: t, velocity: v)) == [.panBegan(pan)])
        #expect(a.inputs(for: Self.event(.pan, .changed, translation: t, velocity: v)) == [.panChanged(pan)])
        #expect(a.inputs(for: Self.event(.pan, .ended, translation: t, velocity: v)) == [.panEnded(pan)])
        #expect(a.inputs(for: Self.event(.pan, .cancelled)) == [.contactCancelled])
        #expect(a.inputs(for: Self.event(.swipe, .recognized)) == [])
        #expect(a.inputs(for: Self.event(.scroll, .recognized, contact: nil, translation: Point(x: 0, y: 48))) == [.scroll(48)])
        #expect(a.inputs(for: Self.event(.touch, .ended)) == [.contactLifted(p)])
        // The next contact down is primary again.
        #expect(a.inputs(for: Self.event(.touch, .began, contact: 3)) == [.touchDown(p)])
        #expect(a.inputs(for: Self.event(.touch, .cancelled, contact: 3)) == [.contactCancelled])
    }
}

@Suite struct ArenaBatchEditingTests {
    @Test(arguments: [false, true])
    func tapsToggleAndConfirmationDeletes(pointer: Bool) {
        var a = ArenaHarness(.standard(), pointer: pointer)
        a.h.send(.setEditing(true))
        a.press(at: a.h.point(row: 1, x: 150))
        a.press(at: a.h.point(row: 3, x: 150))
        #expect(a.h.machine.selection == ["a1", "a3"])
        a.press(at: a.h.point(row: 5, x: 20))       // delete control
        #expect(a.h.machine.stateName == "batchEditing.open")
        a.press(at: a.h.point(row: 5, x: 300))      // its confirmation
        #expect(a.h.committed.map(\.edit) == [.action("delete", item: "a5")])
        a.h.send(.deleteSelected)
        #expect(a.h.committed.last?.edit == .delete(["a1", "a3"]))
        #expect(a.h.items[0].count == 17)
    }

    @Test(arguments: [false, true])
    func dragHeldAtTheBottomEdgeAutoScrolls(pointer: Bool) {
        var a = ArenaHarness(.standard(), pointer: pointer)
        let p = a.h.point(row: 2)
        a.frame(after: 10, .began, p)
        a.frame(after: 500, .stationary, p)
        let edge = Point(x: p.x, y: 430)
        for k in 1...8 { a.frame(after: 10, .moved, p + (edge - p) * (Double(k) / 8)) }
        for _ in 0..<30 { a.frame(after: 16, .stationary, edge) }   // ≈ 0.5 s held in the zone
        #expect(a.h.machine.contentOffset > 400)
        let target = a.h.machine.presentation.drag?.target
        a.frame(after: 10, .ended, edge)
        #expect(target != nil && a.h.machine.model.indexPath(of: "a2") == target)
        #expect(a.h.machine.nextDeadline == nil)
    }
}
