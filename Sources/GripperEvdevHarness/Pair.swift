// The `pair` mode of the harness (see main.swift's header): a LiveSession on
// a touchscreen and a followed mouse together; the mouse is unplugged
// mid-drag and plugged back in, and clicks after the drop.
import CUmockdev
import Foundation
import Gripper
import GripperEvdev
import GripperInput
import GripperScene
#if canImport(Glibc)
import Glibc
#endif

/// `pair TU TI TE MU1 MI1 MU2 MI2 ME SCENE --unplug-after K [--limit-ms N]`:
/// the touchscreen (event20, script TE) and a mouse (event21) are plugged; a
/// LiveSession reads the touchscreen and a DeviceFollower of the mouse. The
/// first K chunks of TE are written (each stamped on the session's clock
/// when due); the mouse is unplugged; once the session reports its loss it
/// is plugged back as event22; once it is back, the rest of TE is written,
/// then ME to the mouse. Prints `step frame D`, `step lost D`, `step
/// returned D`, the transcript entries (`| …`), `losses …` and
/// `replay same|differs` (the transcript against a replay of the session's
/// frames of both devices and the loss).
func runPair(_ args: [String]) {
    guard args.count >= 11 else { fail("pair needs TU TI TE MU1 MI1 MU2 MI2 ME SCENE") }
    guard let testbed = umockdev_testbed_new() else { fail("umockdev_testbed_new failed") }
    guard let sceneBytes = FileManager.default.contents(atPath: args[10]) else { fail("cannot read \(args[10])") }
    guard let touchText = try? String(contentsOfFile: args[4], encoding: .utf8),
          let mouseText = try? String(contentsOfFile: args[9], encoding: .utf8) else { fail("cannot read the scripts") }
    let scene: Scene
    do { scene = try Scene.decode(Array(sceneBytes), fileName: args[10]) } catch { fail("\(error)") }
    let unplugAfter = option("--unplug-after", 1)
    let touch = plug(testbed, umockdev: args[2], ioctl: args[3], node: "/dev/input/event20")
    let mouse = plug(testbed, umockdev: args[5], ioctl: args[6], node: "/dev/input/event21")
    do {
        let follower = DeviceFollower(reader: try EvdevReader(path: mouse.node), match: DeviceMatch(kind: .mouse),
                                      watcher: try DeviceWatcher())
        let session = try LiveSession(readers: [try EvdevReader(path: touch.node), follower], scene: scene,
                                      keepingFrames: true, recordingTranscript: true)
        let limit = session.start + .milliseconds(option("--limit-ms", 20_000))
        var shown = 0
        func step(until deadline: EventTime) throws -> LiveSession.Step {
            let result = try session.step(until: min(deadline, limit))
            let d = session.lastSource.index
            switch result {
            case .frame: emit("step frame \(d)")
            case .deviceLost: emit("step lost \(d)")
            case .deviceReturned: emit("step returned \(d)")
            case .deadlinesFired, .woken, .deadlineReached, .finished: break
            }
            for entry in session.engine.transcript.entries.dropFirst(shown) { emit("| " + entry.textLine) }
            shown = session.engine.transcript.entries.count
            if session.now >= limit { emit("limit"); exit(1) }
            return result
        }
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
        let chunks = scriptChunks(touchText)
        let start = session.start + .milliseconds(100)
        let firstTime = chunks.first?.last?.time ?? .zero
        try write(Array(chunks.prefix(unplugAfter)), to: touch.feed, from: start)
        unplug(testbed, mouse)
        while true {
            if case .deviceLost = try step(until: limit) { break }
        }
        let back = plug(testbed, umockdev: args[7], ioctl: args[8], node: "/dev/input/event22")
        while true {
            if case .deviceReturned = try step(until: limit) { break }
        }
        // The rest of the drag at its script times (those already due at once).
        let rest = Array(chunks.dropFirst(unplugAfter))
        if let next = rest.first?.last?.time {
            try write(rest, to: touch.feed, from: max(session.now, start + (next - firstTime)))
        }
        try write(scriptChunks(mouseText), to: back.feed, from: session.now + .milliseconds(200))
        while let next = session.nextDeadline { _ = try step(until: next) }
        session.finish()
        for entry in session.engine.transcript.entries.dropFirst(shown) { emit("| " + entry.textLine) }
        for line in session.engine.transcript.text.split(separator: "\n") where line.hasPrefix("final ") {
            emit("| " + line)
        }
        emit("losses \(session.losses.map { "\($0.device.index)" }.joined(separator: " "))")
        // A replay: both devices' frames and the loss, in the order handed in.
        var replay = try EngineDriver(scene: scene, device: session.readers[0].device, recordingTranscript: true)
        _ = replay.engine.attach(session.readers[1].device)
        var losses = session.losses[...]
        for frame in session.deviceFrames {
            while let loss = losses.first, loss.time < frame.frame.time {
                replay.deviceLost(loss.device, at: loss.time)
                losses = losses.dropFirst()
            }
            replay.handle(frame)
        }
        for loss in losses { replay.deviceLost(loss.device, at: loss.time) }
        replay.finish()
        emit(replay.engine.transcript.text == session.engine.transcript.text ? "replay same" : "replay differs")
    } catch {
        fail("\(error)")
    }
}
