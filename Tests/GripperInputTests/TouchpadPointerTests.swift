import GripperGeometry
@_spi(Benchmarks) import GripperInput
import GripperTesting
import Testing

/// The touchpad tracker's pointer: acceleration and the physical button.
@Suite struct TouchpadPointerTests {
    typealias T = TouchpadTrackerTests

    static func button(_ ms: Int64, _ down: Bool) -> EventFrame {
        TrackerTest.frame(ms, [TrackerTest.key(KeyCode.btnLeft, down ? 1 : 0)])
    }

    @Test func accelerationIsOneUpToTheThresholdThenRisesAndIsCapped() {
        #expect(TouchpadTracker.accelerationFactor(speed: 50) == 1)
        #expect(TouchpadTracker.accelerationFactor(speed: 50.5) > 1)
        #expect(TouchpadTracker.accelerationFactor(speed: 100) == 2)
        #expect(TouchpadTracker.accelerationFactor(speed: 149) < 3)
        #expect(TouchpadTracker.accelerationFactor(speed: 150) == 3)
        #expect(TouchpadTracker.accelerationFactor(speed: 1e300) == 3)
        for bad in [Double.nan, .infinity, -.infinity, -1, 0, -.greatestFiniteMagnitude] {
            #expect(TouchpadTracker.accelerationFactor(speed: bad) == 1)
        }
    }

    @Test func aSlowFingerMovesThePointerOneToOneAndAFastOneFurther() {
        // 1 mm in 20 ms is 50 mm/s: 1:1.
        let slow = T.run([T.down(0, id: 1, x: 50, y: 30), T.move(20, x: 51, y: 30), T.up(400)])
        #expect(slow.tracker.pointer == Point(x: 1, y: 0))
        // 1 mm in 10 ms is 100 mm/s: twice as far.
        let fast = T.run([T.down(0, id: 1, x: 50, y: 30), T.move(10, x: 51, y: 30), T.up(400)])
        #expect(fast.tracker.pointer == Point(x: 2, y: 0))
        // The frames' pointerMotion is the pointer's, accelerated, in device units.
        #expect(fast.frames.map(\.pointerMotion.x).reduce(0, +) == 40)
        #expect(slow.frames.map(\.pointerMotion.x).reduce(0, +) == 20)
    }

    @Test func thePhysicalButtonPressesAtThePointerAndFollowsIt() {
        let r = T.run([T.down(0, id: 1, x: 50, y: 30), Self.button(10, true), T.move(30, x: 51, y: 30),
                       Self.button(50, false), T.up(60)])
        let pressed = r.frames.filter { !$0.contacts.isEmpty }
        #expect(pressed.flatMap(TrackerTest.phases) == ["1:began", "1:moved", "1:ended"])
        #expect(pressed.last?.contacts.first?.millimetres == Point(x: 1, y: 0))
        // The finger lifted within 180 ms and 1.3 mm, but it clicked the button: no tap.
        #expect(r.frames.filter { !$0.contacts.isEmpty }.count == 3)
        #expect(r.tracker.isIdle)
    }

    @Test func aButtonStillDownAtTheEndIsCancelled() {
        let r = T.run([Self.button(0, true)])
        #expect(r.frames.filter { !$0.contacts.isEmpty }.flatMap(TrackerTest.phases) == ["1:began", "1:cancelled"])
        #expect(r.tracker.isIdle)
    }

    @Test func aTapWhileTheButtonIsDownClicksNothing() {
        let r = T.run([Self.button(0, true), T.down(10, id: 1, x: 50, y: 30), T.up(50), Self.button(100, false)])
        #expect(r.frames.filter { !$0.contacts.isEmpty }.flatMap(TrackerTest.phases) == ["1:began", "1:stationary", "1:stationary", "1:ended"])
    }
}

/// Two-finger scrolling.
@Suite struct TouchpadScrollTests {
    typealias T = TouchpadTrackerTests

    @Test func twoFingersMovingTogetherScrollAndDoNotMoveThePointer() {
        let r = T.run([T.down(0, id: 1, x: 40, y: 30), T.down(0, slot: 1, id: 2, x: 60, y: 30),
                       TrackerTest.frame(50, [TrackerTest.slot(0), TrackerTest.mty(T.u(34)),
                                              TrackerTest.slot(1), TrackerTest.mty(T.u(34))]),
                       T.up(100), T.up(100, slot: 1)])
        // 4 mm down together: one detent towards the user (content scrolls down).
        #expect(r.frames.map(\.scroll).reduce(.zero, +) == Point(x: 0, y: 1))
        #expect(r.tracker.pointer == .zero)
        #expect(r.frames.filter { !$0.contacts.isEmpty }.isEmpty)
    }

    @Test func oneFingerMovingDoesNotScroll() {
        let r = T.run([T.down(0, id: 1, x: 40, y: 30), T.move(50, x: 40, y: 34), T.up(100)])
        #expect(r.frames.allSatisfy { $0.scroll == .zero })
    }
}

/// The finger's speed is its own: other fingers' frames in between (a palm
/// resting, a second finger) do not make it look faster.
@Suite struct TouchpadSpeedTests {
    typealias T = TouchpadTrackerTests

    @Test func aPalmsFramesBetweenTheFingersDoNotAccelerateIt() {
        // The finger moves 1 mm every 20 ms (50 mm/s: 1:1); a palm resting at
        // the edge (confirmed: the finger lands 205 ms after it) sends a frame
        // 10 ms after each.
        var frames = [T.down(0, slot: 1, id: 9, x: 3, y: 30), T.down(205, id: 1, x: 40, y: 30)]
        for k in 1...5 {
            frames.append(T.move(205 + Int64(k) * 20, x: 40 + Double(k), y: 30))
            frames.append(T.move(215 + Int64(k) * 20, slot: 1, x: 3 + Double(k % 2) * 0.1, y: 30))
        }
        let r = T.run(frames)
        #expect(r.tracker.pointer == Point(x: 5, y: 0))
        // The same finger alone at 100 mm/s: twice as far.
        var fast = [T.down(0, id: 1, x: 40, y: 30)]
        for k in 1...5 { fast.append(T.move(Int64(k) * 10, x: 40 + Double(k), y: 30)) }
        #expect(T.run(fast).tracker.pointer == Point(x: 10, y: 0))
    }
}
