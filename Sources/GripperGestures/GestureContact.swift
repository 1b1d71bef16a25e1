import GripperGeometry

/// A contact at one place: what a touch notice and a tap carry.
@_spi(Benchmarks) public struct GestureContact: Hashable, Sendable {
    /// The contact's identity (its tracking id).
    public var id: Int
    /// Where it is (a tap: where its last press went down), in layout points.
    public var location: Point
    /// Whether it is a pointer (mouse button, touchpad) rather than a direct touch.
    public var isPointer: Bool

    /// Creates a contact.
    public init(id: Int, location: Point, isPointer: Bool = false) {
        self.id = id
        self.location = location
        self.isPointer = isPointer
    }
}
