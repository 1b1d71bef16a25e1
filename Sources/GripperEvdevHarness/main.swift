// A test helper, not part of Gripper: reads an emulated evdev device with
// GripperEvdev and prints what it saw, one line each (ReaderTranscript).
//
//   GripperEvdevHarness read NODE [--frames N | --idle-ms N] [--limit-ms N] [--grab]
//       Run under `umockdev-run -d … -i … -e …`. Prints the device line and
//       every frame until N frames came and then 300 ms passed without more
//       (or, without --frames, the device was idle for --idle-ms after a
//       frame), the device is lost, or --limit-ms passes.
//   GripperEvdevHarness feed FILE.umockdev FILE.ioctl FILE.events [--remove-after K] [--limit-ms N]
//       Run under `umockdev-wrapper`. Builds the device (as event20) with
//       libumockdev's testbed API and writes the script to the device's
//       stream one chunk at a time (a frame, or the events up to a
//       SYN_DROPPED), reading back what each yields, so nothing depends on
//       timing. With --remove-after K it removes the device after K chunks
//       (and closes the stream, as the kernel does) and reads on to the end.
//
//   GripperEvdevHarness session FILE.umockdev FILE.ioctl SCENE.json FILE.events
//           [--input-after MS] [--remove-after K] [--limit-ms N]
//       Run under `umockdev-wrapper`. A LiveSession on the testbed device
//       (as `feed` builds it): steps until the script's chunks are due — each
//       stamped on the reader's clock at its script time counted from
//       --input-after ms after the session's start — writes each and steps
//       until its frame is handled; with --remove-after K removes the device
//       after K chunks and steps until the loss; then steps through the
//       engine's remaining deadlines and finishes. Prints `step frame`,
//       `step fired +MS ms`, `step lost`, the transcript entries as they
//       come (`| …`), `first-frame start|other N` and `replay same|differs`
//       (the transcript against a Replay of the session's frames).
//   GripperEvdevHarness pair TU TI TE MU1 MI1 MU2 MI2 ME SCENE.json --unplug-after K [--limit-ms N]
//       Run under `umockdev-wrapper`. A LiveSession on a touchscreen and a
//       followed mouse; the mouse is unplugged after K chunks of the
//       touchscreen's script and plugged back (as event22), then clicks (see
//       Pair.swift).
//   GripperEvdevHarness hotplug U1 I1 E1 U2 I2 E2 SCENE.json --remove-after K [--kind K] [--name GLOB]
//       Run under `umockdev-wrapper`. A LiveSession on a DeviceFollower: device 1
//       (event20) is found by the match, fed K chunks of E1, unplugged (udev
//       `remove`), then device 2 is plugged as event21 and fed all of E2
//       (see Hotplug.swift).
//   GripperEvdevHarness plugs U1 I1 U2 I2 [--plug-ms A] [--unplug-ms B] [--replug-ms C] -- CMD ARGS…
//       Run under `umockdev-wrapper`. Runs CMD in a testbed while device 1 is
//       plugged (event20), unplugged, and device 2 plugged (event21) on time.
//   GripperEvdevHarness deadlines NODE
//       Waits for deadlines 1 s in the past, now, and 1, 2, 5, 20 ms ahead on an
//       idle device; prints what came back and whether it came back early.
//   GripperEvdevHarness exec CMD [ARGS…]
//       Runs CMD with an empty signal mask (used by the tests to start every child).
//
// Output lines: `device …`, `device-full …` (read mode), `frame …`, `contacts …` (after each frame, what
// ContactTracker makes of it), `lost` (followed by the tracker's final
// `contacts` line), `idle`, `limit`, `end`, `error …`.
import CLibevdev
import CUmockdev
import Foundation
import Gripper
import GripperEvdev
@_spi(Benchmarks) import GripperInput
import GripperTesting
import GripperScene
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
/// With `frames`, the idle wait starts only once that many frames came (then
/// 300 ms, to see that nothing more comes), so pauses in a recording do not
/// end the reading early.
func pump(_ reader: EvdevReader, limitMilliseconds: Int, idleMilliseconds: Int, frames: Int? = nil) {
    let start = reader.now
    let limit = start + .milliseconds(limitMilliseconds)
    var origin: EventTime?
    var lastFrame: EventTime?
    var count = 0
    var tracker = ContactTracker(device: reader.device)
    while true {
        var deadline = limit
        if let frames {
            if count >= frames, let lastFrame { deadline = min(deadline, lastFrame + .milliseconds(300)) }
        } else if let lastFrame {
            deadline = min(deadline, lastFrame + .milliseconds(idleMilliseconds))
        }
        let event: EvdevReader.Event?
        do { event = try reader.next(until: deadline) } catch { fail("\(error)") }
        switch event {
        case .frame(let frame)?:
            let o = origin ?? frame.time
            origin = o
            emit(ReaderTranscript.line(for: frame, origin: o))
            emit(ReaderTranscript.line(for: tracker.process(frame)))
            lastFrame = reader.now
            count += 1
        case .deadlineReached?:
            emit(reader.now >= limit ? "limit" : "idle")
            reader.close()
            return
        case .woken?:
            continue
        case .deviceLost?:
            emit("lost")
            if let final = tracker.finish() { emit(ReaderTranscript.line(for: final)) }
        case .deviceArrived?:
            continue
        case nil:
            emit("end")
            return
        }
    }
}

/// The events of an evemu event script in chunks that each make the reader
/// hand out one thing: a frame (ending with its SYN_REPORT) or the events up
/// to a SYN_DROPPED (the reader resyncs). Comments and anything unparsable
/// are skipped.
func scriptChunks(_ text: String) -> [[RawEvent]] {
    var frames: [[RawEvent]] = []
    var current: [RawEvent] = []
    for line in text.split(separator: "\n") where line.hasPrefix("E: ") {
        let f = line.dropFirst(3).split(separator: " ")
        guard f.count >= 4 else { continue }
        let t = f[0].split(separator: ".")
        guard t.count == 2, let sec = Int64(t[0]), let usec = Int64(t[1]),
              let type = UInt16(f[1], radix: 16), let code = UInt16(f[2], radix: 16), let value = Int32(f[3])
        else { continue }
        let event = RawEvent(time: EventTime(seconds: sec, microseconds: usec), type: type, code: code, value: value)
        current.append(event)
        if event.type == EventType.syn && (event.code == SynCode.report || event.code == SynCode.dropped) {
            frames.append(current)
            current = []
        }
    }
    return frames
}

/// Writes `events` to the emulated device's stream as `struct input_event`s.
func writeEvents(_ events: [RawEvent], to fd: Int32) {
    var bytes: [UInt8] = []
    for e in events {
        var ev = input_event()
        ev.time.tv_sec = Int(e.time.wholeSeconds)
        ev.time.tv_usec = Int(e.time.microsecondsOfSecond)
        ev.type = e.type
        ev.code = e.code
        ev.value = e.value
        withUnsafeBytes(of: ev) { bytes += $0 }
    }
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    if written != bytes.count { fail("short write to the emulated device") }
}

/// The node and sysfs path UmockdevFixture writes for event number 20.
let testbedNode = "/dev/input/event20"
let testbedSyspath = "/sys/devices/virtual/input/input20/event20"

/// Builds the emulated device with libumockdev's testbed API (under
/// `umockdev-wrapper`); returns the testbed, node, sysfs path and the
/// descriptor that writes to the device's event stream.
func testbedDevice(umockdev: String, ioctl: String)
    -> (testbed: UnsafeMutablePointer<UMockdevTestbed>, node: String, syspath: String, feed: Int32) {
    guard let testbed = umockdev_testbed_new() else { fail("umockdev_testbed_new failed") }
    var gerror: UnsafeMutablePointer<GError>?
    guard umockdev_testbed_add_from_file(testbed, umockdev, &gerror) != 0 else { fail("cannot add \(umockdev)") }
    guard umockdev_testbed_load_ioctl(testbed, testbedNode, ioctl, &gerror) != 0 else { fail("cannot load \(ioctl)") }
    let feed = umockdev_testbed_get_dev_fd(testbed, testbedNode)
    guard feed >= 0 else { fail("no stream fd for \(testbedNode)") }
    return (testbed, testbedNode, testbedSyspath, feed)
}

/// The `session` mode: a LiveSession on a testbed device (see the header).
func runSession(_ args: [String]) {
    guard args.count >= 6 else { fail("session needs FILE.umockdev FILE.ioctl SCENE.json FILE.events") }
    let (testbed, _, syspath, feed) = testbedDevice(umockdev: args[2], ioctl: args[3])
    guard let sceneBytes = FileManager.default.contents(atPath: args[4]) else { fail("cannot read \(args[4])") }
    guard let script = try? String(contentsOfFile: args[5], encoding: .utf8) else { fail("cannot read \(args[5])") }
    let scene: Scene
    do { scene = try Scene.decode(Array(sceneBytes), fileName: args[4]) } catch { fail("\(error)") }
    let chunks = scriptChunks(script)
    let removeAfter = option("--remove-after", -1)
    do {
        let session = try LiveSession(reader: try EvdevReader(path: testbedNode), scene: scene, keepingFrames: true,
                                      recordingTranscript: true)
        let start = session.start
        let limit = start + .milliseconds(option("--limit-ms", 10_000))
        let inputStart = start + .milliseconds(option("--input-after", 0))
        let firstTime = chunks.first?.last?.time ?? .zero
        var shown = 0
        // One step: prints what it did (with the milliseconds since the start)
        // and the transcript entries it added.
        func step(until deadline: EventTime) throws -> LiveSession.Step {
            let result = try session.step(until: min(deadline, limit))
            let ms = (session.now - start).secondsDouble * 1000
            switch result {
            case .frame: emit("step frame")
            case .deadlinesFired: emit("step fired \(ms >= 0 ? "+" : "")\(Int(ms.rounded(.down))) ms")
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
        for (index, chunk) in chunks.enumerated() {
            if index == removeAfter { break }
            // Stamp the chunk on the reader's clock, at its place in the
            // script counted from --input-after; step until then.
            let offset = (chunk.last?.time ?? firstTime) - firstTime
            let stamp = inputStart + offset
            while session.now < stamp { _ = try step(until: stamp) }
            writeEvents(chunk.map { RawEvent(time: stamp, type: $0.type, code: $0.code, value: $0.value) }, to: feed)
            while true {
                if case .frame = try step(until: limit) { break }
            }
        }
        if removeAfter >= 0 {
            umockdev_testbed_remove_device(testbed, syspath)
            close(feed)
            while true {
                if case .deviceLost = try step(until: limit) { break }
            }
        }
        // The engine's deadlines after the input (stimuli after the loss too).
        while let next = session.nextDeadline { _ = try step(until: next) }
        session.finish()
        for entry in session.engine.transcript.entries.dropFirst(shown) { emit("| " + entry.textLine) }
        // What a replay of the frames (and the loss) gives.
        var replay = try EngineDriver(scene: scene, device: session.reader.device, recordingTranscript: true)
        for frame in session.frames { replay.handle(frame) }
        if let lost = session.deviceLostAt { replay.deviceLost(at: lost) }
        replay.finish()
        emit("first-frame \(session.frames.first.map { "\($0.time == start ? "start" : "other") \($0.events.count)" } ?? "none")")
        emit(replay.engine.transcript.text == session.engine.transcript.text ? "replay same" : "replay differs")
    } catch {
        fail("\(error)")
    }
}

let args = CommandLine.arguments
// `exec CMD ARGS…`: run CMD with no signal blocked (a test runner's threads block
// signals, and a spawned child inherits that mask across exec).
if args.count >= 3 && args[1] == "exec" {
    var none = sigset_t()
    sigemptyset(&none)
    pthread_sigmask(SIG_SETMASK, &none, nil)
    let argv = args.dropFirst(2).map { strdup($0) } + [nil]
    execvp(args[2], argv)
    fail("cannot run \(args[2]): \(String(cString: strerror(errno)))")
}
guard args.count >= 3 else { fail("usage: GripperEvdevHarness read NODE | feed UMOCKDEV IOCTL EVENTS [--remove-after K]") }
switch args[1] {
case "read":
    do {
        let reader = try EvdevReader(path: args[2], grab: args.contains("--grab"))
        emit(ReaderTranscript.line(for: reader.device))
        emit(ReaderTranscript.fullLine(for: reader.device))
        let frames = option("--frames", -1)
        pump(reader, limitMilliseconds: option("--limit-ms", 20_000), idleMilliseconds: option("--idle-ms", 1500),
             frames: frames >= 0 ? frames : nil)
    } catch {
        fail("\(error)")
    }
case "deadlines":
    // On an idle device: a deadline ahead is waited for and never reported
    // early; a deadline already passed is reported without waiting for input.
    do {
        let reader = try EvdevReader(path: args[2])
        for ahead in [-1000, 0, 1, 2, 5, 20] {
            let deadline = reader.now + .milliseconds(Int64(ahead))
            let event = try reader.next(until: deadline)
            let now = reader.now
            let kind = event == .deadlineReached ? "deadline" : "\(String(describing: event))"
            emit("wait \(ahead) ms: \(kind) \(now >= deadline ? "not-early" : "EARLY")")
        }
        reader.close()
        emit(try reader.next(until: reader.now) == nil ? "end" : "not-finished")
    } catch {
        fail("\(error)")
    }
case "session":
    runSession(args)
case "hotplug":
    runHotplug(args)
case "plugs":
    runPlugs(args)
case "pair":
    runPair(args)
case "feed":
    guard args.count >= 5 else { fail("feed needs FILE.umockdev FILE.ioctl FILE.events") }
    let removeAfter = option("--remove-after", -1)
    let (testbed, node, syspath, feed) = testbedDevice(umockdev: args[2], ioctl: args[3])
    guard let script = try? String(contentsOfFile: args[4], encoding: .utf8) else { fail("cannot read \(args[4])") }
    let chunks = scriptChunks(script)
    do {
        let reader = try EvdevReader(path: node)
        emit(ReaderTranscript.line(for: reader.device))
        var tracker = ContactTracker(device: reader.device)
        var origin: EventTime?
        let limit = reader.now + .milliseconds(option("--limit-ms", 10_000))
        func handle(_ event: EvdevReader.Event?) -> Bool {
            switch event {
            case .frame(let read)?:
                let o = origin ?? read.time
                origin = o
                emit(ReaderTranscript.line(for: read, origin: o))
                emit(ReaderTranscript.line(for: tracker.process(read)))
                return true
            case .deviceLost?:
                emit("lost")
                if let final = tracker.finish() { emit(ReaderTranscript.line(for: final)) }
                return true
            case .deadlineReached?:
                emit("limit")
                return false
            case .woken?, .deviceArrived?:
                return true
            case nil:
                emit("end")
                return false
            }
        }
        // Feed one chunk (a frame, or events up to a SYN_DROPPED), read what it yields.
        for (index, chunk) in chunks.enumerated() {
            if index == removeAfter { break }
            writeEvents(chunk, to: feed)
            guard handle(try reader.next(until: limit)) else { exit(0) }
        }
        if removeAfter >= 0 {
            emit("removing")
            umockdev_testbed_remove_device(testbed, syspath)
            close(feed)
            while handle(try reader.next(until: limit)) {}
        } else {
            let idle = reader.now + .milliseconds(300)
            while case .frame = try reader.next(until: idle) {}
            emit("idle")
        }
    } catch {
        fail("\(error)")
    }
default:
    fail("unknown mode \(args[1])")
}
