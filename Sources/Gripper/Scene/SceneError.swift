/// Why a scene could not be read: the file, the field path (such as
/// `sections[2].items[0].actions[1].style`), the line when known, and the problem.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file name given to the reader (empty when none was given).
    public var file: String
    /// The path of the offending field, `$` for the document itself.
    public var path: String
    /// The 1-based line of the offending value, when known.
    public var line: Int?
    /// What was wrong, in words a person can act on.
    public var problem: String

    /// Creates an error.
    public init(file: String = "", path: String, line: Int? = nil, problem: String) {
        self.file = file
        self.path = path
        self.line = line
        self.problem = problem
    }

    /// `file:line: path: problem`.
    public var description: String {
        var where_ = file.isEmpty ? "scene" : file
        if let line { where_ += ":\(line)" }
        return "\(where_): \(path): \(problem)"
    }
}
