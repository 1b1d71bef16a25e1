import Testing
import Gripper
import GripperTesting
import GripperFiles
import GripperScene

/// The engine tells the gesture arena what kind of device the frames come
/// from: a touchpad's fingers move in real millimetres and get the touch
/// slop, not the mouse's pointer slop.
@Suite struct EngineDeviceKindTests {
    static let scene = """
    {"viewport":{"width":800,"height":480},"layout":{"rowHeight":56},"selection":"multiple",
     "sections":[{"id":"s","items":[{"id":"a"},{"id":"b"},{"id":"c"},{"id":"d"},{"id":"e"},{"id":"f"},{"id":"g"}]}]}
    """

    /// A finger down on the ALPS touchpad that slides `distance` mm to the
    /// right over 80 ms and lifts: the gestures the engine recognized.
    func gestures(sliding distance: Double) throws -> [GestureKind] {
        let touchpad = try TraceFile.load(path: Fixtures.recording("real/tp_alps-glidepoint_double-tap.evemu").path).device
        #expect(touchpad.kind == .touchpad)
        var engine = try Engine(scene: Scene.decode(Self.scene), device: touchpad, recordingTranscript: true)
        var b = TraceBuilder(device: touchpad, seed: 31)
        b.perform([TraceBuilder.Stroke(at: .mm(30, 20)).moving(to: .mm(30 + distance, 20), over: .milliseconds(80))])
        for f in b.frames { engine.handle(f) }
        engine.finish()
        return engine.transcript.entries.compactMap { entry in
            if case .gesture(let g) = entry.event, g.kind != .touch { g.kind } else { nil }
        }
    }

    @Test func aTouchpadFingerGetsTheTouchSlop() throws {
        let slop = GestureConfiguration.default.touchSlopMillimetres
        // Within the touch slop (though far past the pointer slop): a tap.
        let within = try gestures(sliding: slop * 0.6)
        #expect(within.contains(.tap) && !within.contains(.pan), "\(within)")
        // Past it: a pan.
        let past = try gestures(sliding: slop * 2.5)
        #expect(past.contains(.pan) && !past.contains(.tap), "\(past)")
    }
}
