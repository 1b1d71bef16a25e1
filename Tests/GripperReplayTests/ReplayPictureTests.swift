import Testing
@testable import Gripper
import GripperTesting
@testable import GripperPictures
@testable import GripperReplay
@testable import GripperScene
import GripperScripting
import GripperTraces

/// `Replay(…, pictures: true)` takes a picture after every step that applied
/// a stimulus or changed what is shown, at the step's own time: a deadline
/// that fires between two frames (a long-press, a stimulus, a timer) is
/// pictured when it fires, not at the next frame, and each gets its own.
@Suite struct ReplayPictureTests {
    /// The transcript line a picture's caption names, with the picture's time.
    private func line(_ picture: TimelinePage.Frame) -> String {
        FixedDecimal.seconds(microseconds: picture.offset) + " " + picture.caption
    }

    /// Every picture but the first and last is stamped with the time of the
    /// transcript entry it is captioned with.
    @Test(arguments: ScenarioFolder.names)
    func eachPictureIsTakenAtItsStepsTime(_ name: String) throws {
        let folder = try ScenarioFolder(name)
        let replay = try Replay(trace: folder.trace, scene: folder.scene, pictures: true)
        let lines = Set(replay.engine.transcript.entries.map(\.textLine))
        let inner = replay.pictures.dropFirst().dropLast()
        #expect(!inner.isEmpty)
        let unmatched = inner.map(line).filter { !lines.contains($0) }
        #expect(unmatched.isEmpty, "\(name): pictures not at their entry's time: \(unmatched.prefix(3))")
        // Pictures are in time order, and taking them changes nothing.
        #expect(zip(replay.pictures, replay.pictures.dropFirst()).allSatisfy { $0.offset <= $1.offset })
        #expect(replay.engine.transcript.text == folder.expected)
    }

    @Test func theLongPressDragStartIsPicturedAtTheLongPressTime() throws {
        let folder = try ScenarioFolder("long-press-drag-down-up")
        let replay = try Replay(trace: folder.trace, scene: folder.scene, pictures: true)
        let starts = replay.pictures.filter { $0.caption == "state tracking -> dragging" }
        // The long-presses fire at 1.007990 and 3.184228 s, between frames.
        #expect(starts.map(\.offset) == [1_007_990, 3_184_228])
        let frameOffsets = Set(folder.trace.frames.map { $0.time.microseconds - folder.trace.frames[0].time.microseconds })
        #expect(starts.allSatisfy { !frameOffsets.contains($0.offset) })
        #expect(starts.allSatisfy { $0.svg.contains(">\(FixedDecimal.seconds(microseconds: $0.offset)) s  dragging</text>") })
    }

    /// A trace of two empty frames, at 0 and at `end`, on `scene`.
    private func idleTrace(until end: Duration?) -> Trace {
        let device = TestDevices.probeTouchscreen
        var events = [RawEvent(time: .zero, type: EventType.syn, code: SynCode.report, value: 0)]
        if let end { events.append(RawEvent(time: .zero + end, type: EventType.syn, code: SynCode.report, value: 0)) }
        return Trace(device: device, events: events)
    }

    private static let stimuli = """
    {"viewport":{"width":400,"height":640},"sections":[{"id":"s","items":[{"id":"a"},{"id":"b"}]}],
     "stimuli":[{"t":0.1,"setEditing":true},{"t":0.4,"setEditing":false},{"t":0.7,"setEditing":true},{"t":1.0,"undo":true}]}
    """

    /// Four stimuli between two frames 1.2 s apart: four pictures, each at its stimulus' time.
    @Test(arguments: [Duration.milliseconds(1200), nil])
    func stimuliBetweenFramesOrAfterTheLastGetAPictureEach(_ end: Duration?) throws {
        let scene = try Scene.decode(Self.stimuli)
        let replay = try Replay(trace: idleTrace(until: end), scene: scene, pictures: true)
        let inner = Array(replay.pictures.dropFirst().dropLast())
        #expect(inner.map(\.offset) == [100_000, 400_000, 700_000, 1_000_000])
        #expect(inner.map(\.caption) == ["state idle -> batchEditing.idle", "state batchEditing.idle -> idle",
                                         "state idle -> batchEditing.idle", "stimulus undo"])
        #expect(inner[0].svg.contains(">0.100000 s  batchEditing.idle</text>"))
        #expect(inner[1].svg.contains(">0.400000 s  idle</text>"))
        #expect(replay.pictures.first?.caption == "start" && replay.pictures.last?.caption == "end")
        // The same transcript as without pictures.
        #expect(try Replay(trace: idleTrace(until: end), scene: scene).engine.transcript == replay.engine.transcript)
    }
}
