/// The axis a pan started along, decided once when it crossed the slop:
/// `horizontal` when the horizontal displacement was strictly larger than the
/// vertical one (a candidate for swipe-to-edit), else `vertical` (a scroll).
@_spi(Benchmarks) public enum PanAxis: String, Hashable, Sendable, CaseIterable, Codable {
    /// Mostly horizontal: a swipe-to-edit candidate.
    case horizontal
    /// Mostly vertical (or exactly diagonal): a scroll.
    case vertical
}
