import GripperInput

/// Writes traces as evemu or libinput-record text, one piece at a time: the
/// file's header, each device's description, then event by event (or frame by
/// frame). The one writer behind ``EvemuFormat/write(_:)``,
/// ``LibinputRecordFormat/write(_:)-(Trace)``, `gripper record` and
/// `gripper trace convert`.
///
/// Pure: the text accumulates in the writer until the caller takes it with
/// ``drain(_:)`` and writes it wherever it goes, so a recording or a
/// conversion holds one frame's text at a time whatever the trace's length.
///
/// Every string from a device or the metadata is written so that the reader
/// reads it back: YAML strings are double-quoted with escapes (or plain when
/// that is safe), and the one-line fields of evemu (the `N:` line, comments)
/// get U+FFFD in place of the control characters the format cannot hold.
public struct TraceWriter: Sendable {
    /// The file format written (``TraceFormat``).
    public typealias Format = TraceFormat

    /// How event times are written.
    public enum Times: Hashable, Sendable {
        /// As they are in the trace (conversions).
        case asRecorded
        /// From the first event, as the tools record: `evemu-record` puts the
        /// first event at 0.000001 s, `libinput record` at 0.
        case fromFirstEvent
    }

    /// The format written.
    public let format: Format
    /// How times are written.
    public let times: Times
    var out = FormattedText(capacity: 1 << 16)
    /// What each format remembers between events of one device.
    var state = EventState()
    private var origin: EventTime?

    /// A writer producing `format`.
    public init(format: Format, times: Times = .asRecorded) {
        self.format = format
        self.times = times
    }

    /// State the per-event comments need (the previous `SYN_REPORT`'s
    /// milliseconds, libinput's per-slot axis values …), reset per device.
    struct EventState: Sendable {
        var lastMilliseconds: Int64 = 0
        var frameOpen = false
        var hasSlots = false
        var slot = 0
        var values: [UInt16: Int32] = [:]
        var slotValues: [Int: [UInt16: Int32]] = [:]
        var slotState: UInt32 = 0
        var lastSlotState: UInt32 = 0
    }

    // MARK: - Output

    /// The number of bytes written and not yet drained.
    public var pendingByteCount: Int { out.count }

    /// Hands the text written so far to `body` and forgets it.
    /// - Complexity: O(bytes pending).
    public mutating func drain<E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> Void) throws(E) {
        guard out.count > 0 else { return }
        do {
            try out.bytes.withUnsafeBytes { raw in try body(raw) }
        } catch {
            // `withUnsafeBytes` rethrows untyped; only `body`'s errors come out.
            throw error as! E
        }
        out.removeAll()
    }

    /// Takes the text written so far.
    /// - Complexity: O(bytes pending).
    public mutating func takeText() -> String {
        let text = out.string
        out.removeAll()
        return text
    }

    // MARK: - Structure

    /// Begins a file of `deviceCount` devices: libinput record's header (the
    /// versions and system from `metadata`); nothing for evemu.
    public mutating func beginFile(metadata: TraceMetadata, deviceCount: Int = 1) {
        switch format {
        case .evemu: break
        case .libinputRecord: writeLibinputHeader(metadata: metadata, deviceCount: deviceCount)
        }
    }

    /// Begins a device: evemu's description and "Waiting for events" banner,
    /// or libinput record's `devices:` entry up to `events:`. `index` numbers
    /// the device node when the metadata names none.
    public mutating func beginDevice(_ device: DeviceDescription, metadata: TraceMetadata, index: Int = 0) {
        state = EventState()
        origin = nil
        switch format {
        case .evemu:
            Self.writeEvemuDescription(device, metadata: metadata, to: &out)
            out.append("################################\n")
            out.append("#      Waiting for events      #\n")
            out.append("################################\n")
        case .libinputRecord:
            writeLibinputDevice(device, metadata: metadata, index: index)
        }
    }

    /// Writes one event with the tool's comment.
    /// - Complexity: O(1); called per event.
    public mutating func append(_ event: RawEvent) {
        let time = written(event.time)
        switch format {
        case .evemu: Self.writeEvemuEvent(event, time: time, lastMilliseconds: &state.lastMilliseconds, to: &out)
        case .libinputRecord: writeLibinputEvent(event, time: time)
        }
    }

    /// Writes a frame: its events and, when `complete`, the closing
    /// `SYN_REPORT` at the frame's time. A resync frame (see
    /// ``/GripperInput/EventFrame/isResync``) is written as the kernel delivered it: a
    /// `SYN_DROPPED` frame at its first event's time, then the state as an
    /// ordinary frame.
    /// - Complexity: O(events in the frame); called per frame.
    public mutating func append(_ frame: EventFrame, complete: Bool = true) {
        if frame.isResync {
            let first = frame.events.first?.time ?? frame.time
            append(RawEvent(time: first, type: EventType.syn, code: SynCode.dropped, value: 0))
            append(RawEvent(time: first, type: EventType.syn, code: SynCode.report, value: 0))
        }
        for event in frame.events { append(event) }
        if complete { append(RawEvent(time: frame.time, type: EventType.syn, code: SynCode.report, value: frame.reportValue)) }
    }

    /// A comment line between frames (why a recording ended early …).
    public mutating func appendNote(_ text: String) {
        switch format {
        case .evemu: out.append("# \(Self.oneLine(text))\n")
        case .libinputRecord: out.append("  # \(Self.oneLine(text, yaml: true))\n")
        }
    }

    /// The time as written: as recorded, or from the first event (never negative).
    private mutating func written(_ time: EventTime) -> EventTime {
        switch times {
        case .asRecorded:
            return time
        case .fromFirstEvent:
            let origin = self.origin ?? (format == .evemu ? time - .microseconds(1) : time)
            self.origin = origin
            return EventTime(microseconds: Swift.max(0, time.microseconds(since: origin)))
        }
    }
}
