#if canImport(Glibc)
import Glibc
#endif

/// Monotonic nanoseconds, for benchmarks only.
@inline(__always)
public func nanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Summary statistics of a set of timings in nanoseconds.
public struct Timings {
    public var samples: [Double]

    public init(_ samples: [Double]) { self.samples = samples.sorted() }

    public func percentile(_ p: Double) -> Double {
        guard !samples.isEmpty else { return .nan }
        let i = min(samples.count - 1, max(0, Int((p / 100) * Double(samples.count - 1) + 0.5)))
        return samples[i]
    }

    public var median: Double { percentile(50) }
    public var p99: Double { percentile(99) }
    public var mean: Double { samples.reduce(0, +) / Double(max(1, samples.count)) }
}

/// Runs `body` `iterations` times and returns each run's wall time in nanoseconds.
public func measure(iterations: Int, warmup: Int = 3, _ body: () -> Void) -> Timings {
    for _ in 0..<warmup { body() }
    var out: [Double] = []
    out.reserveCapacity(iterations)
    for _ in 0..<iterations {
        let t0 = nanoseconds()
        body()
        out.append(Double(nanoseconds() - t0))
    }
    return Timings(out)
}

/// Keeps a value alive so the optimiser cannot drop the work that made it.
@inline(never)
public func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

/// Formats a number with a fixed count of decimals.
public func fmt(_ x: Double, _ decimals: Int = 2) -> String {
    var p = 1.0
    for _ in 0..<decimals { p *= 10 }
    let r = (x * p).rounded() / p
    return "\(r)"
}
