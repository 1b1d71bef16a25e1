import Testing
import GripperInput
import GripperFiles
import GripperTesting
import GripperTraces

/// A source that hands out at most `step` bytes per read, so the readers'
/// window meets lines cut anywhere.
private struct TrickleSource: TraceByteSource {
    let bytes: TraceBytes
    let step: Int

    init(_ bytes: [UInt8], step: Int) {
        self.bytes = TraceBytes(bytes)
        self.step = step
    }

    func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(TraceError) -> Int {
        try bytes.read(at: offset, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(buffer.count, step)]))
    }
}

/// The frame-at-a-time readers (``TraceFrameReader``) give exactly what the
/// in-memory readers give, however the bytes arrive, and keep warnings bounded.
@Suite struct StreamingReaderTests {
    static func frames(_ reader: TraceFrameReader) throws -> [EventFrame] {
        var out: [EventFrame] = []
        while let frame = try reader.next() { out.append(frame) }
        return out
    }

    @Test(arguments: Recordings.evemuFiles.filter { !$0.hasSuffix(".events") }, [1, 7, 4096])
    func evemuFramesMatchTheTrace(_ file: String, step: Int) throws {
        let bytes = try Recordings.bytes(file)
        let trace = try EvemuFormat.read(bytes, fileName: file)
        let reader = try EvemuFormat.reader(TrickleSource(bytes, step: step), fileName: file)
        #expect(reader.device == trace.device)
        #expect(reader.metadata == trace.metadata)
        #expect(try Self.frames(reader) == trace.frames)
        #expect(reader.eventCount == trace.events.count)
        #expect(reader.frameCount == trace.frames.count)
        #expect(reader.warnings == trace.warnings)
    }

    @Test(arguments: [1, 13, 1 << 20])
    func libinputRecordFramesMatchTheTrace(step: Int) throws {
        let file = "tool-output/drag.libinput-record.yml"
        let bytes = try Recordings.bytes(file)
        let trace = try LibinputRecordFormat.read(bytes, fileName: file)
        let reader = try LibinputRecordFormat.reader(TrickleSource(bytes, step: step), fileName: file)
        #expect(reader.device == trace.device)
        #expect(reader.metadata == trace.metadata)
        #expect(try Self.frames(reader) == trace.frames)
        #expect(reader.eventCount == trace.events.count)
    }

    @Test func everyDeviceOfAFileStreams() throws {
        let touch = try Recordings.evemu("tool-output/drag.evemu-record.txt")
        let mouse = try Recordings.evemu("tool-output/mouse.evemu-record.txt")
        let bytes = Array(LibinputRecordFormat.write([touch, mouse]).utf8)
        let readers = try LibinputRecordFormat.readers(TrickleSource(bytes, step: 5), fileName: "two.yml")
        #expect(readers.count == 2)
        // Read out of order: each reader goes back to its own block.
        #expect(try Self.frames(readers[1]) == mouse.frames)
        #expect(try Self.frames(readers[0]) == touch.frames)
        let selected = try LibinputRecordFormat.reader(TraceBytes(bytes), fileName: "two.yml", device: .index(1))
        #expect(selected.device.name == mouse.device.name)
        #expect(throws: TraceError.self) { try LibinputRecordFormat.reader(TraceBytes(bytes), fileName: "two.yml", device: .index(2)) }
    }

    @Test func anIncompleteLastFrameIsFlagged() throws {
        let text = TimeRangeTests.header + "E: 0.000001 0003 0000 5\nE: 0.000001 0000 0000 0000\nE: 0.000002 0003 0000 6\n"
        let reader = try EvemuFormat.reader(TraceBytes(Array(text.utf8)), fileName: "tail.evemu")
        #expect(try reader.next()?.events.count == 1)
        #expect(!reader.lastFrameIsIncomplete)
        let tail = try #require(try reader.next())
        #expect(tail.events.map(\.value) == [6])
        #expect(reader.lastFrameIsIncomplete)
        #expect(try reader.next() == nil)
        #expect(reader.eventCount == 3)
        #expect(reader.warnings.map(\.message) == ["the trace ends with 1 event(s) after the last SYN_REPORT; kept as an incomplete last frame"])
    }

    /// A line longer than the reader's 1 MiB window grows it, and the
    /// reader still finds every line after it.
    @Test func linesLongerThanTheWindow() throws {
        let long = "# " + String(repeating: "x", count: 3 << 20) + "\n"
        let text = "# EVEMU 1.3\n" + long + TimeRangeTests.header + long + "E: 0.000001 0003 0000 5\n" + long + "E: 0.000001 0000 0000 0000\n"
        let trace = try EvemuFormat.read(text, fileName: "long.evemu")
        #expect(trace.frames.count == 1)
        #expect(trace.events.count == 2)
    }

    /// A million unknown lines cost a counter: ten warnings are kept and one
    /// more says how many were not.
    @Test func warningsAreCountedNotKept() throws {
        let text = TimeRangeTests.header + String(repeating: "X: what is this\n", count: 1000) + "E: 0.000001 0000 0000 0000\n"
        let reader = try EvemuFormat.reader(TraceBytes(Array(text.utf8)), fileName: "w.evemu")
        _ = try Self.frames(reader)
        #expect(reader.warningCount == 1000)
        let warnings = reader.warnings
        #expect(warnings.count == TraceWarningLog.defaultLimit + 1)
        #expect(warnings.first?.line == 6)
        #expect(warnings.last?.message == "… and 990 more warnings (only the first 10 are shown)")
        #expect(try EvemuFormat.read(text, fileName: "w.evemu").warnings == warnings)
    }

    /// Messages quote at most a short excerpt of what they found, on one line.
    @Test func messagesQuoteAnExcerpt() throws {
        let token = String(repeating: "7", count: 10 << 20)
        for body in ["E: 0.000001 0003 0000 \(token)\n", "E: 0.000001 0003 0000 5 \(token)x\n", "E: 0.00000x\(token)\n",
                     "\(String(repeating: "Q", count: 1 << 20))\n"] {
            do {
                let trace = try EvemuFormat.read(TimeRangeTests.header + body, fileName: "x.evemu")
                #expect(trace.warnings.allSatisfy { $0.description.count < 200 })
            } catch {
                #expect(error.description.count < 200, "\(error.description.prefix(300))")
            }
        }
        #expect(TraceError.excerpt(String(repeating: "a", count: 100)) == String(repeating: "a", count: 40) + "…")
        #expect(TraceError.excerpt("a\nb\u{1}c") == "a\\nb\\u{1}c")
        let yaml = TraceErrorTests.yaml.replacingOccurrences(of: "[  0,      1,   0,   0,       0] # SYN", with: "[  0,      1,   0,   0,       0] \(token)")
        do {
            _ = try LibinputRecordFormat.read(yaml, fileName: "x.yml")
            Issue.record("no error")
        } catch {
            #expect(error.description.count < 300)
            #expect(error.line == 18)
        }
    }

    /// The YAML reader never sees a large document: a header past the limit, or a large
    /// events list in a layout the byte-level parser does not read, is an
    /// error naming the line.
    @Test func yamsSeesOnlySmallDocuments() throws {
        var properties = ""
        for n in 0..<(LibinputRecordFormat.headerLimit / 20 + 10) { properties += "    - PROPERTY_\(n)=1\n" }
        let bigHeader = TraceErrorTests.yaml.replacingOccurrences(of: "  events:\n", with: "  udev:\n    properties:\n" + properties + "  events:\n")
        do {
            _ = try LibinputRecordFormat.read(bigHeader, fileName: "big.yml")
            Issue.record("no error")
        } catch {
            guard case .tooLarge = error.reason else { Issue.record("\(error)"); return }
            #expect(error.line != nil)
            #expect(error.description.contains("512 KiB"))
        }
        // A block of flow-style frames: small, read through the YAML reader; large, refused.
        func flow(_ frames: Int) -> String {
            var rows = ""
            for n in 0..<frames { rows += "  - {evdev: [[0, \(n + 1), 3, 0, 10], [0, \(n + 1), 0, 0, 0]]}\n" }
            return TraceErrorTests.yaml.replacingOccurrences(of: """
              - evdev:
                - [  0,      1,   3,   0,      10] # EV_ABS / ABS_X
                - [  0,      1,   0,   0,       0] # SYN

            """, with: rows)
        }
        let small = try LibinputRecordFormat.read(flow(10), fileName: "flow.yml")
        #expect(small.frames.count == 10)
        do {
            _ = try LibinputRecordFormat.read(flow(60_000), fileName: "flow.yml")
            Issue.record("no error")
        } catch {
            guard case .tooLarge = error.reason else { Issue.record("\(error)"); return }
            #expect(error.line == 16)
        }
    }
}
