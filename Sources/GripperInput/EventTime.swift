/// A moment on an input stream's clock, in microseconds, as evdev stamps
/// events (`struct timeval`). Traces may start near zero or at an epoch time;
/// nothing in Gripper reads a wall clock, so the origin does not matter.
///
/// Arithmetic never traps: adding or subtracting a `Duration` clamps to the
/// representable range (±292,000 years), because times come from input files
/// and deadlines are derived from them. Readers reject times beyond
/// ``maximumSeconds`` with a located error instead (see ``init(checkedSeconds:microseconds:)``).
public struct EventTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Microseconds since the stream clock's origin. May be negative only for
    /// times derived by subtraction.
    public var microseconds: Int64

    /// The largest whole second a trace may hold: 9,000,000,000,000 s (about
    /// 285,000 years), so that a time plus any offset a scene or recognizer
    /// adds stays inside `Int64` microseconds (which end at 9,223,372,036,854 s).
    public static let maximumSeconds: Int64 = 9_000_000_000_000

    /// Creates a time from microseconds.
    public init(microseconds: Int64) {
        self.microseconds = microseconds
    }

    /// Creates a time from a `timeval`-like pair, clamped to the representable
    /// range when `seconds` is too large for microseconds.
    /// - Complexity: O(1).
    public init(seconds: Int64, microseconds: Int64) {
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000)
        if overflow {
            self.microseconds = seconds < 0 ? .min : .max
        } else {
            self.microseconds = scaled.addingSaturating(microseconds)
        }
    }

    /// A time from a reader's fields: nil unless `0 ≤ seconds ≤ maximumSeconds`
    /// and `0 ≤ microseconds < 1,000,000` (the reader then reports the line).
    /// - Complexity: O(1).
    public init?(checkedSeconds seconds: Int64, microseconds: Int64) {
        guard seconds >= 0, seconds <= Self.maximumSeconds, microseconds >= 0, microseconds < 1_000_000 else { return nil }
        self.microseconds = seconds * 1_000_000 + microseconds
    }

    /// A time `seconds` after the origin, rounded to the microsecond; nil for
    /// NaN, infinities and anything beyond ±``maximumSeconds``. `-0.0` is zero.
    /// - Complexity: O(1).
    public init?(seconds: Double) {
        guard seconds.isFinite, Swift.abs(seconds) <= Double(Self.maximumSeconds) else { return nil }
        self.microseconds = Int64((seconds * 1_000_000).rounded())
    }

    /// The zero time.
    public static let zero = EventTime(microseconds: 0)

    /// A time `ms` milliseconds after the origin (clamped).
    public static func milliseconds(_ ms: Int64) -> EventTime {
        let (scaled, overflow) = ms.multipliedReportingOverflow(by: 1000)
        return EventTime(microseconds: overflow ? (ms < 0 ? .min : .max) : scaled)
    }

    /// The whole seconds (for `timeval.tv_sec`), rounded towards negative infinity.
    public var wholeSeconds: Int64 {
        let (q, r) = microseconds.quotientAndRemainder(dividingBy: 1_000_000)
        return r < 0 ? q - 1 : q
    }

    /// The microseconds within the second (for `timeval.tv_usec`), 0..<1_000_000.
    public var microsecondsOfSecond: Int64 {
        let r = microseconds % 1_000_000
        return r < 0 ? r + 1_000_000 : r
    }

    /// The time in seconds, as a floating-point number.
    public var seconds: Double { Double(microseconds) / 1_000_000 }

    /// Whether `a` is earlier than `b`.
    public static func < (a: EventTime, b: EventTime) -> Bool { a.microseconds < b.microseconds }

    /// The time `d` later, clamped to the representable range.
    /// - Complexity: O(1).
    public static func + (t: EventTime, d: Duration) -> EventTime {
        EventTime(microseconds: t.microseconds.addingSaturating(d.microsecondsRounded))
    }

    /// The time `d` earlier, clamped to the representable range.
    /// - Complexity: O(1).
    public static func - (t: EventTime, d: Duration) -> EventTime {
        EventTime(microseconds: t.microseconds.subtractingSaturating(d.microsecondsRounded))
    }

    /// The duration from `b` to `a` (exact: a `Duration` holds any difference
    /// of two times).
    public static func - (a: EventTime, b: EventTime) -> Duration {
        .microseconds(a.microseconds) - .microseconds(b.microseconds)
    }

    /// The microseconds from `origin` to this time, clamped to `Int64`.
    /// - Complexity: O(1).
    public func microseconds(since origin: EventTime) -> Int64 {
        microseconds.subtractingSaturating(origin.microseconds)
    }

    /// `sec.usec` with six digits after the point, as evemu writes times.
    public var description: String {
        let us = microsecondsOfSecond
        let frac = String(us)
        return "\(wholeSeconds)." + String(repeating: "0", count: 6 - frac.count) + frac
    }
}

extension Duration {
    /// The duration in whole microseconds, rounded to nearest (halves away
    /// from zero) and clamped to `Int64`.
    package var microsecondsRounded: Int64 {
        // Integer work throughout: a floating-point division cost hundreds
        // of instructions on every deadline the recognizers set. Under ±9 s
        // (every threshold, tick and window) the attoseconds fit one word:
        // a word's division, not `components`' 128-bit one.
        if let a = Int64(exactly: attoseconds), a.magnitude <= 9_000_000_000_000_000_000 {
            return (a + (a >= 0 ? 500_000_000_000 : -500_000_000_000)) / 1_000_000_000_000
        }
        // Beyond ±9,223,372,036,855 s the answer is a bound (and `components`
        // may not even hold the seconds); within, the clamped arithmetic
        // below is exact.
        if self > Self.microsecondBound { return .max }
        if self < Self.negativeMicrosecondBound { return .min }
        let (s, atto) = components
        return s.multipliedClamped(by: 1_000_000)
            .addingSaturating((atto + (atto >= 0 ? 500_000_000_000 : -500_000_000_000)) / 1_000_000_000_000)
    }

    /// The first whole second past which a duration's microseconds do not fit
    /// in `Int64` (Int64.max µs is 9,223,372,036,854.775807 s).
    private static let microsecondBound = Duration.seconds(9_223_372_036_855)
    /// The same bound below zero.
    private static let negativeMicrosecondBound = Duration.seconds(-9_223_372_036_855)

    /// The duration in seconds, as a floating-point number.
    package var secondsDouble: Double {
        // The same division as `Duration`'s own (attoseconds over 10¹⁸, both
        // as `Double`), from one word when they fit.
        if let a = Int64(exactly: attoseconds) { return Double(a) / 1e18 }
        return self / Duration.seconds(1)
    }

    /// A duration of `seconds`, rounded to the microsecond; nil for NaN,
    /// infinities and anything beyond ±``EventTime/maximumSeconds``.
    /// - Complexity: O(1).
    package static func microseconds(checkedSeconds seconds: Double) -> Duration? {
        EventTime(seconds: seconds).map { .microseconds($0.microseconds) }
    }
}

extension Int64 {
    /// `self + other`, clamped to `Int64.min...Int64.max`.
    package func addingSaturating(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other < 0 ? .min : .max) : sum
    }

    /// `self × other`, clamped to `Int64.min...Int64.max`.
    package func multipliedClamped(by other: Int64) -> Int64 {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? ((self < 0) != (other < 0) ? .min : .max) : product
    }

    /// `self - other`, clamped to `Int64.min...Int64.max`.
    package func subtractingSaturating(_ other: Int64) -> Int64 {
        let (difference, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other < 0 ? .max : .min) : difference
    }
}
