/// A move an app asks for without a pointer (a screen reader's custom
/// action, a menu item, a shortcut of its own): `EditingStateMachine`
/// applies it to the keyboard move in flight (its gap moves) or, at rest, to
/// the focused item (one commit at once).
///
/// Positions are counted along the collection's order: section by section,
/// and within a section item by item (a grid's rows read in order). The
/// delegate's ``CollectionDelegate/target(forMoving:from:proposed:)`` is
/// asked once for the command's target, as for a pointer drag's gap: a
/// redirect is followed (clamped to a valid place) and a veto refuses the
/// command.
public enum MoveCommand: Hashable, Sendable {
    /// One position earlier (into the previous section's end from a section's first position).
    case up
    /// One position later (into the next section's start from a section's last position).
    case down
    /// The first position of the item's section.
    case toTop
    /// The last position of the item's section.
    case toBottom
    /// The end of the section with this index; refused when there is none.
    case toSection(Int)
    /// `n` positions later (earlier when negative) along the collection's
    /// order, clamped to its first and last position: `by(-1_000)` from
    /// position 3 goes to the very first position. Any `Int`, `Int.min`
    /// included, is taken without overflow.
    case by(Int)
}
