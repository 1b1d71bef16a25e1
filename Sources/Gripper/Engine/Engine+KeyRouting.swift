import GripperInput

extension Engine {
    /// Hands one key event of a keyboard device to the keyboard moves:
    /// `code` is the evdev `KEY_*` code, `value` 1 a press, 0 a release, 2 an
    /// autorepeat. Every `EV_KEY` event of a keyboard (``DeviceKind/keyboard``)
    /// comes through here, in its frame's order and in time order with the
    /// other devices' frames (``handle(_:from:)``).
    ///
    /// No transcript entry fits a bare key yet, so for now this only counts
    /// the keys routed (``keysRouted``).
    // The integrator connects this to handleKey(code:value:at:) from the
    // keyboard branch.
    mutating func routeKey(code: UInt16, value: Int32, at time: EventTime) {
        keysRouted &+= 1
        lastKeyRouted = KeyRouted(code: code, value: value, time: time, order: entriesProduced)
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
