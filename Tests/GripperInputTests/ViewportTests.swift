import Testing
import GripperGeometry
@_spi(Benchmarks) import GripperInput
import GripperScripting
import GripperTesting

@Suite struct ViewportTests {
    typealias T = TrackerTest
    let rect = Rect(x: 0, y: 0, width: 400, height: 800)

    func frame(_ contacts: [Contact], pointer: Bool, motion: Point = .zero) -> ContactFrame {
        ContactFrame(time: .zero, contacts: contacts, isPointer: pointer, pointerMotion: motion)
    }

    func contact(_ id: Int, units: Point, mm: Point = .zero) -> Contact {
        Contact(id: id, phase: .moved, position: units, millimetres: mm)
    }

    @Test func aDirectDeviceAreaMapsOntoTheViewport() {
        var viewport = Viewport(device: TestDevices.probeTouchscreen, rect: Rect(x: 10, y: 20, width: 400, height: 800))
        let mapped = viewport.map(frame([contact(1, units: Point(x: 0, y: 0)), contact(2, units: Point(x: 4095, y: 4095)),
                                         contact(3, units: Point(x: 4095 / 4, y: 4095 / 2))], pointer: false))
        #expect(mapped.contacts.map(\.location) == [Point(x: 10, y: 20), Point(x: 410, y: 820), Point(x: 110, y: 420)])
        // Positions and millimetres are left alone.
        #expect(mapped.contacts[1].position == Point(x: 4095, y: 4095))
    }

    @Test func aDirectDeviceWithAnOffsetRangeMapsFromItsMinimum() {
        var device = T.singleTouchScreen
        device.absInfo[AbsCode.x] = AbsInfo(minimum: 100, maximum: 1100)
        device.absInfo[AbsCode.y] = AbsInfo(minimum: -50, maximum: 450)
        let viewport = Viewport(device: device, rect: rect)
        #expect(viewport.location(ofDevicePosition: Point(x: 100, y: -50)) == Point(x: 0, y: 0))
        #expect(viewport.location(ofDevicePosition: Point(x: 600, y: 200)) == Point(x: 200, y: 400))
        #expect(Viewport(device: TestDevices.probeMouse, rect: rect).location(ofDevicePosition: .zero) == nil)
    }

    @Test func aMouseMovesThePointerByCountsTimesTheFactor() {
        var viewport = Viewport(device: TestDevices.probeMouse, rect: rect, mousePointsPerCount: 2)
        #expect(viewport.pointer == Point(x: 200, y: 400))
        let hover = viewport.map(frame([], pointer: true, motion: Point(x: 10, y: -5)))
        #expect(hover.contacts.isEmpty)
        #expect(viewport.pointer == Point(x: 220, y: 390))
        let press = viewport.map(frame([contact(1, units: Point(x: 10, y: -5))], pointer: true, motion: Point(x: 1, y: 0)))
        #expect(press.contacts[0].location == Point(x: 222, y: 390))
        #expect(Viewport.defaultMousePointsPerCount == 1)
    }

    @Test func thePointerIsClampedAndComesBackFromTheEdgeAtOnce() {
        var viewport = Viewport(device: TestDevices.probeMouse, rect: rect)
        _ = viewport.map(frame([], pointer: true, motion: Point(x: 5000, y: -5000)))
        #expect(viewport.pointer == Point(x: 400, y: 0))
        // Just inside each edge is not clamped…
        viewport.movePointer(to: Point(x: 399, y: 1))
        _ = viewport.map(frame([], pointer: true, motion: Point(x: 1, y: -1)))
        #expect(viewport.pointer == Point(x: 400, y: 0))
        // …and one count past it is.
        _ = viewport.map(frame([], pointer: true, motion: Point(x: 1, y: -1)))
        #expect(viewport.pointer == Point(x: 400, y: 0))
        // Coming back responds to the first count: no hidden overshoot to undo.
        _ = viewport.map(frame([], pointer: true, motion: Point(x: -1, y: 1)))
        #expect(viewport.pointer == Point(x: 399, y: 1))
    }

    @Test func aTouchpadMovesThePointerByMillimetresTimesTheFactor() {
        // 20 units/mm; 10 points per mm by default.
        var viewport = Viewport(device: T.singleTouchPad, rect: rect)
        #expect(Viewport.defaultTouchpadPointsPerMillimetre == 10)
        let one = contact(1, units: Point(x: 1040, y: 700), mm: Point(x: 52, y: 35))
        let two = contact(2, units: Point(x: 1240, y: 700), mm: Point(x: 62, y: 35))
        let mapped = viewport.map(frame([one, two], pointer: true, motion: Point(x: 40, y: -20)))
        #expect(viewport.pointer == Point(x: 220, y: 390))
        // The oldest finger is at the pointer; the other keeps its offset.
        #expect(mapped.contacts.map(\.location) == [Point(x: 220, y: 390), Point(x: 320, y: 390)])
    }

    @Test func trackedTouchscreenFramesMapThroughTheViewport() {
        var tracker = ContactTracker(device: TestDevices.probeTouchscreen)
        var viewport = Viewport(device: TestDevices.probeTouchscreen, rect: rect)
        let f = viewport.map(tracker.process(T.frame(0, [T.tid(1), T.mtx(4095), T.mty(0)])))
        #expect(f.contacts[0].location == Point(x: 400, y: 0))
    }

    @Test func theAlpsDoubleTapNudgesThePointerByItsFingerMotion() throws {
        let trace = try Recordings.evemu("real/tp_alps-glidepoint_double-tap.evemu")
        let device = trace.device
        var tracker = ContactTracker(device: device)
        var viewport = Viewport(device: device, rect: Rect(x: 0, y: 0, width: 1000, height: 1000))
        var motion = Point.zero
        for frame in trace.frames {
            let mapped = viewport.map(tracker.process(frame))
            motion = motion + mapped.pointerMotion
            for c in mapped.contacts where c.id == mapped.contacts.first?.id {
                #expect(c.location == viewport.pointer)
            }
        }
        // Each tap wanders a few millimetres (1085,624 → 1055,552 → 1088,622
        // in the first) and comes back; every frame's finger motion after
        // the touch-down frame moves the pointer, at 10 points per mm.
        let upm = try #require(device.unitsPerMillimetre)
        let expected = Point(x: 500 + motion.x / upm.x * 10, y: 500 + motion.y / upm.y * 10)
        #expect(motion != .zero)
        #expect(Swift.abs(viewport.pointer.x - expected.x) < 1e-9)
        #expect(Swift.abs(viewport.pointer.y - expected.y) < 1e-9)
    }
}
