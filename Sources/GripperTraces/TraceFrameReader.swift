import GripperInput

/// Reads a trace one frame at a time, holding a window of the file rather
/// than the file: the streaming side of ``EvemuFormat`` and
/// ``LibinputRecordFormat``. `gripper trace info`, `gestures`, `replay` and
/// `convert` read through it, so their memory does not grow with the trace.
///
/// The device description is read when the reader is made; ``next()`` then
/// gives the frames in order, each grouped by `SYN_REPORT` as
/// `EventFraming` does (a trailing incomplete frame is the last frame, and
/// ``lastFrameIsIncomplete`` says so). Warnings are counted, the first few
/// kept (`TraceWarningLog`).
///
/// An evemu file is checked as it is read, so a malformed line far into the
/// file is reported by the ``next()`` call that reaches it; a libinput-record
/// file is checked whole when it is opened (its events are read again for
/// the frames).
public final class TraceFrameReader {
    /// The file name given to the reader (named in errors and warnings).
    public let fileName: String
    /// The device the events come from.
    public let device: DeviceDescription
    /// What the file says about the recording.
    public let metadata: TraceMetadata
    /// The events delivered so far, each frame's `SYN_REPORT` included.
    public private(set) var eventCount = 0
    /// The frames delivered so far.
    public private(set) var frameCount = 0
    /// Whether the frame ``next()`` returned last had no closing
    /// `SYN_REPORT` (the trace ended in the middle of a frame).
    public private(set) var lastFrameIsIncomplete = false
    private let earlierWarnings: [TraceWarning]
    private let producer: any FrameProducer

    package init(fileName: String, device: DeviceDescription, metadata: TraceMetadata, producer: any FrameProducer,
         earlierWarnings: [TraceWarning] = []) {
        self.fileName = fileName
        self.device = device
        self.metadata = metadata
        self.producer = producer
        self.earlierWarnings = earlierWarnings
    }

    /// A reader of a trace already in memory (to write it with the same code
    /// that writes a file being read).
    public convenience init(trace: Trace, fileName: String = "<memory>") {
        self.init(fileName: fileName, device: trace.device, metadata: trace.metadata,
                  producer: TraceFramesProducer(trace: trace, file: fileName), earlierWarnings: trace.warnings)
    }

    /// The warnings so far: the first `TraceWarningLog/defaultLimit`, then
    /// one saying how many more there were.
    public var warnings: [TraceWarning] { earlierWarnings + producer.warnings.warnings }

    /// How many warnings there were so far, shown or not.
    public var warningCount: Int { earlierWarnings.count + producer.warnings.count }

    /// The next frame, or nil after the last.
    /// - Throws: ``TraceError`` for anything malformed, naming file, line and column.
    /// - Complexity: O(bytes of the frame's lines); called per frame.
    public func next() throws(TraceError) -> EventFrame? {
        guard let (frame, complete) = try producer.nextFrame() else { return nil }
        frameCount += 1
        eventCount += frame.events.count + (complete ? 1 : 0)
        lastFrameIsIncomplete = !complete
        return frame
    }

    /// Reads the rest of the trace into memory.
    /// - Complexity: O(n) in the rest of the file.
    public func readTrace() throws(TraceError) -> Trace {
        var events: [RawEvent] = []
        var frames: [EventFrame] = []
        while let frame = try next() {
            events += frame.events
            if !lastFrameIsIncomplete {
                events.append(RawEvent(time: frame.time, type: EventType.syn, code: SynCode.report, value: frame.reportValue))
            }
            frames.append(frame)
        }
        return Trace(device: device, events: events, frames: frames, warnings: warnings, metadata: metadata)
    }
}

/// A reader's source of frames: one per format.
package protocol FrameProducer: AnyObject {
    /// The next frame and whether a `SYN_REPORT` closed it; nil at the end.
    func nextFrame() throws(TraceError) -> (EventFrame, complete: Bool)?
    /// The warnings so far.
    var warnings: TraceWarningLog { get }
}

/// Frames from events already in memory (a libinput-record events list
/// read as YAML).
package final class InMemoryFrameProducer: FrameProducer {
    private let events: [RawEvent]
    private var index = 0
    package private(set) var warnings: TraceWarningLog

    package init(events: [RawEvent], warnings: TraceWarningLog) {
        self.events = events
        self.warnings = warnings
    }

    package func nextFrame() throws(TraceError) -> (EventFrame, complete: Bool)? {
        guard index < events.count else { return nil }
        var frameEvents: [RawEvent] = []
        while index < events.count {
            let event = events[index]
            index += 1
            if event.isSynReport { return (EventFrame(time: event.time, events: frameEvents, reportValue: event.value), true) }
            frameEvents.append(event)
        }
        warnings.appendAlways(EventFraming.incompleteTailWarning(file: warnings.file, count: frameEvents.count))
        return (EventFrame(time: frameEvents[frameEvents.count - 1].time, events: frameEvents), false)
    }
}

/// The frames of a ``Trace`` in memory.
final class TraceFramesProducer: FrameProducer {
    private let frames: [EventFrame]
    private let lastIsIncomplete: Bool
    private var index = 0
    let warnings: TraceWarningLog

    init(trace: Trace, file: String) {
        frames = trace.frames
        lastIsIncomplete = !(trace.events.last?.isSynReport ?? true)
        warnings = TraceWarningLog(file: file)
    }

    func nextFrame() throws(TraceError) -> (EventFrame, complete: Bool)? {
        guard index < frames.count else { return nil }
        index += 1
        return (frames[index - 1], !(index == frames.count && lastIsIncomplete))
    }
}
