// A test helper, not part of Gripper: reads an emulated evdev device with
// GripperEvdev and prints what it saw, one line each (ReaderTranscript).
//
//   GripperEvdevHarness read NODE [--limit-ms N] [--idle-ms N] [--grab]
//       Run under `umockdev-run -d … -i … -e …`. Prints the device line and
//       every frame until the device has been idle for --idle-ms after its
//       first frame, the device is lost, or --limit-ms passes.
//   GripperEvdevHarness remove FILE.umockdev FILE.ioctl FILE.events --after-frames K [--limit-ms N]
//       Run under `umockdev-wrapper`. Builds the device with libumockdev's
//       testbed API, reads K frames, removes the device and goes on reading.
//
// Output lines: `device …`, `frame …`, `lost`, `idle`, `limit`, `end`, `error …`.
import CUmockdev
import GripperEvdev
import GripperInput
import GripperTesting
#if canImport(Glibc)
import Glibc
#endif

/// Prints a line and flushes it at once (the test reads lines as they come).
func emit(_ line: String) {
    print(line)
    fflush(nil)
}

func option(_ name: String, _ fallback: Int) -> Int {
    let args = CommandLine.arguments
    guard let i = args.firstIndex(of: name), i + 1 < args.count, let v = Int(args[i + 1]) else { return fallback }
    return v
}

func fail(_ message: String) -> Never {
    emit("error \(message)")
    exit(2)
}

/// Reads `reader` until idle, lost or the limit; `onFrame` sees each frame's index.
func pump(_ reader: EvdevReader, limitMilliseconds: Int, idleMilliseconds: Int, onFrame: (Int) -> Void = { _ in }) {
    let start = reader.now
    let limit = start + .milliseconds(limitMilliseconds)
    var origin: EventTime?
    var lastFrame: EventTime?
    var count = 0
    while true {
        var deadline = limit
        if let lastFrame { deadline = min(deadline, lastFrame + .milliseconds(idleMilliseconds)) }
        let event: EvdevReader.Event?
        do { event = try reader.next(until: deadline) } catch { fail("\(error)") }
        switch event {
        case .frame(let frame)?:
            let o = origin ?? frame.time
            origin = o
            emit(ReaderTranscript.line(for: frame, origin: o))
            lastFrame = reader.now
            onFrame(count)
            count += 1
        case .deadlineReached?:
            emit(reader.now >= limit ? "limit" : "idle")
            reader.close()
            return
        case .woken?:
            continue
        case .deviceLost?:
            emit("lost")
        case nil:
            emit("end")
            return
        }
    }
}

let args = CommandLine.arguments
guard args.count >= 3 else { fail("usage: GripperEvdevHarness read NODE | remove UMOCKDEV IOCTL EVENTS --after-frames K") }
switch args[1] {
case "read":
    do {
        let reader = try EvdevReader(path: args[2], grab: args.contains("--grab"))
        emit(ReaderTranscript.line(for: reader.device))
        pump(reader, limitMilliseconds: option("--limit-ms", 20_000), idleMilliseconds: option("--idle-ms", 1500))
    } catch {
        fail("\(error)")
    }
case "remove":
    guard args.count >= 5 else { fail("remove needs FILE.umockdev FILE.ioctl FILE.events") }
    let afterFrames = option("--after-frames", 1)
    guard let testbed = umockdev_testbed_new() else { fail("umockdev_testbed_new failed") }
    var gerror: UnsafeMutablePointer<GError>?
    guard umockdev_testbed_add_from_file(testbed, args[2], &gerror) != 0 else {
        fail("add_from_file: " + String(cString: gerror!.pointee.message))
    }
    // The node the .umockdev file declares (its N: line).
    let node = "/dev/input/event20"
    guard umockdev_testbed_load_ioctl(testbed, node, args[3], &gerror) != 0 else {
        fail("load_ioctl: " + String(cString: gerror!.pointee.message))
    }
    guard umockdev_testbed_load_evemu_events(testbed, node, args[4], &gerror) != 0 else {
        fail("load_evemu_events: " + String(cString: gerror!.pointee.message))
    }
    do {
        let reader = try EvdevReader(path: node)
        emit(ReaderTranscript.line(for: reader.device))
        pump(reader, limitMilliseconds: option("--limit-ms", 10_000), idleMilliseconds: option("--idle-ms", 3000)) { index in
            if index + 1 == afterFrames {
                emit("removing")
                umockdev_testbed_remove_device(testbed, "/sys/devices/virtual/input/input20/event20")
            }
        }
    } catch {
        fail("\(error)")
    }
default:
    fail("unknown mode \(args[1])")
}
