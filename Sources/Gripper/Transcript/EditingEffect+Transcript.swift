@_spi(Benchmarks) import GripperEditing
import GripperLayout

/// How a transcript entry that wraps an editing effect
/// (``Transcript/Event/effect(_:)``) is written: its event name, and its
/// fields (``Transcript/Field``) that both forms render. The names are the transcript's own, older than
/// the effects' (`selection`, `editing`, `appBatch`, `deleteConfirmation`),
/// so the bytes stay what they were.
extension EditingEffect {
    /// The `event` name in both forms.
    var transcriptName: String {
        switch self {
        case .highlight: "highlight"
        case .selectionChanged: "selection"
        case .scrolled: "scrolled"
        case .swipeBegan: "swipeBegan"
        case .swipeOpened: "swipeOpened"
        case .swipeShut: "swipeShut"
        case .deleteConfirmationOpened: "deleteConfirmation"
        case .deleteConfirmationCancelled: "deleteConfirmationCancelled"
        case .dragBegan: "dragBegan"
        case .gapMoved: "gapMoved"
        case .dragEnded: "dragEnded"
        case .dragCancelled: "dragCancelled"
        case .dropTargetChanged: "dropTarget"
        case .droppedInto: "droppedInto"
        case .editingChanged: "editing"
        case .committed: "committed"
        case .undone: "undone"
        case .redone: "redone"
        case .appBatchApplied: "appBatch"
        case .rejected: "rejected"
        case .scheduleTick: "scheduleTick"
        case .scrollMotionBegan(let motion): Self.motionName(motion.kind) + "Began"
        case .scrollMotionEnded(let kind, _, let settled): Self.motionName(kind) + (settled ? "Settled" : "Stopped")
        case .focusChanged: "focus"
        case .moveRefused: "moveRefused"
        case .announcement: "announce"
        case .menuOpened: "menuOpened"
        case .menuEntrySelected: "menuEntry"
        case .menuDismissed: "menuDismissed"
        case .headerTapped: "headerTapped"
        }
    }

    /// A scroll motion as the transcript names it: `fling`, `bounce`, `scrollAnimation`.
    private static func motionName(_ kind: ScrollMotion.Kind) -> String {
        switch kind {
        case .fling: "fling"
        case .bounce: "bounce"
        case .animation: "scrollAnimation"
        }
    }

    /// The fields after the name, in both forms.
    var transcriptFields: [Transcript.Field] {
        typealias F = Transcript.Field
        switch self {
        case .highlight(let p):
            return [F("indexPath", json: p.map(Transcript.path) ?? "null", text: p.map(Transcript.path) ?? "none")]
        case .selectionChanged(let items):
            let sorted = items.sorted()
            return [F("items", json: Transcript.jsonArray(sorted.lazy.map(\.rawValue)),
                      text: sorted.isEmpty ? "none" : sorted.map { Escaping.token($0.rawValue) }.joined(separator: " "))]
        case .scrolled(let offset):
            let c = FixedDecimal.string(offset, places: 2)
            return [F("offset", json: c, text: "to " + c)]
        case .swipeBegan(let id), .swipeOpened(let id), .swipeShut(let id), .deleteConfirmationOpened(let id),
             .deleteConfirmationCancelled(let id), .dragCancelled(let id):
            return [.token("item", id.rawValue)]
        case .dragBegan(let id, let from): return [.token("item", id.rawValue), .path("from", from, after: " from ")]
        case .gapMoved(let p): return [F("to", json: Transcript.path(p), text: "to " + Transcript.path(p))]
        case .dragEnded(let id, let committed):
            return [.token("item", id.rawValue), F("committed", json: "\(committed)", text: committed ? "committed" : "in place")]
        case .dropTargetChanged(let id):
            return [F("item", json: id.map { Escaping.json($0.rawValue) } ?? "null",
                      text: id.map { Escaping.token($0.rawValue) } ?? "none")]
        case .droppedInto(let ids, let target):
            return [.token("into", target.rawValue), Self.itemsField(ids)]
        case .editingChanged(let on): return [F("editing", json: "\(on)", text: on ? "on" : "off")]
        case .committed(let entry), .undone(let entry), .redone(let entry):
            return [Self.sequenceField(entry)] + Self.editFields(entry.edit)
        case .appBatchApplied(let entry):
            let replacement: ContentReplacement? = if case .replaced(let r) = entry.edit { r } else { nil }
            return [Self.sequenceField(entry),
                    F("operations", json: "[" + entry.batch.operations.map { Transcript.jsonObject(of: Self.operationFields($0)) }
                        .joined(separator: ",") + "]",
                      text: replacement != nil ? nil
                        : entry.batch.operations.map { Transcript.text(of: Self.operationFields($0)) }.joined(separator: "; "))]
                + (replacement.map { [Self.replacementField($0)] } ?? [])
        case .rejected(let error):
            let why = "\(error)"
            return [F("reason", json: Escaping.json(why), text: Escaping.freeText(why))]
        case .scheduleTick(let time): return [F("at", json: "\(time.microseconds)", text: "at \(time.microseconds)")]
        case .scrollMotionBegan(let m):
            let from = FixedDecimal.string(m.from, places: 2)
            let velocity = FixedDecimal.string(m.velocity, places: 2)
            return [F("from", json: from, text: "from " + from), .coordinate("to", m.to, after: " to "),
                    F("velocity", json: velocity, text: m.kind == .animation ? nil : velocity, after: " velocity ")]
        case .scrollMotionEnded(_, let offset, _):
            let c = FixedDecimal.string(offset, places: 2)
            return [F("offset", json: c, text: "at " + c)]
        case .focusChanged(let f):
            guard let f else { return [F("item", json: "null", text: "none"), .json("indexPath", "null")] }
            return [.token("item", f.item.rawValue), .path("indexPath", f.indexPath, after: " at ")]
        case .moveRefused(let refusal):
            return [F("reason", json: Escaping.json(refusal.description), text: Escaping.freeText(refusal.description))]
        case .announcement(let a):
            let words = "\(a)"
            return [F("announcement", json: Escaping.json(words), text: words)]
        case .menuOpened(let id, let actions):
            return [.token("item", id.rawValue),
                    F("actions", json: Transcript.jsonArray(actions.lazy.map(\.rawValue)),
                      text: actions.isEmpty ? nil : actions.map { Escaping.token($0.rawValue) }.joined(separator: " "))]
        case .menuEntrySelected(let id, let action): return [.token("item", id.rawValue), .token("action", action.rawValue)]
        case .menuDismissed(let id): return [.token("item", id.rawValue)]
        case .headerTapped(let section): return [.token("section", section.rawValue)]
        }
    }

    /// A journal entry's number: `#3` in the text, `"sequence":3` in the JSON.
    private static func sequenceField(_ entry: JournalEntry) -> Transcript.Field {
        Transcript.Field("sequence", json: "\(entry.sequence)", text: "#\(entry.sequence)")
    }

    /// Items by id: `a b` in the text (nothing for none), an array in the JSON.
    private static func itemsField(_ ids: [ItemID]) -> Transcript.Field {
        Transcript.Field("items", json: Transcript.jsonArray(ids.lazy.map(\.rawValue)),
                         text: ids.isEmpty ? nil : ids.map { Escaping.token($0.rawValue) }.joined(separator: " "))
    }

    /// An edit: its name (`"edit"`), then what it moved or deleted
    /// (`move a [0,1] -> [0,3]`; `moveItems a [0,1] b [0,2] -> [0,3]`, whose
    /// text pairs each item with where it was and whose JSON lists them apart).
    private static func editFields(_ edit: Edit) -> [Transcript.Field] {
        typealias F = Transcript.Field
        switch edit {
        case .delete(let ids):
            return [.word("edit", "delete"),
                    F("items", json: Transcript.jsonArray(ids.lazy.map(\.rawValue)),
                      text: ids.map { Escaping.token($0.rawValue) }.joined(separator: " "))]
        case .move(let id, let from, let to):
            return [.word("edit", "move"), .token("item", id.rawValue), .path("from", from), .path("to", to, after: " -> ")]
        case .moveItems(let ids, let from, let to):
            return [.word("edit", "moveItems"),
                    F("items", json: Transcript.jsonArray(ids.lazy.map(\.rawValue)),
                      text: zip(ids, from).map { Escaping.token($0.rawValue) + " " + Transcript.path($1) }.joined(separator: " ")),
                    .json("from", "[" + from.map(Transcript.path).joined(separator: ",") + "]"),
                    .path("to", to, after: " -> ")]
        case .dropInto(let ids, let target):
            return [.word("edit", "dropInto"),
                    F("items", json: Transcript.jsonArray(ids.lazy.map(\.rawValue)),
                      text: ids.map { Escaping.token($0.rawValue) }.joined(separator: " ")),
                    .token("into", target.rawValue, after: " -> ")]
        case .action(let action, let item):
            return [.word("edit", "action"), .token("action", action.rawValue), .token("item", item.rawValue, after: " on ")]
        case .reload: return [.word("edit", "reload")]
        case .batch: return [.word("edit", "batch")]
        case .app: return [.word("edit", "app")]
        case .replaced(let r): return [.word("edit", "replaced"), replacementField(r)]
        }
    }

    /// A wholesale replacement, bounded whatever it brought: in the text
    /// `segment 1 sent: sections 0..1, 100000 items`; in the JSON
    /// `"replaced":{"segment":1,"key":"sent","sectionsBefore":…,"sections":2,"items":100000}`.
    private static func replacementField(_ r: ContentReplacement) -> Transcript.Field {
        typealias F = Transcript.Field
        let fields: [F] = [
            F("segment", json: "\(r.segment)", text: "segment \(r.segment)"),
            F("key", json: Escaping.json(r.key), text: Escaping.token(r.key) + ":"),
            .json("sectionsBefore", "\(r.sectionsBefore)"),
            F("sections", json: "\(r.sections)", text: r.sections > 0 ? "sections 0..\(r.sections - 1)" : "no sections"),
            F("items", json: "\(r.items)", text: "\(r.items) items", after: ", "),
        ]
        return F("replaced", json: Transcript.jsonObject(of: fields), text: Transcript.text(of: fields))
    }

    /// One operation of the app's batch: `move [0,1] -> [0,3]` in the text,
    /// `{"op":"moveItem","from":[0,1],"to":[0,3]}` in the JSON; a section
    /// move `move section 2 -> 0`, `{"op":"moveSection","from":2,"to":0}`; a
    /// section reload `reload section 1`, `{"op":"reloadSection","at":1}`.
    private static func operationFields(_ op: BatchUpdate.Operation) -> [Transcript.Field] {
        typealias F = Transcript.Field
        switch op {
        case .deleteSection(let s):
            return [F("op", json: "\"deleteSection\"", text: "delete section"), .int("at", s)]
        case .insertSection(let section, let s):
            return [F("op", json: "\"insertSection\"", text: "insert section"), .json("at", "\(s)"),
                    .token("id", section.id.rawValue),
                    F("items", json: Transcript.jsonArray(section.items.lazy.map(\.rawValue)),
                      text: "(" + section.items.map { Escaping.token($0.rawValue) }.joined(separator: " ") + ")"),
                    .text("at \(s)")]
        case .deleteItem(let p): return [F("op", json: "\"deleteItem\"", text: "delete"), .path("at", p)]
        case .insertItem(let id, let p):
            return [F("op", json: "\"insertItem\"", text: "insert"), .json("at", Transcript.path(p)),
                    .token("item", id.rawValue), .text(Transcript.path(p), after: " at ")]
        case .reloadItem(let p): return [F("op", json: "\"reloadItem\"", text: "reload"), .path("at", p)]
        case .moveItem(let from, let to):
            return [F("op", json: "\"moveItem\"", text: "move"), .path("from", from), .path("to", to, after: " -> ")]
        case .moveSection(let from, let to):
            return [F("op", json: "\"moveSection\"", text: "move section"), .int("from", from), .int("to", to, after: " -> ")]
        case .reloadSection(let s):
            return [F("op", json: "\"reloadSection\"", text: "reload section"), .int("at", s)]
        }
    }
}
