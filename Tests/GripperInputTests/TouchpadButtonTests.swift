import GripperGeometry
@_spi(Benchmarks) import GripperInput
import GripperTesting
import Testing

/// A clickpad's software buttons: where the fingers rest when it clicks
/// decides the button; a finger resting in the button area moves nothing.
@Suite struct TouchpadButtonTests {
    typealias T = TouchpadTrackerTests
    typealias P = TouchpadPalmTests

    static func button(_ ms: Int64, _ down: Bool) -> EventFrame {
        TrackerTest.frame(ms, [TrackerTest.key(KeyCode.btnLeft, down ? 1 : 0)])
    }

    /// Fingers resting at `points` (mm), then a click held 100 ms: the
    /// button pressed and the contacts the click made.
    static func click(at points: [Point], device: DeviceDescription = T.pad) -> (button: TouchpadButton?, contacts: [String], idle: Bool) {
        var tracker = TouchpadTracker(device: device)
        for (slot, p) in points.enumerated() {
            _ = tracker.process(T.down(Int64(slot), slot: Int32(slot), id: Int32(slot + 1), x: p.x, y: p.y))
        }
        var frames = tracker.process(Self.button(50, true))
        let pressed = tracker.pressedButton
        frames += tracker.process(Self.button(150, false))
        #expect(tracker.pressedButton == nil)
        for slot in points.indices { frames += tracker.process(T.up(300, slot: Int32(slot))) }
        frames += tracker.finish()
        return (pressed, T.clicks(frames), tracker.isIdle)
    }

    @Test func aClickWithAFingerInTheBottomRightIsSecondaryAndPressesNothing() {
        let right = Self.click(at: [Point(x: 80, y: 65)])
        #expect(right.button == .secondary && right.contacts == [] && right.idle)
        let left = Self.click(at: [Point(x: 20, y: 65)])
        #expect(left.button == .primary && left.contacts == ["1:began", "1:ended"] && left.idle)
    }

    @Test func theAreasSplitAtTheMiddleAndStartTenMillimetresFromTheBottom() {
        #expect(Self.click(at: [Point(x: 49.95, y: 65)]).button == .primary)
        #expect(Self.click(at: [Point(x: 50, y: 65)]).button == .secondary)
        #expect(Self.click(at: [Point(x: 80, y: 59.95)]).button == .primary)
        #expect(Self.click(at: [Point(x: 80, y: 60)]).button == .secondary)
    }

    @Test func fingersInBothAreasAreMiddleAndAFingerAboveDoesNotCount() {
        #expect(Self.click(at: [Point(x: 20, y: 65), Point(x: 80, y: 65)]).button == .middle)
        #expect(Self.click(at: [Point(x: 50, y: 30), Point(x: 80, y: 65)]).button == .secondary)
        #expect(Self.click(at: [Point(x: 50, y: 30)]).button == .primary)
    }

    @Test func aTouchpadWithButtonsHasNoSoftwareButtons() {
        #expect(Self.click(at: [Point(x: 80, y: 65)], device: P.plainPad).button == .primary)
    }

    @Test func aFingerRestingInTheButtonAreaMovesNothingUntilItLeaves() {
        let r = P.run([T.down(0, id: 1, x: 80, y: 65), T.move(20, x: 81, y: 65), T.move(40, x: 82, y: 64)])
        #expect(r.tracker.pointer == .zero)
        // Out of the area (above 60 mm), it moves the pointer from the next frame.
        let out = P.run([T.down(0, id: 1, x: 80, y: 65), T.move(20, x: 80, y: 59), T.move(40, x: 81, y: 59)])
        #expect(out.tracker.pointer == Point(x: 1, y: 0))
        // A finger resting in the area and one moving above it: pointer motion, no scroll.
        let two = P.run([T.down(0, slot: 1, id: 2, x: 80, y: 65), T.down(10, id: 1, x: 50, y: 30),
                         TrackerTest.frame(30, [TrackerTest.slot(0), TrackerTest.mtx(T.u(51)),
                                                TrackerTest.slot(1), TrackerTest.mtx(T.u(80.5))])])
        #expect(two.tracker.pointer == Point(x: 1, y: 0))
        #expect(two.frames.allSatisfy { $0.scroll == .zero })
    }

    @Test func aSecondaryClickHeldRejectsATapAndTheReleaseOfEitherButtonEndsIt() {
        var tracker = TouchpadTracker(device: T.pad)
        var frames = tracker.process(T.down(0, slot: 1, id: 2, x: 80, y: 65))
        frames += tracker.process(Self.button(10, true))
        #expect(tracker.pressedButton == .secondary)
        frames += tracker.process(T.down(20, id: 1, x: 40, y: 30))
        frames += tracker.process(T.up(60))
        frames += tracker.process(Self.button(80, false))
        frames += tracker.process(T.up(90, slot: 1))
        #expect(T.clicks(frames) == [] && tracker.isIdle)
    }
}
