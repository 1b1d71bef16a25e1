// A change to this machine changes its diagram in Documentation/Gestures.md (Long-press) too.
import GripperInput

/// The long-press recognizer: a press held within the slop until the
/// long-press deadline begins; it then follows the contact wherever it
/// moves (that is how a drag starts) until it lifts.
struct LongPressStateMachine: Sendable {
    enum State: Hashable, Sendable {
        /// No press followed.
        case idle
        /// A press is down; it begins at `deadline` unless it fails first.
        case pending(deadline: EventTime)
        /// The long-press began and follows the contact.
        case active
        /// This press cannot be (or stopped being) a long-press; waiting for its lift.
        case failed
    }

    /// What the arena must report.
    enum Action: Hashable, Sendable {
        case none, began, changed, ended, cancelled, failed
    }

    private var state: State = .idle
    let duration: Duration

    init(configuration c: GestureConfiguration) {
        duration = c.longPressDuration
    }

    /// When the machine next needs ``deadlineFired(at:)``.
    var deadline: EventTime? {
        switch state {
        case .pending(let deadline): return deadline
        case .idle, .active, .failed: return nil
        }
    }

    /// Whether a long-press is in progress.
    var isActive: Bool {
        switch state {
        case .active: return true
        case .idle, .pending, .failed: return false
        }
    }

    /// Whether the machine follows no press.
    var isIdle: Bool {
        if case .idle = state { return true }
        return false
    }

    /// The followed contact went down.
    /// - Complexity: O(1).
    mutating func touchDown(at time: EventTime) -> Action {
        switch state {
        case .idle:
            state = .pending(deadline: time.addingSaturating(duration))
        case .pending, .active, .failed:
            break // Impossible: one press at a time. Ignored.
        }
        return .none
    }

    /// Time reached `time`.
    /// - Complexity: O(1).
    mutating func deadlineFired(at time: EventTime) -> Action {
        switch state {
        case .pending(let deadline):
            guard time >= deadline else { return .none }
            state = .active
            return .began
        case .idle, .active, .failed:
            return .none
        }
    }

    /// The press moved past the slop before the deadline, or an extra contact came.
    /// - Complexity: O(1).
    mutating func fail() -> Action {
        switch state {
        case .pending:
            state = .failed
            return .failed
        case .idle, .active, .failed:
            return .none
        }
    }

    /// The followed contact moved.
    /// - Complexity: O(1).
    mutating func touchMoved() -> Action {
        switch state {
        case .active: return .changed
        case .idle, .pending, .failed: return .none
        }
    }

    /// The followed contact lifted.
    /// - Complexity: O(1).
    mutating func touchUp() -> Action {
        switch state {
        case .pending:
            state = .idle
            return .failed
        case .active:
            state = .idle
            return .ended
        case .failed:
            state = .idle
            return .none
        case .idle:
            return .none
        }
    }

    /// Cancelled from outside (or by the contact's cancellation).
    /// - Complexity: O(1).
    mutating func cancel() -> Action {
        switch state {
        case .pending:
            state = .failed
            return .failed
        case .active:
            state = .failed
            return .cancelled
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
