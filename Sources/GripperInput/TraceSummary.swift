import GripperGeometry

/// What `gripper trace info` reports about a trace: the device, how long the
/// trace lasts, how many frames and events it holds, and every contact (touch
/// sequence, or left-button press for a mouse) with its timing and path.
///
/// Computed by running a ``ContactTracker`` over the frames, so it counts
/// contacts exactly as the rest of Gripper sees them. Times are in seconds
/// from the first frame.
public struct TraceSummary: Hashable, Sendable {
    /// The device's name.
    public var deviceName: String
    /// The device's kind.
    public var deviceKind: DeviceKind
    /// The touch surface in millimetres; nil for relative devices.
    public var sizeMillimetres: Size?
    /// Whether ``sizeMillimetres`` comes from the device's resolution rather
    /// than the documented fallback.
    public var hasPhysicalSize: Bool
    /// Seconds from the first frame to the last.
    public var durationSeconds: Double
    /// The number of frames.
    public var frameCount: Int
    /// The number of events, counting each frame's closing `SYN_REPORT`.
    public var eventCount: Int
    /// The most contacts down in one frame.
    public var maxConcurrentContacts: Int
    /// The total wheel movement in detents (see ``ContactFrame/scroll``).
    public var scrollDetents: Point
    /// Every contact, in the order they began.
    public var contacts: [ContactSummary]

    /// The number of contacts.
    public var contactCount: Int { contacts.count }

    /// Summarises a trace. Unlike ``init(device:frames:)`` it counts the
    /// events exactly as the file holds them, so a trace that ends without
    /// its last `SYN_REPORT` is not counted one event too many.
    ///
    /// - Complexity: O(events).
    public init(trace: Trace) {
        self.init(device: trace.device, frames: trace.frames)
        eventCount = trace.events.count
    }

    /// Summarises the frames of one stream from `device`; every frame is
    /// counted as closed by a `SYN_REPORT`.
    ///
    /// - Complexity: O(events).
    public init(device: DeviceDescription, frames: some Sequence<EventFrame>) {
        deviceName = device.name
        deviceKind = device.kind
        sizeMillimetres = device.sizeInMillimetres
        hasPhysicalSize = device.hasPhysicalResolution
        var tracker = ContactTracker(device: device)
        var first: EventTime?
        var last: EventTime?
        var frameTotal = 0
        var events = 0
        var most = 0
        var scroll = Point.zero
        var open: [Int: Int] = [:]   // contact id → index in `list`
        var list: [ContactSummary] = []

        func absorb(_ frame: ContactFrame, origin: EventTime) {
            var down = 0
            let t = (frame.time - origin).secondsDouble
            for contact in frame.contacts {
                if !contact.phase.isFinal { down += 1 }
                if let index = open[contact.id] {
                    list[index].extend(to: contact.millimetres, at: t)
                    if contact.phase.isFinal {
                        list[index].outcome = contact.phase
                        open[contact.id] = nil
                    }
                } else {
                    open[contact.id] = list.count
                    list.append(ContactSummary(id: contact.id, startSeconds: t, startMillimetres: contact.millimetres))
                }
            }
            most = max(most, down)
            scroll = scroll + frame.scroll
        }

        for frame in frames {
            let origin = first ?? frame.time
            first = origin
            last = frame.time
            frameTotal += 1
            events += frame.events.count + 1
            absorb(tracker.process(frame), origin: origin)
        }
        if let end = tracker.finish(), let origin = first {
            absorb(end, origin: origin)
        }
        if let first, let last { durationSeconds = (last - first).secondsDouble } else { durationSeconds = 0 }
        frameCount = frameTotal
        eventCount = events
        maxConcurrentContacts = most
        scrollDetents = scroll
        contacts = list
    }
}
