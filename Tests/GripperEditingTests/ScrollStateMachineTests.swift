import Testing
import GripperGeometry
import GripperInput
@testable import GripperEditing
@_spi(Benchmarks) import GripperEditing

/// The scroll machine alone: every threshold stepped from both sides, with
/// figures worked out by hand from the documented constants
/// (`Documentation/Scrolling.md`), not by the machine's own functions.
@Suite struct ScrollStateMachineTests {
    static let config = EditingConfiguration(viewportHeight: 400)
    static let start = EventTime.milliseconds(1000)

    /// A machine held at `offset` (in range of `maxOffset`) and released with `velocity`.
    static func released(at offset: Double = 100, velocity: Double, maxOffset: Double = 100_000)
        -> (ScrollStateMachine, [EditingEffect]) {
        var m = ScrollStateMachine()
        var effects: [EditingEffect] = []
        m.track(raw: offset, maxOffset: maxOffset, dimension: 400, configuration: config, effects: &effects)
        effects = []
        m.release(velocity: velocity, at: start, maxOffset: maxOffset, configuration: config, effects: &effects)
        return (m, effects)
    }

    @Test func aReleaseFlingsFromTheMinimumSpeedOn() {
        let (slow, slowEffects) = Self.released(velocity: 49.99)
        #expect(!slow.isMoving && slowEffects.isEmpty)
        let (fast, fastEffects) = Self.released(velocity: 50)
        #expect(fast.isMoving)
        #expect(fastEffects.count == 1)
        let (backward, _) = Self.released(velocity: -50)
        #expect(backward.isMoving)
    }

    @Test func aFlingDeceleratesAndSettlesAtItsStopTimeWhereItSaid() throws {
        // v₀ = 2000 pt/s, rate 0.998/ms: it stops when the speed falls
        // below 5 pt/s, after ln(5/2000)/ln(0.998) = 2992.74… ms, having
        // gone 2000/1000 × (1 − 0.0025)/0.0020020027 = 996.50… points.
        var (m, effects) = Self.released(velocity: 2000)
        guard case .scrollMotionBegan(let motion) = try #require(effects.first) else {
            Issue.record("no flingBegan: \(effects)")
            return
        }
        #expect(motion.kind == .fling && motion.from == 100 && motion.velocity == 2000)
        #expect(abs(motion.to - 1096.50) < 0.01)
        let stop = Self.start + .microseconds(2_992_736)
        // Ticks up to a microsecond before the stop time: still moving.
        var t = Self.start
        while let next = m.nextDeadline, next < stop {
            t = next
            var e: [EditingEffect] = []
            m.tick(at: t, maxOffset: 100_000, configuration: Self.config, effects: &e)
        }
        #expect(m.isMoving)
        #expect(m.nextDeadline == stop)
        var none: [EditingEffect] = []
        m.tick(at: stop - .microseconds(1), maxOffset: 100_000, configuration: Self.config, effects: &none)
        #expect(none.isEmpty && m.isMoving, "a tick before the deadline does nothing")
        var last: [EditingEffect] = []
        m.tick(at: stop, maxOffset: 100_000, configuration: Self.config, effects: &last)
        #expect(!m.isMoving)
        #expect(last.last == .scrollMotionEnded(.fling, at: m.offset, settled: true))
        #expect(m.offset == motion.to || abs(m.offset - motion.to) < 1e-9)
    }

    @Test func whereAFlingIsDependsOnlyOnTheTime() {
        // Ticked every frame or once, the offset at one time is the same.
        var (every, _) = Self.released(velocity: 1500)
        var (once, _) = Self.released(velocity: 1500)
        // 42 frames of 16.667 ms: 700.014 ms.
        let t = Self.start + .microseconds(42 * 16_667)
        while let next = every.nextDeadline, next <= t {
            var e: [EditingEffect] = []
            every.tick(at: next, maxOffset: 100_000, configuration: Self.config, effects: &e)
        }
        var e: [EditingEffect] = []
        once.tick(at: t, maxOffset: 100_000, configuration: Self.config, effects: &e)
        #expect(abs(every.offset - once.offset) < 1e-9)
        // 1500/1000 × (1 − 0.998^700)/0.0020020027 = 564.75 points from 100
        // at 700 ms, and 369.4 pt/s × 14 µs more.
        #expect(abs(once.offset - 664.75) < 0.01)
    }

    @Test func aFlingThatRunsIntoTheEndBouncesAndSettlesThere() {
        var (m, effects) = Self.released(at: 100, velocity: 3000, maxOffset: 300)
        #expect(effects == [.scrollMotionBegan(ScrollMotion(kind: .fling, from: 100, to: 300, velocity: 3000))])
        var beyond = 0.0
        var ended: [EditingEffect] = []
        var ticks = 0
        while let next = m.nextDeadline, ticks < 1000 {
            var e: [EditingEffect] = []
            m.tick(at: next, maxOffset: 300, configuration: Self.config, effects: &e)
            beyond = max(beyond, m.offset - 300)
            ended += e.filter { if case .scrollMotionEnded = $0 { true } else { false } }
            ticks += 1
        }
        #expect(beyond > 10, "it went past the end")
        #expect(m.offset == 300)
        #expect(ended == [.scrollMotionEnded(.fling, at: 300, settled: true)])
    }

    @Test func theRubberBandIsLinearAtTheEndAndNeverReachesAViewport() {
        let d = 400.0, c = 0.55
        // Slope c at the end.
        #expect(abs(ScrollStateMachine.rubberBand(0.001, dimension: d, coefficient: c) / 0.001 - 0.55) < 1e-5)
        // A whole viewport past the end moves it (1 − 1/1.55) d = 141.94 points.
        #expect(abs(ScrollStateMachine.rubberBand(400, dimension: d, coefficient: c) - 141.935) < 0.001)
        // However far: less than d.
        #expect(ScrollStateMachine.rubberBand(1e12, dimension: d, coefficient: c) < d)
        #expect(ScrollStateMachine.rubberBand(.greatestFiniteMagnitude, dimension: d, coefficient: c) <= d)
        #expect(ScrollStateMachine.rubberBand(0, dimension: d, coefficient: c) == 0)
        // Its inverse takes hold of banded content without a jump.
        for x in [0.5, 10, 400, 5000] {
            let b = ScrollStateMachine.rubberBand(x, dimension: d, coefficient: c)
            #expect(abs(ScrollStateMachine.unband(b, dimension: d, coefficient: c) - x) < 1e-6 * max(1, x))
        }
    }

    @Test func aFingerPastTheTopIsRubberBandedAndTheReleaseSpringsBack() {
        var m = ScrollStateMachine()
        var effects: [EditingEffect] = []
        m.track(raw: -400, maxOffset: 1000, dimension: 400, configuration: Self.config, effects: &effects)
        #expect(abs(m.offset + 141.935) < 0.001)
        effects = []
        m.release(velocity: 0, at: Self.start, maxOffset: 1000, configuration: Self.config, effects: &effects)
        #expect(effects == [.scrollMotionBegan(ScrollMotion(kind: .bounce, from: m.offset, to: 0, velocity: 0))])
        // Critically damped, ω = √200: x(t) = x₀ (1 + ωt) e^(−ωt). At rest
        // when |x| < 0.5 and |v| < 5, which for x₀ = −141.9 is after
        // ωt ≈ 8.3, t ≈ 0.59 s; at 0.3 s it is still 10 % out.
        var at300: Double?
        var settledAt: EventTime?
        while let next = m.nextDeadline {
            var e: [EditingEffect] = []
            m.tick(at: next, maxOffset: 1000, configuration: Self.config, effects: &e)
            if at300 == nil, next >= Self.start + .milliseconds(300) { at300 = m.offset }
            if e.contains(.scrollMotionEnded(.bounce, at: 0, settled: true)) { settledAt = next }
        }
        #expect(m.offset == 0)
        #expect((at300 ?? 0) < -5 && (at300 ?? 0) > -30)
        let ms = (settledAt ?? Self.start).microseconds(since: Self.start) / 1000
        #expect(ms > 500 && ms < 700, "settled after \(ms) ms")
    }

    @Test func theBounceRestsOnlyWithinHalfAPointAndUnderTheStopSpeed() {
        let omega = 200.0.squareRoot()
        let b = ScrollStateMachine.Bounce(kind: .bounce, start: Self.start, edge: 0, x0: -10, v0: 0, nextTick: Self.start)
        // x(t) = −10 (1 + ωt) e^(−ωt) crosses −0.5 at ωt = 4.7439…
        let crossing = 4.743_872_5 / omega
        let before = ScrollStateMachine.spring(b, at: Self.start + .microseconds(Int64(crossing * 1e6) - 2000), omega: omega)
        let after = ScrollStateMachine.spring(b, at: Self.start + .microseconds(Int64(crossing * 1e6) + 2000), omega: omega)
        #expect(abs(before.x) > 0.5 && abs(after.x) < 0.5)
        // Through the machine: it rests at the first frame where both hold,
        // and not at the frame before.
        var m = ScrollStateMachine()
        var e: [EditingEffect] = []
        m.track(raw: -10 / 0.55 * 1.0255, maxOffset: 1000, dimension: 400, configuration: Self.config, effects: &e)
        m.release(velocity: 0, at: Self.start, maxOffset: 1000, configuration: Self.config, effects: &e)
        guard case .bouncing(let bounce) = m.state else {
            Issue.record("not bouncing")
            return
        }
        var previous = Self.start
        while let next = m.nextDeadline {
            e = []
            m.tick(at: next, maxOffset: 1000, configuration: Self.config, effects: &e)
            if !m.isMoving {
                let atRest = ScrollStateMachine.spring(bounce, at: next, omega: omega)
                let before = ScrollStateMachine.spring(bounce, at: previous, omega: omega)
                #expect(abs(atRest.x) < 0.5 && abs(atRest.v) < 5)
                #expect(abs(before.x) >= 0.5 || abs(before.v) >= 5)
            }
            previous = next
        }
        #expect(m.offset == 0)
    }

    @Test func aHoldStopsAMotionWhereItIs() {
        var (m, _) = Self.released(velocity: 2000)
        var e: [EditingEffect] = []
        m.tick(at: Self.start + .milliseconds(100), maxOffset: 100_000, configuration: Self.config, effects: &e)
        let there = m.offset
        e = []
        m.hold(effects: &e)
        #expect(e == [.scrollMotionEnded(.fling, at: there, settled: false)])
        #expect(m.isTracking && !m.isMoving && m.offset == there)
    }

    @Test func anAnimationEasesToItsTargetInItsDuration() {
        var m = ScrollStateMachine()
        var e: [EditingEffect] = []
        m.animate(to: 900, at: Self.start, maxOffset: 800, configuration: Self.config, effects: &e)
        #expect(e == [.scrollMotionBegan(ScrollMotion(kind: .animation, from: 0, to: 800, velocity: 0))])
        // Half way through, smoothstep is at half: 400.
        e = []
        m.tick(at: Self.start + .milliseconds(150), maxOffset: 800, configuration: Self.config, effects: &e)
        #expect(abs(m.offset - 400) < 1e-9)
        m.tick(at: Self.start + .microseconds(299_999), maxOffset: 800, configuration: Self.config, effects: &e)
        #expect(m.isMoving && m.offset < 800)
        e = []
        m.tick(at: Self.start + .milliseconds(300), maxOffset: 800, configuration: Self.config, effects: &e)
        #expect(!m.isMoving && m.offset == 800)
        #expect(e.last == .scrollMotionEnded(.animation, at: 800, settled: true))
    }

    @Test func extremeVelocitiesAreCappedAndNonNumbersIgnored() {
        let (huge, effects) = Self.released(velocity: .greatestFiniteMagnitude)
        guard case .scrollMotionBegan(let m)? = effects.first else {
            Issue.record("no fling")
            return
        }
        #expect(m.velocity == 8000 && huge.isMoving)
        let (nan, nanEffects) = Self.released(velocity: .nan)
        #expect(!nan.isMoving && nanEffects.isEmpty)
    }

    @Test func aRangeThatShrinksUnderARestingOffsetClampsItAtOnce() {
        var m = ScrollStateMachine()
        var e: [EditingEffect] = []
        m.jump(to: 500, maxOffset: 1000, effects: &e)
        e = []
        m.rangeChanged(maxOffset: 200, effects: &e)
        #expect(m.offset == 200 && e == [.scrolled(to: 200)])
    }
}

/// Auto-scroll's ramp-up and scroll intent, through the editing machine.
@Suite struct AutoScrollRampTests {
    static let config = EditingConfiguration(viewportHeight: 440)

    /// A drag of a2 started at row 2 and moved into the bottom zone.
    static func dragInBottomZone() -> MachineHarness {
        var h = MachineHarness.standard()
        h.send(.longPress(h.point(row: 2)))
        h.send(.contactMoved(Point(x: 100, y: 430)))
        return h
    }

    @Test func theSpeedRampsUpOverHalfASecond() {
        // 1431.8 pt/s at y 430 (zone 88 pt, 78 deep). Ticking every frame
        // from the zone's entry, the distance after τ seconds is
        // v τ² / (2 × 0.5) before 0.5 s and v (τ − 0.25) after.
        let v = Self.config.autoScrollVelocity(atViewportY: 430)
        var h = Self.dragInBottomZone()
        let entered = h.time
        var offsets: [(Int64, Double)] = []
        while h.time < entered + .milliseconds(800) {
            h.tickWhenDue()
            offsets.append((h.time.microseconds(since: entered), h.machine.contentOffset))
        }
        for (us, offset) in offsets {
            let tau = Double(us) / 1e6
            let expected = tau < 0.5 ? v * tau * tau : v * (tau - 0.25)
            #expect(abs(offset - expected) < 1e-6, "at \(us) µs")
        }
    }

    @Test func theRampReachesFullSpeedAtFiveHundredMilliseconds() {
        // The fraction of full speed over one microsecond: below 1 just
        // before 500 ms, exactly 1 from it on.
        func speed(at tau: Double) -> Double {
            (EditingStateMachine.rampedSeconds(tau + 1e-6, rampUp: 0.5)
                - EditingStateMachine.rampedSeconds(tau, rampUp: 0.5)) / 1e-6
        }
        #expect(speed(at: 0.499_998) < 0.999_999)
        #expect(abs(speed(at: 0.5) - 1) < 1e-6)
        #expect(speed(at: 0) < 1e-5)
    }

    @Test(arguments: [(3.99, false), (4.0, true)])
    func aDragStartedInTheZoneScrollsOnlyOnceTheUserMovesTowardTheEdge(moved: Double, scrolls: Bool) {
        var h = MachineHarness.standard()
        // Row 9's centre is at 418, inside the bottom zone (352 … 440).
        let start = h.point(row: 9)
        h.send(.longPress(start))
        #expect(h.machine.nextDeadline == nil, "no intent yet: no auto-scroll")
        h.send(.contactMoved(Point(x: start.x, y: start.y + moved)))
        #expect((h.machine.nextDeadline != nil) == scrolls)
    }

    @Test func movingUpDoesNotAllowScrollingDown() {
        var h = MachineHarness.standard()
        let start = h.point(row: 9)
        h.send(.longPress(start))
        h.send(.contactMoved(Point(x: start.x, y: start.y - 10)))   // up, still in the bottom zone
        #expect(h.machine.nextDeadline == nil)
        h.send(.contactMoved(Point(x: start.x, y: start.y - 5)))    // 5 down from its highest point
        #expect(h.machine.nextDeadline != nil)
    }
}
