import Foundation
import Testing
import Gripper
import GripperTesting

/// The engine's time arithmetic (origin + a stimulus's offset, transcript
/// offsets) clamps instead of trapping when a trace's times are far apart or
/// near the end of the representable range.
@Suite struct TimeEdgeEngineTests {
    static let scene = """
    {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56},
     "sections":[{"id":"s","items":[{"id":"a"},{"id":"b"},{"id":"c"}]}],
     "stimuli":[{"t":0.5,"setEditing":true},{"t":1000000000,"setEditing":false}]}
    """

    @Test(arguments: [Int64(0), 9_000_000_000_000_000_000, Int64.max - 10])
    func stimuliAndFramesNearTheEndOfTime(_ start: Int64) throws {
        let scene = try Scene.decode(Self.scene)
        var engine = try Engine(scene: scene, device: TestDevices.probeTouchscreen, recordingTranscript: true)
        let first = EventTime(microseconds: start)
        engine.handle(EventFrame(time: first, events: []))
        engine.handle(EventFrame(time: first + .seconds(1), events: []))
        // A frame far later than the first: the offset clamps, nothing traps.
        engine.handle(EventFrame(time: EventTime(microseconds: .max), events: []))
        engine.finish()
        let entries = engine.transcript.entries
        #expect(entries.contains { $0.event == .effect(.editingChanged(true)) })
        #expect(entries.allSatisfy { $0.offset >= 0 })
        #expect(engine.nextDeadline == nil)
    }

    @Test func aFrameBeforeTheOriginDoesNotTrap() throws {
        var engine = try Engine(scene: try Scene.decode(Self.scene), device: TestDevices.probeTouchscreen, recordingTranscript: true)
        engine.handle(EventFrame(time: EventTime(microseconds: .max), events: []))
        engine.apply(.undo, at: EventTime(microseconds: .min))
        engine.finish()
        #expect(engine.transcript.entries.contains { $0.offset == .min })
        #expect(engine.transcript.text.contains("-9223372036854.775808"))
    }
}
