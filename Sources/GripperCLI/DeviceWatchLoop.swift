import Gripper
import GripperEvdev
import GripperInput
#if canImport(Glibc)
import Glibc
#endif

/// `gripper devices --watch`: the devices present, then each arrival and
/// removal as udev reports it, one line each, written at once.
struct DeviceWatchLoop {
    var json: Bool
    var directory: String
    var duration: Double?

    func run() throws {
        let watcher: DeviceWatcher
        do { watcher = try DeviceWatcher() } catch { throw BadInput.fail("\(error)") }
        defer { watcher.close() }
        let out = OutputSink.standardOutput
        let end = try duration.map { watcher.now + (try DurationOption.duration($0)) }
        do {
            for node in try watcher.present(in: directory) { try out.write(line(added: node)); try out.flush() }
            while true {
                switch try watcher.next(until: end) {
                case .change(.added(let node)):
                    guard node.path.hasPrefix(directory) else { continue }
                    try out.write(line(added: node))
                case .change(.removed(let path)):
                    guard path.hasPrefix(directory) else { continue }
                    try out.write(json ? "{\"event\":\"removed\",\"node\":\(Escaping.json(path))}\n"
                                  : "removed\t\(Escaping.visible(path))\n")
                case .deadlineReached, .woken:
                    try out.close()
                    return
                }
                try out.flush()
            }
        } catch let error as EvdevError {
            throw BadInput.fail("\(error)")
        }
    }

    /// `added` and the device's `gripper devices` line, or its JSON object
    /// with `"event":"added"`.
    private func line(added node: EvdevNode) -> String {
        if json {
            let object = DevicesCommand.jsonLine(node)
            return "{\"event\":\"added\"," + object.dropFirst() + "\n"
        }
        return "added\t" + DevicesCommand.textLine(node) + "\n"
    }
}
