import GripperGeometry

/// How an app's own layout turns, scales or shifts an element about its
/// frame's centre, for the renderer to apply (the 2012 talk's custom
/// layouts rotate and scale their cells). The frame stays what hit testing
/// and the drop rule use: a transform is drawing only.
public struct ElementTransform: Hashable, Sendable {
    /// The scale about the frame's centre (1: as the frame).
    public var scale: Double
    /// The rotation about the frame's centre, in radians, clockwise on a
    /// screen whose y runs down (in scroll space).
    public var rotation: Double
    /// The shift after scaling and turning, in points.
    public var translation: Point

    /// A transform; by default the identity.
    public init(scale: Double = 1, rotation: Double = 0, translation: Point = Point(x: 0, y: 0)) {
        self.scale = scale
        self.rotation = rotation
        self.translation = translation
    }

    /// No change: scale 1, no rotation, no shift.
    public static let identity = ElementTransform()

    /// Whether this is the identity.
    package var isIdentity: Bool { self == .identity }

    /// The transform `progress` of the way from `self` to `other` (each
    /// part linearly): what a transition draws between two states.
    /// - Complexity: O(1).
    public func interpolated(to other: ElementTransform, progress: Double) -> ElementTransform {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * progress }
        return ElementTransform(scale: mix(scale, other.scale), rotation: mix(rotation, other.rotation),
                                translation: Point(x: mix(translation.x, other.translation.x),
                                                   y: mix(translation.y, other.translation.y)))
    }
}

/// A value of the app's own type hung on an element by its layout (a
/// colour, a caption, the photo's aspect): carried through queries and
/// transitions, compared by value, never read by Gripper.
public struct LayoutValue: Hashable, @unchecked Sendable {
    // @unchecked: `base` only ever holds a `Hashable & Sendable` value
    // (the one initializer takes nothing else).
    private let base: AnyHashable

    /// Wraps `value`.
    public init<Value: Hashable & Sendable>(_ value: Value) { base = AnyHashable(value) }

    /// The value as `type`, or nil when it is another type.
    public func value<Value: Hashable & Sendable>(as type: Value.Type) -> Value? { base.base as? Value }
}

/// An element's transform and app value, boxed: most elements have
/// neither, and the box keeps them small and cheap to copy.
final class ExtrasBox: Hashable, Sendable {
    let transform: ElementTransform
    let value: LayoutValue?

    init(transform: ElementTransform, value: LayoutValue?) {
        self.transform = transform
        self.value = value
    }

    static func == (a: ExtrasBox, b: ExtrasBox) -> Bool {
        a === b || (a.transform == b.transform && a.value == b.value)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(transform)
        hasher.combine(value)
    }
}

extension LayoutAttributes {
    /// How the renderer turns, scales or shifts the element about its
    /// frame's centre (an app's own layout sets it; the shipped layouts
    /// never do): ``ElementTransform/identity`` by default.
    /// - Complexity: O(1).
    public var transform: ElementTransform {
        get { extrasBox?.transform ?? .identity }
        set { setExtras(transform: newValue, value: value) }
    }

    /// A value of the app's own type its layout hung on the element; nil by default.
    /// - Complexity: O(1).
    public var value: LayoutValue? {
        get { extrasBox?.value }
        set { setExtras(transform: transform, value: newValue) }
    }

    private mutating func setExtras(transform: ElementTransform, value: LayoutValue?) {
        extrasBox = transform.isIdentity && value == nil ? nil : ExtrasBox(transform: transform, value: value)
    }
}
