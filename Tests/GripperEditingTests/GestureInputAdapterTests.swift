import Testing
import GripperGeometry
@_spi(Benchmarks) import GripperGestures
import GripperInput
import GripperLayout
@testable import GripperEditing
@_spi(Benchmarks) import GripperEditing

@Suite struct GestureInputAdapterTests {
    static let p = Point(x: 5, y: 6)

    static func event(_ gesture: Gesture) -> GestureEvent { GestureEvent(time: .zero, gesture) }

    static func contact(_ id: Int = 1) -> GestureContact { GestureContact(id: id, location: p) }

    static func motion(translation: Point = .zero, velocity: Point = .zero) -> GestureMotion {
        GestureMotion(contactID: 1, location: p, startLocation: .zero, translation: translation, velocity: velocity)
    }

    @Test func mapsEachKind() {
        var a = GestureInputAdapter()
        let p = Self.p, m = Self.motion()
        #expect(a.input(for: Self.event(.touch(.began, Self.contact()))) == .contact(.touchDown(p)))
        #expect(a.input(for: Self.event(.touch(.began, Self.contact(2)))) == .contact(.secondContact))
        #expect(a.input(for: Self.event(.touch(.ended, Self.contact(2)))) == .contact(.secondTap(p)))
        #expect(a.input(for: Self.event(.tap(count: 1, Self.contact()))) == .contact(.tap(p)))
        #expect(a.input(for: Self.event(.tapFailed(m))) == nil)
        #expect(a.input(for: Self.event(.longPress(.began, m))) == .contact(.longPress(p)))
        #expect(a.input(for: Self.event(.longPress(.changed, m))) == .contact(.contactMoved(p)))
        #expect(a.input(for: Self.event(.longPress(.ended, m))) == .contact(.contactLifted(p)))
        #expect(a.input(for: Self.event(.longPress(.cancelled, m))) == .command(.cancelInteraction))
        #expect(a.input(for: Self.event(.longPressFailed(m))) == nil)
        let t = Point(x: -3, y: 1), v = Point(x: -200, y: 0)
        let pan = ContactInput.Pan(location: p, translation: t, velocity: v)
        let moved = Self.motion(translation: t, velocity: v)
        #expect(a.input(for: Self.event(.pan(.began, axis: .horizontal, moved))) == .contact(.panBegan(pan)))
        #expect(a.input(for: Self.event(.pan(.changed, axis: .horizontal, moved))) == .contact(.panChanged(pan)))
        #expect(a.input(for: Self.event(.pan(.ended, axis: .horizontal, moved))) == .contact(.panEnded(pan)))
        #expect(a.input(for: Self.event(.pan(.cancelled, axis: .horizontal, m))) == .command(.cancelInteraction))
        #expect(a.input(for: Self.event(.swipe(.left, m))) == nil)
        #expect(a.input(for: Self.event(.swipeFailed(m))) == nil)
        #expect(a.input(for: Self.event(.scroll(by: Point(x: 0, y: 48), at: p, isPointer: true))) == .contact(.scroll(48)))
        #expect(a.input(for: Self.event(.touch(.ended, Self.contact()))) == .contact(.contactLifted(p)))
        // The next contact down is primary again.
        #expect(a.input(for: Self.event(.touch(.began, Self.contact(3)))) == .contact(.touchDown(p)))
        #expect(a.input(for: Self.event(.touch(.cancelled, Self.contact(3)))) == .command(.cancelInteraction))
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
        #expect(a.h.machine.phase == .batchEditingOpen)
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
        for _ in 0..<60 { a.frame(after: 16, .stationary, edge) }   // ≈ 1 s held in the zone (0.5 s of it ramping up)
        #expect(a.h.machine.contentOffset > 400)
        let target = a.h.machine.presentation.drag?.target
        a.frame(after: 10, .ended, edge)
        #expect(target != nil && a.h.machine.model.indexPath(of: "a2") == target)
        #expect(a.h.machine.nextDeadline == nil)
    }
}
