import GripperEditing
import GripperLayout

/// How a ``Transcript/Event/dataSource(_:)`` entry is written: the problem's
/// name, then what it names (see `Documentation/Engine.md`, "The transcript").
extension DataSourceError {
    /// The fields after `dataSource` in both forms: `countChanged section 1
    /// expected 5 found 3`, `,"problem":"countChanged","section":1,"expected":5,"found":3`.
    var transcriptFields: [Transcript.Field] {
        switch self {
        case .countChanged(let s, let expected, let found):
            [.word("problem", "countChanged"), Transcript.Field("section", json: "\(s)", text: "section \(s)"),
             Transcript.Field("expected", json: "\(expected)", text: "expected \(expected)"),
             Transcript.Field("found", json: "\(found)", text: "found \(found)")]
        case .duplicateItemID(let id, let p, let q):
            [.word("problem", "duplicateItemID"), .token("item", id.rawValue),
             Transcript.Field("at", json: "[" + Transcript.path(p) + "," + Transcript.path(q) + "]",
                              text: "at " + Transcript.path(p) + " " + Transcript.path(q))]
        case .duplicateSectionID(let id, let a, let b):
            [.word("problem", "duplicateSectionID"), .token("id", id.rawValue),
             Transcript.Field("sections", json: "[\(a),\(b)]", text: "sections \(a) \(b)")]
        case .negativeCount(let s, let n):
            [.word("problem", "negativeCount"),
             Transcript.Field("section", json: s.map(String.init) ?? "null", text: s.map { "section \($0)" } ?? "sections"),
             Transcript.Field("count", json: "\(n)", text: "count \(n)")]
        }
    }
}
