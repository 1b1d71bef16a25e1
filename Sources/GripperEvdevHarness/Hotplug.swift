// The `hotplug` mode of the harness (see main.swift's header): a LiveSession
// on a DeviceFollower, with the followed device unplugged mid-gesture and
// another plugged in as a new node.
import CUmockdev
import Foundation
import Gripper
import GripperEvdev
import GripperInput
import GripperScene
#if canImport(Glibc)
import Glibc
#endif

/// One emulated device of the testbed: its sysfs paths and event stream.
struct PluggedDevice {
    var node: String
    var syspath: String
    var feed: Int32
}

/// Plugs a device described by `umockdev` (whose node is `node`) into the
/// testbed: loads its ioctl answers first, so a watcher in another process
/// that opens the node on the `add` uevent finds them (as udev announces a
/// real node only once it is ready), then adds it, which sends the uevent.
func plug(_ testbed: UnsafeMutablePointer<UMockdevTestbed>, umockdev: String, ioctl: String, node: String) -> PluggedDevice {
    var gerror: UnsafeMutablePointer<GError>?
    guard umockdev_testbed_load_ioctl(testbed, node, ioctl, &gerror) != 0 else { fail("cannot load \(ioctl)") }
    guard umockdev_testbed_add_from_file(testbed, umockdev, &gerror) != 0 else { fail("cannot add \(umockdev)") }
    let feed = umockdev_testbed_get_dev_fd(testbed, node)
    guard feed >= 0 else { fail("no stream fd for \(node)") }
    let number = node.dropFirst("/dev/input/event".count)
    return PluggedDevice(node: node, syspath: "/sys/devices/virtual/input/input\(number)/event\(number)", feed: feed)
}

/// Unplugs `device` as the kernel does: udev's `remove` for the event node,
/// then for its parent, while their sysfs entries still exist; then the
/// entries go and the stream closes.
func unplug(_ testbed: UnsafeMutablePointer<UMockdevTestbed>, _ device: PluggedDevice) {
    let parent = String(device.syspath[..<(device.syspath.lastIndex(of: "/") ?? device.syspath.endIndex)])
    umockdev_testbed_uevent(testbed, device.syspath, "remove")
    umockdev_testbed_uevent(testbed, parent, "remove")
    // The stream is a pty whose name the node links to; umockdev maps the
    // name to the device and never forgets it, so a later device given the
    // same pty name would trip over the stale entry: drop it with the pty.
    guard let rootC = umockdev_testbed_get_root_dir(testbed) else { fail("no testbed root") }
    let root = String(cString: rootC)
    g_free(rootC)
    var target = [CChar](repeating: 0, count: 4096)
    let length = readlink(root + device.node, &target, target.count - 1)
    umockdev_testbed_remove_device(testbed, device.syspath)
    close(device.feed)
    if length > 0 {
        let pty = String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        unlink(root + "/dev/.ptymap/" + pty.replacingOccurrences(of: "/", with: "_"))
    }
}

/// `hotplug U1 I1 E1 U2 I2 E2 SCENE --remove-after K [--kind K] [--name GLOB] [--limit-ms N]`:
/// device 1 (event20) is plugged and found through a DeviceWatcher by the
/// match; a LiveSession on a DeviceFollower reads it; the first K chunks of
/// E1 are written (each stamped on the session's clock when due); device 1
/// is unplugged; once the session reports the loss, device 2 (event21) is
/// plugged; once the session reports its return, all of E2 is written.
/// Prints what `session` prints, plus `found NODE`, `step returned NAME`,
/// `losses N` and `final …` (the last transcript line).
func runHotplug(_ args: [String]) {
    guard args.count >= 9 else { fail("hotplug needs U1 I1 E1 U2 I2 E2 SCENE") }
    guard let testbed = umockdev_testbed_new() else { fail("umockdev_testbed_new failed") }
    guard let sceneBytes = FileManager.default.contents(atPath: args[8]) else { fail("cannot read \(args[8])") }
    guard let first = try? String(contentsOfFile: args[4], encoding: .utf8),
          let second = try? String(contentsOfFile: args[7], encoding: .utf8) else { fail("cannot read the scripts") }
    let scene: Scene
    do { scene = try Scene.decode(Array(sceneBytes), fileName: args[8]) } catch { fail("\(error)") }
    let removeAfter = option("--remove-after", 1)
    func text(_ name: String) -> String? {
        guard let i = args.firstIndex(of: name), i + 1 < args.count else { return nil }
        return args[i + 1]
    }
    let match = DeviceMatch(kind: text("--kind").flatMap(DeviceKind.init(rawValue:)), name: text("--name"))
    let one = plug(testbed, umockdev: args[2], ioctl: args[3], node: "/dev/input/event20")
    do {
        let watcher = try DeviceWatcher()
        guard case .change(.added(let found)) = try watcher.firstMatch(match, until: watcher.now + .seconds(5)) else {
            fail("no device matches \(match)")
        }
        emit("found \(found.path)")
        let follower = DeviceFollower(reader: try EvdevReader(path: found.path), match: match, watcher: watcher)
        let session = try LiveSession(reader: follower, scene: scene, keepingFrames: true, recordingTranscript: true)
        let start = session.start
        let limit = start + .milliseconds(option("--limit-ms", 20_000))
        var shown = 0
        func step(until deadline: EventTime) throws -> LiveSession.Step {
            let result = try session.step(until: min(deadline, limit))
            switch result {
            case .frame: emit("step frame")
            case .deadlinesFired: emit("step fired")
            case .deviceLost: emit("step lost")
            case .deviceReturned(let device): emit("step returned \(device.name)")
            case .woken: emit("step woken")
            case .deadlineReached, .finished: break
            }
            for entry in session.engine.transcript.entries.dropFirst(shown) { emit("| " + entry.textLine) }
            shown = session.engine.transcript.entries.count
            if session.now >= limit { emit("limit"); exit(1) }
            return result
        }
        // Writes `chunks` to `feed`, each stamped at its script time counted
        // from `from`, stepping until each is handled.
        func write(_ chunks: [[RawEvent]], to feed: Int32, from: EventTime) throws {
            let firstTime = chunks.first?.last?.time ?? .zero
            for chunk in chunks {
                let stamp = from + ((chunk.last?.time ?? firstTime) - firstTime)
                while session.now < stamp { _ = try step(until: stamp) }
                writeEvents(chunk.map { RawEvent(time: stamp, type: $0.type, code: $0.code, value: $0.value) }, to: feed)
                while true {
                    if case .frame = try step(until: limit) { break }
                }
            }
        }
        try write(Array(scriptChunks(first).prefix(removeAfter)), to: one.feed, from: start + .milliseconds(100))
        unplug(testbed, one)
        while true {
            if case .deviceLost = try step(until: limit) { break }
        }
        // Some time passes unplugged; the engine's deadlines keep firing.
        let back = session.now + .milliseconds(200)
        while session.now < back { _ = try step(until: back) }
        let two = plug(testbed, umockdev: args[5], ioctl: args[6], node: "/dev/input/event21")
        while true {
            if case .deviceReturned = try step(until: limit) { break }
        }
        try write(scriptChunks(second), to: two.feed, from: session.now + .milliseconds(100))
        while let next = session.nextDeadline { _ = try step(until: next) }
        session.finish()
        for entry in session.engine.transcript.entries.dropFirst(shown) { emit("| " + entry.textLine) }
        for line in session.engine.transcript.text.split(separator: "\n") where line.hasPrefix("final ") {
            emit("| " + line)
        }
        emit("losses \(session.deviceLosses.count)")
        emit("lag measured \(session.lag.frames == session.frames.count - 1 ? "every frame" : "\(session.lag.frames) frames")")
        // A replay: the frames and the losses in time order.
        var replay = try EngineDriver(scene: scene, device: session.reader.device, recordingTranscript: true)
        var losses = session.deviceLosses[...]
        for frame in session.frames {
            while let loss = losses.first, loss < frame.time {
                replay.deviceLost(at: loss)
                losses = losses.dropFirst()
            }
            replay.handle(frame)
        }
        for loss in losses { replay.deviceLost(at: loss) }
        replay.finish()
        emit(replay.engine.transcript.text == session.engine.transcript.text ? "replay same" : "replay differs")
    } catch {
        fail("\(error)")
    }
}

/// `plugs U1 I1 U2 I2 --plug-ms A --unplug-ms B --replug-ms C -- CMD ARGS…`:
/// runs CMD inside a testbed (it inherits the emulation) while device 1 is
/// plugged as event20 A ms after the start, unplugged at B ms, and device 2
/// plugged as event21 at C ms (a negative time leaves the step out). Waits
/// for CMD (bounded by --limit-ms) and exits with its status; CMD writes to
/// the harness's own standard output and error.
func runPlugs(_ args: [String]) {
    guard let dash = args.firstIndex(of: "--"), dash + 1 < args.count, args.count >= 6 else {
        fail("plugs needs U1 I1 U2 I2 … -- CMD")
    }
    guard let testbed = umockdev_testbed_new() else { fail("umockdev_testbed_new failed") }
    let child = Process()
    child.executableURL = URL(fileURLWithPath: args[dash + 1])
    child.arguments = Array(args[(dash + 2)...])
    // The testbed's directory, set by umockdev_testbed_new after the start.
    var environment = ProcessInfo.processInfo.environment
    if let dir = getenv("UMOCKDEV_DIR") { environment["UMOCKDEV_DIR"] = String(cString: dir) }
    child.environment = environment
    do { try child.run() } catch { fail("cannot run \(args[dash + 1]): \(error)") }
    let start = Date()
    func sleep(untilMilliseconds ms: Int) {
        let left = Double(ms) / 1000 - Date().timeIntervalSince(start)
        if left > 0 { usleep(UInt32(left * 1_000_000)) }
    }
    var one: PluggedDevice?
    let plugAt = option("--plug-ms", 300), unplugAt = option("--unplug-ms", -1), replugAt = option("--replug-ms", -1)
    if plugAt >= 0 {
        sleep(untilMilliseconds: plugAt)
        one = plug(testbed, umockdev: args[2], ioctl: args[3], node: "/dev/input/event20")
    }
    if unplugAt >= 0, let device = one {
        sleep(untilMilliseconds: unplugAt)
        unplug(testbed, device)
    }
    if replugAt >= 0 {
        sleep(untilMilliseconds: replugAt)
        _ = plug(testbed, umockdev: args[4], ioctl: args[5], node: "/dev/input/event21")
    }
    let limit = Double(option("--limit-ms", 20_000)) / 1000
    while child.isRunning && Date().timeIntervalSince(start) < limit { usleep(10_000) }
    if child.isRunning {
        child.terminate()
        child.waitUntilExit()
        emit("limit")
        exit(1)
    }
    exit(child.terminationStatus)
}
