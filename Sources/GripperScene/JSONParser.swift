import Gripper

/// A recursive-descent JSON parser over UTF-8 bytes (RFC 8259), with a
/// depth limit. A key repeated in one object is an error: which of the two
/// values counts is not defined by the RFC, so a scene must not depend on it.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// Where the value being read sits, for error messages.
    private var path: [PathStep] = []
    private static let maximumDepth = 512
    /// Objects with more members than this check repeated keys with a set
    /// rather than by looking through the members read so far.
    private static let linearKeyCheckLimit = 16

    private enum PathStep {
        case key(String)
        case index(Int)
    }

    /// Parses `bytes` as one JSON document.
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: index - lineStart + 1, path: pathText, message: message)
    }

    /// The path as the scene's errors write it: `sections[2].items`, `$` at the root.
    private var pathText: String {
        var out = ""
        for step in path {
            switch step {
            case .key(let k): out += (out.isEmpty ? "" : ".") + SceneError.pathKey(k)
            case .index(let i): out += "[\(i)]"
            }
        }
        return out.isEmpty ? "$" : out
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let b = current {
            switch b {
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            default:
                return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("nested too deeply") }
        let startLine = line
        guard let b = current else { throw error("the document ends where a value should be") }
        switch b {
        case UInt8(ascii: "{"):
            index += 1
            var members: [(key: String, value: JSONValue)] = []
            var keys: [String: Int] = [:] // key → line, filled once the object has linearKeyCheckLimit members
            skipWhitespace()
            if current == UInt8(ascii: "}") { index += 1; return JSONValue(content: .object(members), line: startLine) }
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
                let keyLine = line, keyColumn = index - lineStart + 1
                let key = try parseString()
                let earlier: Int?
                if members.count < Self.linearKeyCheckLimit {
                    earlier = members.first { $0.key == key }?.value.keyLine
                } else {
                    if keys.isEmpty { for m in members { keys[m.key] = m.value.keyLine } }
                    earlier = keys[key]
                }
                if let earlier {
                    path.append(.key(key))
                    var e = error("the key \(SceneError.quote(key)) appears twice in one object (first on line \(earlier))")
                    e.line = keyLine
                    e.column = keyColumn
                    e.isDuplicateKey = true
                    throw e
                }
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw error("expected ':' after the key \(SceneError.quote(key))") }
                index += 1
                skipWhitespace()
                path.append(.key(key))
                var value = try parseValue(depth: depth + 1)
                path.removeLast()
                value.keyLine = keyLine
                if !keys.isEmpty { keys[key] = keyLine }
                members.append((key, value))
                skipWhitespace()
                if current == UInt8(ascii: ",") { index += 1; continue }
                if current == UInt8(ascii: "}") { index += 1; break }
                throw error("expected ',' or '}' in an object")
            }
            return JSONValue(content: .object(members), line: startLine)
        case UInt8(ascii: "["):
            index += 1
            var elements: [JSONValue] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") { index += 1; return JSONValue(content: .array(elements), line: startLine) }
            while true {
                skipWhitespace()
                path.append(.index(elements.count))
                elements.append(try parseValue(depth: depth + 1))
                path.removeLast()
                skipWhitespace()
                if current == UInt8(ascii: ",") { index += 1; continue }
                if current == UInt8(ascii: "]") { index += 1; break }
                throw error("expected ',' or ']' in an array")
            }
            return JSONValue(content: .array(elements), line: startLine)
        case UInt8(ascii: "\""):
            return JSONValue(content: .string(try parseString()), line: startLine)
        case UInt8(ascii: "t"):
            try expectWord("true")
            return JSONValue(content: .bool(true), line: startLine)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return JSONValue(content: .bool(false), line: startLine)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return JSONValue(content: .null, line: startLine)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(content: .number(try parseNumber()), line: startLine)
        default:
            throw error(b < 0x80 ? "unexpected character \(Escaping.json(String(Unicode.Scalar(b))))"
                : "unexpected byte 0x\(String(b, radix: 16, uppercase: true)) where a value should start")
        }
    }

    private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        for expected in word.utf8 {
            guard current == expected else { throw error("expected '\(word)'") }
            index += 1
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        func digits(_ p: inout JSONParser) -> Int {
            var n = 0
            while let b = p.current, b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") { p.index += 1; n += 1 }
            return n
        }
        guard digits(&self) > 0 else { throw error("expected digits in a number") }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("expected digits after the decimal point") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error("expected digits in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("the number \(SceneError.quote(text)) is out of range") }
        return value
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1 // the opening quote
        var scalars: [UInt8] = []
        while true {
            guard let b = current else { throw error("the document ends inside a string") }
            index += 1
            switch b {
            case UInt8(ascii: "\""):
                guard let s = String(validating: scalars, as: UTF8.self) else { throw error("a string is not valid UTF-8") }
                return s
            case UInt8(ascii: "\\"):
                guard let e = current else { throw error("the document ends inside a string") }
                index += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): scalars.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): scalars.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): scalars.append(8)
                case UInt8(ascii: "f"): scalars.append(12)
                case UInt8(ascii: "n"): scalars.append(10)
                case UInt8(ascii: "r"): scalars.append(13)
                case UInt8(ascii: "t"): scalars.append(9)
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800..<0xDC00).contains(code) {
                        guard current == UInt8(ascii: "\\") else { throw error("a lone surrogate in a \\u escape") }
                        index += 1
                        guard current == UInt8(ascii: "u") else { throw error("a lone surrogate in a \\u escape") }
                        index += 1
                        let low = try parseHex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate in a \\u escape") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("an invalid \\u escape") }
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    throw error("an unknown escape '\\\(Unicode.Scalar(e))'")
                }
            case 0..<0x20:
                throw error("a control character inside a string (escape it)")
            default:
                scalars.append(b)
            }
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let b = current else { throw error("the document ends inside a \\u escape") }
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("expected four hex digits in a \\u escape")
            }
            code = code * 16 + digit
            index += 1
        }
        return code
    }
}
