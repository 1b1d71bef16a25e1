import Foundation
import GripperInput
import GripperScripting
import GripperTesting
import Testing

/// `gripper devices --watch`, `record --device … --wait` and `live --device
/// … --wait` in a testbed where a touchscreen is plugged, unplugged and
/// another plugged in while they run (the harness's `plugs` mode).
@Suite(.serialized) struct HotplugCommandTests {
    /// Runs `command` while the probe touchscreen is plugged as event20 at
    /// `plug` ms, unplugged at `unplug` and a second one ("Second
    /// Touchscreen") plugged as event21 at `replug`.
    func run(_ command: [String], plug: Int = 600, unplug: Int = 1400, replug: Int = 2000) throws -> Emulation.Output {
        let dir = try Emulation.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var second = TestDevices.probeTouchscreen
        second.name = "Second Touchscreen"
        let one = try Emulation.write(UmockdevFixture(device: TestDevices.probeTouchscreen, eventNumber: 20),
                                      script: nil, name: "one", in: dir)
        let two = try Emulation.write(UmockdevFixture(device: second, eventNumber: 21), script: nil, name: "two", in: dir)
        return try Emulation.run(["umockdev-wrapper", Emulation.harness, "plugs", one.umockdev, one.ioctl,
                                  two.umockdev, two.ioctl, "--plug-ms", String(plug), "--unplug-ms", String(unplug),
                                  "--replug-ms", String(replug), "--limit-ms", "20000", "--"] + command, timeout: 60)
    }

    @Test func devicesWatchPrintsArrivalsAndRemovals() throws {
        let out = try run([Emulation.gripper, "devices", "--watch", "--duration", "3"])
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        let lines = out.lines.map(String.init)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.first?.hasPrefix("added\t/dev/input/event20\ttouchscreen\t256x256 mm\tProbe Touchscreen") == true, "\(lines)")
        #expect(lines.dropFirst().first == "removed\t/dev/input/event20", "\(lines)")
        #expect(lines.last?.hasPrefix("added\t/dev/input/event21\ttouchscreen\t") == true, "\(lines)")
        #expect(lines.last?.hasSuffix("Second Touchscreen") == true, "\(lines)")
    }

    @Test func devicesWatchJSON() throws {
        let out = try run([Emulation.gripper, "devices", "--watch", "--json", "--duration", "3"])
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        let objects = out.lines.map(CommandTests.json)
        #expect(objects.map { $0["event"] as? String } == ["added", "removed", "added"], "\(out.stdout)")
        #expect(objects.map { $0["node"] as? String } == ["/dev/input/event20", "/dev/input/event20", "/dev/input/event21"])
        #expect(objects.first?["kind"] as? String == "touchscreen")
    }

    @Test func recordWaitsForTheNamedDeviceAndEndsWhenItGoes() throws {
        let dir = try Emulation.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("out.evemu").path
        let out = try run([Emulation.gripper, "record", "--device-name", "Probe Touch*", "--wait", "-o", file,
                           "--duration", "10"])
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        #expect(out.stderr.contains("waiting for a device named \"Probe Touch*\""), "\(out.stderr)")
        #expect(out.stderr.contains("/dev/input/event20: the device went away"), "\(out.stderr)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("N: Probe Touchscreen"))
    }

    @Test func aMatchThatIsNotThereIsBadInputWithoutWait() throws {
        let out = try run([Emulation.gripper, "record", "--device", "mouse", "-o", "/dev/null"], plug: 0)
        #expect(out.status == 2)
        #expect(out.stderr.contains("no mouse is connected"), "\(out.stderr)")
        #expect(out.stderr.contains("--wait"))
    }

    @Test func liveFollowsTheTouchscreenThroughUnplugAndReplug() throws {
        let dir = try Emulation.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = Fixtures.recording("scenarios/long-press-drag-down-up/scene.json").path
        let recorded = dir.appendingPathComponent("read.evemu").path
        let out = try run([Emulation.gripper, "live", "--device", "touchscreen", "--wait", "--scene", scene,
                           "--duration", "2.5", "--record", recorded])
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        // The transcript follows the restored terminal.
        let transcript = try #require(out.stdout.components(separatedBy: "\u{1B}[?25h\u{1B}[?1049l").last)
        let lines = transcript.split(separator: "\n")
        // The session started when the device appeared (0.6 s), lost it 0.8 s later.
        let lost = try #require(lines.first { $0.hasSuffix(" deviceLost -") }, "\(transcript)")
        let time = try #require(Double(lost.prefix { $0 != " " }))
        #expect(time > 0.6 && time < 1.2, "\(lost)")
        #expect(lines.last?.hasPrefix("final list: i1 i2") == true, "\(transcript)")
        // The recording says where the device went away.
        let file = try String(contentsOfFile: recorded, encoding: .utf8)
        #expect(file.contains("# device lost at "), "\(file)")
    }
}
