import GripperInput

/// Why a trace file could not be read: which file, where in it, and what was
/// wrong, in a message a person can act on.
///
/// Every malformed input gives one of these; a reader never crashes, never
/// returns a half-read trace and never silently skips data the format does
/// not allow it to skip.
public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file name given to the reader.
    public var file: String
    /// The 1-based line, when the problem is on one line.
    public var line: Int?
    /// The 1-based column (byte within the line), when known.
    public var column: Int?
    /// The YAML path of the offending node (libinput record), such as
    /// `devices[0].events[12].evdev[3]`.
    public var path: String?
    /// What was wrong.
    public var reason: Reason

    /// Creates an error.
    public init(file: String, line: Int? = nil, column: Int? = nil, path: String? = nil, reason: Reason) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.reason = reason
    }

    /// What can be wrong with a trace file.
    public enum Reason: Hashable, Sendable {
        /// The file holds no data at all.
        case emptyFile
        /// The file is not text: a NUL or control byte, or invalid UTF-8.
        case binaryData
        /// A line ends before everything its kind needs: `expected` says what was missing.
        case truncatedLine(expected: String)
        /// A line or field does not have the expected form.
        case malformed(expected: String, found: String)
        /// A number is outside the range its field allows.
        case numberOutOfRange(field: String, value: String, range: String)
        /// An event type beyond `EV_MAX` or one evdev does not define.
        case unknownEventType(UInt64)
        /// An event code beyond its type's `*_MAX`.
        case unknownEventCode(type: UInt16, code: UInt64)
        /// Microseconds of 1,000,000 or more in a timestamp.
        case microsecondsOutOfRange(UInt64)
        /// A negative timestamp.
        case negativeTime(String)
        /// A timestamp beyond ``/GripperInput/EventTime/maximumSeconds`` (`9999999999999.0`).
        case timeOutOfRange(String)
        /// An event earlier than the one before it.
        case timeWentBackwards(previous: EventTime, current: EventTime)
        /// An evemu events file without a device description (and none given).
        case missingDeviceDescription
        /// A device line (`N:`, `I:`, …) where only events may follow, or out of order.
        case misplacedDeviceLine(String)
        /// A required YAML key is missing.
        case missingKey(String)
        /// A YAML node has the wrong shape (a scalar where a list belongs …).
        case wrongShape(expected: String)
        /// The YAML itself does not parse.
        case invalidYAML(String)
        /// The file's format version is not one Gripper reads.
        case unsupportedVersion(String)
        /// The requested device is not in the file.
        case noSuchDevice(selector: String, available: Int)
        /// The file name's extension names no trace format Gripper knows.
        case unknownFormat(String)
        /// The file could not be read or written.
        case io(String)
        /// A part of the file is larger than Gripper reads in that form; the
        /// text says which part, its size and the limit.
        case tooLarge(String)
    }

    /// How many characters of an offending token a message quotes.
    public static let excerptLength = 40

    /// At most ``excerptLength`` characters (Unicode scalars) of `text`,
    /// then `…` when there was more: what messages quote of a token, however
    /// long it is. Control characters are shown as escapes (`\n`, `\u{1b}`),
    /// so a message stays on one line.
    /// - Complexity: O(excerptLength).
    public static func excerpt(_ text: some StringProtocol) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == excerptLength { return out + "…" }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return out
    }

    /// What was wrong, without the location.
    public var message: String {
        switch reason {
        case .emptyFile:
            return "the file is empty; expected an evemu or libinput-record trace"
        case .binaryData:
            return "the file contains binary data (NUL, control bytes or invalid UTF-8); is this a text trace?"
        case .truncatedLine(let expected):
            return "the line ends early: expected \(expected)"
        case .malformed(let expected, let found):
            return "expected \(expected), found '\(Self.excerpt(found))'"
        case .numberOutOfRange(let field, let value, let range):
            return "\(field) \(Self.excerpt(value)) is out of range (\(range))"
        case .unknownEventType(let type):
            return "event type 0x\(String(type, radix: 16)) is not an evdev event type (EV_MAX is 0x1f)"
        case .unknownEventCode(let type, let code):
            let max = EventCodes.maxCode(type: type).map { "0x" + String($0, radix: 16) } ?? "undefined"
            return "event code 0x\(String(code, radix: 16)) is beyond the largest \(EventCodes.typeName(type)) code (\(max))"
        case .microsecondsOutOfRange(let usec):
            return "microseconds \(usec) must be below 1000000"
        case .negativeTime(let text):
            return "timestamp \(Self.excerpt(text)) is negative"
        case .timeOutOfRange(let text):
            return "time \(Self.excerpt(text)) is out of range (0 to \(EventTime.maximumSeconds) seconds)"
        case .timeWentBackwards(let previous, let current):
            return "timestamp \(current) is earlier than the previous event's \(previous)"
        case .missingDeviceDescription:
            return "no device description (N:/I:/B:/A: lines); give the matching .desc file (--device DESC)"
        case .misplacedDeviceLine(let kind):
            return "device line '\(Self.excerpt(kind))' after the events or out of order; device lines come first, in the order N I P B A L S"
        case .missingKey(let key):
            return "missing key '\(Self.excerpt(key))'"
        case .wrongShape(let expected):
            return "wrong shape: expected \(expected)"
        case .invalidYAML(let detail):
            return "not valid YAML: \(detail)"
        case .unsupportedVersion(let version):
            return "format version \(Self.excerpt(version)) is not supported"
        case .noSuchDevice(let selector, let available):
            return "no device \(Self.excerpt(selector)) in the file (it has \(available))"
        case .unknownFormat(let ext):
            return "unknown trace format '\(Self.excerpt(ext))': use .evemu, .events, .desc or .txt (evemu) or .yml/.yaml (libinput record)"
        case .io(let detail):
            return detail
        case .tooLarge(let detail):
            return detail
        }
    }

    /// `file:line:column: message`, or `file: path: message` for YAML paths.
    public var description: String {
        var location = file
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        if let path { location += ": \(path)" }
        return "\(location): \(message)"
    }
}
