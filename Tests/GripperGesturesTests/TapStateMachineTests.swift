import GripperGeometry
@testable import GripperGestures
import GripperInput
import Testing

/// The tap machine on its own, for what the arena never asks of it: a lift
/// at or after the press's deadline without the deadline fired first.
@Suite struct TapStateMachineTests {
    func sample(_ tMs: Double) -> GestureSample {
        GestureSample(time: ms(tMs), location: Point(x: 40, y: 40), millimetres: Point(x: 10, y: 10))
    }

    func tap(_ count: Int, lift: Double) -> TapStateMachine.Tap {
        TapStateMachine.Tap(contactID: 1, location: Point(x: 40, y: 40), millimetres: Point(x: 10, y: 10),
                            count: count, lift: ms(lift), isPointer: false)
    }

    @Test func liftPastTheDeadlineWithoutItFiringIsAHeldTap() {
        var m = TapStateMachine(configuration: .withDoubleTap)
        #expect(m.touchDown(contactID: 1, sample: sample(0), isPointer: false) == .none)
        #expect(m.deadline == ms(300))
        #expect(m.touchUp(sample: sample(300)) == .recognize(tap(1, lift: 300)))
        #expect(m.deadline == nil && !m.followsPress)
    }

    @Test func lateLiftOfASecondPressRecognizesBothTapsInOrder() {
        var m = TapStateMachine(configuration: .withDoubleTap)
        _ = m.touchDown(contactID: 1, sample: sample(0), isPointer: false)
        #expect(m.touchUp(sample: sample(100)) == .none)
        #expect(m.touchDown(contactID: 1, sample: sample(200), isPointer: false) == .none)
        #expect(m.touchUp(sample: sample(500)) == .recognizeBoth(tap(1, lift: 100), then: tap(1, lift: 500)))
        #expect(m.deadline == nil && !m.followsPress)
    }

    @Test func deadlineMakesThePressHeldAndReleasesTheTapItWouldHaveContinued() {
        var m = TapStateMachine(configuration: .withDoubleTap)
        _ = m.touchDown(contactID: 1, sample: sample(0), isPointer: false)
        _ = m.touchUp(sample: sample(100))
        _ = m.touchDown(contactID: 1, sample: sample(200), isPointer: false)
        #expect(m.deadlineFired(at: ms(499.999)) == .none)
        #expect(m.deadlineFired(at: ms(500)) == .recognize(tap(1, lift: 100)))
        #expect(m.deadline == nil && m.followsPress)
        #expect(m.touchUp(sample: sample(700)) == .recognize(tap(1, lift: 700)))
        #expect(!m.followsPress)
    }
}
