#if canImport(Glibc)
import Glibc
#endif

/// Reading a file that must be a regular file: what `gripper test` reads a
/// case with (its trace, scene, settings and expected transcript), so a
/// FIFO never blocks the run and a link to `/dev/zero` or `/dev/urandom`
/// never fills memory. The file is opened with `O_NONBLOCK` (opening a
/// FIFO does not wait for a writer) and `O_NOCTTY` (a terminal never
/// becomes the process's controlling terminal), and `fstat` on what was
/// opened decides: anything but a regular file is closed unread. No
/// check-then-open race: the kind checked is the kind of the open file.
package enum RegularFile {
    /// Why a file was not read, in words ("no such file", "not a regular
    /// file (a FIFO)"), without the path.
    package struct Problem: Error, Hashable, Sendable {
        /// The words.
        package var phrase: String
    }

    /// `not a regular file (a FIFO)`, or "is a directory" for a folder, for
    /// a file of type `mode & S_IFMT`; nil for a regular file.
    package static func problem(mode: mode_t) -> Problem? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return Problem(phrase: FileProblem.phrase(errno: EISDIR))
        default: return Problem(phrase: "not a regular file (\(kind(mode: mode)))")
        }
    }

    /// What a file of type `mode & S_IFMT` is, in words: "a FIFO", "a
    /// character device", "a block device", "a socket", "a folder", "a
    /// symbolic link", "a regular file".
    package static func kind(mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "not a file"
        }
    }

    /// Opens `path` read-only when it is a regular file (symbolic links
    /// followed), close-on-exec; the caller closes the descriptor.
    /// - Throws: ``Problem``: the open's `errno` in words, or what the file
    ///   is instead of a regular file.
    package static func openForReading(_ path: String) throws(Problem) -> Int32 {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw Problem(phrase: FileProblem.phrase(errno: errno)) }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let code = errno
            close(fd)
            throw Problem(phrase: FileProblem.phrase(errno: code))
        }
        if let problem = problem(mode: status.st_mode) {
            close(fd)
            throw problem
        }
        // Reads of a regular file never block; clear the flag all the same,
        // so the descriptor behaves as an ordinary open's would.
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return fd
    }

    /// The bytes of `path`, when it is a regular file.
    /// - Throws: ``Problem`` (see ``openForReading(_:)``), or a read's `errno` in words.
    package static func read(_ path: String) throws(Problem) -> [UInt8] {
        let fd = try openForReading(path)
        defer { close(fd) }
        var bytes: [UInt8] = []
        var status = stat()
        // The size as told (capped: a sparse file may claim terabytes).
        if fstat(fd, &status) == 0, status.st_size > 0 { bytes.reserveCapacity(Int(min(status.st_size, 1 << 26))) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw Problem(phrase: FileProblem.phrase(errno: errno)) }
            if n == 0 { return bytes }
            bytes += chunk[..<n]
        }
    }

    /// What is at `path` itself (a symbolic link not followed): its type
    /// bits (`st_mode & S_IFMT`), or nil when nothing is there (or it
    /// cannot be seen).
    package static func typeAt(_ path: String) -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    /// Removes `path` when it is a regular file (a symbolic link, a device,
    /// a FIFO, a socket or a folder is left alone): for a page an earlier
    /// run of this tool left, which must not look like this run's.
    /// - Returns: whether a file was removed.
    @discardableResult
    package static func removeIfRegular(_ path: String) -> Bool {
        guard typeAt(path) == S_IFREG else { return false }
        return unlink(path) == 0
    }
}
