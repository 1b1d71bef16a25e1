import Gripper

/// A run's transcript compared with an expected one: in the expected
/// text's own form (JSON Lines when its first line is an object, text
/// otherwise), with the first differing entries and their times, and a
/// line diff a person can read. Pure: the texts are already read.
public struct TranscriptComparison: Hashable, Sendable {
    /// The form a transcript is written in.
    public enum Form: String, Hashable, Sendable {
        /// One line per entry, `0.512000 state idle -> tracking` (``/Gripper/Transcript/text``).
        case text
        /// JSON Lines, `{"t":0.512000,"event":"state",…}` (``/Gripper/Transcript/jsonLines``).
        case jsonLines

        /// The form of an expected file's text: JSON Lines when its first
        /// line starts with `{`, else text.
        public init(of expected: String) {
            self = expected.split(separator: "\n", maxSplits: 1).first?.hasPrefix("{") ?? false ? .jsonLines : .text
        }

        /// `transcript` written in this form.
        public func render(_ transcript: Transcript) -> String {
            switch self {
            case .text: transcript.text
            case .jsonLines: transcript.jsonLines
            }
        }
    }

    /// Where the two first differ.
    public struct Difference: Hashable, Sendable {
        /// The 1-based line number.
        public var line: Int
        /// The expected line there, or nil past the expected text's end.
        public var expected: String?
        /// The actual line there, or nil past the actual text's end.
        public var actual: String?

        /// A difference at `line` between these lines.
        public init(line: Int, expected: String?, actual: String?) {
            self.line = line
            self.expected = expected
            self.actual = actual
        }

        /// The time the expected line (or else the actual one) gives, as
        /// written (`0.840806`); nil for the final line or when neither has one.
        public var time: String? {
            TranscriptComparison.time(of: expected) ?? TranscriptComparison.time(of: actual)
        }
    }

    /// The form both are compared in: the expected text's.
    public let form: Form
    /// The expected text.
    public let expected: String
    /// The run's transcript in ``form``.
    public let actual: String

    /// Compares `transcript` with `expected`, writing the transcript in the
    /// expected text's form.
    /// - Complexity: O(size of the transcript).
    public init(_ transcript: Transcript, expected: String) {
        form = Form(of: expected)
        self.expected = expected
        actual = form.render(transcript)
    }

    /// Whether the texts are the same, byte for byte.
    public var matches: Bool { expected == actual }

    /// Where they first differ; nil when they match.
    /// - Complexity: O(size of the texts).
    public var firstDifference: Difference? {
        guard !matches else { return nil }
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let i = zip(a, b).prefix { $0 == $1 }.count
        return Difference(line: i + 1, expected: i < a.count ? String(a[i]) : nil, actual: i < b.count ? String(b[i]) : nil)
    }

    /// A line diff (`-` expected, `+` actual, two lines of context), at most
    /// `limit` lines, the last saying how many more were left out.
    /// - Complexity: see ``LineDiff/lines(expected:actual:)``.
    public func diff(limit: Int = 40) -> [String] {
        let lines = LineDiff.lines(expected: expected, actual: actual)
        guard lines.count > max(1, limit) else { return lines }
        let kept = max(1, limit) - 1
        return Array(lines.prefix(kept)) + ["… \(lines.count - kept) more diff lines"]
    }

    /// One sentence on the first difference: `first difference at line 9
    /// (0.840806 s)`; empty when they match.
    public var summary: String {
        guard let d = firstDifference else { return "" }
        return "first difference at line \(d.line)" + (d.time.map { " (\($0) s)" } ?? "")
    }

    /// The time a transcript line starts with (text: its first word; JSON:
    /// its `"t"`), when it has one.
    static func time(of line: String?) -> String? {
        guard let line else { return nil }
        var digits: Substring
        if line.hasPrefix("{\"t\":") {
            digits = line.dropFirst(5).prefix { $0 != "," && $0 != "}" }
        } else {
            digits = line.prefix { $0 != " " }
        }
        if digits.hasPrefix("-") { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else { return nil }
        return line.hasPrefix("{\"t\":") ? String(line.dropFirst(5).prefix { $0 != "," && $0 != "}" })
            : String(line.prefix { $0 != " " })
    }
}
