import GripperInput

extension Engine {
    /// Hands one key event of a keyboard device to the keyboard moves:
    /// `code` is the evdev `KEY_*` code, `value` 1 a press, 0 a release, 2 an
    /// autorepeat. Every `EV_KEY` event of a keyboard (``DeviceKind/keyboard``)
    /// comes through here, in its frame's order and in time order with the
    /// other devices' frames (``handle(_:from:)``), and so does
    /// ``handleKey(code:value:at:)``: a press of a key the moves know (and
    /// the autorepeat of one that repeats) acts and writes a `key` line;
    /// releases and other keys do nothing. Counted in ``keysRouted``.
    mutating func routeKey(code: UInt16, value: Int32, at time: EventTime) {
        keysRouted &+= 1
        lastKeyRouted = KeyRouted(code: code, value: value, time: time, order: entriesProduced)
        if let key = KeyboardKey(evdevCode: code), value == 1 || (value == 2 && key.repeats) {
            pressKey(key, repeated: value == 2, at: time)
        }
    }
}

/// The latest key ``Engine/routeKey(code:value:at:)`` routed, and how many
/// transcript entries the engine had produced before it (tests check that
/// keys and pointer frames reach the engine in one order).
package struct KeyRouted: Hashable, Sendable {
    package var code: UInt16
    package var value: Int32
    package var time: EventTime
    package var order: Int
}
