import GripperInput

/// The two files umockdev needs to emulate an evdev device for an unmodified
/// program: the sysfs/udev description (`.umockdev`, for `umockdev-run -d`)
/// and the answers to the evdev ioctls libevdev sends (`.ioctl`, for
/// `umockdev-run -i NODE=FILE`). Made from any `DeviceDescription`, so the
/// device of any recording can be emulated.
///
/// ```
/// umockdev-run -d dev.umockdev -i /dev/input/event20=dev.ioctl \
///              -e /dev/input/event20=dev.events -- gripper record /dev/input/event20
/// ```
public struct UmockdevFixture: Hashable, Sendable {
    /// The emulated node, `/dev/input/eventN`.
    public var node: String
    /// The `.umockdev` text (P:, N:, E:, A:, L: records).
    public var deviceText: String
    /// The `.ioctl` text (`@DEV` line, one ioctl answer per line).
    public var ioctlText: String

    /// Makes the fixture for `device` as `/dev/input/event<eventNumber>`.
    ///
    /// - Parameters:
    ///   - device: the device to emulate.
    ///   - eventNumber: the `N` of its `/dev/input/eventN` node.
    ///   - initialState: what the device reports when opened; by default the
    ///     description's own state (axis values, LED and switch states).
    ///   - resyncState: when given, a second snapshot appended to the ioctl
    ///     answers; umockdev serves same-named ioctls in file order, so it is
    ///     what libevdev reads when it resyncs after a `SYN_DROPPED` line of
    ///     the event script.
    public init(device: DeviceDescription, eventNumber: Int = 20,
                initialState: EmulatedDeviceState? = nil,
                resyncState: EmulatedDeviceState? = nil) {
        node = "/dev/input/event\(eventNumber)"
        deviceText = Self.sysfsText(device: device, eventNumber: eventNumber)
        let initial = initialState ?? EmulatedDeviceState(
            ledsOn: Set(device.ledStates.filter { $0.value != 0 }.keys),
            switchesOn: Set(device.switchStates.filter { $0.value != 0 }.keys))
        ioctlText = Self.ioctlText(device: device, node: node, initial: initial, resync: resyncState)
    }

    // MARK: - sizes libevdev 1.13 passes (x86_64/aarch64: 8-byte longs)

    /// `*_CNT` of each event type whose bits libevdev asks for.
    private static let bitCounts: [(type: UInt16, count: Int)] = [
        (EventType.key, 0x300), (EventType.rel, 0x10), (EventType.abs, 0x40), (EventType.msc, 0x08),
        (EventType.sw, 0x11), (EventType.led, 0x10), (EventType.snd, 0x08), (EventType.ff, 0x80),
    ]
    private static let maxSlots = 256
    private static let mtFirst: UInt16 = 0x2f
    private static let mtLast: UInt16 = 0x3e

    private static func byteCount(bits count: Int) -> Int { (count + 63) / 64 * 8 }

    private static func bitmask<S: Sequence>(_ bits: S, count: Int) -> [UInt8] where S.Element == UInt16 {
        var bytes = [UInt8](repeating: 0, count: byteCount(bits: count))
        for bit in bits where Int(bit) < count {
            bytes[Int(bit) / 8] |= UInt8(1) << UInt8(bit % 8)
        }
        return bytes
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func littleEndian(_ values: [Int32]) -> [UInt8] {
        values.flatMap { v in withUnsafeBytes(of: v.littleEndian) { Array($0) } }
    }

    private static func littleEndian16(_ values: [UInt16]) -> [UInt8] {
        values.flatMap { v in withUnsafeBytes(of: v.littleEndian) { Array($0) } }
    }

    /// A NUL-terminated string in a 255-byte buffer, and the length the
    /// kernel returns (with the NUL).
    private static func stringBuffer(_ s: String) -> (bytes: [UInt8], length: Int) {
        var raw = Array(s.utf8.prefix(254))
        raw.append(0)
        let length = raw.count
        raw += [UInt8](repeating: 0, count: 255 - raw.count)
        return (raw, length)
    }

    // MARK: - the ioctl answers

    private static func ioctlText(device: DeviceDescription, node: String,
                                  initial: EmulatedDeviceState, resync: EmulatedDeviceState?) -> String {
        var lines = ["@DEV \(node)"]
        let types = Set(device.codes.keys).union([EventType.syn])
        lines.append("EVIOCGBIT(0) \(byteCount(bits: 0x20)) \(hex(bitmask(types, count: 0x20)))")
        let name = stringBuffer(device.name)
        lines.append("EVIOCGNAME(0) \(name.length) \(hex(name.bytes))")
        let empty = stringBuffer("")
        lines.append("EVIOCGPHYS(0) \(empty.length) \(hex(empty.bytes))")
        lines.append("EVIOCGUNIQ(0) \(empty.length) \(hex(empty.bytes))")
        let id = device.id
        lines.append("EVIOCGID 0 \(hex(littleEndian16([id.bustype, id.vendor, id.product, id.version])))")
        lines.append("EVIOCGVERSION 0 \(hex(littleEndian([0x010001])))")
        lines.append("EVIOCGPROP(0) \(byteCount(bits: 0x20)) \(hex(bitmask(device.properties, count: 0x20)))")
        for (type, count) in bitCounts {
            lines.append("EVIOCGBIT(\(type)) \(byteCount(bits: count)) \(hex(bitmask(device.codes[type] ?? [], count: count)))")
        }
        if device.has(type: EventType.rep) {
            lines.append("EVIOCGREP 0 \(hex(littleEndian([250, 33])))")
        }
        lines += stateLines(device: device, state: initial, resync: false)
        if let resync {
            lines.append("# --- the device's state on the resync after SYN_DROPPED ---")
            lines += stateLines(device: device, state: resync, resync: true)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The state ioctls, in the order libevdev 1.13 sends them on open
    /// (key, LED, switch, every axis, MT slots) or on a resync (MT slots,
    /// key, LED, switch, non-MT axes).
    private static func stateLines(device: DeviceDescription, state: EmulatedDeviceState, resync: Bool) -> [String] {
        let keys = "EVIOCGKEY(0) \(byteCount(bits: 0x300)) \(hex(bitmask(state.keysDown, count: 0x300)))"
        let leds = "EVIOCGLED(0) \(byteCount(bits: 0x10)) \(hex(bitmask(state.ledsOn, count: 0x10)))"
        let switches = "EVIOCGSW(0) \(byteCount(bits: 0x11)) \(hex(bitmask(state.switchesOn, count: 0x11)))"
        let absCodes = device.absInfo.keys.sorted()
        func abs(_ code: UInt16) -> String {
            let a = device.absInfo[code] ?? AbsInfo(minimum: 0, maximum: 0)
            let value = state.absValues[code] ?? a.value
            return "EVIOCGABS(\(code)) 0 \(hex(littleEndian([value, a.minimum, a.maximum, a.fuzz, a.flat, a.resolution])))"
        }
        var slots: [String] = []
        if device.absInfo[mtFirst] != nil {
            for code in absCodes where code > mtFirst && code <= mtLast {
                let values = (0..<maxSlots).map { slot -> Int32 in
                    state.slots[slot]?[code] ?? (code == AbsCode.mtTrackingID ? -1 : 0)
                }
                slots.append("EVIOCGMTSLOTS(0) 0 \(hex(littleEndian([Int32(code)]) + littleEndian(values)))")
            }
        }
        var lines: [String] = []
        if resync {
            lines += slots
            lines.append(keys)
            if device.has(type: EventType.led) { lines.append(leds) }
            if device.has(type: EventType.sw) { lines.append(switches) }
            lines += absCodes.filter { $0 < mtFirst || $0 > mtLast }.map(abs)
        } else {
            lines += [keys, leds, switches]
            lines += absCodes.map(abs)
            lines += slots
        }
        return lines
    }

    // MARK: - the sysfs/udev description

    private static func sysfsText(device: DeviceDescription, eventNumber: Int) -> String {
        let input = "/devices/virtual/input/input\(eventNumber)"
        let minor = 64 + eventNumber
        var udev = ["ID_INPUT=1"]
        switch device.kind {
        case .touchscreen: udev.append("ID_INPUT_TOUCHSCREEN=1")
        case .touchpad: udev.append("ID_INPUT_TOUCHPAD=1")
        case .mouse: udev.append("ID_INPUT_MOUSE=1")
        case .keyboard: udev += ["ID_INPUT_KEY=1", "ID_INPUT_KEYBOARD=1"]
        case .other: break
        }
        let evBits = Set(device.codes.keys).union([EventType.syn]).reduce(UInt64(0)) { $0 | (UInt64(1) << UInt64($1)) }
        let props = device.properties.reduce(UInt64(0)) { $0 | (UInt64(1) << UInt64($1 & 63)) }
        let id = device.id
        func h(_ v: UInt16) -> String { String(v, radix: 16) }
        let name = String(device.name.map { $0 == "\n" ? " " : $0 })
        var lines = ["P: \(input)/event\(eventNumber)", "N: input/event\(eventNumber)",
                     "E: DEVNAME=/dev/input/event\(eventNumber)"]
        lines += udev.map { "E: \($0)" }
        lines += ["E: MAJOR=13", "E: MINOR=\(minor)", "E: SUBSYSTEM=input", "A: dev=13:\(minor)",
                  "L: device=../../input\(eventNumber)", "",
                  "P: \(input)", "E: NAME=\"\(name)\""]
        lines += udev.map { "E: \($0)" }
        lines += ["E: EV=\(String(evBits, radix: 16))", "E: SUBSYSTEM=input",
                  "E: PRODUCT=\(h(id.bustype))/\(h(id.vendor))/\(h(id.product))/\(h(id.version))",
                  "A: name=\(name)", "A: phys=", "A: uniq=", "A: properties=\(String(props, radix: 16))", ""]
        return lines.joined(separator: "\n") + "\n"
    }
}
