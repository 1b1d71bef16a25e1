import GripperGeometry

/// The geometry of row or column separators (decoration elements).
///
/// A row separator is centred in the line spacing below each row but the
/// last and spans the section's content width less `startInset` (left) and
/// `endInset` (right). A column separator is centred in the inter-item
/// spacing right of each column that has a neighbour in that row, and spans
/// the row's height less `startInset` (top) and `endInset` (bottom).
/// A thickness of 0 means no separators.
public struct SeparatorMetrics: Hashable, Sendable {
    /// The line's thickness; 0 for none.
    public var thickness: Double
    /// Inset at the start of the line (left for rows, top for columns).
    public var startInset: Double
    /// Inset at the end of the line (right for rows, bottom for columns).
    public var endInset: Double

    /// Creates separator metrics.
    public init(thickness: Double, startInset: Double = 0, endInset: Double = 0) {
        self.thickness = thickness
        self.startInset = startInset
        self.endInset = endInset
    }

    /// No separators.
    public static let none = SeparatorMetrics(thickness: 0)

    var exists: Bool { thickness > 0 }
}
