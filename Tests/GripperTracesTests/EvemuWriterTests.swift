import Testing
import GripperInput
import GripperTesting
import GripperTraces

@Suite struct EvemuWriterTests {
    /// What evemu-record wrote, read and written back, is the same file byte for byte.
    @Test(arguments: ["tool-output/drag.evemu-record.txt", "tool-output/mouse.evemu-record.txt"])
    func toolRecordingsRoundTripExactly(_ file: String) throws {
        let original = try Recordings.text(file)
        let written = EvemuFormat.write(try Recordings.evemu(file))
        let a = original.split(separator: "\n", omittingEmptySubsequences: false)
        let b = written.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(a.count == b.count)
        for (n, (x, y)) in zip(a, b).enumerated() where x != y {
            Issue.record("\(file):\(n + 1): expected \(x.debugDescription), wrote \(y.debugDescription)")
            break
        }
    }

    /// Real evemu 1.3 recordings: every E: line comes back line for line,
    /// and the device block from N: on is identical.
    @Test(arguments: ["real/ts_atmel-maxtouch_1-finger-drag-up-down.evemu",
                      "real/ts_atmel-maxtouch_1-finger-fast-taps.evemu",
                      "real/ts_ep0430m09_2-finger-scroll-down.evemu"])
    func realRecordingsKeepTheirEventLines(_ file: String) throws {
        let original = try Recordings.text(file)
        let written = EvemuFormat.write(try Recordings.evemu(file))
        let eventLines = { (s: String) in s.split(separator: "\n").filter { $0.hasPrefix("E:") } }
        #expect(eventLines(original) == eventLines(written))
        let deviceLines = { (s: String) in s.split(separator: "\n").filter { $0.hasPrefix("N:") || $0.hasPrefix("I:") || $0.hasPrefix("P:") || $0.hasPrefix("A:") } }
        #expect(deviceLines(original) == deviceLines(written))
    }

    @Test func describeOutputIsReproduced() throws {
        let file = "tool-output/touchscreen.evemu-describe.txt"
        let original = try Recordings.text(file)
        let trace = try Recordings.evemu(file)
        #expect(EvemuFormat.writeDescription(trace.device, metadata: trace.metadata) == original)
    }

    @Test func printfConversionsMatchC() {
        let device = DeviceDescription(name: "Zero", id: DeviceID(bustype: 0, vendor: 0x5, product: 0xabcd, version: 0))
        let text = EvemuFormat.writeDescription(device)
        #expect(text.contains("# Input device ID: bus 0000 vendor 0x05 product 0xabcd version 0000\n"))
        let trace = Trace(device: device, events: [
            RawEvent(time: EventTime(seconds: 3, microseconds: 7), type: EventType.rel, code: RelCode.y, value: -12345),
            RawEvent(time: EventTime(seconds: 3, microseconds: 7), type: EventType.rel, code: RelCode.x, value: 7),
            RawEvent(time: EventTime(seconds: 3, microseconds: 7), type: EventType.syn, code: SynCode.mtReport, value: 0),
            RawEvent(time: EventTime(seconds: 3, microseconds: 999_999), type: EventType.syn, code: SynCode.report, value: 0),
        ])
        let lines = EvemuFormat.write(trace).split(separator: "\n").filter { $0.hasPrefix("E:") }
        #expect(lines == [
            "E: 3.000007 0002 0001 -12345\t# EV_REL / REL_Y                -12345",
            "E: 3.000007 0002 0000 0007\t# EV_REL / REL_X                7",
            "E: 3.000007 0000 0002 0000\t# ++++++++++++ SYN_MT_REPORT (0) ++++++++++",
            "E: 3.999999 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +3999ms",
        ])
    }

    @Test func ledAndSwitchStatesRoundTrip() throws {
        let device = DeviceDescription(
            name: "Keyboard with lid", id: DeviceID(bustype: 0x11, vendor: 1, product: 1, version: 0xab41),
            codes: [EventType.key: [1, 30], EventType.led: [0, 1], EventType.sw: [0]],
            ledStates: [1: 1], switchStates: [0: 1])
        let text = EvemuFormat.writeDescription(device)
        #expect(text.contains("#   Event type 17 (EV_LED)\n#     Event code 0 (LED_NUML)\n#        State 0\n#     Event code 1 (LED_CAPSL)\n#        State 1\n"))
        #expect(text.hasSuffix("L: 01 1\nS: 00 1\n"))
        let back = try EvemuFormat.read(text, fileName: "kbd.desc").device
        #expect(back.ledStates == [1: 1])
        #expect(back.switchStates == [0: 1])
        #expect(back.codes[EventType.led] == [0, 1])
        #expect(back.codes[EventType.key] == [1, 30])
    }
}
