// A change to this machine changes its diagram in Documentation/Gestures.md (Tap) too.
import GripperGeometry
import GripperInput

/// The tap recognizer of one contact at a time, with tap counting.
///
/// A press that lifts without having failed — it did not move past the
/// slop, no long-press began, no extra contact came (the arena reports each
/// of these as ``fail()``) — is a tap, however long it was held: as in
/// UIKit, where a cell is selected on touch-up when the touch did not move
/// and no long-press fired, and Android, where a press that ends before the
/// long-press timeout is a click.
///
/// The maximum tap duration only decides whether the press can count
/// towards a multi-tap. A *quick* press, lifted before it, is recognized at
/// the lift with a maximum count of 1; with more, it waits up to the
/// double-tap interval for another quick press near it, and is recognized
/// with its count when the count reaches the maximum, when the wait runs
/// out, or when the following press cannot continue it. A *held* press, one
/// still down at the maximum tap duration, cannot continue a count (the tap
/// it would have continued is recognized then) and does not start one: it
/// is recognized at its lift with count 1, without waiting (Android's
/// `GestureDetector` likewise confirms a single tap at the lift of a press
/// held past its double-tap timeout, and does not pair it with the next).
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

    /// A press still down at the maximum tap duration: a tap of count 1 if
    /// it lifts before it fails.
    struct Held: Hashable, Sendable {
        var contactID: Int
        var down: GestureSample
        var isPointer: Bool
    }

    enum State: Hashable, Sendable {
        /// No press, no tap waiting.
        case idle
        /// A press is down and may become a tap that counts.
        case pressed(Press)
        /// A press is down past the maximum tap duration: it may still become
        /// a tap, of count 1, at its lift. No deadline.
        case held(Held)
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
        /// Report two taps as recognized, in this order: the earlier tap a
        /// held press would have continued, then the held press's own.
        case recognizeBoth(Tap, then: Tap)
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
        case .idle, .held, .failed: return nil
        case .pressed(let p): return p.down.time.addingSaturating(maximumDuration)
        case .waiting(_, let deadline): return deadline
        }
    }

    /// Whether the machine follows a press (pressed, held, or failed and waiting for its lift).
    var followsPress: Bool {
        switch state {
        case .pressed, .held, .failed: return true
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
        case .pressed, .held, .failed:
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
        case .held:
            state = .failed
            return .fail
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
        case .idle, .pressed, .held, .failed:
            return .none
        }
    }

    /// The followed contact lifted. A press lifted at or after its
    /// ``deadline`` is held (the arena fires the deadline first; if it was
    /// not, the lift does both).
    /// - Complexity: O(1).
    mutating func touchUp(sample: GestureSample) -> Action {
        switch state {
        case .pressed(let p):
            guard sample.time < p.down.time.addingSaturating(maximumDuration) else {
                // The deadline was not fired first (a caller that skipped
                // it): the press is held, so a tap of its own, and the tap
                // it would have continued comes first.
                state = .idle
                let held = Tap(contactID: p.contactID, location: p.down.location, millimetres: p.down.millimetres,
                               count: 1, lift: sample.time, isPointer: p.isPointer)
                return p.pending.map { .recognizeBoth($0, then: held) } ?? .recognize(held)
            }
            let tap = Tap(contactID: p.contactID, location: p.down.location, millimetres: p.down.millimetres,
                          count: p.count, lift: sample.time, isPointer: p.isPointer)
            if p.count >= maximumCount {
                state = .idle
                return .recognize(tap)
            }
            state = .waiting(tap, deadline: sample.time.addingSaturating(interval))
            return .none
        case .held(let h):
            state = .idle
            return .recognize(Tap(contactID: h.contactID, location: h.down.location, millimetres: h.down.millimetres,
                                  count: 1, lift: sample.time, isPointer: h.isPointer))
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
            state = .held(Held(contactID: p.contactID, down: p.down, isPointer: p.isPointer))
            return p.pending.map { .recognize($0) } ?? .none
        case .waiting(let tap, let deadline):
            guard time >= deadline else { return .none }
            state = .idle
            return .recognize(tap)
        case .idle, .held, .failed:
            return .none
        }
    }

    /// Cancelled from outside: a press fails (and waits for its lift), a
    /// waiting tap is dropped unreported.
    /// - Complexity: O(1).
    mutating func cancel() -> Action {
        switch state {
        case .pressed, .held:
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
        case .pressed, .held, .failed: state = .idle
        case .idle, .waiting: break
        }
    }
}
