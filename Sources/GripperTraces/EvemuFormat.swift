import GripperInput

/// The evemu trace format (`evemu-describe`, `evemu-record`): a device
/// description of `N: I: P: B: A: L: S:` lines followed by `E:` event lines.
///
/// Reading accepts every version seen in the wild: with or without the
/// `# EVEMU 1.x` line, `A:` lines with or without resolution, `B:` lines of
/// one type split over several lines, event values zero-padded or not and
/// negative as `-001`, trailing `# …` comments, epoch or relative times
/// (kept as they are), and events-only files paired with a description read
/// separately. Writing produces exactly what `evemu-record` 1.3 writes.
///
/// See `Documentation/TraceFormats.md`.
public enum EvemuFormat {
    /// The format version the writer produces (`# EVEMU 1.3`).
    public static let writtenVersion = "1.3"

    /// Reads an evemu file from its bytes.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - fileName: names the file in errors and warnings.
    ///   - device: the description to use when the file has none (an
    ///     events-only `.events` file); ignored when the file has its own.
    /// - Returns: the trace; a description-only file gives a trace without events.
    /// - Throws: ``TraceError`` for anything malformed, naming file, line and column.
    /// - Complexity: O(n) in the file's size.
    public static func read(_ bytes: [UInt8], fileName: String, device: DeviceDescription? = nil) throws(TraceError) -> Trace {
        try reader(TraceBytes(bytes), fileName: fileName, device: device).readTrace()
    }

    /// Reads an evemu file from a string; see ``read(_:fileName:device:)-([UInt8],_,_)``.
    public static func read(_ text: String, fileName: String, device: DeviceDescription? = nil) throws(TraceError) -> Trace {
        try read(Array(text.utf8), fileName: fileName, device: device)
    }

    /// A reader of an evemu file's frames, one at a time, holding a window
    /// of the file rather than the file. The description (and any header
    /// error) is read now; the events as ``TraceFrameReader/next()`` reaches them.
    ///
    /// - Parameters:
    ///   - source: where the file's bytes come from.
    ///   - fileName: the name errors give the file.
    ///   - device: the description to use when the file has none; ignored
    ///     when the file has its own.
    /// - Throws: ``TraceError`` for a malformed header, an empty file, or
    ///   events without a description (naming the first event's line).
    /// - Complexity: O(header).
    public static func reader(_ source: any TraceByteSource, fileName: String,
                              device: DeviceDescription? = nil) throws(TraceError) -> TraceFrameReader {
        try reader(source, fileName: fileName, fallback: device.map { ($0, nil, []) })
    }

    /// A reader of an events-only evemu file described by another file
    /// (`description`, a reader of the `.desc`): its device, metadata and
    /// warnings come first. A file with its own description keeps its own.
    /// - Complexity: O(header).
    public static func reader(_ source: any TraceByteSource, fileName: String,
                              describedBy description: TraceFrameReader) throws(TraceError) -> TraceFrameReader {
        try reader(source, fileName: fileName,
                   fallback: (description.device, description.metadata, description.warnings))
    }

    private static func reader(_ source: any TraceByteSource, fileName: String,
                               fallback: (DeviceDescription, TraceMetadata?, [TraceWarning])?) throws(TraceError) -> TraceFrameReader {
        let parser = EvemuParser(window: LineWindow(source: source), file: fileName)
        try parser.readHeader()
        if let own = parser.device {
            return TraceFrameReader(fileName: fileName, device: own, metadata: parser.metadata, producer: parser)
        }
        guard let (device, metadata, warnings) = fallback else {
            if let line = parser.firstEventLine {
                throw TraceError(file: fileName, line: line, reason: .missingDeviceDescription)
            }
            throw TraceError(file: fileName, reason: .emptyFile)
        }
        if parser.firstEventLine == nil && parser.headerIsBlank { throw TraceError(file: fileName, reason: .emptyFile) }
        return TraceFrameReader(fileName: fileName, device: device, metadata: metadata ?? parser.metadata,
                                producer: parser, earlierWarnings: warnings)
    }
}
