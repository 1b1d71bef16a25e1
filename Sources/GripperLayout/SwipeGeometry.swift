import GripperGeometry

/// The swipe geometry of one cell and one set of actions, as the editing
/// machine reads it: where to snap open, where a full swipe fires, how far
/// the content may go.
public struct SwipeGeometry: Hashable, Sendable {
    /// The pane's width when open at rest: the sum of the actions' natural
    /// widths, capped at the cell's width.
    public var paneWidth: Double
    /// The revealed width past which releasing fires the first action, or
    /// `nil` when full swipes are off or there are no actions.
    public var fullSwipeBreakpoint: Double?
    /// The largest revealed width: the cell's width.
    public var maximumOffset: Double
    /// Each action's width at rest (they sum to `paneWidth`).
    public var actionWidths: [Double]

    /// Creates swipe geometry.
    public init(paneWidth: Double, fullSwipeBreakpoint: Double?, maximumOffset: Double, actionWidths: [Double]) {
        self.paneWidth = paneWidth
        self.fullSwipeBreakpoint = fullSwipeBreakpoint
        self.maximumOffset = maximumOffset
        self.actionWidths = actionWidths
    }
}
