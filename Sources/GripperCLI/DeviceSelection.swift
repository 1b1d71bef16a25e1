import ArgumentParser
import Gripper
import GripperEvdev
import GripperInput
import GripperReplay

/// The device options `live` and `record` share: a node, or a device to
/// follow by kind, node pattern or name (`--device touchscreen`,
/// `--device-name 'ELAN*'`), and `--wait` for it to appear.
struct DeviceSelection: ParsableArguments {
    @Argument(help: "The device node, such as /dev/input/event5 (see `gripper devices`); or use --device/--device-name.")
    var node: String?

    @Option(name: .customLong("device"), help: ArgumentHelp(
        "The device to use by kind (touchscreen, touchpad, mouse, keyboard) or node pattern (/dev/input/event*): the first that matches.",
        valueName: "KIND|PATTERN"))
    var device: String?

    @Option(name: .customLong("device-name"), help: ArgumentHelp(
        "The device to use by name, a shell pattern such as 'ELAN*' (with --device: both must match).", valueName: "PATTERN"))
    var deviceName: String?

    @Flag(name: .long, help: "Wait for a matching device (or the node) to appear instead of failing when there is none.")
    var wait = false

    @Option(name: .long, help: ArgumentHelp("The directory of device nodes.", visibility: .hidden))
    var directory = "/dev/input"

    func validate() throws {
        if node != nil && (device != nil || deviceName != nil) {
            throw ValidationError("give a device node or --device/--device-name, not both")
        }
        if node == nil && device == nil && deviceName == nil {
            throw ValidationError("give a device node, --device KIND|PATTERN or --device-name PATTERN")
        }
        if let device, !device.contains("/"), DeviceKind(rawValue: device) == nil || device == "other" {
            throw ValidationError("--device takes touchscreen, touchpad, mouse, keyboard or a node pattern such as /dev/input/event*, not \(device)")
        }
    }

    /// What is matched: nil for a node without `--wait` (opened as it is).
    var match: DeviceMatch? {
        if let node { return wait ? DeviceMatch(path: node) : nil }
        var match = DeviceMatch(name: deviceName)
        if let device {
            if device.contains("/") { match.path = device } else { match.kind = DeviceKind(rawValue: device) }
        }
        return match
    }

    /// What ``resolve(wakingOn:)`` found.
    enum Resolved {
        /// The node to open, and the watcher that found it (nil for a plain node).
        case node(String, DeviceWatcher?)
        /// `wakingOn` became readable while waiting (a signal).
        case interrupted
    }

    /// ``resolve(wakingOn:)``, waiting at most `limit` (the command's
    /// `--duration`) for a device to appear: none by then is exit status 2
    /// saying so, never a wait without end.
    func resolve(wakingOn wakeFD: Int32?, waitingAtMost limit: Duration?) throws -> Resolved {
        guard wait, let limit, let match else { return try resolve(wakingOn: wakeFD) }
        let watcher: DeviceWatcher
        do { watcher = try DeviceWatcher() } catch { throw BadInput.fail("\(error)") }
        if node == nil { BadInput.note(nil, "waiting for a \(match) …") }
        do {
            switch try watcher.firstMatch(match, in: directory, until: watcher.now + limit, wakingOn: wakeFD) {
            case .change(.added(let found)): return .node(found.path, watcher)
            case .deadlineReached:
                watcher.close()
                throw BadInput.fail("no \(match) appeared within --duration (\(TraceCut.seconds(limit)) s)")
            case .change(.removed), .woken: return .interrupted
            }
        } catch let error as EvdevError {
            throw BadInput.fail("\(error)")
        }
    }

    /// The node to read: the one given, or the first device that matches —
    /// present now, or with `--wait` the first to appear.
    /// - Throws: exit status 2 with a message when nothing matches (without
    ///   `--wait`) or udev cannot be watched.
    func resolve(wakingOn wakeFD: Int32?) throws -> Resolved {
        guard let match else { return .node(node ?? "", nil) }
        let watcher: DeviceWatcher
        do { watcher = try DeviceWatcher() } catch { throw BadInput.fail("\(error)") }
        do {
            if wait {
                if node == nil { BadInput.note(nil, "waiting for a \(match) …") }
                switch try watcher.firstMatch(match, in: directory, wakingOn: wakeFD) {
                case .change(.added(let found)): return .node(found.path, watcher)
                case .change(.removed), .deadlineReached, .woken: return .interrupted
                }
            }
            guard case .change(.added(let found)) = try watcher.firstMatch(match, in: directory, until: watcher.now)
            else {
                throw BadInput.fail("no \(match) is connected; `gripper devices` lists the devices present "
                                    + "(--wait waits for one to appear)")
            }
            return .node(found.path, watcher)
        } catch let error as EvdevError {
            throw BadInput.fail("\(error)")
        }
    }
}
