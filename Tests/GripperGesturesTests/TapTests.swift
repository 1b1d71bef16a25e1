import GripperGeometry
import GripperGestures
import GripperInput
import Testing

@Suite struct TapTests {
    @Test func tapIsRecognizedAtTheLiftBetweenTouchNotices() {
        var s = Script()
        s.down(10, 20, at: 0)
        s.up(at: 100)
        let events = run(s)
        #expect(events.map { "\($0.kind.rawValue).\($0.state.rawValue)" } == ["touch.began", "tap.recognized", "touch.ended"])
        let tap = events[1]
        #expect(tap.time == ms(100))
        #expect(tap.tapCount == 1)
        #expect(tap.contactID == 1)
        #expect(tap.location == Point(x: 40, y: 80)) // points, not millimetres
        #expect(!tap.isPointer)
    }

    @Test func tapDurationBoundary() {
        for (lift, expected) in [(299.999, ["tap.recognized"]), (300.0, [])] {
            var s = Script()
            s.down(10, 10, at: 0)
            s.up(at: lift)
            #expect(summary(run(s)) == expected, "lift at \(lift) ms")
        }
        // With failures reported, the tap fails at its deadline, not at the lift.
        var s = Script()
        s.down(10, 10, at: 0)
        s.up(at: 400)
        var c = GestureConfiguration()
        c.reportsFailures = true
        let failed = run(s, c).filter { $0.kind == .tap }
        #expect(failed.map(\.state) == [.failed])
        #expect(failed.first?.time == ms(300))
    }

    @Test func touchSlopBoundary() {
        let slop = GestureConfiguration.default.touchSlopMillimetres
        for (dx, expected) in [(slop - 1e-6, ["tap.recognized"]), (slop + 1e-6, ["pan.began", "pan.ended"])] {
            var s = Script()
            s.down(10, 10, at: 0)
            s.move(10 + dx, 10, at: 50)
            s.up(at: 100)
            #expect(summary(run(s)) == expected, "moved \(dx) mm")
        }
    }

    @Test func pointerSlopBoundary() {
        let slop = GestureConfiguration.default.pointerSlopMillimetres
        for (dy, expected) in [(slop - 1e-6, ["tap.recognized"]), (slop + 1e-6, ["pan.began", "pan.ended"])] {
            var s = Script(pointer: true)
            s.down(0, 0, at: 0)
            s.move(0, dy, at: 50)
            s.up(at: 100)
            let events = run(s)
            #expect(summary(events) == expected, "moved \(dy) mm")
            #expect(events.allSatisfy { $0.isPointer })
        }
    }

    @Test func withoutDoubleTapEveryTapIsReportedAtOnce() {
        var d = Driver()
        var s = Script()
        s.down(10, 10, at: 0)
        s.up(at: 80)
        s.down(10, 10, at: 150)
        s.up(at: 230)
        d.feed(s)
        #expect(d.gestures.map(\.tapCount) == [1, 1])
        #expect(d.gestures.map(\.time) == [ms(80), ms(230)])
        #expect(d.arena.nextDeadline == nil)
        #expect(d.arena.isIdle)
    }

    @Test func doubleTapIntervalBoundary() {
        // Second touch-down 299.999 ms after the first lift: a double tap, reported at the second lift.
        var s = Script()
        s.down(10, 10, at: 0)
        s.up(at: 100)
        s.down(10, 10, at: 399.999)
        s.up(at: 450)
        var d = Driver(.withDoubleTap)
        d.feed(s)
        #expect(d.gestures.map(\.tapCount) == [2])
        #expect(d.gestures.first?.time == ms(450))
        #expect(d.arena.isIdle)

        // Exactly 300 ms: the first tap is recognized at its deadline, the second waits for its own.
        var s2 = Script()
        s2.down(10, 10, at: 0)
        s2.up(at: 100)
        s2.down(10, 10, at: 400)
        s2.up(at: 450)
        var d2 = Driver(.withDoubleTap)
        d2.feed(s2)
        #expect(d2.gestures.map(\.tapCount) == [1])
        #expect(d2.gestures.first?.time == ms(400))
        #expect(d2.arena.nextDeadline == ms(750))
        d2.advance(to: ms(749.999))
        #expect(d2.gestures.count == 1)
        d2.advance(to: ms(750))
        #expect(d2.gestures.map(\.tapCount) == [1, 1])
        #expect(d2.gestures.last?.time == ms(750))
        #expect(d2.arena.isIdle)
    }

    @Test func singleTapWaitsForTheDoubleTapOnlyWhereOneIsInstalled() {
        var s = Script()
        s.down(10, 10, at: 0)
        s.up(at: 100)
        var d = Driver(.withDoubleTap)
        d.feed(s)
        #expect(d.gestures.isEmpty)
        #expect(d.arena.nextDeadline == ms(400))
        d.advance(to: ms(399.999))
        #expect(d.gestures.isEmpty)
        d.advance(to: ms(400))
        #expect(d.gestures.map(\.tapCount) == [1])
        #expect(d.gestures.first?.time == ms(400))
        #expect(d.arena.isIdle)
    }

    @Test func doubleTapSlopBoundary() {
        let slop = GestureConfiguration.default.doubleTapSlopMillimetres
        for (dx, counts) in [(slop, [2]), (slop + 1e-6, [1, 1])] {
            var s = Script()
            s.down(10, 10, at: 0)
            s.up(at: 100)
            s.down(10 + dx, 10, at: 200)
            s.up(at: 250)
            #expect(run(s, .withDoubleTap).filter { $0.kind == .tap }.map(\.tapCount) == counts, "second tap \(dx) mm away")
        }
    }

    @Test func secondPressThatIsNoTapReleasesTheFirstTap() {
        // Held past the tap duration: the first tap is recognized when the second fails.
        var s = Script()
        s.down(10, 10, at: 0)
        s.up(at: 100)
        s.down(10, 10, at: 200)
        s.up(at: 600)
        let taps = run(s, .withDoubleTap).filter { $0.kind == .tap }
        #expect(taps.map(\.tapCount) == [1])
        #expect(taps.first?.time == ms(500))

        // Moved: the first tap comes just before the pan begins.
        var m = Script()
        m.down(10, 10, at: 0)
        m.up(at: 100)
        m.down(10, 10, at: 200)
        m.move(20, 10, at: 250)
        m.up(at: 300)
        #expect(summary(run(m, .withDoubleTap)) == ["tap.recognized", "pan.began", "pan.ended", "swipe.recognized"])
    }

    @Test func tripleTapCountsToTheMaximum() {
        var c = GestureConfiguration()
        c.maximumTapCount = 3
        var s = Script()
        for i in 0..<4 {
            s.down(10, 10, at: Double(i) * 200)
            s.up(at: Double(i) * 200 + 80)
        }
        // Taps 1-3 make a triple tap at the third lift; the fourth starts a new count.
        let taps = run(s, c).filter { $0.kind == .tap }
        #expect(taps.map(\.tapCount) == [3, 1])
        #expect(taps.map(\.time) == [ms(480), ms(980)])
    }

    @Test func uninstalledTapReportsNothing() {
        var c = GestureConfiguration()
        c.recognizers.remove(.tap)
        var s = Script()
        s.down(10, 10, at: 0)
        s.up(at: 100)
        #expect(summary(run(s, c)).isEmpty)
    }
}

@Suite struct TouchpadSlopTests {
    /// A touchpad finger moving 1 mm: past the mouse's slop, within the touch slop.
    func touchpadPress() -> Script {
        var s = Script(pointer: true)
        s.down(30, 30, at: 0)
        s.move(31, 30, at: 40)
        s.up(at: 80)
        return s
    }

    @Test func touchpadFingersGetTheTouchSlop() {
        let events = GestureArena.events(for: touchpadPress().frames, deviceKind: .touchpad)
        #expect(summary(events) == ["tap.recognized"])
    }

    @Test func pointerContactsOfOtherDevicesGetThePointerSlop() {
        for kind in [DeviceKind?.none, .mouse] {
            let events = GestureArena.events(for: touchpadPress().frames, deviceKind: kind)
            #expect(summary(events) == ["pan.began", "pan.ended"], "\(String(describing: kind))")
        }
    }
}
