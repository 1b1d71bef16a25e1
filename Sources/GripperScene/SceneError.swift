import Gripper

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
    package init(file: String = "", path: String, line: Int? = nil, problem: String) {
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

    /// The longest prefix of an offending value a message quotes, in
    /// Unicode scalars.
    static let quoteLimit = 40

    /// `s` quoted for a message: a JSON string literal (controls and line
    /// breaks escaped) of at most ``quoteLimit`` scalars, followed by
    /// `… (N characters)` when `s` is longer, so a 10 MB token does not
    /// become a 10 MB message.
    static func quote(_ s: String) -> String {
        let scalars = s.unicodeScalars
        var prefix = String.UnicodeScalarView()
        var count = 0
        for scalar in scalars {
            if count == quoteLimit { break }
            prefix.append(scalar)
            count += 1
        }
        guard count == quoteLimit, scalars.count > quoteLimit else { return Escaping.json(s) }
        return Escaping.json(String(prefix)) + "… (\(scalars.count) characters)"
    }

    /// An object key as a step of a field path: bare when it is plain and
    /// short, else quoted as ``quote(_:)`` quotes it.
    static func pathKey(_ key: String) -> String {
        Escaping.isPlain(key) && key.unicodeScalars.count <= quoteLimit && !key.contains(".") && !key.contains("[")
            ? key : quote(key)
    }
}
