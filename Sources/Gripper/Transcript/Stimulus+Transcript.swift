import GripperEditing
import GripperLayout

/// How a ``Transcript/Event/stimulus(_:)`` entry is written, in both forms
/// from one list of fields: its `name`, then what it carries
/// (`setEditing true`, `{"name":"setEditing","editing":true}`).
extension Stimulus {
    /// The stimulus's fields in both transcript forms; their text is ``description``.
    var transcriptFields: [Transcript.Field] {
        switch self {
        case .setEditing(let on): [.word("name", "setEditing"), Transcript.Field("editing", json: "\(on)", text: "\(on)")]
        case .deleteSelected: [.word("name", "deleteSelected")]
        case .reload(let sections): [.word("name", "reload"), Self.sectionsField(sections)]
        case .undo: [.word("name", "undo")]
        case .redo: [.word("name", "redo")]
        case .deviceLost: [.word("name", "deviceLost")]
        case .scroll(let target, let animated):
            [.word("name", "scroll")] + target.transcriptFields
                + [Transcript.Field("animated", json: "\(animated)", text: animated ? "animated" : nil)]
        case .resizeViewport(let size):
            [.word("name", "resizeViewport"), .coordinate("width", size.width), .coordinate("height", size.height, after: "x")]
        case .key(let key): [.word("name", "key"), .word("key", key.rawValue)]
        case .move(let command): [.word("name", "move")] + command.transcriptFields
        case .focus(let p):
            [.word("name", "focus"),
             Transcript.Field("indexPath", json: p.map(Transcript.path) ?? "null", text: p.map(Transcript.path) ?? "none")]
        case .loading(let event, let content): event.transcriptFields + Self.contentFields(content)
        case .switchSegment(let index): [.word("name", "segment"), .int("segment", index)]
        case .changeLayout(let change): [.word("name", "layout")] + Transcript.Event.layoutChangeFields(change)
        case .measured(.item(let p, let width, let height)):
            [.word("name", "measured"), .word("element", "item"), .path("indexPath", p)]
                + (width.map { [.coordinate("width", $0, after: " width ")] } ?? [])
                + (height.map { [.coordinate("height", $0, after: " height ")] } ?? [])
        case .measured(.supplementary(let kind, let section, let height)):
            [.word("name", "measured"), .word("element", kind == .footer ? "footer" : "header"),
             .int("section", section), .coordinate("height", height, after: " height ")]
        case .loadingChild(let key, let event, let content):
            // `child KEY load` in the text; `"child"` after the event's own fields in the JSON.
            [.text("child " + Escaping.token(key))] + event.transcriptFields
                + [.json("child", Escaping.json(key))] + Self.contentFields(content)
        case .batch(let batch):
            [.word("name", "batch"),
             Transcript.Field("operations", json: "\(batch.operations.count)",
                              text: batch.operations.map(\.description).joined(separator: ", "))]
        }
    }

    /// The sections a reload or a load result brings: each id with its
    /// item count in the text (`inbox(3) "to do"(0)`), the sections whole in the JSON.
    private static func sectionsField(_ sections: [CollectionSection]) -> Transcript.Field {
        Transcript.Field("sections", json: Transcript.json(sections),
                         text: sections.map { Escaping.token($0.id.rawValue) + "(\($0.items.count))" }.joined(separator: " "))
    }

    /// A load result's content, if it brings any.
    private static func contentFields(_ content: [CollectionSection]?) -> [Transcript.Field] {
        content.map { [sectionsField($0)] } ?? []
    }
}
