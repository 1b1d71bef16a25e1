#if canImport(Glibc)
import Glibc
#endif
import GripperInput
import GripperTraces

/// A trace file as a ``TraceByteSource``: read at offsets with `pread`, so
/// a reader holds a window of the file, never the file. A file that cannot
/// be read at offsets (a pipe, a FIFO) is read into memory once instead.
final class TraceFileSource: TraceByteSource {
    private let fd: Int32
    private let path: String
    private let memory: TraceBytes?

    /// Opens `path` for reading (`O_NOCTTY`: a terminal named as a trace
    /// never becomes the controlling terminal).
    /// - Parameter regularFilesOnly: refuse anything but a regular file
    ///   unread — a FIFO, a device (`/dev/zero`), a socket — rather than
    ///   read it into memory (``RegularFile``: a FIFO's open does not wait).
    /// - Throws: ``TraceError`` (`.io`): "no such file", "permission denied",
    ///   "not a regular file (a FIFO)" …
    init(path: String, regularFilesOnly: Bool = false) throws(TraceError) {
        self.path = path
        if regularFilesOnly {
            do throws(RegularFile.Problem) {
                fd = try RegularFile.openForReading(path)
            } catch {
                throw TraceError(file: path, reason: .io(error.phrase))
            }
            memory = nil
            return
        }
        let fd = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw TraceError(file: path, reason: .io(FileProblem.phrase(errno: errno))) }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let code = errno
            close(fd)
            throw TraceError(file: path, reason: .io("cannot read: " + FileProblem.phrase(errno: code)))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG, S_IFBLK:
            self.fd = fd
            memory = nil
        case S_IFDIR:
            close(fd)
            throw TraceError(file: path, reason: .io(FileProblem.phrase(errno: EISDIR)))
        default:
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n < 0 {
                    let code = errno
                    close(fd)
                    throw TraceError(file: path, reason: .io("cannot read: " + FileProblem.phrase(errno: code)))
                }
                if n == 0 { break }
                bytes += chunk[..<n]
            }
            close(fd)
            self.fd = -1
            memory = TraceBytes(bytes)
        }
    }

    deinit { if fd >= 0 { close(fd) } }

    func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(TraceError) -> Int {
        if let memory { return try memory.read(at: offset, into: buffer) }
        guard buffer.count > 0, let base = buffer.baseAddress else { return 0 }
        while true {
            let n = pread(fd, base, buffer.count, off_t(offset))
            if n >= 0 { return n }
            if errno == EINTR { continue }
            throw TraceError(file: path, reason: .io("cannot read: " + FileProblem.phrase(errno: errno)))
        }
    }
}
