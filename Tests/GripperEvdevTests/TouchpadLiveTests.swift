import Foundation
import GripperInput
import GripperScripting
import GripperTesting
import Testing

/// Touchpad traces played live through an emulated device (libumockdev, the
/// harness's `session` mode): the touchpad is a pointer in the live engine
/// as in a replay — the ALPS double tap is two taps at the pointer, the
/// scripted clickpad drags and scrolls with a palm resting — and the live
/// transcript is the replay case's, event for event.
@Suite struct TouchpadLiveTests {
    /// The transcript lines without their times (and without the final sections).
    static func events(_ lines: some Sequence<String>) -> [String] {
        lines.filter { !$0.hasPrefix("final") }.map { line in
            String(line.drop { $0 != " " }.dropFirst())
        }
    }

    /// A touchpad trace, its scene and the transcript its replay prints.
    struct Case: CustomTestStringConvertible, Sendable {
        var trace: String
        var scene: String
        var expected: String
        var taps: Int
        var testDescription: String { trace }
    }

    static let cases = [
        Case(trace: "real/tp_alps-glidepoint_double-tap.evemu", scene: "real-replays/scene.json",
             expected: "real-replays/tp_alps-glidepoint_double-tap.expected.txt", taps: 2),
        Case(trace: "touchpad/clickpad-drag-scroll-palm/trace.evemu", scene: "touchpad/clickpad-drag-scroll-palm/scene.json",
             expected: "touchpad/clickpad-drag-scroll-palm/expected.txt", taps: 0),
    ]

    @Test(arguments: cases)
    func aTouchpadIsThePointerLiveAsInTheReplay(_ c: Case) throws {
        let dir = try Emulation.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = try Recordings.evemu(c.trace)
        #expect(trace.device.kind == .touchpad)
        let script = UmockdevEventScript.text(frames: trace.frames, lead: .zero)
        let device = try Emulation.write(UmockdevFixture(device: trace.device), script: script, name: "dev", in: dir)
        let scene = Fixtures.recording(c.scene).path
        let out = try Emulation.run(["umockdev-wrapper", Emulation.harness, "session", device.umockdev, device.ioctl,
                                     scene, device.events ?? "", "--input-after", "200", "--limit-ms", "30000"],
                                    timeout: 90)
        #expect(!out.timedOut)
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        let lines = out.lines.map(String.init)
        #expect(lines.last == "replay same", "\(lines)")
        let live = Self.events(lines.filter { $0.hasPrefix("| ") }.map { String($0.dropFirst(2)) })
        #expect(live.filter { $0.hasPrefix("gesture tap") }.count == c.taps, "\(live)")
        #expect(!live.contains { $0.hasPrefix("gesture pan") })
        let expected = try String(contentsOf: Fixtures.recording(c.expected), encoding: .utf8)
        #expect(live == Self.events(expected.split(separator: "\n").map(String.init)))
    }
}
