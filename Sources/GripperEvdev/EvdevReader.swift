import GripperInput
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads a live evdev device: opens the node, describes it, and hands out the
/// same `EventFrame`s a trace of the device would hold, stamped with the
/// kernel's event times.
///
/// The reader never busy-waits: ``next(until:wakingOn:)`` waits on the device
/// with `ppoll` and a timeout equal to the time left until the caller's
/// deadline, to the microsecond. A
/// `SYN_DROPPED` is resolved with libevdev's sync protocol and handed out as
/// one frame with `isResync = true`; a device that goes away is handed out
/// once as ``Event/deviceLost``, after which the reader is finished.
///
/// Not thread-safe: use a reader from one thread at a time.
public final class EvdevReader {
    /// What ``next(until:wakingOn:)`` returns.
    public enum Event: Hashable, Sendable {
        /// A frame of events up to and including a `SYN_REPORT`, or a resync.
        case frame(EventFrame)
        /// The deadline passed with no input left to hand out.
        case deadlineReached
        /// The descriptor passed as `wakingOn` became readable (a signal's
        /// self-pipe, say); the caller decides what to do.
        case woken
        /// The device went away. The frame in progress, if any, is dropped:
        /// cancel whatever its contacts started. From an ``EvdevReader``
        /// nothing follows; a source that follows a match
        /// (``DeviceFollower``) may later hand out ``deviceArrived(_:)``.
        case deviceLost
        /// After ``deviceLost``, a device to read again (described here):
        /// the frames that follow come from it. Only a source that follows
        /// a match hands this out, never an ``EvdevReader``.
        case deviceArrived(DeviceDescription)
    }

    /// The device node.
    public let path: String
    /// The device as libevdev describes it.
    public let device: DeviceDescription
    private let handle: LibevdevHandle
    private var machine = EvdevReaderStateMachine()
    private var outbox: [Event] = []

    /// Opens `path` read-only, non-blocking and close-on-exec, reads its
    /// description and, with `grab`, takes the device exclusively (other
    /// readers, the desktop included, stop seeing its events until
    /// ``close()``).
    ///
    /// - Throws: ``EvdevError`` with `.permissionDenied` when the user may not
    ///   read the node, `.notAnEvdevDevice` for a node that is not evdev,
    ///   `.busy` when another process holds the grab.
    public init(path: String, grab: Bool = false) throws(EvdevError) {
        self.path = path
        handle = try LibevdevHandle(path: path)
        handle.preferMonotonicClock()
        device = handle.describe()
        if grab {
            do { try handle.grab(true) } catch {
                handle.close()
                throw error
            }
        }
    }

    deinit { handle.close() }

    /// The current time on the clock the kernel stamps this device's events
    /// with, so a deadline can be computed from it (`reader.now + .seconds(5)`).
    public var now: EventTime { currentTime(on: handle.clockID) }

    /// Whether the reader is lost or closed and will hand out nothing more.
    public var isFinished: Bool { machine.isFinished && outbox.isEmpty }

    /// The next frame or condition, waiting no longer than until `deadline`
    /// (on the clock of ``now``; nil waits for input). Input already available
    /// is handed out before a passed deadline is reported, so frames come in
    /// time order. Returns nil once the reader is finished (after
    /// ``Event/deviceLost`` or ``close()``).
    ///
    /// - Parameter deadline: when to stop waiting; nil waits for input.
    /// - Parameter wakeFD: an extra descriptor to watch, such as the read
    ///   end of a self-pipe a signal handler writes to; when it is readable
    ///   the reader returns ``Event/woken`` (it does not read from it).
    /// - Throws: ``EvdevError`` for read or poll failures other than the
    ///   device going away (which is ``Event/deviceLost``).
    /// - Complexity: O(events read) per call; one `ppoll` per wait.
    public func next(until deadline: EventTime? = nil, wakingOn wakeFD: Int32? = nil) throws(EvdevError) -> Event? {
        while true {
            if !outbox.isEmpty { return outbox.removeFirst() }
            if machine.isFinished { return nil }
            if try readAvailable() { continue }
            if let deadline, now >= deadline { return .deadlineReached }

            var fds = [pollfd(fd: handle.fd, events: Int16(POLLIN), revents: 0)]
            if let wakeFD { fds.append(pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)) }
            // A wait that timed out saw no input on the node (libevdev's queue
            // was drained just before it): the deadline is reported at once,
            // without another read — under umockdev's preload library that
            // read alone cost about 170 µs of lateness.
            guard try waitReady(&fds, until: deadline, now: { now }, path: path) > 0 else {
                if let deadline, now >= deadline { return .deadlineReached }
                continue
            }
            if fds.count > 1, fds[1].revents != 0 { return .woken }
            let revents = Int32(fds[0].revents)
            if revents & Int32(POLLIN) != 0, try readAvailable() { continue }
            if revents & Int32(POLLHUP | POLLERR | POLLNVAL) != 0 { lose() }
        }
    }

    /// Releases the grab and closes the device; ``next(until:wakingOn:)``
    /// returns nil afterwards. Safe to call more than once.
    public func close() {
        switch machine.closeRequested() {
        case .release: handle.close()
        case .none, .emit, .readSyncEvents, .reportLostAndRelease, .ignored: break
        }
        outbox.removeAll()
    }

    /// The node's descriptor, for a caller that waits on several at once
    /// (``DeviceFollower``); -1 once closed or lost.
    package var descriptor: Int32 { handle.fd }

    /// What the reader has for the caller without waiting: a queued event,
    /// or what a read of the node gives now, or — when `revents` (from the
    /// caller's own poll of ``descriptor``) says it hung up and nothing is
    /// left — ``Event/deviceLost``. Nil when nothing is there now or the
    /// reader is finished.
    ///
    /// - Complexity: O(events read).
    package func takeAvailable(revents: Int16 = 0) throws(EvdevError) -> Event? {
        if !outbox.isEmpty { return outbox.removeFirst() }
        if machine.isFinished { return nil }
        if try readAvailable() { return outbox.isEmpty ? nil : outbox.removeFirst() }
        if Int32(revents) & Int32(POLLHUP | POLLERR | POLLNVAL) != 0 {
            lose()
            return outbox.isEmpty ? nil : outbox.removeFirst()
        }
        return nil
    }

    /// Reads what libevdev has until a frame completes, the device is lost,
    /// or nothing is left; returns whether something was queued for the caller.
    private func readAvailable() throws(EvdevError) -> Bool {
        do {
            while true {
                switch try handle.next(sync: false) {
                case .none:
                    return false
                case .event(let event):
                    if case .emit(let frame) = machine.eventRead(event) {
                        outbox.append(.frame(frame))
                        return true
                    }
                case .sync(let dropped):
                    guard machine.syncDropped(at: dropped.time) == .readSyncEvents else { continue }
                    while case .sync(let event) = try handle.next(sync: true) {
                        _ = machine.syncEventRead(event)
                    }
                    if case .emit(let frame) = machine.syncFinished() {
                        outbox.append(.frame(frame))
                        return true
                    }
                }
            }
        } catch where error.reason == .deviceGone {
            lose()
            return true
        }
    }

    /// The device went away: report it once and release it.
    private func lose() {
        if machine.deviceGone() == .reportLostAndRelease {
            outbox.append(.deviceLost)
            handle.close()
        }
    }
}
