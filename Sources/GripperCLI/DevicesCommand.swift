import ArgumentParser
import Gripper
import GripperEvdev
import GripperInput

/// `gripper devices`: every evdev node with its name, kind and size, or why
/// it could not be opened.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List evdev input devices: node, kind, size in mm, name.",
        discussion: """
            Opens every /dev/input/event* read-only for a moment to describe it. A node \
            that cannot be opened is listed with the reason (usually: you need read access, \
            see Documentation/CLI.md, "Live input").
            """
    )

    @Flag(name: .long, help: "Print one JSON object per device and line.")
    var json = false

    @Option(name: .long, help: ArgumentHelp("The directory to scan.", visibility: .hidden))
    var directory = "/dev/input"

    @Flag(name: .long, help: "After the list, print devices as they are added and removed (`added LINE`, `removed NODE`), until Ctrl-C or --duration.")
    var watch = false

    @Option(name: .long, help: "With --watch: stop after this many seconds.")
    var duration: Double?

    func validate() throws {
        if let duration { _ = try DurationOption.duration(duration) }
    }

    func run() throws {
        if watch { return try DeviceWatchLoop(json: json, directory: directory, duration: duration).run() }
        let nodes: [EvdevNode]
        do {
            nodes = try EvdevNode.all(in: directory)
        } catch {
            throw BadInput.fail("\(error)")
        }
        if nodes.isEmpty && !json {
            BadInput.note("devices", "no evdev devices in \(directory)")
            return
        }
        let out = OutputSink.standardOutput
        for node in nodes {
            try out.write((json ? Self.jsonLine(node) : Self.textLine(node)) + "\n")
        }
        try out.close()
    }

    /// `NODE  KIND  SIZE  "NAME"`, `NODE  cannot read: WHY` (see ``NodeAccess``),
    /// or `NODE  cannot open: REASON`. The name (the device's own, which
    /// anyone who can make a uinput device chooses), the node and the reason
    /// go through `Escaping.visible`: a line break or a terminal escape in
    /// them shows as a symbol, never ends the line or reaches the terminal.
    static func textLine(_ node: EvdevNode) -> String {
        let path = Escaping.visible(node.path)
        switch node.description {
        case .success(let device):
            return "\(path)\t\(device.kind.rawValue)\t\(sizeText(device))\t\(Escaping.visible(device.name))"
        case .failure(let error):
            if let access = access(node, error) {
                return "\(path)\tcannot read: \(Escaping.visible(access.explanation))"
            }
            return "\(path)\tcannot open: \(Escaping.visible("\(error)"))"
        }
    }

    static func sizeText(_ device: DeviceDescription) -> String {
        guard let size = device.sizeInMillimetres else { return "-" }
        let text = "\(Int(size.width.rounded()))x\(Int(size.height.rounded())) mm"
        return device.hasPhysicalResolution ? text : text + " (assumed)"
    }

    /// One JSON object: node, name, kind, ids, size (or null) and, for a node
    /// that could not be opened, `error` and `reason` instead. Strings are
    /// escaped as the transcript's JSON Lines are (`Escaping`): controls,
    /// C1 controls, U+2028/U+2029 and bidirectional overrides as `\uXXXX`.
    static func jsonLine(_ node: EvdevNode) -> String {
        var object: [String: JSONValue] = ["node": .string(node.path)]
        switch node.description {
        case .success(let device):
            object["name"] = .string(device.name)
            object["kind"] = .string(device.kind.rawValue)
            object["bustype"] = .int(Int(device.id.bustype))
            object["vendor"] = .int(Int(device.id.vendor))
            object["product"] = .int(Int(device.id.product))
            if let size = device.sizeInMillimetres {
                object["width_mm"] = .double((size.width * 10).rounded() / 10)
                object["height_mm"] = .double((size.height * 10).rounded() / 10)
                object["size_assumed"] = .bool(!device.hasPhysicalResolution)
            } else {
                object["width_mm"] = .null
                object["height_mm"] = .null
            }
        case .failure(let error):
            object["error"] = .string(error.description)
            object["reason"] = .string(reasonName(error.reason))
            if let access = access(node, error) {
                object["access"] = .string(access.code)
                object["why"] = .string(access.explanation)
            }
        }
        // JSONSerialization refused a number that is not finite, and the line was `{}`.
        if object.values.contains(where: { if case .double(let x) = $0 { !x.isFinite } else { false } }) { return "{}" }
        let text = "{" + object.sorted { $0.key < $1.key }.map { JSONValue.string($0.key).text + ":" + $0.value.text }
            .joined(separator: ",") + "}"
        return Escaping.escapingLineBreaks(inJSON: text)
    }

    /// A value of a device's JSON line, written as Foundation's
    /// `JSONSerialization` wrote it (`.sortedKeys`, `.withoutEscapingSlashes`),
    /// byte for byte, before the CLI stopped linking Foundation.
    enum JSONValue {
        case string(String), int(Int), double(Double), bool(Bool), null

        /// The JSON text: a string with `"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`
        /// escaped and the other C0 controls as `\u00xx` (lowercase hex),
        /// everything else as it is; a number in Swift's shortest form
        /// without a trailing `.0` (`256`, `95.5`, `1e+16`).
        var text: String {
            switch self {
            case .string(let s):
                var out = "\""
                for scalar in s.unicodeScalars {
                    switch scalar {
                    case "\"": out += "\\\""
                    case "\\": out += "\\\\"
                    case "\u{8}": out += "\\b"
                    case "\u{c}": out += "\\f"
                    case "\n": out += "\\n"
                    case "\r": out += "\\r"
                    case "\t": out += "\\t"
                    case _ where scalar.value < 0x20:
                        let hex = String(scalar.value, radix: 16)
                        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    default: out.unicodeScalars.append(scalar)
                    }
                }
                return out + "\""
            case .int(let n): return String(n)
            case .double(let x):
                var text = x.description
                if text.hasSuffix(".0") { text.removeLast(2) }
                return text
            case .bool(let b): return b ? "true" : "false"
            case .null: return "null"
            }
        }
    }

    /// Why the user may not read the node, when access is what failed.
    static func access(_ node: EvdevNode, _ error: EvdevError) -> NodeAccess? {
        guard error.reason == .permissionDenied, let facts = NodeAccess.Facts.read(path: node.path) else { return nil }
        return NodeAccess(facts)
    }

    static func reasonName(_ reason: EvdevError.Reason) -> String {
        switch reason {
        case .permissionDenied: return "permission-denied"
        case .notAnEvdevDevice: return "not-evdev"
        case .noSuchNode: return "no-such-node"
        case .deviceGone: return "device-gone"
        case .busy: return "busy"
        case .system: return "system"
        }
    }
}
