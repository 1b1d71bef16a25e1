import GripperEditing

extension MoveCommand {
    /// The command's fields in both transcript forms (`up`, `by -3`,
    /// `toSection 1`; `"command"`, then `"n"` or `"section"`).
    var transcriptFields: [Transcript.Field] {
        switch self {
        case .up: [.word("command", "up")]
        case .down: [.word("command", "down")]
        case .toTop: [.word("command", "toTop")]
        case .toBottom: [.word("command", "toBottom")]
        case .toSection(let s): [.word("command", "toSection"), .int("section", s)]
        case .by(let n): [.word("command", "by"), .int("n", n)]
        }
    }
}
