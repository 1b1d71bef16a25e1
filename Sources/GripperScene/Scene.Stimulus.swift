import Gripper
import GripperEditing
import GripperGeometry

extension Scene {
    /// An outside stimulus at a time, as a scene writes it: what the
    /// embedding app does while the user touches (turn batch editing on,
    /// delete the selection, reload). A reload carries the scene's sections,
    /// labels and rules included; ``timed`` is what an ``/Gripper/EngineDriver`` fires.
    public struct Stimulus: Hashable, Sendable {
        /// What the app does.
        public enum Action: Hashable, Sendable, CustomStringConvertible {
            /// Turns batch editing on or off.
            case setEditing(Bool)
            /// Deletes every selected item in one batch.
            case deleteSelected
            /// Replaces the sections (and so the model).
            case reload([Section])
            /// Undoes the last journal entry.
            case undo
            /// Redoes the last undone entry.
            case redo
            /// The input device goes away.
            case deviceLost
            /// The viewport takes a new size (a rotation, a window resized).
            case resizeViewport(Size)
            /// A key pressed (the scene's keyboard track).
            case key(KeyboardKey)
            /// The app's move command.
            case move(MoveCommand)
            /// The app puts the keyboard focus on an item (nil: none).
            case focus(ItemPath?)
            /// A loading event of the scene's source (`load`, `loaded`,
            /// `empty`, `failed`, `refresh`), with the sections a result
            /// brings (they land as one diff batch).
            case loading(LoadingEvent, content: [Section]?)
            /// Shows segment `index` of a segmented scene (`segment`).
            case segment(Int)
            /// A loading event of one child of a composed scene (a loading
            /// stimulus with `"source": key`), with the sections a result
            /// brings in the child's own identities.
            case childLoading(String, LoadingEvent, content: [Section]?)
            /// The app scrolls, at once or animated (`scroll`).
            case scroll(ScrollTarget, animated: Bool)
            /// The layout changes (`layout`): another layout, new metrics.
            case layout(LayoutChange)
            /// The app's batch update (`batch`), with the items it inserts
            /// defined as the scene's items are (their rules and labels).
            case batch(BatchUpdate, items: [Item])

            /// The sections the action brings (a reload's, a load result's), if any.
            public var sections: [Section]? {
                switch self {
                case .reload(let sections): sections
                case .loading(_, let content), .childLoading(_, _, let content): content
                case .setEditing, .deleteSelected, .undo, .redo, .deviceLost, .resizeViewport, .key, .move, .focus, .segment, .layout,
                     .scroll, .batch: nil
                }
            }

            /// Where a scene writes the sections the action brings (`reload`, `loaded`, `empty.sections`).
            var sectionsField: String {
                switch self {
                case .loading(.loadedEmpty, _), .childLoading(_, .loadedEmpty, _): "empty.sections"
                case .loading(let event, _), .childLoading(_, let event, _): event.name
                case .reload, .setEditing, .deleteSelected, .undo, .redo, .deviceLost, .resizeViewport, .key, .move, .focus, .layout,
                     .segment, .scroll, .batch: "reload"
                }
            }

            /// The stimulus as the transcript names it (`setEditing true`, `reload inbox(3) "to do"(0)` …:
            /// a reload lists its sections with their item counts, ids quoted as the transcript quotes them).
            public var description: String { stimulus.description }

            /// The engine's stimulus: a reload's sections as the model's
            /// (identities only; the scene's data source and policy know
            /// the reloaded items' heights, columns and rules by identity).
            public var stimulus: Gripper.Stimulus {
                switch self {
                case .setEditing(let on): .setEditing(on)
                case .deleteSelected: .deleteSelected
                case .reload(let sections):
                    .reload(sections.map { CollectionSection(id: $0.id, items: $0.items.map(\.id)) })
                case .undo: .undo
                case .redo: .redo
                case .deviceLost: .deviceLost
                case .resizeViewport(let size): .resizeViewport(size)
                case .layout(let change): .changeLayout(change)
                case .key(let key): .key(key)
                case .move(let command): .move(command)
                case .focus(let p): .focus(p)
                case .segment(let index): .switchSegment(index)
                case .loading(let event, let content):
                    .loading(event, content: content.map { sections in
                        sections.map { CollectionSection(id: $0.id, items: $0.items.map(\.id)) }
                    })
                case .childLoading(let key, let event, let content):
                    .loadingChild(key, event, content: content.map { sections in
                        sections.map { CollectionSection(id: $0.id, items: $0.items.map(\.id)) }
                    })
                case .scroll(let target, let animated): .scroll(target, animated: animated)
                case .batch(let batch, _): .batch(batch)
                }
            }
        }

        /// When, measured from the start of the input (the first frame).
        public var offset: Duration
        /// What happens.
        public var action: Action

        /// The stimulus on an ``/Gripper/EngineDriver``'s track.
        public var timed: TimedStimulus { TimedStimulus(offset: offset, stimulus: action.stimulus) }

        /// Creates a stimulus.
        public init(offset: Duration, action: Action) {
            self.offset = offset
            self.action = action
        }
    }
}
