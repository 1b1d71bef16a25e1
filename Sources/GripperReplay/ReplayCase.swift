import Gripper
import GripperGestures
import GripperInput
import GripperPictures
import GripperScene
import GripperTraces

/// One replay test: a trace, the scene it is replayed on, and the gesture
/// configuration it pins, checked against an expected transcript. What
/// `gripper test` runs for each case folder and `assertReplay` for a Swift
/// test. Pure: the files are read by the caller (see `Documentation/ReplayCases.md`
/// for the convention on disk).
public struct ReplayCase: Sendable {
    /// The case's name (its path under the folder searched, for `gripper test`).
    public var name: String
    /// The input: its frames and the device they come from (a pinned
    /// description already in place).
    public var trace: Trace
    /// The other devices of a trace that holds several (a libinput-record
    /// file of a toolkit session's virtual devices), replayed with
    /// ``trace`` merged by time, as `gripper replay` merges them.
    public var moreDevices: [Trace] = []
    /// The scene replayed on.
    public var scene: Scene
    /// The recognizers' thresholds.
    public var gestures: GestureConfiguration

    /// What a check found.
    public enum Verdict: Hashable, Sendable {
        /// The transcript is the expected one, byte for byte.
        case passed
        /// It differs.
        case failed(TranscriptComparison)
        /// There is no expected transcript; `actual` is the transcript in
        /// text form, ready to be recorded.
        case missing(actual: String)
    }

    /// Creates a case.
    public init(name: String, trace: Trace, scene: Scene, gestures: GestureConfiguration = .default) {
        self.name = name
        self.trace = trace
        self.scene = scene
        self.gestures = gestures
    }

    /// A driver of an engine at rest on the scene, for the trace's device,
    /// with the case's gesture configuration and a recorded transcript.
    /// - Throws: ``/GripperScene/SceneError`` when the scene's model or layout is invalid.
    public func makeDriver(makingTransitions: Bool = false) throws(SceneError) -> EngineDriver {
        var driver = try EngineDriver(scene: scene, device: trace.device, gestures: gestures, recordingTranscript: true,
                                      makingTransitions: makingTransitions)
        for more in moreDevices { _ = driver.engine.attach(more.device) }
        return driver
    }

    /// Every device's frames in one time order (`DeviceFrame.merged(_:)`).
    var frames: [DeviceFrame] {
        moreDevices.isEmpty ? trace.frames.map { DeviceFrame($0) } : DeviceFrame.merged([trace.frames] + moreDevices.map(\.frames))
    }

    /// Replays the trace and returns the engine finished.
    /// - Throws: ``/GripperScene/SceneError`` when the scene's model or layout is invalid.
    /// - Complexity: O(frames) engine steps.
    public func replay() throws(SceneError) -> Engine {
        moreDevices.isEmpty ? Replay.run(try makeDriver(), frames: trace.frames) : Replay.run(try makeDriver(), frames: frames)
    }

    /// Replays the trace and compares its transcript with `expected` (nil:
    /// there is none yet).
    /// - Throws: ``/GripperScene/SceneError`` when the scene's model or layout is invalid.
    /// - Complexity: O(frames) engine steps, plus the comparison.
    public func check(expected: String?) throws(SceneError) -> (verdict: Verdict, engine: Engine) {
        let engine = try replay()
        guard let expected else { return (.missing(actual: engine.transcript.text), engine) }
        let comparison = TranscriptComparison(engine.transcript, expected: expected)
        return (comparison.matches ? .passed : .failed(comparison), engine)
    }

    /// Replays the trace again with a picture at every step, handing the
    /// pictures one at a time to `picture` (for the timeline page of a
    /// failed case), and returns the engine finished.
    /// - Throws: ``/GripperScene/SceneError`` for an invalid scene, or what `picture` throws.
    public func replayWithPictures(_ picture: (TimelinePage.Frame) throws -> Void) throws -> Engine {
        try Replay.run(try makeDriver(makingTransitions: true), frames: frames, labels: scene.pictureLabels,
                       picture: picture)
    }
}
