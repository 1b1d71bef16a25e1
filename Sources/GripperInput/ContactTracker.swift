// A change to this machine (slot life cycle, SYN_DROPPED handling) changes Documentation/ContactTracking.md too.
import GripperGeometry

/// Turns a device's event frames into contact frames: which fingers (or the
/// mouse pointer with its left button) are down, where, and in which phase.
///
/// The tracker is a pure value: feed it every ``EventFrame`` of one stream in
/// order with ``process(_:)`` and call ``finish()`` when the stream ends. It
/// handles, chosen from the device's capabilities:
/// - multitouch protocol B (`ABS_MT_SLOT`, tracking ids);
/// - multitouch protocol A (`SYN_MT_REPORT`, contacts matched frame to frame
///   by nearest position);
/// - single-touch devices (`BTN_TOUCH` or a finger tool key, `ABS_X/Y`);
/// - mice (relative motion moves a pointer, `BTN_LEFT` is the contact,
///   wheels scroll).
///
/// Contact ids count up from 1 and are never reused within a stream.
/// `SYN_DROPPED` and resynchronisation frames cancel contacts whose state is
/// no longer known. Documentation/ContactTracking.md describes each rule.
@_spi(Benchmarks) public struct ContactTracker: Sendable {
    /// How the device reports contacts.
    enum Mode: Sendable {
        case slots
        case protocolA
        case singleTouch
        case mouse
        case none
    }

    /// Whether the stream is in step with the device.
    enum SyncState: Sendable {
        /// Every event so far was seen.
        case synced
        /// A `SYN_DROPPED` was seen; the next frame either resynchronises
        /// (`isResync`) or, in a raw stream, starts from unknown state.
        case awaitingResync
    }

    /// The device the stream comes from.
    public let device: DeviceDescription
    let mode: Mode
    let isPointer: Bool
    let origin: Point
    let unitsPerMillimetre: Point
    /// Slot (or track) storage: protocol B slots; one slot for single-touch
    /// devices and mice.
    var slots: [ContactTracker.Slot]
    /// How many slots from the first have ever been written: the rest are
    /// as they started (unknown, with nothing this frame), so the per-frame
    /// passes over the slots stop here (a 10-slot screen used by one finger
    /// visits one slot, not ten). A device of one slot counts it from the
    /// start: the single-touch and mouse modes write it directly.
    var slotsInUse: Int
    var currentSlot: Int
    var sync: SyncState = .synced
    var nextID = 1
    var lastTime: EventTime?
    /// Key bits of the single-touch and mouse modes (see `KeyBit`).
    var keys: UInt8 = 0
    var keysKnown = false
    /// Protocol A contacts after the last frame, and scratch storage.
    var protocolATracks: [ContactTracker.Track] = []
    var protocolAPoints: [Point] = []
    var protocolAOwners: [Int] = []
    var protocolASpare: [ContactTracker.Track] = []
    /// Contacts built for the frame in progress (capacity kept).
    var scratch: [Contact] = []

    /// Millimetres per mouse count: counts are taken at 1000 per inch.
    package static let mouseMillimetresPerCount = 25.4 / 1000

    /// The most slots the tracker keeps for a protocol B device; slots past
    /// it (the description says more) are ignored.
    package static let maximumSlots = 64

    /// Creates a tracker for a device.
    public init(device: DeviceDescription) {
        self.device = device
        let abs = EventType.abs
        if device.usesSlots {
            mode = .slots
        } else if device.isMultitouch {
            mode = .protocolA
        } else if device.has(type: abs, code: AbsCode.x) && device.has(type: abs, code: AbsCode.y) {
            mode = .singleTouch
        } else if device.has(type: EventType.rel, code: RelCode.x) && device.has(type: EventType.rel, code: RelCode.y) {
            mode = .mouse
        } else {
            mode = .none
        }
        let kind = device.kind
        isPointer = kind == .mouse || kind == .touchpad || (kind == .other && mode == .mouse)
        if let axes = device.positionAxes, let upm = device.unitsPerMillimetre {
            origin = Point(x: Double(axes.x.minimum), y: Double(axes.y.minimum))
            unitsPerMillimetre = Point(x: upm.x, y: upm.y)
        } else {
            origin = .zero
            let perCount = 1 / Self.mouseMillimetresPerCount
            unitsPerMillimetre = Point(x: perCount, y: perCount)
        }
        let slotCount: Int
        switch mode {
        case .slots:
            let maximum = device.absInfo[AbsCode.mtSlot].map { Int($0.maximum) } ?? 0
            slotCount = min(max(maximum + 1, 1), Self.maximumSlots)
        case .protocolA, .singleTouch, .mouse, .none:
            slotCount = 1
        }
        slots = Array(repeating: Slot(position: Self.initialPosition(of: device)), count: slotCount)
        currentSlot = 0
        slotsInUse = slots.count == 1 ? 1 : 0
        scratch.reserveCapacity(slotCount + 2)
    }

    /// The number of contacts down after the last frame.
    public var contactsDown: Int {
        switch mode {
        case .protocolA:
            return protocolATracks.count
        case .slots, .singleTouch, .mouse, .none:
            return slots[..<slotsInUse].reduce(0) { $0 + ($1.state.contactID == nil ? 0 : 1) }
        }
    }

    /// Feeds one frame and returns the contacts after it: contacts down
    /// (began, moved, stationary) and contacts that ended or were cancelled in
    /// it, ordered by id.
    ///
    /// - Complexity: O(events in the frame + slots), plus O(n²) in the
    ///   number of contacts for protocol A matching.
    public mutating func process(_ frame: EventFrame) -> ContactFrame {
        lastTime = frame.time
        scratch.removeAll(keepingCapacity: true)
        var result = ContactFrame(time: frame.time, contacts: [], isPointer: isPointer)

        if frame.events.contains(where: { $0.type == EventType.syn && $0.code == SynCode.dropped }) {
            // Drop the whole frame, including what came before SYN_DROPPED:
            // its SYN_REPORT was lost, so it is not a coherent snapshot. The
            // contacts are held until the next frame says what happened.
            sync = .awaitingResync
            reportHeld()
            result.contacts = sortedScratch()
            releaseScratch()
            return result
        }

        var cancelling = frame.isResync
        switch sync {
        case .synced:
            break
        case .awaitingResync:
            sync = .synced
            if !frame.isResync {
                // A raw stream after SYN_DROPPED: nothing known is still true.
                cancelAllForLostSync()
                cancelling = false
            }
        }

        switch mode {
        case .slots:
            processSlots(frame.events, cancelling: cancelling)
        case .protocolA:
            processProtocolA(frame.events, cancelling: cancelling)
        case .singleTouch:
            processSingleTouch(frame.events, cancelling: cancelling)
        case .mouse:
            result.scroll = processMouse(frame.events, cancelling: cancelling, motion: &result.pointerMotion)
        case .none:
            break
        }
        result.contacts = sortedScratch()
        if isPointer, mode != .mouse {
            result.pointerMotion = touchpadMotion()
        }
        releaseScratch()
        return result
    }

    /// Ends the stream: contacts still down are cancelled (the trace stopped
    /// while they were down, so their end is unknown). Returns the frame that
    /// cancels them at the last frame's time, or nil when none are down.
    ///
    /// - Complexity: O(slots).
    public mutating func finish() -> ContactFrame? {
        scratch.removeAll(keepingCapacity: true)
        cancelAllForLostSync()
        sync = .synced
        guard !scratch.isEmpty else { return nil }
        return ContactFrame(time: lastTime ?? .zero, contacts: sortedScratch(), isPointer: isPointer)
    }

    /// Tracks a whole stream: every frame's contacts, then the frame that
    /// cancels what is still down at the end (if anything is).
    ///
    /// - Complexity: O(events).
    package static func track(_ frames: some Sequence<EventFrame>, device: DeviceDescription) -> [ContactFrame] {
        var tracker = ContactTracker(device: device)
        var result: [ContactFrame] = []
        result.reserveCapacity(frames.underestimatedCount + 1)
        for frame in frames { result.append(tracker.process(frame)) }
        if let last = tracker.finish() { result.append(last) }
        return result
    }

    // MARK: - Shared helpers

    /// The device's current position values (from its description), the
    /// position of a touch that never reported one.
    static func initialPosition(of device: DeviceDescription) -> Point {
        if let x = device.absInfo[AbsCode.mtPositionX], let y = device.absInfo[AbsCode.mtPositionY] {
            return Point(x: Double(x.value), y: Double(y.value))
        }
        if let x = device.absInfo[AbsCode.x], let y = device.absInfo[AbsCode.y] {
            return Point(x: Double(x.value), y: Double(y.value))
        }
        return .zero
    }

    /// A contact at a position in device units.
    func contact(id: Int, phase: ContactPhase, at position: Point) -> Contact {
        let mm = Point(x: (position.x - origin.x) / unitsPerMillimetre.x,
                       y: (position.y - origin.y) / unitsPerMillimetre.y)
        return Contact(id: id, phase: phase, position: position, millimetres: mm)
    }

    /// Takes a fresh contact id.
    mutating func takeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    /// Lets the frame just made own its contacts' storage: the scratch
    /// takes new storage of the same capacity. Kept shared, the frame's
    /// first write downstream (mapping, renumbering) would copy it.
    private mutating func releaseScratch() {
        let capacity = scratch.capacity
        scratch = []
        scratch.reserveCapacity(capacity)
    }

    /// The scratch contacts ordered by id (insertion sort: a handful of contacts).
    func sortedScratch() -> [Contact] {
        var contacts = scratch
        var i = 1
        while i < contacts.count {
            var j = i
            while j > 0 && contacts[j - 1].id > contacts[j].id {
                contacts.swapAt(j - 1, j)
                j -= 1
            }
            i += 1
        }
        return contacts
    }

    /// Reports every contact down as stationary (a dropped frame changes nothing yet).
    mutating func reportHeld() {
        switch mode {
        case .protocolA:
            for track in protocolATracks {
                scratch.append(contact(id: track.id, phase: .stationary, at: track.position))
            }
        case .slots, .singleTouch, .mouse, .none:
            for slot in slots[..<slotsInUse] {
                if case .down(let id, _, let reported) = slot.state {
                    scratch.append(contact(id: id, phase: .stationary, at: reported))
                }
            }
        }
    }

    /// Cancels every contact down and forgets what the slots held: after a
    /// lost sync (or at the end of the stream) nothing is known.
    mutating func cancelAllForLostSync() {
        switch mode {
        case .protocolA:
            for track in protocolATracks {
                scratch.append(contact(id: track.id, phase: .cancelled, at: track.position))
            }
            protocolATracks.removeAll(keepingCapacity: true)
        case .slots, .singleTouch, .mouse, .none:
            for index in slots.indices {
                if case .down(let id, _, let reported) = slots[index].state {
                    scratch.append(contact(id: id, phase: .cancelled, at: reported))
                }
                slots[index].state = .unknown
                slots[index].resetFrame()
            }
            keysKnown = false
        }
    }

    /// The pointer motion of a touchpad: the movement of the oldest contact
    /// that was down in the previous frame too, in device units.
    func touchpadMotion() -> Point {
        var driverID = Int.max
        for c in scratch where (c.phase == .moved || c.phase == .stationary) && c.id < driverID {
            driverID = c.id
        }
        guard driverID != Int.max else { return .zero }
        switch mode {
        case .protocolA:
            if let track = protocolATracks.first(where: { $0.id == driverID }) {
                return track.position - track.previous
            }
        case .slots, .singleTouch, .mouse, .none:
            for slot in slots {
                if case .down(let id, _, _) = slot.state, id == driverID { return slot.motion }
            }
        }
        return .zero
    }
}
