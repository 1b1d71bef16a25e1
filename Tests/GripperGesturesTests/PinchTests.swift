import GripperGeometry
@_spi(Benchmarks) import GripperGestures
@_spi(Benchmarks) import GripperInput
import GripperTesting
import Testing

/// The pinch: two direct contacts whose distance changes past the pinch
/// slop, followed until one lifts; opt-in, so a second finger otherwise
/// does what it always did.
@Suite struct PinchTests {
    static let withPinch = GestureConfiguration(recognizers: GestureKind.standard.union([.pinch]))

    /// Two fingers 20 mm apart around (50, 50) mm, spreading (or closing)
    /// symmetrically to `to` mm apart in 10 steps over 200 ms, then lifting.
    static func pinch(from: Double = 20, to: Double, liftSecond: Bool = true) -> Script {
        var s = Script()
        s.down(50 - from / 2, 50, at: 0, id: 1)
        s.down(50 + from / 2, 50, at: 10, id: 2)
        for i in 1...10 {
            let span = from + (to - from) * Double(i) / 10
            s.move(50 - span / 2, 50, at: 10 + Double(i) * 20, id: 1)
            s.move(50 + span / 2, 50, at: 10 + Double(i) * 20 + 1, id: 2)
        }
        s.up(at: 300, id: liftSecond ? 2 : 1)
        s.up(at: 310, id: liftSecond ? 1 : 2)
        return s
    }

    static func pinches(_ events: [GestureEvent]) -> [(Gesture.Phase, PinchMotion)] {
        events.compactMap { if case .pinch(let phase, let m) = $0.gesture { (phase, m) } else { nil } }
    }

    @Test func spreadingFingersPinchOutToTheirScale() {
        let events = run(Self.pinch(to: 40), Self.withPinch)
        let pinches = Self.pinches(events)
        #expect(pinches.first?.0 == .began && pinches.last?.0 == .ended)
        #expect(pinches.dropFirst().dropLast().allSatisfy { $0.0 == .changed })
        let last = try! #require(pinches.last?.1)
        #expect(abs(last.scale - 2) < 1e-9 && abs(last.spanMillimetres - 40) < 1e-9)
        #expect(last.centre.isClose(to: Point(x: 50, y: 50) * pointsPerMillimetre, tolerance: 1e-9))
        #expect(last.firstContactID == 1 && last.secondContactID == 2)
        // 20 mm more over 200 ms: the scale grows about 5 a second.
        let mid = pinches[pinches.count / 2].1
        #expect(mid.velocity > 3 && mid.velocity < 7, "\(mid.velocity)")
        // It begins once the span changed by more than the slop (2.54 mm): at 22 mm, not 20.
        let began = pinches[0].1
        #expect(began.spanMillimetres > 20 + 2.54 && began.spanMillimetres <= 24 + 1e-9)
        // The one-finger gestures do not happen: the second finger ended them.
        #expect(!events.contains { [.tap, .swipe, .longPress].contains($0.kind) && $0.state == .recognized })
        #expect(!events.contains { $0.kind == .pan && $0.state == .began })
    }

    /// Two fingers 20 mm apart around (50, 50) mm, spreading symmetrically
    /// by `change` mm in one move (the midpoint stays), then lifting.
    static func spread(by change: Double) -> Script {
        var s = Script()
        s.down(40, 50, at: 0, id: 1)
        s.down(60, 50, at: 10, id: 2)
        s.move(40 - change / 2, 50, at: 30, id: 1)
        s.move(60 + change / 2, 50, at: 31, id: 2)
        s.up(at: 60, id: 1)
        s.up(at: 61, id: 2)
        return s
    }

    @Test func theSlopIsStrict() {
        // Just under the 2.54 mm slop: nothing; just past it: a pinch. (Exactly
        // 2.54 is not exact in millimetres of binary doubles.)
        #expect(Self.pinches(run(Self.spread(by: 2.53), Self.withPinch)).isEmpty)
        #expect(Self.pinches(run(Self.spread(by: 2.5), Self.withPinch)).isEmpty)
        #expect(Self.pinches(run(Self.spread(by: 2.56), Self.withPinch)).first?.0 == .began)
        // Past the slop but less than the midpoint moved: no pinch.
        var s = Script()
        s.down(40, 50, at: 0, id: 1)
        s.down(60, 50, at: 10, id: 2)
        s.move(40, 54, at: 30, id: 1)
        s.move(63, 54, at: 31, id: 2) // span 23 (+3), midpoint moved 4.1
        s.up(at: 60, id: 1)
        s.up(at: 61, id: 2)
        #expect(Self.pinches(run(s, Self.withPinch)).isEmpty)
    }

    @Test func closingFingersPinchIn() {
        let pinches = Self.pinches(run(Self.pinch(to: 10), Self.withPinch))
        #expect(abs((pinches.last?.1.scale ?? 0) - 0.5) < 1e-9)
        #expect(pinches.contains { $0.0 == .changed && $0.1.velocity < 0 })
    }

    @Test func withoutThePinchInstalledASecondFingerDoesWhatItDid() {
        let events = run(Self.pinch(to: 40))
        #expect(Self.pinches(events).isEmpty)
        #expect(events.filter { $0.kind != .touch }.isEmpty, "\(summary(events))")
    }

    @Test func fingersThatKeepTheirSpanDoNotPinch() {
        // Two fingers moving down together (a two-finger scroll), 20 mm apart within ±2 mm.
        var s = Script()
        s.down(40, 20, at: 0, id: 1)
        s.down(60, 20, at: 10, id: 2)
        for i in 1...20 {
            let wobble = i % 2 == 0 ? 1.0 : -1.0
            s.move(40 - wobble, 20 + Double(i) * 3, at: 10 + Double(i) * 10, id: 1)
            s.move(60, 20 + Double(i) * 3, at: 11 + Double(i) * 10, id: 2)
        }
        s.up(at: 250, id: 1)
        s.up(at: 260, id: 2)
        #expect(Self.pinches(run(s, Self.withPinch)).isEmpty)
    }

    @Test func aThirdFingerCancelsIt() {
        // A third finger half way.
        var s = Script()
        s.down(40, 50, at: 0, id: 1)
        s.down(60, 50, at: 10, id: 2)
        s.move(35, 50, at: 30, id: 1)
        s.move(65, 50, at: 31, id: 2)
        s.down(50, 80, at: 50, id: 3)
        s.move(30, 50, at: 60, id: 1)
        s.up(at: 70, id: 1)
        s.up(at: 71, id: 2)
        s.up(at: 72, id: 3)
        let phases = Self.pinches(run(s, Self.withPinch)).map(\.0)
        #expect(phases.first == .began && phases.last == .cancelled && !phases.contains(.ended))
    }

    @Test func contactsAtOnePointGiveAFiniteScale() {
        var s = Script()
        s.down(50, 50, at: 0, id: 1)
        s.down(50, 50, at: 10, id: 2)
        for i in 1...5 { s.move(50 + Double(i), 50, at: 10 + Double(i) * 10, id: 2) }
        s.up(at: 100, id: 2)
        s.up(at: 110, id: 1)
        let pinches = Self.pinches(run(s, Self.withPinch))
        #expect(!pinches.isEmpty && pinches.allSatisfy { $0.1.scale.isFinite && $0.1.velocity.isFinite })
        // Measured from the 1 mm minimum span: 5 mm apart is scale 5.
        #expect(abs((pinches.last?.1.scale ?? 0) - 5) < 1e-9)
    }

    @Test func aLongPressDragKeepsItsSecondFinger() {
        var s = Script()
        s.down(50, 50, at: 0, id: 1)
        s.move(50, 50.1, at: 600, id: 1) // past the long-press deadline, within the slop
        s.down(70, 50, at: 650, id: 2)
        s.move(80, 50, at: 700, id: 2)
        s.up(at: 750, id: 2)
        s.up(at: 800, id: 1)
        let events = run(s, Self.withPinch)
        #expect(Self.pinches(events).isEmpty)
        #expect(summary(events) == ["longPress.began", "longPress.changed", "longPress.ended"])
    }

    @Test func cancellingFromOutsideCancelsABegunPinch() {
        var arena = GestureArena(configuration: Self.withPinch)
        var events: [GestureEvent] = []
        for frame in Self.pinch(to: 40).frames.prefix(8) { events += arena.handle(frame) }
        #expect(Self.pinches(events).first?.0 == .began)
        events = arena.cancel(at: ms(200))
        #expect(Self.pinches(events).map(\.0) == [.cancelled])
        #expect(arena.isIdle || arena.nextDeadline == nil)
    }

    @Test func finishingCancelsAPinchStillDown() {
        var arena = GestureArena(configuration: Self.withPinch)
        var events: [GestureEvent] = []
        for frame in Self.pinch(to: 40).frames.prefix(8) { events += arena.handle(frame) }
        events = arena.finish()
        #expect(Self.pinches(events).map(\.0) == [.cancelled] && arena.isIdle)
    }

    @Test func theRecordedTwoFingerScrollIsNoPinch() throws {
        let trace = try Recordings.evemu("real/ts_ep0430m09_2-finger-scroll-down.evemu")
        let frames = ContactTracker.track(trace.frames, device: trace.device)
        let events = GestureArena.events(for: frames, configuration: Self.withPinch)
        #expect(Self.pinches(events).isEmpty)
    }
}
