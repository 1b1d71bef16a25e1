#if canImport(Glibc)
import Glibc
#endif

/// The monotonic clock, in microseconds: the window's only clock (the
/// engine gets its time from the events and from here through the loop).
enum WallClock {
    static var now: Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1000
    }

    /// Sleeps until `time` (microseconds on ``now``'s clock), if it is ahead.
    static func sleep(until time: Int64) {
        let left = time - now
        guard left > 0 else { return }
        var ts = timespec(tv_sec: Int(left / 1_000_000), tv_nsec: Int(left % 1_000_000) * 1000)
        _ = nanosleep(&ts, nil)
    }
}
