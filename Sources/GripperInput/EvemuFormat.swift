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
        let document: EvemuParser.Document
        do {
            document = try bytes.withUnsafeBufferPointer { buffer throws(TraceError) in
                var parser = EvemuParser(buffer: buffer, file: fileName)
                return try parser.parse()
            }
        }
        guard let description = document.device ?? device else {
            if document.events.isEmpty { throw TraceError(file: fileName, reason: .emptyFile) }
            throw TraceError(file: fileName, line: document.firstEventLine, reason: .missingDeviceDescription)
        }
        return Trace(device: description, events: document.events, warnings: document.warnings,
                     metadata: document.metadata, file: fileName)
    }

    /// Reads an evemu file from a string; see ``read(_:fileName:device:)-([UInt8],_,_)``.
    public static func read(_ text: String, fileName: String, device: DeviceDescription? = nil) throws(TraceError) -> Trace {
        try read(Array(text.utf8), fileName: fileName, device: device)
    }
}
