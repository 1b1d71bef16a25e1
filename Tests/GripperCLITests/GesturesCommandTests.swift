import Foundation
import GripperInput
import GripperScripting
import GripperTesting
import Testing
import GripperTraces

/// `gripper gestures`, run end to end as a person would.
@Suite struct GesturesCommandTests {
    func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let r = try GripperProcess.run(arguments)
        return (r.status, r.stdout, r.stderr)
    }

    @Test func jsonLinesForTheAtmelTaps() throws {
        let r = try run(["gestures", "Recordings/real/ts_atmel-maxtouch_1-finger-fast-taps.evemu", "--json"])
        #expect(r.status == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 9)
        for line in lines {
            #expect(line.hasPrefix("{\"t\":"), "\(line)")
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["event"] as? String == "gesture")
            #expect(object?["kind"] as? String == "tap")
            #expect(object?["state"] as? String == "recognized")
            #expect(object?["count"] as? Int == 1)
            #expect(object?["x"] is Double || object?["x"] is Int)
        }
        // Key order as the issue shows it.
        #expect(lines.first?.range(of: #"^\{"t":[0-9.]+,"event":"gesture","kind":"tap","state":"recognized","x":"#,
                                    options: .regularExpression) != nil)
    }

    @Test func textForTheWacomSwipeWithItsDescription() throws {
        let r = try run(["gestures", "Recordings/real/ts_wacom-isdv4-e6_1-finger-horizontal-swipe.events",
                         "--device", "Recordings/real/ts_wacom-isdv4-e6.desc"])
        #expect(r.status == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n")
        #expect(lines.first?.contains("pan       began") == true)
        #expect(lines.first?.contains("horizontal") == true)
        #expect(lines.last?.contains("swipe     recognized") == true)
        #expect(lines.last?.contains("right") == true)
        #expect(lines.last?.contains("velocity (") == true)
    }

    @Test func badInputExitsWithTwoNamingFileAndLine() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-gestures-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }

        // Events with no device description anywhere.
        let orphan = dir.appendingPathComponent("orphan.events")
        try Data("E: 0.000000 0003 0035 10\nE: 0.000000 0000 0000 0\n".utf8).write(to: orphan)
        let missingDesc = try run(["gestures", orphan.path])
        #expect(missingDesc.status == 2)
        #expect(missingDesc.err.contains("orphan.events:1:"), "\(missingDesc.err)")
        #expect(missingDesc.out.isEmpty)

        // A malformed event line in a file with a header.
        let header = try String(contentsOf: Fixtures.recording("real/ts_wacom-isdv4-e6.desc"), encoding: .utf8)
        let headerLines = header.split(separator: "\n", omittingEmptySubsequences: false).count
        let broken = dir.appendingPathComponent("broken.evemu")
        try Data((header + (header.hasSuffix("\n") ? "" : "\n") + "E: 0.000000 0003 zz 10\n").utf8).write(to: broken)
        let malformed = try run(["gestures", broken.path, "--json"])
        #expect(malformed.status == 2)
        #expect(malformed.err.contains("broken.evemu:\(headerLines - (header.hasSuffix("\n") ? 0 : -1))"), "\(malformed.err)")
        #expect(malformed.out.isEmpty)

        let missingFile = try run(["gestures", "Recordings/real/no-such-file.evemu"])
        #expect(missingFile.status == 2)
        #expect(missingFile.err.contains("no-such-file.evemu"))
    }

    @Test func eventsFileFindsItsDescriptionBesideIt() throws {
        let r = try run(["gestures", "Recordings/real/ts_wacom-isdv4-e6_single-tap.events", "--json"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.split(separator: "\n").count == 1)
        #expect(r.out.contains(#""kind":"tap","state":"recognized""#))
    }

    /// A press held still past the tap's maximum duration prints as a plain
    /// single tap (count 1); held the long-press duration, as a long-press.
    @Test func heldPressPrintsAsASingleTap() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-held-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func file(holding hold: Duration) throws -> String {
            var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 3)
            b.longPress(at: .fraction(0.5, 0.5), duration: hold)
            let url = dir.appendingPathComponent("held-\(hold.components.attoseconds / 1_000_000_000_000_000).evemu")
            try Data(EvemuFormat.write(b.trace).utf8).write(to: url)
            return url.path
        }
        let held = try file(holding: .milliseconds(400))
        let text = try run(["gestures", held])
        #expect(text.status == 0, "\(text.err)")
        let lines = text.out.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("tap       recognized at (") == true, "\(text.out)")
        #expect(lines.first?.contains("  count 1  #") == true, "\(text.out)")
        let json = try run(["gestures", held, "--json", "--failures"])
        #expect(json.status == 0, "\(json.err)")
        let kinds = json.out.split(separator: "\n").map { line -> String in
            let o = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            return "\(o?["kind"] as? String ?? "?").\(o?["state"] as? String ?? "?")"
        }
        #expect(kinds == ["longPress.failed", "swipe.failed", "tap.recognized"])
        #expect(json.out.contains(#""count":1"#))
        let long = try run(["gestures", try file(holding: .milliseconds(560))])
        #expect(long.out.contains("longPress began") && !long.out.contains("tap "), "\(long.out)")
    }

    @Test func optionsAddTouchesAndFailures() throws {
        let file = "Recordings/real/ts_wacom-isdv4-e6_single-tap.events"
        let desc = "Recordings/real/ts_wacom-isdv4-e6.desc"
        let r = try run(["gestures", file, "--device", desc, "--json", "--touches", "--failures"])
        #expect(r.status == 0, "\(r.err)")
        let events = r.out.split(separator: "\n").map { line -> String in
            let o = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            return "\(o?["event"] as? String ?? "?").\(o?["kind"] as? String ?? "-").\(o?["state"] as? String ?? "?")"
        }
        #expect(events == ["touch.-.began", "gesture.longPress.failed", "gesture.swipe.failed",
                           "gesture.tap.recognized", "touch.-.ended"])
    }
}
