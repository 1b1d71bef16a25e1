// A change to this machine changes its diagram in Documentation/Gestures.md (Swipe) too.
import GripperGeometry
#if canImport(Glibc)
import Glibc // tan() only: math, no I/O
#elseif canImport(Darwin)
import Darwin
#endif

/// The swipe recognizer: decided at the lift from the whole press. A swipe
/// went at least the minimum distance along one axis, within the maximum
/// angle of it, at least at the minimum average speed; a long-press, an
/// extra contact or a cancellation fails it.
struct SwipeStateMachine: Sendable {
    enum State: Hashable, Sendable {
        /// No press followed.
        case idle
        /// A press is down; it is decided at its lift.
        case possible
        /// This press cannot be a swipe; waiting for its lift.
        case failed
    }

    /// What the arena must report.
    enum Action: Hashable, Sendable {
        case none
        case recognized(SwipeDirection)
        case failed
    }

    private var state: State = .idle
    let minimumDistance: Double
    let minimumSpeed: Double
    /// tan of the maximum angle.
    let maximumSlope: Double

    init(configuration c: GestureConfiguration) {
        minimumDistance = c.swipeMinimumDistanceMillimetres
        minimumSpeed = c.swipeMinimumSpeedMillimetresPerSecond
        maximumSlope = (c.swipeMaximumAngleDegrees * .pi / 180).tanClamped
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
        case .possible, .failed: break // Impossible: one press at a time. Ignored.
        }
        return .none
    }

    /// A long-press began or an extra contact came.
    /// - Complexity: O(1).
    mutating func fail() -> Action {
        switch state {
        case .possible:
            state = .failed
            return .failed
        case .idle, .failed:
            return .none
        }
    }

    /// The followed contact lifted after moving by `translation` millimetres
    /// over `duration` since it went down.
    /// - Complexity: O(1).
    mutating func touchUp(translation: Point, duration: Duration) -> Action {
        switch state {
        case .possible:
            state = .idle
            guard let direction = Self.direction(of: translation, duration: duration, minimumDistance: minimumDistance,
                                                 minimumSpeed: minimumSpeed, maximumSlope: maximumSlope) else {
                return .failed
            }
            return .recognized(direction)
        case .failed:
            state = .idle
            return .none
        case .idle:
            return .none
        }
    }

    /// Cancelled from outside or by the contact's cancellation.
    /// - Complexity: O(1).
    mutating func cancel() -> Action { fail() }

    /// Forgets the press (the arena stopped following it).
    /// - Complexity: O(1).
    mutating func reset() {
        state = .idle
    }

    /// The swipe direction of a press, or nil when it is no swipe.
    static func direction(of t: Point, duration: Duration, minimumDistance: Double,
                          minimumSpeed: Double, maximumSlope: Double) -> SwipeDirection? {
        let horizontal = abs(t.x) > abs(t.y)
        let along = horizontal ? abs(t.x) : abs(t.y)
        let across = horizontal ? abs(t.y) : abs(t.x)
        let seconds = duration.secondsDouble
        guard along >= minimumDistance, across <= along * maximumSlope, seconds > 0,
              along / seconds >= minimumSpeed else { return nil }
        if horizontal { return t.x > 0 ? .right : .left }
        return t.y > 0 ? .down : .up
    }
}

extension Double {
    /// tan(self) for angles in [0, π/2), clamped there (so 90° or more allows any angle).
    fileprivate var tanClamped: Double {
        if self <= 0 { return 0 }
        if self >= .pi / 2 { return .infinity }
        return tan(self)
    }
}
