// The tap decision is TouchpadTapStateMachine's, each finger's role TouchpadFinger's and two fingers' scroll or pinch TouchpadGestureStateMachine's: a change to any changes Documentation/ContactTracking.md too.
import GripperGeometry

/// Turns a touchpad's event frames into pointer frames, as libinput does:
/// the touchpad is a pointer, its fingers are not contacts.
///
/// A finger moving moves the pointer (``pointer``, in millimetres of finger
/// travel scaled by an adaptive acceleration, ``accelerationFactor(speed:)``);
/// the physical button (`BTN_LEFT`, a clickpad's click) presses a button at
/// the pointer until it is released: on a clickpad (`INPUT_PROP_BUTTONPAD`)
/// the software button areas decide which (``pressedButton``), and only the
/// primary one is a pointer contact, moving with the pointer; two fingers
/// moving together scroll (``scrollMillimetresPerDetent``) and leave the
/// pointer still; a finger that taps (touches and lifts within
/// ``tapMaximumDuration``, ending within ``tapMaximumDistanceMillimetres``
/// of where it touched, alone) clicks button 1 at the pointer (two fingers
/// tapping together are a secondary tap, three a middle one: ``lastTap``). The click is
/// reported the way a mouse's is: a pointer contact that begins in one frame
/// and ends in the next, both at the lift's time, so a ``ContactFrame``
/// consumer (the gesture arena) sees a pointer device as with a mouse and two
/// quick taps make its double tap.
///
/// With ``recognizesPinch`` on (an engine with layouts to pinch between
/// turns it on), two fingers are a scroll or a pinch as libinput tells
/// them apart (``TouchpadGestureStateMachine``): undecided, nothing moves
/// and their scroll is held (released when they turn out to scroll, so a
/// scroll goes as far as without the pinch); a pinch moves nothing and is
/// reported as ``pinch``, its scale and span, frame by frame. Off (the
/// default), two fingers moving together always scroll, as before.
///
/// Palms and thumbs are rejected as libinput rejects them: a touch that
/// starts in a side or top edge zone and does not leave it within
/// ``palmEdgeTimeout``, a touch pressing harder than
/// ``palmPressureThreshold`` or larger than ``palmSizeMillimetres``, and
/// (on a clickpad) a thumb resting at the bottom, move nothing and tap
/// nothing; a clickpad finger resting in the software button area moves
/// nothing until it leaves it.
///
/// A pure value like ``ContactTracker`` (which it uses for the fingers):
/// feed every frame in order with ``process(_:)``, then call ``finish()``.
/// Time is the frames' own. Documentation/ContactTracking.md ("Touchpads")
/// describes the rules.
package struct TouchpadTracker: Sendable {
    /// The longest touch that is still a tap (libinput's tap timeout, 180 ms).
    package static let tapMaximumDuration: Duration = .milliseconds(180)
    /// The farthest a tapping finger may end from where it touched (libinput's
    /// 1.3 mm tap motion threshold), in millimetres at the device's resolution.
    package static let tapMaximumDistanceMillimetres = 1.3
    /// The finger speed (mm/s) up to which the pointer moves 1:1.
    package static let accelerationThresholdMillimetresPerSecond = 50.0
    /// The largest acceleration factor, reached at three times the threshold.
    package static let maximumAcceleration = 3.0
    /// Two fingers moving this far together scroll one wheel detent.
    package static let scrollMillimetresPerDetent = 4.0
    /// How long a touch that starts in an edge zone has to leave it before
    /// it is a palm for good (libinput's palm timeout, 200 ms).
    package static let palmEdgeTimeout: Duration = .milliseconds(200)
    /// An `ABS_MT_PRESSURE` above this is a palm (libinput's default palm
    /// pressure threshold); only for devices that report the axis.
    package static let palmPressureThreshold: Int32 = 130
    /// An `ABS_MT_TOUCH_MAJOR` (or `_MINOR`) longer than this, in
    /// millimetres of the surface, is a palm; only for devices that report
    /// the axis.
    package static let palmSizeMillimetres = 20.0
    /// How long a touch lingers in the bottom 8 % of a clickpad before it is
    /// a resting thumb (libinput's thumb timeout, 300 ms).
    package static let thumbRestDuration: Duration = .milliseconds(300)
    /// A thumb candidate moving farther than this from where it touched is
    /// a finger (libinput's 7 mm).
    package static let thumbMaximumMotionMillimetres = 7.0

    /// The device the stream comes from.
    package let device: DeviceDescription
    /// The pointer's position, in millimetres of finger travel from the
    /// device's origin; it starts where the device's axes say the finger was.
    package private(set) var pointer: Point
    /// The button the physical click holds down, nil while it is up. On a
    /// clickpad the software button areas decide it at the press; any other
    /// touchpad's `BTN_LEFT` is ``TouchpadButton/primary``.
    package private(set) var pressedButton: TouchpadButton?
    /// The button the last tap clicked, nil before the first: one finger
    /// taps ``TouchpadButton/primary`` (a click at the pointer), two the
    /// secondary and three the middle button (libinput's mapping), which
    /// press no pointer contact.
    package private(set) var lastTap: TouchpadButton?
    /// The zones of the touchpad's surface (edges, thumb lines, software
    /// buttons), in millimetres from the device's origin.
    package let zones: TouchpadZones
    /// Whether two fingers may pinch (see the type's description); off by
    /// default: two fingers moving together scroll.
    package var recognizesPinch = false
    /// What the last frame did to a two-finger pinch, nil when it made none:
    /// `began`, `moved` (each frame while the pinch lasts, moving or not),
    /// then `ended` or `cancelled`.
    package private(set) var pinch: TouchpadPinch?

    var fingers: ContactTracker
    var tap: TouchpadTapStateMachine
    var twoFingers = TouchpadGestureStateMachine()
    /// Scroll (detents) held while two fingers are undecided.
    var heldScroll = Point.zero
    let origin: Point
    let unitsPerMillimetre: Point
    var nextID = 1
    var lastTime: EventTime?
    /// The id of the pointer contact while the primary button is down.
    var buttonContact: Int?
    /// What is known of each finger down, oldest first.
    var tracked: [TouchpadFinger] = []
    /// `ABS_MT_PRESSURE`, `ABS_MT_TOUCH_MAJOR` and `_MINOR` per slot (protocol
    /// B devices that report them), and the slot the events address.
    var slotPressure: [Int32]
    var slotSize: [Int32]
    /// (Events before any `ABS_MT_SLOT` address slot 0, as ``ContactTracker`` reads them.)
    var axisSlot = 0
    let reportsPressure: Bool
    let reportsSize: Bool
    /// The palm size threshold in surface units.
    let palmSizeUnits: Double

    /// Creates a tracker for a touchpad (any device with position axes
    /// works; one without them never moves nor clicks).
    package init(device: DeviceDescription) {
        self.device = device
        fingers = ContactTracker(device: device)
        tap = TouchpadTapStateMachine(maximumDuration: Self.tapMaximumDuration,
                                      maximumDistanceMillimetres: Self.tapMaximumDistanceMillimetres)
        var size = Size(width: 0, height: 0)
        if let axes = device.positionAxes, let upm = device.unitsPerMillimetre,
           upm.x.isFinite, upm.y.isFinite, upm.x > 0, upm.y > 0 {
            origin = Point(x: Double(axes.x.minimum), y: Double(axes.y.minimum))
            unitsPerMillimetre = Point(x: upm.x, y: upm.y)
            size = Size(width: Double(axes.x.span) / upm.x, height: Double(axes.y.span) / upm.y)
        } else {
            origin = .zero
            unitsPerMillimetre = Point(x: 1, y: 1)
        }
        zones = TouchpadZones(size: size, isClickpad: device.properties.contains(InputProperty.buttonpad))
        let start = ContactTracker.initialPosition(of: device)
        pointer = Point(x: (start.x - origin.x) / unitsPerMillimetre.x, y: (start.y - origin.y) / unitsPerMillimetre.y)
        let slots = fingers.mode == .slots ? fingers.slots.count : 0
        slotPressure = Array(repeating: 0, count: slots)
        slotSize = Array(repeating: 0, count: slots)
        reportsPressure = slots > 0 && device.has(type: EventType.abs, code: AbsCode.mtPressure)
        reportsSize = slots > 0 && (device.has(type: EventType.abs, code: AbsCode.mtTouchMajor)
                                    || device.has(type: EventType.abs, code: AbsCode.mtTouchMinor))
        palmSizeUnits = Self.palmSizeMillimetres * unitsPerMillimetre.x
    }

    /// The time of the last frame processed, nil before the first.
    package var lastFrameTime: EventTime? { lastTime }

    /// Whether nothing is pending: no finger down, no button held.
    package var isIdle: Bool {
        if case .idle = tap.state, fingers.contactsDown == 0, tracked.isEmpty, pressedButton == nil, twoFingers.isIdle {
            return true
        }
        return false
    }

    /// Feeds one frame and returns the pointer frames it makes: always one
    /// (the pointer's motion, accelerated, in device units as
    /// ``ContactFrame/pointerMotion`` says, with the primary button's
    /// contact and the two-finger scroll), then, when a tap ended in it, the
    /// click's two frames. With ``recognizesPinch``, ``pinch`` then says
    /// what the frame did to a two-finger pinch (its frames move nothing).
    ///
    /// - Complexity: O(events in the frame + slots + fingers²); fingers are
    ///   a handful.
    package mutating func process(_ frame: EventFrame) -> [ContactFrame] {
        lastTime = frame.time
        pinch = nil
        // A frame with SYN_DROPPED is not a coherent snapshot: its axes and
        // keys are ignored (the tracker drops it whole too).
        let dropped = frame.events.contains { $0.type == EventType.syn && $0.code == SynCode.dropped }
        if !dropped { readSlotAxes(frame) }
        let touches = fingers.process(frame)
        var tapped: TouchpadButton?
        // Where the fingers are; new ones get their first role.
        for c in touches.contacts {
            switch c.phase {
            case .began:
                let others = tracked.contains { $0.movesPointer }
                var finger = TouchpadFinger(id: c.id, time: frame.time, position: c.position, millimetres: c.millimetres,
                                            zones: zones, otherActiveFinger: others)
                if isPalmBySize(contact: c.id) { finger.becomePalm() }
                tracked.append(finger)
            case .moved, .stationary:
                guard let k = tracked.firstIndex(where: { $0.id == c.id }) else { continue }
                tracked[k].move(to: c.position, millimetres: c.millimetres)
            case .ended, .cancelled:
                break
            }
        }
        // Roles change with time, place and the other fingers (before the
        // taps, as libinput detects palms and thumbs first).
        for k in tracked.indices where !tracked[k].isNew {
            let others = tracked.indices.contains { $0 != k && tracked[$0].movesPointer }
            tracked[k].update(at: frame.time, zones: zones, otherActiveFinger: others,
                              palmBySize: isPalmBySize(contact: tracked[k].id))
            if tracked[k].inTap, !tracked[k].countsForTap {
                // Turned palm or thumb: the tap machine forgets it.
                tracked[k].inTap = false
                _ = tap.fingerCancelled(fingersLeft: tapFingers)
            } else if !tracked[k].inTap, tracked[k].role == .finger, tracked[k].wasEdgePalm {
                // An edge touch that left the zone in time is a finger from now on.
                tracked[k].inTap = true
                _ = tap.fingerDown(id: tracked[k].id, time: tracked[k].began, millimetres: tracked[k].start)
            }
        }
        // The taps: fingers down and up, in the frame's order.
        for c in touches.contacts {
            switch c.phase {
            case .began:
                guard let k = tracked.firstIndex(where: { $0.id == c.id }), tracked[k].countsForTap else { continue }
                tracked[k].inTap = true
                _ = tap.fingerDown(id: c.id, time: frame.time, millimetres: c.millimetres)
            case .moved, .stationary:
                break
            case .ended, .cancelled:
                guard let k = tracked.firstIndex(where: { $0.id == c.id }) else { continue }
                let finger = tracked.remove(at: k)
                guard finger.inTap else { continue }
                let action = c.phase == .ended
                    ? tap.fingerUp(id: c.id, time: frame.time, millimetres: c.millimetres, fingersLeft: tapFingers)
                    : tap.fingerCancelled(fingersLeft: tapFingers)
                switch action {
                case .none: break
                case .click(let button): tapped = button
                }
            }
        }
        // Motion: the oldest finger that moves the pointer now and did in the
        // last frame; scrolling: exactly two such fingers and no other.
        var motion = Point.zero
        var scroll = Point.zero
        // The steps (mm) of the fingers that moved the pointer in both frames.
        var held = (count: 0, sum: Point.zero)
        var driver: Point?
        var driverElapsed: Duration?
        var active = 0
        for k in tracked.indices where tracked[k].movesPointer {
            active += 1
            guard let step = tracked[k].step else { continue }
            held.count += 1
            held.sum = held.sum + tracked[k].stepMillimetres
            if driver == nil {
                driver = step
                driverElapsed = frame.time - tracked[k].movedAt
            }
        }
        let scrolling = held.count == 2 && active == 2
        // The button: the last BTN_LEFT of the frame wins.
        var button: Bool?
        if !dropped {
            for event in frame.events where event.type == EventType.key && event.code == KeyCode.btnLeft {
                button = event.value != 0
            }
        }
        var gesture = TouchpadGestureStateMachine.Action.pointer
        if recognizesPinch {
            var lifted: [Int: Bool] = [:]
            for c in touches.contacts where c.phase.isFinal { lifted[c.id] = c.phase == .ended }
            let active = tracked.filter(\.movesPointer).map { TouchpadGestureStateMachine.Finger(id: $0.id, millimetres: $0.millimetres) }
            gesture = twoFingers.frame(at: frame.time, fingers: active, lifted: lifted,
                                       buttonDown: button ?? (pressedButton != nil), nextContactID: &nextID)
        }
        func detents() -> Point? {
            let mean = held.sum * 0.5
            let detents = Point(x: mean.x / Self.scrollMillimetresPerDetent, y: mean.y / Self.scrollMillimetresPerDetent)
            return detents.x.isFinite && detents.y.isFinite ? detents : nil
        }
        switch gesture {
        case .pointer:
            heldScroll = .zero
            if scrolling {
                if let d = detents() { scroll = d }
            } else if let driver {
                motion = driver
            }
        case .undecided:
            if scrolling, let d = detents() { heldScroll = heldScroll + d }
        case .scroll(let releasing):
            if scrolling, let d = detents() { scroll = d }
            if releasing {
                let total = scroll + heldScroll
                if total.x.isFinite, total.y.isFinite { scroll = total }
            }
            heldScroll = .zero
        case .pinch(let step):
            heldScroll = .zero
            pinch = step
        case .still:
            heldScroll = .zero
        }
        for k in tracked.indices { tracked[k].endFrame(at: frame.time) }
        let before = pointer
        let moved = move(by: motion, elapsed: driverElapsed)
        let accelerated = moved
            ? Point(x: (pointer.x - before.x) * unitsPerMillimetre.x, y: (pointer.y - before.y) * unitsPerMillimetre.y)
            : .zero
        var contacts: [Contact] = []
        switch (pressedButton, button) {
        case (nil, true?):
            _ = tap.buttonPressed()
            let which = softwareButton()
            pressedButton = which
            if which == .primary {
                let id = nextID
                nextID += 1
                buttonContact = id
                contacts.append(pointerContact(id: id, phase: .began))
            }
        case (_?, false?):
            pressedButton = nil
            if let id = buttonContact {
                buttonContact = nil
                contacts.append(pointerContact(id: id, phase: frame.isResync ? .cancelled : .ended))
            }
        case (_?, true?), (_?, nil):
            if let id = buttonContact { contacts.append(pointerContact(id: id, phase: moved ? .moved : .stationary)) }
        case (nil, false?), (nil, nil):
            break
        }
        var out = [ContactFrame(time: frame.time, contacts: contacts, scroll: scroll, isPointer: true,
                                pointerMotion: accelerated)]
        // No tap clicks while a button is down; only button 1 is a contact.
        if let tapped, pressedButton == nil, contacts.isEmpty {
            lastTap = tapped
            if tapped == .primary { appendClick(at: frame.time, to: &out) }
        }
        return out
    }

    /// Ends the stream: fingers still down are forgotten (they click
    /// nothing); a pinch under way is cancelled (``pinch``); a primary
    /// button still down is cancelled (its release is unknown). Returns the frame that cancels it, if any, at the last
    /// frame's time.
    ///
    /// - Complexity: O(slots).
    package mutating func finish() -> [ContactFrame] {
        _ = fingers.finish()
        tracked.removeAll()
        pinch = twoFingers.cancel()
        heldScroll = .zero
        _ = tap.fingerCancelled(fingersLeft: 0)
        pressedButton = nil
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
    package static func accelerationFactor(speed: Double) -> Double {
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
    /// by its speed over `elapsed`, the time since the finger last moved
    /// (1:1 when time stood still or went back). Returns whether the
    /// pointer moved.
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

    /// Which button a press is: on a clickpad, the fingers in the software
    /// button area decide (right part only: secondary; left and right:
    /// middle; else primary); elsewhere primary.
    func softwareButton() -> TouchpadButton {
        guard zones.isClickpad else { return .primary }
        var left = false
        var right = false
        for finger in tracked where !finger.isPalm {
            switch zones.buttonArea(at: finger.millimetres) {
            case .primary?: left = true
            case .secondary?: right = true
            case .middle?, nil: break
            }
        }
        switch (left, right) {
        case (true, true): return .middle
        case (false, true): return .secondary
        case (true, false), (false, false): return .primary
        }
    }

    /// How many fingers the tap machine knows are down.
    var tapFingers: Int { tracked.reduce(0) { $0 + ($1.inTap ? 1 : 0) } }

    /// Reads the frame's per-slot pressure and size.
    mutating func readSlotAxes(_ frame: EventFrame) {
        guard reportsPressure || reportsSize else { return }
        for event in frame.events where event.type == EventType.abs {
            switch event.code {
            case AbsCode.mtSlot:
                axisSlot = Int(event.value)
            case AbsCode.mtTrackingID:
                // A new touch starts without the old one's pressure or size.
                if slotPressure.indices.contains(axisSlot) {
                    slotPressure[axisSlot] = 0
                    slotSize[axisSlot] = 0
                }
            case AbsCode.mtPressure:
                if slotPressure.indices.contains(axisSlot) { slotPressure[axisSlot] = event.value }
            case AbsCode.mtTouchMajor, AbsCode.mtTouchMinor:
                if slotSize.indices.contains(axisSlot) { slotSize[axisSlot] = max(slotSize[axisSlot], event.value) }
            default:
                break
            }
        }
    }

    /// Whether the contact's slot reports a palm's pressure or size now.
    func isPalmBySize(contact id: Int) -> Bool {
        guard reportsPressure || reportsSize,
              let slot = fingers.slots.firstIndex(where: { $0.state.contactID == id }) else { return false }
        if reportsPressure, slotPressure[slot] > Self.palmPressureThreshold { return true }
        if reportsSize, Double(slotSize[slot]) > palmSizeUnits { return true }
        return false
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
