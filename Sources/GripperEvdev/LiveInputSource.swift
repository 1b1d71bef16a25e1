import GripperInput

/// Where a ``LiveSession`` reads its frames: an evdev device through
/// ``EvdevReader``, or anything that behaves like one — a synthetic source
/// in a soak test, frames arriving from another process.
///
/// The contract is ``EvdevReader``'s: ``next(until:wakingOn:)`` hands out
/// frames in time order, waits no longer than `deadline` (on ``now``'s
/// clock), reports the device's loss once, and returns nil once closed. A
/// source that ``reconnects`` may hand out
/// ``EvdevReader/Event/deviceArrived(_:)`` after a loss and frames after
/// it, in the units of ``device``.
public protocol LiveInputSource: AnyObject {
    /// A name for messages: the device node, or what the source reads.
    var path: String { get }
    /// The device the frames come from (its axes map contacts to points).
    var device: DeviceDescription { get }
    /// The current time on the source's clock.
    var now: EventTime { get }
    /// The next frame, or why there is none before `deadline`.
    func next(until deadline: EventTime?, wakingOn wakeFD: Int32?) throws(EvdevError) -> EvdevReader.Event?
    /// Stops reading and releases what the source holds.
    func close()
    /// Whether a device can come back after ``EvdevReader/Event/deviceLost``
    /// (a ``DeviceFollower``): a session then goes on reading after a loss.
    var reconnects: Bool { get }
    /// The descriptors that become readable when the source has something
    /// (its device node, a udev monitor): a session reading several sources
    /// waits on all of them at once. Empty when there is none to wait on (a
    /// synthetic source): such a source is asked again every millisecond
    /// while the session waits.
    var descriptors: [Int32] { get }
}

extension LiveInputSource {
    /// A source reconnects only when it says so.
    public var reconnects: Bool { false }
    /// No descriptors unless the source has some.
    public var descriptors: [Int32] { [] }
}

extension EvdevReader: LiveInputSource {
    /// The device node's descriptor (none once closed or lost).
    public var descriptors: [Int32] { descriptor >= 0 ? [descriptor] : [] }
}
