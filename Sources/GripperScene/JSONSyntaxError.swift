/// Why a scene's JSON could not be read: where (line, column, and the
/// field path of the value being read) and what.
struct JSONSyntaxError: Error, Sendable {
    var line: Int
    var column: Int
    /// The field path of the value being read (`$` for the document,
    /// `sections[2].items` …), as the scene's errors name fields.
    var path: String
    var message: String
    /// Whether the document is well-formed JSON that repeats a key in one
    /// object (RFC 8259 leaves the meaning open; a scene refuses it).
    var isDuplicateKey = false
}
