/// A moment on an input stream's clock, in microseconds, as evdev stamps
/// events (`struct timeval`). Traces may start near zero or at an epoch time;
/// nothing in Gripper reads a wall clock, so the origin does not matter.
public struct EventTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Microseconds since the stream clock's origin. May be negative only for
    /// times derived by subtraction.
    public var microseconds: Int64

    /// Creates a time from microseconds.
    public init(microseconds: Int64) {
        self.microseconds = microseconds
    }

    /// Creates a time from a `timeval`-like pair.
    public init(seconds: Int64, microseconds: Int64) {
        self.microseconds = seconds * 1_000_000 + microseconds
    }

    /// The zero time.
    public static let zero = EventTime(microseconds: 0)

    /// A time `ms` milliseconds after the origin.
    public static func milliseconds(_ ms: Int64) -> EventTime { EventTime(microseconds: ms * 1000) }

    /// The whole seconds (for `timeval.tv_sec`), rounded towards negative infinity.
    public var wholeSeconds: Int64 {
        microseconds >= 0 ? microseconds / 1_000_000 : -((-microseconds + 999_999) / 1_000_000)
    }

    /// The microseconds within the second (for `timeval.tv_usec`), 0..<1_000_000.
    public var microsecondsOfSecond: Int64 { microseconds - wholeSeconds * 1_000_000 }

    /// The time in seconds, as a floating-point number.
    public var seconds: Double { Double(microseconds) / 1_000_000 }

    /// Whether `a` is earlier than `b`.
    public static func < (a: EventTime, b: EventTime) -> Bool { a.microseconds < b.microseconds }

    /// The time `d` later.
    public static func + (t: EventTime, d: Duration) -> EventTime {
        EventTime(microseconds: t.microseconds + d.microsecondsRounded)
    }

    /// The time `d` earlier.
    public static func - (t: EventTime, d: Duration) -> EventTime {
        EventTime(microseconds: t.microseconds - d.microsecondsRounded)
    }

    /// The duration from `b` to `a`.
    public static func - (a: EventTime, b: EventTime) -> Duration {
        .microseconds(a.microseconds - b.microseconds)
    }

    /// `sec.usec` with six digits after the point, as evemu writes times.
    public var description: String {
        let us = microsecondsOfSecond
        let frac = String(us)
        return "\(wholeSeconds)." + String(repeating: "0", count: 6 - frac.count) + frac
    }
}

extension Duration {
    /// The duration in whole microseconds, rounded to nearest.
    public var microsecondsRounded: Int64 {
        let (s, atto) = components
        return s * 1_000_000 + (atto + (atto >= 0 ? 500_000_000_000 : -500_000_000_000)) / 1_000_000_000_000
    }

    /// The duration in seconds, as a floating-point number.
    public var secondsDouble: Double {
        let (s, atto) = components
        return Double(s) + Double(atto) / 1e18
    }
}
