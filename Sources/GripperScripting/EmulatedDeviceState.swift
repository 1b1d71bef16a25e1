import GripperInput

/// The state an emulated device reports when asked through the evdev state
/// ioctls (`EVIOCGKEY`, `EVIOCGABS`, `EVIOCGMTSLOTS`, `EVIOCGLED`,
/// `EVIOCGSW`): what libevdev reads on open and again on a resync after
/// `SYN_DROPPED`.
public struct EmulatedDeviceState: Hashable, Sendable {
    /// `EV_KEY` codes that are down.
    public var keysDown: Set<UInt16>
    /// Values of `EV_ABS` axes that are not a slot's (`ABS_MT_SLOT`
    /// included); axes not listed report the description's `AbsInfo.value`.
    public var absValues: [UInt16: Int32]
    /// Multitouch slots by slot number, each with its `ABS_MT_*` values;
    /// slots not listed (and a slot without `ABS_MT_TRACKING_ID`) are empty
    /// (tracking id -1), other codes not listed are 0. A slot whose
    /// tracking id is -1 is empty but keeps its last values, as the kernel's do.
    public var slots: [Int: [UInt16: Int32]]
    /// LEDs that are on.
    public var ledsOn: Set<UInt16>
    /// Switches that are on.
    public var switchesOn: Set<UInt16>

    /// Creates a state; the default is a device at rest (nothing down, no contacts).
    public init(keysDown: Set<UInt16> = [], absValues: [UInt16: Int32] = [:], slots: [Int: [UInt16: Int32]] = [:],
                ledsOn: Set<UInt16> = [], switchesOn: Set<UInt16> = []) {
        self.keysDown = keysDown
        self.absValues = absValues
        self.slots = slots
        self.ledsOn = ledsOn
        self.switchesOn = switchesOn
    }
}

extension EmulatedDeviceState {
    /// The state a device with `device`'s description is in after sending
    /// `events` from rest: keys down, LEDs and switches on, axis values,
    /// slot contents (protocol B), as `EvdevDeviceState` (GripperInput)
    /// folds them — the kernel's rules, written down there. Use it to make
    /// the resync snapshot of a recording cut by a `SYN_DROPPED`: the state
    /// after the events the reader never saw.
    ///
    /// - Complexity: O(events).
    public init(after events: [RawEvent], device: DeviceDescription) {
        var state = EvdevDeviceState(device: device)
        for event in events { state.absorb(event) }
        self.init(keysDown: Set(state.keys.filter(\.value).keys), absValues: state.axes,
                  slots: Dictionary(uniqueKeysWithValues: state.slots.map { (Int($0.key), $0.value) }),
                  ledsOn: Set(state.leds.filter(\.value).keys), switchesOn: Set(state.switches.filter(\.value).keys))
    }
}
