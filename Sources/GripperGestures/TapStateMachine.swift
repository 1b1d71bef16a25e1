// A change to this machine changes its diagram in Documentation/Gestures.md (Tap) too.
import GripperGeometry
import GripperInput

/// The tap recognizer of one contact at a time, with tap counting.
///
/// A press lifted before the maximum tap duration, without moving past the
/// slop (the arena reports that as ``fail()``), is a tap. With a maximum
/// count of 1 it is recognized at the lift; with more, it waits up to the
/// double-tap interval for another press near it, and is recognized with
/// its count when the count reaches the maximum, when the wait runs out,
/// or when the following press cannot be a tap.
struct TapStateMachine: Sendable {
    /// A recognized (or waiting) tap.
    struct Tap: Hashable, Sendable {
        var contactID: Int
        /// Where the last press of the tap went down.
        var location: Point
        /// The same in millimetres.
        var millimetres: Point
        /// 1 for a single tap, 2 for a double tap …
        var count: Int
        /// When the last press lifted.
        var lift: EventTime
        var isPointer: Bool
    }

    /// A press that may become a tap.
    struct Press: Hashable, Sendable {
        var contactID: Int
        var down: GestureSample
        /// The count this press makes if it is a tap.
        var count: Int
        /// The earlier tap that this press would continue, still unreported.
        var pending: Tap?
        var isPointer: Bool
    }

    enum State: Hashable, Sendable {
        /// No press, no tap waiting.
        case idle
        /// A press is down and may become a tap.
        case pressed(Press)
        /// A tap has lifted and waits for the next press until `deadline`.
        case waiting(Tap, deadline: EventTime)
        /// The press down cannot be a tap; waiting for its lift.
        case failed
    }

    /// What the arena must report.
    enum Action: Hashable, Sendable {
        case none
        /// Report the tap as recognized.
        case recognize(Tap)
        /// Report the press as failed.
        case fail
        /// Report the press as failed and the earlier tap it would have continued as recognized.
        case failAndRecognize(Tap)
    }

    private var state: State = .idle
    let maximumDuration: Duration
    let maximumCount: Int
    let interval: Duration
    let slopMillimetres: Double

    init(configuration c: GestureConfiguration) {
        maximumDuration = c.maximumTapDuration
        maximumCount = max(1, c.maximumTapCount)
        interval = c.doubleTapInterval
        slopMillimetres = c.doubleTapSlopMillimetres
    }

    /// When the machine next needs ``deadlineFired(at:)``.
    var deadline: EventTime? {
        switch state {
        case .idle, .failed: return nil
        case .pressed(let p): return p.down.time.addingSaturating(maximumDuration)
        case .waiting(_, let deadline): return deadline
        }
    }

    /// Whether the machine follows a press (pressed or failed, waiting for its lift).
    var followsPress: Bool {
        switch state {
        case .pressed, .failed: return true
        case .idle, .waiting: return false
        }
    }

    /// A contact went down (the arena's primary).
    /// - Complexity: O(1).
    mutating func touchDown(contactID: Int, sample: GestureSample, isPointer: Bool) -> Action {
        switch state {
        case .idle:
            state = .pressed(Press(contactID: contactID, down: sample, count: 1, pending: nil, isPointer: isPointer))
            return .none
        case .waiting(let tap, let deadline):
            if sample.time < deadline, tap.isPointer == isPointer,
               sample.millimetres.distance(to: tap.millimetres) <= slopMillimetres {
                state = .pressed(Press(contactID: contactID, down: sample, count: tap.count + 1, pending: tap, isPointer: isPointer))
                return .none
            }
            state = .pressed(Press(contactID: contactID, down: sample, count: 1, pending: nil, isPointer: isPointer))
            return .recognize(tap)
        case .pressed, .failed:
            // Impossible: the arena follows one press at a time. Ignored.
            return .none
        }
    }

    /// The press cannot be a tap (moved past the slop, long-press began, extra contact).
    /// - Complexity: O(1).
    mutating func fail() -> Action {
        switch state {
        case .pressed(let p):
            state = .failed
            return p.pending.map { .failAndRecognize($0) } ?? .fail
        case .idle, .waiting, .failed:
            return .none
        }
    }

    /// A new sequence that cannot be a tap started (several contacts at
    /// once): a waiting tap is recognized now.
    /// - Complexity: O(1).
    mutating func interrupt() -> Action {
        switch state {
        case .waiting(let tap, _):
            state = .idle
            return .recognize(tap)
        case .idle, .pressed, .failed:
            return .none
        }
    }

    /// The followed contact lifted.
    /// - Complexity: O(1).
    mutating func touchUp(sample: GestureSample) -> Action {
        switch state {
        case .pressed(let p):
            guard sample.time < p.down.time.addingSaturating(maximumDuration) else {
                state = .idle
                return p.pending.map { .failAndRecognize($0) } ?? .fail
            }
            let tap = Tap(contactID: p.contactID, location: p.down.location, millimetres: p.down.millimetres,
                          count: p.count, lift: sample.time, isPointer: p.isPointer)
            if p.count >= maximumCount {
                state = .idle
                return .recognize(tap)
            }
            state = .waiting(tap, deadline: sample.time.addingSaturating(interval))
            return .none
        case .failed:
            state = .idle
            return .none
        case .idle, .waiting:
            return .none
        }
    }

    /// Time reached `time` (at or after ``deadline``).
    /// - Complexity: O(1).
    mutating func deadlineFired(at time: EventTime) -> Action {
        switch state {
        case .pressed(let p):
            guard time >= p.down.time.addingSaturating(maximumDuration) else { return .none }
            state = .failed
            return p.pending.map { .failAndRecognize($0) } ?? .fail
        case .waiting(let tap, let deadline):
            guard time >= deadline else { return .none }
            state = .idle
            return .recognize(tap)
        case .idle, .failed:
            return .none
        }
    }

    /// Cancelled from outside: a press fails (and waits for its lift), a
    /// waiting tap is dropped unreported.
    /// - Complexity: O(1).
    mutating func cancel() -> Action {
        switch state {
        case .pressed:
            state = .failed
            return .fail
        case .waiting:
            state = .idle
            return .fail
        case .idle, .failed:
            return .none
        }
    }

    /// Forgets a press whose lift will never come (the arena stopped
    /// following it); a waiting tap stays.
    /// - Complexity: O(1).
    mutating func abandonPress() {
        switch state {
        case .pressed, .failed: state = .idle
        case .idle, .waiting: break
        }
    }
}
