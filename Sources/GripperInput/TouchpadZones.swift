import GripperGeometry

/// A button a touchpad click presses.
public enum TouchpadButton: String, Hashable, Sendable, CaseIterable {
    /// Button 1: the engine's press (a tap, a drag).
    case primary
    /// The right button (a clickpad's bottom-right area). The engine has no
    /// secondary action: like a mouse's right button it does nothing there.
    case secondary
    /// The middle button (both bottom areas at once). Does nothing in the engine.
    case middle
}

/// The zones of a touchpad's surface, in millimetres from the device's
/// origin (x to the right, y down), with libinput's sizes:
///
/// - **palm edges**, on touchpads at least 70 mm wide: the left and right
///   8 % of the width (at most 8 mm), and the top 5 % of the height when the
///   touchpad is more than 55 mm high;
/// - on a clickpad (`INPUT_PROP_BUTTONPAD`), the **software button area**:
///   the bottom 15 % of the height, at most 10 mm, split at the middle into
///   a primary (left) and a secondary (right) button;
/// - on a clickpad at least 50 mm high, the **thumb lines**: a touch that
///   starts below the upper one (85 % of the height) may be a thumb, and one
///   resting below the lower one (92 %) is.
///
/// A size of zero (a device without usable axes) has no zones.
package struct TouchpadZones: Hashable, Sendable {
    /// The touchpad's width and height, in millimetres.
    package let size: Size
    /// Whether the touchpad is a clickpad (its whole surface clicks).
    package let isClickpad: Bool
    /// The width of the left and right palm edges (0: none).
    package let sideEdgeWidth: Double
    /// The height of the top palm edge (0: none).
    package let topEdgeHeight: Double
    /// Where the software button area begins (y), nil when there is none.
    package let buttonAreaTop: Double?
    /// The upper and lower thumb lines (y), nil when thumbs are not detected.
    package let upperThumbLine: Double?
    /// See ``upperThumbLine``.
    package let lowerThumbLine: Double?

    /// The zones of a touchpad of `size` millimetres.
    package init(size: Size, isClickpad: Bool) {
        self.size = size
        self.isClickpad = isClickpad
        let usable = size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0
        if usable, size.width >= 70 {
            sideEdgeWidth = min(8, size.width * 0.08)
            topEdgeHeight = size.height > 55 ? size.height * 0.05 : 0
        } else {
            sideEdgeWidth = 0
            topEdgeHeight = 0
        }
        buttonAreaTop = usable && isClickpad ? size.height - min(10, size.height * 0.15) : nil
        if usable, isClickpad, size.height >= 50 {
            upperThumbLine = size.height * 0.85
            lowerThumbLine = size.height * 0.92
        } else {
            upperThumbLine = nil
            lowerThumbLine = nil
        }
    }

    /// Whether a point is in the left or right palm edge.
    package func isInSideEdge(_ p: Point) -> Bool {
        sideEdgeWidth > 0 && (p.x < sideEdgeWidth || p.x > size.width - sideEdgeWidth)
    }

    /// Whether a point is in the top palm edge.
    package func isInTopEdge(_ p: Point) -> Bool {
        topEdgeHeight > 0 && p.y < topEdgeHeight
    }

    /// Whether a point is in a palm edge.
    package func isInEdge(_ p: Point) -> Bool { isInSideEdge(p) || isInTopEdge(p) }

    /// The software button under a point, nil outside the area (or on a
    /// touchpad that is not a clickpad).
    package func buttonArea(at p: Point) -> TouchpadButton? {
        guard let top = buttonAreaTop, p.y >= top else { return nil }
        return p.x >= size.width / 2 ? .secondary : .primary
    }

    /// Whether a touch that began at `start` in an edge left it in a
    /// direction that takes it away from that edge (libinput's rule): from a
    /// side edge, any direction more than 22.5° from the vertical; from the
    /// top edge, downwards within 67.5° of straight down.
    func leavesEdge(from start: Point, to end: Point) -> Bool {
        let d = end - start
        if isInSideEdge(start) { return abs(d.x) > abs(d.y) * 0.41421356237 }
        return d.y > 0 && abs(d.x) <= d.y * 2.41421356237
    }
}
