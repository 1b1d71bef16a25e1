import Gripper
import GripperPictures

/// The reference embedding's drawing step: the engine's snapshot, animated
/// by its transitions, drawn by a ``SceneRenderer``. Each frame: hand it the
/// transitions taken from the engine since the last frame and the time to
/// draw (event-time microseconds since the engine's origin: a replay's
/// playback time, a live session's now); it draws the snapshot with every
/// running transition interpolated to that time. It reads the engine only
/// through its public API (`snapshot`, `takeTransitions`) and adds no
/// geometry beyond interpolation.
public final class ScenePainter {
    /// The renderer drawn into.
    public let renderer: SceneRenderer
    /// The words of the pictures.
    public let labels: PictureLabels
    private var player = TransitionPlayer()
    /// The drawing of the last frame painted (for tests and screenshots'
    /// attributes).
    public private(set) var lastSnapshot: EngineSnapshot?

    /// A painter into `renderer` with `labels`.
    public init(renderer: SceneRenderer, labels: PictureLabels) {
        self.renderer = renderer
        self.labels = labels
    }

    /// Whether a transition is still running at `time` (a caller that
    /// draws only on change keeps drawing until it ends).
    public func isAnimating(at time: Int64) -> Bool { player.isAnimating(at: time) }

    /// Starts `transitions` (taken from the engine) at their own times.
    public func add(_ transitions: [EngineTransition]) { player.add(transitions) }

    /// Draws `engine` at `time`, the status bar's left text `status` (nil:
    /// the snapshot's time and state).
    /// - Complexity: O(k) for the k elements in the viewport, plus the
    ///   changes of the running transitions.
    public func paint(_ engine: Engine, at time: Int64, status: String? = nil) {
        player.prune(at: time)
        let snapshot = engine.snapshot(labels: labels)
        let (motion, leaving) = player.frame(at: time, for: snapshot)
        renderer.draw(SceneDrawing(snapshot, motion: motion, leaving: leaving, status: status))
        lastSnapshot = snapshot
    }
}
