import Testing
import GripperInput
import GripperFiles
import GripperTesting
import GripperTraces

/// The one writer (``TraceWriter``): what it writes reads back, whatever the
/// strings hold, and writing piece by piece gives what the whole-trace
/// functions give.
@Suite struct TraceWriterTests {
    static let hostileNames: [String] = [
        "plain", "", "Name with \"quotes\" and 'apostrophes'", "colon: after # hash", "- dash first", "back\\slash",
        "line\nbreak", "tab\there", "carriage\rreturn", "nul\u{0}byte", "bell\u{7}esc\u{1B}[31m", "del\u{7F}",
        "next line\u{85}c1\u{9B}", "separators\u{2028}\u{2029}", "bom\u{FEFF}", "replacement \u{FFFD} and \u{FFFE}",
        "emoji 👆🏽 é́", "null", "~", "yes", "[1, 2]", "{a: b}", "&anchor *alias !tag %dir @at `tick`",
        "  leading and trailing  ", String(repeating: "long name ", count: 2000),
    ]

    static func trace(named name: String) throws -> Trace {
        let base = try Recordings.evemu("tool-output/drag.evemu-record.txt")
        var device = base.device
        device.name = name
        var metadata = base.metadata
        metadata.kernel = name
        metadata.dmi = name
        metadata.os = name
        metadata.deviceNode = name.isEmpty ? nil : name
        metadata.udevProperties = ["ID_INPUT=1", name.isEmpty ? "x" : name]
        metadata.quirks = [name.isEmpty ? "x" : name]
        return Trace(device: device, events: base.events, metadata: metadata)
    }

    /// libinput record quotes and escapes, so every name comes back exactly.
    @Test(arguments: hostileNames)
    func libinputRecordKeepsAnyName(_ name: String) throws {
        let trace = try Self.trace(named: name)
        let text = LibinputRecordFormat.write(trace)
        let back = try LibinputRecordFormat.read(text, fileName: "hostile.yml")
        #expect(back.device.name == name)
        #expect(back.events == trace.events)
        #expect(back.metadata.kernel == (name == "unknown" ? nil : name))
        #expect(back.metadata.os == name || (name.isEmpty && back.metadata.os == ""))
        #expect(back.metadata.udevProperties == trace.metadata.udevProperties)
        #expect(back.metadata.quirks == trace.metadata.quirks)
        #expect(back.metadata.deviceNode == (trace.metadata.deviceNode ?? "/dev/input/event0"))
    }

    /// evemu lines cannot hold control characters (they become U+FFFD) and
    /// the reader trims the blanks around a name; everything else comes back.
    @Test(arguments: hostileNames)
    func evemuKeepsWhatALineCanHold(_ name: String) throws {
        let trace = try Self.trace(named: name)
        let text = EvemuFormat.write(trace)
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("N:") }.count == 1)
        let back = try EvemuFormat.read(text, fileName: "hostile.evemu")
        var expected = String(String.UnicodeScalarView(name.unicodeScalars.map {
            ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F ? "\u{FFFD}" : $0
        }))
        while expected.first == " " || expected.first == "\t" { expected.removeFirst() }
        while expected.last == " " || expected.last == "\t" { expected.removeLast() }
        #expect(back.device.name == expected)
        #expect(back.events == trace.events)
        #expect(back.warnings.isEmpty, "\(back.warnings)")
    }

    /// Writing frame by frame, draining as it goes, gives the same text as
    /// writing the whole trace.
    @Test(arguments: ["tool-output/drag.evemu-record.txt", "tool-output/mouse.evemu-record.txt"])
    func streamingEqualsWholeTrace(_ file: String) throws {
        let trace = try Recordings.evemu(file)
        for format in TraceWriter.Format.allCases {
            var writer = TraceWriter(format: format)
            var bytes: [UInt8] = []
            writer.beginFile(metadata: trace.metadata)
            writer.beginDevice(trace.device, metadata: trace.metadata)
            for frame in trace.frames {
                writer.append(frame)
                writer.drain { bytes += $0 }
            }
            writer.drain { bytes += $0 }
            let whole = format == .evemu ? EvemuFormat.write(trace) : LibinputRecordFormat.write(trace)
            #expect(String(decoding: bytes, as: UTF8.self) == whole)
        }
    }

    /// Recording times start where the tools start them: evemu-record's first
    /// event at 0.000001 s, libinput record's at 0; a resync frame is written
    /// as SYN_DROPPED then the state.
    @Test func recordingTimesAndResyncs() throws {
        let device = try Recordings.evemu("tool-output/drag.evemu-record.txt").device
        let start = EventTime(seconds: 1_700_000_000, microseconds: 250_000)
        let frames = [
            EventFrame(time: start, events: [RawEvent(time: start, type: EventType.abs, code: AbsCode.x, value: 3)]),
            EventFrame(time: start + .milliseconds(20), events: [RawEvent(time: start + .milliseconds(19), type: EventType.abs, code: AbsCode.x, value: 4)],
                       isResync: true),
        ]
        for format in TraceWriter.Format.allCases {
            var writer = TraceWriter(format: format, times: .fromFirstEvent)
            writer.beginFile(metadata: TraceMetadata())
            writer.beginDevice(device, metadata: TraceMetadata())
            for frame in frames { writer.append(frame) }
            writer.appendNote("device lost:\nit went away")
            let text = writer.takeText()
            let back = format == .evemu ? try EvemuFormat.read(text, fileName: "r.evemu") : try LibinputRecordFormat.read(text, fileName: "r.yml")
            let origin: Int64 = format == .evemu ? 1 : 0
            #expect(back.events.map(\.time.microseconds) == [origin, origin, origin + 19_000, origin + 19_000, origin + 19_000, origin + 20_000])
            let abs = "\(EventType.abs):\(AbsCode.x)", report = "0:\(SynCode.report)", dropped = "0:\(SynCode.dropped)"
            #expect(back.events.map { "\($0.type):\($0.code)" } == [abs, report, dropped, report, abs, report])
            #expect(back.warnings.isEmpty)
        }
    }
}
