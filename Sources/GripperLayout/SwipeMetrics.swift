import GripperGeometry

/// The rule that sizes swipe actions and places the full-swipe breakpoint.
///
/// Each action's natural width is
/// `max(minimumActionWidth, characterWidth × title.count + 2 × actionPadding)`;
/// the pane's natural width is their sum, capped at the cell's width (the
/// actions then shrink in proportion). The full-swipe breakpoint is
/// `min(cellWidth, max(paneWidth + fullSwipeMargin, cellWidth × fullSwipeFraction))`.
/// See Documentation/Layout.md.
public struct SwipeMetrics: Hashable, Sendable {
    /// The narrowest an action button gets at its natural width.
    public var minimumActionWidth: Double
    /// The width the rule counts per character of an action's title.
    public var characterWidth: Double
    /// Horizontal padding on each side of an action's title.
    public var actionPadding: Double
    /// The breakpoint is at least this fraction of the cell's width.
    public var fullSwipeFraction: Double
    /// The breakpoint is at least this far past the pane's natural width.
    public var fullSwipeMargin: Double
    /// Whether swiping past the breakpoint fires the first action.
    public var allowsFullSwipe: Bool

    /// Creates swipe metrics; the defaults suit a phone-sized list.
    public init(minimumActionWidth: Double = 74, characterWidth: Double = 8, actionPadding: Double = 12,
                fullSwipeFraction: Double = 0.6, fullSwipeMargin: Double = 32, allowsFullSwipe: Bool = true) {
        self.minimumActionWidth = minimumActionWidth
        self.characterWidth = characterWidth
        self.actionPadding = actionPadding
        self.fullSwipeFraction = fullSwipeFraction
        self.fullSwipeMargin = fullSwipeMargin
        self.allowsFullSwipe = allowsFullSwipe
    }
}
