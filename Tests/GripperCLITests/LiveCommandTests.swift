import Foundation
import GripperTesting
import Testing

/// `gripper live` on an emulated device (umockdev plays the scenario's
/// trace in real time): the transcript it prints equals, byte for byte, a
/// replay of the frames it read, and says what the scenario's expected transcript says.
@Suite(.serialized) struct LiveCommandTests {
    static var gripper: URL { ReplayCommandTests.gripper }

    static func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let r = try GripperProcess.run(executable: URL(fileURLWithPath: "/usr/bin/env"), arguments, timeout: 60)
        return (r.status, r.stdout, r.stderr)
    }

    /// Every scenario, timed stimuli and auto-scroll included: umockdev
    /// delivers an event up to a few milliseconds after its stamp, and the
    /// session's delivery grace holds a due timer back until frames stamped
    /// before it have arrived (Documentation/LiveInput.md), so the live
    /// transcript is the replay's, line for line and time for time. The
    /// grace here is 100 ms, not the default 10: these tests share two cores
    /// with the rest of the suite, and umockdev's delivery then lags past
    /// 10 ms now and then (a kernel device's never does); with a late frame
    /// an auto-scroll tick fires first and the offsets differ by hundredths.
    @Test(arguments: ScenarioLibrary.all.map(\.name))
    func liveEqualsAReplayOfWhatItRead(_ name: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-live-\(getpid())-\(name)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let fixtures = try Self.run([Self.gripper.path, "scenarios", dir.path, "--emulation", "--only", name])
        let fields = fixtures.out.split(separator: " ")
        try #require(fixtures.status == 0 && fields.count == 3, "\(fixtures.err)")
        let node = String(fields[1])
        let seconds = (Double(fields[2].trimmingCharacters(in: .whitespacesAndNewlines)) ?? 3) + 1.2
        let scene = "Recordings/scenarios/\(name)/scene.json"
        let recorded = dir.appendingPathComponent("read.evemu").path
        let f = dir.appendingPathComponent(name).path
        let live = try Self.run(["umockdev-run", "-d", f + ".umockdev", "-i", "\(node)=\(f).ioctl", "-e", "\(node)=\(f).script",
                                 "--", Self.gripper.path, "live", node, "--scene", scene,
                                 "--duration", String(seconds), "--record", recorded, "--delivery-grace", "100"])
        #expect(live.status == 0, "\(live.err)")
        // Stdout is not a terminal: nothing is drawn, the transcript is all there is.
        #expect(!live.out.contains("\u{1B}"))
        let transcript = live.out
        let replay = try Self.run([Self.gripper.path, "replay", recorded, "--scene", scene])
        #expect(replay.status == 0)
        #expect(transcript == replay.out)
        let expected = try String(contentsOf: Fixtures.recording("scenarios/\(name)/expected.txt"), encoding: .utf8)
        // The same gestures, transitions and edits as the expected transcript,
        // in the same order; the times differ by the live clock's origin.
        #expect(Self.untimed(transcript) == Self.untimed(expected))
    }

    /// A transcript's lines without their leading time stamps.
    static func untimed(_ transcript: String) -> [Substring] {
        transcript.split(separator: "\n").map { line in
            guard let space = line.firstIndex(of: " "), line.first?.isNumber == true else { return line }
            return line[line.index(after: space)...]
        }
    }
}
