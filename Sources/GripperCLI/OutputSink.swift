import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// Where a recording goes: a file (created or truncated) or standard output.
/// Every write goes straight to the descriptor, so what was written survives
/// however the program ends.
final class OutputSink {
    private let fd: Int32
    private let path: String
    private let owned: Bool

    init(path: String?) throws {
        if let path {
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                throw ValidationError("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            self.fd = fd
            self.path = path
            owned = true
        } else {
            fd = STDOUT_FILENO
            self.path = "standard output"
            owned = false
        }
    }

    /// Writes all of `text`, retrying interrupted and partial writes.
    func write(_ text: String) throws {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return Glibc.write(fd, base + offset, raw.count - offset)
            }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw ValidationError("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            offset += n
        }
        bytes.removeAll()
    }

    /// Flushes the file to disk and closes it (standard output stays open).
    func close() {
        guard owned else { return }
        fsync(fd)
        Glibc.close(fd)
    }
}
