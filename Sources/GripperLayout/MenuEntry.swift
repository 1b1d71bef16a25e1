import GripperGeometry

/// One entry of an item's menu (a long press, or the Menu key, opens it) as
/// far as the layout is concerned: its identity, its title and its style.
public struct MenuEntry: Hashable, Sendable {
    /// The entry's identity (the action's), reported by hit tests.
    public var id: String
    /// The entry's title.
    public var title: String
    /// How it is drawn: a destructive entry (it deletes the item) in red.
    public var style: SwipeAction.Style

    /// Creates an entry.
    public init(id: String, title: String, style: SwipeAction.Style = .normal) {
        self.id = id
        self.title = title
        self.style = style
    }
}
