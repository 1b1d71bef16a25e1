/// Where a gesture is in its life, as in UIKit's `UIGestureRecognizer.State`.
///
/// Discrete gestures (``GestureKind/tap``, ``GestureKind/swipe``,
/// ``GestureKind/scroll``) report `recognized` or `failed`; continuous ones
/// (``GestureKind/longPress``, ``GestureKind/pan``) report `began`, then
/// `changed` any number of times, then `ended` or `cancelled`. Touch notices
/// use `began`, `ended` and `cancelled`. `failed` is reported only when
/// ``GestureConfiguration/reportsFailures`` is on.
public enum GestureState: String, Hashable, Sendable, CaseIterable, Codable {
    /// A discrete gesture happened.
    case recognized
    /// A continuous gesture started (or a contact went down).
    case began
    /// A continuous gesture moved on.
    case changed
    /// A continuous gesture finished normally (or a contact lifted).
    case ended
    /// A continuous gesture was cancelled: undo what it started.
    case cancelled
    /// A gesture that was possible cannot happen any more.
    case failed
}
