import GripperInput

/// A key the engine acts on, as the person pressed it (screen directions):
/// the arrows, Home and End, Space, Enter (the main one and the keypad's)
/// and Escape. Every other key is ignored. The transcript writes each press
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

    /// The key of an evdev `KEY_*` code, or nil for a key the engine ignores.
    public init?(evdevCode code: UInt16) {
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
        default: return nil
        }
    }

    /// Whether the key's autorepeat (evdev value 2) acts again: the arrows,
    /// Home and End do (a held arrow walks on); Space, Enter and Escape do
    /// not (a held Space must not drop what it just lifted).
    public var repeats: Bool {
        switch self {
        case .up, .down, .left, .right, .home, .end: true
        case .space, .enter, .escape: false
        }
    }

    /// The key's name (`down`, `space` …).
    public var description: String { rawValue }
}
