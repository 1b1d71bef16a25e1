import Gripper
import GripperGeometry
@_spi(Benchmarks) import GripperInput
import GripperLayout

extension TraceBuilder {
    /// Where a scripted finger (or the mouse pointer) is: in fractions of the
    /// device's area, in millimetres from its origin, or in raw device units.
    ///
    /// A mouse has no area: fractions are of ``Configuration/mouseArea`` (in
    /// counts, with the pointer starting at its centre), millimetres are at
    /// 1000 counts per inch, and units are counts.
    public enum Location: Hashable, Sendable {
        /// Fractions of the width and height: (0, 0) top left, (1, 1) bottom right.
        case fraction(x: Double, y: Double)
        /// Millimetres from the device's top-left corner.
        case millimetres(x: Double, y: Double)
        /// Device units (for a mouse: counts from the area's top-left corner).
        case units(x: Double, y: Double)

        /// A location in fractions of the device.
        public static func fraction(_ x: Double, _ y: Double) -> Location { .fraction(x: x, y: y) }
        /// A location in millimetres.
        public static func mm(_ x: Double, _ y: Double) -> Location { .millimetres(x: x, y: y) }

        /// A point of the viewport, in points, on a device whose whole area
        /// maps onto a viewport `viewport` big (a touchscreen, as the engine
        /// maps one; not a mouse, whose counts move a pointer).
        public static func viewport(_ point: Point, of viewport: Size) -> Location {
            .fraction(x: point.x / viewport.width, y: point.y / viewport.height)
        }

        /// The item at `indexPath` where `engine` shows it now — its layout,
        /// presentation, content offset and orientation — at `unit` of its
        /// frame ((0.5, 0.5), its centre, by default; (0.95, 0.5) near its
        /// trailing edge in a vertical left-to-right layout), on a device whose
        /// whole area maps onto the engine's viewport. Nil when the layout
        /// has no such item. The point may lie outside the viewport when the
        /// item is scrolled out of it.
        ///
        /// ```swift
        /// b.drag(from: .item(ItemPath(section: 0, item: 1), in: engine)!,
        ///        to: .item(ItemPath(section: 0, item: 5), in: engine)!)
        /// ```
        /// - Complexity: O(log n).
        public static func item(_ indexPath: ItemPath, in engine: Engine, at unit: Point = Point(x: 0.5, y: 0.5)) -> Location? {
            guard let frame = engine.layout.attributes(for: indexPath, presentation: engine.presentation)?.frame else {
                return nil
            }
            let scroll = Point(x: frame.minX + unit.x * frame.width,
                               y: frame.minY + unit.y * frame.height - engine.contentOffset)
            return .viewport(engine.orientation.viewportPoint(scroll, viewport: engine.viewportSize), of: engine.viewportSize)
        }
    }

    /// The location in device units (counts for a mouse), unclamped.
    func deviceUnits(of location: Location) -> Point {
        switch location {
        case .units(let x, let y):
            return Point(x: x, y: y)
        case .fraction(let fx, let fy):
            if let axes = device.positionAxes {
                return Point(x: Double(axes.x.minimum) + fx * Double(axes.x.span),
                             y: Double(axes.y.minimum) + fy * Double(axes.y.span))
            }
            return Point(x: fx * configuration.mouseArea.width, y: fy * configuration.mouseArea.height)
        case .millimetres(let mx, let my):
            if let axes = device.positionAxes, let upm = device.unitsPerMillimetre {
                return Point(x: Double(axes.x.minimum) + mx * upm.x, y: Double(axes.y.minimum) + my * upm.y)
            }
            let perMM = 1 / ContactTracker.mouseMillimetresPerCount
            return Point(x: mx * perMM, y: my * perMM)
        }
    }
}
