import GripperGeometry
import GripperInput

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
