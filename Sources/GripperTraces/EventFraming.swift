import GripperInput

/// Splits a stream of evdev events into frames, one per `SYN_REPORT`.
///
/// Pure: the frames depend on the events only. A frame holds the events up
/// to its `SYN_REPORT` (not the report itself) and takes the report's time,
/// because old recordings stamp each event of a frame slightly differently.
/// Every other event — `SYN_MT_REPORT`, `SYN_DROPPED` included — stays in its
/// frame for the tracker to interpret.
package enum EventFraming {
    /// The frames of `events`, and the events after the last `SYN_REPORT`.
    package struct Result: Hashable, Sendable {
        /// The frames, in order. When `incompleteTail` is not empty it is also
        /// the last frame here, timed by its last event.
        package var frames: [EventFrame]
        /// The events after the last `SYN_REPORT` (empty when the stream ends
        /// with one).
        package var incompleteTail: [RawEvent]
    }

    /// Frames `events`.
    /// - Complexity: O(n) in the number of events.
    package static func frames(of events: [RawEvent]) -> Result {
        var frames: [EventFrame] = []
        var current: [RawEvent] = []
        for event in events {
            if event.isSynReport {
                frames.append(EventFrame(time: event.time, events: current, reportValue: event.value))
                current.removeAll(keepingCapacity: true)
            } else {
                current.append(event)
            }
        }
        if let last = current.last {
            frames.append(EventFrame(time: last.time, events: current))
        }
        return Result(frames: frames, incompleteTail: current)
    }

    /// The warning a reader gives for `count` events after the last `SYN_REPORT`.
    static func incompleteTailWarning(file: String, count: Int) -> TraceWarning {
        TraceWarning(file: file, line: nil,
                     message: "the trace ends with \(count) event(s) after the last SYN_REPORT; kept as an incomplete last frame")
    }
}
