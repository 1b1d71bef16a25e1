import GripperInput

/// The state an emulated device reports when asked through the evdev state
/// ioctls (`EVIOCGKEY`, `EVIOCGABS`, `EVIOCGMTSLOTS`, `EVIOCGLED`,
/// `EVIOCGSW`): what libevdev reads on open and again on a resync after
/// `SYN_DROPPED`.
public struct EmulatedDeviceState: Hashable, Sendable {
    /// `EV_KEY` codes that are down.
    public var keysDown: Set<UInt16>
    /// Values of non-multitouch `EV_ABS` axes; axes not listed report the
    /// description's `AbsInfo.value`.
    public var absValues: [UInt16: Int32]
    /// Multitouch slots by slot number, each with its `ABS_MT_*` values;
    /// slots not listed (and a slot without `ABS_MT_TRACKING_ID`) are empty
    /// (tracking id -1), other codes not listed are 0.
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
