import GripperInput

/// The byte-level reader of one libinput-record `events:` block (found by
/// ``LibinputRecordScan``): frames of `- evdev:` rows, `[sec, usec, type,
/// code, value]`, one frame per ``nextFrame()`` through a ``LineWindow`` over
/// the block's bytes. `libinput:` and `hidraw:` entries are skipped and counted.
package final class LibinputEventsParser: FrameProducer {
    /// Why the parser stopped: a malformed row, or a layout it does not know
    /// (flow style, anchors …), which the caller may read as YAML instead.
    package enum Failure: Error {
        case trace(TraceError)
        case unknownLayout(line: Int, text: String)
    }

    private enum Mode { case none, evdev, skip }

    private let window: LineWindow
    private let file: String
    private var line: Int
    private var mode = Mode.none
    private var frameIndent = -1
    private var previous = Int64.min
    private var current: [RawEvent] = []
    private var finished = false
    /// The `libinput:` and `hidraw:` entries skipped so far.
    package private(set) var skipped = 0
    package private(set) var warnings: TraceWarningLog

    /// A parser of the block whose lines start at `firstLine`, bytes `start..<end` of `source`.
    package init(source: any TraceByteSource, file: String, firstLine: Int, start: Int, end: Int) {
        window = LineWindow(source: source, from: start, to: end)
        self.file = file
        line = firstLine - 1
        warnings = TraceWarningLog(file: file)
    }

    package func nextFrame() throws(TraceError) -> (EventFrame, complete: Bool)? {
        do {
            return try nextFrameOrFailure()
        } catch {
            switch error {
            case .trace(let e):
                throw e
            case .unknownLayout(let line, let text):
                throw TraceError(file: file, line: line, reason: .malformed(
                    expected: "a '- evdev:' frame or a '- [sec, usec, type, code, value]' row", found: text))
            }
        }
    }

    /// The next frame, or why there is none.
    /// - Complexity: O(bytes of the frame's lines).
    package func nextFrameOrFailure() throws(Failure) -> (EventFrame, complete: Bool)? {
        guard !finished else { return nil }
        while true {
            if window.position >= window.limit {
                let more: Bool
                do { more = try window.refill() } catch { throw .trace(error) }
                guard more else { return endOfInput() }
            }
            let buffer = UnsafeBufferPointer(start: UnsafePointer(window.base), count: window.limit)
            let end = window.limit
            var i = window.position
            while i < end {
                line += 1
                let lineStart = i
                var indent = 0
                while i < end && buffer[i] == 0x20 { indent += 1; i += 1 }
                // Fast path: a plain, well-formed row in an evdev frame.
                if mode == .evdev, indent > frameIndent, let (event, next) = Self.scanRow(buffer, i, end),
                   event.time.microseconds >= previous {
                    previous = event.time.microseconds
                    i = Swift.min(next, end)
                    if event.isSynReport {
                        window.position = i
                        return (takeFrame(at: event.time, reportValue: event.value), true)
                    }
                    current.append(event)
                    continue
                }
                let contentStart = i
                i = Self.newline(in: buffer, from: i, to: end)
                var contentEnd = i
                i = Swift.min(i + 1, end)
                while contentEnd > contentStart && (buffer[contentEnd - 1] == 0x20 || buffer[contentEnd - 1] == 0x0D) { contentEnd -= 1 }
                if contentStart == contentEnd || buffer[contentStart] == 0x23 { continue }
                if let event = try row(buffer, lineStart: lineStart, indent: indent, start: contentStart, end: contentEnd) {
                    if event.isSynReport {
                        window.position = i
                        return (takeFrame(at: event.time, reportValue: event.value), true)
                    }
                    current.append(event)
                }
            }
            window.position = i
        }
    }

    /// Reads a line that is not a plain row: a frame's key, a skipped
    /// entry's content, or a row the fast path left for the checks.
    private func row(_ buffer: UnsafeBufferPointer<UInt8>, lineStart: Int, indent: Int, start contentStart: Int,
                     end: Int) throws(Failure) -> RawEvent? {
        func unknown() -> Failure {
            .unknownLayout(line: line, text: String(decoding: UnsafeBufferPointer(rebasing: buffer[contentStart..<Swift.min(end, contentStart + 64)]), as: UTF8.self))
        }
        guard end - contentStart >= 2, buffer[contentStart] == 0x2D, buffer[contentStart + 1] == 0x20 else {
            // A second key in a frame's mapping (`libinput:` after `evdev:`,
            // as `libinput record --with-libinput` writes).
            if frameIndent >= 0 && indent > frameIndent, let isEvdev = Self.bareKey(buffer, contentStart, end) {
                if isEvdev { mode = .evdev } else { if mode != .skip { skipped += 1 }; mode = .skip }
                return nil
            }
            if mode == .skip && indent > frameIndent { return nil }
            throw unknown()
        }
        var j = contentStart + 2
        while j < end && buffer[j] == 0x20 { j += 1 }
        if frameIndent < 0 { frameIndent = indent }
        if indent == frameIndent {
            // A frame: `- evdev:` or another kind of entry to skip.
            var k = j
            while k < end && buffer[k] != 0x3A && buffer[k] != 0x20 { k += 1 }
            guard k < end, buffer[k] == 0x3A else { throw unknown() }
            var rest = k + 1
            while rest < end && buffer[rest] == 0x20 { rest += 1 }
            guard rest == end || buffer[rest] == 0x23 else { throw unknown() }
            let isEvdev = k - j == 5 && buffer[j] == 0x65 && buffer[j + 1] == 0x76 && buffer[j + 2] == 0x64
                && buffer[j + 3] == 0x65 && buffer[j + 4] == 0x76
            if isEvdev { mode = .evdev } else { mode = .skip; skipped += 1 }
            return nil
        }
        guard indent > frameIndent else { throw unknown() }
        if mode == .skip { return nil }
        guard mode == .evdev, j < end, buffer[j] == 0x5B else { throw unknown() }
        do {
            var row = RowScanner(buffer: buffer, position: j + 1, end: end, lineStart: lineStart, line: line, file: file)
            let sec = try row.integer(field: "seconds")
            let usec = try row.integer(field: "microseconds")
            let type = try row.integer(field: "event type")
            let code = try row.integer(field: "event code")
            let value = try row.integer(field: "event value", last: true)
            let valueColumn = row.numberColumn
            try row.finish()
            return try Self.validatedEvent(sec: sec, usec: usec, type: type, code: code, value: value, previous: &previous,
                                           file: file, line: line, column: j - lineStart + 1, path: nil,
                                           valueColumn: valueColumn)
        } catch {
            throw .trace(error)
        }
    }

    private func takeFrame(at time: EventTime, reportValue: Int32 = 0) -> EventFrame {
        let frame = EventFrame(time: time, events: current, reportValue: reportValue)
        current = []
        return frame
    }

    private func endOfInput() -> (EventFrame, complete: Bool)? {
        finished = true
        guard let last = current.last else { return nil }
        warnings.appendAlways(EventFraming.incompleteTailWarning(file: file, count: current.count))
        return (takeFrame(at: last.time), false)
    }

    // MARK: Scanning

    /// The index of the next newline from `start`, or `end`; eight bytes at a time.
    @inline(__always)
    static func newline(in buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
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
              value >= Int64(Int32.min), value <= Int64(Int32.max),
              let time = EventTime(checkedSeconds: sec, microseconds: usec) else { return nil }
        let event = RawEvent(time: time, type: UInt16(type), code: UInt16(code), value: Int32(value))
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
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[position..<Swift.max(e, position + 1)]), as: UTF8.self)
        }

        /// Where the last number read starts (its sign included), 1-based.
        private(set) var numberColumn = 0

        @inline(__always)
        mutating func integer(field: StaticString, last: Bool = false) throws(TraceError) -> Int64 {
            while position < end && buffer[position] == 0x20 { position += 1 }
            guard position < end else {
                throw error(.truncatedLine(expected: "\(field) in [sec, usec, type, code, value]"))
            }
            let numberStart = position
            numberColumn = numberStart - lineStart + 1
            var negative = false
            if buffer[position] == 0x2D || buffer[position] == 0x2B { negative = buffer[position] == 0x2D; position += 1 }
            let digitStart = position
            var v: Int64 = 0
            while position < end, case let d = buffer[position] &- 0x30, d < 10 {
                if v > 100_000_000_000_000 {
                    // The whole number, from its sign, at its own column.
                    var e = position
                    while e < end, buffer[e] &- 0x30 < 10 { e += 1 }
                    let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[numberStart..<e]), as: UTF8.self)
                    throw TraceError(file: file, line: line, column: numberColumn,
                                     reason: .numberOutOfRange(field: "\(field)", value: text, range: "a 47-bit number"))
                }
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
                                 reason: .malformed(expected: "the end of the line or a '# comment' after the row",
                                                    found: String(decoding: UnsafeBufferPointer(rebasing: buffer[i..<Swift.min(end, i + 64)]), as: UTF8.self)))
            }
        }
    }

    /// An event from a row's numbers, checked: time (not negative, at most
    /// ``EventTime/maximumSeconds``, not before `previous`), type, code and value.
    /// `valueColumn`: where the value stands, for its own error (the row's
    /// `column` otherwise).
    package static func validatedEvent(sec: Int64, usec: Int64, type: Int64, code: Int64, value: Int64, previous: inout Int64,
                               file: String, line: Int?, column: Int?, path: String?,
                               valueColumn: Int? = nil) throws(TraceError) -> RawEvent {
        func fail(_ reason: TraceError.Reason, at column: Int? = column) -> TraceError {
            TraceError(file: file, line: line, column: column, path: path, reason: reason)
        }
        if sec < 0 || usec < 0 { throw fail(.negativeTime("\(sec).\(usec)")) }
        if usec >= 1_000_000 { throw fail(.microsecondsOutOfRange(UInt64(usec))) }
        guard let time = EventTime(checkedSeconds: sec, microseconds: usec) else {
            throw fail(.timeOutOfRange("\(sec).\(usec)"))
        }
        guard type >= 0, type <= Int64(EventType.max), let maxCode = EventCodes.maxCode(type: UInt16(type)) else {
            throw fail(.unknownEventType(UInt64(bitPattern: type)))
        }
        guard code >= 0, code <= Int64(maxCode) else {
            throw fail(.unknownEventCode(type: UInt16(type), code: UInt64(bitPattern: code)))
        }
        guard value >= Int64(Int32.min), value <= Int64(Int32.max) else {
            throw fail(.numberOutOfRange(field: "event value", value: String(value), range: "\(Int32.min)...\(Int32.max)"),
                       at: valueColumn ?? column)
        }
        if time.microseconds < previous {
            throw fail(.timeWentBackwards(previous: EventTime(microseconds: previous), current: time))
        }
        previous = time.microseconds
        return RawEvent(time: time, type: UInt16(type), code: UInt16(code), value: Int32(value))
    }
}
