import GripperGeometry
@_spi(Benchmarks) import GripperInput
import GripperScripting
import GripperTesting
import Testing

/// The touchpad tracker's tap-to-click and pointer motion, on a described
/// protocol B touchpad; positions in millimetres.
@Suite struct TouchpadTrackerTests {
    typealias E = TrackerTest.E

    /// A two-slot protocol B clickpad: 0…2000 × 0…1400 at 20 units/mm (100 × 70 mm).
    static let pad = TestDevices.probeClickpad

    /// Millimetres in device units.
    static func u(_ mm: Double) -> Int32 { Int32((mm * 20).rounded()) }

    static func down(_ ms: Int64, slot: Int32 = 0, id: Int32, x: Double, y: Double) -> EventFrame {
        TrackerTest.frame(ms, [TrackerTest.slot(slot), TrackerTest.tid(id), TrackerTest.mtx(u(x)), TrackerTest.mty(u(y))])
    }

    static func move(_ ms: Int64, slot: Int32 = 0, x: Double, y: Double) -> EventFrame {
        TrackerTest.frame(ms, [TrackerTest.slot(slot), TrackerTest.mtx(u(x)), TrackerTest.mty(u(y))])
    }

    static func up(_ ms: Int64, slot: Int32 = 0) -> EventFrame {
        TrackerTest.frame(ms, [TrackerTest.slot(slot), TrackerTest.tid(-1)])
    }

    /// The click frames (frames with contacts) as "id:phase" strings.
    static func clicks(_ frames: [ContactFrame]) -> [String] {
        frames.filter { !$0.contacts.isEmpty }.flatMap(TrackerTest.phases)
    }

    static func run(_ frames: [EventFrame]) -> (frames: [ContactFrame], tracker: TouchpadTracker) {
        var tracker = TouchpadTracker(device: pad)
        var out: [ContactFrame] = []
        for f in frames { out += tracker.process(f) }
        out += tracker.finish()
        return (out, tracker)
    }

    @Test func aTouchLiftedWithin180MillisecondsClicksAndOneMillisecondMoreDoesNot() {
        let quick = Self.run([Self.down(0, id: 1, x: 50, y: 30), Self.up(180)])
        #expect(Self.clicks(quick.frames) == ["1:began", "1:ended"])
        #expect(quick.frames.allSatisfy { $0.isPointer })
        #expect(quick.tracker.isIdle)
        let slow = Self.run([Self.down(0, id: 1, x: 50, y: 30), Self.up(181)])
        #expect(Self.clicks(slow.frames) == [])
        #expect(slow.tracker.isIdle)
    }

    @Test func aTapEndingWithin1Point3MillimetresClicksAndFurtherDoesNot() {
        let near = Self.run([Self.down(0, id: 1, x: 50, y: 30), Self.move(50, x: 51.3, y: 30), Self.up(100)])
        #expect(Self.clicks(near.frames) == ["1:began", "1:ended"])
        let far = Self.run([Self.down(0, id: 1, x: 50, y: 30), Self.move(50, x: 51.35, y: 30), Self.up(100)])
        #expect(Self.clicks(far.frames) == [])
    }

    @Test func theClickIsAtThePointerAndAtTheLiftsTime() {
        let r = Self.run([Self.down(0, id: 1, x: 50, y: 30), Self.move(20, x: 51, y: 30), Self.up(40)])
        let click = r.frames.filter { !$0.contacts.isEmpty }
        #expect(click.map(\.time) == [.milliseconds(40), .milliseconds(40)])
        // The pointer started at the axes' current value (0, 0) and moved 1 mm right.
        #expect(click.first?.contacts.first?.millimetres == Point(x: 1, y: 0))
        #expect(r.tracker.pointer == Point(x: 1, y: 0))
    }

    @Test func aSecondFingerRejectsTheTap() {
        let r = Self.run([Self.down(0, id: 1, x: 50, y: 30), Self.down(20, slot: 1, id: 2, x: 70, y: 30),
                          Self.up(40, slot: 1), Self.up(60)])
        #expect(Self.clicks(r.frames) == [])
        #expect(r.tracker.isIdle)
        // After every finger lifted, a tap clicks again.
        let again = Self.run([Self.down(0, id: 1, x: 50, y: 30), Self.down(20, slot: 1, id: 2, x: 70, y: 30),
                              Self.up(40, slot: 1), Self.up(60), Self.down(100, id: 3, x: 50, y: 30), Self.up(150)])
        #expect(Self.clicks(again.frames) == ["1:began", "1:ended"])
    }

    @Test func aDroppedFrameCancelsTheTap() {
        let r = Self.run([Self.down(0, id: 1, x: 50, y: 30), TrackerTest.frame(10, [TrackerTest.dropped]),
                          TrackerTest.frame(20, [TrackerTest.slot(0), TrackerTest.tid(-1)]), Self.up(30)])
        #expect(Self.clicks(r.frames) == [])
        #expect(r.tracker.isIdle)
    }

    @Test func aFingerStillDownAtTheEndClicksNothing() {
        let r = Self.run([Self.down(0, id: 1, x: 50, y: 30)])
        #expect(Self.clicks(r.frames) == [])
        #expect(r.tracker.isIdle)
    }

    @Test func extremeValuesDoNotCrash() {
        let huge: [EventFrame] = [
            TrackerTest.frame(Int64.min, [TrackerTest.slot(0), TrackerTest.tid(Int32.max), TrackerTest.mtx(Int32.min), TrackerTest.mty(Int32.max)]),
            TrackerTest.frame(Int64.max, [TrackerTest.slot(0), TrackerTest.mtx(Int32.max), TrackerTest.mty(Int32.min)]),
            TrackerTest.frame(Int64.max, [TrackerTest.slot(0), TrackerTest.tid(-1)]),
            TrackerTest.frame(Int64.min, [TrackerTest.slot(Int32.max), TrackerTest.tid(5), TrackerTest.mtx(0)]),
            TrackerTest.frame(0, [TrackerTest.slot(Int32.min), TrackerTest.tid(-1)]),
        ]
        let r = Self.run(huge)
        #expect(r.frames.allSatisfy { $0.pointerMotion.x.isFinite && $0.pointerMotion.y.isFinite })
        #expect(r.tracker.pointer.x.isFinite && r.tracker.pointer.y.isFinite)
        #expect(r.tracker.isIdle)
    }
}
