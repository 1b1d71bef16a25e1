import GripperGeometry

/// The swipe part of a swiped cell's attributes.
public struct SwipeAttributes: Hashable, Sendable {
    /// The edge being revealed.
    public var edge: SwipeEdge
    /// How far the cell's content is displaced horizontally (negative: left).
    public var contentOffset: Double
    /// The revealed pane: always inside the cell's own frame.
    public var paneFrame: Rect
    /// Each revealed action's button, in the order given (the first nearest
    /// the swiped edge); they tile the pane.
    public var actions: [ActionFrame]
    /// Whether the content slides under the neighbouring column (it leaves
    /// the cell's frame on a side that has another column): renderers draw
    /// it clipped and faded there.
    public var contentSlidesUnderNeighbour: Bool
    /// Whether the offset is past the full-swipe breakpoint (releasing now
    /// fires the first action).
    public var isPastFullSwipe: Bool

    /// Creates swipe attributes.
    public init(edge: SwipeEdge, contentOffset: Double, paneFrame: Rect, actions: [ActionFrame],
                contentSlidesUnderNeighbour: Bool, isPastFullSwipe: Bool) {
        self.edge = edge
        self.contentOffset = contentOffset
        self.paneFrame = paneFrame
        self.actions = actions
        self.contentSlidesUnderNeighbour = contentSlidesUnderNeighbour
        self.isPastFullSwipe = isPastFullSwipe
    }
}
