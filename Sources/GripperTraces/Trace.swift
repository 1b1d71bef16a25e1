import GripperInput

/// A recorded input session: the device it came from and every event it sent,
/// as read from an evemu or libinput-record file (or built in memory).
///
/// Times are kept exactly as in the file: evemu 1.3 and libinput record start
/// near zero, older evemu files at an epoch time; ``startTime`` tells which.
public struct Trace: Hashable, Sendable {
    /// The device the events came from.
    public let device: DeviceDescription
    /// Every event in file order, `SYN_REPORT`s included, each with its own time.
    public let events: [RawEvent]
    /// What was read past: unknown header lines, an incomplete last frame, …
    public let warnings: [TraceWarning]
    /// Where the recording was made (kernel, libinput version, udev properties …).
    public let metadata: TraceMetadata
    /// The events grouped by `SYN_REPORT` (see `EventFraming`); a trailing
    /// incomplete frame is the last frame and is named in ``warnings``.
    public let frames: [EventFrame]

    /// Creates a trace and frames its events. `file` names the source in the
    /// warning about a trailing incomplete frame.
    /// - Complexity: O(n) in the number of events.
    public init(device: DeviceDescription, events: [RawEvent], warnings: [TraceWarning] = [],
                metadata: TraceMetadata = TraceMetadata(), file: String = "<memory>") {
        self.device = device
        self.events = events
        self.metadata = metadata
        let framing = EventFraming.frames(of: events)
        self.frames = framing.frames
        var warnings = warnings
        if !framing.incompleteTail.isEmpty {
            warnings.append(EventFraming.incompleteTailWarning(file: file, count: framing.incompleteTail.count))
        }
        self.warnings = warnings
    }

    /// A trace whose events a reader has framed already (see ``TraceFrameReader/readTrace()``).
    init(device: DeviceDescription, events: [RawEvent], frames: [EventFrame], warnings: [TraceWarning],
         metadata: TraceMetadata) {
        self.device = device
        self.events = events
        self.frames = frames
        self.warnings = warnings
        self.metadata = metadata
    }

    /// The time of the first event, or nil for a trace without events.
    public var startTime: EventTime? { events.first?.time }

    /// The time of the last event, or nil for a trace without events.
    public var endTime: EventTime? { events.last?.time }

    /// From the first event to the last; zero for fewer than two events.
    public var duration: Duration {
        guard let start = startTime, let end = endTime else { return .zero }
        return end - start
    }

    /// Whether the times look like wall-clock (epoch) times rather than times
    /// relative to the start of the recording: a start later than one day.
    public var hasAbsoluteTimes: Bool { (startTime?.microseconds ?? 0) > 86_400_000_000 }
}
