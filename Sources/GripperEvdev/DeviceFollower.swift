// Its states (reading, waiting, closed) have a diagram in Documentation/LiveInput.md: a change here changes it too.
import GripperInput
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A ``LiveInputSource`` that follows "the touchscreen" (any ``DeviceMatch``)
/// rather than one node: when the device goes away it reports
/// ``EvdevReader/Event/deviceLost``; when a matching device of the same kind
/// appears (the same one plugged back, or another), it opens it, reports
/// ``EvdevReader/Event/deviceArrived(_:)`` and hands out its frames, their
/// positions mapped onto the first device's axes (`AxisMapping`), so a
/// ``LiveSession`` carries on with the same engine and the same clock.
///
/// Loss is seen either way the system shows it, whichever comes first: the
/// node hanging up or failing with `ENODEV`, or udev's `remove`. Arrivals are
/// udev's `add` events (``DeviceWatcher``); a node that cannot be opened (its
/// permissions, a grab held elsewhere) is passed over.
///
/// Times: ``now`` is `CLOCK_MONOTONIC`, whichever device is read, which is
/// what a kernel device stamps its events with once asked (every reader asks).
///
/// Not thread-safe: use a follower from one thread at a time.
public final class DeviceFollower: LiveInputSource {
    /// What is followed.
    public let match: DeviceMatch
    /// The first device's description: frames of every later device are
    /// mapped onto its axes.
    public let device: DeviceDescription
    /// The node being read, or the last one read while none is.
    public private(set) var path: String
    /// Whether a device is being read now.
    public var isConnected: Bool { reader != nil }
    /// Always true: a device can come back.
    public var reconnects: Bool { true }
    /// The watcher the follower takes arrivals and removals from (it owns it:
    /// ``close()`` closes it).
    public let watcher: DeviceWatcher
    private let grab: Bool
    private var reader: EvdevReader?
    private var mapping = AxisMapping(from: DeviceDescription(name: ""), to: DeviceDescription(name: ""))
    private var closed = false

    /// Follows `match`, starting with `reader` (a device that matches, opened
    /// by the caller, usually the one ``DeviceWatcher/firstMatch(_:in:until:wakingOn:)``
    /// found). Devices that come later are opened with `grab` as `reader` was.
    public init(reader: EvdevReader, match: DeviceMatch, watcher: DeviceWatcher, grab: Bool = false) {
        self.reader = reader
        self.match = match
        self.watcher = watcher
        self.grab = grab
        device = reader.device
        path = reader.path
    }

    /// The current time, on `CLOCK_MONOTONIC`.
    public var now: EventTime { currentTime(on: CLOCK_MONOTONIC) }

    /// The next frame, loss, arrival or condition, waiting no longer than
    /// until `deadline` (on ``now``'s clock; nil waits). Returns nil once
    /// closed.
    ///
    /// - Throws: ``EvdevError`` when reading or waiting fails other than by
    ///   the device going away.
    /// - Complexity: O(events read) per call; one `ppoll` per wait, on the
    ///   device, udev's monitor and `wakingOn` together.
    public func next(until deadline: EventTime? = nil, wakingOn wakeFD: Int32? = nil) throws(EvdevError) -> EvdevReader.Event? {
        while true {
            if closed { return nil }
            if let event = try takeFromReader(revents: 0) { return event }
            if let event = takeFromWatcher() { return event }
            if let deadline, now >= deadline { return .deadlineReached }
            var fds = [pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: reader?.descriptor ?? -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeFD ?? -1, events: Int16(POLLIN), revents: 0)]
            guard try waitReady(&fds, until: deadline, now: { now }, path: path) > 0 else {
                // Timed out: nothing was readable, so no second read before
                // reporting the deadline (see EvdevReader.next).
                if let deadline, now >= deadline { return .deadlineReached }
                continue
            }
            if fds[2].revents != 0 { return .woken }
            if fds[1].revents != 0, let event = try takeFromReader(revents: fds[1].revents) { return event }
        }
    }

    /// udev's monitor and the device node while one is open.
    public var descriptors: [Int32] {
        closed ? [] : [watcher.descriptor] + (reader.map { $0.descriptors } ?? [])
    }

    /// Closes the device and the watcher; ``next(until:wakingOn:)`` returns
    /// nil afterwards. Safe to call more than once.
    public func close() {
        closed = true
        reader?.close()
        reader = nil
        watcher.close()
    }

    /// What the device has now: a frame (mapped), or its loss.
    private func takeFromReader(revents: Int16) throws(EvdevError) -> EvdevReader.Event? {
        guard let reader else { return nil }
        switch try reader.takeAvailable(revents: revents) {
        case .frame(let frame)?:
            return .frame(mapping.map(frame))
        case .deviceLost?:
            self.reader = nil
            return .deviceLost
        case .deadlineReached?, .woken?, .deviceArrived?, nil:
            return nil
        }
    }

    /// What udev announced: the device's removal, or a device to follow.
    private func takeFromWatcher() -> EvdevReader.Event? {
        while let change = watcher.takeChange() {
            switch change {
            case .removed(let node):
                guard let reader, reader.path == node else { continue }
                reader.close()
                self.reader = nil
                return .deviceLost
            case .added(let node):
                guard reader == nil, case .success(let found) = node.description,
                      found.kind == device.kind, match.matches(node: node.path, device: found),
                      let opened = try? EvdevReader(path: node.path, grab: grab) else { continue }
                reader = opened
                path = node.path
                mapping = AxisMapping(from: opened.device, to: device)
                return .deviceArrived(opened.device)
            }
        }
        return nil
    }
}
