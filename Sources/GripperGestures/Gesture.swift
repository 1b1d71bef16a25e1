import GripperGeometry

/// What a ``GestureEvent`` reports: one case per recognizer and phase, each
/// carrying what that phase has and nothing else.
///
/// `tap` and `swipe` are discrete (recognized, or failed); `longPress` and
/// `pan` are continuous (began, changed any number of times, then ended or
/// cancelled), as in UIKit. `touch` is no recognizer but a raw notice of a
/// contact going down or up, for highlight-on-touch-down; `scroll` is a
/// mouse wheel step. Failures (`tapFailed`, `longPressFailed`,
/// `swipeFailed`) are reported only when
/// ``GestureConfiguration/reportsFailures`` is on; a pan never fails (a press
/// that is no pan is something else).
///
/// ```swift
/// switch event.gesture {
/// case .tap(let count, let contact): select(at: contact.location, count: count)
/// case .longPress(.began, let motion): beginDrag(at: motion.location)
/// case .pan(.changed, .vertical, let motion): scroll(by: motion.translation.y)
/// default: break
/// }
/// ```
@_spi(Benchmarks) public enum Gesture: Hashable, Sendable {
    /// A contact went down, lifted or was cancelled (a notice, not a recognizer).
    case touch(TouchPhase, GestureContact)
    /// A press that lifted without moving past the slop and before a
    /// long-press began, however long it was held: `count` is 1 for a single
    /// tap, 2 for a double tap … (a press held past the maximum tap duration
    /// is always 1). The contact's location is where the last press went down.
    case tap(count: Int, GestureContact)
    /// The press cannot be a tap (it moved, a long-press began, an extra
    /// contact came, or it was cancelled).
    case tapFailed(GestureMotion)
    /// A press held still for the long-press duration, then followed until
    /// lift: a drag.
    case longPress(Phase, GestureMotion)
    /// The press cannot be a long-press (it moved or lifted first).
    case longPressFailed(GestureMotion)
    /// A contact that moved past the slop before the long-press deadline,
    /// along the axis it mostly moved on when it crossed the slop (the
    /// motion's translation already holds the slop when it begins).
    case pan(Phase, axis: PanAxis, GestureMotion)
    /// A press that ended far and fast enough along one axis.
    case swipe(SwipeDirection, GestureMotion)
    /// A press that ended without being a swipe (or was cancelled).
    case swipeFailed(GestureMotion)
    /// A mouse wheel step: the distance to scroll in points (wheel detents ×
    /// ``GestureConfiguration/scrollPointsPerDetent``; positive y: content
    /// moves so that later content comes into view), at the pointer
    /// contact's location (else the last location seen).
    case scroll(by: Point, at: Point, isPointer: Bool)
    /// Two direct contacts whose distance changed by more than
    /// ``GestureConfiguration/pinchSlopMillimetres`` since the second went
    /// down, followed until one lifts (``GestureKind/pinch``, installed
    /// only when asked for).
    case pinch(Phase, PinchMotion)

    /// Which recognizer (or notice) the case belongs to.
    /// - Complexity: O(1).
    public var kind: GestureKind {
        switch self {
        case .touch: .touch
        case .tap, .tapFailed: .tap
        case .longPress, .longPressFailed: .longPress
        case .pan: .pan
        case .swipe, .swipeFailed: .swipe
        case .scroll: .scroll
        case .pinch: .pinch
        }
    }

    /// The case's phase as a ``GestureState``: `recognized` for a tap, a
    /// swipe and a scroll, `failed` for the failures, the phase otherwise.
    /// - Complexity: O(1).
    public var state: GestureState {
        switch self {
        case .touch(let phase, _):
            switch phase {
            case .began: .began
            case .ended: .ended
            case .cancelled: .cancelled
            }
        case .longPress(let phase, _), .pan(let phase, _, _), .pinch(let phase, _):
            switch phase {
            case .began: .began
            case .changed: .changed
            case .ended: .ended
            case .cancelled: .cancelled
            }
        case .tap, .swipe, .scroll: .recognized
        case .tapFailed, .longPressFailed, .swipeFailed: .failed
        }
    }

    /// Where it happened, in layout points: the contact's location (a tap:
    /// where its last press went down; a touch notice: where the contact
    /// is; a motion: where the followed contact is now), or a scroll's location.
    /// - Complexity: O(1).
    public var location: Point {
        switch self {
        case .touch(_, let c), .tap(_, let c): c.location
        case .tapFailed(let m), .longPress(_, let m), .longPressFailed(let m), .pan(_, _, let m),
             .swipe(_, let m), .swipeFailed(let m):
            m.location
        case .scroll(_, let at, _): at
        case .pinch(_, let p): p.centre
        }
    }

    /// The contact the gesture follows (a pinch's first); nil for a scroll.
    /// - Complexity: O(1).
    public var contactID: Int? {
        switch self {
        case .touch(_, let c), .tap(_, let c): c.id
        case .tapFailed(let m), .longPress(_, let m), .longPressFailed(let m), .pan(_, _, let m),
             .swipe(_, let m), .swipeFailed(let m):
            m.contactID
        case .scroll: nil
        case .pinch(_, let p): p.firstContactID
        }
    }

    /// Whether the input is a pointer (mouse button, touchpad) rather than a direct touch.
    /// - Complexity: O(1).
    public var isPointer: Bool {
        switch self {
        case .touch(_, let c), .tap(_, let c): c.isPointer
        case .tapFailed(let m), .longPress(_, let m), .longPressFailed(let m), .pan(_, _, let m),
             .swipe(_, let m), .swipeFailed(let m):
            m.isPointer
        case .scroll(_, _, let isPointer): isPointer
        case .pinch: false
        }
    }

    /// The followed contact's motion, for the cases that carry one.
    /// - Complexity: O(1).
    public var motion: GestureMotion? {
        switch self {
        case .tapFailed(let m), .longPress(_, let m), .longPressFailed(let m), .pan(_, _, let m),
             .swipe(_, let m), .swipeFailed(let m):
            m
        case .touch, .tap, .scroll, .pinch: nil
        }
    }
}
