/// Event types from `linux/input-event-codes.h`.
public enum EventType {
    /// `EV_SYN`: frame separators and sync markers.
    public static let syn: UInt16 = 0x00
    /// `EV_KEY`: keys and buttons.
    public static let key: UInt16 = 0x01
    /// `EV_REL`: relative axes (mouse motion, wheels).
    public static let rel: UInt16 = 0x02
    /// `EV_ABS`: absolute axes (touch positions, slots, pressure).
    public static let abs: UInt16 = 0x03
    /// `EV_MSC`: miscellaneous data (`MSC_SCAN`, `MSC_TIMESTAMP`).
    public static let msc: UInt16 = 0x04
    /// `EV_SW`: binary switches (lid, tablet mode).
    public static let sw: UInt16 = 0x05
    /// `EV_LED`: LEDs.
    package static let led: UInt16 = 0x11
    /// `EV_SND`: sounds (beep, click).
    package static let snd: UInt16 = 0x12
    /// `EV_REP`: key autorepeat delay and period.
    package static let rep: UInt16 = 0x14
    /// `EV_FF`: force feedback.
    package static let ff: UInt16 = 0x15
    /// `EV_PWR`: power button and switch.
    package static let pwr: UInt16 = 0x16
    /// `EV_FF_STATUS`: force-feedback effect status.
    package static let ffStatus: UInt16 = 0x17
    /// `EV_MAX`.
    package static let max: UInt16 = 0x1f
}

/// `EV_SYN` codes.
public enum SynCode {
    /// `SYN_REPORT`: ends a frame.
    public static let report: UInt16 = 0
    /// `SYN_CONFIG`: unused by the kernel.
    public static let config: UInt16 = 1
    /// `SYN_MT_REPORT`: ends one contact of a protocol A frame.
    public static let mtReport: UInt16 = 2
    /// `SYN_DROPPED`: the kernel dropped events; the reader must resynchronise.
    public static let dropped: UInt16 = 3
}

/// `EV_KEY` codes Gripper interprets.
public enum KeyCode {
    /// `KEY_ESC`: the first key of a keyboard.
    public static let esc: UInt16 = 1
    /// `BTN_LEFT`: the left mouse button (a mouse's contact).
    public static let btnLeft: UInt16 = 0x110
    /// `BTN_RIGHT`: the right mouse button.
    public static let btnRight: UInt16 = 0x111
    /// `BTN_MIDDLE`: the middle mouse button.
    public static let btnMiddle: UInt16 = 0x112
    /// `BTN_TOOL_PEN`: a pen is in range.
    public static let btnToolPen: UInt16 = 0x140
    /// `BTN_TOOL_FINGER`: one finger is on the surface (or in range).
    public static let btnToolFinger: UInt16 = 0x145
    /// `BTN_TOUCH`: the surface is touched.
    public static let btnTouch: UInt16 = 0x14a
    /// `BTN_TOOL_DOUBLETAP`: two fingers are on the surface.
    public static let btnToolDoubleTap: UInt16 = 0x14d
    /// `BTN_TOOL_TRIPLETAP`: three fingers are on the surface.
    public static let btnToolTripleTap: UInt16 = 0x14e
    /// `BTN_TOOL_QUADTAP`: four fingers are on the surface.
    public static let btnToolQuadTap: UInt16 = 0x14f
    /// `BTN_TOOL_QUINTTAP`: five fingers are on the surface.
    public static let btnToolQuintTap: UInt16 = 0x148
    /// `KEY_MAX`.
    package static let max: UInt16 = 0x2ff
}

/// `EV_REL` codes Gripper interprets.
public enum RelCode {
    /// `REL_X`: horizontal motion, counts.
    public static let x: UInt16 = 0x00
    /// `REL_Y`: vertical motion, counts (positive down).
    public static let y: UInt16 = 0x01
    /// `REL_HWHEEL`: horizontal wheel, detents.
    public static let hwheel: UInt16 = 0x06
    /// `REL_WHEEL`: vertical wheel, detents (positive away from the user).
    public static let wheel: UInt16 = 0x08
    /// `REL_WHEEL_HI_RES`: vertical wheel, 120 per detent.
    public static let wheelHiRes: UInt16 = 0x0b
    /// `REL_HWHEEL_HI_RES`: horizontal wheel, 120 per detent.
    public static let hwheelHiRes: UInt16 = 0x0c
    /// `REL_MAX`.
    package static let max: UInt16 = 0x0f
}

/// `EV_ABS` codes Gripper interprets.
public enum AbsCode {
    /// `ABS_X`: absolute x (single touch, or the multitouch emulation).
    public static let x: UInt16 = 0x00
    /// `ABS_Y`: absolute y (single touch, or the multitouch emulation).
    public static let y: UInt16 = 0x01
    /// `ABS_PRESSURE`: pressure of the single-touch contact.
    public static let pressure: UInt16 = 0x18
    /// `ABS_MT_SLOT`: selects the protocol B slot the next events address.
    public static let mtSlot: UInt16 = 0x2f
    /// `ABS_MT_TOUCH_MAJOR`: the contact's major axis.
    public static let mtTouchMajor: UInt16 = 0x30
    /// `ABS_MT_TOUCH_MINOR`: the contact's minor axis.
    public static let mtTouchMinor: UInt16 = 0x31
    /// `ABS_MT_ORIENTATION`: the contact ellipse's orientation.
    public static let mtOrientation: UInt16 = 0x34
    /// `ABS_MT_POSITION_X`: a contact's x.
    public static let mtPositionX: UInt16 = 0x35
    /// `ABS_MT_POSITION_Y`: a contact's y.
    public static let mtPositionY: UInt16 = 0x36
    /// `ABS_MT_TOOL_TYPE`: finger, pen or palm.
    public static let mtToolType: UInt16 = 0x37
    /// `ABS_MT_TRACKING_ID`: a slot's contact identity; -1 ends it.
    public static let mtTrackingID: UInt16 = 0x39
    /// `ABS_MT_PRESSURE`: a contact's pressure.
    public static let mtPressure: UInt16 = 0x3a
    /// `ABS_MT_DISTANCE`: a hovering contact's distance from the surface.
    public static let mtDistance: UInt16 = 0x3b
    /// `ABS_MAX`.
    package static let max: UInt16 = 0x3f
}

/// `INPUT_PROP_*` device properties.
public enum InputProperty {
    /// `INPUT_PROP_POINTER`: needs a pointer on screen (touchpads, tablets).
    public static let pointer: UInt16 = 0x00
    /// `INPUT_PROP_DIRECT`: touches land where they are on screen (touchscreens).
    public static let direct: UInt16 = 0x01
    /// `INPUT_PROP_BUTTONPAD`: the touchpad itself is the button (clickpad).
    public static let buttonpad: UInt16 = 0x02
    /// `INPUT_PROP_SEMI_MT`: reports a bounding box, not each contact.
    public static let semiMT: UInt16 = 0x03
    /// `INPUT_PROP_TOPBUTTONPAD`: soft buttons along the top of the touchpad.
    public static let topButtonpad: UInt16 = 0x04
    /// `INPUT_PROP_POINTING_STICK`: a pointing stick.
    public static let pointingStick: UInt16 = 0x05
    /// `INPUT_PROP_ACCELEROMETER`: reports acceleration, not touches.
    public static let accelerometer: UInt16 = 0x06
    /// `INPUT_PROP_MAX`.
    package static let max: UInt16 = 0x1f
}
