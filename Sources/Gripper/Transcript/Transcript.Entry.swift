@_spi(Benchmarks) import GripperEditing
import GripperGeometry
@_spi(Benchmarks) import GripperGestures
import GripperLayout

extension Transcript {
    /// One thing that happened, at a time measured from the start of the input.
    public struct Entry: Hashable, Sendable {
        /// Microseconds since the start of the input (the first frame).
        public var offset: Int64
        /// What happened (benchmarks and the package's own modules switch
        /// on it; an app reads ``textLine``, ``announcement`` and
        /// ``rejection``).
        @_spi(Benchmarks) public var event: Event

        /// Creates an entry.
        package init(offset: Int64, event: Event) {
            self.offset = offset
            self.event = event
        }

        /// The entry's line in the text form.
        public var textLine: String {
            FixedDecimal.seconds(microseconds: offset) + " " + event.name + " " + event.textDetail
        }

        /// The announcement this entry carries, if it is one: what to hand
        /// to whatever speaks (AT-SPI on Linux).
        public var announcement: SpokenAnnouncement? {
            if case .announcement(let a) = event { a } else { nil }
        }

        /// What the editing machine did, if this entry is one of its
        /// effects (a drag began, the gap moved, a journal entry committed,
        /// undone or redone …): what an app that reports or mirrors the
        /// user's edits reads. Nil for every other entry.
        public var effect: EditingEffect? {
            if case .effect(let effect) = event { effect } else { nil }
        }

        /// What the engine could not do, if this entry says so (the layout
        /// refused a commit, a scroll to an item that is not there, a stimulus
        /// repeated an identity): nothing changed. Nil for every other entry.
        public var rejection: String? {
            if case .rejected(let why) = event { why } else { nil }
        }

        /// The entry's line in the JSON Lines form.
        public var jsonLine: String {
            "{\"t\":" + FixedDecimal.seconds(microseconds: offset) + ",\"event\":\"" + event.name + "\""
                + event.jsonFields + "}"
        }
    }

    /// What a transcript entry records.
    @_spi(Benchmarks) public enum Event: Hashable, Sendable {
        /// A recognizer's event (or a touch notice) as the arena reported
        /// it; written as its kind, its state and its location (layout
        /// points, viewport coordinates). Continuous gestures' `changed`
        /// events are not recorded (their effects are).
        case gesture(Gesture)
        /// The editing machine changed state.
        case transition(from: EditingPhase, to: EditingPhase)
        /// An outside stimulus arrived.
        case stimulus(Stimulus)
        /// What the editing machine did, as it said it: a highlight, the
        /// selection, a scroll (consecutive scrolls are reported once, at the
        /// last one's time), a swipe, a delete confirmation, a drag, batch
        /// editing on or off, a journal entry committed, undone or redone, the
        /// app's batch (journaled as an app entry, `Edit/app`, that the
        /// user's undo does not take off), an edit rejected. Every effect but
        /// `EditingEffect/scheduleTick(at:)`, which is the driver's business
        /// and never recorded. Written under the transcript's own names
        /// (`selection`, `editing`, `deleteConfirmation`, `appBatch`; see
        /// `Documentation/Engine.md`, "The transcript").
        case effect(EditingEffect)
        /// Something the engine itself could not do (the layout refused a
        /// commit, a stimulus's reload repeated an identity); nothing changed.
        case rejected(String)
        /// The app's data source contradicted itself where the engine read
        /// it (a section's count changed without a batch, an identity
        /// repeated); the engine went on with what it knows (see
        /// `Documentation/Engine.md`, "A source that contradicts itself").
        case dataSource(DataSourceError)
        /// The input device went away.
        case deviceLost
        /// A key the engine acts on was pressed (`repeated`: its autorepeat).
        case key(KeyboardKey, repeated: Bool)
        /// What happened, in words (only when the engine announces:
        /// ``Engine/announcementStrings``).
        case announcement(SpokenAnnouncement)
        /// The data source's loading machine took an event: moved, or
        /// ignored it (see Documentation/DataSources.md).
        case loading(LoadingStep)
        /// A pinch between layouts (``Engine/setPinchLayouts(_:)``) began,
        /// finished (its change made) or was cancelled (the layout stays).
        case layoutPinch(LayoutPinchStep)
        /// A tap on the global header's segment control chose this segment
        /// (``Engine/segmentFrames()``); the switch's own entries follow.
        case segmentTapped(Int)
        /// The app set a layout of its own making
        /// (``Engine/setLayout(_:metrics:at:)``), named by its type; the change's
        /// own entries (a gap moved, an open cell shut) follow.
        case layoutSet(String)

        /// The `event` name in both forms.
        public var name: String {
            switch self {
            case .gesture: "gesture"
            case .transition: "state"
            case .stimulus: "stimulus"
            case .effect(let effect): effect.transcriptName
            case .rejected: "rejected"
            case .dataSource: "dataSource"
            case .deviceLost: "deviceLost"
            case .key: "key"
            case .announcement: "announce"
            case .loading: "loading"
            case .layoutPinch: "layoutPinch"
            case .segmentTapped: "segmentTapped"
            case .layoutSet: "layoutSet"
            }
        }

        /// The entry's fields after its name, in order: the one description
        /// that both forms render (``Transcript/Field``).
        /// - Complexity: O(the fields' length).
        package var fields: [Field] {
            switch self {
            case .gesture(let g):
                [.word("kind", g.kind.rawValue), .word("state", g.state.rawValue),
                 .coordinate("x", g.location.x, after: " at "), .coordinate("y", g.location.y, after: ",")]
            case .transition(let from, let to): [.word("from", from.rawValue), .word("to", to.rawValue, after: " -> ")]
            case .stimulus(let action): action.transcriptFields
            case .effect(let effect): effect.transcriptFields
            case .rejected(let why): [Field("reason", json: Escaping.json(why), text: Escaping.freeText(why))]
            case .dataSource(let error): error.transcriptFields
            case .deviceLost: [.text("-")]
            case .key(let key, let repeated):
                [.word("key", key.rawValue), Field("repeat", json: "\(repeated)", text: repeated ? "repeat" : nil)]
            case .announcement(let a):
                [.word("kind", a.key.rawValue), Field("text", json: Escaping.json(a.text), text: Escaping.freeText(a.text))]
            case .loading(let step): step.transcriptFields
            case .segmentTapped(let index): [.int("segment", index)]
            case .layoutSet(let type): [Field("layout", json: Escaping.json(type), text: Escaping.freeText(type))]
            case .layoutPinch(let step):
                switch step {
                case .began(let change): [.word("step", "began")] + Self.layoutChangeFields(change)
                case .finished(let change): [.word("step", "finished")] + Self.layoutChangeFields(change)
                case .beganInto(let name):
                    [.word("step", "began"), Field("layout", json: Escaping.json(name), text: "layout " + Escaping.freeText(name))]
                case .finishedInto(let name):
                    [.word("step", "finished"), Field("layout", json: Escaping.json(name), text: "layout " + Escaping.freeText(name))]
                case .cancelled(let progress):
                    [Field("step", json: "\"cancelled\"", text: "cancelled"),
                     Field("progress", json: FixedDecimal.string(progress, places: 2),
                           text: "at " + FixedDecimal.string(progress, places: 2))]
                }
            }
        }

        /// A layout change's fields (``LayoutChange/fields``): in the text
        /// `name value` as ``LayoutChange/description`` writes it; in the
        /// JSON numbers as numbers (two places), `none` as null, insets as
        /// `[top,left,bottom,right]`.
        static func layoutChangeFields(_ change: LayoutChange) -> [Field] {
            change.fields.map { field in
                let json: String
                switch field.value {
                case .word(let w): json = Escaping.json(w)
                case .count(let n): json = String(n)
                case .length(let v): json = FixedDecimal.string(v, places: 2)
                case .lengthOrNone(let v): json = v.map { FixedDecimal.string($0, places: 2) } ?? "null"
                case .insets(let i):
                    json = "[" + [i.top, i.left, i.bottom, i.right].map { FixedDecimal.string($0, places: 2) }
                        .joined(separator: ",") + "]"
                }
                return Field(field.name, json: json, text: field.name + " " + field.value.text)
            }
        }

        /// The detail after the name in the text form.
        package var textDetail: String { Transcript.text(of: fields) }

        /// The fields after `"event"` in the JSON form, each with its leading comma.
        var jsonFields: String { Transcript.jsonMembers(of: fields) }
    }
}
