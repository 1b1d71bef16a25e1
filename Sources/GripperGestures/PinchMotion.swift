import GripperGeometry

/// How two contacts pinch: what a ``Gesture/pinch(_:_:)`` carries.
///
/// The scale is the distance between the two contacts over that distance
/// when the second went down (both in millimetres on the device, each at
/// least ``GestureConfiguration/minimumPinchSpanMillimetres``, so two
/// contacts at one point give a finite scale): 1 at the start, below 1 as
/// the fingers close, above 1 as they spread.
@_spi(Benchmarks) public struct PinchMotion: Hashable, Sendable {
    /// The contact followed first (the primary).
    public var firstContactID: Int
    /// The contact that went down second.
    public var secondContactID: Int
    /// The midpoint of the two contacts, in points.
    public var centre: Point
    /// The span now over the span when the second contact went down.
    public var scale: Double
    /// How fast the scale changes, per second: least squares over the last
    /// ``GestureConfiguration/velocityWindow`` of samples (0 with fewer than two).
    public var velocity: Double
    /// The distance between the two contacts now, in millimetres.
    public var spanMillimetres: Double

    /// Creates a pinch motion; the arena makes these, tests compare with them.
    package init(firstContactID: Int, secondContactID: Int, centre: Point, scale: Double, velocity: Double = 0,
                 spanMillimetres: Double) {
        self.firstContactID = firstContactID
        self.secondContactID = secondContactID
        self.centre = centre
        self.scale = scale
        self.velocity = velocity
        self.spanMillimetres = spanMillimetres
    }
}
