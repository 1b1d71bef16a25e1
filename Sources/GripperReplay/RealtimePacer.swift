import GripperInput

/// When each step of a replay at the trace's own pace is due, with long
/// gaps shortened: a gap between two steps (frames, or deadlines fired
/// between frames) longer than ``maxGap`` is waited as ``maxGap``, so a
/// trace with a ten-hour pause replays in seconds. Pure: it computes times
/// and reads no clock; the caller sleeps (see
/// ``Replay/paced(_:frames:maxGap:wait:capped:step:)-543jx``).
public struct RealtimePacer: Hashable, Sendable {
    /// A gap that was shortened.
    public struct CappedGap: Hashable, Sendable {
        /// The event time of the step after the gap.
        public var time: EventTime
        /// The gap in the trace, in microseconds.
        public var gap: Int64
        /// What is waited instead (``RealtimePacer/maxGap``), in microseconds.
        public var waited: Int64
    }

    /// The longest gap waited in full, in microseconds (at least 0).
    public let maxGap: Int64
    private var previous: EventTime?
    private var due: Int64 = 0

    /// A pacer that waits at most `maxGap` (negative counts as zero)
    /// between two steps.
    public init(maxGap: Duration) {
        let (seconds, attoseconds) = maxGap.components
        if seconds < 0 || (seconds == 0 && attoseconds <= 0) {
            self.maxGap = 0
        } else if seconds >= Int64.max / 2_000_000 {
            self.maxGap = Int64.max / 2
        } else {
            self.maxGap = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        }
    }

    /// The step at `time`: when it is due, in microseconds from the first
    /// step (which is due at 0), and the gap shortened before it, if any. A
    /// step earlier than the one before is due at once.
    /// - Complexity: O(1).
    public mutating func step(at time: EventTime) -> (due: Int64, capped: CappedGap?) {
        defer { previous = max(previous ?? time, time) }
        guard let previous else { return (due, nil) }
        let (difference, overflow) = time.microseconds.subtractingReportingOverflow(previous.microseconds)
        let gap = overflow ? Int64.max : max(0, difference)
        let waited = min(gap, maxGap)
        due = due.addingReportingOverflow(waited).overflow ? Int64.max : due + waited
        return (due, gap > maxGap ? CappedGap(time: time, gap: gap, waited: waited) : nil)
    }
}
