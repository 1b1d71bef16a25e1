import GripperInput

/// Something in a trace file that Gripper read past without failing: an
/// unknown header line, a trailing incomplete frame, a newer format version.
public struct TraceWarning: Hashable, Sendable, CustomStringConvertible {
    /// The file the warning is about.
    public var file: String
    /// The 1-based line, when the warning is about one line.
    public var line: Int?
    /// What was odd, in words.
    public var message: String

    /// Creates a warning.
    package init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: warning: message`.
    public var description: String {
        if let line { return "\(file):\(line): warning: \(message)" }
        return "\(file): warning: \(message)"
    }
}
