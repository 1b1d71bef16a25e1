// Every libevdev_* call of Gripper lives in this file (and nowhere else).
import CLibevdev
import GripperInput
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An open evdev node and libevdev's state for it. Owns the file descriptor:
/// ``close()`` (or deinit) releases the grab, frees libevdev and closes it.
final class LibevdevHandle {
    /// What one `libevdev_next_event` call produced.
    enum Read: Equatable {
        /// An ordinary event.
        case event(RawEvent)
        /// libevdev saw `SYN_DROPPED` (normal mode) or hands out one event of
        /// the resync (sync mode).
        case sync(RawEvent)
        /// No event now (`-EAGAIN`); in sync mode: the resync is complete.
        case none
    }

    let path: String
    private(set) var fd: Int32
    private var device: OpaquePointer?
    private var grabbed = false
    /// The clock the kernel stamps this device's events with.
    private(set) var clockID: clockid_t = CLOCK_REALTIME

    /// Opens `path` read-only, non-blocking, close-on-exec and `O_NOCTTY`
    /// (a node that turns out to be a terminal — a path given by hand, a
    /// link in a scanned folder — never becomes the controlling terminal of
    /// a process that has none), and lets libevdev read the device's
    /// description.
    init(path: String) throws(EvdevError) {
        self.path = path
        let opened = try evdevCall(.open, path: path) {
            let r = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            return r >= 0 ? r : -errno
        }
        guard case .value(let fd) = opened else {
            throw EvdevError(path: path, operation: .open, reason: EvdevError.Reason(errno: EAGAIN))
        }
        self.fd = fd
        var dev: OpaquePointer?
        do {
            _ = try evdevCall(.open, path: path) { libevdev_new_from_fd(fd, &dev) }
        } catch {
            Glibc.close(fd)
            self.fd = -1
            throw error
        }
        device = dev
    }

    deinit { close() }

    /// Asks the kernel to stamp events with `CLOCK_MONOTONIC`, so event times
    /// and deadlines share a clock that never jumps. Keeps the kernel's default
    /// (`CLOCK_REALTIME`) where the node refuses (old kernels, emulation).
    func preferMonotonicClock() {
        guard let device else { return }
        if libevdev_set_clock_id(device, CLOCK_MONOTONIC) == 0 { clockID = CLOCK_MONOTONIC }
    }

    /// Takes (`true`) or releases the exclusive grab.
    func grab(_ on: Bool) throws(EvdevError) {
        guard let device, on != grabbed else { return }
        let mode = on ? LIBEVDEV_GRAB : LIBEVDEV_UNGRAB
        _ = try evdevCall(.grab, path: path) { libevdev_grab(device, mode) }
        grabbed = on
    }

    /// The device as libevdev describes it, in the same shape the trace
    /// readers produce.
    func describe() -> DeviceDescription {
        guard let device else { return DeviceDescription(name: "") }
        let name = libevdev_get_name(device).map { String(cString: $0) } ?? ""
        let id = DeviceID(bustype: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(device)),
                          vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(device)),
                          product: UInt16(truncatingIfNeeded: libevdev_get_id_product(device)),
                          version: UInt16(truncatingIfNeeded: libevdev_get_id_version(device)))
        var properties = Set<UInt16>()
        for p in 0...InputProperty.max where libevdev_has_property(device, UInt32(p)) == 1 {
            properties.insert(p)
        }
        var codes: [UInt16: Set<UInt16>] = [:]
        var absInfo: [UInt16: AbsInfo] = [:]
        var leds: [UInt16: Int32] = [:]
        var switches: [UInt16: Int32] = [:]
        for type in 0...EventType.max where libevdev_has_event_type(device, UInt32(type)) == 1 {
            var set = Set<UInt16>()
            if let maxCode = EventCodes.maxCode(type: type) {
                for code in 0...maxCode where libevdev_has_event_code(device, UInt32(type), UInt32(code)) == 1 {
                    set.insert(code)
                    if type == EventType.abs, let info = libevdev_get_abs_info(device, UInt32(code)) {
                        let a = info.pointee
                        absInfo[code] = AbsInfo(value: a.value, minimum: a.minimum, maximum: a.maximum,
                                                fuzz: a.fuzz, flat: a.flat, resolution: a.resolution)
                    }
                    if type == EventType.led {
                        leds[code] = libevdev_get_event_value(device, UInt32(type), UInt32(code))
                    }
                    if type == EventType.sw {
                        switches[code] = libevdev_get_event_value(device, UInt32(type), UInt32(code))
                    }
                }
            }
            codes[type] = set
        }
        return DeviceDescription(name: name, id: id, properties: properties, codes: codes,
                                 absInfo: absInfo, ledStates: leds, switchStates: switches)
    }

    /// Reads the next event in normal mode (`sync == false`) or the next
    /// event of a resync after `SYN_DROPPED` (`sync == true`).
    ///
    /// - Complexity: O(1) amortised; called per event.
    func next(sync: Bool) throws(EvdevError) -> Read {
        guard let device else { return .none }
        var ev = input_event()
        let flags = sync ? LIBEVDEV_READ_FLAG_SYNC.rawValue : LIBEVDEV_READ_FLAG_NORMAL.rawValue
        let result = try evdevCall(.read, path: path) { libevdev_next_event(device, flags, &ev) }
        guard case .value(let status) = result else { return .none }
        let event = RawEvent(time: EventTime(seconds: Int64(ev.time.tv_sec), microseconds: Int64(ev.time.tv_usec)),
                             type: ev.type, code: ev.code, value: ev.value)
        if status == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) { return .sync(event) }
        return .event(event)
    }

    /// Releases the grab, frees libevdev's state and closes the node; safe to
    /// call more than once.
    func close() {
        if let device {
            if grabbed { _ = libevdev_grab(device, LIBEVDEV_UNGRAB) }
            libevdev_free(device)
        }
        grabbed = false
        device = nil
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }
}
