@_spi(Benchmarks) import GripperEditing
extension Transcript.Event {
    /// Whether a replay takes a picture of the step that produced this: a
    /// state change, a stimulus, an edit, a selection, a cell opening or
    /// shutting, a gap move, a device loss — not a gesture, a highlight or
    /// a scroll on its own.
    package var isWorthAPicture: Bool {
        // Patterns without bindings: the answer reads the cases only, and
        // copies no payload (a bound effect was copied, with its strings
        // and arrays retained, for every entry recorded).
        switch self {
        case .transition, .stimulus, .deviceLost, .loading(.moved), .layoutPinch(.finished), .layoutPinch(.finishedInto), .layoutSet: true
        case .layoutPinch, .segmentTapped: false
        case .gesture, .rejected, .dataSource, .key, .announcement, .loading: false
        case .effect(.selectionChanged), .effect(.swipeOpened), .effect(.swipeShut),
             .effect(.deleteConfirmationOpened), .effect(.deleteConfirmationCancelled), .effect(.gapMoved),
             .effect(.editingChanged), .effect(.committed), .effect(.undone), .effect(.redone),
             .effect(.appBatchApplied), .effect(.dragCancelled), .effect(.scrollMotionEnded),
             .effect(.dropTargetChanged), .effect(.droppedInto), .effect(.menuOpened), .effect(.menuEntrySelected),
             .effect(.menuDismissed):
            true
        case .effect(.highlight), .effect(.scrolled), .effect(.swipeBegan), .effect(.dragBegan),
             .effect(.dragEnded), .effect(.rejected), .effect(.scheduleTick), .effect(.scrollMotionBegan),
             .effect(.focusChanged), .effect(.moveRefused), .effect(.announcement), .effect(.headerTapped):
            false
        }
    }
}
