/// Why a replay case could not be found, read or recorded: the file and
/// what was wrong with it (`Recordings/x/trace.evemu:12: …`). Bad input,
/// never a failed check: `gripper test` exits 2 for it.
public struct ReplayCaseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message, naming the file (and line, when known) and the problem.
    public var description: String

    /// An error with this message.
    public init(_ description: String) {
        self.description = description
    }
}
