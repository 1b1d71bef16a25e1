/// Which recognizer (or notice) a `Gesture` belongs to, without its
/// data: what ``GestureConfiguration/recognizers`` installs and
/// `GestureArena/cancel(_:at:)` cancels, and the name a
/// `GestureEvent/kind` prints.
///
/// `tap` and `swipe` are discrete (recognized or failed); `longPress` and
/// `pan` are continuous (began → changed → ended or cancelled), as in
/// UIKit. `touch` is no recognizer but a raw notice of a contact going down
/// or up, for highlight-on-touch-down. `scroll` is a mouse wheel step.
public enum GestureKind: String, Hashable, Sendable, CaseIterable, Codable {
    /// A contact went down or up (a notice, not a recognizer).
    case touch
    /// A press that lifted without moving past the slop and before a
    /// long-press began, however long it was held; see `Gesture/tap(count:_:)`.
    case tap
    /// A press held still for the long-press duration, then followed until lift (a drag).
    case longPress
    /// A contact that moved past the slop before the long-press deadline.
    case pan
    /// A pan that ended far and fast enough along one axis.
    case swipe
    /// A mouse wheel step.
    case scroll
    /// Two contacts moving apart or together; see `Gesture.pinch(_:_:)`.
    /// Not installed by default: without it a second finger cancels a
    /// one-finger gesture (``ExtraContactPolicy``), as it always has.
    case pinch

    /// Every kind: what `GestureArena.cancel(_:at:)` cancels by default.
    public static let all: Set<GestureKind> = Set(allCases)
    /// The recognizers a `GestureArena` installs by default: every kind
    /// but ``pinch``.
    public static let standard: Set<GestureKind> = all.subtracting([.pinch])
}
