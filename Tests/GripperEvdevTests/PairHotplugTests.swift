import Foundation
import GripperInput
import GripperScripting
import GripperTesting
import Testing

/// Two emulated devices, one of them unplugged and plugged back mid-drag
/// (the harness's `pair` mode, under `umockdev-wrapper`): the touchscreen's
/// drag goes on while the mouse is away, the mouse comes back as a new node
/// and its click after the drop is a tap, and the transcript equals a replay
/// of what the session read.
@Suite(.serialized) struct PairHotplugTests {
    static let scenario = "scenarios/long-press-drag-down-up"

    @Test func theMouseGoesAndComesBackMidDragWhileTheTouchscreenGoesOn() throws {
        let dir = try Emulation.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = try Recordings.evemu(Self.scenario + "/trace.evemu")
        let first = try #require(trace.frames.first?.time)
        // Unplugged 1.3 s in: the first item is held up (picked up at about 1.0 s).
        let kept = trace.frames.filter { $0.time < first + .milliseconds(1300) }
        var m = TraceBuilder(device: TestDevices.probeMouse, seed: 7)
        m.movePointer(to: .fraction(0.3, 0.7), duration: .milliseconds(50))
        m.tap(at: .fraction(0.3, 0.7))
        let touch = try Emulation.write(UmockdevFixture(device: trace.device, eventNumber: 20),
                                        script: UmockdevEventScript.text(frames: trace.frames, lead: .zero), name: "ts", in: dir)
        let mouse = try Emulation.write(UmockdevFixture(device: TestDevices.probeMouse, eventNumber: 21),
                                        script: UmockdevEventScript.text(frames: m.frames, lead: .zero), name: "m1", in: dir)
        let again = try Emulation.write(UmockdevFixture(device: TestDevices.probeMouse, eventNumber: 22),
                                        script: nil, name: "m2", in: dir)
        let scene = Fixtures.recording(Self.scenario + "/scene.json").path
        let out = try Emulation.run(["umockdev-wrapper", Emulation.harness, "pair",
                                     touch.umockdev, touch.ioctl, touch.events ?? "",
                                     mouse.umockdev, mouse.ioctl, again.umockdev, again.ioctl, mouse.events ?? "",
                                     scene, "--unplug-after", String(1 + kept.count), "--limit-ms", "30000"],
                                    timeout: 90)
        #expect(!out.timedOut)
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        let lines = out.lines.map(String.init)
        func index(_ part: String, after start: Int = 0) -> Int? {
            lines.indices.first { $0 >= start && lines[$0].contains(part) }
        }
        let began = try #require(index("dragBegan i2 from [0,1]"), "\(lines)")
        let lost = try #require(lines.firstIndex(of: "step lost 1"), "\(lines)")
        let returned = try #require(lines.firstIndex(of: "step returned 1"), "\(lines)")
        #expect(began < lost && lost < returned)
        // The drag went on: committed after the mouse came back, never cancelled.
        let committed = try #require(index("committed #1 move i2 [0,1] -> [0,5]", after: returned), "\(lines)")
        #expect(!lines.contains { $0.contains("dragCancelled") }, "\(lines)")
        // The mouse's click after the drop is a tap, read from the new node.
        #expect(index("gesture tap recognized", after: committed) != nil, "\(lines)")
        #expect(lines.filter { $0.contains("gesture tap recognized") }.count == 1, "\(lines)")
        #expect(lines.contains("| final list: i7 i1 i3 i4 i5 i6 i2 i8 i9 i10"), "\(lines)")
        #expect(lines.contains("losses 1"))
        #expect(lines.last == "replay same", "\(lines)")
    }
}
