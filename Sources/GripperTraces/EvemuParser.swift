import GripperInput

/// The byte-level evemu reader behind ``EvemuFormat``: one pass over a
/// ``LineWindow`` of the file, no per-line allocation on `E:` lines. It reads
/// the device lines when made (``readHeader()``), then one frame per
/// ``nextFrame()``.
final class EvemuParser: FrameProducer {
    /// Which part of the file the parser is in: device lines must come in
    /// evemu's order (N I P* B* A* L* S*), events after them.
    private enum Section: Int, Comparable {
        case start = 0, name, id, prop, mask, abs, led, sw, events
        static func < (a: Section, b: Section) -> Bool { a.rawValue < b.rawValue }
    }

    private let window: LineWindow
    private let file: String
    /// The window's complete lines while a line is parsed.
    private var buffer = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var lineNumber = 0
    private var lineStart = 0
    private var lineEnd = 0
    private var section = Section.start
    private(set) var sawComment = false
    private var deviceBeingRead = DeviceDescription(name: "")
    private(set) var hasDevice = false
    private var propBytes = 0
    private var maskBytes = [Int](repeating: 0, count: 0x20)
    private(set) var metadata = TraceMetadata()
    private(set) var warnings: TraceWarningLog
    /// The line of the first `E:` line, once the header is read and one follows.
    private(set) var firstEventLine: Int?
    private var previousTime = Int64.min
    /// The events of a frame left unfinished by an error or the end of input.
    private var current: [RawEvent] = []
    /// Where ``nextFrame()`` gathers a frame's events (`RawEvent` is a
    /// trivial type: nothing to deinitialize), and its room.
    private var scratch: UnsafeMutablePointer<RawEvent>
    private var scratchCapacity = 64
    private var finished = false
    private let limits: UnsafeMutablePointer<Int32>
    /// ``hexDigits``, where the hot loop reads it without a global's lazy check.
    private let hexTable: UnsafeMutablePointer<UInt8>
    /// The last time the fast path read, kept from frame to frame.
    private var lastTime = EvemuEventLine.TimeText()

    init(window: LineWindow, file: String) {
        self.window = window
        self.file = file
        warnings = TraceWarningLog(file: file)
        limits = .allocate(capacity: Self.codeLimits.count)
        limits.initialize(from: Self.codeLimits, count: Self.codeLimits.count)
        hexTable = .allocate(capacity: 256)
        scratch = .allocate(capacity: 64)
        hexTable.initialize(from: Self.hexDigits, count: 256)
    }

    deinit {
        limits.deallocate()
        hexTable.deallocate()
        scratch.deallocate()
    }

    /// Puts `event` at `count` in the scratch buffer, growing it (doubled)
    /// when it is full.
    private func append(_ event: RawEvent, _ count: inout Int) {
        if count == scratchCapacity {
            let larger = UnsafeMutablePointer<RawEvent>.allocate(capacity: scratchCapacity * 2)
            larger.moveInitialize(from: scratch, count: count)
            scratch.deallocate()
            scratch = larger
            scratchCapacity *= 2
        }
        (scratch + count).initialize(to: event)
        count += 1
    }

    /// The description read from the file's device lines, if it has any.
    var device: DeviceDescription? { hasDevice ? deviceBeingRead : nil }

    // MARK: Lines

    /// Reads the lines before the first `E:` line (the description, comments),
    /// leaving that line for ``nextFrame()``.
    /// - Throws: ``TraceError`` for a malformed device line, an empty input,
    ///   or a file that ends after `N:`.
    func readHeader() throws(TraceError) {
        var sawBytes = false
        while true {
            if window.position >= window.limit {
                guard try window.refill() else { break }
            }
            sawBytes = true
            buffer = UnsafeBufferPointer(start: window.base, count: window.limit)
            var position = window.position
            let count = window.limit
            while position < count {
                // Stop before the first event line.
                var i = position
                while i < count && (buffer[i] == 0x20 || buffer[i] == 0x09) { i += 1 }
                if i + 1 < count && buffer[i] == 0x45 && buffer[i + 1] == 0x3A {
                    window.position = position
                    firstEventLine = lineNumber + 1
                    return
                }
                lineNumber += 1
                position = takeLine(from: position, count: count)
                _ = try parseLine()
            }
            window.position = position
        }
        if !sawBytes { throw TraceError(file: file, reason: .emptyFile) }
        if section == .name {
            throw TraceError(file: file, line: lineNumber, reason: .truncatedLine(expected: "an 'I:' line after 'N:' (the file ends early)"))
        }
    }

    /// Whether the header held nothing at all: no device, comment or warning.
    var headerIsBlank: Bool { !hasDevice && !sawComment && warnings.count == 0 }

    /// Sets `lineStart` and `lineEnd` for the line at `position` and returns
    /// the index after it.
    private func takeLine(from position: Int, count: Int) -> Int {
        lineStart = position
        var end = position
        while end < count && buffer[end] != 0x0A { end += 1 }
        let next = Swift.min(end + 1, count)
        if end > lineStart && buffer[end - 1] == 0x0D { end -= 1 }
        lineEnd = end
        return next
    }

    /// The next frame and whether its `SYN_REPORT` closed it; nil at the end.
    ///
    /// The hot loop keeps what it changes on every line — the frame's
    /// events, the line number, the last event's time — in locals, stored
    /// back only where the slow path or the caller looks at them: each
    /// access to a stored property of this class costs an exclusivity check.
    /// The events gather in a buffer the parser keeps from frame to frame
    /// (no uniqueness check per event, as an array's append makes), copied
    /// into the frame's array once, so a frame costs one allocation.
    /// - Complexity: O(bytes of the frame's lines).
    func nextFrame() throws(TraceError) -> (EventFrame, complete: Bool)? {
        guard !finished else { return nil }
        var buffered = 0
        for event in current { append(event, &buffered) }
        current = []
        var events = scratch, room = scratchCapacity
        var line = lineNumber
        var previous = previousTime
        var inEvents = section == .events
        var kept = lastTime
        /// What was gathered, as an array (for the frame, or kept in `current`).
        func gathered() -> [RawEvent] { Array(UnsafeBufferPointer(start: events, count: buffered)) }
        func done(_ time: EventTime, _ value: Int32) -> (EventFrame, complete: Bool) {
            lineNumber = line
            previousTime = previous
            lastTime = kept
            return (EventFrame(time: time, events: gathered(), reportValue: value), true)
        }
        while true {
            if window.position >= window.limit {
                let more: Bool
                do { more = try window.refill() } catch {
                    (current, lineNumber, previousTime) = (gathered(), line, previous)
                    throw error
                }
                guard more else {
                    (current, lineNumber, previousTime) = (gathered(), line, previous)
                    return try endOfInput()
                }
            }
            buffer = UnsafeBufferPointer(start: window.base, count: window.limit)
            let base = window.base
            let count = window.limit
            let limit = UnsafePointer(limits), table = UnsafePointer(hexTable)
            var position = window.position
            while position < count {
                line += 1
                // Fast path: a plain, well-formed event line once the events have begun.
                if inEvents, base[position] == 0x45,
                   let (event, next) = EvemuEventLine.scan(base, position, count, limit, table, &kept),
                   event.time.microseconds >= previous {
                    previous = event.time.microseconds
                    position = Swift.min(next, count)
                    if event.isSynReport {
                        window.position = position
                        return done(event.time, event.value)
                    }
                    if buffered == room {
                        append(event, &buffered)
                        (events, room) = (scratch, scratchCapacity)
                    } else {
                        (events + buffered).initialize(to: event)
                        buffered &+= 1
                    }
                    continue
                }
                position = takeLine(from: position, count: count)
                (lineNumber, previousTime) = (line, previous)
                let parsed: RawEvent?
                do { parsed = try parseLine() } catch {
                    current = gathered()
                    throw error
                }
                (line, previous, inEvents) = (lineNumber, previousTime, section == .events)
                if let event = parsed {
                    if event.isSynReport {
                        window.position = position
                        return done(event.time, event.value)
                    }
                    append(event, &buffered)
                    (events, room) = (scratch, scratchCapacity)
                }
            }
            window.position = position
        }
    }

    private func takeFrame(at time: EventTime, reportValue: Int32 = 0) -> EventFrame {
        let frame = EventFrame(time: time, events: current, reportValue: reportValue)
        current = []
        return frame
    }

    private func endOfInput() throws(TraceError) -> (EventFrame, complete: Bool)? {
        finished = true
        if section == .name {
            throw TraceError(file: file, line: lineNumber, reason: .truncatedLine(expected: "an 'I:' line after 'N:' (the file ends early)"))
        }
        guard let last = current.last else { return nil }
        warnings.appendAlways(EventFraming.incompleteTailWarning(file: file, count: current.count))
        return (takeFrame(at: last.time), false)
    }

    /// The largest code of each type (index: type), -1 for types evdev does not define.
    private static let codeLimits: [Int32] = (0...Int(EventType.max)).map { EventCodes.maxCode(type: UInt16($0)).map(Int32.init) ?? -1 }

    /// The value of each byte as a hex digit, 0xff for bytes that are not one.
    private static let hexDigits: [UInt8] = (0..<256).map { b in
        switch b {
        case 0x30...0x39: UInt8(b - 0x30)
        case 0x41...0x46: UInt8(b - 0x41 + 10)
        case 0x61...0x66: UInt8(b - 0x61 + 10)
        default: 0xFF
        }
    }

    /// Reads the line between `lineStart` and `lineEnd`; an event line gives its event.
    private func parseLine() throws(TraceError) -> RawEvent? {
        var i = lineStart
        while i < lineEnd && (buffer[i] == 0x20 || buffer[i] == 0x09) { i += 1 }
        guard i < lineEnd else { return nil }
        let first = buffer[i]
        if first == 0x45 /* E */ && i + 1 < lineEnd && buffer[i + 1] == 0x3A {
            return try parseEvent(from: i + 2)
        }
        if first == 0x23 /* # */ {
            try parseComment(from: i + 1)
            return nil
        }
        guard i + 1 < lineEnd, buffer[i + 1] == 0x3A /* : */ else {
            try checkText(from: i)
            warnings.append(TraceWarning(file: file, line: lineNumber,
                                         message: "unknown line '\(TraceError.excerpt(text(from: i, limit: 64)))' ignored"))
            return nil
        }
        switch first {
        case 0x4E: try parseName(from: i + 2)            // N
        case 0x49: try parseID(from: i + 2)              // I
        case 0x50: try parseProp(from: i + 2)            // P
        case 0x42: try parseMask(from: i + 2)            // B
        case 0x41: try parseAbs(from: i + 2)             // A
        case 0x4C: try parseState(from: i + 2, led: true)  // L
        case 0x53: try parseState(from: i + 2, led: false) // S
        default:
            try checkText(from: i)
            warnings.append(TraceWarning(file: file, line: lineNumber,
                                         message: "unknown line '\(TraceError.excerpt(text(from: i, limit: 64)))' ignored"))
        }
        return nil
    }

    // MARK: Events

    private func parseEvent(from start: Int) throws(TraceError) -> RawEvent {
        if section < .events {
            if section != .start && section < .id {
                throw error(at: start - 2, .malformed(expected: "an 'I:' line after 'N:'", found: "E:"))
            }
            section = .events
            firstEventLine = firstEventLine ?? lineNumber
        }
        var i = start
        try skipSpace(&i, required: true, what: "a timestamp after 'E:'")
        if i < lineEnd && buffer[i] == 0x2D {
            throw error(at: i, .negativeTime(text(from: i, limit: 24)))
        }
        let secStart = i
        var sec: UInt64 = 0
        var secondsTooLarge = false
        while i < lineEnd, case let d = buffer[i] &- 0x30, d < 10 {
            if sec > UInt64(EventTime.maximumSeconds) { secondsTooLarge = true } else { sec = sec * 10 + UInt64(d) }
            i += 1
        }
        if i == secStart { throw expected("seconds (digits)", at: i) }
        guard i < lineEnd, buffer[i] == 0x2E else { throw expected("'.' between seconds and microseconds", at: i) }
        i += 1
        let usecStart = i
        var usec: UInt64 = 0
        while i < lineEnd, case let d = buffer[i] &- 0x30, d < 10 {
            usec = usec &* 10 &+ UInt64(d)
            if usec >= 1_000_000 { throw error(at: usecStart, .microsecondsOutOfRange(UInt64(digits(from: usecStart)) ?? usec)) }
            i += 1
        }
        if i == usecStart { throw expected("microseconds (digits)", at: i) }
        guard !secondsTooLarge, let time = EventTime(checkedSeconds: Int64(sec), microseconds: Int64(usec)) else {
            throw error(at: secStart, .timeOutOfRange(text(from: secStart, to: Swift.min(i, secStart + 64))))
        }
        try skipSpace(&i, required: true, what: "the event type after the timestamp")
        let typeStart = i
        let type = try hex(&i, what: "the event type (hex)")
        guard type <= UInt64(EventType.max), let maxCode = EventCodes.maxCode(type: UInt16(type)) else {
            throw error(at: typeStart, .unknownEventType(type))
        }
        try skipSpace(&i, required: true, what: "the event code after the type")
        let codeStart = i
        let code = try hex(&i, what: "the event code (hex)")
        guard code <= UInt64(maxCode) else {
            throw error(at: codeStart, .unknownEventCode(type: UInt16(type), code: code))
        }
        try skipSpace(&i, required: true, what: "the event value after the code")
        let value = try int32(&i, field: "event value")
        try endOfLine(i)
        if time.microseconds < previousTime {
            throw error(at: start + 1, .timeWentBackwards(previous: EventTime(microseconds: previousTime), current: time))
        }
        previousTime = time.microseconds
        return RawEvent(time: time, type: UInt16(type), code: UInt16(code), value: value)
    }

    // MARK: Comments

    private func parseComment(from start: Int) throws(TraceError) {
        try checkText(from: start)
        sawComment = true
        guard section < .name else { return }
        var i = start
        while i < lineEnd && buffer[i] == 0x20 { i += 1 }
        let body = text(from: i, limit: 4096)
        if body.hasPrefix("EVEMU ") && metadata.formatVersion == nil {
            let version = String(body.dropFirst(6)).trimmingTrailingSpace
            metadata.formatVersion = version
            let parts = version.split(separator: ".")
            if parts.count != 2 || Int(parts[0]) == nil || Int(parts[1]) == nil {
                throw error(at: i + 6, .malformed(expected: "a version 'major.minor' after '# EVEMU'", found: version))
            }
            if let major = Int(parts[0]), let minor = Int(parts[1]), major > 1 || (major == 1 && minor > 3) {
                warnings.append(TraceWarning(file: file, line: lineNumber,
                    message: "file format \(version) is newer than the newest Gripper knows (1.3); reading it as 1.3"))
            }
        } else if body.hasPrefix("Kernel: ") && metadata.kernel == nil {
            metadata.kernel = String(body.dropFirst(8))
        } else if body.hasPrefix("DMI: ") && metadata.dmi == nil {
            metadata.dmi = String(body.dropFirst(5))
        }
    }

    // MARK: Device lines

    private func enter(_ next: Section, repeatable: Bool, at i: Int, kind: String) throws(TraceError) {
        if next < section || (next == section && !repeatable) {
            throw error(at: i - 2, .misplacedDeviceLine(kind))
        }
        if next == .id && section < .name {
            throw error(at: i - 2, .misplacedDeviceLine(kind))
        }
        if next > .id && section < .id {
            throw error(at: i - 2, .misplacedDeviceLine(kind))
        }
        section = next
        hasDevice = true
    }

    private func parseName(from start: Int) throws(TraceError) {
        try enter(.name, repeatable: false, at: start, kind: "N:")
        var i = start
        while i < lineEnd && (buffer[i] == 0x20 || buffer[i] == 0x09) { i += 1 }
        try checkText(from: i)
        deviceBeingRead.name = text(from: i, limit: Int.max).trimmingTrailingSpace
    }

    private func parseID(from start: Int) throws(TraceError) {
        try enter(.id, repeatable: false, at: start, kind: "I:")
        var i = start
        var fields: [UInt16] = []
        for what in ["bus type", "vendor", "product", "version"] {
            try skipSpace(&i, required: true, what: "the \(what) (hex)")
            let s = i
            let v = try hex(&i, what: "the \(what) (hex)")
            guard v <= 0xFFFF else { throw error(at: s, .numberOutOfRange(field: what, value: "0x" + String(v, radix: 16), range: "0...0xffff")) }
            fields.append(UInt16(v))
        }
        try endOfLine(i)
        deviceBeingRead.id = DeviceID(bustype: fields[0], vendor: fields[1], product: fields[2], version: fields[3])
    }

    private func bytes(_ i: inout Int, count: Int) throws(TraceError) -> [UInt8] {
        var out: [UInt8] = []
        for n in 0..<count {
            try skipSpace(&i, required: true, what: "\(count) mask bytes (hex), got \(n)")
            let s = i
            let v = try hex(&i, what: "a mask byte (hex)")
            guard v <= 0xFF else { throw error(at: s, .numberOutOfRange(field: "mask byte", value: "0x" + String(v, radix: 16), range: "0...0xff")) }
            out.append(UInt8(v))
        }
        return out
    }

    private func parseProp(from start: Int) throws(TraceError) {
        try enter(.prop, repeatable: true, at: start, kind: "P:")
        var i = start
        let mask = try bytes(&i, count: 8)
        try endOfLine(i)
        for (n, byte) in mask.enumerated() {
            for bit in 0..<8 where byte & (1 << bit) != 0 {
                let property = (propBytes + n) * 8 + bit
                guard property <= Int(InputProperty.max) else {
                    throw error(at: start, .numberOutOfRange(field: "property", value: String(property), range: "0...\(InputProperty.max)"))
                }
                deviceBeingRead.properties.insert(UInt16(property))
            }
        }
        propBytes += 8
    }

    private func parseMask(from start: Int) throws(TraceError) {
        try enter(.mask, repeatable: true, at: start, kind: "B:")
        var i = start
        try skipSpace(&i, required: true, what: "the event type (hex)")
        let typeStart = i
        let type = try hex(&i, what: "the event type (hex)")
        guard type <= UInt64(EventType.max) else { throw error(at: typeStart, .unknownEventType(type)) }
        let mask = try bytes(&i, count: 8)
        try endOfLine(i)
        let t = Int(type)
        let maxCode = EventCodes.maxCode(type: UInt16(t))
        for (n, byte) in mask.enumerated() {
            for bit in 0..<8 where byte & (1 << bit) != 0 {
                let code = (maskBytes[t] + n) * 8 + bit
                guard let maxCode else { throw error(at: typeStart, .unknownEventType(type)) }
                guard code <= Int(maxCode) else {
                    throw error(at: typeStart, .unknownEventCode(type: UInt16(t), code: UInt64(code)))
                }
                deviceBeingRead.codes[UInt16(t), default: []].insert(UInt16(code))
            }
        }
        maskBytes[t] += 8
    }

    private func parseAbs(from start: Int) throws(TraceError) {
        try enter(.abs, repeatable: true, at: start, kind: "A:")
        var i = start
        try skipSpace(&i, required: true, what: "the axis code (hex)")
        let codeStart = i
        let code = try hex(&i, what: "the axis code (hex)")
        guard code <= UInt64(AbsCode.max) else { throw error(at: codeStart, .unknownEventCode(type: EventType.abs, code: code)) }
        var numbers: [Int32] = []
        for what in ["minimum", "maximum", "fuzz", "flat", "resolution"] {
            var j = i
            while j < lineEnd && (buffer[j] == 0x20 || buffer[j] == 0x09) { j += 1 }
            if j == lineEnd || buffer[j] == 0x23 {
                if numbers.count >= 4 { break }
                throw error(at: j, .truncatedLine(expected: "the axis \(what) (A: code min max fuzz flat [resolution])"))
            }
            try skipSpace(&i, required: true, what: "the axis \(what)")
            numbers.append(try int32(&i, field: "axis \(what)"))
        }
        try endOfLine(i)
        deviceBeingRead.absInfo[UInt16(code)] = AbsInfo(minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2],
                                               flat: numbers[3], resolution: numbers.count > 4 ? numbers[4] : 0)
    }

    private func parseState(from start: Int, led: Bool) throws(TraceError) {
        try enter(led ? .led : .sw, repeatable: true, at: start, kind: led ? "L:" : "S:")
        var i = start
        try skipSpace(&i, required: true, what: "the code (hex)")
        let codeStart = i
        let code = try hex(&i, what: "the code (hex)")
        let type = led ? EventType.led : EventType.sw
        guard let max = EventCodes.maxCode(type: type), code <= UInt64(max) else {
            throw error(at: codeStart, .unknownEventCode(type: type, code: code))
        }
        try skipSpace(&i, required: true, what: "the state")
        let value = try int32(&i, field: "state")
        try endOfLine(i)
        if led { deviceBeingRead.ledStates[UInt16(code)] = value } else { deviceBeingRead.switchStates[UInt16(code)] = value }
    }

    // MARK: Fields

    private func skipSpace(_ i: inout Int, required: Bool, what: String) throws(TraceError) {
        let s = i
        while i < lineEnd && (buffer[i] == 0x20 || buffer[i] == 0x09) { i += 1 }
        if i == lineEnd { throw error(at: i, .truncatedLine(expected: what)) }
        if required && i == s { throw expected("a space before \(what)", at: i) }
    }

    private func hex(_ i: inout Int, what: String) throws(TraceError) -> UInt64 {
        let s = i
        var v: UInt64 = 0
        while i < lineEnd {
            let c = buffer[i]
            let d: UInt8
            if c &- 0x30 < 10 { d = c &- 0x30 }
            else if (c | 0x20) &- 0x61 < 6 { d = (c | 0x20) &- 0x61 &+ 10 }
            else { break }
            if v > 0xFFFF_FFFF { throw error(at: s, .numberOutOfRange(field: what, value: digits(from: s), range: "a 32-bit number")) }
            v = v << 4 | UInt64(d)
            i += 1
        }
        if i == s { throw expected(what, at: i) }
        return v
    }

    private func int32(_ i: inout Int, field: String) throws(TraceError) -> Int32 {
        let s = i
        var negative = false
        if i < lineEnd && (buffer[i] == 0x2D || buffer[i] == 0x2B) { negative = buffer[i] == 0x2D; i += 1 }
        let digitStart = i
        var v: Int64 = 0
        while i < lineEnd, case let d = buffer[i] &- 0x30, d < 10 {
            v = v * 10 + Int64(d)
            if v > 0x1_0000_0000 { break }
            i += 1
        }
        if i == digitStart { throw expected("\(field) (a decimal number)", at: i) }
        while i < lineEnd && buffer[i] &- 0x30 < 10 { i += 1 }
        let signed = negative ? -v : v
        guard signed >= Int64(Int32.min) && signed <= Int64(Int32.max) else {
            throw error(at: s, .numberOutOfRange(field: field, value: text(from: s, to: Swift.min(i, s + 64)), range: "\(Int32.min)...\(Int32.max)"))
        }
        return Int32(signed)
    }

    /// Accepts trailing spaces and a trailing `# comment`, nothing else.
    private func endOfLine(_ start: Int) throws(TraceError) {
        var i = start
        while i < lineEnd && (buffer[i] == 0x20 || buffer[i] == 0x09) { i += 1 }
        if i == lineEnd { return }
        if buffer[i] == 0x23 && i > start {
            try checkText(from: i)
            return
        }
        throw expected("the end of the line or a '# comment'", at: i)
    }

    /// Rejects control bytes and invalid UTF-8 in free text.
    private func checkText(from start: Int) throws(TraceError) {
        var i = start
        var ascii = true
        while i < lineEnd {
            let c = buffer[i]
            if c < 0x20 && c != 0x09 || c == 0x7F { throw error(at: i, .binaryData) }
            if c >= 0x80 { ascii = false }
            i += 1
        }
        if !ascii {
            let slice = UnsafeBufferPointer(rebasing: buffer[start..<lineEnd])
            if String(validating: slice, as: UTF8.self) == nil { throw error(at: start, .binaryData) }
        }
    }

    // MARK: Text and errors

    private func text(from start: Int, limit: Int) -> String {
        let end = limit == Int.max ? lineEnd : min(lineEnd, start + limit)
        return text(from: start, to: end)
    }

    private func text(from start: Int, to end: Int) -> String {
        guard start < end else { return "" }
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
    }

    private func digits(from start: Int) -> String {
        var i = start
        while i < lineEnd && buffer[i] &- 0x30 < 10 { i += 1 }
        return text(from: start, to: min(i, start + 40))
    }

    private func expected(_ what: String, at i: Int) -> TraceError {
        if i >= lineEnd { return error(at: i, .truncatedLine(expected: what)) }
        var end = i
        while end < lineEnd && buffer[end] != 0x20 && buffer[end] != 0x09 && end - i < 24 { end += 1 }
        let found = String(decoding: UnsafeBufferPointer(rebasing: buffer[i..<max(end, i + 1)]), as: UTF8.self)
        return error(at: i, .malformed(expected: what, found: found))
    }

    private func error(at i: Int, _ reason: TraceError.Reason) -> TraceError {
        TraceError(file: file, line: lineNumber, column: max(1, i - lineStart + 1), reason: reason)
    }
}

/// The fast path's reading of a plain `E:` line: no allocation, no error
/// (nil sends the line to the checked parser), inlined into the hot loop of
/// `EvemuParser.nextFrame()`.
enum EvemuEventLine {
    /// The text of the time the fast path last read — its seconds, `.`,
    /// microseconds and the space after them, when that is at most sixteen
    /// bytes — and its value. The lines of one frame share their time, so the
    /// fast path compares the next line's text with it (two words) instead
    /// of reading the digits again: the same bytes give the same time.
    struct TimeText {
        var words: (UInt64, UInt64) = (0, 0)
        var masks: (UInt64, UInt64) = (0, 0)
        /// The text's length in bytes; 0 when nothing is kept.
        var length = 0
        var microseconds: Int64 = 0

        /// The sixteen bytes at `p` begin with the kept text.
        @inline(__always)
        func matches(_ p: UnsafePointer<UInt8>) -> Bool {
            let raw = UnsafeRawPointer(p)
            let a = raw.loadUnaligned(as: UInt64.self), b = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            return length > 0 && ((a ^ words.0) & masks.0) | ((b ^ words.1) & masks.1) == 0
        }

        /// Keeps the `length` bytes at `p` (sixteen of which can be read) as the text of `microseconds`.
        @inline(__always)
        mutating func keep(_ p: UnsafePointer<UInt8>, length: Int, microseconds: Int64) {
            let raw = UnsafeRawPointer(p)
            let m0: UInt64 = length >= 8 ? ~0 : (1 &<< UInt64(8 &* length)) &- 1
            let m1: UInt64 = length <= 8 ? 0 : length >= 16 ? ~0 : (1 &<< UInt64(8 &* (length &- 8))) &- 1
            masks = (m0, m1)
            words = (raw.loadUnaligned(as: UInt64.self) & m0, raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & m1)
            self.length = length
            self.microseconds = microseconds
        }
    }

    /// Reads one `E:` line starting at `start` without any allocation: the
    /// event and the index after the line, or nil when the line is anything
    /// but plain and well formed (the slow path then reads it and reports
    /// exactly what is wrong).
    ///
    /// What it accepts: `E:`, spaces, 1–12 digits of seconds, `.`, 1–6 of
    /// microseconds, spaces, type and code of 1–4 hex digits each (a code
    /// evdev defines for the type), a value of 1–10 digits with an optional
    /// `-` within `Int32`, then the end of the line, or tabs and spaces and
    /// optionally a `#` comment of printable ASCII and tabs. Counters move
    /// with wrapping arithmetic (every index stays below `count`). A time
    /// whose text is `last`'s is taken from it (a frame's lines share their
    /// time), any other is read eight digits at a time and kept in `last`;
    /// hex digits are read through `table` (the parser's `hexTable`), and a
    /// comment is checked sixteen, then eight bytes at a time up to its
    /// newline. Inlined (`@_transparent`) into the hot loop, which keeps
    /// `last` in a local for the frame.
    @_transparent
    static func scan(_ p: UnsafePointer<UInt8>, _ start: Int, _ count: Int,
                                  _ limits: UnsafePointer<Int32>, _ table: UnsafePointer<UInt8>,
                                  _ last: inout TimeText) -> (RawEvent, Int)? {
        var i = start &+ 1
        guard i < count, p[i] == 0x3A else { return nil }
        i &+= 1
        guard i < count, p[i] == 0x20 else { return nil }
        while i < count && p[i] == 0x20 { i &+= 1 }
        let microseconds: Int64
        var digits = 0
        if i &+ 16 <= count && last.matches(p + i) {
            microseconds = last.microseconds
            i &+= last.length
        } else {
            let timeStart = i
            // seconds
            var sec: Int64 = 0
            if i &+ 8 <= count, let (v, k) = digitRun(UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)) {
                sec = Int64(v)
                digits = k
                i &+= k
            } else {
                while i < count, case let d = p[i] &- 0x30, d < 10 {
                    sec = sec &* 10 &+ Int64(d); digits &+= 1; i &+= 1
                }
            }
            guard digits > 0, digits <= 12, i < count, p[i] == 0x2E else { return nil }
            i &+= 1
            var usec: Int64 = 0
            if i &+ 8 <= count, let (v, k) = digitRun(UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)),
               k > 0, k <= 6, p[i &+ k] == 0x20 {
                usec = Int64(v)
                i &+= k
            } else {
                digits = 0
                while i < count, case let d = p[i] &- 0x30, d < 10 {
                    usec = usec &* 10 &+ Int64(d); digits &+= 1; i &+= 1
                }
                guard digits > 0, digits <= 6, i < count, p[i] == 0x20 else { return nil }
            }
            microseconds = sec &* 1_000_000 &+ usec
            // The text with its space, for the next line.
            let length = i &+ 1 &- timeStart
            if length <= 16 && timeStart &+ 16 <= count {
                last.keep(p + timeStart, length: length, microseconds: microseconds)
            }
        }
        while i < count && p[i] == 0x20 { i &+= 1 }
        // type and code, hex
        var fields: (UInt32, UInt32) = (0, 0)
        for f in 0..<2 {
            var v: UInt32 = 0
            if i &+ 5 <= count, case let d0 = table[Int(p[i])], case let d1 = table[Int(p[i &+ 1])],
               case let d2 = table[Int(p[i &+ 2])], case let d3 = table[Int(p[i &+ 3])],
               (d0 | d1 | d2 | d3) < 16, p[i &+ 4] == 0x20 {
                // Four digits and a space, as evemu writes them.
                v = UInt32(d0) &<< 12 | UInt32(d1) &<< 8 | UInt32(d2) &<< 4 | UInt32(d3)
                i &+= 4
            } else {
                digits = 0
                while i < count, case let d = table[Int(p[i])], d < 16 {
                    v = v &<< 4 | UInt32(d); digits &+= 1; i &+= 1
                }
                guard digits > 0, digits <= 4, i < count, p[i] == 0x20 else { return nil }
            }
            while i < count && p[i] == 0x20 { i &+= 1 }
            if f == 0 { fields.0 = v } else { fields.1 = v }
        }
        guard fields.0 <= UInt32(EventType.max), Int64(fields.1) <= Int64(limits[Int(fields.0)]) else { return nil }
        // value, decimal
        var negative = false
        if i < count && p[i] == 0x2D { negative = true; i &+= 1 }
        var value: Int64 = 0
        digits = 0
        if i &+ 8 <= count, let (v, k) = digitRun(UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)) {
            value = Int64(v)
            digits = k
            i &+= k
        } else {
            while i < count, case let d = p[i] &- 0x30, d < 10 {
                value = value &* 10 &+ Int64(d); digits &+= 1; i &+= 1
            }
        }
        guard digits > 0, digits <= 10 else { return nil }
        if negative { value = 0 &- value }
        guard value >= Int64(Int32.min), value <= Int64(Int32.max) else { return nil }
        // the rest: nothing, or spaces/tab and a comment of printable ASCII
        if i < count && p[i] != 0x0A {
            guard p[i] == 0x09 || p[i] == 0x20 else { return nil }
            while i < count && (p[i] == 0x09 || p[i] == 0x20) { i &+= 1 }
            if i < count && p[i] != 0x0A {
                guard p[i] == 0x23 else { return nil }
                // Sixteen bytes at a time, as two words side by side, while
                // none is a control or non-ASCII byte; then eight at a time.
                // In the word that holds the first such byte, the line is
                // plain when that byte is the newline.
                var ended = false
                while i &+ 16 <= count {
                    let w = UnsafeRawPointer(p + i).loadUnaligned(as: SIMD2<UInt64>.self)
                    let odd = ((w &- 0x2020_2020_2020_2020) | w | (w &+ 0x0101_0101_0101_0101)) & 0x8080_8080_8080_8080
                    if odd[0] | odd[1] == 0 { i &+= 16; continue }
                    let second = odd[0] == 0
                    if let k = plainUpToNewline(second ? w[1] : w[0], second ? odd[1] : odd[0]) {
                        i &+= (second ? 8 : 0) &+ k
                        ended = true
                    }
                    break
                }
                while !ended && i &+ 8 <= count {
                    let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
                    let odd = ((w &- 0x2020_2020_2020_2020) | w | (w &+ 0x0101_0101_0101_0101)) & 0x8080_8080_8080_8080
                    if odd == 0 { i &+= 8; continue }
                    if let k = plainUpToNewline(w, odd) { i &+= k }
                    break
                }
                while i < count && p[i] != 0x0A {
                    let c = p[i]
                    guard c >= 0x20 && c < 0x7F || c == 0x09 else { return nil }
                    i &+= 1
                }
            }
        }
        let event = RawEvent(time: EventTime(microseconds: microseconds), type: UInt16(fields.0),
                             code: UInt16(fields.1), value: Int32(truncatingIfNeeded: value))
        return (event, i &+ 1)
    }

    /// In the eight bytes of `w` (the first byte lowest), of which `odd`
    /// marks with a high bit each that may be a control byte, 0x7f or not
    /// ASCII (a byte below 0x20 or above 0x7e sets it, and a borrow may mark
    /// bytes above such a byte too): the index of the first newline when no
    /// byte before it is marked, nil otherwise.
    @inline(__always)
    private static func plainUpToNewline(_ w: UInt64, _ odd: UInt64) -> Int? {
        // The first newline exactly: the lowest byte whose xor with 0x0a is zero.
        let t = w ^ 0x0A0A_0A0A_0A0A_0A0A
        let newline = (t &- 0x0101_0101_0101_0101) & ~t & 0x8080_8080_8080_8080
        guard newline != 0 else { return nil }
        let k = newline.trailingZeroBitCount &>> 3
        return odd & ((1 &<< UInt64(k &* 8)) &- 1) == 0 ? k : nil
    }

    /// The run of decimal digits at the start of the eight bytes of `w`
    /// (the first byte lowest): its value and length, when a byte that is
    /// not a digit ends it within the eight (nil when all eight are digits:
    /// the caller reads a longer run a byte at a time). Branch-free: the
    /// first byte whose high nibble is not 3, or whose low nibble is over 9,
    /// ends the run; the digits, moved to the top bytes, are summed in
    /// three multiplications (pairs, fours, eight).
    @inline(__always)
    private static func digitRun(_ w: UInt64) -> (UInt64, Int)? {
        let nonDigit = ((w & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030)
            | (((w &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030)
        guard nonDigit != 0 else { return nil }
        let k = nonDigit.trailingZeroBitCount &>> 3
        guard k > 0 else { return (0, 0) }
        var v = (w & 0x0F0F_0F0F_0F0F_0F0F) &<< UInt64(64 &- 8 &* k)
        v = (v &* 2561) &>> 8
        v = ((v & 0x00FF_00FF_00FF_00FF) &* 6_553_601) &>> 16
        v = ((v & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) &>> 32
        return (v, k)
    }
}
