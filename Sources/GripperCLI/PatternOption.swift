/// The regular-expression options (`test --filter`, `trace cut --around`,
/// `trace minimize --keep`): Swift's `Regex` syntax, searched for anywhere
/// in the text (as `swift test --filter` does).
enum PatternOption {
    /// `text` as a regular expression, or exit 2 naming the option.
    static func regex(_ text: String, option: String) throws -> Regex<AnyRegexOutput> {
        do { return try Regex(text) } catch { throw BadInput.fail("\(option) \(text): not a regular expression: \(error)") }
    }
}
