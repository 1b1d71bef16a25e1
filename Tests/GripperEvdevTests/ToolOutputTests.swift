import Foundation
import GripperInput
import GripperScripting
import GripperTesting
import Testing

/// `gripper record` against the genuine output of `evemu-record` and
/// `libinput record`, made by those tools from the same emulated devices and
/// the same event scripts (Recordings/tool-output).
@Suite struct ToolOutputTests {
    /// Replays the events of a genuine recording on an emulated copy of its
    /// device and records them with `gripper record` in `format`.
    static func rerecord(_ file: String, format: String) throws -> (genuine: String, ours: String) {
        let dir = try Emulation.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let genuine = String(decoding: try Recordings.bytes(file), as: UTF8.self)
        let trace = try Recordings.evemu(file)
        // Replay exactly what the tools saw, at the same times (the kernel's
        // event times under umockdev are the script's).
        let script = UmockdevEventScript.text(frames: trace.frames, lead: .zero, startMarker: false)
        let device = try Emulation.write(UmockdevFixture(device: trace.device), script: script, name: "dev", in: dir)
        let seconds = (trace.duration + .seconds(2)).secondsDouble
        let out = try Emulation.umockdevRun([device], [Emulation.gripper, "record", device.node, "--format", format,
                                                       "--duration", String(seconds)])
        #expect(out.status == 0, "\(out.stderr)")
        return (genuine, out.stdout)
    }

    static func lines(_ text: String, _ prefixes: [String]) -> [Substring] {
        text.split(separator: "\n").filter { line in prefixes.contains { line.hasPrefix($0) } }
    }

    @Test(arguments: ["tool-output/drag.evemu-record.txt", "tool-output/mouse.evemu-record.txt"])
    func evemuEventLinesAreWhatEvemuRecordWrites(_ file: String) throws {
        let (genuine, ours) = try Self.rerecord(file, format: "evemu")
        let want = Self.lines(genuine, ["E: "])
        #expect(want.count > 10)
        #expect(Self.lines(ours, ["E: "]) == want)
        #expect(Self.lines(ours, ["N: ", "I: ", "P: ", "B: ", "A: "]) == Self.lines(genuine, ["N: ", "I: ", "P: ", "B: ", "A: "]))
    }

    @Test func libinputEventsAreWhatLibinputRecordWrites() throws {
        let (_, ours) = try Self.rerecord("tool-output/drag.evemu-record.txt", format: "libinput")
        let genuine = String(decoding: try Recordings.bytes("tool-output/drag.libinput-record.yml"), as: UTF8.self)
        // The event arrays, without the comments (libinput adds deltas to them).
        func events(_ text: String) -> [Substring] {
            Self.lines(text, ["    - ["]).map { $0.prefix { $0 != "#" } }
        }
        #expect(events(genuine).count > 10)
        #expect(events(ours) == events(genuine))
        #expect(Self.lines(ours, ["  - evdev:"]).count == Self.lines(genuine, ["  - evdev:"]).count)
        for key in ["    name:", "    id:", "      0:", "      1:", "      3:", "      47:", "      53:", "    properties:"] {
            #expect(Self.lines(ours, [key]).first == Self.lines(genuine, [key]).first, "\(key)")
        }
    }
}
