import Testing
import GripperInput
import GripperFiles
import GripperScripting
import GripperTraces
import GripperTesting

/// The YAML of a libinput-record file as the system's libyaml reads it
/// (GripperFiles' YAMLDocument): anchors and aliases, the alias-bomb bound,
/// the nesting limit, syntax errors, tabs, and documents other than one —
/// each refused with its file, line and column as Yams refused it before.
@Suite struct LibinputRecordYAMLTests {
    static let plain = TestDevices.oneDeviceLibinputRecord

    /// The same events in flow style: not libinput record's own layout, so
    /// the whole list is read as YAML.
    static let flow = plain.replacingOccurrences(of: """
      events:
      - evdev:
        - [  0,      1,   3,   0,      10] # EV_ABS / ABS_X
        - [  0,      1,   0,   0,       0] # SYN

    """, with: "  events: [{evdev: [[0, 1, 3, 0, 10], [0, 1, 0, 0, 0]]}]\n")

    func error(_ text: String, file: String = "bad.yml") -> TraceError? {
        do {
            _ = try LibinputRecordFormat.read(text, fileName: file)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Anchors and aliases

    @Test func anchorsAndAliasesInTheHeaderReadAsThePlainForm() throws {
        let expected = try LibinputRecordFormat.read(Self.plain, fileName: "plain.yml")
        let aliased = Self.plain
            .replacingOccurrences(of: "      0: [0, 100, 0, 0, 0]", with: "      0: &axis [0, 100, 0, 0, 0]")
            .replacingOccurrences(of: "      1: [0, 100, 0, 0, 0]", with: "      1: *axis")
            .replacingOccurrences(of: "      0: [0]", with: "      0: &zero [0]")
            .replacingOccurrences(of: "properties: [1]", with: "properties: [&one 1]\n    x: *zero\n    y: *one")
        let trace = try LibinputRecordFormat.read(aliased, fileName: "aliased.yml")
        #expect(trace.device == expected.device)
        #expect(trace.events == expected.events)
        #expect(trace.metadata == expected.metadata)
    }

    @Test func anchorsAndAliasesInAnEventsListReadAsThePlainForm() throws {
        let expected = try LibinputRecordFormat.read(Self.flow, fileName: "flow.yml")
        let aliased = Self.flow.replacingOccurrences(of: "[{evdev: [[0, 1, 3, 0, 10], [0, 1, 0, 0, 0]]}]",
                                                     with: "[{evdev: [&x [0, 1, 3, 0, 10], &syn [0, 1, 0, 0, 0]]}, {evdev: [*x, *syn]}]")
        let twice = Self.flow.replacingOccurrences(of: "[{evdev: [[0, 1, 3, 0, 10], [0, 1, 0, 0, 0]]}]",
                                                   with: "[{evdev: [[0, 1, 3, 0, 10], [0, 1, 0, 0, 0]]}, {evdev: [[0, 1, 3, 0, 10], [0, 1, 0, 0, 0]]}]")
        let trace = try LibinputRecordFormat.read(aliased, fileName: "aliased.yml")
        #expect(trace.events == (try LibinputRecordFormat.read(twice, fileName: "twice.yml")).events)
        #expect(trace.events.count == 2 * expected.events.count)
        // A block-style frame list with an anchored frame.
        let block = Self.plain.replacingOccurrences(of: """
          - evdev:
            - [  0,      1,   3,   0,      10] # EV_ABS / ABS_X
            - [  0,      1,   0,   0,       0] # SYN

        """, with: """
          - evdev: &frame
            - [  0,      1,   3,   0,      10]
            - [  0,      1,   0,   0,       0]
          - evdev: *frame

        """)
        #expect((try LibinputRecordFormat.read(block, fileName: "block.yml")).events == trace.events)
    }

    /// An alias is the node its anchor named: errors in it are located
    /// where the anchored node stands.
    @Test func anAliasedNodeIsLocatedAtItsAnchor() {
        let text = Self.plain
            .replacingOccurrences(of: "id: [3, 1, 2, 3]", with: "id: &bad [3, 1, 2]")
            .replacingOccurrences(of: "properties: [1]", with: "properties: [1]\n    z: *bad")
        let e = error(text)
        #expect(e?.description == "bad.yml:7:9: devices[0].evdev.id: wrong shape: expected [bustype, vendor, product, version]",
                "\(String(describing: e))")
    }

    @Test func anUndefinedAliasIsLocated() {
        #expect(error(Self.plain.replacingOccurrences(of: "properties: [1]", with: "properties: *nothing"))?.description
                == "bad.yml:14:17: not valid YAML: found undefined alias")
        // An anchor is defined once its node is complete: a node cannot hold itself.
        #expect(error(Self.plain.replacingOccurrences(of: "properties: [1]", with: "properties: &self [*self]"))?.description
                == "bad.yml:14:24: not valid YAML: found undefined alias")
    }

    // MARK: The alias bomb

    /// Ten levels of ten aliases each: 10^10 nodes if expanded. Refused at
    /// the alias that passes the bound (4 nodes a byte of the text, plus
    /// 4,096), in the header and in an events list, without expanding it.
    @Test(.timeLimit(.minutes(1)))
    func anAliasBombIsRefusedWhereItPassesTheBound() throws {
        var bomb = "a0: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n"
        for level in 1...9 {
            bomb += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        let header = Self.plain.replacingOccurrences(of: "ndevices: 1\n", with: "ndevices: 1\n" + bomb)
        let start = ContinuousClock.now
        let e = error(header)
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(e?.line == 6, "\(String(describing: e))")
        #expect(e?.column == 35, "\(String(describing: e))")
        if case .invalidYAML(let why) = e?.reason {
            #expect(why.hasPrefix("aliases expand this YAML past "), "\(why)")
        } else {
            Issue.record("\(String(describing: e))")
        }
        // The same bomb in a flow-style events list, read as YAML on its own.
        let inEvents = Self.flow.replacingOccurrences(
            of: "  events: [{evdev: [[0, 1, 3, 0, 10], [0, 1, 0, 0, 0]]}]\n",
            with: "  events:\n" + bomb.split(separator: "\n").map { "  - " + $0 }.joined(separator: "\n") + "\n")
        let events = error(inEvents)
        #expect(events?.line == 19, "\(String(describing: events))")
        if case .invalidYAML(let why) = events?.reason {
            #expect(why.hasPrefix("aliases expand this YAML past "), "\(why)")
        } else {
            Issue.record("\(String(describing: events))")
        }
    }

    /// Aliases that expand a little are read: the bound is on the
    /// expansion, not on aliases.
    @Test func aFewAliasesAreRead() throws {
        var list = "[&r [0, 1, 3, 0, 10], [0, 1, 0, 0, 0]"
        for _ in 0..<200 { list += ", *r, [0, 1, 0, 0, 0]" }
        let text = Self.flow.replacingOccurrences(of: "[{evdev: [[0, 1, 3, 0, 10], [0, 1, 0, 0, 0]]}]", with: "[{evdev: \(list)]}]")
        #expect((try LibinputRecordFormat.read(text, fileName: "few.yml")).events.count == 402)
    }

    @Test func nestingPastTheLimitIsRefusedWhereItStarts() {
        let deep = Self.plain.replacingOccurrences(of: "properties: [1]",
                                                   with: "properties: " + String(repeating: "[", count: 1200) + String(repeating: "]", count: 1200))
        // The root, devices, the device and evdev are the first four collections.
        #expect(error(deep)?.description == "bad.yml:14:\(17 + 996): not valid YAML: collections nested more than 1000 deep")
    }

    // MARK: Syntax

    @Test func aSyntaxErrorIsLocated() {
        #expect(error(Self.plain.replacingOccurrences(of: "id: [3, 1, 2, 3]", with: "id: [3, 1, 2, 3"))?.description
                == "bad.yml:8:10: not valid YAML: did not find expected ',' or ']'")
        #expect(error(Self.plain.replacingOccurrences(of: "name: \"Dev\"", with: "name: \"Dev"))?.description
                == "bad.yml:19:1: not valid YAML: found unexpected end of stream")
        #expect(error(Self.plain.replacingOccurrences(of: "version: 1", with: "version: 1: 2"))?.description
                == "bad.yml:1:11: not valid YAML: mapping values are not allowed in this context")
    }

    /// A message never quotes the header whole, whatever the error.
    @Test func aSyntaxErrorQuotesNothingOfTheHeader() {
        let text = Self.plain.replacingOccurrences(of: "name: \"Dev\"", with: "name: \"secret header text\"")
            .replacingOccurrences(of: "id: [3, 1, 2, 3]", with: "id: [3, 1, 2, 3")
        #expect(error(text)?.description.contains("secret") == false)
    }

    @Test func aTabIndentedHeaderIsRefused() {
        #expect(error(Self.plain.replacingOccurrences(of: "    name: \"Dev\"", with: "\tname: \"Dev\""))?.description
                == "bad.yml:6:1: not valid YAML: found character that cannot start any token")
        #expect(error(Self.plain.replacingOccurrences(of: "  evdev:\n", with: "\tevdev:\n"))?.description
                == "bad.yml:5:1: not valid YAML: found a tab character that violates indentation")
    }

    // MARK: Documents

    @Test func aFileOfCommentsIsEmpty() {
        #expect(error("# nothing here\n")?.reason == .emptyFile)
    }

    @Test func anEmptyDocumentIsNotAMapping() {
        #expect(error("---\n")?.description == "bad.yml:2:1: (document): wrong shape: expected a mapping")
        #expect(error("--- ~\n")?.description == "bad.yml:1:5: (document): wrong shape: expected a mapping")
    }

    /// One document, as before: a second is refused where it starts, even
    /// an empty one, and whatever it holds.
    @Test func aSecondDocumentIsRefusedWhereItStarts() {
        #expect(error(Self.plain + "---\nversion: 1\n")?.description == "bad.yml:19:1: not valid YAML: but found another document")
        #expect(error(Self.plain + "---\nversion: [1\n")?.description == "bad.yml:19:1: not valid YAML: but found another document")
        #expect(error("---\n---\n")?.description == "bad.yml:2:1: not valid YAML: but found another document")
        #expect(error("---\n" + Self.plain + "...\n") == nil)
    }

    // MARK: Keys and values

    /// Keys are told apart by text and tag, as Yams did: a quoted or `!!str`
    /// key is the same key as a plain one, an `!!int` key is another.
    @Test func keysAreTheSameKeyByTextAndTag() {
        for repeated in ["\"ndevices\": 1\n", "!!str ndevices: 1\n", "! ndevices: 1\n", "'ndevices': 1\n"] {
            #expect(error(Self.plain.replacingOccurrences(of: "ndevices: 1\n", with: "ndevices: 1\n" + repeated))?.description
                    == "bad.yml:2:1: not valid YAML: a key appears twice in one mapping: 'ndevices'", "\(repeated)")
        }
        #expect(error(Self.plain.replacingOccurrences(of: "ndevices: 1\n", with: "ndevices: 1\n!!int ndevices: 2\n")) == nil)
        #expect(error(Self.plain.replacingOccurrences(of: "ndevices: 1\n", with: "ndevices: 1\n? [a, b]\n: 1\n? [a, b]\n: 2\n"))?.description
                == "bad.yml:3:3: not valid YAML: a key appears twice in one mapping: '<uncovertable>'")
    }

    /// Null is a plain `~`, `null` or nothing; a quoted one is text.
    @Test func nullIsPlain() throws {
        let nulls = Self.plain.replacingOccurrences(of: "ndevices: 1\n", with: "ndevices: 1\nsystem:\n  os: ~\n  kernel:\n  dmi: null\n")
        let trace = try LibinputRecordFormat.read(nulls, fileName: "nulls.yml")
        #expect(trace.metadata.os == nil && trace.metadata.kernel == nil && trace.metadata.dmi == nil)
        let quoted = Self.plain.replacingOccurrences(of: "ndevices: 1\n", with: "ndevices: 1\nsystem:\n  os: \"~\"\n  kernel: 'null'\n  dmi: \"\"\n")
        let text = try LibinputRecordFormat.read(quoted, fileName: "quoted.yml")
        #expect(text.metadata.os == "~" && text.metadata.kernel == "null" && text.metadata.dmi == "")
        #expect(error(Self.plain.replacingOccurrences(of: "ndevices: 1\n", with: "ndevices: 1\nsystem: \"~\"\n"))?.description
                == "bad.yml:3:9: system: wrong shape: expected a mapping")
    }
}

extension LibinputRecordYAMLTests {
    /// A scalar that starts with U+FEFF loses that one character, as it did
    /// when Yams read it (Foundation dropped it as a byte-order mark): a
    /// second one, or one elsewhere, stays.
    @Test func oneLeadingByteOrderMarkOfAScalarIsDropped() throws {
        func name(_ yaml: String) throws -> String {
            try LibinputRecordFormat.read(Self.plain.replacingOccurrences(of: "name: \"Dev\"", with: "name: \(yaml)"),
                                          fileName: "bom.yml").device.name
        }
        #expect(try name("\"\\ufeffDev\"") == "Dev")
        #expect(try name("\"\u{FEFF}Dev\"") == "Dev")
        #expect(try name("\"\\ufeff\\ufeffDev\"") == "\u{FEFF}Dev")
        #expect(try name("\"D\\ufeffev\"") == "D\u{FEFF}ev")
    }
}
