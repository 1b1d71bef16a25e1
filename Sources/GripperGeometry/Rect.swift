/// An axis-aligned rectangle: an origin (its top-left corner) and a size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The extents; never negative for rectangles Gripper makes.
    public var size: Size

    /// Creates a rectangle from its top-left corner and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from coordinates.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge's x.
    public var minX: Double { origin.x }
    /// The top edge's y.
    public var minY: Double { origin.y }
    /// The right edge's x (outside the rectangle, see ``contains(_:)``).
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge's y (outside the rectangle, see ``contains(_:)``).
    public var maxY: Double { origin.y + size.height }
    /// The x halfway between the left and right edges.
    public var midX: Double { origin.x + size.width / 2 }
    /// The y halfway between the top and bottom edges.
    public var midY: Double { origin.y + size.height / 2 }
    /// The horizontal extent (`size.width`).
    public var width: Double { size.width }
    /// The vertical extent (`size.height`).
    public var height: Double { size.height }
    /// The centre point.
    public var center: Point { Point(x: midX, y: midY) }

    /// Whether the rectangle has no area.
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// Whether `point` lies inside; the left and top edges are inside, the
    /// right and bottom edges outside, so tiled rectangles never share a point.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether the two rectangles overlap: on each axis, each one's span
    /// meets the inside of the other's. Touching edges do not count; a
    /// rectangle of no width or height inside the other does (an item of
    /// height 0 in a query's rectangle is in the answer), though it shares
    /// no area.
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The rectangle moved by `delta`.
    public func offsetBy(_ delta: Point) -> Rect { Rect(origin: origin + delta, size: size) }

    /// The rectangle shrunk by the given amounts on each side.
    public func inset(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) -> Rect {
        Rect(x: minX + left, y: minY + top,
             width: max(0, width - left - right), height: max(0, height - top - bottom))
    }

    /// `[minX, minY, width×height]`, for logs and test failures.
    public var description: String { "[\(minX), \(minY), \(width)×\(height)]" }
}
