extension Transcript.Event {
    /// Whether a replay takes a picture of the step that produced this: a
    /// state change, a stimulus, an edit, a selection, a cell opening or
    /// shutting, a gap move, a device loss — not a gesture, a highlight or
    /// a scroll on its own.
    package var isWorthAPicture: Bool {
        switch self {
        case .transition, .stimulus, .deviceLost: true
        case .gesture, .rejected, .dataSource, .key, .announcement: false
        case .loading(let step):
            if case .moved = step { true } else { false }
        case .effect(let effect):
            switch effect {
            case .selectionChanged, .swipeOpened, .swipeShut, .deleteConfirmationOpened, .deleteConfirmationCancelled,
                 .gapMoved, .editingChanged, .committed, .undone, .redone, .appBatchApplied, .dragCancelled,
                 .scrollMotionEnded, .dropTargetChanged, .droppedInto:
                true
            case .highlight, .scrolled, .swipeBegan, .dragBegan, .dragEnded, .rejected, .scheduleTick,
                 .scrollMotionBegan, .focusChanged, .moveRefused, .announcement:
                false
            }
        }
    }
}
