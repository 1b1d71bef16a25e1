import GripperGeometry

/// The bus and vendor, product and version numbers of a device (`struct input_id`).
public struct DeviceID: Hashable, Sendable {
    /// The bus the device is on (`BUS_USB` 0x03, `BUS_I2C` 0x18 …).
    public var bustype: UInt16
    /// The vendor number (a USB vendor id on USB).
    public var vendor: UInt16
    /// The product number, chosen by the vendor.
    public var product: UInt16
    /// The product version, chosen by the vendor (or the driver).
    public var version: UInt16

    /// Creates an id.
    public init(bustype: UInt16, vendor: UInt16, product: UInt16, version: UInt16) {
        self.bustype = bustype
        self.vendor = vendor
        self.product = product
        self.version = version
    }
}

/// What kind of pointing device a description describes, as far as Gripper cares.
public enum DeviceKind: String, Hashable, Sendable, CaseIterable {
    /// A direct-touch screen: the contact position is the screen position.
    case touchscreen
    /// An indirect touch surface that moves a pointer.
    case touchpad
    /// A relative pointing device with buttons.
    case mouse
    /// A keyboard: its key presses, releases and autorepeats go to the
    /// keyboard moves, never to the gesture arena.
    case keyboard
    /// Anything else (tablets' pads, switches, a power button …).
    case other
}

/// Everything a trace header or `libevdev` says about an input device: its
/// name and ids, its properties, the codes it can send and its axes.
///
/// The same value comes out of an evemu header, a libinput-record device
/// entry and a live device opened through libevdev, so code below the input
/// shell never needs to know where a description came from.
public struct DeviceDescription: Hashable, Sendable {
    /// The kernel's name for the device.
    public var name: String
    /// Bus, vendor, product and version.
    public var id: DeviceID
    /// `INPUT_PROP_*` properties the device has.
    public var properties: Set<UInt16>
    /// Supported codes by event type; a type present with no codes is
    /// supported as a type only.
    public var codes: [UInt16: Set<UInt16>]
    /// Axis information for each supported `EV_ABS` code.
    public var absInfo: [UInt16: AbsInfo]
    /// Initial LED states (`L:` lines), by code.
    public var ledStates: [UInt16: Int32]
    /// Initial switch states (`S:` lines), by code.
    public var switchStates: [UInt16: Int32]

    /// Creates a description.
    public init(name: String, id: DeviceID = DeviceID(bustype: 0, vendor: 0, product: 0, version: 0),
                properties: Set<UInt16> = [], codes: [UInt16: Set<UInt16>] = [:],
                absInfo: [UInt16: AbsInfo] = [:], ledStates: [UInt16: Int32] = [:],
                switchStates: [UInt16: Int32] = [:]) {
        self.name = name
        self.id = id
        self.properties = properties
        self.codes = codes
        self.absInfo = absInfo
        self.ledStates = ledStates
        self.switchStates = switchStates
    }

    /// Whether the device supports `code` of `type`.
    public func has(type: UInt16, code: UInt16) -> Bool { codes[type]?.contains(code) ?? false }

    /// Whether the device supports events of `type` at all.
    public func has(type: UInt16) -> Bool { codes[type] != nil }

    /// Whether the device speaks multitouch (has `ABS_MT_POSITION_X/Y`).
    public var isMultitouch: Bool {
        has(type: EventType.abs, code: AbsCode.mtPositionX) && has(type: EventType.abs, code: AbsCode.mtPositionY)
    }

    /// Whether the device uses multitouch protocol B (slots).
    public var usesSlots: Bool { isMultitouch && has(type: EventType.abs, code: AbsCode.mtSlot) }

    /// The kind of device, derived as udev's `input_id` builtin does:
    /// - relative X/Y with a left button: a mouse;
    /// - absolute X/Y (or multitouch positions) with `INPUT_PROP_DIRECT`, or
    ///   with `BTN_TOUCH` and no `BTN_TOOL_FINGER`: a touchscreen;
    /// - absolute X/Y with `BTN_TOOL_FINGER` and not direct (or
    ///   `INPUT_PROP_POINTER`): a touchpad;
    /// - every key from `KEY_ESC` to `KEY_S` (codes 1 to 31: Escape, the
    ///   digits, the first letter rows), as udev's `ID_INPUT_KEYBOARD`
    ///   asks: a keyboard;
    /// - anything else: other.
    public var kind: DeviceKind {
        let hasAbsXY = (has(type: EventType.abs, code: AbsCode.x) && has(type: EventType.abs, code: AbsCode.y)) || isMultitouch
        let direct = properties.contains(InputProperty.direct)
        let toolFinger = has(type: EventType.key, code: KeyCode.btnToolFinger)
        let touch = has(type: EventType.key, code: KeyCode.btnTouch)
        let pen = has(type: EventType.key, code: KeyCode.btnToolPen)
        if hasAbsXY {
            if direct && !pen { return .touchscreen }
            if toolFinger && !pen { return .touchpad }
            if properties.contains(InputProperty.pointer) && !pen { return .touchpad }
            if touch && !pen { return .touchscreen }
            return .other
        }
        if has(type: EventType.rel, code: RelCode.x) && has(type: EventType.rel, code: RelCode.y)
            && has(type: EventType.key, code: KeyCode.btnLeft) {
            return .mouse
        }
        if let keys = codes[EventType.key], (KeyCode.esc...31).allSatisfy(keys.contains) {
            return .keyboard
        }
        return .other
    }

    /// The longest side, in millimetres, assumed for an absolute device whose
    /// axes report a resolution of 0 (most touchscreens recorded before
    /// about 2014 do): 250 mm for a touchscreen — about the width of a 12″
    /// panel, the size of the tablet PCs and laptops in the real recordings —
    /// and 100 mm for anything else, about a laptop touchpad's width. Both
    /// axes then get the same units per millimetre, so circles stay round.
    package static func fallbackLongestSideMillimetres(for kind: DeviceKind) -> Double {
        kind == .touchscreen ? 250 : 100
    }

    /// The position axes: `ABS_MT_POSITION_X/Y` where the device has them,
    /// else `ABS_X/Y`; nil for devices without absolute position.
    package var positionAxes: (x: AbsInfo, y: AbsInfo)? {
        if let x = absInfo[AbsCode.mtPositionX], let y = absInfo[AbsCode.mtPositionY] { return (x, y) }
        if let x = absInfo[AbsCode.x], let y = absInfo[AbsCode.y] { return (x, y) }
        return nil
    }

    /// Device units per millimetre on each position axis: the axis resolution,
    /// or when that is 0 the fallback documented at
    /// `fallbackLongestSideMillimetres(for:)`. Nil for devices without
    /// absolute position.
    public var unitsPerMillimetre: (x: Double, y: Double)? {
        guard let axes = positionAxes else { return nil }
        let fallback = Double(max(axes.x.span, axes.y.span, 1)) / Self.fallbackLongestSideMillimetres(for: kind)
        let rx = axes.x.resolution > 0 ? Double(axes.x.resolution) : nil
        let ry = axes.y.resolution > 0 ? Double(axes.y.resolution) : nil
        return (rx ?? ry ?? fallback, ry ?? rx ?? fallback)
    }

    /// Whether the size comes from the device's own resolution rather than the fallback.
    public var hasPhysicalResolution: Bool {
        guard let axes = positionAxes else { return false }
        return axes.x.resolution > 0 || axes.y.resolution > 0
    }

    /// The size of the touch surface in millimetres; nil for relative devices.
    public var sizeInMillimetres: Size? {
        guard let axes = positionAxes, let upm = unitsPerMillimetre else { return nil }
        return Size(width: Double(axes.x.span) / upm.x, height: Double(axes.y.span) / upm.y)
    }
}
