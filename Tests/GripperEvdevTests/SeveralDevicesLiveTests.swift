import Foundation
import GripperInput
import GripperScripting
import GripperTesting
import Testing
import GripperTraces

/// `gripper live` on a touchscreen, a mouse and a keyboard emulated
/// together (umockdev plays a script on each): one engine, their frames
/// merged, one pointer gesture at a time. The touchscreen plays a scenario
/// of two long-press drags; a mouse click during the first drag and modifier
/// keys on the keyboard change nothing of the scenario's transcript.
@Suite(.serialized) struct SeveralDevicesLiveTests {
    static let scenario = "scenarios/long-press-drag-down-up"

    /// The scenario's transcript lines without their times.
    static func untimed(_ text: String) -> [Substring] {
        text.split(separator: "\n").map { line in
            guard let space = line.firstIndex(of: " "), line.first?.isNumber == true else { return line }
            return line[line.index(after: space)...]
        }
    }

    /// The lines that say what was edited: drags begun and ended, commits
    /// and the final list, without times.
    static func edits(_ text: String) -> [Substring] {
        untimed(text).filter { line in
            ["dragBegan", "dragEnded", "dragCancelled", "committed", "final"].contains { line.hasPrefix($0) }
        }
    }

    /// Key frames of the keyboard: Shift pressed, repeated and released.
    static func shiftFrames(at start: EventTime) -> [EventFrame] {
        [(1, 0), (2, 250), (0, 300)].map { value, ms in
            let t = start + .milliseconds(ms)
            return EventFrame(time: t, events: [RawEvent(time: t, type: EventType.msc, code: 4, value: 0x700e1),
                                                RawEvent(time: t, type: EventType.key, code: 42, value: Int32(value))])
        }
    }

    @Test func aTouchscreenAMouseAndAKeyboardTogether() throws {
        let dir = try Emulation.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = try Recordings.evemu(Self.scenario + "/trace.evemu")
        let first = try #require(trace.frames.first?.time)
        // The first drag holds the item from about 1.0 s to 2.1 s into the
        // trace: the mouse clicks at 1.3 s, the keyboard presses Shift at 1.5 s.
        var m = TraceBuilder(device: TestDevices.probeMouse, seed: 7, configuration: .init(start: first + .milliseconds(1200)))
        m.movePointer(to: .fraction(0.3, 0.7), duration: .milliseconds(50))
        m.tap(at: .fraction(0.3, 0.7), duration: .milliseconds(120))
        let mouse = m.frames
        let keys = Self.shiftFrames(at: first + .milliseconds(1500))
        let lead = Duration.milliseconds(500)
        let devices = [
            try Emulation.write(UmockdevFixture(device: trace.device, eventNumber: 20),
                                script: UmockdevEventScript.text(frames: trace.frames, lead: lead), name: "ts", in: dir),
            try Emulation.write(UmockdevFixture(device: TestDevices.probeMouse, eventNumber: 21),
                                script: UmockdevEventScript.text(frames: mouse, lead: lead + (mouse[0].time - first)),
                                name: "mouse", in: dir),
            try Emulation.write(UmockdevFixture(device: TestDevices.probeKeyboard, eventNumber: 22),
                                script: UmockdevEventScript.text(frames: keys, lead: lead + (keys[0].time - first)),
                                name: "kbd", in: dir),
        ]
        let seconds = ((trace.frames.last?.time ?? .zero) - first).secondsDouble + 4
        let scene = Fixtures.recording(Self.scenario + "/scene.json").path
        let record = dir.appendingPathComponent("all.yml").path
        let out = try Emulation.umockdevRun(devices, [Emulation.gripper, "live", devices[0].node,
                                                      "--also", devices[1].node, "--also", devices[2].node,
                                                      "--scene", scene, "--duration", String(seconds),
                                                      "--record", record])
        #expect(out.status == 0, "\(out.stderr)")
        let transcript = try #require(out.stdout.components(separatedBy: "\u{1B}[?25h\u{1B}[?1049l").last)
        let expected = try String(contentsOf: Fixtures.recording(Self.scenario + "/expected.txt"), encoding: .utf8)
        // The scenario's drags and edits, and nothing of the mouse's click or
        // the keys. (Not the whole transcript: umockdev starts each device's
        // script when the device is opened, so the three devices' stamps are
        // on bases some milliseconds apart, and a mouse frame stamped ahead
        // can fire the long-press timer before the touch frames stamped just
        // before it have arrived: "longPress began" then names a location one
        // tremor off. See LiveInput.md, "Several devices at once".)
        #expect(Self.edits(transcript) == Self.edits(expected), "\(transcript)")
        #expect(!transcript.contains("gesture tap"), "\(transcript)")

        // The recording holds the three devices and replays to the same edits.
        let recorded = try String(contentsOfFile: record, encoding: .utf8)
        #expect(recorded.contains("ndevices: 3"), "\(recorded.prefix(400))")
        #expect(recorded.contains("ID_INPUT_KEYBOARD=1") && recorded.contains("ID_INPUT_MOUSE=1"))
        let replay = try Emulation.run([Emulation.gripper, "replay", record, "--scene", scene])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(Self.edits(replay.stdout) == Self.edits(expected), "\(replay.stdout)")
    }

    @Test func replayTakesSeveralFilesAndTheMouseClickAloneIsATap() throws {
        let dir = try Emulation.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = try Recordings.evemu(Self.scenario + "/trace.evemu")
        let first = try #require(trace.frames.first?.time)
        var m = TraceBuilder(device: TestDevices.probeMouse, seed: 7, configuration: .init(start: first + .milliseconds(1200)))
        m.movePointer(to: .fraction(0.3, 0.7), duration: .milliseconds(50))
        m.tap(at: .fraction(0.3, 0.7), duration: .milliseconds(120))
        let mouseFile = dir.appendingPathComponent("mouse.evemu").path
        let touchFile = dir.appendingPathComponent("ts.evemu").path
        for (file, device, frames) in [(mouseFile, TestDevices.probeMouse, m.frames), (touchFile, trace.device, trace.frames)] {
            var writer = TraceWriter(format: .evemu)
            writer.beginDevice(device, metadata: TraceMetadata())
            for f in frames { writer.append(f) }
            try writer.takeText().write(toFile: file, atomically: true, encoding: .utf8)
        }
        let scene = Fixtures.recording(Self.scenario + "/scene.json").path
        let expected = try String(contentsOf: Fixtures.recording(Self.scenario + "/expected.txt"), encoding: .utf8)
        // Together: the click during the drag is ignored.
        let both = try Emulation.run([Emulation.gripper, "replay", touchFile, mouseFile, "--scene", scene])
        #expect(both.status == 0, "\(both.stderr)")
        #expect(Self.untimed(both.stdout) == Self.untimed(expected), "\(both.stdout)")
        // The mouse file alone: a tap.
        let alone = try Emulation.run([Emulation.gripper, "replay", mouseFile, "--scene", scene])
        #expect(alone.stdout.contains("gesture tap recognized"), "\(alone.stdout)")
        // --device names one device of one file only.
        let bad = try Emulation.run([Emulation.gripper, "replay", touchFile, mouseFile, "--device", "0", "--scene", scene])
        #expect(bad.status == 2, "\(bad.status) \(bad.stderr)")
        #expect(bad.stderr.contains("--device applies to a single trace file"), "\(bad.stderr)")
    }
}
