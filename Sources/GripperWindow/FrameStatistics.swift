/// Frame times and dropped frames of a window session, in bounded memory
/// (a histogram in 10 µs buckets up to 100 ms, and the maximum), printed on
/// exit. Pure: the times come in.
public struct FrameStatistics: Hashable, Sendable {
    /// The width of a bucket, in microseconds.
    public static let bucketWidth: Int64 = 10
    private static let bucketCount = 10_000
    private var buckets = [UInt32](repeating: 0, count: FrameStatistics.bucketCount + 1)
    /// Frames drawn.
    public private(set) var drawn = 0
    /// Frames skipped because drawing fell behind the display's refresh (or
    /// input waited): the engine went on, the picture jumped.
    public private(set) var dropped = 0
    /// The longest draw, in microseconds.
    public private(set) var longest: Int64 = 0

    /// No frames yet.
    public init() {}

    /// Records a frame that took `micros` to draw.
    /// - Complexity: O(1).
    public mutating func recordDrawn(micros: Int64) {
        let m = max(0, micros)
        drawn += 1
        longest = max(longest, m)
        let bucket = min(Int(m / Self.bucketWidth), Self.bucketCount)
        buckets[bucket] &+= 1
    }

    /// Records `count` frames skipped.
    public mutating func recordDropped(_ count: Int = 1) { dropped += max(0, count) }

    /// The draw time at `quantile` (0...1), in microseconds: the upper edge
    /// of its bucket (the longest draw past 100 ms); 0 with no frames.
    /// - Complexity: O(buckets).
    public func percentile(_ quantile: Double) -> Int64 {
        guard drawn > 0 else { return 0 }
        let q = quantile.isNaN ? 1 : min(1, max(0, quantile))
        let rank = max(1, Int((q * Double(drawn)).rounded(.up)))
        var seen = 0
        for (k, n) in buckets.enumerated() {
            seen += Int(n)
            if seen >= rank { return k == Self.bucketCount ? longest : min(longest, Int64(k + 1) * Self.bucketWidth) }
        }
        return longest
    }

    /// One line: frames drawn and dropped, median, p99 and longest draw.
    public var summary: String {
        func ms(_ micros: Int64) -> String {
            let tenths = (micros + 50) / 100
            return "\(tenths / 10).\(tenths % 10) ms"
        }
        return "frames: \(drawn) drawn, \(dropped) dropped; draw time median \(ms(percentile(0.5))), "
            + "p99 \(ms(percentile(0.99))), longest \(ms(longest))"
    }
}
