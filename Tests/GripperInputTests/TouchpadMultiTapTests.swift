import GripperGeometry
@_spi(Benchmarks) import GripperInput
import GripperTesting
import Testing

/// Two- and three-finger taps: the secondary and the middle button
/// (libinput's default mapping), which press no pointer contact.
@Suite struct TouchpadMultiTapTests {
    typealias T = TouchpadTrackerTests

    /// Fingers touching at `downs` (ms) at x = 30, 50, 70 mm and lifting at
    /// `ups` (ms), the first lifting `slide` mm from where it touched.
    static func tap(downs: [Int64], ups: [Int64], slide: Double = 0) -> (tap: TouchpadButton?, clicks: [String], idle: Bool) {
        var frames: [EventFrame] = []
        for (slot, ms) in downs.enumerated() {
            frames.append(T.down(ms, slot: Int32(slot), id: Int32(slot + 1), x: 30 + Double(slot) * 20, y: 30))
        }
        if slide != 0 { frames.append(T.move(downs.max()! + 5, x: 30 + slide, y: 30)) }
        for (slot, ms) in ups.enumerated() { frames.append(T.up(ms, slot: Int32(slot))) }
        frames.sort { $0.time < $1.time }
        var tracker = TouchpadTracker(device: T.pad)
        var out: [ContactFrame] = []
        for f in frames { out += tracker.process(f) }
        out += tracker.finish()
        return (tracker.lastTap, T.clicks(out), tracker.isIdle)
    }

    static let pad4: DeviceDescription = {
        var d = T.pad
        d.absInfo[AbsCode.mtSlot] = AbsInfo(minimum: 0, maximum: 3)
        return d
    }()

    @Test func twoFingersTappingAreASecondaryTapThatPressesNothing() {
        let r = Self.tap(downs: [0, 20], ups: [150, 200])
        #expect(r.tap == .secondary && r.clicks == [] && r.idle)
        // One finger down 181 ms: no tap.
        let slow = Self.tap(downs: [0, 20], ups: [181, 150])
        #expect(slow.tap == nil && slow.clicks == [] && slow.idle)
        // 180 ms each is still a tap.
        #expect(Self.tap(downs: [0, 20], ups: [180, 200]).tap == .secondary)
    }

    @Test func aFingerMovingMoreThan1Point3MillimetresSpoilsTheTwoFingerTap() {
        // (1.3 mm itself is checked with one finger: 31.3 - 30 is not 1.3 in binary.)
        #expect(Self.tap(downs: [0, 0], ups: [100, 100], slide: 1.25).tap == .secondary)
        #expect(Self.tap(downs: [0, 0], ups: [100, 100], slide: 1.35).tap == nil)
    }

    @Test func threeFingersTappingAreAMiddleTapAndFourNothing() {
        var tracker = TouchpadTracker(device: Self.pad4)
        var out: [ContactFrame] = []
        for slot in 0..<3 { out += tracker.process(T.down(Int64(slot) * 10, slot: Int32(slot), id: Int32(slot + 1), x: 30 + Double(slot) * 15, y: 30)) }
        for slot in 0..<3 { out += tracker.process(T.up(100 + Int64(slot) * 10, slot: Int32(slot))) }
        #expect(tracker.lastTap == .middle && T.clicks(out) == [] && tracker.isIdle)
        var four = TouchpadTracker(device: Self.pad4)
        for slot in 0..<4 { _ = four.process(T.down(Int64(slot) * 10, slot: Int32(slot), id: Int32(slot + 1), x: 20 + Double(slot) * 15, y: 30)) }
        for slot in 0..<4 { _ = four.process(T.up(100 + Int64(slot) * 10, slot: Int32(slot))) }
        #expect(four.lastTap == nil && four.isIdle)
    }

    @Test func aOneFingerTapIsPrimaryAndThePhysicalButtonRejectsATwoFingerTap() {
        let one = Self.tap(downs: [0], ups: [100])
        #expect(one.tap == .primary && one.clicks == ["1:began", "1:ended"])
        var tracker = TouchpadTracker(device: T.pad)
        _ = tracker.process(T.down(0, id: 1, x: 30, y: 30))
        _ = tracker.process(T.down(10, slot: 1, id: 2, x: 50, y: 30))
        _ = tracker.process(TrackerTest.frame(20, [TrackerTest.key(KeyCode.btnLeft, 1)]))
        _ = tracker.process(TrackerTest.frame(40, [TrackerTest.key(KeyCode.btnLeft, 0)]))
        _ = tracker.process(T.up(60))
        _ = tracker.process(T.up(70, slot: 1))
        #expect(tracker.lastTap == nil && tracker.isIdle)
    }
}
