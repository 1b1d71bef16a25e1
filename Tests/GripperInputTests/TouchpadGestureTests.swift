import GripperGeometry
@_spi(Benchmarks) import GripperInput
import GripperScripting
import GripperTesting
import Testing

/// Two fingers on a touchpad: scroll or pinch, as libinput decides it
/// (`TouchpadGestureStateMachine`), on both sides of each of its numbers.
/// Positions in millimetres, times in milliseconds from the pair's start.
@Suite struct TouchpadGestureTests {
    typealias M = TouchpadGestureStateMachine
    typealias Finger = M.Finger

    /// A machine that saw fingers 1 and 2 land at `a` and `b` at time 0.
    static func started(_ a: Point, _ b: Point) -> M {
        var m = M()
        var next = 100
        #expect(m.frame(at: .zero, fingers: [Finger(id: 1, millimetres: a), Finger(id: 2, millimetres: b)], lifted: [:],
                        buttonDown: false, nextContactID: &next) == .undecided)
        return m
    }

    /// The action for the two fingers at `a` and `b` at `ms`.
    static func step(_ m: inout M, _ ms: Int64, _ a: Point, _ b: Point, button: Bool = false) -> M.Action {
        var next = 100
        return m.frame(at: .milliseconds(ms), fingers: [Finger(id: 1, millimetres: a), Finger(id: 2, millimetres: b)],
                       lifted: [:], buttonDown: button, nextContactID: &next)
    }

    static func isPinch(_ a: M.Action, _ phase: ToolkitInput.TouchPhase) -> Bool {
        if case .pinch(let p) = a { return p.phase == phase }
        return false
    }

    @Test func bothFingersPast1Point5MillimetresApartArePinching() throws {
        // 20 mm apart across, each moving outwards.
        var m = Self.started(Point(x: 40, y: 35), Point(x: 60, y: 35))
        #expect(Self.step(&m, 20, Point(x: 38.6, y: 35), Point(x: 61.4, y: 35)) == .undecided)
        let a = Self.step(&m, 30, Point(x: 38.4, y: 35), Point(x: 61.6, y: 35))
        guard case .pinch(let p) = a else { Issue.record("\(a)"); return }
        #expect(p.phase == .began && p.scale == 1 && abs(p.spanMillimetres - 23.2) < 1e-9)
        #expect(p.firstContactID == 100 && p.secondContactID == 101)
        // On: the span over the span at the start.
        guard case .pinch(let q) = Self.step(&m, 40, Point(x: 34.4, y: 35), Point(x: 65.6, y: 35)) else { Issue.record(""); return }
        #expect(q.phase == .moved && abs(q.scale - 31.2 / 23.2) < 1e-12)
    }

    @Test func bothFingersMovingTheSameWayScroll() throws {
        var m = Self.started(Point(x: 40, y: 35), Point(x: 60, y: 35))
        #expect(Self.step(&m, 20, Point(x: 40, y: 36.4), Point(x: 60, y: 36.4)) == .undecided)
        #expect(Self.step(&m, 30, Point(x: 40, y: 36.6), Point(x: 60, y: 36.6)) == .scroll(releasing: true))
        #expect(Self.step(&m, 40, Point(x: 40, y: 38), Point(x: 60, y: 38)) == .scroll(releasing: false))
        // A neighbouring octant is the same way (south and south-east).
        var n = Self.started(Point(x: 40, y: 35), Point(x: 60, y: 35))
        #expect(Self.step(&n, 30, Point(x: 40, y: 38), Point(x: 62.5, y: 37.5)) == .scroll(releasing: true))
    }

    @Test func oneFingerPast4MillimetresWhileTheOtherRestsScrolls() throws {
        var m = Self.started(Point(x: 20, y: 20), Point(x: 80, y: 20))
        #expect(Self.step(&m, 20, Point(x: 20, y: 23.9), Point(x: 80, y: 21.4)) == .undecided)
        #expect(Self.step(&m, 30, Point(x: 20, y: 24), Point(x: 80, y: 21.4)) == .scroll(releasing: true))
    }

    @Test func closeFingersPast150MillisecondsScroll() throws {
        // 30 mm apart across, 6 mm down: close enough; both moved a little (1 mm), opposite ways.
        var m = Self.started(Point(x: 35, y: 30), Point(x: 65, y: 36))
        #expect(Self.step(&m, 150, Point(x: 34, y: 30), Point(x: 66, y: 36)) == .undecided)
        #expect(Self.step(&m, 151, Point(x: 34, y: 30), Point(x: 66, y: 36)) == .scroll(releasing: true))
        // 7 mm down: not close; still undecided.
        var n = Self.started(Point(x: 35, y: 30), Point(x: 65, y: 37))
        #expect(Self.step(&n, 151, Point(x: 34, y: 30), Point(x: 66, y: 37)) == .undecided)
    }

    @Test func aScrollTurnsIntoAPinchWithin300Milliseconds() throws {
        for (ms, pinches) in [(Int64(299), true), (300, false)] {
            var m = Self.started(Point(x: 40, y: 35), Point(x: 60, y: 35))
            #expect(Self.step(&m, 20, Point(x: 40, y: 37), Point(x: 60, y: 37)) == .scroll(releasing: true))
            // Now they part: left finger west, right finger east (from where they started).
            let a = Self.step(&m, ms, Point(x: 37, y: 36), Point(x: 63, y: 36))
            #expect(Self.isPinch(a, .began) == pinches, "\(ms) ms: \(a)")
        }
    }

    @Test func thePinchEndsWhenAFingerLiftsAndIsCancelledByAThirdOrAClick() throws {
        func pinching() -> M {
            var m = Self.started(Point(x: 40, y: 35), Point(x: 60, y: 35))
            _ = Self.step(&m, 30, Point(x: 38, y: 35), Point(x: 62, y: 35))
            #expect(m.isPinching)
            return m
        }
        var next = 0
        var lifted = pinching()
        let end = lifted.frame(at: .milliseconds(40), fingers: [Finger(id: 1, millimetres: Point(x: 37, y: 35))],
                               lifted: [2: true], buttonDown: false, nextContactID: &next)
        #expect(Self.isPinch(end, .ended))
        // The other finger moves nothing until it lifts.
        #expect(lifted.frame(at: .milliseconds(50), fingers: [Finger(id: 1, millimetres: Point(x: 30, y: 35))], lifted: [:],
                             buttonDown: false, nextContactID: &next) == .still)
        #expect(lifted.frame(at: .milliseconds(60), fingers: [], lifted: [1: true], buttonDown: false,
                             nextContactID: &next) == .pointer)
        #expect(lifted.isIdle)

        var third = pinching()
        let fingers = [Finger(id: 1, millimetres: Point(x: 37, y: 35)), Finger(id: 2, millimetres: Point(x: 63, y: 35)),
                       Finger(id: 3, millimetres: Point(x: 50, y: 50))]
        #expect(Self.isPinch(third.frame(at: .milliseconds(40), fingers: fingers, lifted: [:], buttonDown: false,
                                         nextContactID: &next), .cancelled))
        var clicked = pinching()
        #expect(Self.isPinch(Self.step(&clicked, 40, Point(x: 37, y: 35), Point(x: 63, y: 35), button: true), .cancelled))
        var lost = pinching()
        #expect(Self.isPinch(lost.frame(at: .milliseconds(40), fingers: [Finger(id: 1, millimetres: Point(x: 37, y: 35))],
                                        lifted: [2: false], buttonDown: false, nextContactID: &next), .cancelled))
        var finished = pinching()
        #expect(finished.cancel()?.phase == .cancelled && finished.isIdle)
    }

    @Test func fingersAtOnePointOrOfNoNumberAreHarmless() throws {
        // Landing on one point, parting: the span is measured from 1 mm.
        var m = Self.started(Point(x: 50, y: 35), Point(x: 50, y: 35))
        guard case .pinch(let p) = Self.step(&m, 30, Point(x: 48.4, y: 35), Point(x: 51.6, y: 35)) else {
            Issue.record("no pinch"); return
        }
        #expect(abs(p.spanMillimetres - 3.2) < 1e-12 && p.scale == 1)
        // Back onto one point: the span counts as 1 mm.
        guard case .pinch(let q) = Self.step(&m, 40, Point(x: 50, y: 35), Point(x: 50, y: 35)) else { Issue.record(""); return }
        #expect(q.scale == 1 / p.spanMillimetres && q.spanMillimetres == 1)
        // Infinite and NaN positions decide nothing.
        var n = Self.started(Point(x: 50, y: 35), Point(x: 60, y: 35))
        #expect(Self.step(&n, 30, Point(x: .infinity, y: 35), Point(x: .nan, y: 35)) == .undecided)
        var times = Self.started(Point(x: 40, y: 35), Point(x: 60, y: 35))
        var next = 0
        #expect(times.frame(at: EventTime(microseconds: .min), fingers: [Finger(id: 1, millimetres: Point(x: 40, y: 30)),
                                                                         Finger(id: 2, millimetres: Point(x: 60, y: 30))],
                            lifted: [:], buttonDown: false, nextContactID: &next) == .scroll(releasing: true))
    }

    @Test func octantsAreLibinputsCompass() {
        #expect(M.octants(Point(x: 0, y: -5)) == 1)           // north
        #expect(M.octants(Point(x: 5, y: 0)) == 4)            // east
        #expect(M.octants(Point(x: 0, y: 5)) == 16)           // south
        #expect(M.octants(Point(x: -5, y: 0)) == 64)          // west
        #expect(M.octants(Point(x: 5, y: -5)) == 2)           // north-east
        #expect(M.octants(Point(x: 5, y: 2.5)) == 4 | 8)      // between east and south-east: both
        #expect(M.octants(Point(x: 1, y: 1)) == 16 | 8 | 4)   // short: the quadrant's three
        #expect(M.octants(Point(x: -1, y: 0)) == 128 | 64 | 32)
        #expect(M.octants(.zero) == 0)
        // Same way: overlapping or neighbouring octants, across north too.
        #expect(M.sameDirection(Point(x: 0, y: -5), Point(x: -5, y: -5)))
        #expect(M.sameDirection(Point(x: 0, y: -5), Point(x: 5, y: -5)))
        #expect(!M.sameDirection(Point(x: 0, y: -5), Point(x: 5, y: 0)))
        #expect(!M.sameDirection(Point(x: -5, y: 0), Point(x: 5, y: 0)))
        #expect(abs(M.atan(1) - Double.pi / 4) < 1e-15 && abs(M.atan(0.5) - 0.463_647_609_000_806_1) < 1e-15)
    }

    /// The tracker with the pinch on: a pinch moves nothing and reports its
    /// steps; with it off (the default) the same fingers report none.
    @Test func theTrackerReportsThePinchOnlyWhenAsked() {
        let pad = TestDevices.probeClickpad
        func u(_ mm: Double) -> Int32 { Int32((mm * 20).rounded()) }
        func frame(_ ms: Int64, _ x1: Double, _ x2: Double, down: Bool = false) -> EventFrame {
            var e: [TrackerTest.E] = [TrackerTest.slot(0)]
            if down { e.append(TrackerTest.tid(1)) }
            e += [TrackerTest.mtx(u(x1)), TrackerTest.mty(u(35)), TrackerTest.slot(1)]
            if down { e.append(TrackerTest.tid(2)) }
            e += [TrackerTest.mtx(u(x2)), TrackerTest.mty(u(35))]
            return TrackerTest.frame(ms, e)
        }
        let frames = [frame(0, 40, 60, down: true)] + (1...10).map { frame(Int64($0) * 10, 40 - Double($0), 60 + Double($0)) }
            + [TrackerTest.frame(120, [TrackerTest.slot(0), TrackerTest.tid(-1), TrackerTest.slot(1), TrackerTest.tid(-1)])]
        for on in [true, false] {
            var t = TouchpadTracker(device: pad)
            t.recognizesPinch = on
            var phases: [ToolkitInput.TouchPhase] = []
            var moved = false
            for f in frames {
                for c in t.process(f) where c.pointerMotion != .zero || c.scroll != .zero { moved = true }
                if let p = t.pinch { phases.append(p.phase) }
            }
            if on {
                #expect(phases.first == .began && phases.last == .ended && phases.dropFirst().dropLast().allSatisfy { $0 == .moved })
                #expect(!moved)
            } else {
                #expect(phases.isEmpty)
            }
            #expect(t.isIdle)
        }
    }
}
