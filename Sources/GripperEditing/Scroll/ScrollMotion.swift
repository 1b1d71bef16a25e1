/// A scroll that goes on without a finger: a fling after a pan, the spring
/// back from past an end, or an animated scroll the app asked for. The
/// ``EditingEffect/scrollMotionBegan(_:)`` effect carries one when it
/// starts; ``EditingEffect/scrollMotionEnded(_:at:settled:)`` says where it
/// came to rest (or was stopped).
public struct ScrollMotion: Hashable, Sendable {
    /// What set the content moving.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A pan released with speed: the content decelerates (and, when it
        /// runs into an end, bounces back to it).
        case fling
        /// The content was released past an end and springs back to it.
        case bounce
        /// The app asked for an animated scroll.
        case animation
    }

    /// What set the content moving.
    public var kind: Kind
    /// The content offset it starts from.
    public var from: Double
    /// The content offset it will come to rest at if nothing stops it.
    public var to: Double
    /// Its speed at the start, points per second along the scroll axis
    /// (positive: the offset grows); 0 for an animation.
    public var velocity: Double

    /// Creates a motion.
    public init(kind: Kind, from: Double, to: Double, velocity: Double) {
        self.kind = kind
        self.from = from
        self.to = to
        self.velocity = velocity
    }
}
