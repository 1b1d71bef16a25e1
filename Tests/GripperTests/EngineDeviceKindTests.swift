import Testing
@_spi(Benchmarks) import Gripper
import GripperInput
import GripperTesting
import GripperScene

/// The engine tells the gesture arena what kind of device the frames come
/// from: a touchpad's pointer moves in real millimetres and its press gets
/// the touch slop, not the mouse's pointer slop.
@Suite struct EngineDeviceKindTests {
    static let scene = """
    {"viewport":{"width":800,"height":480},"layout":{"rowHeight":56},"selection":"multiple",
     "sections":[{"id":"s","items":[{"id":"a"},{"id":"b"},{"id":"c"},{"id":"d"},{"id":"e"},{"id":"f"},{"id":"g"}]}]}
    """

    /// On the ALPS touchpad (20 units/mm by the fallback): a finger down,
    /// the button pressed, the finger sliding `distance` mm to the right in
    /// 8 steps over 80 ms (slow enough to move 1:1), the button released:
    /// the gestures the engine recognized.
    func gestures(sliding distance: Double) throws -> [GestureKind] {
        let touchpad = try Recordings.evemu("real/tp_alps-glidepoint_double-tap.evemu").device
        #expect(touchpad.kind == .touchpad)
        var engine = try Engine(scene: Scene.decode(Self.scene), device: touchpad, recordingTranscript: true)
        func frame(_ ms: Int64, _ events: [(UInt16, UInt16, Int32)]) -> EventFrame {
            let t = EventTime.milliseconds(ms)
            return EventFrame(time: t, events: events.map { RawEvent(time: t, type: $0.0, code: $0.1, value: $0.2) })
        }
        func x(_ mm: Double) -> Int32 { Int32((mm * 20).rounded()) }
        engine.handle(frame(0, [(EventType.abs, AbsCode.mtSlot, 0), (EventType.abs, AbsCode.mtTrackingID, 1),
                                (EventType.abs, AbsCode.mtPositionX, x(30)), (EventType.abs, AbsCode.mtPositionY, x(20))]))
        engine.handle(frame(10, [(EventType.key, KeyCode.btnLeft, 1)]))
        for step in 1...8 {
            engine.handle(frame(10 + Int64(step) * 10, [(EventType.abs, AbsCode.mtPositionX, x(30 + distance * Double(step) / 8))]))
        }
        engine.handle(frame(100, [(EventType.key, KeyCode.btnLeft, 0)]))
        engine.handle(frame(110, [(EventType.abs, AbsCode.mtTrackingID, -1)]))
        engine.finish()
        return engine.transcript.entries.compactMap { entry in
            if case .gesture(let g) = entry.event, g.kind != .touch { g.kind } else { nil }
        }
    }

    @Test func aTouchpadPressGetsTheTouchSlop() throws {
        let slop = GestureConfiguration.default.touchSlopMillimetres
        // Within the touch slop (though far past the pointer slop): a tap.
        let within = try gestures(sliding: slop * 0.6)
        #expect(within.contains(.tap) && !within.contains(.pan), "\(within)")
        // Past it: a pan.
        let past = try gestures(sliding: slop * 2.5)
        #expect(past.contains(.pan) && !past.contains(.tap), "\(past)")
    }
}
