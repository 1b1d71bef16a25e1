import GripperGeometry

/// A cell being swiped or held open: which cell, how far its content has
/// slid, and the actions on each edge.
public struct SwipeState: Hashable, Sendable {
    /// The swiped cell.
    public var indexPath: ItemPath
    /// The content's horizontal displacement: negative slides left and
    /// reveals the trailing actions, positive reveals the leading actions.
    public var offset: Double
    /// Actions revealed by sliding left, the first at the trailing edge.
    public var trailingActions: [SwipeAction]
    /// Actions revealed by sliding right, the first at the leading edge.
    public var leadingActions: [SwipeAction]

    /// Creates a swipe state.
    @_spi(Benchmarks) public init(indexPath: ItemPath, offset: Double, trailingActions: [SwipeAction] = [],
                leadingActions: [SwipeAction] = []) {
        self.indexPath = indexPath
        self.offset = offset
        self.trailingActions = trailingActions
        self.leadingActions = leadingActions
    }

    /// The edge the current offset reveals, or `nil` at rest.
    public var edge: SwipeEdge? { offset < 0 ? .trailing : (offset > 0 ? .leading : nil) }

    /// The actions on the edge the offset reveals.
    public var revealedActions: [SwipeAction] {
        switch edge {
        case .trailing: trailingActions
        case .leading: leadingActions
        case nil: []
        }
    }
}
