/// A width and a height.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size from its extents.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A size with no extent.
    public static let zero = Size(width: 0, height: 0)

    /// `width×height`, for logs and test failures.
    public var description: String { "\(width)×\(height)" }
}
