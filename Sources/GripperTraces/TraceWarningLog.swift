import GripperInput

/// The warnings of one read, bounded: the first ``limit`` are kept, the rest
/// only counted, so a file of a million unknown lines costs a counter, not a
/// million messages.
package struct TraceWarningLog: Hashable, Sendable {
    /// How many warnings a read keeps unless told otherwise.
    package static let defaultLimit = 10

    /// The file the warnings are about (named in the summary warning).
    package let file: String
    /// How many warnings are kept.
    package let limit: Int
    /// The first warnings, at most ``limit`` of them.
    package private(set) var kept: [TraceWarning] = []
    /// How many more there were.
    package private(set) var omitted = 0

    /// An empty log for `file`.
    package init(file: String, limit: Int = TraceWarningLog.defaultLimit) {
        self.file = file
        self.limit = Swift.max(0, limit)
    }

    /// Records a warning: kept while fewer than ``limit`` are, else counted.
    /// - Complexity: O(1).
    package mutating func append(_ warning: TraceWarning) {
        if kept.count < limit { kept.append(warning) } else { omitted += 1 }
    }

    /// Records a warning that is always kept (a read's closing remark, such
    /// as the incomplete last frame), past the limit if need be.
    /// - Complexity: O(1).
    package mutating func appendAlways(_ warning: TraceWarning) {
        kept.append(warning)
    }

    /// How many warnings were recorded.
    package var count: Int { kept.count + omitted }

    /// The kept warnings, then, when some were only counted, one more that
    /// says how many: `… and 123456 more warnings`.
    package var warnings: [TraceWarning] {
        guard omitted > 0 else { return kept }
        return kept + [TraceWarning(file: file, line: nil,
                                    message: "… and \(omitted) more warning\(omitted == 1 ? "" : "s") (only the first \(limit) are shown)")]
    }
}
