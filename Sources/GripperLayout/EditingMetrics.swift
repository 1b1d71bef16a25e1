import GripperGeometry

/// The geometry of the controls a cell shows in editing mode.
public struct EditingMetrics: Hashable, Sendable {
    /// Width of the delete control at the cell's leading (left) edge.
    public var deleteControlWidth: Double
    /// Width of the gripper (drag handle) at the cell's trailing (right) edge.
    public var gripperWidth: Double
    /// Width of the delete-confirmation button at the cell's trailing edge;
    /// the cell's content slides left by this much while it shows.
    public var deleteConfirmationWidth: Double

    /// Creates editing metrics.
    public init(deleteControlWidth: Double = 44, gripperWidth: Double = 44, deleteConfirmationWidth: Double = 82) {
        self.deleteControlWidth = deleteControlWidth
        self.gripperWidth = gripperWidth
        self.deleteConfirmationWidth = deleteConfirmationWidth
    }
}
