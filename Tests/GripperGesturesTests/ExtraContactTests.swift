import GripperGeometry
@_spi(Benchmarks) import GripperGestures
@_spi(Benchmarks) import GripperInput
import Testing

@Suite struct ExtraContactTests {
    /// A one-finger pan under way, then a second finger.
    func panThenSecondFinger() -> Script {
        var s = Script()
        s.stroke(from: 10, 10, to: 40, 10, at: 0, duration: 100, lift: nil)
        s.down(60, 60, at: 120, id: 2)
        s.move(50, 10, at: 140, id: 1)
        s.up(at: 160, id: 1)
        s.up(at: 180, id: 2)
        return s
    }

    @Test func secondFingerCancelsAOneFingerPanAndSwipe() {
        var c = GestureConfiguration()
        c.reportsFailures = true
        let events = run(panThenSecondFinger(), c)
        let pans = events.filter { $0.kind == .pan }
        #expect(pans.last?.state == .cancelled)
        #expect(pans.last?.time == ms(120))
        #expect(events.filter { $0.kind == .swipe }.map(\.state) == [.failed])
        #expect(!events.contains { $0.kind == .tap && $0.state == .recognized })
        // Touch notices still come for both contacts.
        #expect(events.filter { $0.kind == .touch }.map(\.state) == [.began, .began, .ended, .ended])
    }

    @Test func ignorePolicyLetsThePanGoOn() {
        var c = GestureConfiguration()
        c.extraContacts = .ignore
        let events = run(panThenSecondFinger(), c)
        #expect(summary(events).last == "swipe.recognized")
        #expect(events.filter { $0.kind == .pan }.last?.state == .ended)
        #expect(events.filter { $0.kind == .pan }.allSatisfy { $0.contactID == 1 })
    }

    /// A long-press drag under way, then a second finger.
    func dragThenSecondFinger() -> Script {
        var s = Script()
        s.down(10, 10, at: 0)
        s.move(30, 10, at: 600)
        s.down(60, 60, at: 650, id: 2)
        s.move(40, 10, at: 700, id: 1)
        s.up(at: 750, id: 1)
        s.up(at: 800, id: 2)
        return s
    }

    @Test func secondFingerDoesNotDisturbADrag() {
        let events = run(dragThenSecondFinger())
        #expect(summary(events) == ["longPress.began", "longPress.changed", "longPress.changed", "longPress.ended"])
    }

    @Test func cancelAllPolicyCancelsADrag() {
        var c = GestureConfiguration()
        c.extraContacts = .cancelAll
        let events = run(dragThenSecondFinger(), c)
        #expect(summary(events) == ["longPress.began", "longPress.changed", "longPress.cancelled"])
    }

    @Test func secondFingerOnAnUndecidedPressFailsTapAndLongPress() {
        var s = Script()
        s.down(10, 10, at: 0)
        s.down(30, 10, at: 50, id: 2)
        var d = Driver()
        d.feed(s)
        #expect(d.arena.nextDeadline == nil)
        // Past both the tap's and the long-press's durations with both
        // fingers down: neither fires (nothing but touch notices so far).
        let before = d.events.count
        d.advance(to: ms(1000))
        #expect(d.events.count == before)
        #expect(!d.events.contains { $0.kind == .tap || $0.kind == .longPress && $0.state != .failed })
        var t = Script()
        t.down(10, 10, at: 0)
        t.down(30, 10, at: 50, id: 2)
        t.up(at: 1100, id: 1)
        t.up(at: 1200, id: 2)
        #expect(summary(run(t)).isEmpty)
    }

    @Test func twoFingersInOneFrameAreNotOurs() {
        let both = ContactFrame(time: ms(0), contacts: [
            Contact(id: 1, phase: .began, position: .zero, millimetres: Point(x: 10, y: 10)),
            Contact(id: 2, phase: .began, position: .zero, millimetres: Point(x: 30, y: 10)),
        ])
        let up = ContactFrame(time: ms(80), contacts: [
            Contact(id: 1, phase: .ended, position: .zero, millimetres: Point(x: 10, y: 10)),
            Contact(id: 2, phase: .ended, position: .zero, millimetres: Point(x: 30, y: 10)),
        ])
        let events = GestureArena.events(for: [both, up])
        #expect(summary(events).isEmpty)
        #expect(events.filter { $0.kind == .touch }.count == 4)
    }

    @Test func aTapAfterTheFingersLiftIsRecognizedAgain() {
        var s = panThenSecondFinger()
        s.down(10, 10, at: 300, id: 3)
        s.up(at: 350, id: 3)
        #expect(summary(run(s)).last == "tap.recognized")
    }

    @Test func pendingTapIsRecognizedWhenTwoFingersComeNext() {
        var s = Script()
        s.down(10, 10, at: 0)
        s.up(at: 100)
        s.down(10, 10, at: 200, id: 2)
        s.down(20, 10, at: 210, id: 3)
        s.up(at: 300, id: 2)
        s.up(at: 310, id: 3)
        let taps = run(s, .withDoubleTap).filter { $0.kind == .tap }
        #expect(taps.map(\.tapCount) == [1])
        #expect(taps.first?.time == ms(210))
    }

    @Test func aContactLeftDownAfterThePrimaryLiftsIsNotFollowed() {
        var c = GestureConfiguration()
        c.extraContacts = .ignore
        var s = Script()
        s.down(10, 10, at: 0)
        s.down(40, 10, at: 20, id: 2)
        s.up(at: 100, id: 1)                  // a tap of the primary
        s.move(60, 10, at: 150, id: 2)       // the extra moves far: no pan
        s.up(at: 200, id: 2)
        #expect(summary(run(s, c)) == ["tap.recognized"])
    }

    @Test func aContactNotSeenToBeginIsIgnoredUntilAllLift() {
        // The stream starts in the middle of a touch.
        let frames = [
            ContactFrame(time: ms(0), contacts: [Contact(id: 7, phase: .moved, position: .zero, millimetres: Point(x: 10, y: 10))]),
            ContactFrame(time: ms(50), contacts: [Contact(id: 7, phase: .moved, position: .zero, millimetres: Point(x: 40, y: 10))]),
            ContactFrame(time: ms(90), contacts: [Contact(id: 7, phase: .ended, position: .zero, millimetres: Point(x: 40, y: 10))]),
            ContactFrame(time: ms(200), contacts: [Contact(id: 8, phase: .began, position: .zero, millimetres: Point(x: 10, y: 10))]),
            ContactFrame(time: ms(250), contacts: [Contact(id: 8, phase: .ended, position: .zero, millimetres: Point(x: 10, y: 10))]),
        ]
        let events = GestureArena.events(for: frames)
        #expect(summary(events) == ["tap.recognized"])
        #expect(events.first { $0.kind == .tap }?.contactID == 8)
    }
}
