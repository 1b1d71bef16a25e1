import Foundation
import GripperInput

/// Loading and saving trace files: the I/O shell around the pure readers and
/// writers of ``EvemuFormat`` and ``LibinputRecordFormat``.
///
/// The format comes from the file name's extension: `.evemu`, `.events`,
/// `.desc` and `.txt` are evemu; `.yml` and `.yaml` are libinput record.
public enum TraceFile {
    /// A trace file format.
    public enum Format: String, Hashable, Sendable {
        /// evemu (`evemu-describe`, `evemu-record`).
        case evemu
        /// `libinput record` YAML.
        case libinputRecord

        /// The format of a path, from its extension.
        public init(path: String) throws(TraceError) {
            switch (path as NSString).pathExtension.lowercased() {
            case "evemu", "events", "desc", "txt": self = .evemu
            case "yml", "yaml": self = .libinputRecord
            case let other: throw TraceError(file: path, reason: .unknownFormat(other.isEmpty ? "(no extension)" : "." + other))
            }
        }
    }

    /// Which device description to use, or which device to read.
    public enum DeviceSelector: Hashable, Sendable {
        /// evemu: the file's own header, else the `.desc` beside an events-only
        /// file (see ``descriptionPath(forEvents:)``); libinput record: the first device.
        case automatic
        /// evemu: the header in this `.desc` (or any evemu) file, for an events-only file.
        case description(path: String)
        /// libinput record: the device at this 0-based position.
        case index(Int)
        /// libinput record: the device recorded from this node (`/dev/input/event4`).
        case node(String)
    }

    /// The selector a `--device` option names for the trace at `path`: nil
    /// is ``DeviceSelector/automatic``; for an evemu file the option is a
    /// `.desc` path; for a libinput record a device index (`0`, `1`, …) or
    /// node (`/dev/input/event4`).
    /// - Throws: ``TraceError`` when the file's extension names no known format.
    public static func selector(forDeviceOption option: String?, path: String) throws(TraceError) -> DeviceSelector {
        guard let option else { return .automatic }
        switch try Format(path: path) {
        case .evemu: return .description(path: option)
        case .libinputRecord: return Int(option).map { .index($0) } ?? .node(option)
        }
    }

    /// Reads a trace file.
    /// - Throws: ``TraceError`` when the file cannot be read, its format is
    ///   unknown, it is malformed, or an events-only file has no description.
    public static func load(path: String, deviceSelector: DeviceSelector = .automatic) throws(TraceError) -> Trace {
        let format = try Format(path: path)
        let bytes = try read(path)
        switch format {
        case .evemu:
            var descriptionFile: String?
            switch deviceSelector {
            case .automatic: descriptionFile = nil
            case .description(let desc): descriptionFile = desc
            case .index, .node:
                throw TraceError(file: path, reason: .io("--device for an evemu file names a .desc file, not a device index or node"))
            }
            // A file with its own header never needs a description.
            let own = try? EvemuFormat.read(bytes, fileName: path)
            if let own { return own }
            if descriptionFile == nil { descriptionFile = descriptionPath(forEvents: path) }
            guard let descriptionFile else { return try EvemuFormat.read(bytes, fileName: path) }
            let description = try EvemuFormat.read(try read(descriptionFile), fileName: descriptionFile)
            let trace = try EvemuFormat.read(bytes, fileName: path, device: description.device)
            return Trace(device: description.device, events: trace.events,
                         warnings: description.warnings + trace.warnings.filter { $0.line != nil },
                         metadata: description.metadata, file: path)
        case .libinputRecord:
            switch deviceSelector {
            case .automatic: return try LibinputRecordFormat.read(bytes, fileName: path)
            case .index(let i): return try LibinputRecordFormat.read(bytes, fileName: path, device: .index(i))
            case .node(let node): return try LibinputRecordFormat.read(bytes, fileName: path, device: .node(node))
            case .description:
                throw TraceError(file: path, reason: .io("--device for a libinput-record file is a device index or node, not a .desc file"))
            }
        }
    }

    /// Reads every device's trace from a file: all devices of a libinput-record
    /// file, or the one trace of an evemu file (see ``load(path:deviceSelector:)``).
    public static func loadAll(path: String) throws(TraceError) -> [Trace] {
        switch try Format(path: path) {
        case .evemu: return [try load(path: path)]
        case .libinputRecord: return try LibinputRecordFormat.readAll(try read(path), fileName: path)
        }
    }

    /// Writes several devices' traces to one libinput-record file.
    /// - Throws: ``TraceError`` when the path is not a libinput-record path
    ///   (evemu holds one device) or cannot be written.
    public static func save(traces: [Trace], to path: String) throws(TraceError) {
        if traces.count == 1 { return try save(trace: traces[0], to: path) }
        guard try Format(path: path) == .libinputRecord else {
            throw TraceError(file: path, reason: .io("an evemu file holds one device; write \(traces.count) devices to a .yml file"))
        }
        try write(LibinputRecordFormat.write(traces), to: path)
    }

    /// Writes a trace in the format its path's extension names (a `.desc`
    /// path gets the device description only).
    public static func save(trace: Trace, to path: String) throws(TraceError) {
        let text: String
        switch try Format(path: path) {
        case .evemu:
            text = (path as NSString).pathExtension.lowercased() == "desc"
                ? EvemuFormat.writeDescription(trace.device, metadata: trace.metadata)
                : EvemuFormat.write(trace)
        case .libinputRecord:
            text = LibinputRecordFormat.write(trace)
        }
        try write(text, to: path)
    }

    private static func write(_ text: String, to path: String) throws(TraceError) {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw TraceError(file: path, reason: .io("cannot write: \(error.localizedDescription)"))
        }
    }

    /// The `.desc` file beside an events-only file that describes its device:
    /// of the `.desc` files in the same directory, the one with the longest
    /// stem that prefixes the events file's name (`ts_x.desc` for
    /// `ts_x_single-tap.events`); nil when there is none.
    public static func descriptionPath(forEvents path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        let stem = url.deletingPathExtension().lastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return nil }
        let candidates = names.filter { $0.hasSuffix(".desc") }
            .map { String($0.dropLast(5)) }
            .filter { !$0.isEmpty && stem.hasPrefix($0) }
        guard let best = candidates.max(by: { $0.count < $1.count || ($0.count == $1.count && $0 > $1) }) else { return nil }
        let bestPath = directory.appendingPathComponent(best + ".desc").path
        return (path as NSString).isAbsolutePath ? bestPath : relative(bestPath, like: path)
    }

    private static func relative(_ absolute: String, like path: String) -> String {
        let dir = (path as NSString).deletingLastPathComponent
        let name = (absolute as NSString).lastPathComponent
        return dir.isEmpty ? name : (dir as NSString).appendingPathComponent(name)
    }

    private static func read(_ path: String) throws(TraceError) -> [UInt8] {
        do {
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file"
            throw TraceError(file: path, reason: .io(reason))
        }
    }
}
