import GripperInput

extension EventTime {
    /// The time `duration` later, clamped to the representable range instead
    /// of trapping: deadlines are derived from input times, and a corrupt
    /// trace must not crash the recognizers.
    /// - Complexity: O(1).
    func addingSaturating(_ duration: Duration) -> EventTime {
        let (sum, overflow) = microseconds.addingReportingOverflow(duration.microsecondsRounded)
        guard overflow else { return EventTime(microseconds: sum) }
        return EventTime(microseconds: duration > .zero ? .max : .min)
    }

    /// The duration from `earlier` to this time, clamped instead of trapping
    /// when the difference does not fit.
    /// - Complexity: O(1).
    func durationSaturating(since earlier: EventTime) -> Duration {
        let (difference, overflow) = microseconds.subtractingReportingOverflow(earlier.microseconds)
        guard overflow else { return .microseconds(difference) }
        return .microseconds(earlier.microseconds < 0 ? Int64.max : Int64.min)
    }
}
