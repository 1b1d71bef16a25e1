// evdev-bench's latency run, under umockdev-wrapper: a testbed touchscreen
// (libumockdev) is written frames stamped with the reader's clock at the
// moment of writing, and each is read back at once, so the time from a
// frame's stamp to what follows it is measured frame by frame:
//   1. umockdev's own cost: stamp → EvdevReader hands the frame out;
//   2. stamp → a LiveSession has handed it to the engine and a snapshot of
//      the viewport is made (what a UI draws next);
// and the lateness of deadlines (a reader's and a session's waits) with
// the process's timer slack as the system sets it and at 1 µs.
//
// libumockdev is loaded with dlopen for this run only: linked into the
// program, it made the umockdev-run child's open of the emulated node fail.
import BenchmarkSupport
import Foundation
import Gripper
import GripperEvdev
import GripperInput
import GripperPictures
import GripperScene
import GripperScripting
import GripperTesting
#if canImport(Glibc)
import Glibc
#endif

/// Writes `events` to the testbed device's stream, all stamped `stamp`.
func writeFrame(_ events: [(UInt16, UInt16, Int32)], stamp: EventTime, to fd: Int32) {
    // struct input_event on 64-bit Linux: timeval (two 8-byte longs), u16 type, u16 code, s32 value.
    var bytes: [UInt8] = []
    for (type, code, value) in events + [(UInt16(0), UInt16(0), Int32(0))] {
        withUnsafeBytes(of: Int64(stamp.wholeSeconds).littleEndian) { bytes += $0 }
        withUnsafeBytes(of: Int64(stamp.microsecondsOfSecond).littleEndian) { bytes += $0 }
        withUnsafeBytes(of: type.littleEndian) { bytes += $0 }
        withUnsafeBytes(of: code.littleEndian) { bytes += $0 }
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
}

/// The i-th frame of a finger that goes down, moves to and fro (a pan the
/// engine follows, scrolling the list) and lifts every 200 frames.
func touchFrame(_ i: Int) -> [(UInt16, UInt16, Int32)] {
    let abs = EventType.abs
    let phase = i % 200
    let x = Int32(2000 + (phase % 2) * 8)
    let y = Int32(3000 - phase * 10)
    switch phase {
    case 0:
        return [(abs, AbsCode.mtSlot, 0), (abs, AbsCode.mtTrackingID, Int32(i / 200 + 1)), (abs, AbsCode.mtPositionX, x),
                (abs, AbsCode.mtPositionY, y), (EventType.key, KeyCode.btnTouch, 1), (abs, AbsCode.x, x), (abs, AbsCode.y, y)]
    case 199:
        return [(abs, AbsCode.mtTrackingID, -1), (EventType.key, KeyCode.btnTouch, 0)]
    default:
        return [(abs, AbsCode.mtPositionX, x), (abs, AbsCode.mtPositionY, y), (abs, AbsCode.x, x), (abs, AbsCode.y, y)]
    }
}

/// Sets the calling thread's timer slack (how late the kernel may wake a
/// timed wait to batch wake-ups); returns the previous value, or nil.
func setTimerSlack(nanoseconds: Int) -> Int? {
    let path = "/proc/self/timerslack_ns"
    guard let old = try? String(contentsOfFile: path, encoding: .utf8), let value = Int(old.trimmingCharacters(in: .whitespacesAndNewlines))
    else { return nil }
    let fd = open(path, O_WRONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    let text = Array("\(nanoseconds)".utf8)
    return write(fd, text, text.count) == text.count ? value : nil
}

func latencyRun() {
    let frames = 2000
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("evdev-bench-latency-\(getpid())")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let fixture = UmockdevFixture(device: TestDevices.probeTouchscreen)
    let umockdev = dir.appendingPathComponent("dev.umockdev").path
    let ioctl = dir.appendingPathComponent("dev.ioctl").path
    try? fixture.deviceText.write(toFile: umockdev, atomically: true, encoding: .utf8)
    try? fixture.ioctlText.write(toFile: ioctl, atomically: true, encoding: .utf8)
    guard let library = dlopen("libumockdev.so.0", RTLD_NOW) else { print("cannot load libumockdev.so.0"); exit(2) }
    func function<T>(_ name: String, as type: T.Type) -> T {
        guard let symbol = dlsym(library, name) else { print("libumockdev has no \(name)"); exit(2) }
        return unsafeBitCast(symbol, to: type)
    }
    typealias New = @convention(c) () -> OpaquePointer?
    typealias AddFromFile = @convention(c) (OpaquePointer?, UnsafePointer<CChar>, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    typealias LoadIoctl = @convention(c) (OpaquePointer?, UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    typealias GetDevFD = @convention(c) (OpaquePointer?, UnsafePointer<CChar>) -> Int32
    guard let testbed = function("umockdev_testbed_new", as: New.self)() else { print("umockdev_testbed_new failed"); exit(2) }
    guard function("umockdev_testbed_add_from_file", as: AddFromFile.self)(testbed, umockdev, nil) != 0,
          function("umockdev_testbed_load_ioctl", as: LoadIoctl.self)(testbed, fixture.node, ioctl, nil) != 0 else {
        print("cannot build the testbed device"); exit(2)
    }
    let feed = function("umockdev_testbed_get_dev_fd", as: GetDevFD.self)(testbed, fixture.node)
    let rows = (1...60).map { "{\"id\":\"i\($0)\"}" }.joined(separator: ",")
    let sceneText = "{\"viewport\":{\"width\":400,\"height\":640},\"layout\":{\"rowHeight\":56,\"separator\":1},"
        + "\"sections\":[{\"id\":\"list\",\"items\":[\(rows)]}]}"
    do {
        let scene = try Scene.decode(Array(sceneText.utf8), fileName: "bench-scene.json")

        // 1. umockdev's own cost: the stamp to the reader handing the frame out.
        let reader = try EvdevReader(path: fixture.node)
        var bare: [Double] = []
        for i in 0..<frames {
            let stamp = reader.now
            writeFrame(touchFrame(i), stamp: stamp, to: feed)
            guard case .frame? = try reader.next(until: reader.now + .seconds(1)) else { print("frame \(i) not read"); exit(1) }
            bare.append(Double(reader.now.microseconds - stamp.microseconds))
        }
        reader.close()

        // 2. The stamp to the engine's snapshot after it, through a LiveSession.
        let session = try LiveSession(reader: try EvdevReader(path: fixture.node), scene: scene)
        var full: [Double] = []
        var cells = 0
        for i in 0..<frames {
            let stamp = session.now
            writeFrame(touchFrame(i), stamp: stamp, to: feed)
            while true {
                let step = try session.step(until: session.now + .seconds(1))
                if case .frame = step { break }
                if case .deadlineReached = step { print("frame \(i) not handled"); exit(1) }
            }
            cells += session.engine.snapshot().attributes.count
            full.append(Double(session.now.microseconds - stamp.microseconds))
        }
        let a = Timings(bare), b = Timings(full)
        print("latency, \(frames) frames stamped on write (\(cells / frames) cells per snapshot):")
        print("  stamp -> reader hands the frame out (umockdev's own cost): median \(fmt(a.median, 0)) µs, p99 \(fmt(a.p99, 0)) µs")
        print("  stamp -> session handled it + snapshot:                    median \(fmt(b.median, 0)) µs, p99 \(fmt(b.p99, 0)) µs")
        print("  beyond umockdev's own cost:                                median \(fmt(b.median - a.median, 0)) µs, p99 \(fmt(b.p99 - a.p99, 0)) µs (target p99 <= 200 µs)")
        print("  session lag warnings (> 20 ms): \(session.lag.lateFrames) of \(session.lag.frames) frames, worst \(fmt(Double(session.lag.worst.components.seconds) * 1000 + Double(session.lag.worst.components.attoseconds) / 1e15, 2)) ms")
        session.finish()

        // 3. Deadline lateness: a reader's and a session's timed waits on an idle device.
        func lateness(label: String) throws {
            let idle = try EvdevReader(path: fixture.node)
            var reader: [Double] = []
            for _ in 0..<300 {
                let deadline = idle.now + .milliseconds(2)
                guard case .deadlineReached? = try idle.next(until: deadline) else { continue }
                reader.append(Double(idle.now.microseconds - deadline.microseconds))
            }
            idle.close()
            let quiet = try LiveSession(reader: try EvdevReader(path: fixture.node), scene: scene, deliveryGrace: .zero)
            var steps: [Double] = []
            for _ in 0..<300 {
                let deadline = quiet.now + .milliseconds(2)
                guard case .deadlineReached = try quiet.step(until: deadline) else { continue }
                steps.append(Double(quiet.now.microseconds - deadline.microseconds))
            }
            quiet.finish()
            let r = Timings(reader), s = Timings(steps)
            print("  \(label): reader.next median \(fmt(r.median, 0)) µs p99 \(fmt(r.p99, 0)) µs; session.step median \(fmt(s.median, 0)) µs p99 \(fmt(s.p99, 0)) µs (target p99 <= 100 µs)")
        }
        print("deadline lateness (2 ms ahead, 300 waits each, ppoll on CLOCK_MONOTONIC or the device's clock):")
        let slack = try? String(contentsOfFile: "/proc/self/timerslack_ns", encoding: .utf8)
        try lateness(label: "timer slack \(slack.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? "?") ns (the default)")
        if let old = setTimerSlack(nanoseconds: 1000) {
            try lateness(label: "timer slack 1000 ns")
            _ = setTimerSlack(nanoseconds: old)
        } else {
            print("  (cannot set the timer slack here)")
        }
    } catch {
        print("evdev-bench latency: \(error)")
        exit(1)
    }
}
