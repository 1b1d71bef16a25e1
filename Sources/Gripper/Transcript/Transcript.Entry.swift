import GripperEditing
import GripperGeometry
import GripperGestures
import GripperLayout

extension Transcript {
    /// One thing that happened, at a time measured from the start of the input.
    public struct Entry: Hashable, Sendable {
        /// Microseconds since the start of the input (the first frame).
        public var offset: Int64
        /// What happened.
        public var event: Event

        /// Creates an entry.
        public init(offset: Int64, event: Event) {
            self.offset = offset
            self.event = event
        }

        /// The entry's line in the text form.
        public var textLine: String {
            FixedDecimal.seconds(microseconds: offset) + " " + event.name + " " + event.textDetail
        }

        /// The entry's line in the JSON Lines form.
        public var jsonLine: String {
            "{\"t\":" + FixedDecimal.seconds(microseconds: offset) + ",\"event\":\"" + event.name + "\""
                + event.jsonFields + "}"
        }
    }

    /// What a transcript entry records.
    public enum Event: Hashable, Sendable {
        /// A recognizer's event (or a touch notice), where the contact was
        /// (layout points, viewport coordinates). Continuous gestures'
        /// `changed` events are not recorded (their effects are).
        case gesture(GestureKind, GestureState, Point)
        /// The editing machine changed state.
        case transition(from: EditingPhase, to: EditingPhase)
        /// An outside stimulus arrived.
        case stimulus(Stimulus)
        /// The highlighted cell changed.
        case highlight(IndexPath?)
        /// The selection changed; the items in identity order.
        case selection([ItemID])
        /// The content scrolled (consecutive scrolls are reported once, at the last one's time).
        case scrolled(Double)
        /// A cell started sliding.
        case swipeBegan(ItemID)
        /// A cell settled open.
        case swipeOpened(ItemID)
        /// The open or sliding cell shut.
        case swipeShut(ItemID)
        /// A delete confirmation opened (batch editing).
        case deleteConfirmation(ItemID)
        /// A delete confirmation shut without deleting (batch editing).
        case deleteConfirmationCancelled(ItemID)
        /// A drag began at the item's place.
        case dragBegan(ItemID, from: IndexPath)
        /// The drag's gap moved.
        case gapMoved(IndexPath)
        /// The drag ended with a lift; `committed` is false for a drop on its own place.
        case dragEnded(ItemID, committed: Bool)
        /// The drag was cancelled and reverted.
        case dragCancelled(ItemID)
        /// Batch editing turned on or off.
        case editing(Bool)
        /// An edit was committed to the journal.
        case committed(sequence: Int, Edit)
        /// A journal entry was undone.
        case undone(sequence: Int, Edit)
        /// An undone journal entry was redone.
        case redone(sequence: Int, Edit)
        /// The app applied a batch (`Engine.apply(_:at:)` with a
        /// ``BatchUpdate``), journaled as entry `sequence`, an app entry
        /// (``Edit/app``) that the user's undo does not take off.
        case appBatch(sequence: Int, BatchUpdate)
        /// An edit could not be committed; nothing changed.
        case rejected(String)
        /// The input device went away.
        case deviceLost

        /// The `event` name in both forms.
        public var name: String {
            switch self {
            case .gesture: "gesture"
            case .transition: "state"
            case .stimulus: "stimulus"
            case .highlight: "highlight"
            case .selection: "selection"
            case .scrolled: "scrolled"
            case .swipeBegan: "swipeBegan"
            case .swipeOpened: "swipeOpened"
            case .swipeShut: "swipeShut"
            case .deleteConfirmation: "deleteConfirmation"
            case .deleteConfirmationCancelled: "deleteConfirmationCancelled"
            case .dragBegan: "dragBegan"
            case .gapMoved: "gapMoved"
            case .dragEnded: "dragEnded"
            case .dragCancelled: "dragCancelled"
            case .editing: "editing"
            case .committed: "committed"
            case .undone: "undone"
            case .redone: "redone"
            case .appBatch: "appBatch"
            case .rejected: "rejected"
            case .deviceLost: "deviceLost"
            }
        }

        private static func coordinate(_ x: Double) -> String { FixedDecimal.string(x, places: 2) }
        private static func path(_ p: IndexPath) -> String { "[\(p.section),\(p.item)]" }
        private static func quoted(_ s: String) -> String { Escaping.json(s) }
        /// An id or label in the text form (bare when plain, else quoted; see ``Escaping/token(_:)``).
        private static func token(_ s: String) -> String { Escaping.token(s) }

        /// The detail after the name in the text form.
        package var textDetail: String {
            switch self {
            case .gesture(let kind, let state, let p):
                "\(kind.rawValue) \(state.rawValue) at \(Self.coordinate(p.x)),\(Self.coordinate(p.y))"
            case .transition(let from, let to): "\(from.rawValue) -> \(to.rawValue)"
            case .stimulus(let action): action.description
            case .highlight(let p): p.map(Self.path) ?? "none"
            case .selection(let items): items.isEmpty ? "none" : items.map { Self.token($0.rawValue) }.joined(separator: " ")
            case .scrolled(let offset): "to \(Self.coordinate(offset))"
            case .swipeBegan(let id), .swipeOpened(let id), .swipeShut(let id), .deleteConfirmation(let id),
                 .deleteConfirmationCancelled(let id),
                 .dragCancelled(let id):
                Self.token(id.rawValue)
            case .dragBegan(let id, let from): "\(Self.token(id.rawValue)) from \(Self.path(from))"
            case .gapMoved(let p): "to \(Self.path(p))"
            case .dragEnded(let id, let committed): "\(Self.token(id.rawValue)) \(committed ? "committed" : "in place")"
            case .editing(let on): on ? "on" : "off"
            case .committed(let n, let edit), .undone(let n, let edit), .redone(let n, let edit):
                "#\(n) " + Self.editText(edit)
            case .appBatch(let n, let batch):
                "#\(n) " + batch.operations.map(Self.operationText).joined(separator: "; ")
            case .rejected(let why): Escaping.freeText(why)
            case .deviceLost: "-"
            }
        }

        private static func editText(_ edit: Edit) -> String {
            switch edit {
            case .delete(let ids): "delete " + ids.map { token($0.rawValue) }.joined(separator: " ")
            case .move(let id, let from, let to): "move \(token(id.rawValue)) \(path(from)) -> \(path(to))"
            case .action(let action, let item): "action \(token(action.rawValue)) on \(token(item.rawValue))"
            case .reload: "reload"
            case .batch: "batch"
            case .app: "app"
            }
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
            case .action(let action, let item):
                ",\"edit\":\"action\",\"action\":\(quoted(action.rawValue)),\"item\":\(quoted(item.rawValue))"
            case .reload: ",\"edit\":\"reload\""
            case .batch: ",\"edit\":\"batch\""
            case .app: ",\"edit\":\"app\""
            }
        }

        /// The fields after `"event"` in the JSON form, each with its leading comma.
        var jsonFields: String {
            switch self {
            case .gesture(let kind, let state, let p):
                ",\"kind\":\"\(kind.rawValue)\",\"state\":\"\(state.rawValue)\",\"x\":\(Self.coordinate(p.x)),\"y\":\(Self.coordinate(p.y))"
            case .transition(let from, let to): ",\"from\":\(Self.quoted(from.rawValue)),\"to\":\(Self.quoted(to.rawValue))"
            case .stimulus(let action):
                switch action {
                case .setEditing(let on): ",\"name\":\"setEditing\",\"editing\":\(on)"
                case .deleteSelected: ",\"name\":\"deleteSelected\""
                case .reload(let sections):
                    ",\"name\":\"reload\",\"sections\":" + Transcript.json(sections)
                case .undo: ",\"name\":\"undo\""
                case .redo: ",\"name\":\"redo\""
                case .deviceLost: ",\"name\":\"deviceLost\""
                }
            case .highlight(let p): ",\"indexPath\":" + (p.map(Self.path) ?? "null")
            case .selection(let items): ",\"items\":[" + items.map { Self.quoted($0.rawValue) }.joined(separator: ",") + "]"
            case .scrolled(let offset): ",\"offset\":" + Self.coordinate(offset)
            case .swipeBegan(let id), .swipeOpened(let id), .swipeShut(let id), .deleteConfirmation(let id),
                 .deleteConfirmationCancelled(let id),
                 .dragCancelled(let id):
                ",\"item\":" + Self.quoted(id.rawValue)
            case .dragBegan(let id, let from): ",\"item\":\(Self.quoted(id.rawValue)),\"from\":\(Self.path(from))"
            case .gapMoved(let p): ",\"to\":" + Self.path(p)
            case .dragEnded(let id, let committed): ",\"item\":\(Self.quoted(id.rawValue)),\"committed\":\(committed)"
            case .editing(let on): ",\"editing\":\(on)"
            case .committed(let n, let edit), .undone(let n, let edit), .redone(let n, let edit):
                ",\"sequence\":\(n)" + Self.editJSON(edit)
            case .appBatch(let n, let batch):
                ",\"sequence\":\(n),\"operations\":[" + batch.operations.map(Self.operationJSON).joined(separator: ",") + "]"
            case .rejected(let why): ",\"reason\":" + Self.quoted(why)
            case .deviceLost: ""
            }
        }
    }
}
