import GripperEditing

/// What happened in a run, in order, each entry with its time: gesture
/// events, state transitions, stimuli, edits, device loss, and at the end
/// the final sections. Its ``text`` and ``jsonLines`` forms are
/// byte-for-byte reproducible: the same input gives the same bytes.
public struct Transcript: Hashable, Sendable {
    /// The entries, in the order they happened.
    public private(set) var entries: [Entry] = []
    /// The model's sections when the run finished; nil while it runs.
    public private(set) var finalSections: [CollectionSection]?

    /// An empty transcript.
    package init() {}

    /// Appends an entry.
    /// - Complexity: amortized O(1).
    package mutating func append(_ entry: Entry) {
        entries.append(entry)
    }

    /// Records the final sections (replacing any recorded before).
    package mutating func finish(with sections: [CollectionSection]) {
        finalSections = sections
    }

    /// One line per entry (`0.512000 state idle -> tracking`), then the final
    /// sections when recorded (`final fruit: apple pear | veg: leek`); every
    /// line ends with a newline. Ids and labels that are not plain are
    /// quoted (see `Documentation/Engine.md`, "Quoting"), so every entry is
    /// one line.
    public var text: String {
        var out = ""
        for entry in entries { out += entry.textLine + "\n" }
        if let line = finalTextLine { out += line + "\n" }
        return out
    }

    /// The last line of ``text`` (`final fruit: apple pear | veg: leek`,
    /// without its newline); nil until the final sections are recorded.
    public var finalTextLine: String? {
        finalSections.map { sections in
            "final " + sections.map { s in
                Escaping.token(s.id.rawValue) + ":" + s.items.map { " " + Escaping.token($0.rawValue) }.joined()
            }.joined(separator: " | ")
        }
    }

    /// JSON Lines: one object per entry (`{"t":0.512000,"event":"state",…}`),
    /// keys in a fixed order, ending with
    /// `{"event":"final","sections":[{"id":…,"items":[…]},…]}` when recorded.
    /// Strings are escaped per RFC 8259 (and line breaks beyond it), so every
    /// line parses on its own.
    public var jsonLines: String {
        var out = ""
        for entry in entries { out += entry.jsonLine + "\n" }
        if let line = finalJSONLine { out += line + "\n" }
        return out
    }

    /// The last line of ``jsonLines`` (without its newline); nil until the
    /// final sections are recorded.
    public var finalJSONLine: String? {
        finalSections.map { "{\"event\":\"final\",\"sections\":" + Transcript.json($0) + "}" }
    }

    /// Sections as a JSON array of `{"id":…,"items":[…]}`.
    static func json(_ sections: [CollectionSection]) -> String {
        "[" + sections.map { s in
            "{\"id\":" + Escaping.json(s.id.rawValue) + ",\"items\":["
                + s.items.map { Escaping.json($0.rawValue) }.joined(separator: ",") + "]}"
        }.joined(separator: ",") + "]"
    }
}
