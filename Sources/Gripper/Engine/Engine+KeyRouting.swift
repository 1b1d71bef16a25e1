import GripperInput
@_spi(Benchmarks) import GripperEditing

extension Engine {
    /// Hands one key event of a keyboard device to the keyboard moves:
    /// `code` is the evdev `KEY_*` code, `value` 1 a press, 0 a release, 2 an
    /// autorepeat. Every `EV_KEY` event of a keyboard (``DeviceKind/keyboard``)
    /// comes through here, in its frame's order and in time order with the
    /// other devices' frames (``handle(_:from:)``), and so does
    /// ``handleKey(code:value:at:)``: a press of a key the moves know (and
    /// the autorepeat of one that repeats) acts and writes a `key` line;
    /// releases and other keys do nothing (the Shift keys are only held,
    /// for Shift+F10 and Shift+Tab; Tab acts only in an open menu). Counted
    /// in ``keysRouted``.
    mutating func routeKey(code: UInt16, value: Int32, at time: EventTime) {
        keysRouted &+= 1
        lastKeyRouted = KeyRouted(code: code, value: value, time: time, order: entriesProduced)
        if code == 42 || code == 54 {
            // KEY_LEFTSHIFT, KEY_RIGHTSHIFT: held for Shift+F10 and Shift+Tab; no line.
            let bit: UInt8 = code == 42 ? 1 : 2
            if value == 0 { shiftKeys &= ~bit } else { shiftKeys |= bit }
            return
        }
        guard let key = KeyboardKey(evdevCode: code, shift: shiftKeys != 0),
              value == 1 || (value == 2 && key.repeats) else { return }
        switch key {
        case .tab, .shiftTab:
            // Tab is the toolkit's (focus to the next widget) unless a menu is open.
            guard machine.phase == .menu else { return }
        case .up, .down, .left, .right, .home, .end, .space, .enter, .escape, .menu:
            break
        }
        pressKey(key, repeated: value == 2, at: time)
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
