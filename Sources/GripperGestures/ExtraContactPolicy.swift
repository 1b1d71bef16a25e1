/// What a second contact does to the one-contact gestures of the first.
///
/// The first contact down (with no other down) is the *primary*; the
/// recognizers follow only it. A contact that goes down while the primary
/// is down is *extra*. After a cancellation the arena ignores everything
/// until every contact has lifted.
public enum ExtraContactPolicy: String, Hashable, Sendable, CaseIterable, Codable {
    /// Default. An extra contact cancels an undecided press (tap and
    /// long-press fail) and a pan in progress (cancelled; no swipe), but does
    /// not disturb a long-press in progress: a drag keeps going.
    case cancelUnlessLongPress
    /// An extra contact cancels everything, a long-press drag too.
    case cancelAll
    /// Extra contacts are ignored (they still get touch notices).
    case ignore
}
