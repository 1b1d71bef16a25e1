import GripperGeometry

/// A toolkit's input — GTK's, Qt's, SDL's, Wayland's pointer, touch and key
/// events in viewport points — made into the frames of virtual evdev
/// devices, so it goes through the same contact tracking, recognizers and
/// editing machine as a live evdev device, and records as a trace that
/// replays byte for byte (`Documentation/ToolkitInput.md`).
///
/// Three kinds of virtual device, each a real evdev description:
/// - **touch**: a protocol B touchscreen (`INPUT_PROP_DIRECT`, 16 slots)
///   whose axes span the viewport at `unitsPerMillimetre` (16 units per
///   millimetre of screen, rounded): every touch threshold is in
///   millimetres of screen, as for a real panel. A touch cancelled by the
///   toolkit becomes a palm (`ABS_MT_TOOL_TYPE` = `MT_TOOL_PALM`), which the
///   tracker cancels as libinput does. After a resize the next touch comes
///   from a new touch device whose axes span the new viewport, so
///   millimetres stay millimetres (``touchDevices`` lists them all);
/// - **pointer**: a mouse (`REL_X/Y`, three buttons, both wheels with their
///   high-resolution forms). It moves one count per point, as the engine
///   maps any mouse, so its drag threshold is GTK's 8 pixels; the virtual
///   pointer starts at the viewport's centre and is held at its edges, as
///   the engine's is, so absolute toolkit positions become the relative
///   counts that land there (rounded to the point);
/// - **keyboard**: the evdev keys 1–255.
///
/// Pure: no clock, no I/O. Each call returns the frame for the event, or
/// nil when it changes nothing a device would report.
public struct ToolkitInput: Sendable {
    /// Which virtual device a frame comes from.
    public enum Source: Hashable, Sendable {
        /// The touch device at this index of ``touchDevices``.
        case touch(Int)
        /// The virtual mouse: pointer motion, buttons and scrolling.
        case pointer
        /// The virtual keyboard.
        case keyboard
    }

    /// A touch's phase, as toolkits report it.
    public enum TouchPhase: Hashable, Sendable {
        /// The finger went down.
        case began
        /// The finger moved.
        case moved
        /// The finger lifted.
        case ended
        /// The toolkit took the touch away (a grab, a gesture of its own).
        case cancelled
    }

    /// A key's state.
    public enum KeyState: Int32, Hashable, Sendable {
        /// The key went up (evdev value 0).
        case released = 0
        /// The key went down (evdev value 1).
        case pressed = 1
        /// The key's autorepeat (evdev value 2).
        case repeated = 2
    }

    /// Why an event was refused.
    public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        /// A position or delta that is NaN, infinite or beyond ±1e9 points (1e6 detents for a scroll).
        case badNumber(String)
        /// A button other than 1 (primary), 2 (middle), 3 (secondary).
        case badButton(UInt32)
        /// A key code beyond `KEY_MAX` (767).
        case badKey(UInt32)

        public var description: String {
            switch self {
            case .badNumber(let what): "\(what) is not a finite number in range"
            case .badButton(let b): "button \(b) is not 1 (primary), 2 (middle) or 3 (secondary)"
            case .badKey(let k): "key code \(k) is past KEY_MAX (767)"
            }
        }
    }

    /// How many touches at once (the touch device's slots).
    package static let slotCount = 16
    /// The touch devices' resolution, units per millimetre of screen: about
    /// a sixteenth of a point on a 96 dpi screen.
    package static let touchUnitsPerMillimetre: Int32 = 64
    /// The largest coordinate accepted, in points.
    package static let maximumCoordinate = 1e9

    /// The screen's scale, points per millimetre.
    public let pointsPerMillimetre: Double
    /// The touch devices' resolution, units per millimetre (an integer, as evdev's is).
    package let unitsPerMillimetre: Int32
    /// The viewport the events' points are in.
    public private(set) var viewport: Size
    /// Every touch device made so far: the first for the viewport at the
    /// start, one more after each resize that a touch followed.
    public private(set) var touchDevices: [DeviceDescription]
    /// The pointer device.
    public let pointerDevice: DeviceDescription
    /// The keyboard device.
    public let keyboardDevice: DeviceDescription

    /// Whether the latest touch device spans ``viewport`` (false after a
    /// resize until the next touch makes a new one).
    private var touchDeviceCurrent = true
    /// Each slot's toolkit sequence, nil when free.
    private var slots: [UInt64?] = Array(repeating: nil, count: ToolkitInput.slotCount)
    /// The device each busy slot's touch is on (an index of ``touchDevices``).
    private var slotDevice: [Int] = Array(repeating: 0, count: ToolkitInput.slotCount)
    /// Each slot's last position reported, device units.
    private var slotPosition: [(x: Int32, y: Int32)] = Array(repeating: (-1, -1), count: ToolkitInput.slotCount)
    /// Whether a slot's tool was last a palm (a cancelled touch).
    private var slotPalm: [Bool] = Array(repeating: false, count: ToolkitInput.slotCount)
    /// The slot the touch device last addressed, per device.
    private var currentSlot: [Int] = [-1]
    private var nextTrackingID: Int32 = 0
    /// The virtual pointer, viewport points (the engine's mouse pointer).
    package private(set) var pointer: Point
    /// Buttons down (evdev codes).
    private var buttonsDown: Set<UInt16> = []
    /// High-resolution wheel counts not yet a whole detent (kernel style).
    private var wheelRemainder = (x: Int32(0), y: Int32(0))

    /// Virtual devices for a viewport of `viewport` points on a screen of
    /// `pointsPerMillimetre` (clamped to 0.01…1000; NaN takes 96 dpi).
    public init(viewport: Size, pointsPerMillimetre: Double) {
        let ppm = pointsPerMillimetre.isFinite ? min(max(pointsPerMillimetre, 0.01), 1000) : 96 / 25.4
        self.pointsPerMillimetre = ppm
        unitsPerMillimetre = Self.touchUnitsPerMillimetre
        self.viewport = viewport
        touchDevices = []
        pointerDevice = Self.makePointer()
        keyboardDevice = Self.makeKeyboard()
        pointer = Point(x: viewport.width / 2, y: viewport.height / 2)
        touchDevices = [makeTouch(index: 0)]
    }

    // MARK: Devices

    /// Units per point along each axis of the latest touch device.
    private func axisMaximum(_ extent: Double) -> Int32 {
        let units = (extent.isFinite ? max(extent, 0) : 0) / pointsPerMillimetre * Double(unitsPerMillimetre)
        return Int32(min(max(units.rounded(), 1), Double(Int32.max / 2)))
    }

    private func makeTouch(index: Int) -> DeviceDescription {
        let maxX = axisMaximum(viewport.width), maxY = axisMaximum(viewport.height)
        let r = unitsPerMillimetre
        let abs: [UInt16: AbsInfo] = [
            AbsCode.x: AbsInfo(minimum: 0, maximum: maxX, resolution: r),
            AbsCode.y: AbsInfo(minimum: 0, maximum: maxY, resolution: r),
            AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: Int32(Self.slotCount - 1)),
            AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: maxX, resolution: r),
            AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: maxY, resolution: r),
            AbsCode.mtToolType: AbsInfo(minimum: 0, maximum: 2),
            AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
        ]
        return DeviceDescription(
            name: index == 0 ? "Gripper toolkit touch" : "Gripper toolkit touch \(index + 1)",
            id: DeviceID(bustype: 0x06, vendor: 0x6772, product: 0x0001, version: UInt16(truncatingIfNeeded: index + 1)),
            properties: [InputProperty.direct],
            codes: [EventType.syn: [SynCode.report], EventType.key: [KeyCode.btnTouch],
                    EventType.abs: Set(abs.keys)],
            absInfo: abs)
    }

    private static func makePointer() -> DeviceDescription {
        DeviceDescription(
            name: "Gripper toolkit pointer",
            id: DeviceID(bustype: 0x06, vendor: 0x6772, product: 0x0002, version: 1),
            codes: [EventType.syn: [SynCode.report],
                    EventType.key: [KeyCode.btnLeft, KeyCode.btnRight, KeyCode.btnMiddle],
                    EventType.rel: [RelCode.x, RelCode.y, RelCode.wheel, RelCode.hwheel,
                                    RelCode.wheelHiRes, RelCode.hwheelHiRes]])
    }

    private static func makeKeyboard() -> DeviceDescription {
        DeviceDescription(
            name: "Gripper toolkit keyboard",
            id: DeviceID(bustype: 0x06, vendor: 0x6772, product: 0x0003, version: 1),
            codes: [EventType.syn: [SynCode.report], EventType.key: Set(1...255)])
    }

    // MARK: Events

    /// The viewport takes a new size: the pointer is held inside it, and the
    /// next touch comes from a new touch device spanning it.
    package mutating func resize(to size: Size) {
        viewport = size
        pointer = clamp(pointer)
        touchDeviceCurrent = false
    }

    /// A touch event of the toolkit's touch `sequence` at `point`. Returns
    /// the frame, its source, and whether the touch device is new (the
    /// caller attaches it to the engine first); nil when the event changes
    /// nothing (an unknown sequence, every slot busy).
    package mutating func touch(_ phase: TouchPhase, sequence: UInt64, at point: Point,
                               time: EventTime) throws(Refusal) -> (Source, EventFrame, newDevice: Bool)? {
        try check(point, "the touch position")
        var events: [RawEvent] = []
        func add(_ type: UInt16, _ code: UInt16, _ value: Int32) {
            events.append(RawEvent(time: time, type: type, code: code, value: value))
        }
        let busy = slots.firstIndex { $0 == sequence }
        var newDevice = false
        let slot: Int
        switch phase {
        case .began:
            guard busy == nil, let free = slots.firstIndex(where: { $0 == nil }) else { return nil }
            if !touchDeviceCurrent {
                touchDevices.append(makeTouch(index: touchDevices.count))
                currentSlot.append(-1)
                touchDeviceCurrent = true
                newDevice = true
            }
            slot = free
            slots[slot] = sequence
            slotDevice[slot] = touchDevices.count - 1
        case .moved, .ended, .cancelled:
            guard let busy else { return nil }
            slot = busy
        }
        let device = slotDevice[slot]
        let touchesDown = slots.indices.filter { slots[$0] != nil && slotDevice[$0] == device }.count
        switch phase {
        case .began:
            if slotPalm[slot] {
                add(EventType.abs, AbsCode.mtToolType, 0)
                slotPalm[slot] = false
            }
            add(EventType.abs, AbsCode.mtTrackingID, nextTrackingID)
            nextTrackingID = nextTrackingID == 65535 ? 0 : nextTrackingID + 1
            slotPosition[slot] = (-1, -1)
            addPosition(point, slot: slot, device: device, into: &events, time: time)
            if touchesDown == 1 { add(EventType.key, KeyCode.btnTouch, 1) }
        case .moved:
            addPosition(point, slot: slot, device: device, into: &events, time: time)
            guard !events.isEmpty else { return nil }
        case .ended, .cancelled:
            if phase == .cancelled {
                add(EventType.abs, AbsCode.mtToolType, ContactTracker.mtToolPalm)
                slotPalm[slot] = true
            } else {
                addPosition(point, slot: slot, device: device, into: &events, time: time)
            }
            add(EventType.abs, AbsCode.mtTrackingID, -1)
            slots[slot] = nil
            if touchesDown == 1 { add(EventType.key, KeyCode.btnTouch, 0) }
        }
        if currentSlot[device] != slot {
            // The kernel addresses a slot only when it changes.
            events.insert(RawEvent(time: time, type: EventType.abs, code: AbsCode.mtSlot, value: Int32(slot)), at: 0)
            currentSlot[device] = slot
        }
        return (.touch(device), EventFrame(time: time, events: events), newDevice)
    }

    /// Every touch down cancelled (a toolkit's "cancel all"): one frame per
    /// touch device that has touches down.
    package mutating func cancelTouches(time: EventTime) -> [(Source, EventFrame)] {
        var frames: [(Source, EventFrame)] = []
        for slot in slots.indices {
            guard let sequence = slots[slot] else { continue }
            if let (source, frame, _) = try? touch(.cancelled, sequence: sequence, at: .zero, time: time) {
                if let k = frames.firstIndex(where: { $0.0 == source }) {
                    frames[k].1.events += frame.events
                } else {
                    frames.append((source, frame))
                }
            }
        }
        return frames
    }

    /// Forgets every touch and button down, as the engine forgets a lost
    /// device's: the next frame of each device starts afresh.
    package mutating func forgetContacts() {
        for slot in slots.indices { slots[slot] = nil }
        slotPosition = Array(repeating: (-1, -1), count: Self.slotCount)
        currentSlot = Array(repeating: -1, count: currentSlot.count)
        buttonsDown.removeAll()
    }

    /// Whether a touch is down.
    package var touchesDown: Bool { slots.contains { $0 != nil } }

    /// Whether a pointer button is down.
    package var pointerButtonsDown: Bool { !buttonsDown.isEmpty }

    private mutating func addPosition(_ point: Point, slot: Int, device: Int, into events: inout [RawEvent],
                                      time: EventTime) {
        let axes = touchDevices[device].absInfo
        let maxX = Double(axes[AbsCode.mtPositionX]?.maximum ?? 1), maxY = Double(axes[AbsCode.mtPositionY]?.maximum ?? 1)
        // Points onto the device's axes as the engine maps the axes onto the
        // viewport now (a touch that began before a resize keeps its device).
        let w = viewport.width > 0 ? viewport.width : 1, h = viewport.height > 0 ? viewport.height : 1
        let x = Int32(clamping: Int64((point.x * maxX / w).rounded()))
        let y = Int32(clamping: Int64((point.y * maxY / h).rounded()))
        if x != slotPosition[slot].x {
            events.append(RawEvent(time: time, type: EventType.abs, code: AbsCode.mtPositionX, value: x))
        }
        if y != slotPosition[slot].y {
            events.append(RawEvent(time: time, type: EventType.abs, code: AbsCode.mtPositionY, value: y))
        }
        slotPosition[slot] = (x, y)
    }

    /// The pointer moved to `point`; nil when it stays where it is (to the
    /// point).
    package mutating func pointerMotion(to point: Point, time: EventTime) throws(Refusal) -> (Source, EventFrame)? {
        try check(point, "the pointer position")
        var events: [RawEvent] = []
        movePointer(to: point, into: &events, time: time)
        return events.isEmpty ? nil : (.pointer, EventFrame(time: time, events: events))
    }

    /// A pointer button pressed or released at `point` (1 primary, 2 middle,
    /// 3 secondary); nil when the button is already in that state and the
    /// pointer stays.
    package mutating func pointerButton(_ button: UInt32, pressed: Bool, at point: Point,
                                       time: EventTime) throws(Refusal) -> (Source, EventFrame)? {
        try check(point, "the pointer position")
        let code: UInt16
        switch button {
        case 1: code = KeyCode.btnLeft
        case 2: code = KeyCode.btnMiddle
        case 3: code = KeyCode.btnRight
        default: throw .badButton(button)
        }
        var events: [RawEvent] = []
        movePointer(to: point, into: &events, time: time)
        if pressed != buttonsDown.contains(code) {
            if pressed { buttonsDown.insert(code) } else { buttonsDown.remove(code) }
            events.append(RawEvent(time: time, type: EventType.key, code: code, value: pressed ? 1 : 0))
        }
        return events.isEmpty ? nil : (.pointer, EventFrame(time: time, events: events))
    }

    /// A scroll of `dx`, `dy` detents with the pointer at `point` (positive
    /// `dy`: the content moves up, as GDK's and SDL's deltas). Written as the
    /// kernel writes a high-resolution wheel: 120 per detent, and the
    /// classic wheel event each time a whole detent has gathered.
    package mutating func scroll(dx: Double, dy: Double, at point: Point,
                                time: EventTime) throws(Refusal) -> (Source, EventFrame)? {
        try check(point, "the pointer position")
        guard dx.isFinite, dy.isFinite, abs(dx) <= 1e6, abs(dy) <= 1e6 else { throw .badNumber("the scroll delta") }
        var events: [RawEvent] = []
        movePointer(to: point, into: &events, time: time)
        // REL_WHEEL is positive away from the user: a scroll down (dy > 0) is negative.
        let hiY = Int32((-dy * 120).rounded()), hiX = Int32((dx * 120).rounded())
        if hiY != 0 {
            events.append(RawEvent(time: time, type: EventType.rel, code: RelCode.wheelHiRes, value: hiY))
            wheelRemainder.y += hiY
            let detents = wheelRemainder.y / 120
            if detents != 0 {
                events.append(RawEvent(time: time, type: EventType.rel, code: RelCode.wheel, value: detents))
                wheelRemainder.y -= detents * 120
            }
        }
        if hiX != 0 {
            events.append(RawEvent(time: time, type: EventType.rel, code: RelCode.hwheelHiRes, value: hiX))
            wheelRemainder.x += hiX
            let detents = wheelRemainder.x / 120
            if detents != 0 {
                events.append(RawEvent(time: time, type: EventType.rel, code: RelCode.hwheel, value: detents))
                wheelRemainder.x -= detents * 120
            }
        }
        return events.isEmpty ? nil : (.pointer, EventFrame(time: time, events: events))
    }

    /// A key event with its evdev code.
    package mutating func key(_ code: UInt32, _ state: KeyState, time: EventTime) throws(Refusal) -> (Source, EventFrame) {
        guard code <= 767 else { throw .badKey(code) }
        return (.keyboard, EventFrame(time: time, events: [
            RawEvent(time: time, type: EventType.key, code: UInt16(code), value: state.rawValue)]))
    }

    private mutating func movePointer(to point: Point, into events: inout [RawEvent], time: EventTime) {
        let target = clamp(point)
        let dx = (target.x - pointer.x).rounded(), dy = (target.y - pointer.y).rounded()
        if dx != 0 { events.append(RawEvent(time: time, type: EventType.rel, code: RelCode.x, value: Int32(dx))) }
        if dy != 0 { events.append(RawEvent(time: time, type: EventType.rel, code: RelCode.y, value: Int32(dy))) }
        pointer = clamp(Point(x: pointer.x + dx, y: pointer.y + dy))
    }

    private func clamp(_ p: Point) -> Point {
        Point(x: min(max(p.x, 0), viewport.width), y: min(max(p.y, 0), viewport.height))
    }

    private func check(_ p: Point, _ what: String) throws(Refusal) {
        guard p.x.isFinite, p.y.isFinite, abs(p.x) <= Self.maximumCoordinate, abs(p.y) <= Self.maximumCoordinate else {
            throw .badNumber(what)
        }
    }
}
