import GripperInput

/// The editing machine's thresholds, in layout points and seconds.
///
/// Sources of the defaults:
/// - Swipe settle: the cell stays open when slid past half its pane
///   (Android `ItemTouchHelper.Callback.getSwipeThreshold`, 0.5), or flicked
///   at `flickVelocity` or more toward opening (`ItemTouchHelper`'s swipe
///   escape velocity, `item_touch_helper_swipe_escape_velocity` = 120 dp/s;
///   one dp taken as one point).
/// - Auto-scroll: Android `AutoScrollHelper` defaults — edge zone 20 % of the
///   viewport (`DEFAULT_RELATIVE_EDGE` 0.2), speed from 315 dp/s
///   (`DEFAULT_MINIMUM_VELOCITY_DIPS`) at the zone's inner border to
///   1575 dp/s (`DEFAULT_MAXIMUM_VELOCITY_DIPS`) at the viewport's edge and
///   beyond (the cap), growing linearly with depth.
/// - Tick interval: one 60 Hz frame.
public struct EditingConfiguration: Hashable, Sendable {
    /// The viewport's size in points (the scroll range and the edge zones depend on it).
    public var viewportHeight: Double
    /// The fraction of the pane past which a released swipe stays open.
    public var openFraction = 0.5
    /// The horizontal speed (points/s) that flicks a cell open or shut regardless of position.
    public var flickVelocity = 120.0
    /// The edge zone's height as a fraction of the viewport height.
    public var autoScrollEdgeFraction = 0.2
    /// Auto-scroll speed at the edge zone's inner border, points/s.
    public var autoScrollMinimumSpeed = 315.0
    /// Auto-scroll speed at the viewport edge and beyond (the cap), points/s.
    public var autoScrollMaximumSpeed = 1575.0
    /// The time between auto-scroll ticks.
    public var tickInterval = Duration.microseconds(16_667)
    /// Levels of undo the journal keeps (older entries are folded into its
    /// start); nil keeps every edit. 1,000 by default: enough for any person,
    /// and bounded memory for a panel that runs for weeks.
    public var undoLimit: Int? = 1_000

    /// Creates a configuration for a viewport `viewportHeight` points tall, with the default thresholds.
    public init(viewportHeight: Double) {
        self.viewportHeight = viewportHeight
    }

    /// The auto-scroll velocity (points/s; negative scrolls up) for a contact
    /// at viewport height `y`: zero outside the edge zones, growing linearly
    /// with depth into a zone, capped at the maximum.
    /// - Complexity: O(1).
    public func autoScrollVelocity(atViewportY y: Double) -> Double {
        let zone = viewportHeight * autoScrollEdgeFraction
        guard zone > 0 else { return 0 }
        let topDepth = (zone - y) / zone
        let bottomDepth = (y - (viewportHeight - zone)) / zone
        func speed(_ depth: Double) -> Double {
            autoScrollMinimumSpeed + (autoScrollMaximumSpeed - autoScrollMinimumSpeed) * min(1, depth)
        }
        if topDepth > 0 { return -speed(topDepth) }
        if bottomDepth > 0 { return speed(bottomDepth) }
        return 0
    }
}
