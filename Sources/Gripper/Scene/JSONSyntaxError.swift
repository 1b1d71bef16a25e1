/// A JSON syntax error: where and what.
struct JSONSyntaxError: Error, Sendable {
    var line: Int
    var column: Int
    var message: String
}
