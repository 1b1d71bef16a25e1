extension LibinputRecordFormat {
    /// The trace as `libinput record` writes it: the header, the device's
    /// `evdev:` description with its `#` comment block, `udev:` properties,
    /// `quirks:`, and `events:` as one `- evdev:` list per frame with
    /// libinput's comments (axis deltas, `+Nms` on `SYN_REPORT`, "Touch device
    /// in neutral state").
    ///
    /// Values the trace does not know are written as the tool writes them
    /// when it cannot find them (`unknown`); udev properties missing from the
    /// metadata are derived from the device kind (`ID_INPUT=1`,
    /// `ID_INPUT_TOUCHSCREEN=1` …). Times are written as they are, not made
    /// relative to the first event. A trailing incomplete frame is written as
    /// a frame without its `SYN_REPORT`.
    /// - Complexity: O(n) in the number of events.
    public static func write(_ trace: Trace) -> String {
        write([trace])
    }

    /// Several devices' traces in one file, in order; the header (versions,
    /// system) comes from the first trace's metadata.
    /// - Complexity: O(n) in the number of events.
    public static func write(_ traces: [Trace]) -> String {
        var out = FormattedText(capacity: 8192 + traces.reduce(0) { $0 + $1.events.count * 80 })
        let meta = traces.first?.metadata ?? TraceMetadata()
        out.append("# libinput record\n")
        out.append("version: \(formatVersion)\n")
        out.append("ndevices: \(traces.count)\n")
        out.append("libinput:\n")
        out.append("  version: \"\(meta.libinputVersion ?? "unknown")\"\n")
        out.append("  git: \"\(meta.libinputGit ?? "unknown")\"\n")
        out.append("system:\n")
        if let os = meta.os { out.append("  os: \"\(os)\"\n") }
        out.append("  kernel: \"\(meta.kernel ?? "unknown")\"\n")
        out.append("  dmi: \"\(meta.dmi ?? "unknown")\"\n")
        out.append("devices:\n")
        for (n, trace) in traces.enumerated() {
            writeDevice(trace, index: n, to: &out)
        }
        return out.string
    }

    private static func writeDevice(_ trace: Trace, index: Int, to out: inout FormattedText) {
        let device = trace.device
        out.append("- node: \(trace.metadata.deviceNode ?? "/dev/input/event\(index)")\n")
        out.append("  evdev:\n")
        writeComments(device, to: &out)
        out.append("    name: \"\(device.name)\"\n")
        out.append("    id: [\(device.id.bustype), \(device.id.vendor), \(device.id.product), \(device.id.version)]\n")
        out.append("    codes:\n")
        for type in UInt16(0)...EventType.max where EvemuFormat.has(device, type: type) {
            guard let max = EventCodes.libevdevMaxCode(type: type) else { continue }
            let codes = (UInt16(0)...max).filter { EvemuFormat.has(device, type: type, code: $0) }
            out.append("      \(type): [\(codes.map(String.init).joined(separator: ", "))] # \(EventCodes.libevdevTypeName(type) ?? "(null)")\n")
        }
        if EvemuFormat.has(device, type: EventType.abs) {
            out.append("    absinfo:\n")
            for code in (device.codes[EventType.abs] ?? []).sorted() where code <= AbsCode.max {
                let a = device.absInfo[code] ?? AbsInfo(minimum: 0, maximum: 0)
                out.append("      \(code): [\(a.minimum), \(a.maximum), \(a.fuzz), \(a.flat), \(a.resolution)]\n")
            }
        }
        out.append("    properties: [\(device.properties.sorted().map(String.init).joined(separator: ", "))]\n")
        out.append("  udev:\n")
        out.append("    properties:\n")
        for property in trace.metadata.udevProperties.isEmpty ? derivedUdevProperties(device) : trace.metadata.udevProperties {
            out.append("    - \(property)\n")
        }
        out.append("  quirks:\n")
        for quirk in trace.metadata.quirks { out.append("  - \(quirk)\n") }
        out.append("  events:\n")
        writeEvents(trace, to: &out)
    }

    /// What udev's input_id builtin would at least say about the device.
    static func derivedUdevProperties(_ device: DeviceDescription) -> [String] {
        switch device.kind {
        case .touchscreen: return ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"]
        case .touchpad: return ["ID_INPUT=1", "ID_INPUT_TOUCHPAD=1"]
        case .mouse: return ["ID_INPUT=1", "ID_INPUT_MOUSE=1"]
        case .other: return ["ID_INPUT=1"]
        }
    }

    private static func writeComments(_ device: DeviceDescription, to out: inout FormattedText) {
        out.append("    # Name: \(device.name)\n")
        out.append("    # ID: bus \(hex(device.id.bustype)) vendor \(hex(device.id.vendor)) product \(hex(device.id.product)) version \(hex(device.id.version))\n")
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
        for type in UInt16(0)...EventType.max where EvemuFormat.has(device, type: type) {
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

    private static func writeEvents(_ trace: Trace, to out: inout FormattedText) {
        let device = trace.device
        let hasSlots = device.usesSlots
        var slot = Int(device.absInfo[AbsCode.mtSlot]?.value ?? 0)
        var values: [UInt16: Int32] = [:]
        for (code, info) in device.absInfo { values[code] = info.value }
        var slotValues: [Int: [UInt16: Int32]] = [:]
        var slotState: UInt32 = 0
        var lastSlotState: UInt32 = 0
        var lastMilliseconds: Int64 = 0
        var frameOpen = false
        for event in trace.events {
            if !frameOpen {
                out.append("  - evdev:\n")
                frameOpen = true
            }
            out.append("    - [")
            out.decimal(event.time.wholeSeconds, width: 3)
            out.append(", ")
            out.decimal(event.time.microsecondsOfSecond, width: 6)
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
                let ms = event.time.microseconds / 1000
                out.append("------------ \(codeName) (\(event.value)) ---------- ")
                out.decimal(ms - lastMilliseconds, plusSign: true)
                out.append("ms")
                lastMilliseconds = ms
            } else if event.type == EventType.abs {
                let code = event.code
                var delta: Int64?
                switch code {
                case AbsCode.mtSlot:
                    values[code] = event.value
                case AbsCode.mtTrackingID, 0x38 /* ABS_MT_BLOB_ID */:
                    break
                case 0x30...0x36 where hasSlots, 0x3a...0x3d where hasSlots:
                    let old = slotValues[slot]?[code] ?? 0
                    slotValues[slot, default: [:]][code] = event.value
                    delta = Int64(event.value) - Int64(old)
                default:
                    let old = values[code] ?? 0
                    values[code] = event.value
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
                slot = Int(event.value)
            }
            if hasSlots && event.type == EventType.abs && event.code == AbsCode.mtTrackingID && slot >= 0 && slot < 16 {
                if event.value != -1 { slotState |= 1 << slot } else { slotState &= ~(1 << slot) }
            }
            if event.isSynReport {
                frameOpen = false
                if slotState != lastSlotState {
                    lastSlotState = slotState
                    if slotState == 0 {
                        out.append("                                       # Touch device in neutral state\n")
                    }
                }
            }
        }
    }
}
