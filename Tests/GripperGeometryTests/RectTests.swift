import GripperGeometry
import Testing

/// The rectangle's edge rules, on both sides of each edge: hit tests and
/// drop targets rely on them to give one answer where rectangles tile.
@Suite struct RectTests {
    static let r = Rect(x: 10, y: 20, width: 30, height: 40)

    /// The left and top edges are inside, the right and bottom edges outside,
    /// so two tiled rectangles never both contain a point.
    @Test func theLeftAndTopEdgesAreInsideTheRightAndBottomOutside() {
        #expect(Self.r.contains(Point(x: 10, y: 20)))
        #expect(!Self.r.contains(Point(x: 9.999, y: 20)))
        #expect(!Self.r.contains(Point(x: 10, y: 19.999)))
        #expect(Self.r.contains(Point(x: 39.999, y: 59.999)))
        #expect(!Self.r.contains(Point(x: 40, y: 30)))
        #expect(!Self.r.contains(Point(x: 20, y: 60)))
        let right = Rect(x: 40, y: 20, width: 30, height: 40)
        #expect(right.contains(Point(x: 40, y: 30)))
        #expect(!Rect.zero.contains(.zero))
    }

    /// Rectangles that only touch do not intersect; overlapping by any
    /// amount does, and so does a rectangle of no width or height inside.
    @Test func touchingEdgesDoNotIntersect() {
        #expect(!Self.r.intersects(Rect(x: 40, y: 20, width: 5, height: 5)))
        #expect(!Self.r.intersects(Rect(x: 10, y: 60, width: 5, height: 5)))
        #expect(Self.r.intersects(Rect(x: 39.5, y: 20, width: 5, height: 5)))
        #expect(Self.r.intersects(Rect(x: 10, y: 59.5, width: 5, height: 5)))
        // No width or height, inside: in; on an edge: out.
        #expect(Self.r.intersects(Rect(x: 20, y: 30, width: 0, height: 5)))
        #expect(Self.r.intersects(Rect(x: 20, y: 30, width: 5, height: 0)))
        #expect(!Self.r.intersects(Rect(x: 10, y: 30, width: 0, height: 5)))
        #expect(!Self.r.intersects(Rect(x: 20, y: 60, width: 5, height: 0)))
    }

    /// An inset larger than the rectangle leaves an empty one, never a negative size.
    @Test func anInsetPastTheSizeLeavesAnEmptyRectangle() {
        #expect(Self.r.inset(top: 1, left: 2, bottom: 3, right: 4) == Rect(x: 12, y: 21, width: 24, height: 36))
        let gone = Self.r.inset(left: 20, right: 20)
        #expect(gone.width == 0 && gone.height == 40 && gone.isEmpty)
        #expect(Self.r.inset(top: 50).size == Size(width: 30, height: 0))
    }
}
