/// The direction of a swipe, in layout terms (y grows downwards, so `up` is
/// towards smaller y).
@_spi(Benchmarks) public enum SwipeDirection: String, Hashable, Sendable, CaseIterable, Codable {
    /// Towards smaller x.
    case left
    /// Towards larger x.
    case right
    /// Towards smaller y.
    case up
    /// Towards larger y.
    case down

    /// The axis the direction lies on.
    public var axis: PanAxis { self == .left || self == .right ? .horizontal : .vertical }
}
