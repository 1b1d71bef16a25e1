import Foundation
import GripperInput
import GripperScripting
import GripperTesting
import Testing
import GripperTraces

/// Real recordings played through an emulated device (umockdev's own evemu
/// player, at the recorded speed): what GripperEvdev reads, and what
/// `gripper record` writes, must be what the trace reader reads from the file.
@Suite struct ReplayTests {
    /// A recording to replay, cut to its first `seconds` when given.
    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var desc: String?
        var seconds: Double?
        var testDescription: String { file }
    }

    static let cases = [
        Case(file: "real/ts_atmel-maxtouch_1-finger-drag-up-down.evemu"),
        Case(file: "real/ts_wacom-isdv4-e6_1-finger-horizontal-swipe.events", desc: "real/ts_wacom-isdv4-e6.desc"),
        Case(file: "real/ts_ntrig_protoA_1-finger-drag-NW-SE.events", desc: "real/ts_ntrig_protoA.desc"),
        // Motion, wheel and the first left click: the first 3.3 s of 9.7.
        Case(file: "real/mouse_ultrathin-touch-mouse_motion-clicks-wheel.evemu", seconds: 3.3),
    ]

    static let lead: Duration = .milliseconds(500)

    /// The recording's frames (cut), the fixture and the script.
    static func prepare(_ c: Case, in dir: URL) throws -> (trace: Trace, frames: [EventFrame], device: Emulation.Device) {
        let trace = try Recordings.evemu(c.file, description: c.desc)
        var frames = trace.frames
        if let seconds = c.seconds, let start = frames.first?.time {
            let end = start + .microseconds(Int64(seconds * 1_000_000))
            frames = frames.filter { $0.time <= end }
        }
        let script = UmockdevEventScript.text(frames: frames, lead: lead)
        let device = try Emulation.write(UmockdevFixture(device: trace.device), script: script, name: "dev", in: dir)
        return (trace, frames, device)
    }

    /// The frames as the harness prints them: times from the script's start.
    static func expectedLines(_ frames: [EventFrame]) -> [String] {
        guard let first = UmockdevEventScript.events(of: frames).first?.time else { return [] }
        let origin = first - lead
        return frames.map { ReaderTranscript.line(for: $0, origin: origin) }
    }

    @Test(arguments: cases)
    func readerYieldsTheTraceFrames(_ c: Case) throws {
        let dir = try Emulation.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (trace, frames, device) = try Self.prepare(c, in: dir)
        // Every frame of the cut recording plus the script's t = 0 frame; the
        // harness then waits 300 ms to see that nothing more comes.
        let out = try Emulation.umockdevRun([device], [Emulation.harness, "read", device.node,
                                                       "--frames", String(frames.count + 1), "--limit-ms", "30000"])
        #expect(!out.timedOut)
        #expect(out.status == 0, "\(out.stderr)")
        let lines = out.lines
        #expect(lines.first.map(String.init) == ReaderTranscript.line(for: trace.device))
        // The script's harmless SYN_REPORT at t = 0 arrives as an empty first frame.
        var read = lines.filter { $0.hasPrefix("frame ") }.map(String.init)
        #expect(read.first == "frame 0 resync=0")
        read = Array(read.dropFirst())
        let expected = Self.expectedLines(frames)
        #expect(expected.count >= 10)
        #expect(read.count == expected.count)
        for (index, (got, want)) in zip(read, expected).enumerated() where got != want {
            Issue.record("frame \(index): read \(got), trace has \(want)")
            break
        }
        #expect(lines.last == "idle")
    }

    @Test(arguments: cases)
    func recordWritesTheEventsBack(_ c: Case) throws {
        let dir = try Emulation.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (_, frames, device) = try Self.prepare(c, in: dir)
        let file = dir.appendingPathComponent("recorded.evemu")
        let length = (frames.last?.time ?? .zero) - (frames.first?.events.first?.time ?? frames.first?.time ?? .zero)
        // A margin for a loaded machine: umockdev replays on wall time.
        let seconds = length.secondsDouble + Self.lead.secondsDouble + 2.5
        let out = try Emulation.umockdevRun([device], [Emulation.gripper, "record", device.node, "-o", file.path,
                                                       "--duration", String(seconds)])
        #expect(!out.timedOut)
        #expect(out.status == 0, "\(out.stderr)")
        let recorded = try EvemuFormat.read(Array(try Data(contentsOf: file)), fileName: file.lastPathComponent)
        #expect(recorded.warnings.isEmpty, "\(recorded.warnings)")
        var got = recorded.frames
        // The script's t = 0 frame, at 0.000001 s as evemu-record writes the first event.
        #expect(got.first?.events == [] && got.first?.time == EventTime(microseconds: 1))
        got = Array(got.dropFirst())
        #expect(frames.count >= 10)
        #expect(got.count == frames.count)
        guard let first = UmockdevEventScript.events(of: frames).first?.time else { return }
        let origin = first - Self.lead
        for (index, (a, b)) in zip(got, frames).enumerated() {
            let events = a.events.map { [$0.type, $0.code, UInt16(bitPattern: Int16(truncatingIfNeeded: $0.value))] }
            let want = b.events.map { [$0.type, $0.code, UInt16(bitPattern: Int16(truncatingIfNeeded: $0.value))] }
            let skew = abs((a.time - .zero).microsecondsRounded - (b.time - origin).microsecondsRounded)
            if events != want || a.events.map(\.value) != b.events.map(\.value) || skew > 1000 {
                Issue.record("frame \(index): recorded \(a), trace has \(b) (time skew \(skew) µs)")
                break
            }
        }
    }
}
