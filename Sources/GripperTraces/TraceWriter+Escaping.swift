import GripperInput
extension TraceWriter {
    /// `text` on one line: control characters become U+FFFD; for YAML
    /// comments, so does every character YAML does not allow unescaped and
    /// the ones libyaml counts as line breaks (U+0085, U+2028, U+2029). For
    /// evemu lines and comments, which cannot escape anything.
    /// - Complexity: O(n).
    static func oneLine(_ text: String, yaml: Bool = false) -> String {
        func replaced(_ s: Unicode.Scalar) -> Bool {
            if (s.value < 0x20 && s != "\t") || s.value == 0x7F { return true }
            return yaml && (!isYAMLPrintable(s) || isYAMLBreak(s))
        }
        guard text.unicodeScalars.contains(where: replaced) else { return text }
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars { out.append(replaced(s) ? "\u{FFFD}" : s) }
        return String(out)
    }

    /// Whether libyaml reads `s` as a line break although YAML 1.2 does not
    /// (NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR).
    static func isYAMLBreak(_ s: Unicode.Scalar) -> Bool {
        s.value == 0x85 || s.value == 0x2028 || s.value == 0x2029
    }

    /// `text` as a YAML double-quoted scalar: `"` and `\` escaped, and every
    /// character YAML does not allow unescaped (controls, DEL, C1, line
    /// separators, BOM, non-characters) as `\xXX`, `\uXXXX` or `\UXXXXXXXX`.
    /// Any string reads back as itself.
    /// - Complexity: O(n).
    static func yamlQuoted(_ text: String) -> String {
        var out = "\""
        for s in text.unicodeScalars {
            switch s {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where !isYAMLPrintable(s) || isYAMLBreak(s):
                let hex = String(s.value, radix: 16, uppercase: true)
                if s.value <= 0xFF {
                    out += "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                } else if s.value <= 0xFFFF {
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out += "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
                }
            default:
                out.unicodeScalars.append(s)
            }
        }
        return out + "\""
    }

    /// `text` as a plain YAML scalar when that reads back as the same string
    /// (`ID_INPUT=1`, `/dev/input/event4`, `Logitech, Inc.`), else double-quoted.
    /// - Complexity: O(n).
    static func yamlScalar(_ text: String) -> String {
        isSafePlain(text) ? text : yamlQuoted(text)
    }

    /// Whether YAML's printable set holds `s` (YAML 1.2, §5.1), without the
    /// line-break characters.
    static func isYAMLPrintable(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x09, 0x20...0x7E, 0x85: return true
        case 0xA0...0xD7FF, 0xE000...0xFFFD: return s.value != 0xFEFF
        case 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    /// Plain scalars Gripper writes unquoted: printable, not empty, no
    /// leading or trailing blank, no indicator at the start, no `: ` or ` #`,
    /// no trailing `:`, and not a word a YAML resolver would read as null,
    /// a boolean or a number's special value.
    private static func isSafePlain(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) || first == " " || last == " " || last == ":" { return false }
        if text.contains(": ") || text.contains(" #") || text.contains("\t") { return false }
        guard text.unicodeScalars.allSatisfy({ isYAMLPrintable($0) && $0.value < 0x80 }) else { return false }
        let special: Set<String> = ["~", "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE",
                                    "yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF",
                                    "y", "Y", "n", "N", ".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF", "unknown"]
        return !special.contains(text)
    }
}
