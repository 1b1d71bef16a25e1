/// The actions one side of a cell reveals, nearest the cell's edge first,
/// and which of them (if any) a full swipe performs; that one is moved first,
/// nearest the edge, as the layout expects.
public struct SwipeActions: Hashable, Sendable {
    /// The actions, the one nearest the swiped edge first.
    public var actions: [EditingAction]
    /// The action a full swipe performs; nil when a full swipe only opens.
    /// Always one of ``actions`` (the initializer drops an unknown one).
    public private(set) var fullSwipeAction: ActionID?

    /// Creates a set of actions; `fullSwipeAction` is kept only when it names
    /// one of `actions`.
    public init(_ actions: [EditingAction], fullSwipeAction: ActionID? = nil) {
        let id = fullSwipeAction.flatMap { id in actions.contains { $0.id == id } ? id : nil }
        // The full-swipe action sits nearest the edge, where the layout grows it.
        self.actions = actions.filter { $0.id == id } + actions.filter { $0.id != id }
        self.fullSwipeAction = id
    }

    /// No actions: the side does not open.
    public static let none = SwipeActions([])

    /// Whether there is nothing to reveal.
    public var isEmpty: Bool { actions.isEmpty }

    /// The action with identity `id`, if present.
    public func action(_ id: ActionID) -> EditingAction? { actions.first { $0.id == id } }
}
