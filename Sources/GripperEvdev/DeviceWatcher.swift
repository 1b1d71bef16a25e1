import GripperInput
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reports evdev devices appearing and disappearing, as udev announces them
/// (through libudev's monitor: the events arrive once udev's rules have set
/// a node up, so it can be opened at once).
///
/// ```swift
/// let watcher = try DeviceWatcher()
/// for node in try watcher.present() { print("present", node.path) }
/// while case .change(let change) = try watcher.next() { print(change) }
/// ```
///
/// Watching starts when the watcher is created: a device that appears while
/// ``present(in:)`` lists the nodes may be reported by both.
/// Not thread-safe: use a watcher from one thread at a time.
public final class DeviceWatcher {
    /// A device appeared or went away.
    public enum Change: Sendable {
        /// A node appeared; its description, or why it could not be opened
        /// (the node is described by opening it briefly, read-only).
        case added(EvdevNode)
        /// A node went away (only its path is known then).
        case removed(path: String)
    }

    /// What ``next(until:wakingOn:)`` returns.
    public enum Event: Sendable {
        /// A device appeared or went away.
        case change(Change)
        /// The deadline passed with no change.
        case deadlineReached
        /// The descriptor passed as `wakingOn` became readable.
        case woken
    }

    private let udev: UdevHandle
    /// The udev properties of the nodes seen arriving (a `remove` carries
    /// none), by node.
    private var known: [String: [String: String]] = [:]

    /// Starts watching udev's `input` subsystem.
    /// - Throws: ``EvdevError`` with operation `.watch` when udev cannot be
    ///   reached (no udev in a minimal container, say).
    public init() throws(EvdevError) {
        udev = try UdevHandle()
    }

    /// The current time on the clock deadlines are given in: `CLOCK_MONOTONIC`.
    public var now: EventTime { currentTime(on: CLOCK_MONOTONIC) }

    /// The monitor's descriptor, for a caller that waits on several at once.
    package var descriptor: Int32 { udev.fd }

    /// The devices present now (see ``EvdevNode/all(in:)``).
    /// - Throws: ``EvdevError`` when the directory cannot be read.
    public func present(in directory: String = "/dev/input") throws(EvdevError) -> [EvdevNode] {
        try EvdevNode.all(in: directory)
    }

    /// The udev properties of `node` (such as `ID_INPUT_TOUCHSCREEN` or
    /// `LIBINPUT_CALIBRATION_MATRIX`): those its arrival carried, or else
    /// udev's database's; nil when udev does not know it.
    public func properties(of node: String) -> [String: String]? {
        known[node] ?? udev.properties(ofNode: node)
    }

    /// The udev properties of `node` from udev's database, without
    /// watching; nil when udev is not there or does not know the node.
    public static func properties(of node: String) -> [String: String]? {
        (try? UdevHandle(monitoring: false))?.properties(ofNode: node)
    }

    /// The next change, waiting no longer than until `deadline` (on
    /// ``now``'s clock; nil waits for a change or `wakingOn`).
    ///
    /// - Throws: ``EvdevError`` when waiting fails.
    /// - Complexity: one `ppoll` per wait; opening a node that appeared.
    public func next(until deadline: EventTime? = nil, wakingOn wakeFD: Int32? = nil) throws(EvdevError) -> Event {
        while true {
            if let change = takeChange() { return .change(change) }
            if let deadline, now >= deadline { return .deadlineReached }
            var fds = [pollfd(fd: udev.fd, events: Int16(POLLIN), revents: 0)]
            if let wakeFD { fds.append(pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)) }
            guard try waitReady(&fds, until: deadline, now: { now }, path: "udev") > 0 else { continue }
            if fds.count > 1, fds[1].revents != 0 { return .woken }
        }
    }

    /// The first device that matches: one present now (the lowest node
    /// number first), or else the first to appear before `deadline` (nil
    /// waits for ever). Nodes that cannot be opened do not match.
    ///
    /// - Returns: `.change(.added(node))` for the device found,
    ///   `.deadlineReached` or `.woken`.
    public func firstMatch(_ match: DeviceMatch, in directory: String = "/dev/input",
                           until deadline: EventTime? = nil, wakingOn wakeFD: Int32? = nil) throws(EvdevError) -> Event {
        for node in try present(in: directory) where Self.matches(match, node) {
            return .change(.added(node))
        }
        while true {
            let event = try next(until: deadline, wakingOn: wakeFD)
            switch event {
            case .change(.added(let node)) where Self.matches(match, node): return event
            case .change: continue
            case .deadlineReached, .woken: return event
            }
        }
    }

    /// A change already received, without waiting; nil when none is queued.
    package func takeChange() -> Change? {
        guard let change = udev.receive() else { return nil }
        switch change.action {
        case .add:
            known[change.node] = change.properties
            return .added(EvdevNode(path: change.node,
                                    description: Result { () throws(EvdevError) in try EvdevNode.describe(path: change.node) }))
        case .remove:
            known[change.node] = nil
            return .removed(path: change.node)
        }
    }

    /// Stops watching; later calls report nothing but deadlines and `wakingOn`.
    public func close() { udev.close() }

    private static func matches(_ match: DeviceMatch, _ node: EvdevNode) -> Bool {
        guard case .success(let device) = node.description else { return false }
        return match.matches(node: node.path, device: device)
    }
}
