import ArgumentParser
import Foundation
import GripperInput

/// Writes a live recording as it happens, in the evemu format (as
/// `evemu-record` writes it) or the libinput-record YAML format (as
/// `libinput record` writes it): the header first, then one chunk of text
/// per frame, so a recording cut short keeps everything up to the last frame.
///
/// Times are written relative to the first event, as both tools do
/// (`evemu-record` puts the first event at 0.000001 s, `libinput record` at 0).
struct TraceStreamWriter {
    /// The file format.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case evemu
        case libinput
    }

    let format: Format
    private var origin: EventTime?
    private var lastReportMilliseconds: Int64 = 0

    init(format: Format) {
        self.format = format
    }

    /// The file's header: the device description (and for libinput the
    /// document's start, up to `events:`).
    func header(device: DeviceDescription, node: String, metadata: TraceMetadata) -> String {
        switch format {
        case .evemu:
            return EvemuFormat.writeDescription(device, metadata: metadata)
                + "################################\n#      Waiting for events      #\n################################\n"
        case .libinput:
            return libinputHeader(device: device, node: node, metadata: metadata)
        }
    }

    /// One frame: its events and closing `SYN_REPORT`. A resync frame is
    /// written as the kernel delivered it: a `SYN_DROPPED` frame, then the
    /// state libevdev read back as an ordinary frame.
    ///
    /// - Complexity: O(events in the frame); called per frame.
    mutating func text(for frame: EventFrame) -> String {
        var events = frame.events
        let report = RawEvent(time: frame.time, type: EventType.syn, code: SynCode.report, value: 0)
        var out = ""
        if frame.isResync {
            let first = frame.events.first?.time ?? frame.time
            out += chunk([RawEvent(time: first, type: EventType.syn, code: SynCode.dropped, value: 0),
                          RawEvent(time: first, type: EventType.syn, code: SynCode.report, value: 0)])
        }
        events.append(report)
        out += chunk(events)
        return out
    }

    /// A comment line noting why the recording ended early (device lost).
    func note(_ text: String) -> String {
        format == .evemu ? "# \(text)\n" : "  # \(text)\n"
    }

    private mutating func chunk(_ events: [RawEvent]) -> String {
        let first = events.first?.time ?? .zero
        let origin = self.origin ?? (format == .evemu ? first - .microseconds(1) : first)
        self.origin = origin
        var out = format == .libinput ? "  - evdev:\n" : ""
        for event in events {
            let t = EventTime(microseconds: max(0, event.time.microseconds - origin.microseconds))
            switch format {
            case .evemu: out += evemuLine(event, time: t)
            case .libinput: out += libinputLine(event, time: t)
            }
        }
        return out
    }

    private static func pad(_ s: String, _ width: Int, zero: Bool = false) -> String {
        guard s.count < width else { return s }
        if zero, s.hasPrefix("-") {
            return "-" + String(repeating: "0", count: width - s.count) + s.dropFirst()
        }
        return String(repeating: zero ? "0" : " ", count: width - s.count) + s
    }

    private static func hex4(_ v: UInt16) -> String { pad(String(v, radix: 16), 4, zero: true) }

    private func comment(_ event: RawEvent, time: EventTime) -> String {
        let code = EventCodes.libevdevCodeName(type: event.type, code: event.code) ?? "(null)"
        if event.type == EventType.syn {
            if event.code == SynCode.mtReport { return "++++++++++++ \(code) (\(event.value)) ++++++++++" }
            return "------------ \(code) (\(event.value)) ----------"
        }
        let type = EventCodes.libevdevTypeName(event.type) ?? "(null)"
        let padded = code.count < 20 ? code + String(repeating: " ", count: 20 - code.count) : code
        return "\(type) / \(padded) \(event.value)"
    }

    /// `E: sec.usec type code value\t# comment`, as `evemu_write_event` prints it.
    private mutating func evemuLine(_ event: RawEvent, time: EventTime) -> String {
        let usec = Self.pad(String(time.microsecondsOfSecond), 6, zero: true)
        var line = "E: \(time.wholeSeconds).\(usec) \(Self.hex4(event.type)) \(Self.hex4(event.code)) "
            + Self.pad(String(event.value), 4, zero: true) + "\t# " + comment(event, time: time)
        if event.isSynReport {
            let ms = time.microseconds / 1000
            line += " +\(ms - lastReportMilliseconds)ms"
            lastReportMilliseconds = ms
        }
        return line + "\n"
    }

    /// `    - [sec, usec, type, code, value] # comment`, as `libinput record` prints it.
    private mutating func libinputLine(_ event: RawEvent, time: EventTime) -> String {
        var line = "    - [" + Self.pad(String(time.wholeSeconds), 3) + ", "
            + Self.pad(String(time.microsecondsOfSecond), 6) + ", " + Self.pad(String(event.type), 3) + ", "
            + Self.pad(String(event.code), 3) + ", " + Self.pad(String(event.value), 7) + "] # "
            + comment(event, time: time)
        if event.isSynReport {
            let ms = time.microseconds / 1000
            line += " +\(ms - lastReportMilliseconds)ms"
            lastReportMilliseconds = ms
        }
        return line + "\n"
    }

    private static func quoted(_ s: String) -> String {
        var out = "\""
        for ch in s.unicodeScalars {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out + "\""
    }

    private func libinputHeader(device: DeviceDescription, node: String, metadata: TraceMetadata) -> String {
        var out = "# libinput record (written by gripper record)\nversion: 1\nndevices: 1\n"
        out += "libinput:\n  version: \"unknown\"\n  git: \"unknown\"\n"
        out += "system:\n  os: \(Self.quoted(metadata.os ?? "unknown"))\n"
        out += "  kernel: \(Self.quoted(metadata.kernel ?? "unknown"))\n  dmi: \(Self.quoted(metadata.dmi ?? "unknown"))\n"
        out += "devices:\n- node: \(node)\n  evdev:\n"
        out += "    # Name: \(device.name)\n"
        out += "    name: \(Self.quoted(device.name))\n"
        let id = device.id
        out += "    id: [\(id.bustype), \(id.vendor), \(id.product), \(id.version)]\n"
        out += "    codes:\n"
        for type in device.codes.keys.sorted() {
            let codes = (device.codes[type] ?? []).sorted().map { String($0) }.joined(separator: ", ")
            out += "      \(type): [\(codes)] # \(EventCodes.libevdevTypeName(type) ?? "(null)")\n"
        }
        if !device.absInfo.isEmpty {
            out += "    absinfo:\n"
            for code in device.absInfo.keys.sorted() {
                guard let a = device.absInfo[code] else { continue }
                out += "      \(code): [\(a.minimum), \(a.maximum), \(a.fuzz), \(a.flat), \(a.resolution)]\n"
            }
        }
        out += "    properties: [" + device.properties.sorted().map { String($0) }.joined(separator: ", ") + "]\n"
        if metadata.udevProperties.isEmpty {
            out += "  udev:\n    properties: []\n"
        } else {
            out += "  udev:\n    properties:\n"
            for p in metadata.udevProperties { out += "    - \(p)\n" }
        }
        out += "  quirks:\n  events:\n"
        return out
    }
}
