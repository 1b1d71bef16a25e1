import GripperGeometry
@_spi(Benchmarks) import GripperInput

/// The engine's input devices: one contact tracker and viewport mapping per
/// device, and the rule that one device at a time drives the gesture arena.
///
/// **One pointer gesture at a time.** The device whose contact goes down
/// while no device has one down *owns* the arena until its last contact
/// lifts (or is cancelled). Contacts of another device that go down
/// meanwhile are ignored, and so is everything that device does until its
/// own contacts have all lifted — even after the owner's gesture ended. A
/// touch while the mouse button is down is therefore ignored until the
/// finger lifts, and a mouse press while a finger is down until the button
/// is released. Wheel and pointer-motion frames of a device that does not
/// own the arena while another does are ignored too (the pointer still
/// moves). Keyboards never own it: their keys go elsewhere.
///
/// Contacts are renumbered engine-wide (in the order they go down, so a
/// frame's contacts keep their order), so the arena never sees two
/// devices' touches under one number.
///
/// **A touchpad is a pointer** (``DeviceKind/touchpad``): its frames go
/// through a ``TouchpadTracker``, as libinput makes of a touchpad: its
/// fingers move the device's pointer (accelerated, starting at the centre of
/// the viewport and clamped to it), a tap or the click's primary button is a
/// press at the pointer, two fingers scroll. One event frame can then make
/// several contact frames (a tap's click is two), each routed by the rule
/// above in turn.
///
/// **A touchpad's pinch** (with ``recognizesPinch``, which the engine turns
/// on with its pinch layouts): the tracker tells a two-finger pinch from a
/// scroll as libinput does and reports its scale; it is fed to the arena
/// as a toolkit's touchpad pinch is (`ToolkitSession.touchpadPinch`): two
/// direct contacts `ToolkitSession.touchpadPinchSpan` points times the
/// scale apart, level across the device's pointer (which stays still),
/// their millimetres the fingers' real span — so the arena's pinch (its
/// slop in millimetres of span) and the engine's layout pinch take it as
/// from a touchscreen. The first begins in one frame, the second in the
/// next; both move in one frame each event frame while the pinch lasts
/// (the frame's empty pointer frame is left out, or the arena would take
/// the pinch's contacts as gone); both end, or are cancelled, together.
struct InputDevices: Sendable {
    /// One device's state.
    struct Channel: Sendable {
        let description: DeviceDescription
        var tracker: ContactTracker
        /// A touchpad's pointer tracking (nil for any other device); its
        /// ``tracker`` then stays unused.
        var touchpad: TouchpadTracker?
        var viewport: Viewport
        /// The tracker's contact ids still down and the engine-wide id each
        /// got (a handful at most).
        var ids: [(tracker: Int, engine: Int)] = []
        /// Whether the device's contacts went down while another device owned
        /// the arena: its frames are ignored until they have all lifted.
        var blocked = false
        /// Whether the device is a keyboard (its frames carry keys, no contacts).
        let isKeyboard: Bool
        /// A touchpad's pinch contacts while they are down (tracker ids).
        var pinchContacts: (first: Int, second: Int)?

        init(_ device: DeviceDescription, rect: Rect, recognizesPinch: Bool) {
            description = device
            tracker = ContactTracker(device: device)
            touchpad = device.kind == .touchpad ? TouchpadTracker(device: device) : nil
            touchpad?.recognizesPinch = recognizesPinch
            viewport = Viewport(device: device, rect: rect)
            isKeyboard = device.kind == .keyboard
        }

        /// Forgets the device's contacts (it went away or was reset); the
        /// pointer stays where it is.
        mutating func reset() {
            tracker = ContactTracker(device: description)
            if let old = touchpad {
                touchpad = TouchpadTracker(device: description)
                touchpad?.recognizesPinch = old.recognizesPinch
            }
            ids.removeAll()
            blocked = false
            pinchContacts = nil
        }
    }

    private(set) var channels: [Channel]
    /// The device whose contacts the arena follows; nil when no contact is down.
    private(set) var owner: Int?
    /// The device the pointer last came from (``pointer`` reads its viewport).
    private var pointerDevice = 0
    private var nextContactID = 1
    /// Whether touchpads report two-finger pinches (``setRecognizesPinch(_:)``).
    private(set) var recognizesPinch = false

    init(device: DeviceDescription, rect: Rect) {
        channels = [Channel(device, rect: rect, recognizesPinch: false)]
    }

    /// Adds a device; returns its index.
    mutating func attach(_ device: DeviceDescription, rect: Rect) -> Int {
        channels.append(Channel(device, rect: rect, recognizesPinch: recognizesPinch))
        return channels.count - 1
    }

    /// Whether touchpads tell a two-finger pinch from a scroll (the engine's
    /// pinch layouts are set); a pinch under way goes on to its end.
    /// - Complexity: O(devices).
    mutating func setRecognizesPinch(_ on: Bool) {
        recognizesPinch = on
        for i in channels.indices where channels[i].touchpad != nil { channels[i].touchpad!.recognizesPinch = on }
    }

    /// Where the pointer is, viewport coordinates: the pointer of the device
    /// that last drove the arena.
    var pointer: Point { channels[pointerDevice].viewport.pointer }

    /// What one event frame gives the arena: at most one contact frame for
    /// most devices, a touchpad's tap adds its click's two.
    struct Routed: Sendable {
        /// The frame's contact frame, nil when it is ignored.
        var frame: ContactFrame?
        /// A touchpad's further frames (a tap's click), in order; those
        /// ignored are left out. Empty for any other device.
        var more: [ContactFrame] = []
    }

    /// Tracks and maps `frame` of device `index` and returns what the arena
    /// gets from it; nothing when the frame is ignored (another device owns
    /// the arena, or this one is blocked, or it is a keyboard).
    ///
    /// - Complexity: O(c) for the frame's c contacts.
    mutating func process(_ frame: EventFrame, from index: Int) -> Routed {
        guard !channels[index].isKeyboard else { return Routed() }
        if channels[index].touchpad != nil {
            var routed = Routed()
            func add(_ accepted: ContactFrame?) {
                guard let accepted else { return }
                if routed.frame == nil { routed.frame = accepted } else { routed.more.append(accepted) }
            }
            var frames = channels[index].touchpad!.process(frame)
            if let pinch = channels[index].touchpad!.pinch {
                // The pinch's frames first, in place of its empty pointer frame.
                if let first = frames.first, first.contacts.isEmpty, first.scroll == .zero, first.pointerMotion == .zero {
                    frames.removeFirst()
                }
                for contacts in pinchFrames(pinch, at: frame.time, of: index) {
                    add(route(contacts, from: index, stillDown: channels[index].pinchContacts != nil))
                }
            }
            for contacts in frames {
                let mapped = channels[index].viewport.map(contacts)
                // A touchpad's only contact is its button's (or a tap's): down
                // while this frame has it down.
                let down = mapped.contacts.contains { !$0.phase.isFinal }
                add(route(mapped, from: index, stillDown: down))
            }
            return routed
        }
        let mapped = channels[index].viewport.map(channels[index].tracker.process(frame))
        return Routed(frame: route(mapped, from: index, stillDown: channels[index].tracker.contactsDown > 0))
    }

    /// A touchpad's pinch step as the contact frames of its two fingers
    /// (see the type's description), in viewport points around the
    /// device's pointer; notes which are down.
    private mutating func pinchFrames(_ pinch: TouchpadPinch, at time: EventTime, of index: Int) -> [ContactFrame] {
        let viewport = channels[index].viewport
        let (a, b) = ToolkitSession.touchpadPinchFingers(scale: pinch.scale, at: viewport.pointer, within: viewport.rect)
        let half = pinch.spanMillimetres / 2
        let ma = Point(x: -half, y: 0), mb = Point(x: half, y: 0)
        func contact(_ id: Int, _ phase: ContactPhase, _ location: Point, _ mm: Point) -> Contact {
            Contact(id: id, phase: phase, position: mm, millimetres: mm, location: location)
        }
        func frame(_ contacts: [Contact]) -> ContactFrame {
            ContactFrame(time: time, contacts: contacts, isPointer: false)
        }
        let first = pinch.firstContactID, second = pinch.secondContactID
        switch pinch.phase {
        case .began:
            channels[index].pinchContacts = (first, second)
            return [frame([contact(first, .began, a, ma)]),
                    frame([contact(first, .stationary, a, ma), contact(second, .began, b, mb)])]
        case .moved:
            return [frame([contact(first, .moved, a, ma), contact(second, .moved, b, mb)])]
        case .ended, .cancelled:
            channels[index].pinchContacts = nil
            let phase: ContactPhase = pinch.phase == .ended ? .ended : .cancelled
            return [frame([contact(first, phase, a, ma), contact(second, phase, b, mb)])]
        }
    }

    /// The one-gesture-at-a-time rule for one mapped frame of device
    /// `index` (`stillDown`: the device has contacts down after it).
    private mutating func route(_ frame: consuming ContactFrame, from index: Int, stillDown: Bool) -> ContactFrame? {
        var mapped = frame
        if channels[index].blocked {
            // Ignored until every contact of the device has lifted.
            if !stillDown { channels[index].blocked = false }
            return nil
        }
        let down = mapped.contacts.contains { !$0.phase.isFinal }
        if let owner, owner != index {
            if down || stillDown { channels[index].blocked = true }
            return nil
        }
        owner = down ? index : nil
        pointerDevice = index
        renumber(&mapped.contacts, of: index)
        return mapped
    }

    /// Device `index` went away: its contacts are forgotten. Returns whether
    /// what is in flight is its own to cancel: it owned the arena — or it is
    /// the engine's only device, which cancels as a loss always did (an open
    /// cell shuts). A keyboard or a mouse unplugged while nothing of theirs
    /// is down leaves the others' state alone.
    mutating func lose(_ index: Int) -> Bool {
        channels[index].reset()
        if owner == index {
            owner = nil
            return true
        }
        return owner == nil && channels.count == 1
    }

    /// Every device went away.
    mutating func loseAll() {
        for i in channels.indices { channels[i].reset() }
        owner = nil
    }

    /// The end of input: every device's contacts still down are cancelled;
    /// returns the owner's cancelling frame, mapped (the others' contacts
    /// never reached the arena).
    mutating func finish() -> ContactFrame? {
        var result: ContactFrame?
        for i in channels.indices {
            let last = channels[i].touchpad != nil ? channels[i].touchpad!.finish().last : channels[i].tracker.finish()
            var pinched: ContactFrame?
            if let pinch = channels[i].touchpad?.pinch, let time = channels[i].touchpad?.lastFrameTime {
                // A pinch under way: its two contacts cancelled (no button can be down with it).
                pinched = pinchFrames(pinch, at: time, of: i).last
            }
            guard let frame = pinched ?? last else { continue }
            if i == owner, !channels[i].blocked {
                var mapped = pinched ?? channels[i].viewport.map(frame)
                renumber(&mapped.contacts, of: i)
                result = mapped
            }
        }
        owner = nil
        return result
    }

    /// Maps every device onto a viewport of `size`.
    mutating func resize(to size: Size) {
        for i in channels.indices {
            channels[i].viewport.rect = Rect(x: 0, y: 0, width: size.width, height: size.height)
            channels[i].viewport.movePointer(to: channels[i].viewport.pointer)
        }
    }

    /// Gives each contact its engine-wide id (a new one when it is not yet
    /// known) and forgets those that end in this frame.
    private mutating func renumber(_ contacts: inout [Contact], of index: Int) {
        for c in contacts.indices {
            let id = contacts[c].id
            let engineID: Int
            if let k = channels[index].ids.firstIndex(where: { $0.tracker == id }) {
                engineID = channels[index].ids[k].engine
                if contacts[c].phase.isFinal { channels[index].ids.remove(at: k) }
            } else {
                engineID = nextContactID
                nextContactID &+= 1
                if !contacts[c].phase.isFinal { channels[index].ids.append((id, engineID)) }
            }
            contacts[c].id = engineID
        }
    }
}
