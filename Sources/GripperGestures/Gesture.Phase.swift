extension Gesture {
    /// The phase of a continuous gesture (long-press, pan).
    public enum Phase: String, Hashable, Sendable, CaseIterable {
        /// The gesture started.
        case began
        /// It moved on.
        case changed
        /// It finished normally (the contact lifted).
        case ended
        /// It was cancelled: undo what it started.
        case cancelled
    }
}
