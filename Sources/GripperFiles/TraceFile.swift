import GripperInput
import GripperTraces

/// Loading and saving trace files: the I/O shell around the pure readers and
/// writers of ``/GripperTraces/EvemuFormat`` and ``/GripperTraces/LibinputRecordFormat``.
///
/// The format comes from the file name's extension: `.evemu`, `.events`,
/// `.desc` and `.txt` are evemu; `.yml` and `.yaml` are libinput record.
public enum TraceFile {
    /// A trace file format (``/GripperTraces/TraceFormat``; a path's from
    /// its extension: `TraceFormat(path:)`, below).
    public typealias Format = TraceFormat

    /// The selector a `--device` option names for the trace at `path`: nil
    /// is ``/GripperTraces/TraceDeviceSelector/automatic``; for an evemu file the option is a
    /// `.desc` path; for a libinput record a device index (`0`, `1`, …) or
    /// node (`/dev/input/event4`).
    /// - Throws: ``/GripperTraces/TraceError`` when the file's extension names no known format.
    package static func selector(forDeviceOption option: String?, path: String) throws(TraceError) -> TraceDeviceSelector {
        guard let option else { return .automatic }
        switch try Format(path: path) {
        case .evemu: return .description(path: option)
        case .libinputRecord: return Int(option).map { .index($0) } ?? .node(option)
        }
    }

    /// Reads a trace file into memory. Large files are better read with
    /// ``open(path:deviceSelector:)``, a frame at a time.
    /// - Throws: ``/GripperTraces/TraceError`` when the file cannot be read, its format is
    ///   unknown, it is malformed, or an events-only file has no description.
    public static func load(path: String, deviceSelector: TraceDeviceSelector = .automatic) throws(TraceError) -> Trace {
        try open(path: path, deviceSelector: deviceSelector).readTrace()
    }

    /// ``load(path:deviceSelector:)``, refusing unread any file that is not
    /// a regular file when `regularFilesOnly` (see ``open(path:deviceSelector:regularFilesOnly:)``).
    package static func load(path: String, deviceSelector: TraceDeviceSelector = .automatic,
                             regularFilesOnly: Bool) throws(TraceError) -> Trace {
        try open(path: path, deviceSelector: deviceSelector, regularFilesOnly: regularFilesOnly).readTrace()
    }

    /// A reader of a trace file's frames, one at a time, holding a window of
    /// the file rather than the file (see ``/GripperTraces/TraceFrameReader``): what the
    /// `gripper` commands read traces with. An events-only evemu file takes
    /// its description from the selector's `.desc`, or the one beside it.
    /// - Throws: ``/GripperTraces/TraceError`` when the file cannot be read, its format is
    ///   unknown, its header is malformed, or an events-only file has no
    ///   description; a libinput-record file is checked whole.
    public static func open(path: String, deviceSelector: TraceDeviceSelector = .automatic) throws(TraceError) -> TraceFrameReader {
        try open(path: path, deviceSelector: deviceSelector, regularFilesOnly: false)
    }

    /// ``open(path:deviceSelector:)``; with `regularFilesOnly`, the trace
    /// and the `.desc` it takes its description from must be regular files
    /// (symbolic links followed): a FIFO, a device such as `/dev/zero` or a
    /// socket is refused unread ("not a regular file (a FIFO)"), where
    /// otherwise it would be read into memory. What `gripper test` reads a
    /// case's files with.
    package static func open(path: String, deviceSelector: TraceDeviceSelector = .automatic,
                             regularFilesOnly: Bool) throws(TraceError) -> TraceFrameReader {
        let format = try Format(path: path)
        func openSource(_ path: String) throws(TraceError) -> TraceFileSource {
            try TraceFileSource(path: path, regularFilesOnly: regularFilesOnly)
        }
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
            do {
                return try EvemuFormat.reader(try openSource(path), fileName: path)
            } catch where error.reason == .missingDeviceDescription {
                if descriptionFile == nil { descriptionFile = descriptionPath(forEvents: path) }
                guard let descriptionFile else { throw error }
                let description = try EvemuFormat.reader(try openSource(descriptionFile), fileName: descriptionFile)
                return try EvemuFormat.reader(try openSource(path), fileName: path, describedBy: description)
            }
        case .libinputRecord:
            let source = try openSource(path)
            // Refused before the file is read.
            if case .description = deviceSelector { throw TraceError.descriptionForLibinputRecord(file: path) }
            return try LibinputRecordFormat.reader(source, fileName: path, device: deviceSelector)
        }
    }

    /// Reads every device's trace from a file: all devices of a libinput-record
    /// file, or the one trace of an evemu file (see ``load(path:deviceSelector:)``).
    public static func loadAll(path: String) throws(TraceError) -> [Trace] {
        try loadAll(path: path, regularFilesOnly: false)
    }

    /// ``loadAll(path:)``, refusing unread a file that is not a regular file
    /// when `regularFilesOnly` (see ``open(path:deviceSelector:regularFilesOnly:)``).
    package static func loadAll(path: String, regularFilesOnly: Bool) throws(TraceError) -> [Trace] {
        var traces: [Trace] = []
        for reader in try openAll(path: path, regularFilesOnly: regularFilesOnly) { traces.append(try reader.readTrace()) }
        return traces
    }

    /// A reader of each device's frames: every device of a libinput-record
    /// file, or the one device of an evemu file (see ``open(path:deviceSelector:)``).
    public static func openAll(path: String) throws(TraceError) -> [TraceFrameReader] {
        try openAll(path: path, regularFilesOnly: false)
    }

    /// ``openAll(path:)``, refusing unread a file that is not a regular file
    /// when `regularFilesOnly` (see ``open(path:deviceSelector:regularFilesOnly:)``).
    package static func openAll(path: String, regularFilesOnly: Bool) throws(TraceError) -> [TraceFrameReader] {
        switch try Format(path: path) {
        case .evemu: return [try open(path: path, regularFilesOnly: regularFilesOnly)]
        case .libinputRecord:
            return try LibinputRecordFormat.readers(try TraceFileSource(path: path, regularFilesOnly: regularFilesOnly), fileName: path)
        }
    }

    /// Writes several devices' traces to one libinput-record file.
    /// - Throws: ``/GripperTraces/TraceError`` when the path is not a libinput-record path
    ///   (evemu holds one device) or cannot be written.
    public static func save(traces: [Trace], to path: String) throws(TraceError) {
        try save(traces.map { TraceFrameReader(trace: $0) }, to: path)
    }

    /// Writes a trace in the format its path's extension names (a `.desc`
    /// path gets the device description only).
    public static func save(trace: Trace, to path: String) throws(TraceError) {
        try save([TraceFrameReader(trace: trace)], to: path)
    }

    /// Writes what `readers` read, frame by frame as they read it, in the
    /// format the path's extension names: one device to any format (a `.desc`
    /// path gets the description only), several to a libinput-record file.
    /// The text goes to a temporary file renamed over `path` at the end, so
    /// an error never leaves a file that looks complete. Memory: one frame.
    /// - Throws: ``/GripperTraces/TraceError``: a reader's, or one naming `path` when it
    ///   cannot be written ("cannot write: no space left on device").
    /// - Complexity: O(n) in the events.
    public static func save(_ readers: [TraceFrameReader], to path: String) throws(TraceError) {
        let format = try Format(path: path)
        if readers.count != 1 && format != .libinputRecord {
            throw TraceError(file: path, reason: .io("an evemu file holds one device; write \(readers.count) devices to a .yml file"))
        }
        let output: FileOutput
        do { output = try FileOutput(path: path) } catch { throw TraceError(file: path, reason: .io("cannot \(error.action): \(error.problem)")) }
        do {
            var writer = TraceWriter(format: format == .evemu ? .evemu : .libinputRecord)
            if PathText.pathExtension(path).lowercased() == "desc", let reader = readers.first {
                try output.write(EvemuFormat.writeDescription(reader.device, metadata: reader.metadata))
            } else {
                writer.beginFile(metadata: readers.first?.metadata ?? TraceMetadata(), deviceCount: readers.count)
                for (index, reader) in readers.enumerated() {
                    writer.beginDevice(reader.device, metadata: reader.metadata, index: index)
                    while let frame = try reader.next() {
                        writer.append(frame, complete: !reader.lastFrameIsIncomplete)
                        if writer.pendingByteCount >= FileOutput.bufferSize {
                            try writer.drain { (bytes: UnsafeRawBufferPointer) throws(FileOutput.Failure) in try output.write(bytes) }
                        }
                    }
                }
                try writer.drain { (bytes: UnsafeRawBufferPointer) throws(FileOutput.Failure) in try output.write(bytes) }
            }
            try output.commit()
        } catch let failure as FileOutput.Failure {
            throw TraceError(file: path, reason: .io("cannot \(failure.action): \(failure.problem)"))
        } catch let error as TraceError {
            throw error
        } catch {
            // Nothing else is thrown above; an error of another kind has no errno to tell.
            throw TraceError(file: path, reason: .io("cannot write: the file could not be read or written"))
        }
    }

    /// The `.desc` file beside an events-only file that describes its device:
    /// of the `.desc` files in the same directory, the one with the longest
    /// stem that prefixes the events file's name (`ts_x.desc` for
    /// `ts_x_single-tap.events`); nil when there is none.
    public static func descriptionPath(forEvents path: String) -> String? {
        let directory = PathText.folder(path)
        let stem = PathText.stem(path)
        guard let names = PathText.names(inFolder: directory ?? ".") else { return nil }
        let candidates = names.filter { $0.hasSuffix(".desc") }
            .map { String($0.dropLast(5)) }
            .filter { !$0.isEmpty && stem.hasPrefix($0) }
        guard let best = candidates.max(by: { $0.count < $1.count || ($0.count == $1.count && $0 > $1) }) else { return nil }
        let name = best + ".desc"
        guard PathText.isAbsolute(path) else {
            // Beside a relative path, a relative path.
            let folder = PathText.deletingLastComponent(path)
            return folder.isEmpty ? name : folder + "/" + name
        }
        guard let directory, directory != "/" else { return "/" + name }
        return directory + "/" + name
    }
}

extension TraceFormat {
    /// The format of a path, from its extension: `.evemu`, `.events`,
    /// `.desc` and `.txt` are evemu; `.yml` and `.yaml` libinput record.
    /// - Throws: ``/GripperTraces/TraceError`` naming the path when the
    ///   extension names no format.
    public init(path: String) throws(TraceError) {
        switch PathText.pathExtension(path).lowercased() {
        case "evemu", "events", "desc", "txt": self = .evemu
        case "yml", "yaml": self = .libinputRecord
        case let other: throw TraceError(file: path, reason: .unknownFormat(other.isEmpty ? "(no extension)" : "." + other))
        }
    }
}

extension TraceError {
    /// A `.desc` path given as the device of a libinput-record file.
    static func descriptionForLibinputRecord(file: String) -> TraceError {
        TraceError(file: file, reason: .io("--device for a libinput-record file is a device index or node, not a .desc file"))
    }
}
