#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension EvdevError.Reason {
    /// The reason for a C `errno` value.
    init(errno code: Int32) {
        switch code {
        case EACCES, EPERM: self = .permissionDenied
        case ENOTTY, EINVAL: self = .notAnEvdevDevice
        case ENOENT: self = .noSuchNode
        case ENODEV, ENXIO: self = .deviceGone
        case EBUSY: self = .busy
        default:
            let message = strerror(code).map { String(cString: $0) } ?? "unknown error"
            self = .system(errno: code, message: message)
        }
    }
}

/// What a system or libevdev call came back with, once `EINTR` is retried.
enum CallResult: Equatable {
    /// A non-negative result.
    case value(Int32)
    /// `EAGAIN`/`EWOULDBLOCK`: nothing to do now (non-blocking I/O).
    case wouldBlock
}

/// The one place where `errno` becomes a typed error: runs `body`, which
/// returns a non-negative result or a negated `errno` (libevdev's convention;
/// wrap plain system calls as `r >= 0 ? r : -errno`), retries it while it
/// fails with `EINTR`, reports `EAGAIN` as ``CallResult/wouldBlock`` and
/// throws every other failure as an ``EvdevError`` for `path`.
///
/// - Complexity: O(1) plus the call's own cost; called per read and per poll.
@inline(__always)
func evdevCall(_ operation: EvdevError.Operation, path: String,
               _ body: () -> Int32) throws(EvdevError) -> CallResult {
    while true {
        let result = body()
        if result >= 0 { return .value(result) }
        let code = -result
        if code == EINTR { continue }
        if code == EAGAIN || code == EWOULDBLOCK { return .wouldBlock }
        throw EvdevError(path: path, operation: operation, reason: EvdevError.Reason(errno: code))
    }
}
