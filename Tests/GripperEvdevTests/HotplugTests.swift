import Foundation
import GripperInput
import GripperScripting
import GripperTesting
import Testing

/// Hotplug on emulated devices (the harness's `hotplug` mode, under
/// `umockdev-wrapper`): a `LiveSession` on a `DeviceFollower` found by a
/// match; the touchscreen is unplugged mid-drag and another one, with twice
/// the axis range, comes back as a new node.
@Suite(.serialized) struct HotplugTests {
    static let scenario = "scenarios/long-press-drag-down-up"

    /// Device 2: device 1 renamed, its position axes twice as long.
    static func doubled(_ device: DeviceDescription) -> DeviceDescription {
        var out = device
        out.name = device.name + " (replugged)"
        for code in [AbsCode.x, AbsCode.y, AbsCode.mtPositionX, AbsCode.mtPositionY] {
            guard var info = out.absInfo[code] else { continue }
            info.minimum *= 2
            info.maximum *= 2
            info.resolution *= 2
            out.absInfo[code] = info
        }
        return out
    }

    /// The frames as device 2 sends the same touches.
    static func doubled(_ frames: [EventFrame]) -> [EventFrame] {
        let positions: Set<UInt16> = [AbsCode.x, AbsCode.y, AbsCode.mtPositionX, AbsCode.mtPositionY]
        return frames.map { frame in
            var out = frame
            for i in out.events.indices where out.events[i].type == EventType.abs && positions.contains(out.events[i].code) {
                out.events[i].value *= 2
            }
            return out
        }
    }

    func run(match: [String]) throws -> [String] {
        let dir = try Emulation.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = try Recordings.evemu(Self.scenario + "/trace.evemu")
        let first = try #require(trace.frames.first?.time)
        // Unplugged 1.6 s into the trace: the first drag is under way.
        let kept = trace.frames.filter { ($0.time - first).secondsDouble <= 1.6 }
        let one = try Emulation.write(UmockdevFixture(device: trace.device, eventNumber: 20),
                                      script: UmockdevEventScript.text(frames: kept, lead: .zero), name: "one", in: dir)
        let two = try Emulation.write(UmockdevFixture(device: Self.doubled(trace.device), eventNumber: 21),
                                      script: UmockdevEventScript.text(frames: Self.doubled(trace.frames), lead: .zero),
                                      name: "two", in: dir)
        let scene = Fixtures.recording(Self.scenario + "/scene.json").path
        let out = try Emulation.run(["umockdev-wrapper", Emulation.harness, "hotplug",
                                     one.umockdev, one.ioctl, one.events ?? "", two.umockdev, two.ioctl, two.events ?? "",
                                     scene, "--remove-after", String(1 + kept.count), "--limit-ms", "30000"] + match,
                                    timeout: 90)
        #expect(!out.timedOut)
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        return out.lines.map(String.init)
    }

    func check(_ lines: [String]) throws {
        func index(_ suffix: String, after start: Int = 0) -> Int? {
            lines.indices.first { $0 >= start && lines[$0].hasSuffix(suffix) }
        }
        #expect(lines.first == "found /dev/input/event20")
        // Mid-drag, the device goes: the drag is cancelled, nothing moved.
        let began = try #require(index("dragBegan i2 from [0,1]"), "\(lines)")
        let lost = try #require(lines.firstIndex(of: "step lost"), "\(lines)")
        #expect(began < lost)
        let cancelled = try #require(index("dragCancelled i2", after: lost), "\(lines)")
        #expect(index("committed", after: 0).map { $0 > cancelled } ?? false)
        // Another touchscreen comes back as event21; the session reads it with
        // the same engine, and its touches (in twice the units) land where
        // the first device's would: the recording's two drags, committed.
        let returned = try #require(lines.firstIndex(of: "step returned Probe Touchscreen (replugged)"), "\(lines)")
        #expect(cancelled < returned)
        #expect(index("committed #1 move i2 [0,1] -> [0,5]", after: returned) != nil, "\(lines)")
        #expect(index("committed #2 move i7 [0,6] -> [0,0]", after: returned) != nil, "\(lines)")
        // Nothing lost or duplicated; one clock: transcript times never go back.
        #expect(lines.contains("| final list: i7 i1 i3 i4 i5 i6 i2 i8 i9 i10"), "\(lines)")
        let times = lines.filter { $0.hasPrefix("| ") && !$0.hasPrefix("| final") }
            .compactMap { Double($0.dropFirst(2).prefix { $0 != " " }) }
        #expect(times == times.sorted())
        #expect(lines.contains("losses 1"))
        // Stamped on the session's clock: the lag of every frame read is measured.
        #expect(lines.contains("lag measured every frame"), "\(lines.suffix(4))")
        #expect(lines.last == "replay same")
    }

    @Test func followsTheTouchscreenByKindAcrossUnplugMidDragAndANewNode() throws {
        try check(try run(match: ["--kind", "touchscreen"]))
    }

    @Test func followsADeviceByNameGlob() throws {
        try check(try run(match: ["--name", "Probe Touch*"]))
    }
}
