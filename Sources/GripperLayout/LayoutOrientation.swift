import GripperGeometry

/// How a layout's scroll space maps onto the screen.
///
/// Every ``CollectionLayout`` is written in *scroll space*: y runs along the
/// scroll axis (the content offset is a y), x runs across it from the
/// leading edge. A vertical left-to-right layout's scroll space is the
/// screen. A horizontal one is the screen transposed (x ↔ y), and a
/// right-to-left one is mirrored across its leading edge. The engine maps
/// each input point into scroll space before the editing machine sees it,
/// and a renderer maps each frame back with `screenRect(_:contentLength:)`.
/// So the drag gap, hit tests, swipe actions and pinned headers of one
/// layout serve every direction: in a horizontal layout a swipe across the
/// scroll axis is vertical, and a pinned header pins to the viewport's
/// leading edge.
///
/// All maps are exact (a swap or a subtraction), so a point mapped there
/// and back is the same point.
public struct LayoutOrientation: Hashable, Sendable, CustomStringConvertible {
    /// The axis content scrolls along.
    public var axis: ScrollAxis
    /// The reading direction.
    public var direction: LayoutDirection

    /// An orientation; the default is vertical, left to right.
    public init(axis: ScrollAxis = .vertical, direction: LayoutDirection = .leftToRight) {
        self.axis = axis
        self.direction = direction
    }

    /// Vertical, left to right: scroll space is the screen.
    public static let standard = LayoutOrientation()

    /// Whether scroll space is the screen itself.
    package var isIdentity: Bool { axis == .vertical && direction == .leftToRight }

    /// The viewport's size in scroll space for a viewport of `screen` size:
    /// its height is its extent along the scroll axis.
    public func scrollSize(_ screen: Size) -> Size {
        switch axis {
        case .vertical: screen
        case .horizontal: Size(width: screen.height, height: screen.width)
        }
    }

    /// A viewport point (screen, the viewport's top-left at the origin) in
    /// scroll space, for a viewport of `screen` size.
    package func scrollPoint(_ p: Point, viewport screen: Size) -> Point {
        switch (axis, direction) {
        case (.vertical, .leftToRight): p
        case (.vertical, .rightToLeft): Point(x: screen.width - p.x, y: p.y)
        case (.horizontal, .leftToRight): Point(x: p.y, y: p.x)
        case (.horizontal, .rightToLeft): Point(x: p.y, y: screen.width - p.x)
        }
    }

    /// A scroll-space point (the viewport's, the content offset taken off)
    /// on the screen: the inverse of ``scrollPoint(_:viewport:)``.
    package func viewportPoint(_ s: Point, viewport screen: Size) -> Point {
        switch (axis, direction) {
        case (.vertical, .leftToRight): s
        case (.vertical, .rightToLeft): Point(x: screen.width - s.x, y: s.y)
        case (.horizontal, .leftToRight): Point(x: s.y, y: s.x)
        case (.horizontal, .rightToLeft): Point(x: screen.width - s.y, y: s.x)
        }
    }

    /// A displacement or velocity on the screen, in scroll space.
    package func scrollVector(_ v: Point) -> Point {
        switch (axis, direction) {
        case (.vertical, .leftToRight): v
        case (.vertical, .rightToLeft): Point(x: -v.x, y: v.y)
        case (.horizontal, .leftToRight): Point(x: v.y, y: v.x)
        case (.horizontal, .rightToLeft): Point(x: v.y, y: -v.x)
        }
    }

    /// A scroll-space rect (content coordinates) on the screen, in content
    /// coordinates of the screen: `contentLength` is the content's extent
    /// along the scroll axis (a right-to-left horizontal layout starts at
    /// its right end), and a vertical layout's cross extent is the
    /// viewport's width, `crossLength`.
    package func screenRect(_ r: Rect, contentLength: Double, crossLength: Double) -> Rect {
        switch (axis, direction) {
        case (.vertical, .leftToRight): r
        case (.vertical, .rightToLeft): Rect(x: crossLength - r.maxX, y: r.minY, width: r.width, height: r.height)
        case (.horizontal, .leftToRight): Rect(x: r.minY, y: r.minX, width: r.height, height: r.width)
        case (.horizontal, .rightToLeft):
            Rect(x: contentLength - r.maxY, y: r.minX, width: r.height, height: r.width)
        }
    }

    /// The viewport's top-left in screen content coordinates for a scroll
    /// offset `contentOffset`, with the meanings of
    /// ``screenRect(_:contentLength:crossLength:)``.
    package func screenOrigin(contentOffset: Double, contentLength: Double, viewport screen: Size) -> Point {
        switch (axis, direction) {
        case (.vertical, _): Point(x: 0, y: contentOffset)
        case (.horizontal, .leftToRight): Point(x: contentOffset, y: 0)
        case (.horizontal, .rightToLeft): Point(x: contentLength - contentOffset - screen.width, y: 0)
        }
    }

    /// A swipe's slide of a cell's content (scroll space: along x, positive
    /// toward the trailing edge's opposite) on the screen.
    package func screenSlide(_ offset: Double) -> Point {
        switch (axis, direction) {
        case (.vertical, .leftToRight): Point(x: offset, y: 0)
        case (.vertical, .rightToLeft): Point(x: -offset, y: 0)
        case (.horizontal, _): Point(x: 0, y: offset)
        }
    }

    /// `"vertical"`, `"horizontal rightToLeft"` ….
    public var description: String {
        direction == .leftToRight ? axis.rawValue : "\(axis.rawValue) \(direction.rawValue)"
    }
}
