import GripperInput

extension EventTime {
    /// The time `duration` later, clamped to the representable range instead
    /// of trapping: deadlines are derived from input times, and a corrupt
    /// trace must not crash the recognizers. (`+` clamps too; the name says so
    /// where it matters.)
    /// - Complexity: O(1).
    func addingSaturating(_ duration: Duration) -> EventTime {
        self + duration
    }

    /// The duration from `earlier` to this time (exact: a `Duration` holds the
    /// difference of any two times).
    /// - Complexity: O(1).
    func durationSaturating(since earlier: EventTime) -> Duration {
        self - earlier
    }
}
