@_spi(Benchmarks) import GripperInput

/// One-line text forms of a device description and of frames, so a test can
/// compare what a live reader printed (in another process) with what a trace
/// reader produced for the same recording.
package enum ReaderTranscript {
    /// `device name="…" id=… kind=… props=… types=… codes=… abs=…`, every
    /// set sorted. Types without codes are left out, and so are the codes
    /// of `EV_SYN` and `EV_REP`: the kernel has no mask for either (libevdev
    /// reports every code of both, evemu writes `SYN_REPORT|CONFIG|DROPPED`
    /// and whatever its libevdev said for `EV_REP`), so they differ between
    /// sources for the same device. Axis values are left out too: they are
    /// the device's state, not its description.
    package static func line(for device: DeviceDescription) -> String {
        let id = device.id
        let props = device.properties.sorted().map { String($0) }.joined(separator: ",")
        let described = device.codes.keys.filter { type in
            type != EventType.syn && type != EventType.rep && !(device.codes[type] ?? []).isEmpty
        }
        let codes = described.sorted().map { type in
            "\(type):[" + (device.codes[type] ?? []).sorted().map { String($0) }.joined(separator: ",") + "]"
        }.joined(separator: " ")
        let abs = device.absInfo.keys.sorted().map { code -> String in
            let a = device.absInfo[code] ?? AbsInfo(minimum: 0, maximum: 0)
            return "\(code):\(a.minimum),\(a.maximum),\(a.fuzz),\(a.flat),\(a.resolution)"
        }.joined(separator: " ")
        return "device name=\"\(device.name)\" id=\(id.bustype),\(id.vendor),\(id.product),\(id.version)"
            + " kind=\(device.kind.rawValue) props=[\(props)] codes={\(codes)} abs={\(abs)}"
    }

    /// `device-full …`: everything the description holds, nothing left out
    /// (every type's codes, axis values, LED and switch states), sorted.
    package static func fullLine(for device: DeviceDescription) -> String {
        let id = device.id
        func list<T: Comparable & CustomStringConvertible>(_ values: some Sequence<T>) -> String {
            values.sorted().map(\.description).joined(separator: ",")
        }
        let codes = device.codes.keys.sorted().map { "\($0):[\(list(device.codes[$0] ?? []))]" }.joined(separator: " ")
        let abs = device.absInfo.keys.sorted().map { code -> String in
            let a = device.absInfo[code] ?? AbsInfo(minimum: 0, maximum: 0)
            return "\(code):\(a.value),\(a.minimum),\(a.maximum),\(a.fuzz),\(a.flat),\(a.resolution)"
        }.joined(separator: " ")
        let leds = device.ledStates.keys.sorted().map { "\($0)=\(device.ledStates[$0] ?? 0)" }.joined(separator: ",")
        let switches = device.switchStates.keys.sorted().map { "\($0)=\(device.switchStates[$0] ?? 0)" }.joined(separator: ",")
        return "device-full name=\"\(device.name)\" id=\(id.bustype),\(id.vendor),\(id.product),\(id.version)"
            + " props=[\(list(device.properties))] codes={\(codes)} abs={\(abs)} leds={\(leds)} switches={\(switches)}"
    }

    /// `frame <µs since origin> resync=<0|1> type:code:value …`.
    ///
    /// - Complexity: O(events in the frame); called per frame.
    package static func line(for frame: EventFrame, origin: EventTime) -> String {
        var s = "frame \((frame.time - origin).microsecondsRounded) resync=\(frame.isResync ? 1 : 0)"
        for e in frame.events { s += " \(e.type):\(e.code):\(e.value)" }
        return s
    }

    /// `contacts id:phase:x,y …` with positions in device units (rounded).
    ///
    /// - Complexity: O(contacts); called per frame.
    package static func line(for frame: ContactFrame) -> String {
        var s = "contacts"
        for c in frame.contacts {
            s += " \(c.id):\(c.phase.rawValue):\(Int(c.position.x.rounded())),\(Int(c.position.y.rounded()))"
        }
        return s
    }

    /// A parsed `frame` line: its time in µs since the origin, whether it is
    /// a resync, and the events as text. Nil for any other line.
    package static func parseFrame(_ line: Substring) -> (microseconds: Int64, isResync: Bool, events: [Substring])? {
        let parts = line.split(separator: " ")
        guard parts.count >= 3, parts[0] == "frame", let t = Int64(parts[1]) else { return nil }
        return (t, parts[2] == "resync=1", Array(parts.dropFirst(3)))
    }
}
