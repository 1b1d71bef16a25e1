import GripperInput
extension TraceWriter {
    /// `# libinput record`, the version, `ndevices`, `libinput:` and `system:`.
    mutating func writeLibinputHeader(metadata meta: TraceMetadata, deviceCount: Int) {
        out.append("# libinput record\n")
        out.append("version: \(LibinputRecordFormat.formatVersion)\n")
        out.append("ndevices: \(deviceCount)\n")
        out.append("libinput:\n")
        out.append("  version: \(Self.yamlQuoted(meta.libinputVersion ?? "unknown"))\n")
        out.append("  git: \(Self.yamlQuoted(meta.libinputGit ?? "unknown"))\n")
        out.append("system:\n")
        if let os = meta.os { out.append("  os: \(Self.yamlQuoted(os))\n") }
        out.append("  kernel: \(Self.yamlQuoted(meta.kernel ?? "unknown"))\n")
        out.append("  dmi: \(Self.yamlQuoted(meta.dmi ?? "unknown"))\n")
        out.append("devices:\n")
    }

    /// One `devices:` entry up to and including its `events:` key: the node,
    /// the `evdev:` description with its comment block, `udev:` and `quirks:`.
    mutating func writeLibinputDevice(_ device: DeviceDescription, metadata: TraceMetadata, index: Int) {
        state.hasSlots = device.usesSlots
        state.slot = Int(device.absInfo[AbsCode.mtSlot]?.value ?? 0)
        for (code, info) in device.absInfo { state.values[code] = info.value }
        out.append("- node: \(Self.yamlScalar(metadata.deviceNode ?? "/dev/input/event\(index)"))\n")
        out.append("  evdev:\n")
        writeLibinputComments(device)
        out.append("    name: \(Self.yamlQuoted(device.name))\n")
        out.append("    id: [\(device.id.bustype), \(device.id.vendor), \(device.id.product), \(device.id.version)]\n")
        out.append("    codes:\n")
        for type in UInt16(0)...EventType.max where Self.has(device, type: type) {
            guard let max = EventCodes.libevdevMaxCode(type: type) else { continue }
            let codes = (UInt16(0)...max).filter { Self.has(device, type: type, code: $0) }
            out.append("      \(type): [\(codes.map(String.init).joined(separator: ", "))] # \(EventCodes.libevdevTypeName(type) ?? "(null)")\n")
        }
        if Self.has(device, type: EventType.abs) {
            out.append("    absinfo:\n")
            for code in (device.codes[EventType.abs] ?? []).sorted() where code <= AbsCode.max {
                let a = device.absInfo[code] ?? AbsInfo(minimum: 0, maximum: 0)
                out.append("      \(code): [\(a.minimum), \(a.maximum), \(a.fuzz), \(a.flat), \(a.resolution)]\n")
            }
        }
        out.append("    properties: [\(device.properties.sorted().map(String.init).joined(separator: ", "))]\n")
        out.append("  udev:\n")
        out.append("    properties:\n")
        for property in metadata.udevProperties.isEmpty ? Self.derivedUdevProperties(device) : metadata.udevProperties {
            out.append("    - \(Self.yamlScalar(property))\n")
        }
        out.append("  quirks:\n")
        for quirk in metadata.quirks { out.append("  - \(Self.yamlScalar(quirk))\n") }
        out.append("  events:\n")
    }

    /// What udev's input_id builtin would at least say about the device.
    static func derivedUdevProperties(_ device: DeviceDescription) -> [String] {
        switch device.kind {
        case .touchscreen: return ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"]
        case .touchpad: return ["ID_INPUT=1", "ID_INPUT_TOUCHPAD=1"]
        case .mouse: return ["ID_INPUT=1", "ID_INPUT_MOUSE=1"]
        case .keyboard: return ["ID_INPUT=1", "ID_INPUT_KEY=1", "ID_INPUT_KEYBOARD=1"]
        case .other: return ["ID_INPUT=1"]
        }
    }

    private mutating func writeLibinputComments(_ device: DeviceDescription) {
        out.append("    # Name: \(Self.oneLine(device.name, yaml: true))\n")
        out.append("    # ID: bus \(Self.hex(device.id.bustype)) vendor \(Self.hex(device.id.vendor)) product \(Self.hex(device.id.product)) version \(Self.hex(device.id.version))\n")
        if let x = device.absInfo[AbsCode.x], let y = device.absInfo[AbsCode.y],
           device.has(type: EventType.abs, code: AbsCode.x), device.has(type: EventType.abs, code: AbsCode.y) {
            if x.resolution != 0 && y.resolution != 0 {
                let w = Int64(x.maximum &- x.minimum) / Int64(x.resolution)
                let h = Int64(y.maximum &- y.minimum) / Int64(y.resolution)
                out.append("    # Size in mm: \(w)x\(h)\n")
            } else {
                out.append("    # Size in mm: unknown, missing resolution\n")
            }
        }
        out.append("    # Supported Events:\n")
        for type in UInt16(0)...EventType.max where Self.has(device, type: type) {
            guard let max = EventCodes.libevdevMaxCode(type: type) else { continue }
            out.append("    # Event type \(type) (\(EventCodes.libevdevTypeName(type) ?? "(null)"))\n")
            if type == EventType.syn { continue }
            for code in UInt16(0)...max where device.has(type: type, code: code) {
                out.append("    #   Event code \(code) (\(EventCodes.libevdevCodeName(type: type, code: code) ?? "(null)"))\n")
                switch type {
                case EventType.abs:
                    let a = device.absInfo[code] ?? AbsInfo(minimum: 0, maximum: 0)
                    for (label, value) in [("Value     ", a.value), ("Min       ", a.minimum), ("Max       ", a.maximum),
                                           ("Fuzz      ", a.fuzz), ("Flat      ", a.flat), ("Resolution", a.resolution)] {
                        out.append("    #       \(label) ")
                        out.decimal(Int64(value), width: 6)
                        out.append("\n")
                    }
                case EventType.led, EventType.sw:
                    let state = (type == EventType.led ? device.ledStates[code] : device.switchStates[code]) ?? 0
                    out.append("    #       State \(state)\n")
                default:
                    break
                }
            }
        }
        out.append("    # Properties:\n")
        for property in device.properties.sorted() where property <= InputProperty.max {
            out.append("    #    Property \(property) (\(EventCodes.propertyName(property) ?? "(null)"))\n")
        }
    }

    /// `%#x`: `0x`-prefixed lowercase hex, plain `0` for zero.
    private static func hex(_ v: UInt16) -> String { v == 0 ? "0" : "0x" + String(v, radix: 16) }

    /// One `- [sec, usec, type, code, value] # comment` row, opening a
    /// `- evdev:` frame when none is open, with libinput's comments (axis
    /// deltas, per slot for multitouch axes; `+Nms` on `SYN_REPORT`; "Touch
    /// device in neutral state" after the frame that lifts the last finger).
    /// - Complexity: O(1); called per event.
    mutating func writeLibinputEvent(_ event: RawEvent, time: EventTime) {
        if !state.frameOpen {
            out.append("  - evdev:\n")
            state.frameOpen = true
        }
        out.append("    - [")
        out.decimal(time.wholeSeconds, width: 3)
        out.append(", ")
        out.decimal(time.microsecondsOfSecond, width: 6)
        out.append(", ")
        out.decimal(Int64(event.type), width: 3)
        out.append(", ")
        out.decimal(Int64(event.code), width: 3)
        out.append(", ")
        out.decimal(Int64(event.value), width: 7)
        out.append("] # ")
        let codeName = EventCodes.libevdevCodeName(type: event.type, code: event.code) ?? "(null)"
        let typeName = EventCodes.libevdevTypeName(event.type) ?? "(null)"
        if event.type == EventType.syn && event.code == SynCode.mtReport {
            out.append("++++++++++++ \(codeName) (\(event.value)) ++++++++++")
        } else if event.type == EventType.syn {
            let ms = time.microseconds / 1000
            out.append("------------ \(codeName) (\(event.value)) ---------- ")
            out.decimal(ms.subtractingSaturating(state.lastMilliseconds), plusSign: true)
            out.append("ms")
            state.lastMilliseconds = ms
        } else if event.type == EventType.abs {
            let code = event.code
            var delta: Int64?
            switch code {
            case AbsCode.mtSlot:
                state.values[code] = event.value
            case AbsCode.mtTrackingID, 0x38 /* ABS_MT_BLOB_ID */:
                break
            case 0x30...0x36 where state.hasSlots, 0x3a...0x3d where state.hasSlots:
                let old = state.slotValues[state.slot]?[code] ?? 0
                state.slotValues[state.slot, default: [:]][code] = event.value
                delta = Int64(event.value) - Int64(old)
            default:
                let old = state.values[code] ?? 0
                state.values[code] = event.value
                delta = Int64(event.value) - Int64(old)
            }
            out.append("\(typeName) / ")
            out.leftJustified(codeName, width: 20)
            out.append(" ")
            out.decimal(Int64(event.value), width: 6)
            if let delta {
                out.append(" (")
                out.decimal(delta, plusSign: true)
                out.append(")")
            }
        } else {
            out.append("\(typeName) / ")
            out.leftJustified(codeName, width: 20)
            out.append(" ")
            out.decimal(Int64(event.value), width: 6)
        }
        out.append("\n")
        if event.type == EventType.abs && event.code == AbsCode.mtSlot {
            state.slot = Int(event.value)
        }
        if state.hasSlots && event.type == EventType.abs && event.code == AbsCode.mtTrackingID
            && state.slot >= 0 && state.slot < 16 {
            if event.value != -1 { state.slotState |= 1 << state.slot } else { state.slotState &= ~(1 << state.slot) }
        }
        if event.isSynReport {
            state.frameOpen = false
            if state.slotState != state.lastSlotState {
                state.lastSlotState = state.slotState
                if state.slotState == 0 {
                    out.append("                                       # Touch device in neutral state\n")
                }
            }
        }
    }
}
