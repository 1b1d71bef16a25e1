// Every udev_* call of Gripper lives in this file (and nowhere else).
import CLibudev
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// libudev's context and a monitor of the `input` subsystem. Owns both:
/// ``close()`` (or deinit) releases them.
final class UdevHandle {
    /// One uevent of an evdev node (`/dev/input/event*`).
    struct Change: Hashable, Sendable {
        /// What happened to the node.
        enum Action: Hashable, Sendable {
            /// It appeared (udev has set it up: permissions, properties).
            case add
            /// It went away.
            case remove
        }
        /// What happened.
        var action: Action
        /// The node, such as `/dev/input/event3`.
        var node: String
        /// The node's udev properties as the event carries them (a `remove`
        /// carries only `ACTION`, `DEVPATH`, `SUBSYSTEM`, `SEQNUM`, `DEVNAME`).
        var properties: [String: String]
    }

    private var udev: OpaquePointer?
    private var monitor: OpaquePointer?
    /// The monitor's descriptor (non-blocking), to wait on; -1 once closed.
    private(set) var fd: Int32 = -1

    /// Connects to udev and, with `monitoring`, to its event stream (the
    /// `udev` netlink group: events after udev's rules ran, so a node is
    /// ready to open), filtered to the `input` subsystem.
    init(monitoring: Bool = true) throws(EvdevError) {
        guard let udev = udev_new() else {
            throw EvdevError(path: "udev", operation: .watch, reason: EvdevError.Reason(errno: errno == 0 ? ENOMEM : errno))
        }
        self.udev = udev
        guard monitoring else { return }
        guard let monitor = udev_monitor_new_from_netlink(udev, "udev") else {
            let code = errno == 0 ? EPROTONOSUPPORT : errno
            udev_unref(udev)
            self.udev = nil
            throw EvdevError(path: "udev", operation: .watch, reason: EvdevError.Reason(errno: code))
        }
        self.monitor = monitor
        _ = udev_monitor_filter_add_match_subsystem_devtype(monitor, "input", nil)
        do {
            _ = try evdevCall(.watch, path: "udev") { udev_monitor_enable_receiving(monitor) }
        } catch {
            close()
            throw error
        }
        fd = udev_monitor_get_fd(monitor)
    }

    deinit { close() }

    /// The next uevent of an evdev node already received, without waiting;
    /// nil when none is queued. Events of other input devices (the parent
    /// `inputN` devices, joysticks' `jsN`) are skipped.
    /// - Complexity: O(properties of each event read).
    func receive() -> Change? {
        guard let monitor else { return nil }
        while let device = udev_monitor_receive_device(monitor) {
            defer { udev_device_unref(device) }
            guard let nodeC = udev_device_get_devnode(device) else { continue }
            let node = String(cString: nodeC)
            guard Self.isEventNode(node) else { continue }
            let action: Change.Action
            switch udev_device_get_action(device).map({ String(cString: $0) }) {
            case "add"?: action = .add
            case "remove"?: action = .remove
            default: continue
            }
            return Change(action: action, node: node, properties: Self.properties(of: device))
        }
        return nil
    }

    /// The udev properties of the device whose node is `node`, from the
    /// udev database; nil when udev does not know the node.
    /// - Complexity: O(devices of the input subsystem).
    func properties(ofNode node: String) -> [String: String]? {
        guard let udev, let enumerate = udev_enumerate_new(udev) else { return nil }
        defer { udev_enumerate_unref(enumerate) }
        _ = udev_enumerate_add_match_subsystem(enumerate, "input")
        _ = udev_enumerate_scan_devices(enumerate)
        var entry = udev_enumerate_get_list_entry(enumerate)
        while let e = entry {
            defer { entry = udev_list_entry_get_next(e) }
            guard let syspath = udev_list_entry_get_name(e),
                  let device = udev_device_new_from_syspath(udev, syspath) else { continue }
            defer { udev_device_unref(device) }
            if let devnode = udev_device_get_devnode(device), String(cString: devnode) == node {
                return Self.properties(of: device)
            }
        }
        return nil
    }

    /// Releases the monitor and the context; safe to call more than once.
    func close() {
        if let monitor { udev_monitor_unref(monitor) }
        if let udev { udev_unref(udev) }
        monitor = nil
        udev = nil
        fd = -1
    }

    private static func isEventNode(_ node: String) -> Bool {
        guard let slash = node.lastIndex(of: "/") else { return false }
        let name = node[node.index(after: slash)...]
        return name.hasPrefix("event") && Int(name.dropFirst(5)) != nil
    }

    private static func properties(of device: OpaquePointer) -> [String: String] {
        var result: [String: String] = [:]
        var entry = udev_device_get_properties_list_entry(device)
        while let e = entry {
            if let name = udev_list_entry_get_name(e) {
                result[String(cString: name)] = udev_list_entry_get_value(e).map { String(cString: $0) } ?? ""
            }
            entry = udev_list_entry_get_next(e)
        }
        return result
    }
}
