@_spi(Benchmarks) import Gripper
import GripperInput
import GripperPictures
import GripperScene
import GripperTraces

/// Runs a recorded trace through an `Engine` and a scene's stimulus track
/// (an `EngineDriver`) as fast as possible, taking a picture at every state
/// change and edit when asked — kept in ``pictures``, or handed one by one
/// to a caller that writes them as they come
/// (``run(_:frames:labels:picture:)-6xuvw``). Pure: the trace is already read,
/// the pictures are strings.
public struct Replay: Sendable {
    /// The engine after the whole trace and `EngineDriver/finish()`.
    public var engine: Engine
    /// A picture after every step that changed the state, committed an edit,
    /// moved the gap, opened or shut a cell, changed the selection or applied
    /// a stimulus, taken at the step's own time (empty unless pictures were
    /// asked for). A step is an input frame, or a deadline fired between two
    /// frames or after the last — a stimulus, a recognizer timer, an
    /// auto-scroll tick — so what happens between frames is not pictured at
    /// the next frame's time, and two stimuli between the same two frames
    /// get two pictures. The first shows the start, the last the end.
    public var pictures: [TimelinePage.Frame]

    /// Replays `frames` of `device` on `scene`, keeping every picture in
    /// ``pictures`` when `pictures` is true.
    /// - Throws: ``/GripperScene/SceneError`` when the scene's model or layout is invalid.
    /// - Complexity: O(frames) engine steps, plus O(k) per picture.
    public init(frames: [EventFrame], device: DeviceDescription, scene: Scene,
                pictures: Bool = false) throws(SceneError) {
        var shots: [TimelinePage.Frame] = []
        let driver = try EngineDriver(scene: scene, device: device, recordingTranscript: true)
        self.engine = pictures
            ? Self.run(driver, frames: frames, labels: scene.pictureLabels) { shots.append($0) }
            : Self.run(driver, frames: frames)
        self.pictures = shots
    }

    /// Replays `frames` through `driver` (its engine made for the frames'
    /// device, at rest) as fast as possible, without pictures, and returns
    /// the engine finished.
    /// - Complexity: O(frames) engine steps.
    public static func run<Frames: Sequence<EventFrame>>(_ driver: EngineDriver, frames: Frames) -> Engine {
        var driver = driver
        for frame in frames { driver.handle(frame) }
        driver.finish()
        return driver.engine
    }

    /// Replays the frames of several devices (`DeviceFrame.merged(_:)`
    /// puts several traces in one time order) through `driver`, whose
    /// engine has every device the frames name (``/Gripper/Engine/attach(_:)``), as
    /// fast as possible, and returns the engine finished.
    /// - Complexity: O(total frames) plus the engine's work.
    public static func run<Frames: Sequence<DeviceFrame>>(_ driver: EngineDriver, frames: Frames) -> Engine {
        var driver = driver
        for input in frames { driver.handle(input) }
        driver.finish()
        return driver.engine
    }

    /// Replays `frames` through `driver` (its engine made for the frames'
    /// device, at rest) and returns the engine finished, handing each
    /// picture, with the words of `labels`, to `picture` as soon as it is
    /// drawn and keeping none: the way to picture a long run
    /// or a large scene in bounded memory (``pictures`` holds them all).
    /// The pictures' SVG ids are `p0`,
    /// `p1` … in order, so they can share one page. An error from `picture`
    /// stops the replay and is rethrown.
    /// - Complexity: O(frames) engine steps, plus O(k) per picture for the
    ///   k elements in the viewport.
    public static func run<Frames: Sequence<EventFrame>, E: Error>(
        _ driver: EngineDriver, frames: Frames, labels: PictureLabels,
        picture: (TimelinePage.Frame) throws(E) -> Void
    ) throws(E) -> Engine {
        try run(driver, frames: frames.lazy.map { DeviceFrame($0) }, labels: labels, picture: picture)
    }

    /// The replay with pictures, for the frames of several devices (tagged
    /// with their device, in one time order; the driver's engine has every
    /// device they name).
    public static func run<Frames: Sequence<DeviceFrame>, E: Error>(
        _ driver: EngineDriver, frames: Frames, labels: PictureLabels,
        picture: (TimelinePage.Frame) throws(E) -> Void
    ) throws(E) -> Engine {
        var driver = driver
        var count = 0
        var seen = 0
        // Transitions made since the last picture (an engine made with
        // `makingTransitions: true` makes them): the next picture's.
        var transitions: [EngineTransition] = []
        func shoot(_ engine: Engine, caption: String? = nil) throws(E) {
            // What the engine produced since the last picture, recorded in
            // its transcript or not.
            let worthy = engine.lastPictured.flatMap { $0.index >= seen ? $0.entry : nil }
            seen = engine.entriesProduced
            guard caption != nil || worthy != nil else { return }
            let snapshot = engine.snapshot(labels: labels)
            let text = caption ?? worthy.map { $0.event.name + " " + $0.event.textDetail } ?? ""
            let svg = SnapshotRenderer.svg(snapshot, id: "p\(count)")
            count += 1
            try picture(TimelinePage.Frame(offset: snapshot.offset, caption: text, svg: svg, transitions: transitions))
            transitions.removeAll()
        }
        var started = false
        for input in frames {
            let frame = input.frame
            if !started {
                started = true
                driver.fire(until: frame.time) // sets nothing before the first frame; keeps the start picture at rest
                try shoot(driver.engine, caption: "start")
            }
            // What falls due before the frame, one step (and picture) at a time.
            while driver.fireNext(until: frame.time) != nil {
                if driver.engine.makesTransitions {
                    _ = driver.engine.takeOutbox()
                    transitions += driver.engine.takeTransitions()
                }
                try shoot(driver.engine)
            }
            driver.handle(input)
            transitions += driver.engine.takeTransitions()
            try shoot(driver.engine)
        }
        var failure: E?
        driver.finish { e in
            guard failure == nil else { return }
            do throws(E) { try shoot(e) } catch { failure = error }
        }
        if let failure { throw failure }
        // What the end of input changed, as one transition into the last picture.
        if driver.engine.makesTransitions {
            _ = driver.engine.takeOutbox()
            transitions += driver.engine.takeTransitions()
        }
        try shoot(driver.engine, caption: "end")
        return driver.engine
    }

    /// Replays `frames` through `driver` (its engine made for the frames'
    /// device, at rest) at the trace's own pace and returns the engine
    /// finished. Before each
    /// step — a deadline due before the next frame, or the frame — `wait`
    /// gets the time the step is due, in microseconds from the first frame
    /// on the caller's clock, and returns once it has come (the caller
    /// sleeps; a test records the times instead). A gap longer than
    /// `maxGap` is waited as `maxGap` (see ``RealtimePacer``), and `capped`
    /// hears of it before the step. `step` gets the entries each step made
    /// and the engine after it, and once more after `EngineDriver/finish()`
    /// (which is not paced); a caller that prints them as they come needs
    /// no transcript kept. The entries are an unpaced replay's.
    /// - Complexity: as ``run(_:frames:)-5jnim``.
    public static func paced<Frames: Sequence<EventFrame>>(
        _ driver: EngineDriver, frames: Frames, maxGap: Duration,
        wait: (Int64) -> Void, capped: (RealtimePacer.CappedGap) -> Void,
        step: (_ entries: [Transcript.Entry], _ engine: Engine) -> Void
    ) -> Engine {
        paced(driver, frames: frames.lazy.map { DeviceFrame($0) }, maxGap: maxGap, wait: wait, capped: capped, step: step)
    }

    /// The paced replay, for the frames of several devices (tagged with
    /// their device, in one time order; the driver's engine has every device
    /// they name).
    public static func paced<Frames: Sequence<DeviceFrame>>(
        _ driver: EngineDriver, frames: Frames, maxGap: Duration,
        wait: (Int64) -> Void, capped: (RealtimePacer.CappedGap) -> Void,
        step: (_ entries: [Transcript.Entry], _ engine: Engine) -> Void
    ) -> Engine {
        var driver = driver
        var pacer = RealtimePacer(maxGap: maxGap)
        func pace(_ time: EventTime) {
            let (due, gap) = pacer.step(at: time)
            if let gap { capped(gap) }
            wait(due)
        }
        for input in frames {
            let frame = input.frame
            while let d = driver.nextDeadline, d < frame.time {
                pace(d)
                let entries = driver.fire(until: d)
                step(entries, driver.engine)
            }
            pace(frame.time)
            let entries = driver.handle(input)
            step(entries, driver.engine)
        }
        let entries = driver.finish()
        step(entries, driver.engine)
        return driver.engine
    }

    /// Replays a whole trace.
    public init(trace: Trace, scene: Scene, pictures: Bool = false) throws(SceneError) {
        try self.init(frames: trace.frames, device: trace.device, scene: scene, pictures: pictures)
    }

    /// Replays several devices' traces together on `scene`: the engine's
    /// first device is the first trace's, the others are attached in order
    /// (``/Gripper/Engine/attach(_:)``), and their frames are merged in time order
    /// (`DeviceFrame.merged(_:)`), as a live session with those devices
    /// would have handed them in. The traces' times must be on one clock (as
    /// a recording of one session's devices writes them). An empty list is
    /// a programming error.
    /// - Throws: `SceneError` when the scene's model or layout is invalid.
    public init(traces: [Trace], scene: Scene, pictures: Bool = false) throws(SceneError) {
        precondition(!traces.isEmpty, "a replay needs at least one trace")
        var shots: [TimelinePage.Frame] = []
        var driver = try EngineDriver(scene: scene, device: traces[0].device, recordingTranscript: true)
        for trace in traces.dropFirst() { _ = driver.engine.attach(trace.device) }
        let frames = DeviceFrame.merged(traces.map(\.frames))
        self.engine = pictures
            ? Self.run(driver, frames: frames, labels: scene.pictureLabels) { shots.append($0) }
            : Self.run(driver, frames: frames)
        self.pictures = shots
    }
}
