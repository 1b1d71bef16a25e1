/// What performing a swipe action does to the model, as the
/// ``CollectionDelegate`` says (``CollectionDelegate/perform(_:on:at:)``).
public enum ActionOutcome: Hashable, Sendable {
    /// The item is deleted (one journaled edit, undoable).
    case deleteItem
    /// The model is unchanged; the action is journaled and the cell shuts.
    case keepItem
}
