import GripperInput

// Several input devices on one engine: a touchscreen, a mouse and a
// keyboard together. Each device has its own contact tracker and viewport
// mapping; one gesture arena serves them all, one pointer gesture at a
// time (see Documentation/LiveInput.md, "Several devices at once").
extension Engine {
    /// The engine's input devices, in ``InputDeviceID`` order (the first
    /// is ``device``).
    /// - Complexity: O(d) for d devices.
    public var devices: [DeviceDescription] { inputs.channels.map(\.description) }

    /// Adds an input device (a mouse beside a touchscreen, a keyboard …) and
    /// returns the id its frames are handed in with
    /// (``handle(_:from:)``). Its contacts are tracked and mapped onto the
    /// viewport on their own; the gesture arena follows one device at a
    /// time: the one whose contact went down while no other had one down.
    /// A keyboard's (`DeviceKind/keyboard`) frames carry keys, which go to
    /// the keyboard moves, never to the arena.
    ///
    /// ```swift
    /// var engine = try Engine(dataSource: inbox, delegate: rules, viewport: size, device: panel)
    /// let mouse = engine.attach(mouseDevice)
    /// engine.handle(panelFrame)            // from the first device
    /// engine.handle(mouseFrame, from: mouse)
    /// ```
    /// - Complexity: O(1) amortised.
    public mutating func attach(_ device: DeviceDescription) -> InputDeviceID {
        InputDeviceID(index: inputs.attach(device, rect: Rect(x: 0, y: 0, width: viewportSize.width,
                                                               height: viewportSize.height)))
    }

    /// Handles one input frame of `source` (see ``handle(_:)``, which is this
    /// for ``InputDeviceID/first``). Frames of all devices come in one time
    /// order. A frame whose contacts went down while another device's
    /// contact is down is ignored, and so is the rest of that device's
    /// input until all its contacts have lifted. A keyboard's key events
    /// (press, release, autorepeat) go to the keyboard moves in their order.
    /// A frame of a device the engine does not have changes nothing and is
    /// recorded as rejected.
    /// - Complexity: as ``handle(_:)``.
    /// - Returns: the transcript entries the frame (and the deadlines fired
    ///   before it) produced, recorded or not.
    @discardableResult
    public mutating func handle(_ frame: EventFrame, from source: InputDeviceID) -> [Transcript.Entry] {
        if origin == nil { origin = frame.time }
        fireDue(until: frame.time)
        if now.map({ frame.time > $0 }) ?? true { now = frame.time }
        guard inputs.channels.indices.contains(source.index) else {
            appendRejected("a frame from \(source), which the engine does not have", at: frame.time)
            return takeOutbox()
        }
        if inputs.channels[source.index].isKeyboard {
            for event in frame.events where event.type == EventType.key {
                routeKey(code: event.code, value: event.value, at: frame.time)
            }
        } else {
            // A touchpad's tap adds its click's frames after the frame's own.
            let routed = inputs.process(frame, from: source.index)
            if let contacts = routed.frame { handleContacts(contacts) }
            for contacts in routed.more { handleContacts(contacts) }
        }
        return takeOutbox()
    }

    /// Input device `source` went away at `time`: its contacts are forgotten
    /// and, when it drove the gesture in flight (or is the engine's only
    /// device), what is in flight is cancelled as ``deviceLost(at:)`` cancels
    /// it. Another device's gesture, and an open cell or a fling no device
    /// holds, go on. A device the engine does not have changes
    /// nothing and is recorded as rejected.
    /// - Complexity: O(1) plus the cancellation's effects.
    /// - Returns: the transcript entries produced, recorded or not.
    @discardableResult
    public mutating func deviceLost(_ source: InputDeviceID, at time: EventTime) -> [Transcript.Entry] {
        if origin == nil { origin = time }
        fireDue(until: time)
        guard inputs.channels.indices.contains(source.index) else {
            appendRejected("device loss of \(source), which the engine does not have", at: time)
            return takeOutbox()
        }
        append(.deviceLost, at: time)
        if inputs.lose(source.index) { cancelInFlightForDeviceLoss(at: time) }
        return takeOutbox()
    }
}
