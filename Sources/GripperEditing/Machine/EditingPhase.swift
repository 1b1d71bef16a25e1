/// The editing machine's state without its payload, as the transcript and
/// the state diagrams name it (`idle`, `batchEditing.dragging` …).
public enum EditingPhase: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// At rest, not batch editing.
    case idle
    /// A contact is down; what it becomes is not decided yet.
    case tracking
    /// A pan scrolls the content.
    case scrolling
    /// A cell follows a horizontal pan.
    case swiping
    /// A cell is open, its actions shown.
    case open
    /// An item is being dragged.
    case dragging
    /// An item lifted with the keyboard moves with the arrow keys.
    case keyboardMoving
    /// An item's menu is open (a long press, the Menu key or Shift+F10).
    case menu
    /// Batch editing, at rest.
    case batchEditingIdle = "batchEditing.idle"
    /// Batch editing, a contact down.
    case batchEditingTracking = "batchEditing.tracking"
    /// Batch editing, scrolling.
    case batchEditingScrolling = "batchEditing.scrolling"
    /// Batch editing, a delete confirmation open.
    case batchEditingOpen = "batchEditing.open"
    /// Batch editing, an item being dragged.
    case batchEditingDragging = "batchEditing.dragging"
    /// Batch editing, an item moving with the arrow keys.
    case batchEditingKeyboardMoving = "batchEditing.keyboardMoving"

    /// The name the transcript prints.
    public var description: String { rawValue }
}
