/// The state of an evdev device after a run of its events — what the
/// kernel (and libevdev, reading it) holds, and what a cut of a trace or an
/// emulated device must give back: the one fold of "the device after these
/// events" that `TraceCut`'s prefix frame and `EmulatedDeviceState` are
/// views of. Pure; `package`, not API.
///
/// The rules, as the kernel's `input_handle_abs_event` and libevdev's
/// `update_*_state` keep them:
/// - `ABS_MT_SLOT` selects the slot the next per-slot values go to, and is
///   remembered as that axis's value. Before any `ABS_MT_SLOT` the slot is
///   the description's `ABS_MT_SLOT` value (0 for every trace format, which
///   records no values).
/// - The per-slot codes are `ABS_MT_TOUCH_MAJOR` … `ABS_MT_TOOL_Y`
///   (0x30…0x3d, the kernel's `ABS_MT_FIRST` … `ABS_MT_LAST`): on a device
///   with slots (protocol B) they set the current slot's value.
/// - Every other `EV_ABS` code — 0x3e and 0x3f included, and the `ABS_MT_*`
///   codes of a device without slots (protocol A, whose contacts are the
///   frame's, not state) — sets the axis's last value.
/// - `EV_KEY`, `EV_LED`, `EV_SW`: down (on) for a value other than 0 (an
///   autorepeat is still down), up (off) for 0; every code an event named
///   is kept, up or down.
/// - `REL_X`, `REL_Y`: summed (wrapping), the pointer's travel from the
///   start; other relative codes (wheels) are motion, not state.
/// - Every other event type (`EV_SYN`, `EV_MSC` …) changes nothing.
package struct EvdevDeviceState: Hashable, Sendable {
    /// The kernel's per-slot codes, `ABS_MT_FIRST` … `ABS_MT_LAST`.
    package static let perSlotCodes: ClosedRange<UInt16> = 0x30...0x3d

    /// Whether the device has slots (protocol B; ``DeviceDescription/usesSlots``).
    package let usesSlots: Bool
    /// The last value of every `EV_ABS` code that is not a slot's
    /// (`ABS_MT_SLOT` included once selected; see the rules above).
    package private(set) var axes: [UInt16: Int32] = [:]
    /// Each slot's per-slot values, by slot number, for the slots any
    /// event addressed; a slot keeps its values when its tracking id goes to -1.
    package private(set) var slots: [Int32: [UInt16: Int32]] = [:]
    /// The slot per-slot values go to now.
    package private(set) var slot: Int32
    /// Whether each `EV_KEY` code an event named is down.
    package private(set) var keys: [UInt16: Bool] = [:]
    /// Whether each `EV_LED` code an event named is on.
    package private(set) var leds: [UInt16: Bool] = [:]
    /// Whether each `EV_SW` code an event named is on.
    package private(set) var switches: [UInt16: Bool] = [:]
    /// `REL_X` and `REL_Y` summed, for the codes any event named.
    package private(set) var motion: [UInt16: Int64] = [:]

    /// A device with `device`'s description at rest: nothing named yet,
    /// the slot the description's.
    package init(device: DeviceDescription) {
        usesSlots = device.usesSlots
        slot = device.absInfo[AbsCode.mtSlot]?.value ?? 0
    }

    /// Takes in one event.
    /// - Complexity: O(1) amortized.
    package mutating func absorb(_ e: RawEvent) {
        switch e.type {
        case EventType.abs:
            if e.code == AbsCode.mtSlot {
                slot = e.value
                axes[e.code] = e.value
            } else if usesSlots && Self.perSlotCodes.contains(e.code) {
                slots[slot, default: [:]][e.code] = e.value
            } else {
                axes[e.code] = e.value
            }
        case EventType.key: keys[e.code] = e.value != 0
        case EventType.led: leds[e.code] = e.value != 0
        case EventType.sw: switches[e.code] = e.value != 0
        case EventType.rel where e.code == RelCode.x || e.code == RelCode.y:
            motion[e.code, default: 0] &+= Int64(e.value)
        default:
            break
        }
    }

    /// Takes in a frame's events.
    /// - Complexity: O(events in the frame).
    package mutating func absorb(_ frame: EventFrame) {
        for e in frame.events { absorb(e) }
    }
}
