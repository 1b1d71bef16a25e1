/// How user text (ids, labels, titles, reasons) is written into the
/// transcript's two forms and into the pictures, so that no value can break
/// a line, a JSON string or an XML document, whatever it holds. See
/// `Documentation/Engine.md`, "Quoting".
///
/// The transcript's, the pictures' and the CLI's one place for escaping;
/// `package`, not API.
package enum Escaping {
    // MARK: - JSON (RFC 8259)

    /// `s` as a JSON string literal, quotes included: `"` and `\` escaped,
    /// and every character that could end or hide a line escaped as
    /// `\uXXXX` (or `\n`, `\r`, `\t`) — the C0 controls (which RFC 8259
    /// requires), and, so that tools splitting on any Unicode line break
    /// still see one line, DEL, the C1 controls, U+2028, U+2029, the
    /// bidirectional overrides and isolates that could show a line in
    /// another order, the byte-order mark and the noncharacters U+FFFE and U+FFFF.
    package static func json(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            if scalar == "\"" { out += "\\\"" } else { appendEscaped(scalar, to: &out) }
        }
        return out + "\""
    }

    /// JSON text made by another writer (Foundation's `JSONSerialization`,
    /// which escapes only what RFC 8259 requires) with every other character
    /// ``json(_:)`` writes as `\uXXXX` — DEL, the C1 controls (CSI, U+009B,
    /// starts a terminal escape), U+2028, U+2029, the bidirectional
    /// overrides and isolates, the byte-order mark, U+FFFE, U+FFFF —
    /// escaped the same way. Those characters can stand only inside a
    /// string of a JSON text, where the escape means the same character, so
    /// the value read back is unchanged. The C0 controls are left as they
    /// are: the writer escapes them inside strings already, and tab, line
    /// feed and carriage return may be whitespace between tokens.
    package static func escapingLineBreaks(inJSON text: String) -> String {
        func escaped(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value >= 0x7F && needsUnicodeEscape(scalar)
        }
        guard text.unicodeScalars.contains(where: escaped) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if escaped(scalar) { out += unicodeEscape(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// Whether `scalar` is written as `\uXXXX` in every form.
    private static func needsUnicodeEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF, 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    private static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    // MARK: - The text transcript

    /// An id or a label in a text transcript line: bare when it is plain —
    /// not empty, not `none` or `-` (the words the transcript uses for
    /// nothing), and free of whitespace, controls, line breaks, quotes,
    /// backslashes, `|` and `:` (the final line's separators); otherwise
    /// quoted as a JSON string literal, so the entry stays one line and one
    /// token, and reads back exactly.
    package static func token(_ s: String) -> String {
        isPlain(s) ? s : json(s)
    }

    /// Whether ``token(_:)`` writes `s` bare.
    package static func isPlain(_ s: String) -> Bool {
        guard !s.isEmpty, s != "none", s != "-" else { return false }
        for scalar in s.unicodeScalars {
            if needsUnicodeEscape(scalar) || scalar.properties.isWhitespace { return false }
            switch scalar {
            case "\"", "\\", "|", ":": return false
            default: continue
            }
        }
        return true
    }

    /// Free text (a rejection's reason) in a text transcript line: as it
    /// is, with only `\` and what ``json(_:)`` writes as `\uXXXX` (or `\n`,
    /// `\r`, `\t`) escaped, so it stays on its line.
    package static func freeText(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { $0 == "\\" || needsUnicodeEscape($0) }) else { return s }
        var out = ""
        for scalar in s.unicodeScalars { appendEscaped(scalar, to: &out) }
        return out
    }

    /// Appends `scalar` to `out` as both the JSON and the free-text forms
    /// write it: `\\`, `\n`, `\r`, `\t`, `\uXXXX` for what
    /// ``needsUnicodeEscape(_:)`` names, anything else as it is.
    private static func appendEscaped(_ scalar: Unicode.Scalar, to out: inout String) {
        switch scalar {
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where needsUnicodeEscape(scalar): out += unicodeEscape(scalar)
        default: out.unicodeScalars.append(scalar)
        }
    }

    // MARK: - XML and the terminal

    /// `s` for XML 1.0 text and attribute values (SVG, the HTML page):
    /// `& < > " '` as entities, and every control replaced as
    /// ``visible(_:)`` replaces it — XML 1.0 allows no C0 control but tab,
    /// line feed and carriage return, and an attribute folds those three
    /// into spaces. The document then parses whatever a label holds, and
    /// shows where a label held a control.
    package static func xml(_ s: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(s.unicodeScalars.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(visible(scalar))
            }
        }
        return out
    }

    /// `s` with every control replaced by something visible that takes one
    /// column: a C0 control (tab, line feed and carriage return included)
    /// by its Control Pictures symbol (U+0001 → ␁, a line feed → ␊, escape
    /// → ␛), DEL by ␡, and a C1 control, U+2028, U+2029, U+FFFE and U+FFFF
    /// by U+FFFD. For text drawn in a picture or on a terminal, where a
    /// control would break the document or the screen.
    package static func visible(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { visible($0) != $0 }) else { return s }
        var out = ""
        for scalar in s.unicodeScalars { out.unicodeScalars.append(visible(scalar)) }
        return out
    }

    private static func visible(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0..<0x20: Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
        case 0x7F: "\u{2421}"
        case 0x80...0x9F, 0x2028, 0x2029, 0xFFFE, 0xFFFF: "\u{FFFD}"
        default: scalar
        }
    }
}
