import ArgumentParser
import Gripper
import GripperGeometry
import GripperInput
import GripperTraces
#if canImport(Glibc)
import Glibc
#endif

/// `gripper trace info FILE [--device DESC] [--json]`: what a trace holds —
/// its device, duration, frames, events and every contact; for a
/// libinput-record file of several devices, each device in turn (one JSON
/// object per device with `--json`).
struct TraceInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Summarise a trace: device, duration, frames, events and every contact.",
        discussion: """
            Contacts are touch sequences (or left-button presses for a mouse), as \
            Gripper's contact tracker sees them; a contact still down when the \
            trace ends is counted as cancelled. Positions are in millimetres \
            (resolution 0 uses the documented fallback size). A libinput-record \
            file of several devices is summarised device by device (one JSON \
            object per line with --json) unless --device names one. Exit \
            status 2 on bad input, with the file, line and problem on stderr.
            """
    )

    @OptionGroup var input: TraceInput

    @Flag(name: .long, help: "Print one JSON object instead of text.")
    var json = false

    func run() throws {
        // A libinput-record file of several devices (a toolkit session's
        // virtual devices, a recording of a panel and a mouse) without
        // --device: every device in turn.
        let readers = input.device == nil ? try TraceInput.openAll([input.file], device: nil) : [try input.open()]
        let out = OutputSink.standardOutput
        for (index, reader) in readers.enumerated() {
            var builder = TraceSummary.Builder(device: reader.device)
            try TraceInput.forEachFrame(of: reader) { builder.add($0) }
            let summary = builder.finish(eventCount: reader.eventCount)
            BadInput.printWarnings(reader.warnings, prefix: "warning: ")
            if json {
                try Self.writeJSON(summary, to: out)
            } else {
                if readers.count > 1 { try out.write("\(index > 0 ? "\n" : "")device \(index) of \(readers.count)\n") }
                try Self.writeText(summary, to: out)
            }
        }
        try out.close()
    }

    // MARK: - Output

    /// The text summary: the device and counts, then one table row per
    /// contact, written row by row (the columns' widths come from a first
    /// pass over the rows).
    static func writeText(_ s: TraceSummary, to out: OutputSink) throws {
        // The name is the trace's to choose: a control or a terminal escape in
        // it shows as a symbol (`Escaping.visible`), never reaches the terminal.
        var head = "\(Escaping.visible(s.deviceName))\n"
        head += "  kind              \(s.deviceKind.rawValue)\n"
        if let size = s.sizeMillimetres {
            let source = s.hasPhysicalSize ? "from the device's resolution" : "assumed: the device reports no resolution"
            head += "  size              \(fixed(size.width, 1)) × \(fixed(size.height, 1)) mm (\(source))\n"
        } else {
            head += "  size              relative device (1000 counts per inch assumed)\n"
        }
        head += "  duration          \(fixed(s.durationSeconds, 3)) s\n"
        head += "  frames            \(s.frameCount)\n"
        head += "  events            \(s.eventCount)\n"
        head += "  contacts          \(s.contactCount)\n"
        head += "  most down at once \(s.maxConcurrentContacts)\n"
        if s.scrollDetents != .zero {
            head += "  scroll            \(fixed(s.scrollDetents.x, 2)), \(fixed(s.scrollDetents.y, 2)) detents (x, y)\n"
        }
        try out.write(head)
        guard !s.contacts.isEmpty else { return }
        let header = ["#", "start s", "end s", "duration s", "start mm", "end mm", "path mm", "end"]
        // The cells are ASCII: their width is their byte count.
        var widths = header.map(\.utf8.count)
        for c in s.contacts {
            for (i, cell) in row(c).enumerated() { widths[i] = max(widths[i], cell.utf8.count) }
        }
        func line(_ row: [String]) -> String {
            let cells = row.indices.map { i in
                let pad = String(repeating: " ", count: widths[i] - row[i].utf8.count)
                return i == 0 || i == row.count - 1 || i == 4 || i == 5 ? row[i] + pad : pad + row[i]
            }
            return "  " + cells.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
        }
        try out.write("\n" + line(header))
        for c in s.contacts { try out.write(line(row(c))) }
    }

    private static func row(_ c: TraceSummary.ContactSummary) -> [String] {
        [String(c.id), fixed(c.startSeconds, 3), fixed(c.endSeconds, 3), fixed(c.durationSeconds, 3),
         point(c.startMillimetres), point(c.endMillimetres), fixed(c.pathLengthMillimetres, 1), c.outcome.rawValue]
    }

    /// `%.Nf` of `value` (N ≤ 3), exactly as C's printf writes it, without
    /// printf in the common case: a table of a million contacts formats
    /// sixteen million cells, and `String(format:)` or a `va_list` cost a
    /// microsecond or more each. Scaled and rounded in floating point, which
    /// gives printf's digits unless the value lies within rounding error of
    /// a tie (or is huge, negative zero, not finite): those go to `vsnprintf`.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        let scales: [Double] = [1, 10, 100, 1000]
        guard digits >= 0, digits < scales.count, value.isFinite else { return printf(value, digits) }
        let scale = scales[digits]
        let x = value * scale
        let nearTie = abs(x - x.rounded(.down) - 0.5) <= max(1e-9, abs(x) * 4e-16)
        let r = x.rounded()
        guard abs(x) < 1e12, !nearTie, !(r == 0 && value.sign == .minus) else { return printf(value, digits) }
        let n = Int64(r)
        let magnitude = n.magnitude
        let unit = UInt64(scale)
        var text = (n < 0 ? "-" : "") + String(magnitude / unit)
        if digits > 0 {
            let fraction = String(magnitude % unit)
            text += "." + String(repeating: "0", count: digits - fraction.utf8.count) + fraction
        }
        return text
    }

    /// `%.Nf` of `value` through `vsnprintf` (into a larger buffer when
    /// 400 bytes are not enough: `%.3f` of the largest double takes 313).
    private static func printf(_ value: Double, _ digits: Int) -> String {
        var capacity = 400
        while true {
            let text: String? = withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
                let n = withVaList([Int32(digits), value]) { vsnprintf(buffer.baseAddress, buffer.count, "%.*f", $0) }
                guard n >= 0 else { return "" }
                guard Int(n) < buffer.count else {
                    capacity = Int(n) + 1
                    return nil
                }
                return String(cString: buffer.baseAddress!)
            }
            if let text { return text }
        }
    }

    static func point(_ p: Point) -> String { "(\(fixed(p.x, 1)), \(fixed(p.y, 1)))" }

    /// The JSON summary, one object on one line with its keys sorted, the
    /// contacts written one by one: `{"contactCount":…,"contacts":[…],"device":{…},…}`.
    static func writeJSON(_ s: TraceSummary, to out: OutputSink) throws {
        func r(_ v: Double, _ scale: Double) -> String { number((v * scale).rounded() / scale) }
        func xy(_ p: Point) -> String { "{\"x\":\(r(p.x, 1000)),\"y\":\(r(p.y, 1000))}" }
        try out.write("{\"contactCount\":\(s.contactCount),\"contacts\":[")
        for (n, c) in s.contacts.enumerated() {
            try out.write((n == 0 ? "" : ",")
                + "{\"durationSeconds\":\(r(c.durationSeconds, 1e6)),\"endMM\":\(xy(c.endMillimetres))"
                + ",\"endSeconds\":\(r(c.endSeconds, 1e6)),\"id\":\(c.id),\"outcome\":\(string(c.outcome.rawValue))"
                + ",\"pathLengthMM\":\(r(c.pathLengthMillimetres, 1000)),\"startMM\":\(xy(c.startMillimetres))"
                + ",\"startSeconds\":\(r(c.startSeconds, 1e6))}")
        }
        let size = s.sizeMillimetres.map { "{\"height\":\(r($0.height, 1000)),\"width\":\(r($0.width, 1000))}" } ?? "null"
        try out.write("],\"device\":{\"kind\":\(string(s.deviceKind.rawValue)),\"name\":\(string(s.deviceName))"
            + ",\"physicalSize\":\(s.hasPhysicalSize),\"sizeMM\":\(size)}"
            + ",\"durationSeconds\":\(r(s.durationSeconds, 1e6)),\"events\":\(s.eventCount),\"frames\":\(s.frameCount)"
            + ",\"maxConcurrentContacts\":\(s.maxConcurrentContacts),\"scrollDetents\":\(xy(s.scrollDetents))}\n")
    }

    /// A JSON number as `JSONEncoder` writes it (shortest round-trip form,
    /// no `.0` on whole numbers); `null` for NaN and infinities.
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        var text = v.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// A JSON string (RFC 8259), escaped as the transcript's JSON Lines are.
    static func string(_ text: String) -> String { Escaping.json(text) }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
