import GripperInput

/// Where a streaming trace reader gets a file's bytes: reads at an offset, so
/// a reader can go back to a part of the file it found earlier (a
/// libinput-record device's events after the header) without holding the
/// file in memory.
///
/// The readers stay pure: they ask the source for bytes and never touch a
/// file themselves. ``TraceBytes`` is the in-memory source; the file source
/// lives in the I/O shell (`TraceFile` in the `Gripper` module).
public protocol TraceByteSource {
    /// Copies up to `buffer.count` bytes starting at `offset` into `buffer`
    /// and returns how many it copied; 0 at or past the end.
    /// - Throws: ``TraceError`` (reason `.io`) when the bytes cannot be read.
    func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(TraceError) -> Int
}

/// A trace file's bytes held in memory, as a ``TraceByteSource``.
public struct TraceBytes: TraceByteSource, Sendable {
    /// The bytes.
    public let bytes: [UInt8]

    /// Wraps `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Copies the bytes at `offset`.
    /// - Complexity: O(buffer.count).
    public func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(TraceError) -> Int {
        guard offset >= 0, offset < bytes.count, buffer.count > 0 else { return 0 }
        let n = Swift.min(buffer.count, bytes.count - offset)
        bytes.withUnsafeBytes { raw in
            buffer.baseAddress!.copyMemory(from: raw.baseAddress! + offset, byteCount: n)
        }
        return n
    }
}
