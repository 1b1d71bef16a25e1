import GripperGeometry

/// Maps contact frames to layout points (``Contact/location``).
///
/// - A direct device (touchscreen): the area its position axes span, from
///   minimum to maximum, maps onto ``rect``, so the device's corners are the
///   viewport's corners. Positions past the axis range map past the edge;
///   nothing is clamped, because the finger really is there.
/// - A mouse: the pointer moves by the frame's counts times
///   ``mousePointsPerCount``.
/// - A touchpad: the pointer moves by the frame's ``ContactFrame/pointerMotion``
///   in millimetres times ``touchpadPointsPerMillimetre`` (a
///   ``TouchpadTracker``'s frames carry its accelerated motion, a
///   ``ContactTracker``'s the driving finger's); the first contact is at
///   the pointer and other contacts keep their offset from it, scaled the
///   same way.
///
/// The pointer starts at the centre of ``rect`` and is clamped to it (edges
/// included) after every move. The clamp is applied to the pointer itself,
/// so pushing past an edge and coming back responds at once, as on a desktop.
@_spi(Benchmarks) public struct Viewport: Sendable {
    /// The default pointer gain for mice: one layout point per count. At the
    /// 1000 counts per inch Gripper assumes for a mouse, an inch of hand
    /// movement crosses 1000 points, close to an unaccelerated desktop.
    public static let defaultMousePointsPerCount = 1.0
    /// The default pointer gain for touchpads: ten layout points per
    /// millimetre of finger travel, so a stroke across a 100 mm touchpad
    /// crosses about 1000 points.
    public static let defaultTouchpadPointsPerMillimetre = 10.0

    /// The layout rectangle the input maps onto.
    public var rect: Rect
    /// Layout points per mouse count.
    public var mousePointsPerCount: Double
    /// Layout points per millimetre of touchpad finger travel.
    public var touchpadPointsPerMillimetre: Double
    /// Where the pointer is (mice and touchpads), in layout points.
    public private(set) var pointer: Point

    private let area: (minimum: Point, span: Point)?
    private let unitsPerMillimetre: Point

    /// Creates a viewport for a device; the pointer starts at the centre of `rect`.
    public init(device: DeviceDescription, rect: Rect,
                mousePointsPerCount: Double = Viewport.defaultMousePointsPerCount,
                touchpadPointsPerMillimetre: Double = Viewport.defaultTouchpadPointsPerMillimetre) {
        self.rect = rect
        self.mousePointsPerCount = mousePointsPerCount
        self.touchpadPointsPerMillimetre = touchpadPointsPerMillimetre
        self.pointer = rect.center
        if let axes = device.positionAxes {
            area = (Point(x: Double(axes.x.minimum), y: Double(axes.y.minimum)),
                    Point(x: Double(max(axes.x.span, 1)), y: Double(max(axes.y.span, 1))))
        } else {
            area = nil
        }
        if let upm = device.unitsPerMillimetre {
            unitsPerMillimetre = Point(x: upm.x, y: upm.y)
        } else {
            unitsPerMillimetre = Point(x: 1, y: 1)
        }
    }

    /// Moves the pointer to a layout point (clamped to ``rect``), as a
    /// desktop's pointer warp does.
    public mutating func movePointer(to point: Point) {
        pointer = clamp(point)
    }

    /// The layout point of a direct device's position (device units), or
    /// nil for a device without absolute axes.
    ///
    /// - Complexity: O(1).
    public func location(ofDevicePosition position: Point) -> Point? {
        guard let area else { return nil }
        return Point(x: rect.minX + (position.x - area.minimum.x) / area.span.x * rect.width,
                     y: rect.minY + (position.y - area.minimum.y) / area.span.y * rect.height)
    }

    /// Sets every contact's location in `frame`, moving the pointer first for
    /// a pointer frame. Pass the tracker's frame straight in
    /// (`viewport.map(tracker.process(f))`) and its contacts are updated in
    /// place, without a copy.
    ///
    /// - Complexity: O(contacts in the frame).
    public mutating func map(_ frame: consuming ContactFrame) -> ContactFrame {
        var frame = frame
        if frame.isPointer {
            if area == nil {
                pointer = clamp(pointer + frame.pointerMotion * mousePointsPerCount)
                for index in frame.contacts.indices { frame.contacts[index].location = pointer }
            } else {
                let k = touchpadPointsPerMillimetre
                let motion = Point(x: frame.pointerMotion.x / unitsPerMillimetre.x * k,
                                   y: frame.pointerMotion.y / unitsPerMillimetre.y * k)
                pointer = clamp(pointer + motion)
                // The oldest contact (lowest id) sits at the pointer.
                guard let anchor = frame.contacts.first?.millimetres else { return frame }
                for index in frame.contacts.indices {
                    let offset = frame.contacts[index].millimetres - anchor
                    frame.contacts[index].location = clamp(pointer + offset * k)
                }
            }
        } else {
            for index in frame.contacts.indices {
                if let location = location(ofDevicePosition: frame.contacts[index].position) {
                    frame.contacts[index].location = location
                }
            }
        }
        return frame
    }

    private func clamp(_ point: Point) -> Point {
        Point(x: min(max(point.x, rect.minX), rect.maxX), y: min(max(point.y, rect.minY), rect.maxY))
    }
}
