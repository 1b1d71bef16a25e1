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

        /// The entry's line in the JSON Lines form.
        public var jsonLine: String {
            "{\"t\":" + FixedDecimal.seconds(microseconds: offset) + ",\"event\":\"" + event.name + "\""
                + event.jsonFields + "}"
        }
    }

    /// What a transcript entry records.
    public enum Event: Hashable, Sendable {
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
            }
        }

        private static func coordinate(_ x: Double) -> String { FixedDecimal.string(x, places: 2) }
        private static func quoted(_ s: String) -> String { Escaping.json(s) }
        private static func targetJSON(_ target: ScrollTarget) -> String {
            switch target {
            case .offset(let y): ",\"offset\":" + coordinate(y)
            case .item(let p, let position):
                ",\"item\":[\(p.section),\(p.item)],\"position\":\"\(position.rawValue)\""
            }
        }

        /// A layout change's fields as JSON members: numbers as numbers
        /// (two places), `none` as null, insets as `[top,left,bottom,right]`.
        private static func layoutChangeJSON(_ change: LayoutChange) -> String {
            var out = ""
            func number(_ v: Double?) -> String { v.map(coordinate) ?? "null" }
            if let kind = change.kind { out += ",\"kind\":\"\(kind.rawValue)\"" }
            if let columns = change.columns { out += ",\"columns\":\(columns)" }
            if let w = change.minimumItemWidth { out += ",\"minimumItemWidth\":" + number(w) }
            if let v = change.rowHeight { out += ",\"rowHeight\":" + number(v) }
            if let v = change.interItemSpacing { out += ",\"interItemSpacing\":" + number(v) }
            if let v = change.lineSpacing { out += ",\"lineSpacing\":" + number(v) }
            if let i = change.sectionInsets {
                out += ",\"insets\":[" + [i.top, i.left, i.bottom, i.right].map(coordinate).joined(separator: ",") + "]"
            }
            if let v = change.headerHeight { out += ",\"headerHeight\":" + number(v) }
            if let v = change.footerHeight { out += ",\"footerHeight\":" + number(v) }
            if let v = change.separator { out += ",\"separator\":" + number(v) }
            if let w = change.itemWidth { out += ",\"itemWidth\":" + number(w) }
            if let axis = change.scrollDirection { out += ",\"scrollDirection\":\"\(axis.rawValue)\"" }
            if let d = change.layoutDirection { out += ",\"layoutDirection\":\"\(d.rawValue)\"" }
            if let s = change.scrollSnapping { out += ",\"snapping\":\"\(s.rawValue)\"" }
            return out
        }

        /// The detail after the name in the text form.
        package var textDetail: String {
            switch self {
            case .gesture(let g):
                "\(g.kind.rawValue) \(g.state.rawValue) at \(Self.coordinate(g.location.x)),\(Self.coordinate(g.location.y))"
            case .transition(let from, let to): "\(from.rawValue) -> \(to.rawValue)"
            case .stimulus(let action): action.description
            case .effect(let effect): effect.transcriptText
            case .rejected(let why): Escaping.freeText(why)
            case .dataSource(let error): error.transcriptText
            case .deviceLost: "-"
            case .key(let key, let repeated): key.rawValue + (repeated ? " repeat" : "")
            case .announcement(let a): a.key.rawValue + " " + Escaping.freeText(a.text)
            case .loading(let step): step.transcriptText
            case .layoutPinch(let step):
                switch step {
                case .began(let change): change.isEmpty ? "began" : "began \(change)"
                case .finished(let change): change.isEmpty ? "finished" : "finished \(change)"
                case .cancelled(let progress): "cancelled at " + FixedDecimal.string(progress, places: 2)
                }
            }
        }

        /// The fields after `"event"` in the JSON form, each with its leading comma.
        var jsonFields: String {
            switch self {
            case .gesture(let g):
                ",\"kind\":\"\(g.kind.rawValue)\",\"state\":\"\(g.state.rawValue)\",\"x\":\(Self.coordinate(g.location.x)),\"y\":\(Self.coordinate(g.location.y))"
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
                case .scroll(let target, let animated):
                    ",\"name\":\"scroll\"" + Self.targetJSON(target) + ",\"animated\":\(animated)"
                case .resizeViewport(let size):
                    ",\"name\":\"resizeViewport\",\"width\":\(Self.coordinate(size.width)),\"height\":\(Self.coordinate(size.height))"
                case .key(let key): ",\"name\":\"key\",\"key\":\"\(key.rawValue)\""
                case .move(let command): ",\"name\":\"move\"" + command.transcriptJSONFields
                case .focus(let p):
                    ",\"name\":\"focus\",\"indexPath\":" + (p.map { "[\($0.section),\($0.item)]" } ?? "null")
                case .loading(let event, let content):
                    Stimulus.loadingJSON(event) + (content.map { ",\"sections\":" + Transcript.json($0) } ?? "")
                case .switchSegment(let index): ",\"name\":\"segment\",\"segment\":\(index)"
                case .changeLayout(let change): ",\"name\":\"layout\"" + Self.layoutChangeJSON(change)
                case .loadingChild(let key, let event, let content):
                    Stimulus.loadingJSON(event) + ",\"child\":" + Self.quoted(key)
                        + (content.map { ",\"sections\":" + Transcript.json($0) } ?? "")
                case .batch(let batch): ",\"name\":\"batch\",\"operations\":\(batch.operations.count)"
                }
            case .effect(let effect): effect.transcriptJSONFields
            case .rejected(let why): ",\"reason\":" + Self.quoted(why)
            case .dataSource(let error): error.transcriptJSONFields
            case .deviceLost: ""
            case .key(let key, let repeated): ",\"key\":\"\(key.rawValue)\",\"repeat\":\(repeated)"
            case .announcement(let a): ",\"kind\":\"\(a.key.rawValue)\",\"text\":" + Self.quoted(a.text)
            case .loading(let step): step.transcriptJSONFields
            case .layoutPinch(let step):
                switch step {
                case .began(let change): ",\"step\":\"began\"" + Self.layoutChangeJSON(change)
                case .finished(let change): ",\"step\":\"finished\"" + Self.layoutChangeJSON(change)
                case .cancelled(let progress): ",\"step\":\"cancelled\",\"progress\":" + Self.coordinate(progress)
                }
            }
        }
    }
}
