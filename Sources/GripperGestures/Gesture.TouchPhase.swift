extension Gesture {
    /// The phase of a touch notice.
    public enum TouchPhase: String, Hashable, Sendable, CaseIterable {
        /// The contact went down.
        case began
        /// The contact lifted.
        case ended
        /// The contact was cancelled (the device said so, or lost it).
        case cancelled
    }
}
