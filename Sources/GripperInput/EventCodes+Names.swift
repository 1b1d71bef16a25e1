/// Names of event types and codes, as `linux/input-event-codes.h` spells them,
/// for comments in written traces and for messages.
public enum EventCodes {
    /// The largest code of each type (`*_MAX`), or nil for a type evdev does not define.
    public static func maxCode(type: UInt16) -> UInt16? {
        switch type {
        case EventType.syn: return 0x0f
        case EventType.key: return KeyCode.max
        case EventType.rel: return RelCode.max
        case EventType.abs: return AbsCode.max
        case EventType.msc: return 0x07
        case EventType.sw: return 0x10
        case EventType.led: return 0x0f
        case EventType.snd: return 0x07
        case EventType.rep: return 0x01
        case EventType.ff: return 0x7f
        case EventType.pwr: return 0x00
        case EventType.ffStatus: return 0x01
        default: return nil
        }
    }

    /// `EV_KEY`, `EV_ABS`, …, or `EV_0x1a` for a type without a name.
    public static func typeName(_ type: UInt16) -> String {
        switch type {
        case EventType.syn: return "EV_SYN"
        case EventType.key: return "EV_KEY"
        case EventType.rel: return "EV_REL"
        case EventType.abs: return "EV_ABS"
        case EventType.msc: return "EV_MSC"
        case EventType.sw: return "EV_SW"
        case EventType.led: return "EV_LED"
        case EventType.snd: return "EV_SND"
        case EventType.rep: return "EV_REP"
        case EventType.ff: return "EV_FF"
        case EventType.pwr: return "EV_PWR"
        case EventType.ffStatus: return "EV_FF_STATUS"
        default: return "EV_0x" + String(type, radix: 16)
        }
    }

    /// The name of a code, such as `ABS_MT_POSITION_X`, or `ABS_0x2a` where
    /// the table has none.
    public static func codeName(type: UInt16, code: UInt16) -> String {
        if let name = knownNames[type]?[code] { return name }
        let prefix: String
        switch type {
        case EventType.syn: prefix = "SYN"
        case EventType.key: prefix = "KEY"
        case EventType.rel: prefix = "REL"
        case EventType.abs: prefix = "ABS"
        case EventType.msc: prefix = "MSC"
        default: prefix = typeName(type)
        }
        return prefix + "_0x" + String(code, radix: 16)
    }

    // Extended by the trace writers' needs; anything missing prints as TYPE_0xNN.
    static let knownNames: [UInt16: [UInt16: String]] = [
        EventType.syn: [0: "SYN_REPORT", 1: "SYN_CONFIG", 2: "SYN_MT_REPORT", 3: "SYN_DROPPED"],
        EventType.key: [
            0x110: "BTN_LEFT", 0x111: "BTN_RIGHT", 0x112: "BTN_MIDDLE", 0x113: "BTN_SIDE", 0x114: "BTN_EXTRA",
            0x140: "BTN_TOOL_PEN", 0x145: "BTN_TOOL_FINGER", 0x14a: "BTN_TOUCH", 0x14d: "BTN_TOOL_DOUBLETAP",
            0x14e: "BTN_TOOL_TRIPLETAP", 0x14f: "BTN_TOOL_QUADTAP", 0x148: "BTN_TOOL_QUINTTAP",
        ],
        EventType.rel: [0: "REL_X", 1: "REL_Y", 6: "REL_HWHEEL", 8: "REL_WHEEL", 0x0b: "REL_WHEEL_HI_RES", 0x0c: "REL_HWHEEL_HI_RES"],
        EventType.abs: [
            0x00: "ABS_X", 0x01: "ABS_Y", 0x18: "ABS_PRESSURE", 0x2f: "ABS_MT_SLOT", 0x30: "ABS_MT_TOUCH_MAJOR",
            0x31: "ABS_MT_TOUCH_MINOR", 0x34: "ABS_MT_ORIENTATION", 0x35: "ABS_MT_POSITION_X",
            0x36: "ABS_MT_POSITION_Y", 0x37: "ABS_MT_TOOL_TYPE", 0x39: "ABS_MT_TRACKING_ID",
            0x3a: "ABS_MT_PRESSURE", 0x3b: "ABS_MT_DISTANCE",
        ],
        EventType.msc: [4: "MSC_SCAN", 5: "MSC_TIMESTAMP"],
    ]
}
