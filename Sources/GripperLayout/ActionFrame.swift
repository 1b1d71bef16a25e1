import GripperGeometry

/// Where one swipe-action button lies, in content coordinates.
public struct ActionFrame: Hashable, Sendable {
    /// The action's identity.
    public var id: String
    /// The action's style, passed on for drawing.
    public var style: SwipeAction.Style
    /// The button's frame; zero width once a full swipe gives the whole pane
    /// to the first action.
    public var frame: Rect

    /// Creates an action frame.
    public init(id: String, style: SwipeAction.Style, frame: Rect) {
        self.id = id
        self.style = style
        self.frame = frame
    }
}
