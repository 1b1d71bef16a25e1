import GripperGeometry

/// The axis content scrolls along.
public enum ScrollAxis: String, Hashable, Sendable, CaseIterable {
    /// Content scrolls up and down; sections stack top to bottom.
    case vertical
    /// Content scrolls left and right; sections stack along the reading
    /// direction (left to right, or right to left under
    /// ``LayoutDirection/rightToLeft``).
    case horizontal
}
