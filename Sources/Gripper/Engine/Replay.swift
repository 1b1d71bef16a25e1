import GripperInput

/// Runs a recorded trace through an ``Engine`` as fast as possible, taking a
/// picture at every state change and edit when asked. Pure: the trace is
/// already read, the pictures are strings.
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

    /// Replays `frames` of `device` on `scene`.
    /// - Throws: ``SceneError`` when the scene's model or layout is invalid.
    /// - Complexity: O(frames) engine steps, plus O(k) per picture.
    public init(frames: [EventFrame], device: DeviceDescription, scene: Scene,
                pictures: Bool = false) throws(SceneError) {
        var engine = try Engine(scene: scene, device: device, recordingTranscript: true)
        var shots: [TimelinePage.Frame] = []
        var seen = 0
        func shoot(_ engine: Engine, caption: String? = nil) {
            let entries = engine.transcript.entries
            let new = entries[seen...]
            seen = entries.count
            let worthy = new.last { Self.isWorthy($0.event) }
            guard caption != nil || worthy != nil else { return }
            let snapshot = engine.snapshot()
            let text = caption ?? worthy.map { $0.event.name + " " + $0.event.textDetail } ?? ""
            shots.append(TimelinePage.Frame(offset: snapshot.offset, caption: text,
                                            svg: SnapshotRenderer.svg(snapshot, id: "p\(shots.count)")))
        }
        if pictures, let first = frames.first {
            engine.fire(until: first.time) // sets nothing before the first frame; keeps the start picture at rest
            shoot(engine, caption: "start")
        }
        for frame in frames {
            if pictures {
                // What falls due before the frame, one step (and picture) at a time.
                while engine.fireNext(until: frame.time) != nil { shoot(engine) }
            }
            engine.handle(frame)
            if pictures { shoot(engine) }
        }
        if pictures {
            engine.finish { shoot($0) }
            shoot(engine, caption: "end")
        } else {
            engine.finish()
        }
        self.engine = engine
        self.pictures = shots
    }

    /// Replays a whole trace.
    public init(trace: Trace, scene: Scene, pictures: Bool = false) throws(SceneError) {
        try self.init(frames: trace.frames, device: trace.device, scene: scene, pictures: pictures)
    }

    private static func isWorthy(_ event: Transcript.Event) -> Bool {
        switch event {
        case .transition, .stimulus, .selection, .swipeOpened, .swipeShut, .deleteConfirmation,
             .deleteConfirmationCancelled, .gapMoved,
             .editing, .committed, .undone, .redone, .appBatch, .deviceLost, .dragCancelled:
            true
        case .gesture, .highlight, .scrolled, .swipeBegan, .dragBegan, .dragEnded, .rejected:
            false
        }
    }
}
