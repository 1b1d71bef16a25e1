extension Transcript.Event {
    /// Whether a replay takes a picture of the step that produced this: a
    /// state change, a stimulus, an edit, a selection, a cell opening or
    /// shutting, a gap move, a device loss — not a gesture, a highlight or
    /// a scroll on its own.
    package var isWorthAPicture: Bool {
        switch self {
        case .transition, .stimulus, .selection, .swipeOpened, .swipeShut, .deleteConfirmation,
             .deleteConfirmationCancelled, .gapMoved,
             .editing, .committed, .undone, .redone, .appBatch, .deviceLost, .dragCancelled:
            true
        case .gesture, .highlight, .scrolled, .swipeBegan, .dragBegan, .dragEnded, .rejected:
            false
        }
    }
}
