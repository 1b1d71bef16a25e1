/// One evdev event: what the kernel's `struct input_event` holds.
public struct RawEvent: Hashable, Sendable, CustomStringConvertible {
    /// When the kernel stamped the event.
    public var time: EventTime
    /// The event type (`EV_SYN`, `EV_KEY`, `EV_REL`, `EV_ABS`, …).
    public var type: UInt16
    /// The event code within its type (`ABS_MT_POSITION_X`, `BTN_LEFT`, …).
    public var code: UInt16
    /// The value: a position, a delta, a key state, a tracking id.
    public var value: Int32

    /// Creates an event.
    public init(time: EventTime, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }

    /// Whether this is the `SYN_REPORT` that closes a frame.
    @inlinable public var isSynReport: Bool { type == EventType.syn && code == SynCode.report }

    /// `time TYPE CODE value` with symbolic names (`0.012000 EV_ABS ABS_MT_SLOT 1`),
    /// for logs and test failures.
    public var description: String {
        "\(time) \(EventCodes.typeName(type)) \(EventCodes.codeName(type: type, code: code)) \(value)"
    }
}
