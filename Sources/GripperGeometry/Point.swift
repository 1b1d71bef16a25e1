/// A point (or a displacement) in a plane: layout points, millimetres or
/// device units, depending on where it is used. The y axis grows downwards,
/// as it does on screens and on evdev devices.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate, growing downwards.
    public var y: Double

    /// Creates a point from its coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// The distance from the origin, treating the point as a vector.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// The componentwise sum: `a` moved by the displacement `b`.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// The componentwise difference: the displacement from `b` to `a`.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// Both coordinates scaled by `k`.
    public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }

    /// The Euclidean distance between two points.
    public func distance(to other: Point) -> Double { (other - self).length }

    /// `(x, y)`, for logs and test failures.
    public var description: String { "(\(x), \(y))" }
}
