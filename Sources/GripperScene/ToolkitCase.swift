import Gripper
import GripperInput
import GripperTraces

/// A toolkit session's recording as a replay case (`Documentation/ReplayCases.md`):
/// the scene with the app's commands as stimuli, the input as a
/// libinput-record trace of the session's devices, and the transcript a
/// replay of the two prints — made by replaying them, the scene read back
/// from its JSON, as `gripper test` will. Pure: the caller writes the files
/// (libgripper's `gripper_save_replay_case`, `gripper-window desktop
/// --record-case`).
public struct ToolkitCase: Sendable {
    /// Why a case cannot be made.
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// `scene.json`.
    public var sceneJSON: String
    /// `trace.yml`.
    public var trace: String
    /// `expected.txt`.
    public var expected: String
    /// The first line (1-based) where the replay parts from the live
    /// transcript given, with both lines; nil when it does not.
    public var parting: (line: Int, live: String, replay: String)?

    /// Makes the case of `recording` on `scene` (whose stimuli are replaced
    /// by the recording's commands).
    /// - Complexity: O(n + input): one replay.
    /// - Parameter scene: the data and rules the session opened on.
    /// - Parameter recording: the session's recording (``/Gripper/ToolkitSession/recording``).
    /// - Parameter live: the session's transcript, to compare (nil: not compared).
    /// - Parameter definition: the definition of an item a batch inserted
    ///   (its label and rules), asked once per inserted item; nil or an
    ///   answer of nil takes the scene's definition of that identity, else
    ///   what a scene gives an item it does not define (nothing allowed).
    public static func make(scene: Scene, recording: ToolkitSession.Recording, live: Transcript?,
                            definition: ((ItemID) -> Scene.Item?)? = nil) throws(Problem) -> ToolkitCase {
        var scene = scene
        let origin = recording.origin ?? EventTime(microseconds: 0)
        let known = Scene.ItemIndex(scene)
        scene.stimuli = try recording.stimuli.map { (time, stimulus) throws(Problem) in
            try sceneStimulus(stimulus, at: .microseconds(time.microseconds(since: origin))) { id in
                definition?(id) ?? known[id] ?? .undefined(id)
            }
        }
        let sceneJSON: String
        do { sceneJSON = try scene.jsonText() } catch { throw Problem(description: error.description) }
        let written: Scene
        do { written = try Scene.decode(sceneJSON, fileName: "scene.json") } catch {
            throw Problem(description: "the scene written does not read back: \(error)")
        }
        guard let first = recording.devices.first else { throw Problem(description: "the recording has no device") }
        var driver: EngineDriver
        do { driver = try EngineDriver(scene: written, device: first, recordingTranscript: true) } catch {
            throw Problem(description: "the scene written does not open: \(error)")
        }
        for d in recording.devices.dropFirst() { _ = driver.engine.attach(d) }
        var perDevice = Array(repeating: [EventFrame](), count: recording.devices.count)
        for (d, f) in recording.frames { perDevice[d].append(f) }
        for input in DeviceFrame.merged(perDevice) { driver.handle(input) }
        driver.finish()
        var made = ToolkitCase(sceneJSON: sceneJSON, trace: traceText(recording), expected: driver.engine.transcript.text)
        if let live {
            let a = live.entries.map(\.textLine), b = driver.engine.transcript.entries.map(\.textLine)
            let common = min(a.count, b.count)
            if let k = (0..<common).first(where: { a[$0] != b[$0] }) ?? (a.count > b.count ? common : nil) {
                made.parting = (k + 1, k < a.count ? a[k] : "", k < b.count ? b[k] : "")
            }
        }
        return made
    }

    /// A recorded command as a scene's stimulus: the same stimulus, with
    /// the items a batch inserts defined.
    static func sceneStimulus(_ stimulus: Stimulus, at offset: Duration,
                              define: (ItemID) -> Scene.Item) throws(Problem) -> Scene.Stimulus {
        switch stimulus {
        case .batch(let batch):
            var inserted: [Scene.Item] = []
            for case .insertItem(let id, _) in batch.operations { inserted.append(define(id)) }
            return Scene.Stimulus(offset: offset, action: stimulus, items: inserted)
        case .reload, .loading, .loadingChild:
            throw Problem(description: "a recording holds a \(stimulus), which a toolkit session never makes")
        case .setEditing, .deleteSelected, .undo, .redo, .deviceLost, .resizeViewport, .changeLayout, .key, .move, .focus,
             .scroll, .switchSegment, .measured:
            return Scene.Stimulus(offset: offset, action: stimulus)
        }
    }

    /// The recording as libinput record: each device with its frames.
    public static func traceText(_ recording: ToolkitSession.Recording) -> String {
        var writer = TraceWriter(format: .libinputRecord)
        writer.beginFile(metadata: TraceMetadata(), deviceCount: recording.devices.count)
        var perDevice = Array(repeating: [EventFrame](), count: recording.devices.count)
        for (d, f) in recording.frames { perDevice[d].append(f) }
        for (index, device) in recording.devices.enumerated() {
            writer.beginDevice(device, metadata: TraceMetadata(deviceNode: "/dev/input/gripper-toolkit\(index)"), index: index)
            for frame in perDevice[index] { writer.append(frame) }
        }
        return writer.takeText()
    }
}
