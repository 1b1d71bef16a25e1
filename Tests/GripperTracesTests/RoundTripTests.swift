import Testing
import GripperInput
import GripperFiles
import GripperTesting
import GripperTraces

@Suite struct RoundTripTests {
    static let recordings = Recordings.evemuFiles.filter { !$0.hasSuffix(".desc") && !$0.hasSuffix("describe.txt") }

    /// evemu → libinput record → evemu keeps every event and the device.
    @Test(arguments: recordings)
    func evemuThroughLibinputRecordKeepsEverything(_ file: String) throws {
        let original = try Recordings.evemu(file)
        let yaml = LibinputRecordFormat.write(original)
        let viaYaml = try LibinputRecordFormat.read(yaml, fileName: "\(file).yml")
        #expect(viaYaml.events == original.events)
        let evemu = EvemuFormat.write(viaYaml)
        let back = try EvemuFormat.read(evemu, fileName: "\(file).back.evemu")
        #expect(back.events == original.events)
        #expect(back.frames == original.frames)
        var a = back.device, b = original.device
        // EV_SYN codes are not kept by either tool's format (evemu writes a fixed mask).
        a.codes[EventType.syn] = nil
        b.codes[EventType.syn] = nil
        a.ledStates = [:]; b.ledStates = [:]
        a.switchStates = [:]; b.switchStates = [:]
        #expect(a == b)
        #expect(back.metadata.kernel == original.metadata.kernel)
        // Writing again gives the same text: the writers are stable.
        #expect(EvemuFormat.write(back) == evemu)
    }

    /// Every event value survives evemu → libinput record → evemu, a
    /// SYN_REPORT's too (issue 38: the frames kept no report value, and the
    /// writers wrote 0).
    @Test func aReportsValueSurvivesEveryConversion() throws {
        let text = """
        # EVEMU 1.3
        N: t
        I: 0003 0001 0002 0001
        P: 00 00 00 00 00 00 00 00
        B: 00 0b 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 02 03 00 00 00 00 00 00 00
        E: 0.000000 0002 0000 5
        E: 0.000000 0000 0000 7
        E: 0.010000 0002 0001 -3
        E: 0.010000 0000 0000 -2147483648

        """
        let original = try EvemuFormat.read(text, fileName: "report.evemu")
        #expect(original.frames.map(\.reportValue) == [7, Int32.min])
        let viaYaml = try LibinputRecordFormat.read(LibinputRecordFormat.write(original), fileName: "report.yml")
        #expect(viaYaml.events == original.events)
        #expect(viaYaml.frames.map(\.reportValue) == [7, Int32.min])
        let back = try EvemuFormat.read(EvemuFormat.write(viaYaml), fileName: "report.back.evemu")
        #expect(back.events == original.events)
    }

    /// libinput record's own events come back line for line through evemu.
    @Test func libinputRecordEventsSurviveEvemu() throws {
        let file = "tool-output/drag.libinput-record.yml"
        let original = try LibinputRecordFormat.read(Recordings.bytes(file), fileName: file)
        let back = try LibinputRecordFormat.read(
            LibinputRecordFormat.write(try EvemuFormat.read(EvemuFormat.write(original), fileName: "x.evemu")), fileName: "x.yml")
        #expect(back.events == original.events)
        let rows = { (s: String) in s.split(separator: "\n").filter { $0.hasPrefix("    - [") } }
        #expect(rows(LibinputRecordFormat.write(back)) == rows(try Recordings.text(file)))
    }

    @Test func severalDevicesInOneFile() throws {
        let touch = try Recordings.evemu("tool-output/drag.evemu-record.txt")
        let mouse = try Recordings.evemu("tool-output/mouse.evemu-record.txt")
        let yaml = LibinputRecordFormat.write([touch, mouse])
        let all = try LibinputRecordFormat.readAll(Array(yaml.utf8), fileName: "two.yml")
        #expect(all.count == 2)
        #expect(all[0].events == touch.events)
        #expect(all[1].events == mouse.events)
        #expect(all[1].device.kind == .mouse)
        let second = try LibinputRecordFormat.read(yaml, fileName: "two.yml", device: .node("/dev/input/event1"))
        #expect(second.device.name == "Probe Mouse")
    }
}
