import GripperGeometry

/// What the layout cannot know about an item but must draw: whether it may
/// be moved (shows a gripper in editing mode) and deleted (shows a delete
/// control in editing mode).
public struct ItemTraits: Hashable, Sendable {
    /// Whether the item may be moved.
    public var isMovable: Bool
    /// Whether the item may be deleted.
    public var isDeletable: Bool

    /// Creates item traits.
    public init(isMovable: Bool, isDeletable: Bool) {
        self.isMovable = isMovable
        self.isDeletable = isDeletable
    }

    /// Movable and deletable.
    public static let all = ItemTraits(isMovable: true, isDeletable: true)
    /// Neither movable nor deletable.
    public static let fixed = ItemTraits(isMovable: false, isDeletable: false)
}
