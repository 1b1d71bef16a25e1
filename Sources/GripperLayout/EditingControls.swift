import GripperGeometry

/// The editing-mode controls of a cell, in content coordinates.
public struct EditingControls: Hashable, Sendable {
    /// The delete control at the leading edge, if the item is deletable.
    public var deleteControl: Rect?
    /// The gripper at the trailing edge, if the item is movable.
    public var gripper: Rect?
    /// The delete-confirmation button at the trailing edge, while it shows.
    public var deleteConfirmation: Rect?

    /// Creates editing controls.
    public init(deleteControl: Rect? = nil, gripper: Rect? = nil, deleteConfirmation: Rect? = nil) {
        self.deleteControl = deleteControl
        self.gripper = gripper
        self.deleteConfirmation = deleteConfirmation
    }
}
