import Foundation
import GripperInput
import GripperTesting
import Testing
import GripperFiles
import GripperScripting
import GripperTraces

/// The description libevdev gives of an emulated device against the
/// description the trace readers give of the recording it was made from.
@Suite struct DescriptionTests {
    /// What the live reader says of an emulated copy of `device`.
    static func described(_ device: DeviceDescription) throws -> (line: String, full: String) {
        let dir = try Emulation.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let emulated = try Emulation.write(UmockdevFixture(device: device), script: nil, name: "dev", in: dir)
        let out = try Emulation.umockdevRun([emulated], [Emulation.harness, "read", emulated.node,
                                                         "--frames", "0", "--limit-ms", "100"], timeout: 30)
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        let lines = out.lines.map(String.init)
        return (lines.first { $0.hasPrefix("device ") } ?? "", lines.first { $0.hasPrefix("device-full ") } ?? "")
    }

    @Test func libinputRecordReaderAndLibevdevAgreeExactly() throws {
        let file = "tool-output/drag.libinput-record.yml"
        let trace = try LibinputRecordFormat.read(try Recordings.bytes(file), fileName: file)
        let live = try Self.described(trace.device)
        #expect(live.full == ReaderTranscript.fullLine(for: trace.device))
    }

    @Test(arguments: ["tool-output/drag.evemu-record.txt", "tool-output/mouse.evemu-record.txt",
                      "real/ts_atmel-maxtouch_1-finger-drag-up-down.evemu", "real/ts_ntrig_protoA.desc",
                      "real/mouse_ultrathin-touch-mouse_motion-clicks-wheel.evemu", "real/tp_alps-glidepoint_double-tap.evemu"])
    func evemuReaderAndLibevdevAgree(_ file: String) throws {
        let trace = try Recordings.evemu(file)
        let live = try Self.described(trace.device)
        #expect(live.line == ReaderTranscript.line(for: trace.device))
        // Where evemu files and libevdev differ, by design of the tools: libevdev
        // reports every EV_SYN code (the kernel has no mask for them; evemu writes
        // SYN_REPORT|CONFIG|DROPPED, older files SYN_MT_REPORT too), both EV_REP
        // codes whenever the device repeats, and a state for every LED (evemu
        // files without L: lines say nothing). Everything else is equal.
        var expected = trace.device
        expected.codes[EventType.syn] = Set(0...15)
        if expected.codes[EventType.rep] != nil { expected.codes[EventType.rep] = [0, 1] }
        for led in expected.codes[EventType.led] ?? [] where expected.ledStates[led] == nil {
            expected.ledStates[led] = 0
        }
        #expect(live.full == ReaderTranscript.fullLine(for: expected))
    }
}
