/// A key press the editing machine understands, in the layout's scroll
/// space: ``up`` goes toward the start of the scroll axis (the previous
/// row), ``left`` toward the leading edge (the previous item in a row).
/// The engine maps the physical keys onto these for the layout's
/// orientation (a horizontal or right-to-left layout turns them), so the
/// machine never sees the screen.
///
/// At rest the arrows, ``home`` and ``end`` move the focus; ``activate``
/// (Space or Enter) lifts the focused item; during a keyboard move they move
/// its gap, ``activate`` drops it and ``cancel`` (Escape) puts it back.
/// ``menu`` opens the focused item's menu; in an open menu the arrows,
/// ``next`` and ``previous`` select an entry, ``activate`` performs it and
/// ``cancel`` closes the menu. See `Documentation/Editing.md`, "Keyboard
/// and command moves" and "The long-press menu".
@_spi(Benchmarks) public enum KeyboardInput: Hashable, Sendable, CaseIterable {
    /// The previous row (across sections).
    case up
    /// The next row (across sections).
    case down
    /// The previous item in the row; nothing at the row's leading end.
    case left
    /// The next item in the row; nothing at the row's trailing end.
    case right
    /// The focus to the collection's first item; a gap to its section's first position.
    case home
    /// The focus to the collection's last item; a gap to its section's last position.
    case end
    /// Space or Enter: lift the focused item, or drop the one in flight.
    case activate
    /// Escape: cancel what is in flight (a keyboard move, a pointer drag, an open cell, a menu).
    case cancel
    /// The Menu key or Shift+F10: open the focused item's menu (close it when open).
    case menu
    /// Tab, in an open menu: the next entry (the first after the last).
    case next
    /// Shift+Tab, in an open menu: the previous entry (the last before the first).
    case previous
}
