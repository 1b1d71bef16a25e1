/// Event types from `linux/input-event-codes.h`.
public enum EventType {
    public static let syn: UInt16 = 0x00
    public static let key: UInt16 = 0x01
    public static let rel: UInt16 = 0x02
    public static let abs: UInt16 = 0x03
    public static let msc: UInt16 = 0x04
    public static let sw: UInt16 = 0x05
    public static let led: UInt16 = 0x11
    public static let snd: UInt16 = 0x12
    public static let rep: UInt16 = 0x14
    public static let ff: UInt16 = 0x15
    public static let pwr: UInt16 = 0x16
    public static let ffStatus: UInt16 = 0x17
    /// `EV_MAX`.
    public static let max: UInt16 = 0x1f
}

/// `EV_SYN` codes.
public enum SynCode {
    public static let report: UInt16 = 0
    public static let config: UInt16 = 1
    public static let mtReport: UInt16 = 2
    public static let dropped: UInt16 = 3
}

/// `EV_KEY` codes Gripper interprets.
public enum KeyCode {
    public static let btnLeft: UInt16 = 0x110
    public static let btnRight: UInt16 = 0x111
    public static let btnMiddle: UInt16 = 0x112
    public static let btnToolPen: UInt16 = 0x140
    public static let btnToolFinger: UInt16 = 0x145
    public static let btnTouch: UInt16 = 0x14a
    public static let btnToolDoubleTap: UInt16 = 0x14d
    public static let btnToolTripleTap: UInt16 = 0x14e
    public static let btnToolQuadTap: UInt16 = 0x14f
    public static let btnToolQuintTap: UInt16 = 0x148
    /// `KEY_MAX`.
    public static let max: UInt16 = 0x2ff
}

/// `EV_REL` codes Gripper interprets.
public enum RelCode {
    public static let x: UInt16 = 0x00
    public static let y: UInt16 = 0x01
    public static let hwheel: UInt16 = 0x06
    public static let wheel: UInt16 = 0x08
    public static let wheelHiRes: UInt16 = 0x0b
    public static let hwheelHiRes: UInt16 = 0x0c
    /// `REL_MAX`.
    public static let max: UInt16 = 0x0f
}

/// `EV_ABS` codes Gripper interprets.
public enum AbsCode {
    public static let x: UInt16 = 0x00
    public static let y: UInt16 = 0x01
    public static let pressure: UInt16 = 0x18
    public static let mtSlot: UInt16 = 0x2f
    public static let mtTouchMajor: UInt16 = 0x30
    public static let mtTouchMinor: UInt16 = 0x31
    public static let mtOrientation: UInt16 = 0x34
    public static let mtPositionX: UInt16 = 0x35
    public static let mtPositionY: UInt16 = 0x36
    public static let mtToolType: UInt16 = 0x37
    public static let mtTrackingID: UInt16 = 0x39
    public static let mtPressure: UInt16 = 0x3a
    public static let mtDistance: UInt16 = 0x3b
    /// `ABS_MAX`.
    public static let max: UInt16 = 0x3f
}

/// `INPUT_PROP_*` device properties.
public enum InputProperty {
    public static let pointer: UInt16 = 0x00
    public static let direct: UInt16 = 0x01
    public static let buttonpad: UInt16 = 0x02
    public static let semiMT: UInt16 = 0x03
    public static let topButtonpad: UInt16 = 0x04
    public static let pointingStick: UInt16 = 0x05
    public static let accelerometer: UInt16 = 0x06
    /// `INPUT_PROP_MAX`.
    public static let max: UInt16 = 0x1f
}
