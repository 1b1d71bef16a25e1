import GripperGeometry

/// One swipe action as far as geometry is concerned: its identity, its title
/// (which sizes its button, see ``SwipeMetrics``) and its style.
public struct SwipeAction: Hashable, Sendable {
    /// How an action is drawn; the layout only passes it on.
    public enum Style: Hashable, Sendable {
        /// An ordinary action.
        case normal
        /// An action that destroys something (drawn red, by convention).
        case destructive
    }

    /// The action's identity, reported by hit tests.
    public var id: String
    /// The button's title.
    public var title: String
    /// The button's style.
    public var style: Style

    /// Creates an action descriptor.
    public init(id: String, title: String, style: Style = .normal) {
        self.id = id
        self.title = title
        self.style = style
    }
}
