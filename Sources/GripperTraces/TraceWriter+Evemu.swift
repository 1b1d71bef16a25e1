import GripperInput
extension TraceWriter {
    /// One `E:` line with its comment, exactly as `evemu_write_event` prints it.
    /// - Complexity: O(1); called per event.
    static func writeEvemuEvent(_ event: RawEvent, time: EventTime, lastMilliseconds: inout Int64,
                                to out: inout FormattedText) {
        out.append("E: ")
        out.decimal(time.wholeSeconds)
        out.append(byte: 0x2E)
        out.decimal(time.microsecondsOfSecond, width: 6, zeroPad: true)
        out.append(byte: 0x20)
        out.hex(UInt64(event.type), width: 4)
        out.append(byte: 0x20)
        out.hex(UInt64(event.code), width: 4)
        out.append(byte: 0x20)
        out.decimal(Int64(event.value), width: 4, zeroPad: true)
        out.append("\t# ")
        let codeName = EventCodes.libevdevCodeName(type: event.type, code: event.code) ?? "(null)"
        if event.type == EventType.syn {
            if event.code == SynCode.mtReport {
                out.append("++++++++++++ \(codeName) (")
                out.decimal(Int64(event.value))
                out.append(") ++++++++++\n")
            } else {
                let ms = time.wholeSeconds.multipliedClamped(by: 1000).addingSaturating(time.microsecondsOfSecond / 1000)
                out.append("------------ \(codeName) (")
                out.decimal(Int64(event.value))
                out.append(") ---------- ")
                out.decimal(ms.subtractingSaturating(lastMilliseconds), plusSign: true)
                out.append("ms\n")
                lastMilliseconds = ms
            }
        } else {
            out.append(EventCodes.libevdevTypeName(event.type) ?? "(null)")
            out.append(" / ")
            out.leftJustified(codeName, width: 20)
            out.append(byte: 0x20)
            out.decimal(Int64(event.value))
            out.append(byte: 0x0A)
        }
    }

    /// Whether libevdev (and so evemu) reports `code` of `type` as supported:
    /// every `EV_SYN` code is, once the type is.
    static func has(_ device: DeviceDescription, type: UInt16, code: UInt16) -> Bool {
        type == EventType.syn ? true : device.has(type: type, code: code)
    }

    /// Whether libevdev reports `type` as supported (`EV_SYN` always is).
    static func has(_ device: DeviceDescription, type: UInt16) -> Bool {
        type == EventType.syn || !(device.codes[type]?.isEmpty ?? true)
    }

    /// The device description as `evemu-describe` writes it: the comment
    /// block, then the `N: I: P: B: A: L: S:` lines. The name's control
    /// characters become U+FFFD (an evemu line cannot hold them); leading and
    /// trailing blanks do not survive a read (the reader trims them).
    static func writeEvemuDescription(_ device: DeviceDescription, metadata: TraceMetadata, to out: inout FormattedText) {
        let name = oneLine(device.name)
        out.append("# EVEMU \(EvemuFormat.writtenVersion)\n")
        if let kernel = metadata.kernel { out.append("# Kernel: \(oneLine(kernel))\n") }
        if let dmi = metadata.dmi { out.append("# DMI: \(oneLine(dmi))\n") }
        out.append("# Input device name: \"\(name)\"\n")
        out.append("# Input device ID: bus ")
        out.alternateHex(UInt64(device.id.bustype), width: 4)
        out.append(" vendor ")
        out.alternateHex(UInt64(device.id.vendor), width: 4)
        out.append(" product ")
        out.alternateHex(UInt64(device.id.product), width: 4)
        out.append(" version ")
        out.alternateHex(UInt64(device.id.version), width: 4)
        out.append("\n")
        if device.has(type: EventType.abs, code: AbsCode.x), device.has(type: EventType.abs, code: AbsCode.y) {
            let x = device.absInfo[AbsCode.x] ?? AbsInfo(minimum: 0, maximum: 0)
            let y = device.absInfo[AbsCode.y] ?? AbsInfo(minimum: 0, maximum: 0)
            let w = x.resolution != 0 ? (Int64(x.maximum) - Int64(x.minimum)) / Int64(x.resolution) : 0
            let h = y.resolution != 0 ? (Int64(y.maximum) - Int64(y.minimum)) / Int64(y.resolution) : 0
            if w != 0 && h != 0 {
                out.append("# Size in mm: ")
                out.decimal(w)
                out.append("x")
                out.decimal(h)
                out.append("\n")
            }
        }
        out.append("# Supported events:\n")
        for type in UInt16(0)...EventType.max where has(device, type: type) {
            out.append("#   Event type ")
            out.decimal(Int64(type))
            out.append(" (\(EventCodes.libevdevTypeName(type) ?? "(null)"))\n")
            guard let max = EventCodes.libevdevMaxCode(type: type) else { continue }
            for code in UInt16(0)...max where has(device, type: type, code: code) {
                out.append("#     Event code ")
                out.decimal(Int64(code))
                out.append(" (\(EventCodes.libevdevCodeName(type: type, code: code) ?? "(null)"))\n")
                switch type {
                case EventType.abs:
                    let a = device.absInfo[code] ?? AbsInfo(minimum: 0, maximum: 0)
                    out.append("#       Value   "); out.decimal(Int64(a.value), width: 6); out.append("\n")
                    out.append("#       Min     "); out.decimal(Int64(a.minimum), width: 6); out.append("\n")
                    out.append("#       Max     "); out.decimal(Int64(a.maximum), width: 6); out.append("\n")
                    out.append("#       Fuzz    "); out.decimal(Int64(a.fuzz), width: 6); out.append("\n")
                    out.append("#       Flat    "); out.decimal(Int64(a.flat), width: 6); out.append("\n")
                    out.append("#       Resolution "); out.decimal(Int64(a.resolution), width: 3); out.append("\n")
                case EventType.led, EventType.sw:
                    let state = (type == EventType.led ? device.ledStates[code] : device.switchStates[code]) ?? 0
                    out.append("#        State ")
                    out.decimal(Int64(state))
                    out.append("\n")
                default:
                    break
                }
            }
        }
        out.append("# Properties:\n")
        for property in device.properties.sorted() where property <= InputProperty.max {
            out.append("#   Property  type ")
            out.decimal(Int64(property))
            out.append(" (\(EventCodes.propertyName(property) ?? "(null)"))\n")
        }
        out.append("N: \(name)\n")
        out.append("I: ")
        out.hex(UInt64(device.id.bustype), width: 4); out.append(" ")
        out.hex(UInt64(device.id.vendor), width: 4); out.append(" ")
        out.hex(UInt64(device.id.product), width: 4); out.append(" ")
        out.hex(UInt64(device.id.version), width: 4); out.append("\n")
        var props = [UInt8](repeating: 0, count: 8)
        for property in device.properties where property <= InputProperty.max {
            props[Int(property / 8)] |= 1 << (property % 8)
        }
        out.append("P:")
        for byte in props { out.append(" "); out.hex(UInt64(byte), width: 2) }
        out.append("\n")
        // evemu writes this EV_SYN line verbatim, "because older versions printed out exactly that".
        out.append("B: 00 0b 00 00 00 00 00 00 00\n")
        for type in UInt16(1)...EventType.max {
            guard let max = EventCodes.libevdevMaxCode(type: type) else { continue }
            let byteCount = (Int(max) + 1 + 7) / 8
            var mask = [UInt8](repeating: 0, count: (byteCount + 7) / 8 * 8)
            for code in device.codes[type] ?? [] where code <= max {
                mask[Int(code / 8)] |= 1 << (code % 8)
            }
            for line in stride(from: 0, to: byteCount, by: 8) {
                out.append("B: ")
                out.hex(UInt64(type), width: 2)
                for byte in mask[line..<line + 8] { out.append(" "); out.hex(UInt64(byte), width: 2) }
                out.append("\n")
            }
        }
        for code in (device.codes[EventType.abs] ?? []).sorted() where code <= AbsCode.max {
            let a = device.absInfo[code] ?? AbsInfo(minimum: 0, maximum: 0)
            out.append("A: ")
            out.hex(UInt64(code), width: 2)
            for n in [a.minimum, a.maximum, a.fuzz, a.flat, a.resolution] { out.append(" "); out.decimal(Int64(n)) }
            out.append("\n")
        }
        for (type, states, prefix) in [(EventType.led, device.ledStates, "L: "), (EventType.sw, device.switchStates, "S: ")] {
            for code in (device.codes[type] ?? []).sorted() {
                guard let state = states[code], state != 0 else { continue }
                out.append(prefix)
                out.hex(UInt64(code), width: 2)
                out.append(" ")
                out.decimal(Int64(state))
                out.append("\n")
            }
        }
    }
}
