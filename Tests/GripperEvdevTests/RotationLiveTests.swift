import Foundation
import GripperInput
import GripperScripting
import GripperTesting
import Testing

/// `gripper live` on a touchscreen mounted upside down (umockdev plays a
/// scenario's touches as the turned panel reports them): with `--rotate
/// 180`, or with the device's udev property `LIBINPUT_CALIBRATION_MATRIX`,
/// the contacts land where the finger was and the scenario's transcript
/// comes out.
@Suite(.serialized) struct RotationLiveTests {
    static let scenario = "scenarios/long-press-drag-down-up"

    /// The trace's frames as a panel turned half round reports them.
    static func turned(_ frames: [EventFrame], device: DeviceDescription) -> [EventFrame] {
        frames.map { frame in
            var out = frame
            for i in out.events.indices where out.events[i].type == EventType.abs {
                guard AxisMapping.positionAxes.contains(out.events[i].code),
                      let axis = device.absInfo[out.events[i].code] else { continue }
                out.events[i].value = axis.maximum - (out.events[i].value - axis.minimum)
            }
            return out
        }
    }

    func run(property: String?, arguments: [String]) throws {
        let dir = try Emulation.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = try Recordings.evemu(Self.scenario + "/trace.evemu")
        var fixture = UmockdevFixture(device: trace.device)
        if let property {
            fixture.deviceText = fixture.deviceText.replacingOccurrences(
                of: "E: ID_INPUT=1\n", with: "E: ID_INPUT=1\nE: LIBINPUT_CALIBRATION_MATRIX=\(property)\n")
        }
        let frames = Self.turned(trace.frames, device: trace.device)
        let device = try Emulation.write(fixture, script: UmockdevEventScript.text(frames: frames), name: "ts", in: dir)
        // The recording's length, the script's 0.5 s lead, and room for
        // umockdev falling behind on a loaded machine (it replays at
        // recorded speed from user space).
        let seconds = ((trace.frames.last?.time ?? .zero) - (trace.frames.first?.time ?? .zero)).secondsDouble + 4
        let scene = Fixtures.recording(Self.scenario + "/scene.json").path
        let out = try Emulation.umockdevRun([device], [Emulation.gripper, "live", device.node, "--scene", scene,
                                                       "--duration", String(seconds)] + arguments)
        #expect(out.status == 0, "\(out.stderr)")
        let transcript = try #require(out.stdout.components(separatedBy: "\u{1B}[?25h\u{1B}[?1049l").last)
        let expected = try String(contentsOf: Fixtures.recording(Self.scenario + "/expected.txt"), encoding: .utf8)
        func untimed(_ text: String) -> [Substring] {
            text.split(separator: "\n").map { line in
                guard let space = line.firstIndex(of: " "), line.first?.isNumber == true else { return line }
                return line[line.index(after: space)...]
            }
        }
        #expect(untimed(transcript) == untimed(expected))
    }

    @Test func rotateOption() throws {
        try run(property: nil, arguments: ["--rotate", "180"])
    }

    @Test func udevCalibrationProperty() throws {
        try run(property: "-1 0 1 0 -1 1", arguments: [])
    }

    @Test func badOptionsAreUsageErrors() throws {
        let rotate = try Emulation.run([Emulation.gripper, "live", "/dev/null", "--scene", "x.json", "--rotate", "45"])
        #expect(rotate.status == 2)
        #expect(rotate.stderr.contains("--rotate takes 0, 90, 180 or 270 degrees, not 45"), "\(rotate.stderr)")
        let matrix = try Emulation.run([Emulation.gripper, "live", "/dev/null", "--scene", "x.json", "--calibration", "1 0 0"])
        #expect(matrix.status == 2)
        #expect(matrix.stderr.contains("calibration matrix \"1 0 0\": expected 6 numbers, found 3"), "\(matrix.stderr)")
    }
}
