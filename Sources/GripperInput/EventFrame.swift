/// The events the kernel delivers up to and including one `SYN_REPORT`: one
/// coherent snapshot of the device's change.
public struct EventFrame: Hashable, Sendable {
    /// The time of the frame: the time of its closing `SYN_REPORT`.
    public var time: EventTime
    /// The events of the frame in order, without the closing `SYN_REPORT`
    /// (writers add it back with the frame's time).
    public var events: [RawEvent]
    /// Whether the frame is a resynchronisation after `SYN_DROPPED`: its
    /// events bring the reader from its last known state to the device's
    /// current one, and contacts that end in it ended while nobody watched
    /// (the tracker cancels them rather than ending them).
    public var isResync: Bool
    /// The value of the closing `SYN_REPORT` (0 from the kernel; a recording
    /// may hold another, which a conversion keeps).
    public var reportValue: Int32

    /// Creates a frame.
    public init(time: EventTime, events: [RawEvent], isResync: Bool = false, reportValue: Int32 = 0) {
        self.time = time
        self.events = events
        self.isResync = isResync
        self.reportValue = reportValue
    }
}
