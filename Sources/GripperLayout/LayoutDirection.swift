import GripperGeometry

/// The reading direction of the layout: where the leading edge is.
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
    /// The leading edge is on the left.
    case leftToRight
    /// The leading edge is on the right: column order, the leading and
    /// trailing swipe actions and a horizontal scroll's start all mirror.
    case rightToLeft
}
