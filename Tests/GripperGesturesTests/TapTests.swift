import GripperGeometry
@_spi(Benchmarks) import GripperGestures
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

    /// A press that does not move is a tap when it lifts before the
    /// long-press begins, on either side of the maximum tap duration.
    @Test(arguments: [false, true])
    func pressLiftedBeforeTheLongPressIsATap(pointer: Bool) {
        for lift in [299.999, 300, 450, 499.999] {
            var s = Script(pointer: pointer)
            s.down(10, 10, at: 0)
            s.up(at: lift)
            let events = run(s)
            #expect(summary(events) == ["tap.recognized"], "lift at \(lift) ms")
            let tap = events.first { $0.kind == .tap }
            #expect(tap?.time == ms(lift), "lift at \(lift) ms")
            #expect(tap?.tapCount == 1 && tap?.isPointer == pointer, "lift at \(lift) ms")
            #expect(tap?.location == Point(x: 40, y: 40), "lift at \(lift) ms")
        }
        // At the long-press duration the long-press has begun: no tap.
        var s = Script(pointer: pointer)
        s.down(10, 10, at: 0)
        s.up(at: 500)
        #expect(summary(run(s)) == ["longPress.began", "longPress.ended"])
    }

    /// Stepping a live clock over a held press: the maximum tap duration
    /// passes silently, the lift before the long-press deadline is a tap.
    @Test(arguments: [false, true])
    func heldPressPassesTheTapDurationSilently(pointer: Bool) {
        var d = Driver()
        var s = Script(pointer: pointer)
        s.down(10, 10, at: 0)
        d.feed(s)
        #expect(d.arena.nextDeadline == ms(300))
        d.advance(to: ms(299.999))
        #expect(d.gestures.isEmpty)
        d.advance(to: ms(300))
        #expect(d.gestures.isEmpty)
        #expect(d.arena.nextDeadline == ms(500))  // only the long-press's left
        var up = Script(pointer: pointer)
        up.down(10, 10, at: 0)
        up.up(at: 499.999)
        d.feed(up.frames[1])
        #expect(summary(d.events) == ["tap.recognized"])
        #expect(d.gestures.first?.time == ms(499.999))
        #expect(d.arena.isIdle)
    }

    @Test func heldPressFailsItsTapOnlyWhenTheLongPressBegins() {
        var c = GestureConfiguration()
        c.reportsFailures = true
        var s = Script()
        s.down(10, 10, at: 0)
        s.up(at: 499.999)
        #expect(summary(run(s, c)) == ["longPress.failed", "swipe.failed", "tap.recognized"])
        var l = Script()
        l.down(10, 10, at: 0)
        l.up(at: 500)
        let events = run(l, c)
        #expect(summary(events) == ["tap.failed", "swipe.failed", "longPress.began", "longPress.ended"])
        #expect(events.first { $0.kind == .tap }?.time == ms(500))
    }

    @Test func heldPressThatMovesOrGetsASecondFingerIsNoTap() {
        var m = Script()
        m.down(10, 10, at: 0)
        m.move(12, 10, at: 400)
        m.up(at: 450)
        #expect(summary(run(m)) == ["pan.began", "pan.ended"])
        var f = Script()
        f.down(10, 10, at: 0)
        f.down(40, 40, at: 400, id: 2)
        f.up(at: 420, id: 2)
        f.up(at: 450)
        #expect(summary(run(f)).isEmpty)
    }

    @Test func withoutALongPressAPressIsATapHoweverLongItIsHeld() {
        var c = GestureConfiguration()
        c.recognizers.remove(.longPress)
        var s = Script()
        s.down(10, 10, at: 0)
        s.up(at: 5000)
        #expect(summary(run(s, c)) == ["tap.recognized"])
    }

    /// A held press neither continues nor starts a multi-tap: only quick
    /// presses count, with the double-tap timing unchanged.
    @Test(arguments: [false, true])
    func heldPressDoesNotCountTowardsADoubleTap(pointer: Bool) {
        // Lifted at 299.999 ms: a quick tap, which waits for a second.
        var quick = Script(pointer: pointer)
        quick.down(10, 10, at: 0)
        quick.up(at: 299.999)
        var d = Driver(.withDoubleTap)
        d.feed(quick)
        #expect(d.gestures.isEmpty)
        #expect(d.arena.nextDeadline == ms(599.999))
        d.advance(to: ms(599.999))
        #expect(d.gestures.map(\.tapCount) == [1])
        #expect(d.gestures.first?.time == ms(599.999))

        // Lifted at 300 ms: held, recognized at the lift without waiting.
        var held = Script(pointer: pointer)
        held.down(10, 10, at: 0)
        held.up(at: 300)
        var h = Driver(.withDoubleTap)
        h.feed(held)
        #expect(h.gestures.map(\.tapCount) == [1])
        #expect(h.gestures.first?.time == ms(300))
        #expect(h.arena.nextDeadline == nil && h.arena.isIdle)

        // A quick press right after a held one starts its own count.
        held.down(10, 10, at: 350)
        held.up(at: 400)
        held.down(10, 10, at: 450)
        held.up(at: 500)
        #expect(run(held, .withDoubleTap).filter { $0.kind == .tap }.map(\.tapCount) == [1, 2])

        // A held press after a quick one: the quick tap is recognized when
        // the second press passes the tap duration, the held one at its lift.
        var second = Script(pointer: pointer)
        second.down(10, 10, at: 0)
        second.up(at: 100)
        second.down(10, 10, at: 200)
        second.up(at: 500)
        let taps = run(second, .withDoubleTap).filter { $0.kind == .tap }
        #expect(taps.map(\.tapCount) == [1, 1])
        #expect(taps.map(\.time) == [ms(500), ms(500)])
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

    @Test func secondPressThatCannotContinueTheCountReleasesTheFirstTap() {
        // Held past the tap duration: the first tap is recognized then, the
        // second is a tap of its own at its lift.
        var s = Script()
        s.down(10, 10, at: 0)
        s.up(at: 100)
        s.down(10, 10, at: 200)
        s.up(at: 600)
        let taps = run(s, .withDoubleTap).filter { $0.kind == .tap }
        #expect(taps.map(\.tapCount) == [1, 1])
        #expect(taps.map(\.time) == [ms(500), ms(600)])

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
