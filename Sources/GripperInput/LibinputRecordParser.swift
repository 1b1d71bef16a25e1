import Yams

/// The reader behind ``LibinputRecordFormat``: finds each `events:` block by
/// scanning lines, parses those blocks byte by byte, and hands the rest (with
/// the blocks blanked out, so line numbers stay right) to Yams.
struct LibinputRecordParser {
    private let bytes: [UInt8]
    private let file: String

    /// One `events:` block: the key's line and indentation and the byte range
    /// of the lines below it.
    private struct EventsBlock {
        var keyLine: Int
        var keyIndent: Int
        var firstLine: Int
        var lastLine: Int
        var start: Int
        var end: Int
    }

    /// Thrown by the fast events parser when a block is laid out in a way it
    /// does not know; the whole file is then read through Yams.
    private struct UnknownLayout: Error {}

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    mutating func parse() throws(TraceError) -> [Trace] {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw TraceError(file: file, reason: .emptyFile)
        }
        try checkText()
        let blocks = findEventsBlocks()
        // The header: the file without its events blocks, each block's lines
        // left as empty lines so that Yams's line numbers stay right.
        var header: [UInt8] = []
        var copied = 0
        bytes.withUnsafeBufferPointer { buffer in
            for block in blocks {
                header.append(contentsOf: buffer[copied..<block.start])
                var newlines = block.lastLine - block.firstLine + 1
                if block.end > block.start && buffer[block.end - 1] != 0x0A { newlines -= 1 }
                header.append(contentsOf: repeatElement(0x0A, count: max(0, newlines)))
                copied = block.end
            }
            header.append(contentsOf: buffer[copied..<buffer.count])
        }
        let root = try compose(String(decoding: header, as: UTF8.self))
        var fastEvents: [Int: (events: [RawEvent], skipped: Int)] = [:]
        var useYamsForEvents = false
        for block in blocks {
            do {
                fastEvents[block.keyLine] = try parseEventsBlock(block)
            } catch let error as TraceError {
                throw error
            } catch {
                useYamsForEvents = true
                break
            }
        }
        let fullRoot = useYamsForEvents ? try compose(String(decoding: bytes, as: UTF8.self)) : root
        return try traces(from: fullRoot, fastEvents: useYamsForEvents ? nil : fastEvents)
    }

    // MARK: Text checks and block discovery

    private func checkText() throws(TraceError) {
        let bad: (index: Int, nonASCII: Bool)? = bytes.withUnsafeBufferPointer { buffer in
            var nonASCII = false
            var i = 0
            let n = buffer.count
            while i < n {
                // Eight plain ASCII bytes at a time (no byte below 0x20, none from 0x7f up).
                if i + 8 <= n, let base = buffer.baseAddress {
                    let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                    if ((w &- 0x2020_2020_2020_2020) | w | (w &+ 0x0101_0101_0101_0101)) & 0x8080_8080_8080_8080 == 0 {
                        i += 8
                        continue
                    }
                }
                let c = buffer[i]
                i += 1
                if c < 0x20 {
                    if c != 0x0A && c != 0x09 && c != 0x0D { return (i - 1, false) }
                } else if c >= 0x7F {
                    if c == 0x7F { return (i - 1, false) }
                    nonASCII = true
                }
            }
            if nonASCII && String(validating: buffer, as: UTF8.self) == nil { return (-1, true) }
            return nil
        }
        guard let bad else { return }
        if bad.nonASCII { throw TraceError(file: file, reason: .binaryData) }
        var line = 1
        var lineStart = 0
        for i in 0..<bad.index where bytes[i] == 0x0A { line += 1; lineStart = i + 1 }
        throw TraceError(file: file, line: line, column: bad.index - lineStart + 1, reason: .binaryData)
    }

    /// Lines that are exactly `events:` (indented, maybe with a comment) and
    /// the lines of their block: everything more indented, or at the same
    /// indentation starting with `- `, or blank, or a comment.
    private func findEventsBlocks() -> [EventsBlock] {
        bytes.withUnsafeBufferPointer { bytes in
            var blocks: [EventsBlock] = []
            var open: EventsBlock?
            var line = 0
            var i = 0
            let n = bytes.count
            while i < n {
                line += 1
                var indent = 0
                while i < n && bytes[i] == 0x20 { indent += 1; i += 1 }
                let contentStart = i
                i = Self.newline(in: bytes, from: i, to: n)
                var contentEnd = i
                while contentEnd > contentStart && (bytes[contentEnd - 1] == 0x20 || bytes[contentEnd - 1] == 0x0D) { contentEnd -= 1 }
                let next = min(i + 1, n)
                i = next
                let empty = contentStart == contentEnd
                let comment = !empty && bytes[contentStart] == 0x23
                if var block = open {
                    let dash = contentEnd - contentStart >= 2 && bytes[contentStart] == 0x2D && bytes[contentStart + 1] == 0x20
                    if empty || comment || indent > block.keyIndent || (indent == block.keyIndent && dash) {
                        block.end = next
                        block.lastLine = line
                        open = block
                        continue
                    }
                    blocks.append(block)
                    open = nil
                }
                if Self.isEventsKey(bytes, contentStart, contentEnd) {
                    open = EventsBlock(keyLine: line, keyIndent: indent, firstLine: line + 1, lastLine: line, start: next, end: next)
                }
            }
            if let block = open { blocks.append(block) }
            return blocks
        }
    }

    private static func isEventsKey(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let key: StaticString = "events:"
        guard end - start >= key.utf8CodeUnitCount else { return false }
        let k = key.utf8Start
        for n in 0..<key.utf8CodeUnitCount where bytes[start + n] != k[n] { return false }
        var j = start + key.utf8CodeUnitCount
        while j < end && bytes[j] == 0x20 { j += 1 }
        return j == end || bytes[j] == 0x23
    }

    // MARK: Fast events parser

    private func parseEventsBlock(_ block: EventsBlock) throws -> (events: [RawEvent], skipped: Int) {
        enum Mode { case none, evdev, skip }
        var events: [RawEvent] = []
        events.reserveCapacity((block.end - block.start) / 60)
        var skipped = 0
        var mode = Mode.none
        var frameIndent = -1
        var previous = Int64.min
        var line = block.firstLine - 1
        try bytes.withUnsafeBufferPointer { buffer in
            var i = block.start
            while i < block.end {
                line += 1
                let lineStart = i
                var indent = 0
                while i < block.end && buffer[i] == 0x20 { indent += 1; i += 1 }
                // Fast path: a plain, well-formed row in an evdev frame.
                if mode == .evdev, indent > frameIndent, let (event, next) = Self.scanRow(buffer, i, block.end),
                   event.time.microseconds >= previous {
                    previous = event.time.microseconds
                    events.append(event)
                    i = next
                    continue
                }
                let contentStart = i
                i = Self.newline(in: buffer, from: i, to: block.end)
                var end = i
                i += 1
                while end > contentStart && (buffer[end - 1] == 0x20 || buffer[end - 1] == 0x0D) { end -= 1 }
                if contentStart == end || buffer[contentStart] == 0x23 { continue }
                guard end - contentStart >= 2, buffer[contentStart] == 0x2D, buffer[contentStart + 1] == 0x20 else {
                    // A second key in a frame's mapping (`libinput:` after
                    // `evdev:`, as `libinput record --with-libinput` writes).
                    if frameIndent >= 0 && indent > frameIndent, let isEvdev = Self.bareKey(buffer, contentStart, end) {
                        if isEvdev { mode = .evdev } else { if mode != .skip { skipped += 1 }; mode = .skip }
                        continue
                    }
                    if mode == .skip && indent > frameIndent { continue }
                    throw UnknownLayout()
                }
                var j = contentStart + 2
                while j < end && buffer[j] == 0x20 { j += 1 }
                if frameIndent < 0 { frameIndent = indent }
                if indent == frameIndent {
                    // A frame: `- evdev:` or another kind of entry to skip.
                    var k = j
                    while k < end && buffer[k] != 0x3A && buffer[k] != 0x20 { k += 1 }
                    guard k < end, buffer[k] == 0x3A else { throw UnknownLayout() }
                    var rest = k + 1
                    while rest < end && buffer[rest] == 0x20 { rest += 1 }
                    guard rest == end || buffer[rest] == 0x23 else { throw UnknownLayout() }
                    let isEvdev = k - j == 5 && buffer[j] == 0x65 && buffer[j + 1] == 0x76 && buffer[j + 2] == 0x64
                        && buffer[j + 3] == 0x65 && buffer[j + 4] == 0x76
                    if isEvdev { mode = .evdev } else { mode = .skip; skipped += 1 }
                    continue
                }
                guard indent > frameIndent else { throw UnknownLayout() }
                if mode == .skip { continue }
                guard mode == .evdev, j < end, buffer[j] == 0x5B else { throw UnknownLayout() }
                var row = RowScanner(buffer: buffer, position: j + 1, end: end, lineStart: lineStart, line: line, file: file)
                let sec = try row.integer(field: "seconds")
                let usec = try row.integer(field: "microseconds")
                let type = try row.integer(field: "event type")
                let code = try row.integer(field: "event code")
                let value = try row.integer(field: "event value", last: true)
                try row.finish()
                let event = try validatedEvent(sec: sec, usec: usec, type: type, code: code, value: value,
                                               previous: &previous, line: line, column: j - lineStart + 1, path: nil)
                events.append(event)
            }
        }
        return (events, skipped)
    }

    /// The index of the next newline from `start`, or `end`; eight bytes at a time.
    @inline(__always)
    private static func newline(in buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var i = start
        if let base = buffer.baseAddress {
            while i + 8 <= end {
                let x = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
                if (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0 { break }
                i += 8
            }
        }
        while i < end && buffer[i] != 0x0A { i += 1 }
        return i
    }

    /// The largest code of each type (index: type), -1 for types evdev does not define.
    private static let codeLimits: [Int32] = (0...Int(EventType.max)).map { EventCodes.maxCode(type: UInt16($0)).map(Int32.init) ?? -1 }

    /// Reads `- [sec, usec, type, code, value] # comment` starting at `start`
    /// (the dash) without allocating: the event and the index after the line,
    /// or nil for anything unusual or out of range (the checked parser then
    /// reads the line and says what is wrong). The text was checked already.
    @inline(__always)
    private static func scanRow(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (RawEvent, Int)? {
        var i = start
        guard i + 3 < end, p[i] == 0x2D, p[i + 1] == 0x20 else { return nil }
        i += 2
        while i < end && p[i] == 0x20 { i += 1 }
        guard i < end, p[i] == 0x5B else { return nil }
        i += 1
        var numbers: (Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0)
        for n in 0..<5 {
            while i < end && p[i] == 0x20 { i += 1 }
            var negative = false
            if n == 4 && i < end && p[i] == 0x2D { negative = true; i += 1 }
            var v: Int64 = 0
            var digits = 0
            while i < end, case let d = p[i] &- 0x30, d < 10 { v = v &* 10 &+ Int64(d); digits += 1; i += 1 }
            guard digits > 0, digits <= 12 else { return nil }
            while i < end && p[i] == 0x20 { i += 1 }
            guard i < end, p[i] == (n == 4 ? 0x5D : 0x2C) else { return nil }
            i += 1
            switch n {
            case 0: numbers.0 = v
            case 1: numbers.1 = v
            case 2: numbers.2 = v
            case 3: numbers.3 = v
            default: numbers.4 = negative ? -v : v
            }
        }
        while i < end && p[i] == 0x20 { i += 1 }
        if i < end && p[i] != 0x0A {
            guard p[i] == 0x23 else { return nil }
            i = newline(in: p, from: i, to: end)
        }
        let (sec, usec, type, code, value) = numbers
        guard usec < 1_000_000, type <= Int64(EventType.max), code <= Int64(codeLimits[Int(type)]),
              value >= Int64(Int32.min), value <= Int64(Int32.max) else { return nil }
        let event = RawEvent(time: EventTime(microseconds: sec * 1_000_000 + usec), type: UInt16(type),
                             code: UInt16(code), value: Int32(value))
        return (event, i + 1)
    }

    /// For a line that is a mapping key alone (`evdev:`, `libinput:`, maybe
    /// with a comment): whether the key is `evdev`; nil for anything else.
    private static func bareKey(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool? {
        var k = start
        while k < end && buffer[k] != 0x3A && buffer[k] != 0x20 && buffer[k] != 0x23 { k += 1 }
        guard k > start, k < end, buffer[k] == 0x3A else { return nil }
        var rest = k + 1
        while rest < end && buffer[rest] == 0x20 { rest += 1 }
        guard rest == end || buffer[rest] == 0x23 else { return nil }
        return k - start == 5 && buffer[start] == 0x65 && buffer[start + 1] == 0x76 && buffer[start + 2] == 0x64
            && buffer[start + 3] == 0x65 && buffer[start + 4] == 0x76
    }

    /// Reads the comma-separated integers of one `[sec, usec, type, code, value]` row.
    private struct RowScanner {
        let buffer: UnsafeBufferPointer<UInt8>
        var position: Int
        let end: Int
        let lineStart: Int
        let line: Int
        let file: String

        private func error(_ reason: TraceError.Reason) -> TraceError {
            TraceError(file: file, line: line, column: position - lineStart + 1, reason: reason)
        }

        private func found() -> String {
            guard position < end else { return "end of line" }
            var e = position
            while e < end && e - position < 16 && buffer[e] != 0x2C { e += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[position..<max(e, position + 1)]), as: UTF8.self)
        }

        @inline(__always)
        mutating func integer(field: StaticString, last: Bool = false) throws(TraceError) -> Int64 {
            while position < end && buffer[position] == 0x20 { position += 1 }
            guard position < end else {
                throw error(.truncatedLine(expected: "\(field) in [sec, usec, type, code, value]"))
            }
            var negative = false
            if buffer[position] == 0x2D || buffer[position] == 0x2B { negative = buffer[position] == 0x2D; position += 1 }
            let digitStart = position
            var v: Int64 = 0
            while position < end, case let d = buffer[position] &- 0x30, d < 10 {
                if v > 100_000_000_000_000 { throw error(.numberOutOfRange(field: "\(field)", value: found(), range: "a 47-bit number")) }
                v = v * 10 + Int64(d)
                position += 1
            }
            if position == digitStart { throw error(.malformed(expected: "\(field) (an integer)", found: found())) }
            while position < end && buffer[position] == 0x20 { position += 1 }
            let separator: UInt8 = last ? 0x5D : 0x2C
            guard position < end else {
                throw error(.truncatedLine(expected: last ? "']' after the event value" : "',' after \(field)"))
            }
            guard buffer[position] == separator else {
                throw error(.malformed(expected: last ? "']' after the event value (rows have 5 numbers)" : "',' after \(field)", found: found()))
            }
            position += 1
            return negative ? -v : v
        }

        func finish() throws(TraceError) {
            var i = position
            while i < end && buffer[i] == 0x20 { i += 1 }
            if i < end && buffer[i] != 0x23 {
                throw TraceError(file: file, line: line, column: i - lineStart + 1,
                                 reason: .malformed(expected: "the end of the line or a '# comment' after the row", found: String(decoding: UnsafeBufferPointer(rebasing: buffer[i..<end]), as: UTF8.self)))
            }
        }
    }

    private func validatedEvent(sec: Int64, usec: Int64, type: Int64, code: Int64, value: Int64,
                                previous: inout Int64, line: Int?, column: Int?, path: String?) throws(TraceError) -> RawEvent {
        func fail(_ reason: TraceError.Reason) -> TraceError {
            TraceError(file: file, line: line, column: column, path: path, reason: reason)
        }
        if sec < 0 || usec < 0 { throw fail(.negativeTime("\(sec).\(usec)")) }
        if sec > 9_000_000_000_000 { throw fail(.numberOutOfRange(field: "seconds", value: String(sec), range: "0...9000000000000")) }
        if usec >= 1_000_000 { throw fail(.microsecondsOutOfRange(UInt64(usec))) }
        guard type >= 0, type <= Int64(EventType.max), let maxCode = EventCodes.maxCode(type: UInt16(type)) else {
            throw fail(.unknownEventType(UInt64(bitPattern: type)))
        }
        guard code >= 0, code <= Int64(maxCode) else {
            throw fail(.unknownEventCode(type: UInt16(type), code: UInt64(bitPattern: code)))
        }
        guard value >= Int64(Int32.min), value <= Int64(Int32.max) else {
            throw fail(.numberOutOfRange(field: "event value", value: String(value), range: "\(Int32.min)...\(Int32.max)"))
        }
        let time = sec * 1_000_000 + usec
        if time < previous {
            throw fail(.timeWentBackwards(previous: EventTime(microseconds: previous), current: EventTime(microseconds: time)))
        }
        previous = time
        return RawEvent(time: EventTime(microseconds: time), type: UInt16(type), code: UInt16(code), value: Int32(value))
    }

    // MARK: YAML

    private func compose(_ text: String) throws(TraceError) -> Node {
        do {
            guard let node = try Yams.compose(yaml: text, Resolver.basic) else { throw TraceError(file: file, reason: .emptyFile) }
            return node
        } catch let error as TraceError {
            throw error
        } catch let error as YamlError {
            switch error {
            case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
                throw TraceError(file: file, line: mark.line, column: mark.column, reason: .invalidYAML(problem))
            case .reader(let problem, _, _, _):
                throw TraceError(file: file, reason: .invalidYAML(problem))
            default:
                throw TraceError(file: file, reason: .invalidYAML(String(describing: error)))
            }
        } catch {
            throw TraceError(file: file, reason: .invalidYAML(String(describing: error)))
        }
    }

    private func fail(_ node: Node?, _ path: String, _ reason: TraceError.Reason) -> TraceError {
        TraceError(file: file, line: node?.mark?.line, column: node?.mark?.column, path: path, reason: reason)
    }

    private func mapping(_ node: Node?, _ path: String) throws(TraceError) -> Node.Mapping {
        guard let node else { throw fail(nil, path, .missingKey(path)) }
        guard let m = node.mapping else { throw fail(node, path, .wrongShape(expected: "a mapping")) }
        return m
    }

    private func sequence(_ node: Node?, _ path: String) throws(TraceError) -> Node.Sequence {
        guard let node else { throw fail(nil, path, .missingKey(path)) }
        guard let s = node.sequence else { throw fail(node, path, .wrongShape(expected: "a list")) }
        return s
    }

    private func string(_ node: Node?, _ path: String) throws(TraceError) -> String {
        guard let node else { throw fail(nil, path, .missingKey(path)) }
        guard let s = node.scalar?.string else { throw fail(node, path, .wrongShape(expected: "a string")) }
        return s
    }

    private func integer(_ node: Node?, _ path: String) throws(TraceError) -> Int64 {
        guard let node else { throw fail(nil, path, .missingKey(path)) }
        guard let s = node.scalar?.string else { throw fail(node, path, .wrongShape(expected: "an integer")) }
        let digits = s.hasPrefix("+") ? String(s.dropFirst()) : s
        guard let v = Int64(digits) else { throw fail(node, path, .malformed(expected: "an integer", found: s)) }
        return v
    }

    private func integers(_ node: Node?, _ path: String) throws(TraceError) -> [Int64] {
        let s = try sequence(node, path)
        var out: [Int64] = []
        for (i, item) in s.enumerated() { out.append(try integer(item, "\(path)[\(i)]")) }
        return out
    }

    /// Whether a node is YAML null (`~`, `null`, or nothing). Tags are not
    /// resolved (the basic resolver is much faster), so this checks the text.
    private func isNull(_ node: Node?) -> Bool {
        guard let node else { return true }
        guard let scalar = node.scalar, scalar.style == .plain || scalar.style == .any else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    /// A string value; nil when absent, null or `unknown` (what the tool
    /// writes when it cannot find a value).
    private func optionalString(_ node: Node?) -> String? {
        guard let s = node?.scalar, !isNull(node), s.string != "unknown" else { return nil }
        return s.string
    }

    private func traces(from root: Node, fastEvents: [Int: (events: [RawEvent], skipped: Int)]?) throws(TraceError) -> [Trace] {
        let top = try mapping(root, "(document)")
        let versionNode = top["version"]
        let version = try integer(versionNode, "version")
        guard version == Int64(LibinputRecordFormat.formatVersion) else {
            throw fail(versionNode, "version", .unsupportedVersion(String(version)))
        }
        var base = TraceMetadata(formatVersion: String(version))
        if let libinput = top["libinput"], !isNull(libinput) {
            let m = try mapping(libinput, "libinput")
            base.libinputVersion = optionalString(m["version"])
            base.libinputGit = optionalString(m["git"])
        }
        if let system = top["system"], !isNull(system) {
            let m = try mapping(system, "system")
            base.os = optionalString(m["os"])
            base.kernel = optionalString(m["kernel"])
            base.dmi = optionalString(m["dmi"])
        }
        let devices = try sequence(top["devices"], "devices")
        if let ndevices = top["ndevices"] {
            let n = try integer(ndevices, "ndevices")
            if n != Int64(devices.count) {
                throw fail(ndevices, "ndevices", .malformed(expected: "ndevices equal to the \(devices.count) entries of devices", found: String(n)))
            }
        }
        var traces: [Trace] = []
        for (d, deviceNode) in devices.enumerated() {
            let path = "devices[\(d)]"
            let entry = try mapping(deviceNode, path)
            var metadata = base
            metadata.deviceNode = optionalString(entry["node"])
            let device = try description(entry["evdev"], "\(path).evdev")
            if let udev = entry["udev"], !isNull(udev) {
                let m = try mapping(udev, "\(path).udev")
                if let props = m["properties"], !isNull(props) {
                    let list = try sequence(props, "\(path).udev.properties")
                    for (i, p) in list.enumerated() { metadata.udevProperties.append(try string(p, "\(path).udev.properties[\(i)]")) }
                }
            }
            if let quirks = entry["quirks"], !isNull(quirks) {
                let list = try sequence(quirks, "\(path).quirks")
                for (i, q) in list.enumerated() { metadata.quirks.append(try string(q, "\(path).quirks[\(i)]")) }
            }
            var warnings: [TraceWarning] = []
            var events: [RawEvent] = []
            var skipped = 0
            let eventsKeyLine = entry.first(where: { $0.key.scalar?.string == "events" })?.key.mark?.line
            if let fastEvents, let line = eventsKeyLine, let fast = fastEvents[line] {
                events = fast.events
                skipped = fast.skipped
            } else if let eventsNode = entry["events"], !isNull(eventsNode) {
                (events, skipped) = try yamlEvents(eventsNode, "\(path).events")
            }
            if skipped > 0 {
                warnings.append(TraceWarning(file: file, line: eventsKeyLine,
                                             message: "\(skipped) non-evdev entries (libinput or hidraw) in \(path).events skipped"))
            }
            traces.append(Trace(device: device, events: events, warnings: warnings, metadata: metadata, file: file))
        }
        return traces
    }

    private func yamlEvents(_ node: Node, _ path: String) throws(TraceError) -> ([RawEvent], Int) {
        let frames = try sequence(node, path)
        var events: [RawEvent] = []
        var skipped = 0
        var previous = Int64.min
        for (f, frame) in frames.enumerated() {
            let m = try mapping(frame, "\(path)[\(f)]")
            guard let evdev = m["evdev"] else { skipped += 1; continue }
            let rows = try sequence(evdev, "\(path)[\(f)].evdev")
            for (r, row) in rows.enumerated() {
                let rowPath = "\(path)[\(f)].evdev[\(r)]"
                let numbers = try integers(row, rowPath)
                guard numbers.count == 5 else {
                    throw fail(row, rowPath, .wrongShape(expected: "[sec, usec, type, code, value] (5 integers), found \(numbers.count)"))
                }
                events.append(try validatedEvent(sec: numbers[0], usec: numbers[1], type: numbers[2], code: numbers[3], value: numbers[4],
                                                 previous: &previous, line: row.mark?.line, column: row.mark?.column, path: rowPath))
            }
        }
        return (events, skipped)
    }

    private func description(_ node: Node?, _ path: String) throws(TraceError) -> DeviceDescription {
        let m = try mapping(node, path)
        let name = try string(m["name"], "\(path).name")
        let idNode = m["id"]
        let id = try integers(idNode, "\(path).id")
        guard id.count == 4 else { throw fail(idNode, "\(path).id", .wrongShape(expected: "[bustype, vendor, product, version]")) }
        for (i, v) in id.enumerated() where v < 0 || v > 0xFFFF {
            throw fail(idNode, "\(path).id[\(i)]", .numberOutOfRange(field: "id", value: String(v), range: "0...65535"))
        }
        var device = DeviceDescription(name: name, id: DeviceID(bustype: UInt16(id[0]), vendor: UInt16(id[1]),
                                                                product: UInt16(id[2]), version: UInt16(id[3])))
        if let codes = m["codes"], !isNull(codes) {
            let cm = try mapping(codes, "\(path).codes")
            for (key, value) in cm {
                let typePath = "\(path).codes.\(key.scalar?.string ?? "?")"
                let type = try integer(key, typePath)
                guard type >= 0, type <= Int64(EventType.max), let max = EventCodes.maxCode(type: UInt16(type)) else {
                    throw fail(key, typePath, .unknownEventType(UInt64(bitPattern: type)))
                }
                var set = Set<UInt16>()
                for code in try integers(value, typePath) {
                    guard code >= 0, code <= Int64(max) else {
                        throw fail(value, typePath, .unknownEventCode(type: UInt16(type), code: UInt64(bitPattern: code)))
                    }
                    set.insert(UInt16(code))
                }
                device.codes[UInt16(type)] = set
            }
        }
        if let absinfo = m["absinfo"], !isNull(absinfo) {
            let am = try mapping(absinfo, "\(path).absinfo")
            for (key, value) in am {
                let codePath = "\(path).absinfo.\(key.scalar?.string ?? "?")"
                let code = try integer(key, codePath)
                guard code >= 0, code <= Int64(AbsCode.max) else {
                    throw fail(key, codePath, .unknownEventCode(type: EventType.abs, code: UInt64(bitPattern: code)))
                }
                let n = try integers(value, codePath)
                guard n.count == 5 || n.count == 4 else {
                    throw fail(value, codePath, .wrongShape(expected: "[min, max, fuzz, flat, resolution]"))
                }
                for v in n where v < Int64(Int32.min) || v > Int64(Int32.max) {
                    throw fail(value, codePath, .numberOutOfRange(field: "axis value", value: String(v), range: "\(Int32.min)...\(Int32.max)"))
                }
                device.absInfo[UInt16(code)] = AbsInfo(minimum: Int32(n[0]), maximum: Int32(n[1]), fuzz: Int32(n[2]),
                                                       flat: Int32(n[3]), resolution: n.count > 4 ? Int32(n[4]) : 0)
            }
        }
        if let properties = m["properties"], !isNull(properties) {
            for p in try integers(properties, "\(path).properties") {
                guard p >= 0, p <= Int64(InputProperty.max) else {
                    throw fail(properties, "\(path).properties", .numberOutOfRange(field: "property", value: String(p), range: "0...31"))
                }
                device.properties.insert(UInt16(p))
            }
        }
        return device
    }
}
