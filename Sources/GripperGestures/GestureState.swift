/// Where a gesture is in its life, as in UIKit's `UIGestureRecognizer.State`:
/// the phase of a ``Gesture``'s case without its data (``GestureEvent/state``),
/// for printing and filtering.
///
/// Discrete gestures (tap, swipe, scroll) are `recognized` or `failed`;
/// continuous ones (long-press, pan) `began`, then `changed` any number of
/// times, then `ended` or `cancelled`; a long-press may also have `failed`.
/// Touch notices are `began`, `ended` or `cancelled`. `failed` is reported
/// only when ``GestureConfiguration/reportsFailures`` is on.
@_spi(Benchmarks) public enum GestureState: String, Hashable, Sendable, CaseIterable, Codable {
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
