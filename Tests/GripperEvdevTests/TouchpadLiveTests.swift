import Foundation
import GripperInput
import GripperTesting
import Testing

/// The real ALPS touchpad recording played live through an emulated device
/// (libumockdev, the harness's `session` mode): the touchpad is a pointer
/// in the live engine as in a replay — two taps at the pointer, the same
/// transcript as the replay of the file (`real-replays/`), event for event.
@Suite struct TouchpadLiveTests {
    /// The transcript lines without their times (and without the final sections).
    static func events(_ lines: some Sequence<String>) -> [String] {
        lines.filter { !$0.hasPrefix("final") }.map { line in
            String(line.drop { $0 != " " }.dropFirst())
        }
    }

    @Test func theALPSDoubleTapTapsTwiceLiveAsInTheReplay() throws {
        let dir = try Emulation.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = try Recording.evemu("real/tp_alps-glidepoint_double-tap.evemu")
        #expect(trace.device.kind == .touchpad)
        let script = UmockdevEventScript.text(frames: trace.frames, lead: .zero)
        let device = try Emulation.write(UmockdevFixture(device: trace.device), script: script, name: "dev", in: dir)
        let scene = Fixtures.recording("real-replays/scene.json").path
        let out = try Emulation.run(["umockdev-wrapper", Emulation.harness, "session", device.umockdev, device.ioctl,
                                     scene, device.events ?? "", "--input-after", "200", "--limit-ms", "20000"],
                                    timeout: 60)
        #expect(!out.timedOut)
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        let lines = out.lines.map(String.init)
        #expect(lines.last == "replay same", "\(lines)")
        let live = Self.events(lines.filter { $0.hasPrefix("| ") }.map { String($0.dropFirst(2)) })
        #expect(live.filter { $0.hasPrefix("gesture tap") }.count == 2, "\(live)")
        #expect(!live.contains { $0.hasPrefix("gesture pan") })
        let expected = try String(contentsOf: Fixtures.recording("real-replays/tp_alps-glidepoint_double-tap.expected.txt"),
                                  encoding: .utf8)
        #expect(live == Self.events(expected.split(separator: "\n").map(String.init)))
    }
}
