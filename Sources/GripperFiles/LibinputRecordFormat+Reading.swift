import GripperInput
import GripperTraces

// Reading libinput record: the system's libyaml reads the header (through
// YAMLDocument), so this lives here, in the I/O shell, and the trace formats
// module (GripperTraces) links no YAML into an app that only writes traces.
extension LibinputRecordFormat {
    /// Reads one device's trace from a libinput-record file.
    /// - Throws: ``/GripperTraces/TraceError`` naming the file and the line or YAML path.
    /// - Complexity: O(n) in the file's size.
    public static func read(_ bytes: [UInt8], fileName: String, device selector: TraceDeviceSelector = .automatic) throws(TraceError) -> Trace {
        let traces = try readAll(bytes, fileName: fileName)
        return try pick(selector, from: traces, fileName: fileName) { $0.metadata.deviceNode }
    }

    /// Reads a libinput-record file from a string; see ``read(_:fileName:device:)-([UInt8],_,_)``.
    public static func read(_ text: String, fileName: String, device selector: TraceDeviceSelector = .automatic) throws(TraceError) -> Trace {
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
    /// - Throws: ``/GripperTraces/TraceError`` naming the file and the line or YAML path.
    /// - Complexity: O(n) in the file's size; memory O(header).
    public static func readers(_ source: any TraceByteSource, fileName: String) throws(TraceError) -> [TraceFrameReader] {
        let parser = LibinputRecordParser(source: source, file: fileName)
        return try parser.devices(collect: false).map(parser.reader)
    }

    /// A reader of one device's frames; see ``readers(_:fileName:)``.
    /// - Throws: ``/GripperTraces/TraceError``, `noSuchDevice` when the file lacks the device.
    public static func reader(_ source: any TraceByteSource, fileName: String,
                              device selector: TraceDeviceSelector = .automatic) throws(TraceError) -> TraceFrameReader {
        let readers = try readers(source, fileName: fileName)
        return try pick(selector, from: readers, fileName: fileName) { $0.metadata.deviceNode }
    }

    /// The device `selector` names among `devices` (in file order), or
    /// `noSuchDevice` saying how many there are; a `.desc` path names none.
    private static func pick<Device>(_ selector: TraceDeviceSelector, from devices: [Device], fileName: String,
                                     node: (Device) -> String?) throws(TraceError) -> Device {
        let found: Device?
        switch selector {
        case .automatic: found = devices.first
        case .description: throw TraceError.descriptionForLibinputRecord(file: fileName)
        case .index(let i): found = devices.indices.contains(i) ? devices[i] : nil
        case .node(let wanted): found = devices.first { node($0) == wanted }
        }
        guard let found else {
            throw TraceError(file: fileName, reason: .noSuchDevice(selector: selector.description, available: devices.count))
        }
        return found
    }
}
