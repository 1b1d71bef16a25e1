// A change to this machine changes the tap-to-click diagram in Documentation/ContactTracking.md too.
import GripperGeometry

/// Decides whether the fingers on a touchpad tapped, as libinput's
/// tap-to-click does: one, two or three fingers that each touch and lift
/// within ``TouchpadTracker/tapMaximumDuration`` and end within
/// ``TouchpadTracker/tapMaximumDistanceMillimetres`` of where they touched,
/// with no physical button in between, click button 1, the secondary or the
/// middle button (libinput's default 1/2/3-finger mapping).
///
/// A pure machine: one mutating function per event, each returning an
/// ``Action``. The decision is taken at the last lift, so no timer is
/// needed (libinput's timer only turns a long touch into a hold, which
/// clicks nothing).
struct TouchpadTapStateMachine: Sendable {
    /// A finger that may still be part of a tap.
    struct Touch: Sendable, Hashable {
        /// The finger's contact id.
        var id: Int
        /// When it touched.
        var time: EventTime
        /// Where it touched, in millimetres.
        var millimetres: Point
    }

    /// The most fingers a tap has (libinput: three; four is no tap).
    static let maximumFingers = 3

    /// Where the machine is.
    enum State: Sendable, Hashable {
        /// No finger is down.
        case idle
        /// Fingers are down that may still tap: those still down, and the
        /// most that were down at once (1…3).
        case touching([Touch], fingers: Int)
        /// Fingers are down that cannot tap any more (a finger too long or
        /// too far, a fourth finger, a physical click, a lost sync); waits
        /// until every finger lifted.
        case rejected
    }

    /// What the caller does after an event.
    enum Action: Sendable, Hashable {
        /// Nothing.
        case none
        /// Click a button at the pointer: button 1 for a one-finger tap, the
        /// secondary button for two fingers, the middle one for three.
        case click(TouchpadButton)
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
        let touch = Touch(id: id, time: time, millimetres: millimetres)
        switch state {
        case .idle:
            state = .touching([touch], fingers: 1)
        case .touching(let touches, let fingers):
            state = fingers < Self.maximumFingers ? .touching(touches + [touch], fingers: fingers + 1) : .rejected
        case .rejected:
            state = .rejected
        }
        return .none
    }

    /// A finger lifted; `fingersLeft` are still down after it.
    mutating func fingerUp(id: Int, time: EventTime, millimetres: Point, fingersLeft: Int) -> Action {
        switch state {
        case .idle:
            return .none
        case .touching(var touches, let fingers):
            guard let k = touches.firstIndex(where: { $0.id == id }) else {
                state = fingersLeft == 0 ? .idle : .rejected
                return .none
            }
            let touch = touches.remove(at: k)
            let duration = time - touch.time
            let distance = touch.millimetres.distance(to: millimetres)
            // A NaN distance (it cannot come from Int32 positions) is no tap.
            guard duration <= maximumDuration, distance <= maximumDistanceMillimetres else {
                state = fingersLeft == 0 ? .idle : .rejected
                return .none
            }
            guard fingersLeft == 0 else {
                // The others must lift as a tap too; one the machine does not
                // know of (it never could tap) spoils it.
                state = touches.count == fingersLeft ? .touching(touches, fingers: fingers) : .rejected
                return .none
            }
            state = .idle
            guard touches.isEmpty else { return .none }
            switch fingers {
            case 1: return .click(.primary)
            case 2: return .click(.secondary)
            default: return .click(.middle)
            }
        case .rejected:
            if fingersLeft == 0 { state = .idle }
            return .none
        }
    }

    /// A finger's fate is unknown (events were dropped, the stream ended),
    /// or it turned palm or thumb.
    mutating func fingerCancelled(fingersLeft: Int) -> Action {
        switch state {
        case .idle, .touching, .rejected:
            state = fingersLeft == 0 ? .idle : .rejected
        }
        return .none
    }

    /// The physical button was pressed: fingers down are a click, not a tap.
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
