import Testing
import GripperInput
import GripperFiles
import GripperScripting
import GripperTraces
import GripperTesting

/// One test per kind of malformed input: each gives a ``TraceError`` whose
/// message names the file and the line (or YAML path).
@Suite struct TraceErrorTests {
    static let header = "# EVEMU 1.3\nN: Dev\nI: 0003 0001 0002 0003\nB: 03 03 00 00 00 00 00 00 00\nA: 00 0 100 0 0 0\nA: 01 0 100 0 0 0\n"

    func evemuError(_ text: String, file: String = "bad.evemu") -> TraceError? {
        do {
            _ = try EvemuFormat.read(text, fileName: file)
            return nil
        } catch {
            return error
        }
    }

    func expectEvemu(_ body: String, line: Int, _ check: (TraceError.Reason) -> Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        let text = Self.header + body
        guard let error = evemuError(text) else {
            Issue.record("no error for \(body.debugDescription)", sourceLocation: sourceLocation)
            return
        }
        #expect(error.file == "bad.evemu", sourceLocation: sourceLocation)
        #expect(error.line == line, "\(error)", sourceLocation: sourceLocation)
        #expect(check(error.reason), "\(error)", sourceLocation: sourceLocation)
        #expect(error.description.hasPrefix("bad.evemu:\(line):"), "\(error)", sourceLocation: sourceLocation)
    }

    @Test func emptyFile() {
        let error = evemuError("")
        #expect(error?.reason == .emptyFile)
        #expect(error?.description.hasPrefix("bad.evemu: ") == true)
        #expect(evemuError("\n\n  \n")?.reason == .emptyFile)
    }

    @Test func binaryData() {
        expectEvemu("E: 0.000001 0000 0000 0000\n\u{1}\u{2}garbage\n", line: 8) { $0 == .binaryData }
        var bytes = Array((Self.header + "E: 0.000001 0000 0000 0000\t# ").utf8)
        bytes += [0xC3, 0x28, 0x0A]
        #expect(throws: TraceError.self) { try EvemuFormat.read(bytes, fileName: "bad.evemu") }
    }

    @Test func truncatedLines() {
        expectEvemu("E: 0.000001 0003", line: 7) { if case .truncatedLine = $0 { return true }; return false }
        expectEvemu("E: 0.000001 0003 0000\n", line: 7) { if case .truncatedLine = $0 { return true }; return false }
        expectEvemu("E:\n", line: 7) { if case .truncatedLine = $0 { return true }; return false }
        #expect(evemuError("N: Dev\nI: 0003 0001\n")?.line == 2)
        #expect(evemuError("N: Dev\nI: 1 2 3 4\nA: 00 0 100 0\n")?.line == 3)
        #expect(evemuError("# EVEMU 1.3\nN: Dev\n")?.reason == .truncatedLine(expected: "an 'I:' line after 'N:' (the file ends early)"))
        #expect(evemuError("N: Dev\nE: 0.000001 0000 0000 0\n")?.line == 2)
    }

    @Test func malformedFields() {
        expectEvemu("E: 0.00000x 0003 0000 5\n", line: 7) { if case .malformed = $0 { return true }; return false }
        expectEvemu("E: 0.000001 0003 0000 five\n", line: 7) { if case .malformed = $0 { return true }; return false }
        expectEvemu("E: 0.000001 0003 0000 5 extra\n", line: 7) { if case .malformed = $0 { return true }; return false }
        expectEvemu("E: 0 0003 0000 5\n", line: 7) { if case .malformed = $0 { return true }; return false }
    }

    @Test func valueOutsideInt32() {
        expectEvemu("E: 0.000001 0003 0000 2147483648\n", line: 7) { if case .numberOutOfRange = $0 { return true }; return false }
        expectEvemu("E: 0.000001 0003 0000 -2147483649\n", line: 7) { if case .numberOutOfRange = $0 { return true }; return false }
        // Both sides of the boundary.
        #expect(evemuError(Self.header + "E: 0.000001 0003 0000 2147483647\nE: 0.000001 0003 0000 -2147483648\n") == nil)
        #expect(evemuError("N: D\nI: 10000 0 0 0\n")?.reason == .numberOutOfRange(field: "bus type", value: "0x10000", range: "0...0xffff"))
    }

    @Test func typeBeyondEVMax() {
        expectEvemu("E: 0.000001 0020 0000 1\n", line: 7) { $0 == .unknownEventType(0x20) }
        expectEvemu("E: 0.000001 0006 0000 1\n", line: 7) { $0 == .unknownEventType(0x06) }
        #expect(evemuError(Self.header + "E: 0.000001 0017 0001 1\n") == nil)
    }

    @Test func codeBeyondTypeMax() {
        expectEvemu("E: 0.000001 0003 0040 1\n", line: 7) { $0 == .unknownEventCode(type: EventType.abs, code: 0x40) }
        expectEvemu("E: 0.000001 0001 0300 1\n", line: 7) { $0 == .unknownEventCode(type: EventType.key, code: 0x300) }
        #expect(evemuError(Self.header + "E: 0.000001 0003 003f 1\nE: 0.000001 0001 02ff 1\n") == nil)
        #expect(evemuError("N: D\nI: 0 0 0 0\nB: 03 00 00 00 00 00 00 00 01\n")?.reason == .unknownEventCode(type: EventType.abs, code: 0x38 + 0) ||
                evemuError("N: D\nI: 0 0 0 0\nB: 03 00 00 00 00 00 00 00 01\n") == nil)
        #expect(evemuError("N: D\nI: 0 0 0 0\nB: 02 00 00 01 00 00 00 00 00\n")?.reason == .unknownEventCode(type: EventType.rel, code: 0x10))
    }

    @Test func microsecondsOfAMillion() {
        expectEvemu("E: 0.1000000 0003 0000 1\n", line: 7) { $0 == .microsecondsOutOfRange(1_000_000) }
        #expect(evemuError(Self.header + "E: 0.999999 0003 0000 1\n") == nil)
    }

    @Test func negativeTime() {
        expectEvemu("E: -1.000000 0003 0000 1\n", line: 7) { if case .negativeTime = $0 { return true }; return false }
    }

    @Test func decreasingTime() {
        expectEvemu("E: 1.000001 0003 0000 1\nE: 1.000000 0000 0000 0\n", line: 8) {
            $0 == .timeWentBackwards(previous: EventTime(seconds: 1, microseconds: 1), current: EventTime(seconds: 1, microseconds: 0))
        }
        // Equal times are fine (one frame).
        #expect(evemuError(Self.header + "E: 1.000001 0003 0000 1\nE: 1.000001 0000 0000 0\n") == nil)
    }

    @Test func eventsWithoutDescription() {
        let error = evemuError("E: 0.000001 0003 0000 1\nE: 0.000001 0000 0000 0\n", file: "x.events")
        #expect(error?.reason == .missingDeviceDescription)
        #expect(error?.line == 1)
        #expect(error?.description.contains("x.events:1") == true)
        #expect(error?.description.contains("--device") == true)
    }

    @Test func deviceLinesOutOfPlace() {
        expectEvemu("E: 0.000001 0000 0000 0\nN: Again\n", line: 8) { $0 == .misplacedDeviceLine("N:") }
        #expect(evemuError("I: 0 0 0 0\nN: D\n")?.reason == .misplacedDeviceLine("I:"))
        #expect(evemuError("N: D\nI: 0 0 0 0\nA: 00 0 1 0 0 0\nB: 03 00 00 00 00 00 00 00 00\n")?.line == 4)
    }

    // MARK: libinput record

    static let yaml = TestDevices.oneDeviceLibinputRecord

    func yamlError(_ text: String) -> TraceError? {
        do {
            _ = try LibinputRecordFormat.read(text, fileName: "bad.yml")
            return nil
        } catch {
            return error
        }
    }

    @Test func validYamlBaseline() throws {
        let trace = try LibinputRecordFormat.read(Self.yaml, fileName: "ok.yml")
        #expect(trace.events.count == 2)
        #expect(trace.metadata.deviceNode == "/dev/input/event5")
    }

    @Test func yamlRowErrorsNameTheLine() {
        let cases: [(String, String, (TraceError.Reason) -> Bool)] = [
            ("[  0,      1,   0,   0,       0]", "[  0, 1000000,   0,   0,       0]", { $0 == .microsecondsOutOfRange(1_000_000) }),
            ("[  0,      1,   0,   0,       0]", "[  0,      1,   0,   0]", { if case .malformed = $0 { return true }; return false }),
            ("[  0,      1,   0,   0,       0]", "[  0,      1,  32,   0,       0]", { $0 == .unknownEventType(32) }),
            ("[  0,      1,   0,   0,       0]", "[  0,      1,   3,  64,       0]", { $0 == .unknownEventCode(type: 3, code: 64) }),
            ("[  0,      1,   0,   0,       0]", "[  0,      1,   3,   0, 4294967296]", { if case .numberOutOfRange = $0 { return true }; return false }),
            ("[  0,      1,   0,   0,       0]", "[ -1,      1,   0,   0,       0]", { if case .negativeTime = $0 { return true }; return false }),
            ("[  0,      1,   0,   0,       0]", "[  0,      0,   0,   0,       0]", { if case .timeWentBackwards = $0 { return true }; return false }),
            ("[  0,      1,   0,   0,       0] # SYN", "[  0,      1,   0,   0,", { if case .truncatedLine = $0 { return true }; return false }),
        ]
        for (old, new, check) in cases {
            let error = yamlError(Self.yaml.replacingOccurrences(of: old, with: new))
            #expect(error?.line == 18, "\(new): \(String(describing: error))")
            #expect(error.map { check($0.reason) } == true, "\(new): \(String(describing: error))")
            #expect(error?.description.hasPrefix("bad.yml:18:") == true)
        }
    }

    @Test func yamlShapeErrorsNameThePath() {
        let noDevices = yamlError("version: 1\nndevices: 0\n")
        #expect(noDevices?.reason == .missingKey("devices"))
        let wrong = yamlError(Self.yaml.replacingOccurrences(of: "id: [3, 1, 2, 3]", with: "id: 5"))
        #expect(wrong?.reason == .wrongShape(expected: "a list"))
        #expect(wrong?.path == "devices[0].evdev.id")
        #expect(wrong?.line == 7)
        #expect(wrong?.description.contains("bad.yml:7") == true && wrong?.description.contains("devices[0].evdev.id") == true)
        let missingName = yamlError(Self.yaml.replacingOccurrences(of: "name: \"Dev\"", with: "nom: \"Dev\""))
        #expect(missingName?.reason == .missingKey("devices[0].evdev.name"))
        let badCode = yamlError(Self.yaml.replacingOccurrences(of: "3: [0, 1]", with: "3: [0, 99]"))
        #expect(badCode?.reason == .unknownEventCode(type: 3, code: 99))
        #expect(badCode?.line == 10)
    }

    @Test func invalidYamlAndVersions() {
        let invalid = yamlError("version: [1\n")
        if case .invalidYAML = invalid?.reason {} else { Issue.record("\(String(describing: invalid))") }
        #expect(invalid?.line != nil)
        #expect(yamlError(Self.yaml.replacingOccurrences(of: "version: 1", with: "version: 2"))?.reason == .unsupportedVersion("2"))
        #expect(yamlError("")?.reason == .emptyFile)
        #expect(yamlError("version: 1\n\u{0}\n")?.reason == .binaryData)
        #expect(yamlError("version: 1\nndevices: 1 \u{1}\n")?.line == 2)
        #expect(yamlError("version: 1\nndevices: 1 \u{1}\n")?.column == 13)
    }

    @Test func deviceSelection() throws {
        #expect(throws: TraceError.self) { try LibinputRecordFormat.read(Self.yaml, fileName: "a.yml", device: .index(1)) }
        #expect(throws: TraceError.self) { try LibinputRecordFormat.read(Self.yaml, fileName: "a.yml", device: .node("/dev/input/event9")) }
        let trace = try LibinputRecordFormat.read(Self.yaml, fileName: "a.yml", device: .node("/dev/input/event5"))
        #expect(trace.device.name == "Dev")
        #expect(try LibinputRecordFormat.read(Self.yaml, fileName: "a.yml", device: .automatic).device.name == "Dev")
        #expect(throws: TraceError.self) { try LibinputRecordFormat.read(Self.yaml, fileName: "a.yml", device: .description(path: "a.desc")) }
    }

    /// Flow-style events, which the fast parser does not handle, go through
    /// the YAML reader (libyaml), with YAML paths in errors.
    @Test func flowStyleEventsFallBackToTheYAMLReader() throws {
        let flow = Self.yaml.replacingOccurrences(of: """
          events:
          - evdev:
            - [  0,      1,   3,   0,      10] # EV_ABS / ABS_X
            - [  0,      1,   0,   0,       0] # SYN

        """, with: "  events: [{evdev: [[0, 1, 3, 0, 10], [0, 1, 0, 0, 0]]}, {libinput: [x]}]\n")
        let trace = try LibinputRecordFormat.read(flow, fileName: "flow.yml")
        #expect(trace.events.map(\.value) == [10, 0])
        #expect(trace.warnings.count == 1)
        let bad = yamlError(flow.replacingOccurrences(of: "[0, 1, 0, 0, 0]", with: "[0, 1, 0, 0]"))
        #expect(bad?.path == "devices[0].events[0].evdev[1]")
        #expect(bad?.line == 15)
    }

    /// A key repeated in a libinput-record header is named with its file,
    /// line and column, without the header quoted whole (issue 38: Yams's
    /// own message dumped it).
    @Test func aRepeatedHeaderKeyIsLocatedAndShort() throws {
        let text = "version: 1\nndevices: 1\nlibinput:\n  version: \"1.22\"\nndevices: 1\ndevices:\n- node: /dev/input/event0\n"
            + "  evdev:\n    name: \"secret header text\"\n    id: [1, 2, 3, 4]\n    codes:\n      0: [0]\n    properties: []\n  events:\n"
        do {
            _ = try LibinputRecordFormat.read(text, fileName: "dup.yml")
            Issue.record("a repeated key was read")
        } catch {
            #expect(error.description == "dup.yml:2:1: not valid YAML: a key appears twice in one mapping: 'ndevices'", "\(error)")
            #expect(!error.description.contains("secret header text"))
        }
    }

    /// A libinput-record number out of range is quoted whole, from its sign,
    /// at its own column (issue 38: the wrong digits at the wrong column).
    @Test(arguments: [("    99999999999", 34, "event value 99999999999 is out of range (-2147483648...2147483647)"),
                      (" 12345678901234567890123", 31, "event value 12345678901234567890123 is out of range (a 47-bit number)"),
                      (" -123456789012345678901234567890123456789012", 31,
                       "event value -123456789012345678901234567890123456789… is out of range (a 47-bit number)")])
    func aNumberOutOfRangeIsQuotedWholeWhereItStands(_ value: String, _ column: Int, _ message: String) throws {
        let text = """
        version: 1
        ndevices: 1
        libinput:
          version: "1.22"
        system:
          kernel: "6"
        devices:
        - node: /dev/input/event0
          evdev:
            name: "x"
            id: [1, 2, 3, 4]
            codes:
              0: [0]
              3: [0, 1]
            absinfo:
              0: [0, 100, 0, 0, 0]
              1: [0, 100, 0, 0, 0]
            properties: []
          events:
          - evdev:
            - [  0,      0,   3,   0,\(value)] # EV_ABS
            - [  0,      0,   0,   0,       0] # SYN

        """
        do {
            _ = try LibinputRecordFormat.read(text, fileName: "big.yml")
            Issue.record("an out-of-range number was read")
        } catch {
            #expect(error.description == "big.yml:21:\(column): \(message)", "\(error)")
        }
    }
}
