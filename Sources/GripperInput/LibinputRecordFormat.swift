/// The `libinput record` trace format: YAML, version 1, with a header
/// (libinput and system versions), one entry per recorded device under
/// `devices:` (its evdev description, udev properties, quirks) and, per
/// device, `events:` — a list of frames, each `- evdev:` with one
/// `[sec, usec, type, code, value]` row per event.
///
/// Reading uses Yams for the header and a byte-level parser for the events
/// lists, which hold nearly all of a file (Yams builds a node per scalar and
/// is far too slow there); an events list in a layout the fast parser does
/// not know (flow style, anchors …) falls back to Yams for the whole file.
/// `- libinput:` and `- hidraw:` entries are libinput's own output and the
/// raw HID reports; they are skipped (with one warning saying how many).
///
/// Writing produces what `libinput record` writes, comments included.
/// See `Documentation/TraceFormats.md`.
public enum LibinputRecordFormat {
    /// Which recorded device to read from a file that holds several.
    public enum DeviceSelector: Hashable, Sendable, CustomStringConvertible {
        /// The device at this 0-based position in `devices:`.
        case index(Int)
        /// The device recorded from this node, such as `/dev/input/event4`.
        case node(String)

        /// `#2` or `'/dev/input/event4'`, for messages.
        public var description: String {
            switch self {
            case .index(let i): return "#\(i)"
            case .node(let node): return "'\(node)'"
            }
        }
    }

    /// The format version Gripper reads and writes (`version: 1`).
    public static let formatVersion = 1

    /// Reads one device's trace from a libinput-record file.
    /// - Throws: ``TraceError`` naming the file and the line or YAML path.
    /// - Complexity: O(n) in the file's size.
    public static func read(_ bytes: [UInt8], fileName: String, device selector: DeviceSelector = .index(0)) throws(TraceError) -> Trace {
        let traces = try readAll(bytes, fileName: fileName)
        switch selector {
        case .index(let i):
            guard i >= 0 && i < traces.count else {
                throw TraceError(file: fileName, reason: .noSuchDevice(selector: selector.description, available: traces.count))
            }
            return traces[i]
        case .node(let node):
            guard let trace = traces.first(where: { $0.metadata.deviceNode == node }) else {
                throw TraceError(file: fileName, reason: .noSuchDevice(selector: selector.description, available: traces.count))
            }
            return trace
        }
    }

    /// Reads a libinput-record file from a string; see ``read(_:fileName:device:)-([UInt8],_,_)``.
    public static func read(_ text: String, fileName: String, device selector: DeviceSelector = .index(0)) throws(TraceError) -> Trace {
        try read(Array(text.utf8), fileName: fileName, device: selector)
    }

    /// Reads every device's trace from a libinput-record file, in file order.
    /// - Complexity: O(n) in the file's size.
    public static func readAll(_ bytes: [UInt8], fileName: String) throws(TraceError) -> [Trace] {
        var parser = LibinputRecordParser(bytes: bytes, file: fileName)
        return try parser.parse()
    }
}
