import GripperGeometry
@_spi(Benchmarks) import GripperInput
import GripperTesting
import Testing

/// Palm and thumb rejection, on the 100 × 70 mm test clickpad (and a
/// variant reporting pressure and touch size): both sides of every
/// threshold, on event time.
@Suite struct TouchpadPalmTests {
    typealias T = TouchpadTrackerTests

    /// The test clickpad with `ABS_MT_PRESSURE` (0…255) and `ABS_MT_TOUCH_MAJOR` (0…2000).
    static let pressurePad: DeviceDescription = {
        var d = T.pad
        d.codes[EventType.abs, default: []].formUnion([AbsCode.mtPressure, AbsCode.mtTouchMajor])
        d.absInfo[AbsCode.mtPressure] = AbsInfo(minimum: 0, maximum: 255)
        d.absInfo[AbsCode.mtTouchMajor] = AbsInfo(minimum: 0, maximum: 2000)
        return d
    }()

    /// The test pad without `INPUT_PROP_BUTTONPAD`: a touchpad with buttons.
    static let plainPad: DeviceDescription = {
        var d = T.pad
        d.properties.remove(InputProperty.buttonpad)
        return d
    }()

    static func run(_ frames: [EventFrame], device: DeviceDescription = T.pad) -> (frames: [ContactFrame], tracker: TouchpadTracker) {
        var tracker = TouchpadTracker(device: device)
        var out: [ContactFrame] = []
        for f in frames { out += tracker.process(f) }
        out += tracker.finish()
        return (out, tracker)
    }

    @Test func theZonesHaveLibinputsSizes() {
        let z = TouchpadTracker(device: T.pad).zones
        #expect(z.size == Size(width: 100, height: 70))
        #expect(z.sideEdgeWidth == 8 && z.topEdgeHeight == 3.5)
        #expect(z.buttonAreaTop == 60)
        #expect(abs((z.upperThumbLine ?? 0) - 59.5) < 1e-9 && abs((z.lowerThumbLine ?? 0) - 64.4) < 1e-9)
        #expect(z.isInSideEdge(Point(x: 7.99, y: 30)) && !z.isInSideEdge(Point(x: 8, y: 30)))
        #expect(z.isInSideEdge(Point(x: 92.01, y: 30)) && !z.isInSideEdge(Point(x: 92, y: 30)))
        #expect(z.buttonArea(at: Point(x: 49.99, y: 60)) == .primary && z.buttonArea(at: Point(x: 50, y: 60)) == .secondary)
        #expect(z.buttonArea(at: Point(x: 80, y: 59.99)) == nil)
        // Under 70 mm wide: no palm edges; not a clickpad: no buttons, no thumbs.
        let small = TouchpadZones(size: Size(width: 69.9, height: 50), isClickpad: true)
        #expect(small.sideEdgeWidth == 0 && small.topEdgeHeight == 0 && small.upperThumbLine == 50 * 0.85)
        let plain = TouchpadTracker(device: Self.plainPad).zones
        #expect(plain.buttonAreaTop == nil && plain.upperThumbLine == nil && plain.sideEdgeWidth == 8)
        // Unusable sizes make no zones and never trap.
        for bad in [Double.nan, .infinity, -1, 0] {
            let z = TouchpadZones(size: Size(width: bad, height: bad), isClickpad: true)
            #expect(z.buttonAreaTop == nil && z.sideEdgeWidth == 0 && !z.isInEdge(Point(x: 1, y: 1)))
        }
    }

    @Test func anEdgeTouchLeavingWithin200MillisecondsIsAFingerAndOneStillThereAtTheTimeoutAPalm() {
        // Out of the left edge at 199 ms: a finger, it moves the pointer from then on.
        let finger = Self.run([T.down(0, id: 1, x: 4, y: 30), T.move(199, x: 12, y: 30), T.move(260, x: 20, y: 30), T.up(400)])
        #expect(finger.tracker.pointer.x > 0)
        // Still in it at 200 ms: a palm for good, though it leaves later.
        let palm = Self.run([T.down(0, id: 1, x: 4, y: 30), T.move(200, x: 6, y: 30), T.move(260, x: 20, y: 30),
                             T.move(300, x: 30, y: 30), T.up(400)])
        #expect(palm.tracker.pointer == .zero)
        #expect(palm.frames.allSatisfy { $0.pointerMotion == .zero && $0.scroll == .zero && $0.contacts.isEmpty })
    }

    @Test func anEdgeTouchLeavingAlongTheEdgeStaysAPalm() {
        // From the left edge mostly downwards (more than 67.5° from the horizontal): still a palm.
        let steep = Self.run([T.down(0, id: 1, x: 4, y: 20), T.move(100, x: 8.5, y: 40), T.move(300, x: 30, y: 40), T.up(400)])
        #expect(steep.tracker.pointer == .zero)
        // From the top edge downwards: a finger.
        let top = Self.run([T.down(0, id: 1, x: 50, y: 2), T.move(100, x: 52, y: 10), T.move(150, x: 52, y: 20), T.up(400)])
        #expect(top.tracker.pointer.y > 0)
        // From the top edge sideways: a palm.
        let along = Self.run([T.down(0, id: 1, x: 50, y: 2), T.move(100, x: 70, y: 3), T.move(300, x: 70, y: 20), T.up(400)])
        #expect(along.tracker.pointer == .zero)
    }

    @Test func anEdgeTouchNeverTaps() {
        let edge = Self.run([T.down(0, id: 1, x: 7.9, y: 30), T.up(100)])
        #expect(T.clicks(edge.frames) == [])
        let inside = Self.run([T.down(0, id: 1, x: 8.1, y: 30), T.up(100)])
        #expect(T.clicks(inside.frames) == ["1:began", "1:ended"])
        #expect(edge.tracker.isIdle && inside.tracker.isIdle)
    }

    @Test func aSecondFingerAtTheEdgeBesideAWorkingOneScrolls() {
        let r = Self.run([T.down(0, id: 1, x: 60, y: 30), T.move(10, x: 60, y: 30.1),
                          T.down(20, slot: 1, id: 2, x: 95, y: 30),
                          TrackerTest.frame(60, [TrackerTest.slot(0), TrackerTest.mty(T.u(34.1)),
                                                 TrackerTest.slot(1), TrackerTest.mty(T.u(34))]),
                          T.up(100), T.up(100, slot: 1)])
        #expect(r.frames.map(\.scroll).reduce(.zero, +).y > 0.9)
    }

    @Test func aPalmRestingAtTheEdgeDoesNotStopAFingerMovingThePointer() {
        let r = Self.run([T.down(0, slot: 1, id: 2, x: 96, y: 30), T.move(250, slot: 1, x: 96.2, y: 30),
                          T.down(300, id: 1, x: 50, y: 30), T.move(320, x: 51, y: 30), T.move(340, x: 52, y: 30),
                          T.up(400), T.up(400, slot: 1)])
        // The palm is no second finger: the finger moves the pointer, 2 mm at 50 mm/s.
        #expect(r.tracker.pointer == Point(x: 2, y: 0))
        #expect(r.frames.allSatisfy { $0.scroll == .zero })
    }

    static func pressure(_ ms: Int64, slot: Int32 = 0, _ value: Int32) -> EventFrame {
        TrackerTest.frame(ms, [TrackerTest.slot(slot), TrackerTest.abs(AbsCode.mtPressure, value)])
    }

    @Test func aPressureAbove130IsAPalmAndUpTo130AFinger() {
        func tap(_ value: Int32) -> [String] {
            let down = TrackerTest.frame(0, [TrackerTest.slot(0), TrackerTest.tid(1), TrackerTest.mtx(T.u(50)),
                                             TrackerTest.mty(T.u(30)), TrackerTest.abs(AbsCode.mtPressure, value)])
            return T.clicks(Self.run([down, T.up(100)], device: Self.pressurePad).frames)
        }
        #expect(tap(130) == ["1:began", "1:ended"])
        #expect(tap(131) == [])
        // Pressing harder mid-touch turns a moving finger into a palm: the pointer stops.
        let r = Self.run([T.down(0, id: 1, x: 50, y: 30), Self.pressure(10, 60), T.move(30, x: 51, y: 30),
                          Self.pressure(40, 131), T.move(60, x: 60, y: 30), Self.pressure(70, 20),
                          T.move(90, x: 70, y: 30), T.up(400)], device: Self.pressurePad)
        #expect(r.tracker.pointer == Point(x: 1, y: 0))
        // A pad that does not report pressure never sees a palm by pressure.
        let plain = Self.run([TrackerTest.frame(0, [TrackerTest.slot(0), TrackerTest.tid(1), TrackerTest.mtx(T.u(50)),
                                                    TrackerTest.mty(T.u(30)), TrackerTest.abs(AbsCode.mtPressure, 255)]),
                              T.up(100)])
        #expect(T.clicks(plain.frames) == ["1:began", "1:ended"])
    }

    @Test func aTouchLongerThan20MillimetresIsAPalm() {
        func tap(_ major: Int32) -> [String] {
            let down = TrackerTest.frame(0, [TrackerTest.slot(0), TrackerTest.tid(1), TrackerTest.mtx(T.u(50)),
                                             TrackerTest.mty(T.u(30)), TrackerTest.abs(AbsCode.mtTouchMajor, major)])
            return T.clicks(Self.run([down, T.up(100)], device: Self.pressurePad).frames)
        }
        // 20 units per mm: 400 is 20 mm.
        #expect(tap(400) == ["1:began", "1:ended"])
        #expect(tap(401) == [])
        // The next touch in the slot starts afresh.
        let down2 = TrackerTest.frame(200, [TrackerTest.slot(0), TrackerTest.tid(2), TrackerTest.mtx(T.u(50)), TrackerTest.mty(T.u(30))])
        let first = TrackerTest.frame(0, [TrackerTest.slot(0), TrackerTest.tid(1), TrackerTest.mtx(T.u(50)),
                                          TrackerTest.mty(T.u(30)), TrackerTest.abs(AbsCode.mtTouchMajor, 900)])
        let r = Self.run([first, T.up(100), down2, T.up(250)], device: Self.pressurePad)
        #expect(T.clicks(r.frames).count == 2)
    }

    @Test func aThumbRestingInTheBottomPast300MillisecondsIsIgnoredForTapping() {
        // The thumb rests at the bottom (below 92 %); a finger lands in the
        // frame at `ms` and taps.
        func tapBeside(landingAt ms: Int64) -> [String] {
            let land = TrackerTest.frame(ms, [TrackerTest.slot(1), TrackerTest.mtx(T.u(30.1)),
                                              TrackerTest.slot(0), TrackerTest.tid(1), TrackerTest.mtx(T.u(50)),
                                              TrackerTest.mty(T.u(30))])
            let r = Self.run([T.down(0, slot: 1, id: 2, x: 30, y: 66), land, T.up(ms + 90), T.up(ms + 300, slot: 1)])
            #expect(r.tracker.isIdle)
            return T.clicks(r.frames)
        }
        // At 300 ms it is not a thumb yet: two fingers, no tap.
        #expect(tapBeside(landingAt: 300) == [])
        // At 301 ms it is: the finger's tap clicks.
        #expect(tapBeside(landingAt: 301) == ["1:began", "1:ended"])
    }

    @Test func aThumbCandidateThatMovesOrRisesIsAFinger() {
        // Above the lower line (64.4 mm) it never becomes a thumb.
        let high = Self.run([T.down(0, slot: 1, id: 2, x: 30, y: 64.3), T.move(400, slot: 1, x: 30.1, y: 64.3),
                             T.down(410, id: 1, x: 50, y: 30), T.up(500), T.up(700, slot: 1)])
        #expect(T.clicks(high.frames) == [])
        // Moving 7.1 mm makes it a finger for good, even back at the bottom.
        let moved = Self.run([T.down(0, slot: 1, id: 2, x: 30, y: 66), T.move(100, slot: 1, x: 37.1, y: 66),
                              T.move(400, slot: 1, x: 30, y: 66),
                              T.down(410, id: 1, x: 50, y: 30), T.up(500), T.up(700, slot: 1)])
        #expect(T.clicks(moved.frames) == [])
        // Moving 7 mm does not.
        let still = Self.run([T.down(0, slot: 1, id: 2, x: 30, y: 66), T.move(100, slot: 1, x: 37, y: 66),
                              T.move(400, slot: 1, x: 37, y: 66),
                              T.down(410, id: 1, x: 50, y: 30), T.up(500), T.up(700, slot: 1)])
        #expect(T.clicks(still.frames) == ["1:began", "1:ended"])
    }

    @Test func aQuickTapInTheThumbZoneStillTaps() {
        let r = Self.run([T.down(0, id: 1, x: 30, y: 66), T.up(100)])
        #expect(T.clicks(r.frames) == ["1:began", "1:ended"])
    }

    @Test func aTouchpadThatIsNotAClickpadHasNoThumbs() {
        let r = Self.run([T.down(0, slot: 1, id: 2, x: 30, y: 66), T.move(400, slot: 1, x: 30.1, y: 66),
                          T.down(410, id: 1, x: 50, y: 30), T.up(500), T.up(700, slot: 1)], device: Self.plainPad)
        #expect(T.clicks(r.frames) == [])
    }

    @Test func extremeTimesPositionsPressuresAndSizesNeverTrap() {
        func at(_ us: Int64, _ events: [TrackerTest.E]) -> EventFrame {
            let t = EventTime(microseconds: us)
            return EventFrame(time: t, events: events.map { RawEvent(time: t, type: $0.type, code: $0.code, value: $0.value) })
        }
        let frames = [
            at(.min, [TrackerTest.slot(0), TrackerTest.tid(1), TrackerTest.mtx(.min), TrackerTest.mty(.max),
                      TrackerTest.abs(AbsCode.mtPressure, .min), TrackerTest.abs(AbsCode.mtTouchMajor, .min)]),
            at(.max, [TrackerTest.slot(1), TrackerTest.tid(2), TrackerTest.mtx(.max), TrackerTest.mty(.min),
                      TrackerTest.abs(AbsCode.mtPressure, .max), TrackerTest.key(KeyCode.btnLeft, 1)]),
            at(.min, [TrackerTest.slot(.max), TrackerTest.abs(AbsCode.mtPressure, 5), TrackerTest.slot(.min),
                      TrackerTest.abs(AbsCode.mtTouchMajor, .max), TrackerTest.slot(0), TrackerTest.mtx(0)]),
            at(.max, [TrackerTest.slot(0), TrackerTest.tid(-1), TrackerTest.slot(1), TrackerTest.tid(-1),
                      TrackerTest.key(KeyCode.btnLeft, 0)]),
        ]
        for device in [Self.pressurePad, T.pad, Self.plainPad] {
            let r = Self.run(frames, device: device)
            #expect(r.tracker.isIdle)
            #expect(r.frames.allSatisfy { $0.pointerMotion.x.isFinite && $0.pointerMotion.y.isFinite })
        }
    }
}
