import GripperInput

/// How a ``LiveSession``'s two clocks relate: the reader's (what it waits on)
/// and the device's event times (what the engine runs on), and where the
/// session's time origin lies in event time.
///
/// A real device stamps its events on the reader's clock: the offset is 0
/// and the origin is the session's start. A first frame stamped more than
/// ``slack`` before the start, or after its own arrival, is on another clock
/// (an emulated device replaying a script): the offset between the clocks is
/// then measured at each frame's arrival, and the origin is the first
/// frame's time less the time from the start to its arrival (at least 0,
/// never after the frame). Without a frame first, the clocks are taken to
/// agree.
struct LiveClock: Hashable, Sendable {
    /// How far before the start a first frame may be stamped and still be on
    /// the reader's clock (the kernel stamps before it delivers).
    static let slack: Duration = .seconds(1)

    /// The session's start, on the reader's clock.
    let start: EventTime
    /// The origin in event time, once decided.
    private(set) var origin: EventTime?
    /// Event time minus reader time.
    private(set) var offset: Duration = .zero
    /// Whether the device stamps on another clock than the reader's.
    private(set) var isForeign = false

    /// A clock for a session that starts at `start` (reader time).
    init(start: EventTime) {
        self.start = start
    }

    /// A frame stamped `time` arrived at `arrival` (reader time). The first
    /// decides the clocks and the origin, and returns the origin; later ones
    /// re-measure a foreign clock's offset and return nil.
    /// - Complexity: O(1).
    mutating func frameArrived(stamped time: EventTime, at arrival: EventTime) -> EventTime? {
        guard origin == nil else {
            if isForeign { offset = time - arrival }
            return nil
        }
        if time < start - Self.slack || time > arrival {
            isForeign = true
            offset = time - arrival
            let origin = min(time, max(EventTime.zero, start + offset))
            self.origin = origin
            return origin
        }
        origin = start
        return start
    }

    /// Something other than a frame needs the origin first (a deadline, the
    /// device's loss, the end): the clocks are taken to agree. Returns the
    /// origin if this decided it, nil if it was decided before.
    /// - Complexity: O(1).
    mutating func startWithoutFrame() -> EventTime? {
        guard origin == nil else { return nil }
        origin = start
        return start
    }

    /// `time` on the reader's clock, in event time.
    /// - Complexity: O(1).
    func eventTime(_ time: EventTime) -> EventTime { time + offset }

    /// `time` in event time, on the reader's clock.
    /// - Complexity: O(1).
    func readerTime(_ time: EventTime) -> EventTime { time - offset }
}
