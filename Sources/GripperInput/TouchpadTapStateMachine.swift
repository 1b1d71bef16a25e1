// A change to this machine changes the tap-to-click diagram in Documentation/ContactTracking.md too.
import GripperGeometry

/// Decides whether a finger on a touchpad tapped, as libinput's tap-to-click
/// does for one finger: a finger that touches and lifts within
/// ``TouchpadTracker/tapMaximumDuration`` and ends within
/// ``TouchpadTracker/tapMaximumDistanceMillimetres`` of where it touched,
/// with no other finger and no physical button in between, is a click.
///
/// A pure machine: one mutating function per event, each returning an
/// ``Action``. The decision is taken at the lift, so no timer is needed
/// (libinput's timer only turns a long touch into a hold, which clicks
/// nothing). Two- and three-finger taps are not clicks here: a second finger
/// rejects the touch.
struct TouchpadTapStateMachine: Sendable {
    /// A finger that may still become a tap.
    struct Touch: Sendable, Hashable {
        /// The finger's contact id.
        var id: Int
        /// When it touched.
        var time: EventTime
        /// Where it touched, in millimetres.
        var millimetres: Point
    }

    /// Where the machine is.
    enum State: Sendable, Hashable {
        /// No finger is down.
        case idle
        /// One finger is down and may still tap.
        case touching(Touch)
        /// Fingers are down that cannot tap any more (a second finger, a
        /// physical click, a lost sync); waits until every finger lifted.
        case rejected
    }

    /// What the caller does after an event.
    enum Action: Sendable, Hashable {
        /// Nothing.
        case none
        /// Click button 1 at the pointer.
        case click
    }

    private(set) var state: State = .idle
    let maximumDuration: Duration
    let maximumDistanceMillimetres: Double

    /// Creates the machine with its thresholds.
    init(maximumDuration: Duration, maximumDistanceMillimetres: Double) {
        self.maximumDuration = maximumDuration
        self.maximumDistanceMillimetres = maximumDistanceMillimetres
    }

    /// A finger touched.
    mutating func fingerDown(id: Int, time: EventTime, millimetres: Point) -> Action {
        switch state {
        case .idle:
            state = .touching(Touch(id: id, time: time, millimetres: millimetres))
        case .touching, .rejected:
            state = .rejected
        }
        return .none
    }

    /// A finger lifted; `fingersLeft` are still down after it.
    mutating func fingerUp(id: Int, time: EventTime, millimetres: Point, fingersLeft: Int) -> Action {
        switch state {
        case .idle:
            return .none
        case .touching(let touch):
            state = fingersLeft == 0 ? .idle : .rejected
            guard touch.id == id, fingersLeft == 0 else { return .none }
            let duration = time - touch.time
            let distance = touch.millimetres.distance(to: millimetres)
            // A NaN distance (it cannot come from Int32 positions) is no tap.
            guard duration <= maximumDuration, distance <= maximumDistanceMillimetres else { return .none }
            return .click
        case .rejected:
            if fingersLeft == 0 { state = .idle }
            return .none
        }
    }

    /// A finger's fate is unknown (events were dropped, the stream ended).
    mutating func fingerCancelled(fingersLeft: Int) -> Action {
        switch state {
        case .idle, .touching, .rejected:
            state = fingersLeft == 0 ? .idle : .rejected
        }
        return .none
    }

    /// The physical button was pressed: a finger down is a click, not a tap.
    mutating func buttonPressed() -> Action {
        switch state {
        case .idle:
            break
        case .touching, .rejected:
            state = .rejected
        }
        return .none
    }
}
