import GripperInput

extension Scene {
    /// An outside stimulus at a time: what the embedding app does while the
    /// user touches (turn batch editing on, delete the selection, reload).
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

            /// The stimulus as the transcript names it (`setEditing true`, `reload inbox(3) "to do"(0)` …:
            /// a reload lists its sections with their item counts, ids quoted as the transcript quotes them).
            public var description: String {
                switch self {
                case .setEditing(let on): "setEditing \(on)"
                case .deleteSelected: "deleteSelected"
                case .reload(let sections):
                    "reload " + sections.map { Escaping.token($0.id.rawValue) + "(\($0.items.count))" }.joined(separator: " ")
                case .undo: "undo"
                case .redo: "redo"
                case .deviceLost: "deviceLost"
                }
            }
        }

        /// When, measured from the start of the input (the first frame).
        public var offset: Duration
        /// What happens.
        public var action: Action

        /// Creates a stimulus.
        public init(offset: Duration, action: Action) {
            self.offset = offset
            self.action = action
        }
    }
}
