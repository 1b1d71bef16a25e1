import GripperGeometry

/// Distances inwards from the four edges of a rectangle, in layout points.
public struct EdgeInsets: Hashable, Sendable {
    /// Inset from the top edge.
    public var top: Double
    /// Inset from the left (leading) edge.
    public var left: Double
    /// Inset from the bottom edge.
    public var bottom: Double
    /// Inset from the right (trailing) edge.
    public var right: Double

    /// Creates insets from the four distances.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset on any side.
    public static let zero = EdgeInsets()

    var isValid: Bool {
        [top, left, bottom, right].allSatisfy { $0.isFinite && $0 >= 0 && $0 <= GridLayout.maximumLength }
    }
}
