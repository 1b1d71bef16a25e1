/// A parsed JSON value with the 1-based line it started on, for the scene
/// reader's error messages. Objects keep their keys in file order.
///
/// Not API: the scene reader's own small, pure parser (no Foundation), so
/// that a syntax error names its line and column.
struct JSONValue: Sendable {
    /// The value's content.
    enum Content: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object([(key: String, value: JSONValue)])
    }

    /// What the value is.
    var content: Content
    /// The line where the value starts.
    var line: Int
    /// The line of the value's key, when it is an object member.
    var keyLine: Int?

    /// A word for the value's kind, for "expected …, found …" messages.
    var kindName: String {
        switch content {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value of `key` in an object, or nil (the parser refuses repeated keys).
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = content else { return nil }
        return members.last { $0.key == key }?.value
    }
}
