import Gripper
import GripperGeometry
import GripperInput
import GripperLayout

/// Plays the engine's transitions for a raster renderer: given the
/// transitions taken from the engine (``/Gripper/Engine/takeTransitions()``) and a
/// time, how far each moving element still is from where the snapshot has
/// it, and which leaving elements are still fading. Interpolation only:
/// `initial` to `final` by the transition's curve at the elapsed fraction
/// of its duration; no geometry of its own. Time is an input (event-time
/// microseconds since the engine's origin, the transitions' own clock), so
/// a replay's frames come out the same run to run. The snapshot is always
/// the engine's state after the change; an element a transition moves is
/// drawn displaced back towards where it was by `(initial − final) × (1 −
/// progress)`. Memory: at most ``capacity`` transitions; finished ones are
/// dropped as time passes.
///
/// Transitions are in the layout's scroll space; the player maps them
/// onto the screen with the snapshot's orientation (a horizontal layout's
/// frames transposed, a right-to-left one's mirrored), the way the
/// snapshot maps its attributes, so every orientation animates alike.
public struct TransitionPlayer: Sendable {
    private struct Running: Sendable {
        var start: Int64
        var length: Int64
        var curve: TimingCurve
        var changes: [LayoutTransition.Change]
        var leaving: [LayoutTransition.Change]
    }

    /// The most transitions animated at once (the oldest are dropped first).
    public static let capacity = 32
    private var running: [Running] = []

    /// A player with nothing to play.
    public init() {}

    /// Whether anything is still animating at `time`.
    public func isAnimating(at time: Int64) -> Bool {
        running.contains { time < $0.start &+ $0.length }
    }

    /// Starts `transitions`, each at its own time. Transitions that move
    /// nothing (an animated scroll: the snapshot's offset already moves) are
    /// left out.
    /// - Complexity: O(changes).
    public mutating func add(_ transitions: [EngineTransition]) {
        for t in transitions {
            let moving = (t.layout.moving + t.layout.appearing).filter {
                !$0.final.kind.isDecoration && ($0.initial.frame != $0.final.frame || $0.initial.alpha != $0.final.alpha)
            }
            let leaving = t.layout.disappearing.filter { !$0.initial.kind.isDecoration }
            guard !moving.isEmpty || !leaving.isEmpty else { continue }
            let c = t.duration.components
            let micros = c.seconds.multipliedReportingOverflow(by: 1_000_000)
            let length = micros.overflow ? Int64.max : micros.partialValue &+ c.attoseconds / 1_000_000_000_000
            running.append(Running(start: t.time.microseconds, length: max(0, length), curve: t.curve,
                                   changes: moving, leaving: leaving))
        }
        if running.count > Self.capacity { running.removeFirst(running.count - Self.capacity) }
    }

    /// Forgets what has finished by `time`.
    /// - Complexity: O(running transitions).
    public mutating func prune(at time: Int64) {
        running.removeAll { time >= $0.start &+ $0.length || $0.length <= 0 }
    }

    /// Forgets everything (a jump in time).
    public mutating func reset() { running.removeAll() }

    /// The displacement of each element still moving at `time`, and the
    /// leaving elements still fading (their attributes interpolated, their
    /// alpha the fade), on the screen of `snapshot` (its orientation, content
    /// length and viewport map the transitions' scroll-space frames, as the
    /// snapshot maps its own attributes).
    /// - Complexity: O(changes of the running transitions).
    public func frame(at time: Int64, for snapshot: EngineSnapshot)
        -> (motion: [ElementID: SceneDrawing.Motion], leaving: [LayoutAttributes]) {
        let o = snapshot.orientation
        let screen = o.scrollSize(snapshot.viewport)
        let contentLength = o.axis == .horizontal ? snapshot.contentSize.width : snapshot.contentSize.height
        let edge: LayoutAttributes.ControlEdge = o.axis == .horizontal ? .top
            : (o.direction == .rightToLeft ? .right : .left)
        let map = { (r: Rect) in o.screenRect(r, contentLength: contentLength, crossLength: screen.width) }
        return frame(at: time, orientation: o, map: map, edge: edge)
    }

    /// ``frame(at:for:)`` for a vertical left-to-right layout (scroll space
    /// is the screen).
    /// - Complexity: O(changes of the running transitions).
    public func frame(at time: Int64) -> (motion: [ElementID: SceneDrawing.Motion], leaving: [LayoutAttributes]) {
        frame(at: time, orientation: .standard, map: { $0 }, edge: .left)
    }

    private func frame(at time: Int64, orientation: LayoutOrientation, map: (Rect) -> Rect,
                       edge: LayoutAttributes.ControlEdge)
        -> (motion: [ElementID: SceneDrawing.Motion], leaving: [LayoutAttributes]) {
        var motion: [ElementID: SceneDrawing.Motion] = [:]
        var leaving: [LayoutAttributes] = []
        let mapped = !orientation.isIdentity
        for r in running {
            let elapsed = time.subtractingReportingOverflow(r.start)
            guard !elapsed.overflow, elapsed.partialValue >= 0, elapsed.partialValue < r.length else { continue }
            let p = r.curve.value(at: Double(elapsed.partialValue) / Double(r.length))
            let back = 1 - p
            for c in r.changes {
                // The displacement on the screen: both frames mapped alike.
                let initial = mapped ? map(c.initial.frame) : c.initial.frame
                let final = mapped ? map(c.final.frame) : c.final.frame
                var m = motion[c.final.id] ?? SceneDrawing.Motion()
                m.dx += (initial.minX - final.minX) * back
                m.dy += (initial.minY - final.minY) * back
                m.dw += (initial.width - final.width) * back
                m.dh += (initial.height - final.height) * back
                m.alpha *= c.initial.alpha + (c.final.alpha - c.initial.alpha) * p
                motion[c.final.id] = m
            }
            for c in r.leaving {
                var a = c.initial
                a.frame = Rect(x: c.initial.frame.minX + (c.final.frame.minX - c.initial.frame.minX) * p,
                               y: c.initial.frame.minY + (c.final.frame.minY - c.initial.frame.minY) * p,
                               width: c.initial.frame.width, height: c.initial.frame.height)
                a.alpha = c.initial.alpha * back + c.final.alpha * p
                if mapped { a = a.mapped(map, leadingControlsAt: edge) }
                leaving.append(a)
            }
        }
        return (motion, leaving)
    }
}
