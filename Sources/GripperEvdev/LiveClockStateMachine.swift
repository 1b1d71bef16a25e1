// A change to this machine changes its diagram in Documentation/LiveInput.md too.
import GripperInput

/// How a ``LiveSession``'s two clocks relate — the reader's (what it waits
/// on) and the device's event times (what the engine runs on) — and where
/// the session's time origin lies in event time.
///
/// A real device stamps its events on the reader's clock: the offset is 0
/// and the origin is the session's start. A first frame stamped more than
/// ``slack`` before the start, or after its own arrival, is on another clock
/// (an emulated device replaying a script): the offset between the clocks is
/// then measured at each frame's arrival, and the origin is the first
/// frame's time less the time from the start to its arrival (at least 0,
/// never after the frame). When something else needs the origin before any
/// frame (a deadline, the device's loss, the end), the clocks are taken to
/// agree.
struct LiveClockStateMachine: Hashable, Sendable {
    /// How far before the start a first frame may be stamped and still be on
    /// the reader's clock (the kernel stamps before it delivers).
    static let slack: Duration = .seconds(1)

    /// The machine's states.
    enum State: Hashable, Sendable {
        /// No frame yet and nothing needed the origin.
        case undecided
        /// The device stamps on the reader's clock; the origin is the start.
        case readerClock
        /// The device stamps on another clock, `offset` ahead of the
        /// reader's (event minus reader time, as last measured).
        case foreignClock(origin: EventTime, offset: Duration)
    }

    /// What the session does after an input.
    enum Action: Hashable, Sendable {
        /// Hand the engine its origin: an empty frame at this event time,
        /// before anything else.
        case handOrigin(EventTime)
        /// Nothing more.
        case none
    }

    /// The session's start, on the reader's clock.
    let start: EventTime
    private var state: State = .undecided

    /// A machine for a session that starts at `start` (reader time).
    init(start: EventTime) {
        self.start = start
    }

    /// The origin in event time, once decided.
    var origin: EventTime? {
        switch state {
        case .undecided: nil
        case .readerClock: start
        case .foreignClock(let origin, _): origin
        }
    }

    /// Event time minus reader time.
    var offset: Duration {
        switch state {
        case .undecided, .readerClock: .zero
        case .foreignClock(_, let offset): offset
        }
    }

    /// Whether the device stamps on another clock than the reader's.
    var isForeign: Bool {
        switch state {
        case .undecided, .readerClock: false
        case .foreignClock: true
        }
    }

    /// A frame stamped `time` arrived at `arrival` (reader time). The first
    /// decides the clocks and the origin; later ones re-measure a foreign
    /// clock's offset.
    /// - Complexity: O(1).
    mutating func frameArrived(stamped time: EventTime, at arrival: EventTime) -> Action {
        switch state {
        case .undecided:
            guard time < start - Self.slack || time > arrival else {
                state = .readerClock
                return .handOrigin(start)
            }
            let offset = time - arrival
            let origin = min(time, max(EventTime.zero, start + offset))
            state = .foreignClock(origin: origin, offset: offset)
            return .handOrigin(origin)
        case .readerClock:
            return .none
        case .foreignClock(let origin, _):
            state = .foreignClock(origin: origin, offset: time - arrival)
            return .none
        }
    }

    /// Something other than a frame needs the origin (a deadline, the
    /// device's loss, the end). Before any frame, the clocks are taken to agree.
    /// - Complexity: O(1).
    mutating func originNeeded() -> Action {
        switch state {
        case .undecided:
            state = .readerClock
            return .handOrigin(start)
        case .readerClock, .foreignClock:
            return .none
        }
    }

    /// `time` on the reader's clock, in event time.
    /// - Complexity: O(1).
    func eventTime(_ time: EventTime) -> EventTime { time + offset }

    /// `time` in event time, on the reader's clock.
    /// - Complexity: O(1).
    func readerTime(_ time: EventTime) -> EventTime { time - offset }
}
