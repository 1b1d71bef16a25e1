import GripperInput

/// Runs a recorded trace through an ``Engine`` as fast as possible, taking a
/// picture at every state change and edit when asked — kept in
/// ``pictures``, or handed one by one to a caller that writes them as they
/// come (``run(_:frames:picture:)``). Pure: the trace is already read, the
/// pictures are strings.
public struct Replay: Sendable {
    /// The engine after the whole trace and ``Engine/finish()``.
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
    /// - Throws: ``SceneError`` when the scene's model or layout is invalid.
    /// - Complexity: O(frames) engine steps, plus O(k) per picture.
    public init(frames: [EventFrame], device: DeviceDescription, scene: Scene,
                pictures: Bool = false) throws(SceneError) {
        var shots: [TimelinePage.Frame] = []
        let engine = try Engine(scene: scene, device: device, recordingTranscript: true)
        self.engine = pictures ? Self.run(engine, frames: frames) { shots.append($0) } : Self.run(engine, frames: frames)
        self.pictures = shots
    }

    /// Replays `frames` through `engine` (made for the frames' device, at
    /// rest) as fast as possible, without pictures, and returns it finished.
    /// - Complexity: O(frames) engine steps.
    public static func run<Frames: Sequence<EventFrame>>(_ engine: Engine, frames: Frames) -> Engine {
        var engine = engine
        for frame in frames { engine.handle(frame) }
        engine.finish()
        return engine
    }

    /// Replays `frames` through `engine` (made for the frames' device, at
    /// rest) and returns it finished, handing each picture to `picture` as
    /// soon as it is drawn and keeping none: the way to picture a long run
    /// or a large scene in bounded memory (``pictures`` holds them all).
    /// The pictures' SVG ids are `p0`,
    /// `p1` … in order, so they can share one page. An error from `picture`
    /// stops the replay and is rethrown.
    /// - Complexity: O(frames) engine steps, plus O(k) per picture for the
    ///   k elements in the viewport.
    public static func run<Frames: Sequence<EventFrame>, E: Error>(
        _ engine: Engine, frames: Frames, picture: (TimelinePage.Frame) throws(E) -> Void
    ) throws(E) -> Engine {
        var engine = engine
        var count = 0
        var seen = 0
        func shoot(_ engine: Engine, caption: String? = nil) throws(E) {
            // What the engine produced since the last picture, recorded in
            // its transcript or not.
            let worthy = engine.lastPictured.flatMap { $0.index >= seen ? $0.entry : nil }
            seen = engine.entriesProduced
            guard caption != nil || worthy != nil else { return }
            let snapshot = engine.snapshot()
            let text = caption ?? worthy.map { $0.event.name + " " + $0.event.textDetail } ?? ""
            let svg = SnapshotRenderer.svg(snapshot, id: "p\(count)")
            count += 1
            try picture(TimelinePage.Frame(offset: snapshot.offset, caption: text, svg: svg))
        }
        var started = false
        for frame in frames {
            if !started {
                started = true
                engine.fire(until: frame.time) // sets nothing before the first frame; keeps the start picture at rest
                try shoot(engine, caption: "start")
            }
            // What falls due before the frame, one step (and picture) at a time.
            while engine.fireNext(until: frame.time) != nil { try shoot(engine) }
            engine.handle(frame)
            try shoot(engine)
        }
        var failure: E?
        engine.finish { e in
            guard failure == nil else { return }
            do throws(E) { try shoot(e) } catch { failure = error }
        }
        if let failure { throw failure }
        try shoot(engine, caption: "end")
        return engine
    }

    /// Replays `frames` through `engine` (made for the frames' device, at
    /// rest) at the trace's own pace and returns it finished. Before each
    /// step — a deadline due before the next frame, or the frame — `wait`
    /// gets the time the step is due, in microseconds from the first frame
    /// on the caller's clock, and returns once it has come (the caller
    /// sleeps; a test records the times instead). A gap longer than
    /// `maxGap` is waited as `maxGap` (see ``RealtimePacer``), and `capped`
    /// hears of it before the step. `step` gets the engine after each step,
    /// and once more after ``Engine/finish()`` (which is not paced). The
    /// transcript is the same as an unpaced replay's.
    /// - Complexity: as ``run(_:frames:)``.
    public static func paced<Frames: Sequence<EventFrame>>(
        _ engine: Engine, frames: Frames, maxGap: Duration,
        wait: (Int64) -> Void, capped: (RealtimePacer.CappedGap) -> Void, step: (Engine) -> Void
    ) -> Engine {
        var engine = engine
        var pacer = RealtimePacer(maxGap: maxGap)
        func pace(_ time: EventTime) {
            let (due, gap) = pacer.step(at: time)
            if let gap { capped(gap) }
            wait(due)
        }
        for frame in frames {
            while let d = engine.nextDeadline, d < frame.time {
                pace(d)
                engine.fire(until: d)
                step(engine)
            }
            pace(frame.time)
            engine.handle(frame)
            step(engine)
        }
        engine.finish()
        step(engine)
        return engine
    }

    /// Replays a whole trace.
    public init(trace: Trace, scene: Scene, pictures: Bool = false) throws(SceneError) {
        try self.init(frames: trace.frames, device: trace.device, scene: scene, pictures: pictures)
    }

    static func isWorthy(_ event: Transcript.Event) -> Bool {
        switch event {
        case .transition, .stimulus, .deviceLost: true
        case .gesture, .rejected, .dataSource: false
        case .effect(let effect):
            switch effect {
            case .selectionChanged, .swipeOpened, .swipeShut, .deleteConfirmationOpened, .deleteConfirmationCancelled,
                 .gapMoved, .editingChanged, .committed, .undone, .redone, .appBatchApplied, .dragCancelled:
                true
            case .highlight, .scrolled, .swipeBegan, .dragBegan, .dragEnded, .rejected, .scheduleTick:
                false
            }
        }
    }
}
