import GripperInput

/// Device descriptions for tests: the probe touchscreen and mouse that the
/// genuine tool output in `Recordings/tool-output` was recorded from, with
/// the same names, ids, codes and axes.
public enum TestDevices {
    /// "Probe Touchscreen": a direct multitouch (protocol B) screen, 10 slots,
    /// 0…4095 on both axes at 16 units/mm (256 × 256 mm), `BTN_TOUCH`.
    public static let probeTouchscreen: DeviceDescription = {
        let position = AbsInfo(minimum: 0, maximum: 4095, resolution: 16)
        return DeviceDescription(
            name: "Probe Touchscreen",
            id: DeviceID(bustype: 0x03, vendor: 0x1234, product: 0x5678, version: 0x111),
            properties: [InputProperty.direct],
            codes: [
                EventType.syn: [SynCode.report, SynCode.config, SynCode.dropped],
                EventType.key: [KeyCode.btnTouch],
                EventType.abs: [AbsCode.x, AbsCode.y, AbsCode.mtSlot, AbsCode.mtPositionX,
                                AbsCode.mtPositionY, AbsCode.mtTrackingID],
            ],
            absInfo: [
                AbsCode.x: position,
                AbsCode.y: position,
                AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 9),
                AbsCode.mtPositionX: position,
                AbsCode.mtPositionY: position,
                AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
            ]
        )
    }()

    /// "Probe Mouse": `REL_X/Y`, `REL_WHEEL`, left, right and middle buttons,
    /// `MSC_SCAN`.
    /// A USB keyboard: every key from `KEY_ESC` to `KEY_KPDOT` (1 to 83) and
    /// the arrows, with scan codes (`MSC_SCAN`), LEDs and autorepeat.
    public static let probeKeyboard = DeviceDescription(
        name: "Probe Keyboard",
        id: DeviceID(bustype: 0x03, vendor: 0x1234, product: 0x4b42, version: 0x111),
        codes: [
            EventType.syn: [SynCode.report, SynCode.config, SynCode.dropped],
            EventType.key: Set(UInt16(1)...83).union([103, 105, 106, 108]),
            EventType.msc: [4],
            EventType.led: [0, 1, 2],
            EventType.rep: [0, 1],
        ],
        ledStates: [0: 0, 1: 0, 2: 0]
    )

    public static let probeMouse = DeviceDescription(
        name: "Probe Mouse",
        id: DeviceID(bustype: 0x03, vendor: 0x1234, product: 0x9abc, version: 0x111),
        codes: [
            EventType.syn: [SynCode.report, SynCode.config, SynCode.dropped],
            EventType.key: [KeyCode.btnLeft, KeyCode.btnRight, KeyCode.btnMiddle],
            EventType.rel: [RelCode.x, RelCode.y, RelCode.wheel],
            EventType.msc: [4],
        ]
    )

    /// A two-slot protocol B clickpad (`INPUT_PROP_BUTTONPAD`, one physical
    /// button): 0…2000 × 0…1400 at 20 units/mm, 100 × 70 mm.
    public static let probeClickpad = DeviceDescription(
        name: "Probe Clickpad",
        properties: [InputProperty.pointer, InputProperty.buttonpad],
        codes: [EventType.syn: [0],
                EventType.key: [KeyCode.btnLeft, KeyCode.btnToolFinger, KeyCode.btnTouch],
                EventType.abs: [AbsCode.x, AbsCode.y, AbsCode.mtSlot, AbsCode.mtTrackingID,
                                AbsCode.mtPositionX, AbsCode.mtPositionY]],
        absInfo: [AbsCode.x: AbsInfo(minimum: 0, maximum: 2000, resolution: 20),
                  AbsCode.y: AbsInfo(minimum: 0, maximum: 1400, resolution: 20),
                  AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 1),
                  AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
                  AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 2000, resolution: 20),
                  AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 1400, resolution: 20)])
}

extension TestDevices {
    /// A libinput-record file of one small absolute device (`Dev`, X and Y
    /// from 0 to 100) with one frame, as `libinput record` writes it: the
    /// text the YAML and error tests change one thing of.
    package static let oneDeviceLibinputRecord = """
    version: 1
    ndevices: 1
    devices:
    - node: /dev/input/event5
      evdev:
        name: "Dev"
        id: [3, 1, 2, 3]
        codes:
          0: [0]
          3: [0, 1]
        absinfo:
          0: [0, 100, 0, 0, 0]
          1: [0, 100, 0, 0, 0]
        properties: [1]
      events:
      - evdev:
        - [  0,      1,   3,   0,      10] # EV_ABS / ABS_X
        - [  0,      1,   0,   0,       0] # SYN

    """
}
