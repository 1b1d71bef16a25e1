import GripperGeometry

/// How the followed contact has moved since it went down: what a
/// long-press, a pan, a swipe and a failure carry.
///
/// Positions are in layout points (the contacts' `location`); thresholds
/// were applied in millimetres, and the millimetre translation and velocity
/// are given too.
@_spi(Benchmarks) public struct GestureMotion: Hashable, Sendable {
    /// The contact followed.
    public var contactID: Int
    /// Where the contact is now, in points.
    public var location: Point
    /// Where the contact went down, in points.
    public var startLocation: Point
    /// `location - startLocation` (so a pan has already moved by the slop when it begins).
    public var translation: Point
    /// The translation in millimetres on the device.
    public var translationMillimetres: Point
    /// Velocity in points per second: least squares over the last
    /// ``GestureConfiguration/velocityWindow`` of samples.
    public var velocity: Point
    /// Velocity in millimetres per second.
    public var velocityMillimetres: Point
    /// Whether the contact is a pointer (mouse button, touchpad) rather than a direct touch.
    public var isPointer: Bool

    /// Creates a motion; the arena makes these, tests compare with them.
    package init(contactID: Int, location: Point, startLocation: Point, translation: Point = .zero,
                translationMillimetres: Point = .zero, velocity: Point = .zero, velocityMillimetres: Point = .zero,
                isPointer: Bool = false) {
        self.contactID = contactID
        self.location = location
        self.startLocation = startLocation
        self.translation = translation
        self.translationMillimetres = translationMillimetres
        self.velocity = velocity
        self.velocityMillimetres = velocityMillimetres
        self.isPointer = isPointer
    }
}
