import GripperInput

/// A key the engine acts on, as the person pressed it (screen directions):
/// the arrows, Home and End, Space, Enter (the main one and the keypad's),
/// Escape, the Menu key (or Shift+F10), and — while a menu is open — Tab
/// and Shift+Tab. Every other key is ignored. The transcript writes each press
/// as a `key` line; a scene's `key` stimulus names one.
public enum KeyboardKey: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// KEY_UP (103).
    case up
    /// KEY_DOWN (108).
    case down
    /// KEY_LEFT (105).
    case left
    /// KEY_RIGHT (106).
    case right
    /// KEY_HOME (102).
    case home
    /// KEY_END (107).
    case end
    /// KEY_SPACE (57).
    case space
    /// KEY_ENTER (28) or KEY_KPENTER (96).
    case enter
    /// KEY_ESC (1).
    case escape
    /// The Menu key: KEY_COMPOSE (127, the PC keyboard's menu key) or
    /// KEY_MENU (139); or F10 (KEY_F10, 68) with Shift held, its usual
    /// equivalent. Opens the focused item's menu.
    case menu
    /// KEY_TAB (15) without Shift: the next entry of an open menu (the
    /// engine acts on it, and writes it, only while a menu is open).
    case tab
    /// KEY_TAB (15) with Shift held: the previous entry of an open menu.
    case shiftTab

    /// The key of an evdev `KEY_*` code with Shift up, or nil for a key
    /// the engine ignores.
    package init?(evdevCode code: UInt16) {
        self.init(evdevCode: code, shift: false)
    }

    /// The key of an evdev `KEY_*` code with Shift (KEY_LEFTSHIFT 42 or
    /// KEY_RIGHTSHIFT 54) held or not, or nil for a key the engine ignores:
    /// F10 is the Menu key only with Shift, Tab is ``shiftTab`` with it.
    package init?(evdevCode code: UInt16, shift: Bool) {
        switch code {
        case 103: self = .up
        case 108: self = .down
        case 105: self = .left
        case 106: self = .right
        case 102: self = .home
        case 107: self = .end
        case 57: self = .space
        case 28, 96: self = .enter
        case 1: self = .escape
        case 127, 139: self = .menu
        case 68 where shift: self = .menu
        case 15: self = shift ? .shiftTab : .tab
        default: return nil
        }
    }

    /// Whether the key's autorepeat (evdev value 2) acts again: the arrows,
    /// Home and End do (a held arrow walks on); Space, Enter and Escape do
    /// not (a held Space must not drop what it just lifted); Tab and
    /// Shift+Tab do, the Menu key does not.
    package var repeats: Bool {
        switch self {
        case .up, .down, .left, .right, .home, .end, .tab, .shiftTab: true
        case .space, .enter, .escape, .menu: false
        }
    }

    /// The key's name (`down`, `space` …).
    public var description: String { rawValue }
}
