import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import Gripper
@testable import GripperEditing
@testable import GripperPictures
@testable import GripperReplay
@testable import GripperScene
import GripperTesting
import Testing
@_spi(Benchmarks) import Gripper

/// Text a hostile scene puts in every id, label and title: markup, every
/// kind of line break, controls XML 1.0 forbids, noncharacters, a bidi
/// override, quotes and the transcript's own separators.
private let hostile = "a <b>&amp; \"q\" 'r' ]]> x|y: z\\ \u{0}\u{1}\u{8}\u{B}\u{C}\u{1B}\u{7F}\u{85}\u{9F}\n\r\t"
    + "\u{2028}\u{2029}\u{202E}\u{FEFF}\u{FFFE}\u{FFFF} é😀 none"

/// `scene` with every id, label and title made hostile (still unique).
private func hostile(_ scene: Scene) -> Scene {
    func actions(_ a: SwipeActions) -> SwipeActions {
        let list = a.actions.map { EditingAction(id: ActionID(hostile + $0.id.rawValue), title: hostile + $0.title, style: $0.style) }
        return SwipeActions(list, fullSwipeAction: a.fullSwipeAction.map { ActionID(hostile + $0.rawValue) })
    }
    func sections(_ sections: [Scene.Section]) -> [Scene.Section] {
        sections.map { s in
            Scene.Section(id: SectionID(hostile + s.id.rawValue), title: hostile + (s.title ?? ""), columns: s.columns,
                          items: s.items.map { item in
                              var i = item
                              i.id = ItemID(hostile + item.id.rawValue)
                              i.label = hostile + item.label
                              i.trailingActions = actions(item.trailingActions)
                              i.leadingActions = actions(item.leadingActions)
                              return i
                          })
        }
    }
    var out = scene
    out.sections = sections(scene.sections)
    out.globalHeaderTitle = hostile
    out.stimuli = scene.stimuli.map { s in
        guard case .reload = s.action, let list = s.sections else { return s }
        return .bringing(sections(list), at: s.offset) { .reload($0) }
    }
    return out
}

/// The scenarios whose pictures show labels, titles, actions, the proxy and the ghost.
private let scenarios = ["batch-select-delete", "drag-into-another-section", "full-swipe", "long-press-drag-down-up",
                         "pinned-header-pushed-up", "swipe-then-delete", "grid-drag"]

@Suite struct HostileOutputTests {
    @Test func theXMLParserRefusesWhatTheRendererMustNotWrite() {
        // The check below can fail: the parser refuses raw and referenced controls.
        #expect(!wellFormed("<svg><text>a\u{1}b</text></svg>"))
        #expect(!wellFormed("<svg><text>a&#1;b</text></svg>"))
        #expect(!wellFormed("<svg><text>a\u{FFFE}b</text></svg>"))
        #expect(!wellFormed("<svg><text>a<b</text></svg>"))
        #expect(!wellFormed("<svg><text>a</svg>"))
        #expect(!wellFormed("<svg><text>a & b</text></svg>"))
        #expect(wellFormed("<svg><text>" + Escaping.xml(hostile) + "</text></svg>"))
    }

    @Test(arguments: scenarios)
    func picturesAndThePageParseAsXML(_ name: String) throws {
        let folder = try ScenarioFolder(name)
        let replay = try Replay(trace: folder.trace, scene: hostile(folder.scene), pictures: true)
        #expect(replay.pictures.count > 2)
        for picture in replay.pictures {
            let tree = try #require(SVGNode.parse(picture.svg), "\(name): a picture is not well-formed XML")
            // Labels are drawn with every control made visible, nothing else changed.
            let texts = tree.all.filter { $0.name == "text" }.map(\.text)
            #expect(texts.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } })
        }
        let labelled = replay.pictures.compactMap { SVGNode.parse($0.svg) }.flatMap(\.all).filter { $0.name == "text" }.map(\.text)
        #expect(labelled.contains { $0.hasPrefix(Escaping.visible(hostile)) }, "\(name): no hostile label drawn as it is")
        let page = TimelinePage.html(title: hostile, frames: replay.pictures, transcript: replay.engine.transcript)
        #expect(wellFormed(page), "\(name): the page is not well-formed XML")
    }

    @Test func labelsAndActionTitlesAreDrawnWithOnlyTheControlsReplaced() throws {
        #expect(Escaping.visible("a\u{0}\n\r\t\u{1B}\u{7F}\u{85}\u{2028}\u{FFFE}é") == "a␀␊␍␉␛␡\u{FFFD}\u{FFFD}\u{FFFD}é")
        #expect(Escaping.xml("<&>\"'\u{1}") == "&lt;&amp;&gt;&quot;&#39;␁")
        let folder = try ScenarioFolder("swipe-then-delete")
        let scene = hostile(folder.scene)
        let replay = try Replay(trace: folder.trace, scene: scene, pictures: true)
        let texts = Set(replay.pictures.compactMap { SVGNode.parse($0.svg) }.flatMap(\.all)
            .filter { $0.name == "text" }.map(\.text))
        let items = scene.itemsByID.values
        let labels = Set(items.map { Escaping.visible($0.label) })
        let titles = Set(items.flatMap { ($0.trailingActions.actions + $0.leadingActions.actions).map { Escaping.visible($0.title) } })
        #expect(!texts.isDisjoint(with: labels), "no label drawn exactly")
        #expect(!texts.isDisjoint(with: titles), "no action title drawn exactly")
    }

    @Test func everyTextEntryIsOneLineAndEveryTokenReadsBack() throws {
        for name in scenarios {
            let folder = try ScenarioFolder(name)
            let transcript = try Replay(trace: folder.trace, scene: hostile(folder.scene)).engine.transcript
            let lines = transcript.text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == transcript.entries.count + 2, "\(name)") // + final line + the empty tail
            #expect(lines.last == "")
            for line in lines {
                // Nothing that any tool could take for a line break or a hidden control.
                #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
                    || [0x2028, 0x2029, 0x202E].contains($0.value) }, "\(name): \(line)")
            }
        }
        // A quoted token is a JSON string that reads back exactly.
        let token = Escaping.token(hostile)
        #expect(token.hasPrefix("\"") && token.hasSuffix("\""))
        let back = try JSONSerialization.jsonObject(with: Data(token.utf8), options: .fragmentsAllowed) as? String
        #expect(back == hostile)
    }

    @Test func plainTokensStayBareAndTheRestAreQuoted() {
        for plain in ["i4", "apple", "é", "日本", "a-b_c.d", "😀", "x/y"] {
            #expect(Escaping.token(plain) == plain, "\(plain)")
        }
        let quoted: [(String, String)] = [
            ("a b", #""a b""#), ("", #""""#), ("none", #""none""#), ("-", #""-""#), ("a|b", #""a|b""#),
            ("s:", #""s:""#), ("a\nb", #""a\nb""#), ("q\"", #""q\"""#), ("b\\", #""b\\""#),
            ("\u{7}", #""\u0007""#), ("\u{85}", #""\u0085""#), ("a\u{2028}", #""a\u2028""#),
            ("\u{202E}x", #""\u202ex""#), ("nb\u{A0}sp", "\"nb\u{A0}sp\""),
        ]
        for (raw, expected) in quoted { #expect(Escaping.token(raw) == expected, "\(raw.debugDescription)") }
        #expect(Escaping.freeText("why\nnot \\ \u{1}") == #"why\nnot \\ \u0001"#)
        #expect(Escaping.freeText("plain reason") == "plain reason")
    }

    @Test func textEntriesQuoteIdsLabelsAndSections() {
        var t = Transcript()
        t.append(.init(offset: 0, event: .effect(.swipeBegan("a b\nc"))))
        t.append(.init(offset: 1, event: .effect(.selectionChanged(["none", "x"]))))
        // Journal entries as a transcript line writes them: the sequence and the edit.
        t.append(.init(offset: 2, event: .effect(.committed(JournalEntry(sequence: 1, time: .zero, edit: .action("fl ag", item: "i|1"),
                                                                         batch: BatchUpdate([]), inverse: BatchUpdate([]))))))
        t.append(.init(offset: 3, event: .effect(.committed(JournalEntry(sequence: 2, time: .zero,
                                                                         edit: .move("p q", from: ItemPath(section: 0, item: 0),
                                                                                     to: ItemPath(section: 0, item: 1)),
                                                                         batch: BatchUpdate([]), inverse: BatchUpdate([]))))))
        t.append(.init(offset: 4, event: .rejected("the item \"a\nb\" is gone")))
        t.append(.init(offset: 5, event: .stimulus(.reload([CollectionSection(id: "my list", items: [] as [ItemID])]))))
        t.finish(with: [CollectionSection(id: "s 1", items: ["a", "b c"]), CollectionSection(id: "t", items: [])])
        #expect(t.text == #"""
        0.000000 swipeBegan "a b\nc"
        0.000001 selection "none" x
        0.000002 committed #1 action "fl ag" on "i|1"
        0.000003 committed #2 move "p q" [0,0] -> [0,1]
        0.000004 rejected the item "a\nb" is gone
        0.000005 stimulus reload "my list"(0)
        final "s 1": a "b c" | t:

        """#)
    }

    @Test func everyJSONLineParsesAloneAndKeepsTheValuesExactly() throws {
        var items: Set<String> = []
        var known: Set<String> = []
        for name in scenarios {
            let folder = try ScenarioFolder(name)
            let scene = hostile(folder.scene)
            known.formUnion(scene.itemsByID.keys.map(\.rawValue))
            let transcript = try Replay(trace: folder.trace, scene: scene).engine.transcript
            let lines = transcript.jsonLines.split(separator: "\n")
            #expect(lines.count == transcript.entries.count + 1)
            for line in lines {
                #expect(!line.unicodeScalars.contains { $0.value < 0x20 || [0x2028, 0x2029].contains($0.value) })
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                                          "\(name): \(line)")
                if let item = object["item"] as? String { items.insert(item) }
                if let list = object["items"] as? [String] { items.formUnion(list) }
                if let list = object["sections"] as? [[String: Any]] {
                    for s in list {
                        #expect((s["id"] as? String)?.hasPrefix(hostile) == true)
                        items.formUnion(s["items"] as? [String] ?? [])
                    }
                }
            }
        }
        // Every id read back is one of the scene's, byte for byte.
        #expect(items.count > 10 && items.isSubset(of: known), "\(items.subtracting(known).prefix(3))")
    }

    /// JSON from Foundation's writer (`gripper devices --json`) escaped
    /// as the transcript's JSON is: no C1 control, line separator or bidi
    /// override left raw, the same value read back, and JSON already clean
    /// left byte for byte.
    @Test func foreignJSONGetsTheSameEscapesAndKeepsItsValues() throws {
        let object: [String: Any] = ["name": hostile, "node": "/dev/input/event3", "size": 12.5]
        let written = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        let escaped = Escaping.escapingLineBreaks(inJSON: written)
        let raw: Set<UInt32> = Set(Array(0x7F...0x9F) + [0x2028, 0x2029, 0x202E, 0xFEFF, 0xFFFE, 0xFFFF])
        #expect(written.unicodeScalars.contains { raw.contains($0.value) }, "the writer leaves them raw")
        #expect(!escaped.unicodeScalars.contains { raw.contains($0.value) || $0.value < 0x20 }, "\(escaped.debugDescription)")
        let back = try #require(try JSONSerialization.jsonObject(with: Data(escaped.utf8)) as? [String: Any])
        #expect(back["name"] as? String == hostile && back["node"] as? String == "/dev/input/event3")
        let clean = #"{"name":"Atmel maXTouch","size":12.5}"#
        #expect(Escaping.escapingLineBreaks(inJSON: clean) == clean)
    }
}
