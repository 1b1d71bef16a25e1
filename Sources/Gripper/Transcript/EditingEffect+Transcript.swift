import GripperEditing
import GripperLayout

/// How a transcript entry that wraps an editing effect
/// (``Transcript/Event/effect(_:)``) is written: its event name, its text
/// detail and its JSON fields. The names are the transcript's own, older than
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

    /// The detail after the name in the text form.
    var transcriptText: String {
        switch self {
        case .highlight(let p): p.map(Self.path) ?? "none"
        case .selectionChanged(let items):
            items.isEmpty ? "none" : items.sorted().map { Self.token($0.rawValue) }.joined(separator: " ")
        case .scrolled(let offset): "to \(Self.coordinate(offset))"
        case .swipeBegan(let id), .swipeOpened(let id), .swipeShut(let id), .deleteConfirmationOpened(let id),
             .deleteConfirmationCancelled(let id), .dragCancelled(let id):
            Self.token(id.rawValue)
        case .dragBegan(let id, let from): "\(Self.token(id.rawValue)) from \(Self.path(from))"
        case .gapMoved(let p): "to \(Self.path(p))"
        case .dragEnded(let id, let committed): "\(Self.token(id.rawValue)) \(committed ? "committed" : "in place")"
        case .dropTargetChanged(let id): id.map { Self.token($0.rawValue) } ?? "none"
        case .droppedInto(let ids, let target):
            ([target] + ids).map { Self.token($0.rawValue) }.joined(separator: " ")
        case .editingChanged(let on): on ? "on" : "off"
        case .committed(let entry), .undone(let entry), .redone(let entry):
            "#\(entry.sequence) " + Self.editText(entry.edit)
        case .appBatchApplied(let entry):
            if case .replaced(let r) = entry.edit {
                "#\(entry.sequence) " + Self.replacementText(r)
            } else {
                "#\(entry.sequence) " + entry.batch.operations.map(Self.operationText).joined(separator: "; ")
            }
        case .rejected(let error): Escaping.freeText("\(error)")
        case .scheduleTick(let time): "at \(time.microseconds)"
        case .scrollMotionBegan(let m):
            "from \(Self.coordinate(m.from)) to \(Self.coordinate(m.to))"
                + (m.kind == .animation ? "" : " velocity \(Self.coordinate(m.velocity))")
        case .scrollMotionEnded(_, let offset, _): "at \(Self.coordinate(offset))"
        case .focusChanged(let f): f.map { "\(Self.token($0.item.rawValue)) at \(Self.path($0.indexPath))" } ?? "none"
        case .moveRefused(let refusal): Escaping.freeText(refusal.description)
        case .announcement(let a): "\(a)"
        case .menuOpened(let id, let actions):
            ([id.rawValue] + actions.map(\.rawValue)).map(Self.token).joined(separator: " ")
        case .menuEntrySelected(let id, let action): "\(Self.token(id.rawValue)) \(Self.token(action.rawValue))"
        case .menuDismissed(let id): Self.token(id.rawValue)
        case .headerTapped(let section): Self.token(section.rawValue)
        }
    }

    /// The fields after `"event"` in the JSON form, each with its leading comma.
    var transcriptJSONFields: String {
        switch self {
        case .highlight(let p): ",\"indexPath\":" + (p.map(Self.path) ?? "null")
        case .selectionChanged(let items):
            ",\"items\":[" + items.sorted().map { Self.quoted($0.rawValue) }.joined(separator: ",") + "]"
        case .scrolled(let offset): ",\"offset\":" + Self.coordinate(offset)
        case .swipeBegan(let id), .swipeOpened(let id), .swipeShut(let id), .deleteConfirmationOpened(let id),
             .deleteConfirmationCancelled(let id), .dragCancelled(let id):
            ",\"item\":" + Self.quoted(id.rawValue)
        case .dragBegan(let id, let from): ",\"item\":\(Self.quoted(id.rawValue)),\"from\":\(Self.path(from))"
        case .gapMoved(let p): ",\"to\":" + Self.path(p)
        case .dragEnded(let id, let committed): ",\"item\":\(Self.quoted(id.rawValue)),\"committed\":\(committed)"
        case .dropTargetChanged(let id): ",\"item\":" + (id.map { Self.quoted($0.rawValue) } ?? "null")
        case .droppedInto(let ids, let target):
            ",\"into\":\(Self.quoted(target.rawValue)),\"items\":[" + ids.map { Self.quoted($0.rawValue) }.joined(separator: ",") + "]"
        case .editingChanged(let on): ",\"editing\":\(on)"
        case .committed(let entry), .undone(let entry), .redone(let entry):
            ",\"sequence\":\(entry.sequence)" + Self.editJSON(entry.edit)
        case .appBatchApplied(let entry):
            ",\"sequence\":\(entry.sequence),\"operations\":["
                + entry.batch.operations.map(Self.operationJSON).joined(separator: ",") + "]"
                + Self.replacementJSON(entry.edit)
        case .rejected(let error): ",\"reason\":" + Self.quoted("\(error)")
        case .scheduleTick(let time): ",\"at\":\(time.microseconds)"
        case .scrollMotionBegan(let m):
            ",\"from\":\(Self.coordinate(m.from)),\"to\":\(Self.coordinate(m.to)),\"velocity\":\(Self.coordinate(m.velocity))"
        case .scrollMotionEnded(_, let offset, _): ",\"offset\":" + Self.coordinate(offset)
        case .focusChanged(let f):
            f.map { ",\"item\":\(Self.quoted($0.item.rawValue)),\"indexPath\":\(Self.path($0.indexPath))" }
                ?? ",\"item\":null,\"indexPath\":null"
        case .moveRefused(let refusal): ",\"reason\":" + Self.quoted(refusal.description)
        case .announcement(let a): ",\"announcement\":" + Self.quoted("\(a)")
        case .menuOpened(let id, let actions):
            ",\"item\":\(Self.quoted(id.rawValue)),\"actions\":[" + actions.map { Self.quoted($0.rawValue) }.joined(separator: ",") + "]"
        case .menuEntrySelected(let id, let action):
            ",\"item\":\(Self.quoted(id.rawValue)),\"action\":\(Self.quoted(action.rawValue))"
        case .menuDismissed(let id): ",\"item\":" + Self.quoted(id.rawValue)
        case .headerTapped(let section): ",\"section\":" + Self.quoted(section.rawValue)
        }
    }

    private static func coordinate(_ x: Double) -> String { FixedDecimal.string(x, places: 2) }
    private static func path(_ p: ItemPath) -> String { "[\(p.section),\(p.item)]" }
    private static func quoted(_ s: String) -> String { Escaping.json(s) }
    /// An id or label in the text form (bare when plain, else quoted; see ``Escaping/token(_:)``).
    private static func token(_ s: String) -> String { Escaping.token(s) }

    private static func editText(_ edit: Edit) -> String {
        switch edit {
        case .delete(let ids): "delete " + ids.map { token($0.rawValue) }.joined(separator: " ")
        case .move(let id, let from, let to): "move \(token(id.rawValue)) \(path(from)) -> \(path(to))"
        case .moveItems(let ids, let from, let to):
            "moveItems " + zip(ids, from).map { "\(token($0.rawValue)) \(path($1))" }.joined(separator: " ")
                + " -> \(path(to))"
        case .dropInto(let ids, let target):
            "dropInto " + ids.map { token($0.rawValue) }.joined(separator: " ") + " -> \(token(target.rawValue))"
        case .action(let action, let item): "action \(token(action.rawValue)) on \(token(item.rawValue))"
        case .reload: "reload"
        case .batch: "batch"
        case .app: "app"
        case .replaced(let r): "replaced " + replacementText(r)
        }
    }

    /// A wholesale replacement, bounded whatever it brought:
    /// `segment 1 sent: sections 0..1, 100000 items`.
    private static func replacementText(_ r: ContentReplacement) -> String {
        "segment \(r.segment) \(token(r.key)): "
            + (r.sections > 0 ? "sections 0..\(r.sections - 1)" : "no sections") + ", \(r.items) items"
    }

    /// `,"replaced":{…}` for a wholesale replacement, nothing otherwise.
    private static func replacementJSON(_ edit: Edit) -> String {
        guard case .replaced(let r) = edit else { return "" }
        return ",\"replaced\":{\"segment\":\(r.segment),\"key\":\(quoted(r.key)),\"sectionsBefore\":\(r.sectionsBefore),"
            + "\"sections\":\(r.sections),\"items\":\(r.items)}"
    }

    private static func operationText(_ op: BatchUpdate.Operation) -> String {
        switch op {
        case .deleteSection(let s): "delete section \(s)"
        case .insertSection(let section, let s):
            "insert section \(token(section.id.rawValue)) (" + section.items.map { token($0.rawValue) }.joined(separator: " ") + ") at \(s)"
        case .deleteItem(let p): "delete " + path(p)
        case .insertItem(let id, let p): "insert \(token(id.rawValue)) at " + path(p)
        case .reloadItem(let p): "reload " + path(p)
        case .moveItem(let from, let to): "move \(path(from)) -> \(path(to))"
        }
    }

    /// One operation as a JSON object, keys in a fixed order.
    private static func operationJSON(_ op: BatchUpdate.Operation) -> String {
        switch op {
        case .deleteSection(let s): "{\"op\":\"deleteSection\",\"at\":\(s)}"
        case .insertSection(let section, let s):
            "{\"op\":\"insertSection\",\"at\":\(s),\"id\":\(quoted(section.id.rawValue)),\"items\":["
                + section.items.map { quoted($0.rawValue) }.joined(separator: ",") + "]}"
        case .deleteItem(let p): "{\"op\":\"deleteItem\",\"at\":\(path(p))}"
        case .insertItem(let id, let p): "{\"op\":\"insertItem\",\"at\":\(path(p)),\"item\":\(quoted(id.rawValue))}"
        case .reloadItem(let p): "{\"op\":\"reloadItem\",\"at\":\(path(p))}"
        case .moveItem(let from, let to): "{\"op\":\"moveItem\",\"from\":\(path(from)),\"to\":\(path(to))}"
        }
    }

    private static func editJSON(_ edit: Edit) -> String {
        switch edit {
        case .delete(let ids):
            ",\"edit\":\"delete\",\"items\":[" + ids.map { quoted($0.rawValue) }.joined(separator: ",") + "]"
        case .move(let id, let from, let to):
            ",\"edit\":\"move\",\"item\":\(quoted(id.rawValue)),\"from\":\(path(from)),\"to\":\(path(to))"
        case .moveItems(let ids, let from, let to):
            ",\"edit\":\"moveItems\",\"items\":[" + ids.map { quoted($0.rawValue) }.joined(separator: ",")
                + "],\"from\":[" + from.map(path).joined(separator: ",") + "],\"to\":\(path(to))"
        case .dropInto(let ids, let target):
            ",\"edit\":\"dropInto\",\"items\":[" + ids.map { quoted($0.rawValue) }.joined(separator: ",")
                + "],\"into\":\(quoted(target.rawValue))"
        case .action(let action, let item):
            ",\"edit\":\"action\",\"action\":\(quoted(action.rawValue)),\"item\":\(quoted(item.rawValue))"
        case .reload: ",\"edit\":\"reload\""
        case .batch: ",\"edit\":\"batch\""
        case .app: ",\"edit\":\"app\""
        case .replaced: ",\"edit\":\"replaced\"" + replacementJSON(edit)
        }
    }
}
