import ArgumentParser
import Foundation
import Gripper
import GripperGeometry
import GripperInput

/// `gripper trace info FILE [--device DESC] [--json]`: what a trace holds —
/// its device, duration, frames, events and every contact.
struct TraceInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Summarise a trace: device, duration, frames, events and every contact.",
        discussion: """
            Contacts are touch sequences (or left-button presses for a mouse), as \
            Gripper's contact tracker sees them; a contact still down when the \
            trace ends is counted as cancelled. Positions are in millimetres \
            (resolution 0 uses the documented fallback size). Exit status 2 on \
            bad input, with the file, line and problem on stderr.
            """
    )

    @OptionGroup var input: TraceInput

    @Flag(name: .long, help: "Print one JSON object instead of text.")
    var json = false

    func run() throws {
        let trace = try input.load()
        for warning in trace.warnings { BadInput.printError("warning: \(warning.description)") }
        let summary = TraceSummary(trace: trace)
        if json {
            print(try Self.json(summary))
        } else {
            print(Self.text(summary), terminator: "")
        }
    }

    // MARK: - Output

    static func text(_ s: TraceSummary) -> String {
        var out = "\(s.deviceName)\n"
        out += "  kind              \(s.deviceKind.rawValue)\n"
        if let size = s.sizeMillimetres {
            let source = s.hasPhysicalSize ? "from the device's resolution" : "assumed: the device reports no resolution"
            out += "  size              \(fixed(size.width, 1)) × \(fixed(size.height, 1)) mm (\(source))\n"
        } else {
            out += "  size              relative device (1000 counts per inch assumed)\n"
        }
        out += "  duration          \(fixed(s.durationSeconds, 3)) s\n"
        out += "  frames            \(s.frameCount)\n"
        out += "  events            \(s.eventCount)\n"
        out += "  contacts          \(s.contactCount)\n"
        out += "  most down at once \(s.maxConcurrentContacts)\n"
        if s.scrollDetents != .zero {
            out += "  scroll            \(fixed(s.scrollDetents.x, 2)), \(fixed(s.scrollDetents.y, 2)) detents (x, y)\n"
        }
        guard !s.contacts.isEmpty else { return out }
        let header = ["#", "start s", "end s", "duration s", "start mm", "end mm", "path mm", "end"]
        var rows = [header]
        for c in s.contacts {
            rows.append([String(c.id), fixed(c.startSeconds, 3), fixed(c.endSeconds, 3), fixed(c.durationSeconds, 3),
                         point(c.startMillimetres), point(c.endMillimetres), fixed(c.pathLengthMillimetres, 1),
                         c.outcome.rawValue])
        }
        let widths = header.indices.map { i in rows.map { $0[i].count }.max() ?? 0 }
        out += "\n"
        for row in rows {
            let cells = row.indices.map { i in
                let pad = String(repeating: " ", count: widths[i] - row[i].count)
                return i == 0 || i == row.count - 1 || i == 4 || i == 5 ? row[i] + pad : pad + row[i]
            }
            out += "  " + cells.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
        }
        return out
    }

    static func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    static func point(_ p: Point) -> String { "(\(fixed(p.x, 1)), \(fixed(p.y, 1)))" }

    static func json(_ s: TraceSummary) throws -> String {
        struct XY: Encodable { var x: Double; var y: Double }
        struct WH: Encodable { var width: Double; var height: Double }
        struct Device: Encodable {
            var name: String
            var kind: String
            var sizeMM: WH?
            var physicalSize: Bool

            enum CodingKeys: String, CodingKey { case name, kind, sizeMM, physicalSize }

            // `sizeMM` is null for a relative device rather than missing.
            func encode(to encoder: Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(name, forKey: .name)
                try c.encode(kind, forKey: .kind)
                try c.encode(sizeMM, forKey: .sizeMM)
                try c.encode(physicalSize, forKey: .physicalSize)
            }
        }
        struct ContactJSON: Encodable {
            var id: Int
            var startSeconds: Double
            var endSeconds: Double
            var durationSeconds: Double
            var startMM: XY
            var endMM: XY
            var pathLengthMM: Double
            var outcome: String
        }
        struct Summary: Encodable {
            var device: Device
            var durationSeconds: Double
            var frames: Int
            var events: Int
            var contactCount: Int
            var maxConcurrentContacts: Int
            var scrollDetents: XY
            var contacts: [ContactJSON]
        }
        func r(_ v: Double, _ scale: Double) -> Double { (v * scale).rounded() / scale }
        func xy(_ p: Point) -> XY { XY(x: r(p.x, 1000), y: r(p.y, 1000)) }
        let summary = Summary(
            device: Device(name: s.deviceName, kind: s.deviceKind.rawValue,
                           sizeMM: s.sizeMillimetres.map { WH(width: r($0.width, 1000), height: r($0.height, 1000)) },
                           physicalSize: s.hasPhysicalSize),
            durationSeconds: r(s.durationSeconds, 1e6),
            frames: s.frameCount,
            events: s.eventCount,
            contactCount: s.contactCount,
            maxConcurrentContacts: s.maxConcurrentContacts,
            scrollDetents: xy(s.scrollDetents),
            contacts: s.contacts.map {
                ContactJSON(id: $0.id, startSeconds: r($0.startSeconds, 1e6), endSeconds: r($0.endSeconds, 1e6),
                            durationSeconds: r($0.durationSeconds, 1e6), startMM: xy($0.startMillimetres),
                            endMM: xy($0.endMillimetres), pathLengthMM: r($0.pathLengthMillimetres, 1000),
                            outcome: $0.outcome.rawValue)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(summary), as: UTF8.self)
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
