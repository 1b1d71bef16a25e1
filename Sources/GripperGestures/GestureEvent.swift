import GripperGeometry
import GripperInput

/// One thing a ``GestureArena`` reports: a gesture changing state, a touch
/// notice, or a wheel scroll.
///
/// Positions are in layout points (the contacts' `location`); thresholds were
/// applied in millimetres, and the millimetre translation and velocity are
/// given too. Fields that do not apply to a kind are zero or nil.
public struct GestureEvent: Hashable, Sendable {
    /// When it happened, on the input's clock: the frame's time, or the
    /// deadline's time for a gesture decided by waiting.
    public var time: EventTime
    /// What the event is about.
    public var kind: GestureKind
    /// The gesture's new state.
    public var state: GestureState
    /// The contact the gesture follows; nil for a wheel scroll.
    public var contactID: Int?
    /// Where the contact is now (tap: where it went down), in points.
    /// For a scroll: the pointer contact's location, else the last location seen.
    public var location: Point
    /// Where the contact went down, in points.
    public var startLocation: Point
    /// `location - startLocation` for pans, long-presses and swipes (so a
    /// pan has already moved by the slop when it begins); for a scroll, the
    /// distance to scroll, in points (wheel detents × ``GestureConfiguration/scrollPointsPerDetent``;
    /// positive y: content moves so that later content comes into view).
    public var translation: Point
    /// The translation in millimetres on the device (zero for a scroll).
    public var translationMillimetres: Point
    /// Velocity in points per second: least squares over the last
    /// ``GestureConfiguration/velocityWindow`` of samples.
    public var velocity: Point
    /// Velocity in millimetres per second.
    public var velocityMillimetres: Point
    /// For a tap: 1 for a single tap, 2 for a double tap … (a press held
    /// past the maximum tap duration is always 1); else 0.
    public var tapCount: Int
    /// For a swipe: its direction; else nil.
    public var direction: SwipeDirection?
    /// For a pan: the axis it started along; else nil.
    public var axis: PanAxis?
    /// Whether the contact is a pointer (mouse button, touchpad) rather than a direct touch.
    public var isPointer: Bool

    /// Creates an event; the arena makes these, tests compare with them.
    public init(time: EventTime, kind: GestureKind, state: GestureState, contactID: Int?,
                location: Point, startLocation: Point, translation: Point = .zero,
                translationMillimetres: Point = .zero, velocity: Point = .zero,
                velocityMillimetres: Point = .zero, tapCount: Int = 0,
                direction: SwipeDirection? = nil, axis: PanAxis? = nil, isPointer: Bool = false) {
        self.time = time
        self.kind = kind
        self.state = state
        self.contactID = contactID
        self.location = location
        self.startLocation = startLocation
        self.translation = translation
        self.translationMillimetres = translationMillimetres
        self.velocity = velocity
        self.velocityMillimetres = velocityMillimetres
        self.tapCount = tapCount
        self.direction = direction
        self.axis = axis
        self.isPointer = isPointer
    }
}
