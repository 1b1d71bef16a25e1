import Foundation
import GripperTesting
import Testing

/// `gripper live` on an emulated device (umockdev plays the scenario's
/// trace in real time): the transcript it prints equals, byte for byte, a
/// replay of the frames it read, and ends with the scenario's final sections.
@Suite(.serialized) struct LiveCommandTests {
    static var gripper: URL { ReplayCommandTests.gripper }

    static func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = Fixtures.packageRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    @Test(arguments: ["full-swipe", "drag-into-another-section", "mouse-drag"])
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
                                 "--duration", String(seconds), "--record", recorded])
        #expect(live.status == 0, "\(live.err)")
        // The terminal is restored (alternate screen left, cursor shown) before the transcript.
        let parts = live.out.components(separatedBy: "\u{1B}[?25h\u{1B}[?1049l")
        try #require(parts.count == 2)
        #expect(live.out.hasPrefix("\u{1B}[?1049h"))
        let transcript = parts[1]
        let replay = try Self.run([Self.gripper.path, "replay", recorded, "--scene", scene])
        #expect(replay.status == 0)
        #expect(transcript == replay.out)
        let expected = try String(contentsOf: Fixtures.recording("scenarios/\(name)/expected.txt"), encoding: .utf8)
        #expect(transcript.split(separator: "\n").last == expected.split(separator: "\n").last)
    }
}
