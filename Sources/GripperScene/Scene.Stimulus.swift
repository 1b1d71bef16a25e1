import Gripper
import GripperEditing
import GripperGeometry

extension Scene {
    /// An outside stimulus at a time, as a scene holds it: what the
    /// embedding app does while the user touches (turn batch editing on,
    /// delete the selection, reload), in the engine's own vocabulary
    /// (``/Gripper/Stimulus``), with the scene's definitions of what it
    /// brings: a reload's or a load result's sections with their titles,
    /// columns, labels and rules, a batch's inserted items. A new stimulus
    /// is a case of ``/Gripper/Stimulus`` and its spelling in the scene
    /// reader and writer. ``timed`` is what an ``/Gripper/EngineDriver`` fires.
    public struct Stimulus: Hashable, Sendable {
        /// When, measured from the start of the input (the first frame).
        public var offset: Duration
        /// What the app does. Sections it brings are identities only; the
        /// scene defines them in ``sections``.
        public var action: Gripper.Stimulus
        /// The sections the action brings (a reload's, a load result's,
        /// a child's result's in the child's own identities) as the scene
        /// defines them; nil when it brings none. Their identities are the
        /// action's (``init(offset:action:sections:items:)`` checks nothing;
        /// the scene reader and ``bringing(_:at:_:)`` make them agree).
        public var sections: [Section]?
        /// The items a batch inserts, as the scene defines them (their rules
        /// and labels); empty for another action. An inserted identity
        /// without one is what a scene gives an item it does not define.
        public var items: [Item]

        /// Creates a stimulus.
        public init(offset: Duration, action: Gripper.Stimulus, sections: [Section]? = nil, items: [Item] = []) {
            self.offset = offset
            self.action = action
            self.sections = sections
            self.items = items
        }

        /// A stimulus that brings `sections`: the action `make` builds from
        /// their identities (`.reload`, `.loading(…, content:)`,
        /// `.loadingChild(…, content:)`), with the scene's definitions kept.
        public static func bringing(_ sections: [Section], at offset: Duration,
                                    _ make: ([CollectionSection]) -> Gripper.Stimulus) -> Stimulus {
            Stimulus(offset: offset, action: make(sections.map(\.identities)), sections: sections)
        }

        /// The stimulus on an ``/Gripper/EngineDriver``'s track.
        public var timed: TimedStimulus { TimedStimulus(offset: offset, stimulus: action) }

        /// The sections the action brings as the scene writes them: its
        /// ``sections``, else its own identities with what a scene gives an
        /// item it does not define.
        var definedSections: [Section]? {
            if let sections { return sections }
            let content: [CollectionSection]? = switch action {
            case .reload(let content): content
            case .loading(_, let content), .loadingChild(_, _, let content): content
            case .setEditing, .deleteSelected, .undo, .redo, .deviceLost, .scroll, .resizeViewport, .key, .move, .focus,
                 .switchSegment, .changeLayout, .batch, .measured: nil
            }
            return content?.map { Section(id: $0.id, items: $0.items.map(Item.undefined)) }
        }

        /// Where a scene writes the sections the action brings (`reload`, `loaded`, `empty.sections`).
        var sectionsField: String {
            switch action {
            case .loading(.loadedEmpty, _), .loadingChild(_, .loadedEmpty, _): "empty.sections"
            case .loading(let event, _), .loadingChild(_, let event, _): event.name
            case .reload, .setEditing, .deleteSelected, .undo, .redo, .deviceLost, .resizeViewport, .key, .move, .focus,
                 .changeLayout, .switchSegment, .scroll, .batch, .measured: "reload"
            }
        }
    }
}

extension Scene.Section {
    /// The section as the model holds it: its identity and its items' identities.
    var identities: CollectionSection { CollectionSection(id: id, items: items.map(\.id)) }
}

extension Scene.Item {
    /// What a scene gives an identity it does not define: its id as label,
    /// nothing allowed.
    static func undefined(_ id: ItemID) -> Scene.Item {
        Scene.Item(id: id, label: id.rawValue, isEditable: false, isMovable: false, isSelectable: false,
                   trailingActions: .none, leadingActions: .none)
    }
}
