import Foundation
import Testing
@_spi(Benchmarks) import Gripper
import GripperTesting
import GripperScene
import GripperScripting

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
        var driver = try EngineDriver(scene: scene, device: TestDevices.probeTouchscreen, recordingTranscript: true)
        let first = EventTime(microseconds: start)
        driver.handle(EventFrame(time: first, events: []))
        driver.handle(EventFrame(time: first + .seconds(1), events: []))
        // A frame far later than the first: the offset clamps, nothing traps.
        driver.handle(EventFrame(time: EventTime(microseconds: .max), events: []))
        driver.finish()
        let entries = driver.engine.transcript.entries
        #expect(entries.contains { $0.event == .effect(.editingChanged(true)) })
        #expect(entries.allSatisfy { $0.offset >= 0 })
        #expect(driver.nextDeadline == nil)
    }

    @Test func aFrameBeforeTheOriginDoesNotTrap() throws {
        var driver = try EngineDriver(scene: try Scene.decode(Self.scene), device: TestDevices.probeTouchscreen,
                                      recordingTranscript: true)
        driver.handle(EventFrame(time: EventTime(microseconds: .max), events: []))
        driver.apply(.undo, at: EventTime(microseconds: .min))
        driver.finish()
        #expect(driver.engine.transcript.entries.contains { $0.offset == .min })
        #expect(driver.engine.transcript.text.contains("-9223372036854.775808"))
    }
}
