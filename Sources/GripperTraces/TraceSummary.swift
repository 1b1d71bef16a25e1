import GripperGeometry
@_spi(Benchmarks) import GripperInput

/// What `gripper trace info` reports about a trace: the device, how long the
/// trace lasts, how many frames and events it holds, and every contact (touch
/// sequence, or left-button press for a mouse) with its timing and path.
///
/// Computed by running a `ContactTracker` over the frames, so it counts
/// contacts exactly as the rest of Gripper sees them. Times are in seconds
/// from the first frame. Made from a whole trace (``init(trace:)``) or from
/// frames (``init(device:frames:)``).
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
    /// The total wheel movement in detents (see `ContactFrame.scroll`).
    public var scrollDetents: Point
    /// Every contact, in the order they began.
    public var contacts: ContactList

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
        var builder = Builder(device: device)
        for frame in frames { builder.add(frame) }
        self = builder.finish()
    }

    /// Builds a ``TraceSummary`` one frame at a time: memory for the
    /// contacts (about 72 bytes each), none for the frames.
    package struct Builder: Sendable {
        private let device: DeviceDescription
        private var tracker: ContactTracker
        private var first: EventTime?
        private var last: EventTime?
        private var frameTotal = 0
        private var events = 0
        private var most = 0
        private var scroll = Point.zero
        private var open: [Int: Int] = [:]   // contact id → index in `list`
        private var list = ContactList()

        /// A builder for a stream from `device`.
        package init(device: DeviceDescription) {
            self.device = device
            tracker = ContactTracker(device: device)
        }

        /// Adds the next frame.
        /// - Complexity: O(events in the frame + contacts in it); called per frame.
        package mutating func add(_ frame: EventFrame) {
            let origin = first ?? frame.time
            first = origin
            last = frame.time
            frameTotal += 1
            events += frame.events.count + 1
            absorb(tracker.process(frame), origin: origin)
        }

        /// The summary: contacts still down are cancelled. `eventCount`
        /// replaces the count of events seen (a reader's exact count).
        /// - Complexity: O(slots).
        package mutating func finish(eventCount: Int? = nil) -> TraceSummary {
            if let end = tracker.finish(), let origin = first {
                absorb(end, origin: origin)
            }
            let duration = first.flatMap { f in last.map { ($0 - f).secondsDouble } } ?? 0
            return TraceSummary(deviceName: device.name, deviceKind: device.kind, sizeMillimetres: device.sizeInMillimetres,
                                hasPhysicalSize: device.hasPhysicalResolution, durationSeconds: duration,
                                frameCount: frameTotal, eventCount: eventCount ?? events, maxConcurrentContacts: most,
                                scrollDetents: scroll, contacts: list)
        }

        private mutating func absorb(_ frame: ContactFrame, origin: EventTime) {
            var down = 0
            let t = (frame.time - origin).secondsDouble
            for contact in frame.contacts {
                if !contact.phase.isFinal { down += 1 }
                if let index = open[contact.id] {
                    list.update(at: index) { $0.extend(to: contact.millimetres, at: t) }
                    if contact.phase.isFinal {
                        list.update(at: index) { $0.outcome = contact.phase }
                        open[contact.id] = nil
                    }
                } else {
                    open[contact.id] = list.count
                    list.append(ContactSummary(id: contact.id, startSeconds: t, startMillimetres: contact.millimetres))
                }
            }
            most = Swift.max(most, down)
            scroll = scroll + frame.scroll
        }
    }

    private init(deviceName: String, deviceKind: DeviceKind, sizeMillimetres: Size?, hasPhysicalSize: Bool,
                 durationSeconds: Double, frameCount: Int, eventCount: Int, maxConcurrentContacts: Int,
                 scrollDetents: Point, contacts: ContactList) {
        self.deviceName = deviceName
        self.deviceKind = deviceKind
        self.sizeMillimetres = sizeMillimetres
        self.hasPhysicalSize = hasPhysicalSize
        self.durationSeconds = durationSeconds
        self.frameCount = frameCount
        self.eventCount = eventCount
        self.maxConcurrentContacts = maxConcurrentContacts
        self.scrollDetents = scrollDetents
        self.contacts = contacts
    }
}
