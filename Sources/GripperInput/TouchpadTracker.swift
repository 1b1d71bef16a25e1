// The tap decision is TouchpadTapStateMachine's: a change to it changes Documentation/ContactTracking.md too.
import GripperGeometry

/// Turns a touchpad's event frames into pointer frames, as libinput does:
/// the touchpad is a pointer, its fingers are not contacts.
///
/// A finger moving moves the pointer (``pointer``, in millimetres of finger
/// travel scaled by an adaptive acceleration, ``accelerationFactor(speed:)``);
/// the physical button (`BTN_LEFT`, a clickpad's click) presses button 1 at
/// the pointer until it is released, the pointer contact moving with the
/// pointer; two fingers moving together scroll
/// (``scrollMillimetresPerDetent``) and leave the pointer still; a finger
/// that taps (touches and lifts within
/// ``tapMaximumDuration``, ending within ``tapMaximumDistanceMillimetres``
/// of where it touched, alone) clicks button 1 at the pointer. The click is
/// reported the way a mouse's is: a pointer contact that begins in one frame
/// and ends in the next, both at the lift's time, so a ``ContactFrame``
/// consumer (the gesture arena) sees a pointer device as with a mouse and two
/// quick taps make its double tap.
///
/// A pure value like ``ContactTracker`` (which it uses for the fingers):
/// feed every frame in order with ``process(_:)``, then call ``finish()``.
/// Documentation/ContactTracking.md ("Touchpads: tap-to-click") describes
/// the rules.
public struct TouchpadTracker: Sendable {
    /// The longest touch that is still a tap (libinput's tap timeout, 180 ms).
    public static let tapMaximumDuration: Duration = .milliseconds(180)
    /// The farthest a tapping finger may end from where it touched (libinput's
    /// 1.3 mm tap motion threshold), in millimetres at the device's resolution.
    public static let tapMaximumDistanceMillimetres = 1.3
    /// The finger speed (mm/s) up to which the pointer moves 1:1.
    public static let accelerationThresholdMillimetresPerSecond = 50.0
    /// The largest acceleration factor, reached at three times the threshold.
    public static let maximumAcceleration = 3.0
    /// Two fingers moving this far together scroll one wheel detent.
    public static let scrollMillimetresPerDetent = 4.0

    /// The device the stream comes from.
    public let device: DeviceDescription
    /// The pointer's position, in millimetres of finger travel from the
    /// device's origin; it starts where the device's axes say the finger was.
    public private(set) var pointer: Point

    var fingers: ContactTracker
    var tap: TouchpadTapStateMachine
    let origin: Point
    let unitsPerMillimetre: Point
    var nextID = 1
    var lastTime: EventTime?
    /// The id of the pointer contact while the physical button is down.
    var buttonContact: Int?
    /// Each finger's position (mm) after the last frame, by contact id.
    var fingerPositions: [Int: Point] = [:]

    /// Creates a tracker for a touchpad (any device with position axes
    /// works; one without them never moves nor clicks).
    public init(device: DeviceDescription) {
        self.device = device
        fingers = ContactTracker(device: device)
        tap = TouchpadTapStateMachine(maximumDuration: Self.tapMaximumDuration,
                                      maximumDistanceMillimetres: Self.tapMaximumDistanceMillimetres)
        if let axes = device.positionAxes, let upm = device.unitsPerMillimetre,
           upm.x.isFinite, upm.y.isFinite, upm.x > 0, upm.y > 0 {
            origin = Point(x: Double(axes.x.minimum), y: Double(axes.y.minimum))
            unitsPerMillimetre = Point(x: upm.x, y: upm.y)
        } else {
            origin = .zero
            unitsPerMillimetre = Point(x: 1, y: 1)
        }
        let start = ContactTracker.initialPosition(of: device)
        pointer = Point(x: (start.x - origin.x) / unitsPerMillimetre.x, y: (start.y - origin.y) / unitsPerMillimetre.y)
    }

    /// Whether nothing is pending: no finger down.
    public var isIdle: Bool {
        if case .idle = tap.state, fingers.contactsDown == 0, buttonContact == nil { return true }
        return false
    }

    /// Feeds one frame and returns the pointer frames it makes: always one
    /// (the pointer's motion, in device units as ``ContactFrame/pointerMotion``
    /// says, with the physical button's contact and the two-finger scroll),
    /// then, when a tap ended in it, the click's two frames.
    ///
    /// - Complexity: O(events in the frame + slots).
    public mutating func process(_ frame: EventFrame) -> [ContactFrame] {
        let elapsed = lastTime.map { frame.time - $0 }
        lastTime = frame.time
        let touches = fingers.process(frame)
        // Two fingers down in this frame and the last scroll by their mean
        // motion and do not move the pointer.
        var scroll = Point.zero
        var held: [Point] = []
        for c in touches.contacts where c.phase == .moved || c.phase == .stationary {
            if let before = fingerPositions[c.id] { held.append(c.millimetres - before) }
        }
        let scrolling = held.count == 2 && fingers.contactsDown == 2
        if scrolling {
            let mean = (held[0] + held[1]) * 0.5
            let detents = Point(x: mean.x / Self.scrollMillimetresPerDetent, y: mean.y / Self.scrollMillimetresPerDetent)
            if detents.x.isFinite && detents.y.isFinite { scroll = detents }
        }
        fingerPositions.removeAll(keepingCapacity: true)
        for c in touches.contacts where !c.phase.isFinal { fingerPositions[c.id] = c.millimetres }
        let motion = scrolling ? Point.zero : touches.pointerMotion
        let moved = move(by: motion, elapsed: elapsed)
        // The button: the last BTN_LEFT of the frame wins; a frame with
        // SYN_DROPPED is not a coherent snapshot, so its keys are ignored.
        var button: Bool?
        if !frame.events.contains(where: { $0.type == EventType.syn && $0.code == SynCode.dropped }) {
            for event in frame.events where event.type == EventType.key && event.code == KeyCode.btnLeft {
                button = event.value != 0
            }
        }
        var contacts: [Contact] = []
        switch (buttonContact, button) {
        case (nil, true?):
            _ = tap.buttonPressed()
            let id = nextID
            nextID += 1
            buttonContact = id
            contacts.append(pointerContact(id: id, phase: .began))
        case (let id?, false?):
            buttonContact = nil
            contacts.append(pointerContact(id: id, phase: frame.isResync ? .cancelled : .ended))
        case (let id?, true?), (let id?, nil):
            contacts.append(pointerContact(id: id, phase: moved ? .moved : .stationary))
        case (nil, false?), (nil, nil):
            break
        }
        var clicked = false
        for c in touches.contacts {
            let action: TouchpadTapStateMachine.Action
            switch c.phase {
            case .began:
                action = tap.fingerDown(id: c.id, time: frame.time, millimetres: c.millimetres)
            case .moved, .stationary:
                action = .none
            case .ended:
                action = tap.fingerUp(id: c.id, time: frame.time, millimetres: c.millimetres,
                                      fingersLeft: fingers.contactsDown)
            case .cancelled:
                action = tap.fingerCancelled(fingersLeft: fingers.contactsDown)
            }
            switch action {
            case .none: break
            case .click: clicked = true
            }
        }
        var out = [ContactFrame(time: frame.time, contacts: contacts, scroll: scroll, isPointer: true, pointerMotion: motion)]
        // No tap clicks while the physical button is down.
        if clicked, buttonContact == nil, contacts.isEmpty { appendClick(at: frame.time, to: &out) }
        return out
    }

    /// Ends the stream: fingers still down are forgotten (they click
    /// nothing); a button still down is cancelled (its release is unknown).
    /// Returns the frame that cancels it, if any, at the last frame's time.
    ///
    /// - Complexity: O(slots).
    public mutating func finish() -> [ContactFrame] {
        _ = fingers.finish()
        fingerPositions.removeAll()
        _ = tap.fingerCancelled(fingersLeft: 0)
        guard let id = buttonContact else { return [] }
        buttonContact = nil
        return [ContactFrame(time: lastTime ?? .zero, contacts: [pointerContact(id: id, phase: .cancelled)], isPointer: true)]
    }

    /// The pointer's acceleration at a finger speed in millimetres per
    /// second: 1 up to ``accelerationThresholdMillimetresPerSecond``, then
    /// proportional to the speed, capped at ``maximumAcceleration`` (a
    /// simplified form of libinput's adaptive profile). 1 for a speed that
    /// is not a finite positive number.
    ///
    /// - Complexity: O(1).
    public static func accelerationFactor(speed: Double) -> Double {
        guard speed.isFinite, speed > 0 else { return 1 }
        return min(max(speed / accelerationThresholdMillimetresPerSecond, 1), maximumAcceleration)
    }

    /// Tracks a whole stream.
    ///
    /// - Complexity: O(events).
    package static func track(_ frames: some Sequence<EventFrame>, device: DeviceDescription) -> [ContactFrame] {
        var tracker = TouchpadTracker(device: device)
        var result: [ContactFrame] = []
        for frame in frames { result += tracker.process(frame) }
        result += tracker.finish()
        return result
    }

    // MARK: - Helpers

    /// Moves the pointer by a finger's motion in device units, accelerated
    /// by its speed over `elapsed` (1:1 without a previous frame or when
    /// time stood still or went back). Returns whether the pointer moved.
    mutating func move(by motion: Point, elapsed: Duration?) -> Bool {
        guard motion != .zero else { return false }
        let mm = Point(x: motion.x / unitsPerMillimetre.x, y: motion.y / unitsPerMillimetre.y)
        var factor = 1.0
        if let elapsed, elapsed > .zero {
            let (seconds, attoseconds) = elapsed.components
            let interval = Double(seconds) + Double(attoseconds) * 1e-18
            factor = Self.accelerationFactor(speed: mm.length / interval)
        }
        let next = Point(x: pointer.x + mm.x * factor, y: pointer.y + mm.y * factor)
        guard next.x.isFinite, next.y.isFinite, next != pointer else { return false }
        pointer = next
        return true
    }

    /// The pointer contact for the button, at the pointer.
    func pointerContact(id: Int, phase: ContactPhase) -> Contact {
        Contact(id: id, phase: phase,
                position: Point(x: origin.x + pointer.x * unitsPerMillimetre.x, y: origin.y + pointer.y * unitsPerMillimetre.y),
                millimetres: pointer)
    }

    /// A click of button 1: a contact that begins and ends at `time`.
    mutating func appendClick(at time: EventTime, to out: inout [ContactFrame]) {
        let id = nextID
        nextID += 1
        out.append(ContactFrame(time: time, contacts: [pointerContact(id: id, phase: .began)], isPointer: true))
        out.append(ContactFrame(time: time, contacts: [pointerContact(id: id, phase: .ended)], isPointer: true))
    }
}
