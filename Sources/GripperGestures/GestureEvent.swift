import GripperGeometry
import GripperInput

/// One thing a ``GestureArena`` reports, at one time: a gesture changing
/// state, a touch notice, or a wheel scroll (see ``Gesture``).
///
/// What the event carries depends on its case, so a pair that cannot
/// happen (a tap that began, a pan that failed, a scroll with a tap count)
/// cannot be written. ``kind``, ``state``, ``location`` and the other
/// read-only properties are projections of the case, for printing and
/// filtering.
@_spi(Benchmarks) public struct GestureEvent: Hashable, Sendable {
    /// When it happened, on the input's clock: the frame's time, or the
    /// deadline's time for a gesture decided by waiting.
    public var time: EventTime
    /// What happened, with exactly the data that case has.
    public var gesture: Gesture

    /// Creates an event; the arena makes these, tests compare with them.
    package init(time: EventTime, _ gesture: Gesture) {
        self.time = time
        self.gesture = gesture
    }

    /// What the event is about: the case of ``gesture``.
    /// - Complexity: O(1).
    public var kind: GestureKind { gesture.kind }
    /// Where the gesture is in its life, as its case says.
    /// - Complexity: O(1).
    public var state: GestureState { gesture.state }
    /// Where the event happened, in layout points: see ``Gesture/location``.
    /// - Complexity: O(1).
    public var location: Point { gesture.location }
    /// The contact the event follows; nil for a wheel scroll.
    /// - Complexity: O(1).
    public var contactID: Int? { gesture.contactID }
    /// Whether the input is a pointer (mouse button, touchpad) rather than a direct touch.
    /// - Complexity: O(1).
    public var isPointer: Bool { gesture.isPointer }
    /// The followed contact's motion, for the cases that carry one (a
    /// long-press, a pan, a swipe, a failure); nil for touch notices, taps
    /// and scrolls.
    /// - Complexity: O(1).
    public var motion: GestureMotion? { gesture.motion }
}
