import CLibevdev
import GripperInput
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The current time on `clock`, in microseconds.
/// - Complexity: O(1): one `clock_gettime`.
func currentTime(on clock: clockid_t) -> EventTime {
    var ts = timespec()
    clock_gettime(clock, &ts)
    return EventTime(microseconds: Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1000)
}

/// Waits until one of `fds` is ready or `deadline` (on the clock `now`
/// reads; nil: no deadline) has passed, with `ppoll`'s nanosecond timeout: the wait ends
/// within the kernel's timer slack of the deadline, never before it, rather
/// than up to a millisecond late as `poll`'s whole milliseconds would. The
/// `revents` of `fds` say what is ready; returns how many are (0: the
/// deadline passed). `EINTR` is retried with the time left.
///
/// - Throws: ``EvdevError`` with operation `.poll` for `path`.
/// - Complexity: one `ppoll` per wait (more only when a signal interrupts it).
func waitReady(_ fds: inout [pollfd], until deadline: EventTime?, now: () -> EventTime,
               path: String) throws(EvdevError) -> Int32 {
    let count = nfds_t(fds.count)
    let result = try evdevCall(.poll, path: path) {
        // Recomputed on each try, so a retry after EINTR waits only the time left.
        let r: Int32
        if let deadline {
            let left = deadline.microseconds.subtractingReportingOverflow(now().microseconds)
            let micros = left.overflow ? (deadline.microseconds > 0 ? Int64.max : 0) : max(0, left.partialValue)
            var timeout = timespec(tv_sec: Int(micros / 1_000_000), tv_nsec: Int(micros % 1_000_000) * 1000)
            r = fds.withUnsafeMutableBufferPointer { ppoll($0.baseAddress, count, &timeout, nil) }
        } else {
            r = fds.withUnsafeMutableBufferPointer { ppoll($0.baseAddress, count, nil, nil as UnsafePointer<sigset_t>?) }
        }
        return r >= 0 ? r : -errno
    }
    switch result {
    case .value(let ready): return ready
    case .wouldBlock: return 0
    }
}
