import GripperInput

/// Event scripts for umockdev's evemu replay (`umockdev-run -e NODE=FILE`),
/// with its pitfalls handled:
/// - the microsecond field is written without leading zeros (umockdev parses
///   it with base auto-detection, so `0.010000` would read as octal);
/// - a harmless `SYN_REPORT` at t = 0, because the replay clock starts when
///   `umockdev-run` starts, not when the device is opened;
/// - times relative to the first event, after a lead time that lets the
///   program under test start and open the device.
public enum UmockdevEventScript {
    /// The script for `events`, shifted so the first plays `lead` after the
    /// replay starts (keeping the gaps between events). `startMarker` adds
    /// the harmless `SYN_REPORT` at t = 0 (leave it out to replay a
    /// recording that already starts with its own frame at 0).
    public static func text(events: [RawEvent], lead: Duration = .milliseconds(500), startMarker: Bool = true) -> String {
        var out = startMarker ? "E: 0.0 0000 0000 0\n" : ""
        guard let first = events.first?.time else { return out }
        let offset = lead.microsecondsRounded
        for event in events {
            let t = max(0, event.time.microseconds(since: first)) + offset
            out += "E: \(t / 1_000_000).\(t % 1_000_000) \(hex4(event.type)) \(hex4(event.code)) \(event.value)\n"
        }
        return out
    }

    /// The script for `frames`: each frame's events and its closing
    /// `SYN_REPORT` (a resync frame is written as its events; replaying it
    /// does not make the reader resync).
    public static func text(frames: [EventFrame], lead: Duration = .milliseconds(500), startMarker: Bool = true) -> String {
        text(events: events(of: frames), lead: lead, startMarker: startMarker)
    }

    /// The events of `frames` with each frame's `SYN_REPORT` added back.
    public static func events(of frames: [EventFrame]) -> [RawEvent] {
        frames.flatMap { frame in
            frame.events + [RawEvent(time: frame.time, type: EventType.syn, code: SynCode.report, value: frame.reportValue)]
        }
    }

    private static func hex4(_ v: UInt16) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }
}
