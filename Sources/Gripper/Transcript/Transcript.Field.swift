import GripperLayout

extension Transcript {
    /// One field of a transcript entry, as both forms write it: its JSON
    /// member (key and value) and its piece of the text line. Each entry is
    /// described once, as its fields in order (``Event/fields``); the text
    /// writer (``Entry/textLine``) and the JSON writer (``Entry/jsonLine``)
    /// render the same list, so a new event or field is written in one place.
    ///
    /// The text line is not the JSON's members in words: a field may be the
    /// JSON's alone (`indexPath` beside an item the text already names), the
    /// text's alone (`child inbox` before the loading event it wraps, where
    /// the JSON writes `"child"` after it), and each piece says what joins it
    /// to the piece before (` -> `, ` at `, `,`; a space by default). A field
    /// whose text is empty still writes its separator (`reload ` with no
    /// sections), as the hand-written lines did.
    package struct Field: Sendable {
        /// The JSON member's key, or nil for a field the JSON leaves out.
        package var key: String?
        /// The JSON member's value, written (a number, `true`, `null`, a
        /// quoted string, an array, an object); unused without a key.
        package var json: String
        /// The field's piece of the text line, or nil for a field the text leaves out.
        package var text: String?
        /// What joins ``text`` to the piece before it; nothing when it is the line's first.
        package var separator: String

        /// A field both forms write: `key` and its JSON value, and the text piece.
        package init(_ key: String, json: String, text: String?, after separator: String = " ") {
            self.key = key
            self.json = json
            self.text = text
            self.separator = separator
        }

        private init(key: String?, json: String, text: String?, separator: String) {
            self.key = key
            self.json = json
            self.text = text
            self.separator = separator
        }

        /// A piece of the text line that the JSON leaves out.
        package static func text(_ text: String, after separator: String = " ") -> Field {
            Field(key: nil, json: "", text: text, separator: separator)
        }

        /// A JSON member that the text line leaves out.
        package static func json(_ key: String, _ json: String) -> Field {
            Field(key: key, json: json, text: nil, separator: "")
        }

        /// A word of the transcript's vocabulary (a state, a kind, a name):
        /// as it is in the text, a JSON string in the JSON.
        package static func word(_ key: String, _ word: String, after separator: String = " ") -> Field {
            Field(key, json: Escaping.json(word), text: word, after: separator)
        }

        /// An id or a label: bare or quoted in the text (``Escaping/token(_:)``),
        /// a JSON string in the JSON.
        package static func token(_ key: String, _ s: String, after separator: String = " ") -> Field {
            Field(key, json: Escaping.json(s), text: Escaping.token(s), after: separator)
        }

        /// A whole number, the same in both forms.
        package static func int(_ key: String, _ n: Int, after separator: String = " ") -> Field {
            let s = String(n)
            return Field(key, json: s, text: s, after: separator)
        }

        /// A coordinate (layout points, two places), the same in both forms.
        package static func coordinate(_ key: String, _ x: Double, after separator: String = " ") -> Field {
            let s = FixedDecimal.string(x, places: 2)
            return Field(key, json: s, text: s, after: separator)
        }

        /// An item path, `[section,item]` in both forms.
        package static func path(_ key: String, _ p: ItemPath, after separator: String = " ") -> Field {
            let s = Transcript.path(p)
            return Field(key, json: s, text: s, after: separator)
        }
    }

    /// `[section,item]`, as both forms write an item path.
    package static func path(_ p: ItemPath) -> String { "[\(p.section),\(p.item)]" }

    /// Strings as a JSON array of JSON strings.
    package static func jsonArray(_ strings: some Sequence<String>) -> String {
        "[" + strings.map(Escaping.json).joined(separator: ",") + "]"
    }

    /// The fields' pieces of the text line, each after its separator (the first after nothing).
    /// - Complexity: O(the text's length).
    package static func text(of fields: [Field]) -> String {
        var out = ""
        var first = true
        for field in fields {
            guard let text = field.text else { continue }
            if !first { out += field.separator }
            out += text
            first = false
        }
        return out
    }

    /// The fields' JSON members, each with its leading comma
    /// (`,"from":"idle","to":"tracking"`).
    /// - Complexity: O(the members' length).
    package static func jsonMembers(of fields: [Field]) -> String {
        var out = ""
        for field in fields {
            guard let key = field.key else { continue }
            out += ",\"" + key + "\":" + field.json
        }
        return out
    }

    /// The fields as a JSON object (`{"op":"deleteItem","at":[0,1]}`).
    /// - Complexity: O(the members' length).
    package static func jsonObject(of fields: [Field]) -> String {
        "{" + jsonMembers(of: fields).dropFirst() + "}"
    }
}
