#if canImport(Glibc)
import Glibc
#endif

/// A file being written, or standard output, with every error naming it:
/// writes are buffered (64 KiB) and go to the descriptor whole, interrupted
/// and partial writes retried; a full disk or a closed pipe is an error, not
/// a silent loss.
///
/// A regular file is written to a temporary file beside it and renamed over
/// it by ``commit()``, so a failed or interrupted write never leaves a file
/// that looks complete; `replacing: false` writes in place (a recording that
/// must keep what it has). A path that is a device or a pipe (`/dev/full`,
/// a FIFO) is written in place, or refused unopened
/// (`allowingSpecialFiles: false`).
///
/// The temporary file is made as `mkstemp` makes one: a new file (`O_CREAT
/// | O_EXCL | O_NOFOLLOW`, so never through a planted symbolic link and
/// never over an existing file) under an unpredictable name
/// (`.NAME.gripper-RANDOM.tmp`, 64 random bits) in the destination's
/// folder, mode 0644 less the umask. The only file this class ever removes
/// is that temporary file, which it created: a failed write never unlinks
/// the path it was given (a device, a symbolic link, an earlier file).
public final class FileOutput {
    /// What went wrong, naming the file: `cannot write FILE: no space left on device`.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The path, or "standard output".
        public var name: String
        /// What was being done: "write", "create", "replace".
        public var action: String
        /// What went wrong, in words (see `FileProblem`).
        public var problem: String

        /// `cannot ACTION NAME: PROBLEM`.
        public var description: String { "cannot \(action) \(name): \(problem)" }
    }

    /// The path, or "standard output".
    public let name: String
    private let fd: Int32
    private let owned: Bool
    private let path: String?
    private let temporary: String?
    private var buffer: [UInt8] = []
    private var done = false

    /// The bytes kept before a write goes to the descriptor.
    public static let bufferSize = 1 << 16

    /// Standard output.
    public static func standardOutput() -> FileOutput { FileOutput(standardOutput: ()) }

    private init(standardOutput: Void) {
        name = "standard output"
        fd = STDOUT_FILENO
        owned = false
        path = nil
        temporary = nil
        buffer.reserveCapacity(Self.bufferSize)
    }

    /// Opens `path` for writing (created, or truncated on ``commit()``).
    /// - Parameters:
    ///   - path: the file to write.
    ///   - replacing: write a temporary file and rename it over `path` on
    ///     ``commit()`` (the default), or write `path` in place.
    ///   - allowingSpecialFiles: when `path` is (or links to) something
    ///     other than a regular file — a device, a FIFO, a socket, a folder
    ///     —, write it in place (the default: `--html /dev/stdout`), or
    ///     refuse it without opening it (`false`: a page `gripper test`
    ///     writes beside a case, where a FIFO would block and a device
    ///     take the page).
    /// - Throws: ``Failure`` when the file cannot be created, or is not a
    ///   regular file and `allowingSpecialFiles` is false.
    public init(path: String, replacing: Bool = true, allowingSpecialFiles: Bool = true) throws(Failure) {
        name = path
        self.path = path
        owned = true
        var status = stat()
        let special = stat(path, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG
        if special && !allowingSpecialFiles {
            throw Failure(name: path, action: "write", problem: "not a regular file (\(RegularFile.kind(mode: status.st_mode)))")
        }
        if replacing && !special {
            let (fd, temp) = try Self.createTemporary(for: path)
            self.fd = fd
            temporary = temp
        } else {
            // In place. Refusing special files, open without waiting (a FIFO
            // put there since the check fails with ENXIO rather than block) and
            // check what was opened.
            let flags = O_WRONLY | O_CREAT | O_TRUNC | O_NOCTTY | O_CLOEXEC | (allowingSpecialFiles ? 0 : O_NONBLOCK)
            let fd = open(path, flags, 0o644)
            guard fd >= 0 else { throw Failure(name: path, action: "write", problem: FileProblem.phrase(errno: errno)) }
            if !allowingSpecialFiles {
                var opened = stat()
                if fstat(fd, &opened) != 0 || (opened.st_mode & S_IFMT) != S_IFREG {
                    close(fd)
                    throw Failure(name: path, action: "write", problem: "not a regular file (\(RegularFile.kind(mode: opened.st_mode)))")
                }
                let current = fcntl(fd, F_GETFL)
                if current >= 0 { _ = fcntl(fd, F_SETFL, current & ~O_NONBLOCK) }
            }
            self.fd = fd
            temporary = nil
        }
        buffer.reserveCapacity(Self.bufferSize)
    }

    /// The longest part of the destination's name kept in the temporary
    /// file's name, in bytes (the whole stays under `NAME_MAX`, 255).
    static let temporaryStemLimit = 200

    /// Creates the temporary file for `path`: `.NAME.gripper-RANDOM.tmp` in
    /// `path`'s folder, with `O_CREAT | O_EXCL | O_NOFOLLOW`, trying new
    /// random names while one is taken.
    /// - Returns: the descriptor and the temporary file's path.
    /// - Throws: ``Failure`` ("cannot create PATH: …").
    static func createTemporary(for path: String) throws(Failure) -> (fd: Int32, path: String) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        var base = Substring(slash.map { String(path[path.index(after: $0)...]) } ?? path)
        while base.utf8.count > temporaryStemLimit { base.removeLast() }
        var code: Int32 = EEXIST
        for _ in 0..<100 {
            let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
            let temp = "\(directory).\(base).gripper-\(String(repeating: "0", count: 16 - random.count))\(random).tmp"
            let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC, 0o644)
            if fd >= 0 { return (fd, temp) }
            code = errno
            if code != EEXIST { break }
        }
        throw Failure(name: path, action: "create", problem: FileProblem.phrase(errno: code))
    }

    deinit {
        guard owned else { return }
        if !done {
            close(fd)
            if let temporary { unlink(temporary) }
        }
    }

    /// Writes `bytes` to `path` whole: a temporary file (see ``FileOutput``)
    /// renamed over `path`, so a planted symbolic link never redirects the
    /// write and a failure leaves what was at `path` as it was.
    /// - Throws: ``Failure`` naming `path`.
    public static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let out = try FileOutput(path: path)
        var failure: Failure?
        bytes.withUnsafeBytes { raw in
            do throws(Failure) { try out.write(raw) } catch { failure = error }
        }
        if let failure { throw failure }
        try out.commit()
    }

    /// Writes `text` to `path` whole, as ``write(_:to:)-([UInt8],_)`` writes bytes.
    /// - Throws: ``Failure`` naming `path`.
    public static func write(_ text: String, to path: String) throws(Failure) {
        let out = try FileOutput(path: path)
        try out.write(text)
        try out.commit()
    }

    /// Writes `text` (buffered).
    /// - Throws: ``Failure`` when the descriptor refuses it.
    public func write(_ text: String) throws(Failure) {
        var text = text
        var failure: Failure?
        text.withUTF8 { bytes in
            do throws(Failure) { try write(UnsafeRawBufferPointer(bytes)) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Writes `bytes` (buffered).
    /// - Throws: ``Failure`` when the descriptor refuses them.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        if buffer.count + bytes.count > Self.bufferSize { try flush() }
        if bytes.count >= Self.bufferSize {
            try writeAll(bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// Sends what is buffered to the descriptor.
    /// - Throws: ``Failure`` when the descriptor refuses it.
    public func flush() throws(Failure) {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        var failure: Failure?
        buffer.withUnsafeBytes { raw in
            do throws(Failure) { try writeAll(raw) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Finishes: flushes, and for a file syncs it, closes it and (when
    /// replacing) renames the temporary file over the path. Standard output
    /// is flushed only.
    /// - Throws: ``Failure``; the temporary file is then removed.
    public func commit() throws(Failure) {
        try flush()
        guard owned, !done else { return }
        done = true
        var problem: Int32 = 0
        if fsync(fd) != 0 && errno != EINVAL && errno != EROFS { problem = errno }
        if close(fd) != 0 && problem == 0 && errno != EINTR { problem = errno }
        if problem != 0 {
            if let temporary { unlink(temporary) }
            throw Failure(name: name, action: "write", problem: FileProblem.phrase(errno: problem))
        }
        if let temporary, let path, rename(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            throw Failure(name: name, action: "replace", problem: FileProblem.phrase(errno: code))
        }
    }

    /// Writes `text` to the descriptor `fd` at once, unbuffered, as `write(_:)`
    /// and `flush()` would: interrupted and partial writes retried, an
    /// error a ``Failure`` naming `name`. For a line on standard error, or a
    /// terminal's screen, where nothing may wait in a buffer.
    package static func write(_ text: String, toDescriptor fd: Int32, name: String) throws(Failure) {
        var text = text
        var failure: Failure?
        text.withUTF8 { bytes in
            do throws(Failure) { try writeAll(UnsafeRawBufferPointer(bytes), to: fd, name: name) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Writes all of `bytes` to the descriptor, retrying interrupted and partial writes.
    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        try Self.writeAll(bytes, to: fd, name: name)
    }

    /// Writes all of `bytes` to `fd`, retrying interrupted and partial writes.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32, name: String) throws(Failure) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, base + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    // A non-blocking descriptor (a terminal or pipe someone set so): wait until it takes more.
                    var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                    continue
                }
                throw Failure(name: name, action: "write", problem: FileProblem.phrase(errno: errno))
            }
            if n == 0 { throw Failure(name: name, action: "write", problem: FileProblem.phrase(errno: EIO)) }
            offset += n
        }
    }
}
