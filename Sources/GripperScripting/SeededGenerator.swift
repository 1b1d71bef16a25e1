/// SplitMix64: a small, fast, seeded generator, so every random test and
/// every scripted trace is replayable from its seed on every machine. The one
/// generator of the package's tests, benchmarks and ``TraceBuilder``.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in `0..<1`.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// A uniform value in `-1...1`.
    public mutating func symmetric() -> Double { unit() * 2 - 1 }

    /// A uniform value in `range`.
    public mutating func next(in range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }

    /// A uniform integer in `range`.
    public mutating func next(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// A uniform integer in `range` (the layout tests' spelling).
    public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// A multiple of 0.5 in `lower...upper`: dyadic, so sums of them are exact.
    public mutating func half(_ lower: Double, _ upper: Double) -> Double {
        Double(Int.random(in: Int(lower * 2)...Int(upper * 2), using: &self)) / 2
    }
}
