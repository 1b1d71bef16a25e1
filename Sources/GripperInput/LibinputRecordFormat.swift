/// The `libinput record` trace format: YAML, version 1, with a header
/// (libinput and system versions), one entry per recorded device under
/// `devices:` (its evdev description, udev properties, quirks) and, per
/// device, `events:` — a list of frames, each `- evdev:` with one
/// `[sec, usec, type, code, value]` row per event.
///
/// Reading uses Yams for the header and a byte-level parser for the events
/// lists, which hold nearly all of a file (Yams builds a node per scalar and
/// is far too slow and large there). Yams never sees more than
/// ``headerLimit`` bytes of header, or an events list of more than
/// ``yamlEventsLimit`` bytes in a layout the byte-level parser does not know
/// (flow style, anchors …); anything larger is an error naming the line.
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

    /// The most bytes of a file, outside its block-style events lists, that
    /// the reader hands to Yams: 2 MiB (a real header is a few kilobytes;
    /// Yams takes about 17 times a document's size in memory).
    public static let headerLimit = 2 << 20

    /// The largest events list read through Yams when it is not in libinput
    /// record's own block layout: 2 MiB.
    public static let yamlEventsLimit = 2 << 20

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
        let parser = LibinputRecordParser(source: TraceBytes(bytes), file: fileName)
        var traces: [Trace] = []
        for device in try parser.devices(collect: true) {
            traces.append(try parser.reader(device).readTrace())
        }
        return traces
    }

    /// A reader of every device's frames, in file order, holding a window of
    /// the file rather than the file. The whole file is checked now (header
    /// and every row), so the readers' frames come without errors unless the
    /// file changes meanwhile; each reader reads its device's events again
    /// from `source` when asked.
    /// - Throws: ``TraceError`` naming the file and the line or YAML path.
    /// - Complexity: O(n) in the file's size; memory O(header).
    public static func readers(_ source: any TraceByteSource, fileName: String) throws(TraceError) -> [TraceFrameReader] {
        let parser = LibinputRecordParser(source: source, file: fileName)
        return try parser.devices(collect: false).map(parser.reader)
    }

    /// A reader of one device's frames; see ``readers(_:fileName:)``.
    /// - Throws: ``TraceError``, `noSuchDevice` when the file lacks the device.
    public static func reader(_ source: any TraceByteSource, fileName: String,
                              device selector: DeviceSelector = .index(0)) throws(TraceError) -> TraceFrameReader {
        let readers = try readers(source, fileName: fileName)
        switch selector {
        case .index(let i):
            guard i >= 0 && i < readers.count else {
                throw TraceError(file: fileName, reason: .noSuchDevice(selector: selector.description, available: readers.count))
            }
            return readers[i]
        case .node(let node):
            guard let reader = readers.first(where: { $0.metadata.deviceNode == node }) else {
                throw TraceError(file: fileName, reason: .noSuchDevice(selector: selector.description, available: readers.count))
            }
            return reader
        }
    }
}
