import GripperEditing
import GripperLayout

/// How a ``Transcript/Event/dataSource(_:)`` entry is written: the problem's
/// name, then what it names (see `Documentation/Engine.md`, "The transcript").
extension DataSourceError {
    /// The detail after `dataSource` in the text form:
    /// `countChanged section 1 expected 5 found 3`.
    var transcriptText: String {
        switch self {
        case .countChanged(let s, let expected, let found):
            "countChanged section \(s) expected \(expected) found \(found)"
        case .duplicateItemID(let id, let p, let q):
            "duplicateItemID \(Escaping.token(id.rawValue)) at \(Self.path(p)) \(Self.path(q))"
        case .duplicateSectionID(let id, let a, let b):
            "duplicateSectionID \(Escaping.token(id.rawValue)) sections \(a) \(b)"
        case .negativeCount(let s, let n):
            s.map { "negativeCount section \($0) count \(n)" } ?? "negativeCount sections count \(n)"
        }
    }

    /// The fields after `"event"` in the JSON form, each with its leading comma:
    /// `,"problem":"countChanged","section":1,"expected":5,"found":3`.
    var transcriptJSONFields: String {
        switch self {
        case .countChanged(let s, let expected, let found):
            ",\"problem\":\"countChanged\",\"section\":\(s),\"expected\":\(expected),\"found\":\(found)"
        case .duplicateItemID(let id, let p, let q):
            ",\"problem\":\"duplicateItemID\",\"item\":\(Escaping.json(id.rawValue)),\"at\":[\(Self.path(p)),\(Self.path(q))]"
        case .duplicateSectionID(let id, let a, let b):
            ",\"problem\":\"duplicateSectionID\",\"id\":\(Escaping.json(id.rawValue)),\"sections\":[\(a),\(b)]"
        case .negativeCount(let s, let n):
            ",\"problem\":\"negativeCount\",\"section\":\(s.map(String.init) ?? "null"),\"count\":\(n)"
        }
    }

    private static func path(_ p: ItemPath) -> String { "[\(p.section),\(p.item)]" }
}
