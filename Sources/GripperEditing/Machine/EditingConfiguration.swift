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
///   Ramped up over `autoScrollRampUp` (Android `AutoScrollHelper`'s
///   `DEFAULT_RAMP_UP_DURATION`, 500 ms), and only toward where the contact
///   has moved (dnd-kit's scroll intent).
/// - Tick interval: one 60 Hz frame.
/// - A menu's lift into a drag: the finger moved 10 points, where a pan
///   begins on iOS.
/// - Scrolling (see `Documentation/Scrolling.md`): UIScrollView's normal
///   deceleration rate (0.998 per millisecond), its rubber-band coefficient
///   (0.55), a critically damped spring back; Android `ViewConfiguration`'s
///   minimum and maximum fling speeds (50 and 8,000 dp/s).
@_spi(Benchmarks) public struct EditingConfiguration: Hashable, Sendable {
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
    /// How long auto-scroll takes to reach its full speed after the contact
    /// enters an edge zone (the speed grows linearly from 0 over it).
    public var autoScrollRampUp = Duration.milliseconds(500)
    /// How far (points) the contact must have moved toward an edge, at some
    /// point of the drag, before auto-scroll may scroll that way: a drag
    /// that starts in an edge zone does not scroll until the user moves
    /// toward that edge.
    public var autoScrollIntentDistance = 4.0
    /// The time between auto-scroll ticks, and between the frames of a
    /// fling, a bounce or an animated scroll.
    public var tickInterval = Duration.microseconds(16_667)
    /// The fraction of its speed a fling keeps per millisecond (UIScrollView's
    /// `.normal` deceleration rate, 0.998): the speed after t ms is
    /// v₀ · rateᵗ, and the fling travels v₀ / (1000 · −ln rate) points in all
    /// (about v₀ × 0.5 s). Outside 0 < rate < 1 there is no fling.
    public var decelerationRate = 0.998
    /// The least release speed (points/s) that starts a fling; slower
    /// releases stop where the finger left the content.
    public var minimumFlingSpeed = 50.0
    /// The release speed (points/s) a fling is capped at.
    public var maximumFlingSpeed = 8_000.0
    /// The speed (points/s) below which a fling or a bounce has come to rest.
    public var scrollStopSpeed = 5.0
    /// A bounce is at rest once within this distance (points) of the end it
    /// springs back to (and slower than ``scrollStopSpeed``).
    public var bounceRestDistance = 0.5
    /// The rubber-band coefficient c: dragged x points past an end, the
    /// content goes (1 − 1 / (x·c/d + 1)) · d points past it, d the
    /// viewport's height (never as far as d).
    public var rubberBandCoefficient = 0.55
    /// The spring back's angular frequency ω (per second), critically
    /// damped: √(stiffness 100 / mass 0.5).
    public var bounceAngularFrequency = 200.0.squareRoot()
    /// How long an animated scroll the app asks for lasts (ease in and out).
    public var scrollAnimationDuration = Duration.milliseconds(300)
    /// How far (points) the finger that opened an item's menu by a long
    /// press must move from where the long press began — strictly farther —
    /// before the menu closes and the item lifts into a drag (iOS 13's
    /// context menu): 10 points, where iOS pans start (about 1.6 mm; the
    /// gestures' touch slop is 1.27 mm).
    public var menuDragDistance = 10.0
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
