import Testing
@_spi(Benchmarks) import Gripper
import GripperTesting
import GripperScene
import GripperScripting

/// Keys, move commands and announcements through the engine: evdev codes and
/// values, the transcript's `key`, `focus`, `moveRefused` and `announce`
/// lines in both forms, the localized table, a scene's keyboard track.
@Suite struct EngineKeyboardTests {
    private static let scene = """
    {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"headerHeight":30},
     "sections":[{"id":"fruit","title":"Fruit","items":[{"id":"apple","label":"Apple"},{"id":"pear","label":"Pear"},
                                                        {"id":"plum","label":"Plum","movable":false}]},
                 {"id":"veg","title":"Vegetables","items":[{"id":"leek","label":"Leek"},{"id":"kale","label":"Kale"},
                                                           {"id":"bean","label":"Bean"}]}]}
    """

    private static let down: UInt16 = 108, up: UInt16 = 103, space: UInt16 = 57, enter: UInt16 = 28
    private static let kpEnter: UInt16 = 96, escape: UInt16 = 1, home: UInt16 = 102, end: UInt16 = 107

    private func engine(announcing: Bool = true) throws -> Engine {
        var e = try Engine(scene: try Scene.decode(Self.scene), device: TestDevices.probeTouchscreen,
                           recordingTranscript: true)
        if announcing { e.announcementStrings = .english }
        return e
    }

    private func t(_ ms: Int64) -> EventTime { EventTime.milliseconds(1_000 + ms) }
    private func spoken(_ entries: [Transcript.Entry]) -> [String] { entries.compactMap { $0.announcement?.text } }
    private func plain(_ e: Engine) -> [[String]] { e.model.sections.map { $0.items.map(\.rawValue) } }

    @Test func aKeyboardMoveAcrossASectionSaysEachStep() throws {
        var e = try engine()
        #expect(spoken(e.handleKey(code: Self.down, value: 1, at: t(0))) == [])
        e.handleKey(code: Self.down, value: 1, at: t(100))
        #expect(e.focus?.item == "pear")
        #expect(spoken(e.handleKey(code: Self.space, value: 1, at: t(200)))
                == ["Picked up Pear, position 2 of 3 in Fruit"])
        #expect(e.phase == .keyboardMoving)
        #expect(spoken(e.handleKey(code: Self.down, value: 1, at: t(300)))
                == ["Pear moved to position 3 of 3 in Fruit"])
        #expect(spoken(e.handleKey(code: Self.down, value: 2, at: t(350)))
                == ["Pear moved to position 1 of 4 in Vegetables"])
        #expect(spoken(e.handleKey(code: Self.enter, value: 1, at: t(400))) == ["Pear dropped"])
        #expect(plain(e) == [["apple", "plum"], ["pear", "leek", "kale", "bean"]])
        #expect(e.journal.entries.count == 1)
        let text = e.transcript.text
        #expect(text.contains("0.200000 key space\n"))
        #expect(text.contains("0.350000 key down repeat\n"))
        #expect(text.contains("0.200000 announce pickedUp Picked up Pear, position 2 of 3 in Fruit\n"))
        #expect(text.contains("0.200000 state idle -> keyboardMoving\n"))
        #expect(text.contains("0.100000 focus pear at [0,1]\n"))
        let json = e.transcript.jsonLines
        #expect(json.contains(#"{"t":0.400000,"event":"announce","kind":"dropped","text":"Pear dropped"}"#))
        #expect(json.contains(#"{"t":0.350000,"event":"key","key":"down","repeat":true}"#))
        #expect(json.contains(#"{"t":0.100000,"event":"focus","item":"pear","indexPath":[0,1]}"#))
    }

    @Test func releasesAndRepeatsOfSpaceEnterAndEscapeDoNothing() throws {
        var e = try engine()
        e.handleKey(code: Self.home, value: 1, at: t(0))
        #expect(e.handleKey(code: Self.space, value: 0, at: t(10)) == [])
        #expect(e.handleKey(code: Self.space, value: 2, at: t(20)) == [])
        #expect(e.handleKey(code: 30, value: 1, at: t(30)) == [])  // KEY_A: not ours
        #expect(e.handleKey(code: Self.space, value: -7, at: t(40)) == [])
        e.handleKey(code: Self.kpEnter, value: 1, at: t(50))
        #expect(e.phase == .keyboardMoving)
        #expect(e.handleKey(code: Self.escape, value: 2, at: t(60)) == [])
        #expect(e.phase == .keyboardMoving)
        #expect(spoken(e.handleKey(code: Self.escape, value: 1, at: t(70)))
                == ["Move cancelled, Apple returned to position 1 of 3 in Fruit"])
        #expect(e.phase == .idle)
        #expect(e.journal.entries.isEmpty)
    }

    @Test func refusalsAreOnTheRecordAndSaid() throws {
        var e = try engine()
        let none = e.handleKey(code: Self.space, value: 1, at: t(0))
        #expect(spoken(none) == ["Nothing to move: no item has focus"])
        #expect(e.transcript.text.contains("0.000000 moveRefused no focus\n"))
        e.handleKey(code: Self.end, value: 1, at: t(10))  // bean
        e.handleKey(code: Self.up, value: 1, at: t(20))
        e.handleKey(code: Self.up, value: 1, at: t(30))
        e.handleKey(code: Self.up, value: 1, at: t(40))  // plum, not movable
        #expect(e.focus?.item == "plum")
        #expect(spoken(e.handleKey(code: Self.space, value: 1, at: t(50))) == ["Plum cannot be moved"])
        #expect(e.transcript.text.contains("0.050000 moveRefused plum: not movable\n"))
    }

    @Test func aLiftIsRefusedWhileAPointerDragIsInFlightAndEscapeCancelsIt() throws {
        var e = try engine()
        e.handleKey(code: Self.home, value: 1, at: t(0))
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 3)
        b.drag(from: .fraction(0.5, 114 / 640.0), to: .fraction(0.5, 300 / 640.0))
        let frames = b.frames
        let half = frames.count * 2 / 3
        for f in frames[..<half] { e.handle(f) }
        #expect(e.phase == .dragging)
        let at = frames[half].time
        #expect(spoken(e.handleKey(code: Self.space, value: 1, at: at)) == ["Cannot pick up while a drag is in progress"])
        #expect(e.phase == .dragging)
        let cancelled = e.handleKey(code: Self.escape, value: 1, at: at + .milliseconds(1))
        #expect(e.phase == .idle)
        #expect(cancelled.contains { if case .effect(.dragCancelled("pear")) = $0.event { true } else { false } })
        // The rest of that contact is ignored: it starts nothing.
        for f in frames[half...] { e.handle(f) }
        e.finish()
        #expect(e.journal.entries.isEmpty)
        #expect(plain(e) == [["apple", "pear", "plum"], ["leek", "kale", "bean"]])
    }

    @Test func theTableIsTheAppsToReplace() throws {
        var e = try engine()
        var strings = AnnouncementStrings.english
        strings[.pickedUp] = "{item} angehoben, Position {position} von {count} in {section} {unknown}"
        e.announcementStrings = strings
        e.setFocus(ItemPath(section: 1, item: 2), at: t(0))
        #expect(spoken(e.handleKey(code: Self.space, value: 1, at: t(10)))
                == ["Bean angehoben, Position 3 von 3 in Vegetables {unknown}"])
        // Names next to each other, text that is not ASCII, braces that
        // name nothing or are never closed: kept as they are.
        strings[.pickedUp] = "«{item}»{position}/{count} { {{item}} } ünd {"
        e.announcementStrings = strings
        e.handleKey(code: Self.escape, value: 1, at: t(20))
        #expect(spoken(e.handleKey(code: Self.space, value: 1, at: t(30))) == ["«Bean»3/3 { {Bean} } ünd {"])
        #expect(AnnouncementStrings([.dropped: "{item} abgelegt"])[.dropped] == "{item} abgelegt")
        #expect(AnnouncementStrings([.dropped: "x"])[.moved] == AnnouncementStrings.english[.moved])
    }

    @Test func withoutATableNothingIsAnnounced() throws {
        var e = try engine(announcing: false)
        e.setFocus(ItemPath(section: 0, item: 0), at: t(0))
        let entries = e.handleKey(code: Self.space, value: 1, at: t(10))
        #expect(spoken(entries) == [])
        #expect(!e.transcript.text.contains("announce"))
    }

    @Test func commandsMoveTheFocusedItemAndRefuseWhatTheyCannotDo() throws {
        var e = try engine()
        e.setFocus(ItemPath(section: 0, item: 1), at: t(0))
        #expect(spoken(e.move(.toSection(1), at: t(10))) == ["Pear moved to position 4 of 4 in Vegetables"])
        #expect(plain(e) == [["apple", "plum"], ["leek", "kale", "bean", "pear"]])
        #expect(spoken(e.move(.toSection(7), at: t(20))) == ["Pear cannot move: no such section"])
        let bad = e.setFocus(ItemPath(section: 5, item: 0), at: t(30))
        #expect(bad.map(\.textLine) == ["0.030000 rejected focus [5,0]: no item there"])
        #expect(e.focus?.item == "pear")
        e.apply(.undo, at: t(40))
        #expect(plain(e) == [["apple", "pear", "plum"], ["leek", "kale", "bean"]])
        #expect(e.focus == EditingFocus(item: "pear", indexPath: ItemPath(section: 0, item: 1)))
    }

    @Test func pointerDragsSwipesAndBatchDeletesAnnounceToo() throws {
        var e = try engine()
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 4)
        b.drag(from: .fraction(0.5, 58 / 640.0), to: .fraction(0.5, 300 / 640.0))
        for f in b.frames { e.handle(f) }
        let said = e.transcript.entries.compactMap { $0.announcement?.text }
        #expect(said.first == "Picked up Apple, position 1 of 3 in Fruit")
        #expect(said.last == "Apple dropped")
        #expect(said.contains("Apple moved to position 1 of 4 in Vegetables"))

        var s = try engine()
        s.apply(.setEditing(true), at: t(0))
        var sel = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 5)
        sel.tap(at: .fraction(0.5, 58 / 640.0))
        for f in sel.frames { s.handle(f) }
        #expect(s.selection == ["apple"])
        let deleted = s.apply(.deleteSelected, at: (sel.frames.last?.time ?? t(0)) + .seconds(1))
        #expect(spoken(deleted) == ["Apple deleted"])
    }

    @Test func aScenesKeyTrackReplaysAKeyboardMove() throws {
        let scene = try Scene.decode(#"""
        {"viewport":{"width":400,"height":640},"announcements":{"dropped":"{item} dropped at {position} of {count}"},
         "sections":[{"id":"s","title":"List","items":[{"id":"a"},{"id":"b"},{"id":"c"}]}],
         "stimuli":[{"t":0,"focus":[0,0]},{"t":0.1,"key":"space"},{"t":0.2,"key":"down"},{"t":0.3,"key":"down"},
                    {"t":0.4,"key":"enter"},{"t":0.5,"move":{"by":-1}},{"t":0.6,"move":"toTop"},{"t":0.7,"focus":null}]}
        """#)
        var driver = try EngineDriver(scene: scene, device: TestDevices.probeTouchscreen, recordingTranscript: true)
        driver.apply(.setEditing(false), at: t(0))
        driver.finish()
        let e = driver.engine
        #expect(e.model.sections[0].items.map(\.rawValue) == ["a", "b", "c"])
        #expect(e.transcript.text.contains("0.400000 announce dropped a dropped at 3 of 3\n"))
        #expect(e.transcript.text.contains("0.500000 stimulus move by -1\n"))
        #expect(e.transcript.text.contains("0.700000 focus none\n"))
        #expect(e.transcript.jsonLines.contains(#""name":"move","command":"by","n":-1}"#))
    }

    @Test func badKeyAndMoveStimuliNameTheLineAndTheProblem() {
        func problem(_ stimulus: String) -> String {
            do {
                _ = try Scene.decode("{\"viewport\":{\"width\":10,\"height\":10},\"sections\":[],\n\"stimuli\":[\(stimulus)]}",
                                     fileName: "k.json")
                return "accepted"
            } catch { return "\(error)" }
        }
        #expect(problem(#"{"t":1,"key":"f10"}"#).hasPrefix("k.json:2: stimuli[0].key: expected one of up, down"))
        #expect(problem(#"{"t":1,"move":"sideways"}"#).hasPrefix("k.json:2: stimuli[0].move: expected one of up"))
        #expect(problem(#"{"t":1,"move":{"by":1.5}}"#).hasPrefix("k.json:2: stimuli[0].move.by: expected a whole number"))
        #expect(problem(#"{"t":1,"move":{"by":1,"toSection":0}}"#).hasPrefix("k.json:2: stimuli[0].move: expected exactly one"))
        #expect(problem(#"{"t":1,"focus":[1]}"#).hasPrefix("k.json:2: stimuli[0].focus: expected [section, item]"))
    }
}
