import Foundation
import GripperInput
import GripperScripting
import GripperTesting
import Testing

/// `LiveSession` itself, through the harness's `session` mode: a testbed
/// device (libumockdev) fed a long-press drag on the reader's own clock, the
/// scene's stimuli due before any input and after the device is gone.
@Suite struct LiveSessionTests {
    /// The input starts this long after the session.
    static let inputAfter = 600
    /// The chunks written before the device is removed: the script's start
    /// marker and the trace's frames up to 1.5 s (the drag is under way).
    static let removeAt = 1.5

    @Test func stimuliFireOnTimeFromTheStartBeforeInputAndAfterLoss() throws {
        let dir = try Emulation.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = try Recordings.evemu("scenarios/drag-ended-by-device-loss/trace.evemu")
        let first = try #require(trace.frames.first?.time)
        let kept = trace.frames.filter { ($0.time - first).secondsDouble <= Self.removeAt }
        let removeAfter = 1 + kept.count
        let lossTime = Double(Self.inputAfter) / 1000 + ((kept.last?.time ?? first) - first).secondsDouble
        // A stimulus 0.4 s after the loss (in whole milliseconds): it must still come.
        let late = ((lossTime + 0.4) * 1000).rounded() / 1000
        let scene = """
            {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"separator":1},
             "sections":[{"id":"list","items":[{"id":"i1"},{"id":"i2"},{"id":"i3"},{"id":"i4"},{"id":"i5"},{"id":"i6"}]}],
             "stimuli":[{"t":0.3,"setEditing":true},{"t":0.45,"setEditing":false},{"t":\(late),"setEditing":true}]}
            """
        let sceneFile = dir.appendingPathComponent("scene.json")
        try scene.write(to: sceneFile, atomically: true, encoding: .utf8)
        let script = UmockdevEventScript.text(frames: trace.frames, lead: .zero)
        let device = try Emulation.write(UmockdevFixture(device: trace.device), script: script, name: "dev", in: dir)
        let out = try Emulation.run(["umockdev-wrapper", Emulation.harness, "session", device.umockdev, device.ioctl,
                                     sceneFile.path, device.events ?? "", "--input-after", String(Self.inputAfter),
                                     "--remove-after", String(removeAfter), "--limit-ms", "20000"], timeout: 60)
        #expect(!out.timedOut)
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        let lines = out.lines.map(String.init)
        func index(_ line: String) -> Int? { lines.firstIndex(of: line) }
        func firedMilliseconds(after start: Int) -> Int? {
            lines[start...].first { $0.hasPrefix("step fired +") }
                .flatMap { Int($0.dropFirst("step fired +".count).prefix { $0.isNumber }) }
        }

        // Before any input: both stimuli fire at their own times from the
        // session's start, never early, and before the first frame is read.
        let firstFrame = try #require(index("step frame"), "\(lines)")
        let on = try #require(index("| 0.300000 stimulus setEditing true"), "\(lines)")
        let off = try #require(index("| 0.450000 stimulus setEditing false"), "\(lines)")
        #expect(on < off && off < firstFrame)
        #expect(lines[..<firstFrame].filter { $0.hasPrefix("step fired") }.count == 2)
        #expect((firedMilliseconds(after: 0) ?? 0) >= 300)
        #expect((firedMilliseconds(after: on + 1) ?? 0) >= 450)

        // The drag, then the loss cancels it.
        let began = try #require(lines.firstIndex { $0.hasSuffix("dragBegan i2 from [0,1]") }, "\(lines)")
        let lost = try #require(index("step lost"), "\(lines)")
        #expect(firstFrame < began && began < lost)
        #expect(lines[lost...].contains { $0.hasSuffix("dragCancelled i2") })
        #expect(!lines[lost...].contains("step frame"))

        // After the loss the scene's last stimulus still fires, on time.
        let lateLine = "| " + String(format: "%.6f", late) + " stimulus setEditing true"
        let lateIndex = try #require(index(lateLine), "\(lines)")
        #expect(lost < lateIndex)
        #expect((firedMilliseconds(after: lost) ?? 0) >= Int(late * 1000))

        // The origin is the session's start, handed over as an empty frame;
        // a replay of the session's frames prints the same transcript.
        #expect(lines.contains("first-frame start 0"))
        #expect(lines.last == "replay same")
    }
}
