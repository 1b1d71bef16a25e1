// A change to this machine changes its diagram in Documentation/Gestures.md (Pan) too.
import GripperGeometry

/// The pan recognizer: a press that moves past the slop before the
/// long-press deadline begins a pan along the axis it mostly moved on, then
/// follows the contact until it lifts.
struct PanStateMachine: Sendable {
    enum State: Hashable, Sendable {
        /// No press followed.
        case idle
        /// A press is down within the slop.
        case possible
        /// The pan began along `axis`.
        case active(axis: PanAxis)
        /// This press cannot be (or stopped being) a pan; waiting for its lift.
        case failed
    }

    /// What the arena must report.
    enum Action: Hashable, Sendable {
        case none
        case began(PanAxis)
        case changed(PanAxis)
        case ended(PanAxis)
        case cancelled(PanAxis)
    }

    private var state: State = .idle

    /// Whether a pan is in progress.
    var isActive: Bool {
        switch state {
        case .active: return true
        case .idle, .possible, .failed: return false
        }
    }

    /// Whether the machine follows no press.
    var isIdle: Bool {
        if case .idle = state { return true }
        return false
    }

    /// The followed contact went down.
    /// - Complexity: O(1).
    mutating func touchDown() -> Action {
        switch state {
        case .idle: state = .possible
        case .possible, .active, .failed: break // Impossible: one press at a time. Ignored.
        }
        return .none
    }

    /// The contact moved past the slop; `translation` is its displacement
    /// from where it went down.
    /// - Complexity: O(1).
    mutating func slopCrossed(translation: Point) -> Action {
        switch state {
        case .possible:
            let axis: PanAxis = abs(translation.x) > abs(translation.y) ? .horizontal : .vertical
            state = .active(axis: axis)
            return .began(axis)
        case .idle, .active, .failed:
            return .none
        }
    }

    /// The followed contact moved.
    /// - Complexity: O(1).
    mutating func touchMoved() -> Action {
        switch state {
        case .active(let axis): return .changed(axis)
        case .idle, .possible, .failed: return .none
        }
    }

    /// The long-press won, or an extra contact came before the slop.
    /// - Complexity: O(1).
    mutating func fail() -> Action {
        switch state {
        case .possible: state = .failed
        case .idle, .active, .failed: break
        }
        return .none
    }

    /// The followed contact lifted.
    /// - Complexity: O(1).
    mutating func touchUp() -> Action {
        switch state {
        case .active(let axis):
            state = .idle
            return .ended(axis)
        case .possible, .failed:
            state = .idle
            return .none
        case .idle:
            return .none
        }
    }

    /// Cancelled from outside, by an extra contact, or by the contact's cancellation.
    /// - Complexity: O(1).
    mutating func cancel() -> Action {
        switch state {
        case .active(let axis):
            state = .failed
            return .cancelled(axis)
        case .possible:
            state = .failed
            return .none
        case .idle, .failed:
            return .none
        }
    }

    /// Forgets the press (the arena stopped following it).
    /// - Complexity: O(1).
    mutating func reset() {
        state = .idle
    }
}
