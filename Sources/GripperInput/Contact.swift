import GripperGeometry

/// Where a contact is in its life.
public enum ContactPhase: String, Hashable, Sendable, CaseIterable {
    /// The contact touched down in this frame.
    case began
    /// The contact moved in this frame.
    case moved
    /// The contact is down and did not move in this frame.
    case stationary
    /// The contact lifted in this frame.
    case ended
    /// The contact's fate is unknown (events were dropped, the device was
    /// lost, or the trace ended while it was down): undo what it started.
    case cancelled

    /// Whether the contact is over after this frame.
    public var isFinal: Bool { self == .ended || self == .cancelled }
}

/// One finger (or the mouse pointer with its left button) in one frame.
@_spi(Benchmarks) public struct Contact: Hashable, Sendable {
    /// A number unique to this touch sequence within its stream: stable from
    /// `began` to `ended`/`cancelled`, never reused for a later touch.
    public var id: Int
    /// Where the contact is in its life.
    public var phase: ContactPhase
    /// The position in device units (for a mouse: accumulated counts).
    public var position: Point
    /// The position in millimetres from the device's origin (for a mouse:
    /// counts at an assumed 1000 counts per inch).
    public var millimetres: Point
    /// The position in layout points, set by a ``Viewport``; equal to
    /// `millimetres` until one maps the frame.
    public var location: Point

    /// Creates a contact.
    public init(id: Int, phase: ContactPhase, position: Point, millimetres: Point, location: Point? = nil) {
        self.id = id
        self.phase = phase
        self.position = position
        self.millimetres = millimetres
        self.location = location ?? millimetres
    }
}

/// The state of every contact after one input frame: what the gesture
/// recognizers consume.
@_spi(Benchmarks) public struct ContactFrame: Hashable, Sendable {
    /// The frame's time.
    public var time: EventTime
    /// Every contact that is down in this frame or ended in it, ordered by id.
    public var contacts: [Contact]
    /// Wheel movement in this frame, in detents (x: horizontal, positive to
    /// the right; y: vertical, positive when the wheel turns towards the user,
    /// i.e. content should scroll down).
    public var scroll: Point
    /// Whether the frame comes from a pointer (mouse or touchpad) rather than
    /// a direct touch.
    public var isPointer: Bool
    /// How far the pointer moved in this frame, in device units: a mouse's
    /// counts (with or without a button down), or a touchpad's units moved
    /// by the oldest finger that was already down. Zero for direct touch.
    /// A ``Viewport`` turns it into pointer movement.
    public var pointerMotion: Point

    /// Creates a contact frame.
    public init(time: EventTime, contacts: [Contact], scroll: Point = .zero, isPointer: Bool = false,
                pointerMotion: Point = .zero) {
        self.time = time
        self.contacts = contacts
        self.scroll = scroll
        self.isPointer = isPointer
        self.pointerMotion = pointerMotion
    }
}
