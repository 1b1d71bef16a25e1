import GripperGeometry

/// A contact's progress, already recognized as gestures: what the editing
/// state machine routes by its state. Points are in viewport coordinates
/// (layout points, the viewport's top-left at the origin); the machine adds
/// the content offset itself.
///
/// `GestureInputAdapter` turns the gesture arena's events into these (and a
/// cancelled gesture into ``EditingCommand/cancelInteraction``).
@_spi(Benchmarks) public enum ContactInput: Hashable, Sendable {
    /// A pan's progress: where the contact is, how far it went since the pan
    /// started, and how fast it moves (points per second).
    public struct Pan: Hashable, Sendable {
        /// The contact's position, viewport coordinates.
        public var location: Point
        /// The displacement since the contact went down.
        public var translation: Point
        /// The velocity, points per second.
        public var velocity: Point

        /// Creates a pan sample.
        public init(location: Point, translation: Point, velocity: Point = .zero) {
            self.location = location
            self.translation = translation
            self.velocity = velocity
        }
    }

    /// A contact went down (highlight where allowed; a gripper starts a drag).
    case touchDown(Point)
    /// A tap was recognized (on lift).
    case tap(Point)
    /// A long-press was recognized; the contact is still down.
    case longPress(Point)
    /// The contact moved while no pan is recognized (after a long-press or a gripper press).
    case contactMoved(Point)
    /// The contact lifted without a tap or a pan end (after a long-press or a gripper press).
    case contactLifted(Point)
    /// A pan began (the contact passed the slop).
    case panBegan(Pan)
    /// A pan moved.
    case panChanged(Pan)
    /// A pan ended with the contact lifting.
    case panEnded(Pan)
    /// Another finger touched down while one is already down.
    case secondContact
    /// Another finger, down while the first is, tapped: it lifted within
    /// `GestureInputAdapter`'s tap limits of where and when it went down.
    /// During a drag it adds the movable item under it to the drag.
    case secondTap(Point)
    /// A wheel (or two-finger touchpad) scroll, points, positive = content moves up.
    case scroll(Double)
    /// A deadline returned by the machine came due (auto-scroll, a frame of
    /// a fling or a bounce): time passing under a contact, or under none.
    case tick
}

/// What the embedder, or the input shell, tells the editing state machine
/// to do, whatever its state: each is handled before any routing by state.
@_spi(Benchmarks) public enum EditingCommand: Hashable, Sendable {
    /// The embedder turns batch editing on or off.
    case setEditing(Bool)
    /// The embedder deletes every selected item.
    case deleteSelected
    /// The model was replaced from outside.
    case reload(CollectionModel)
    /// The embedder asks to undo the last journal entry.
    case undo
    /// The embedder asks to redo the last undone entry.
    case redo
    /// What is in flight is put back: the contact's fate is unknown (a
    /// gesture cancelled, dropped events), the input device went away, or
    /// the app ended the interaction.
    case cancelInteraction
}

/// Everything the editing state machine takes: a contact's progress or a
/// command. `GestureInputAdapter` makes these from the gesture arena's
/// events; ``EditingStateMachine/handle(_:at:geometry:)-(EditingInput,_,_)``
/// takes either.
@_spi(Benchmarks) public enum EditingInput: Hashable, Sendable {
    /// A recognized contact input, routed by the machine's state.
    case contact(ContactInput)
    /// A command, handled whatever the state.
    case command(EditingCommand)
}
