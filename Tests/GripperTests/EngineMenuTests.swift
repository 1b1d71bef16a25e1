import Testing
import Gripper
import GripperEditing
import GripperGeometry
import GripperLayout
import GripperScripting
import GripperTesting
import GripperScene

/// The long-press menu through the engine: real gestures from a traced
/// touchscreen, the Menu key, Shift+F10, Tab and Shift+Tab as evdev codes,
/// the transcript's lines in both forms, the words, and the engine's
/// invariants after every frame.
@Suite struct EngineMenuTests {
    private static let scene = """
    {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"headerHeight":30},
     "defaults":{"menu":[{"id":"copy","title":"Copy"},{"id":"share","title":"Share"},
                         {"id":"delete","title":"Delete","style":"destructive"}]},
     "sections":[{"id":"fruit","title":"Fruit","items":[{"id":"apple","label":"Apple","menu":[]},
                                                        {"id":"pear","label":"Pear"},
                                                        {"id":"plum","label":"Plum","movable":false}]},
                 {"id":"veg","title":"Vegetables","items":[{"id":"leek","label":"Leek"},{"id":"kale","label":"Kale"},
                                                           {"id":"bean","label":"Bean"}]}]}
    """

    private func engine(announcing: Bool = true) throws -> Engine {
        var e = try Engine(scene: try Scene.decode(Self.scene), device: TestDevices.probeTouchscreen,
                           recordingTranscript: true)
        if announcing { e.announcementStrings = .english }
        return e
    }

    private func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location { .fraction(x / 400, y / 640) }
    private func t(_ ms: Int64) -> EventTime { EventTime.milliseconds(1_000 + ms) }
    private func spoken(_ entries: [Transcript.Entry]) -> [String] { entries.compactMap { $0.announcement?.text } }
    private func plain(_ e: Engine) -> [[String]] { e.model.sections.map { $0.items.map(\.rawValue) } }

    /// Feeds `b`'s frames, checking the engine's invariants after each.
    private func play(_ b: TraceBuilder, into e: inout Engine) {
        for frame in b.frames {
            e.handle(frame)
            #expect(e._invariantViolations() == [], "at \(frame.time)")
        }
    }

    @Test func aLongPressOpensTheMenuAndMovingOnDragsFromIt() throws {
        var e = try engine()
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 3)
        b.drag(from: pt(200, 114), to: pt(200, 300), hold: .milliseconds(900), duration: .milliseconds(700))
        play(b, into: &e)
        e.finish()
        let lines = e.transcript.text.split(separator: "\n").map { String($0.split(separator: " ", maxSplits: 1)[1]) }
        let opened = try #require(lines.firstIndex(of: "menuOpened pear copy share delete"))
        #expect(lines[opened + 1] == "announce menuOpened Menu for Pear, 3 actions: Copy, Share, Delete")
        #expect(lines[opened + 2] == "state tracking -> menu")
        let dismissed = try #require(lines.firstIndex(of: "menuDismissed pear"))
        #expect(dismissed > opened)
        #expect(lines[dismissed + 1] == "announce menuDismissed Menu closed")
        #expect(lines[dismissed + 2] == "dragBegan pear from [0,1]")
        #expect(lines.contains("state menu -> dragging"))
        #expect(e.journal.entries.count == 1)
        guard case .move("pear", ItemPath(section: 0, item: 1), let to)? = e.journal.entries.first?.edit else {
            Issue.record("not one move of pear: \(e.journal.entries)")
            return
        }
        #expect(to.section == 1)
        let json = e.transcript.jsonLines
        #expect(json.contains(#""event":"menuOpened","item":"pear","actions":["copy","share","delete"]}"#))
        #expect(json.contains(#""event":"menuDismissed","item":"pear"}"#))
    }

    @Test func anItemWithoutAMenuDragsAtOnceAsBefore() throws {
        var e = try engine()
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 3)
        b.drag(from: pt(200, 58), to: pt(200, 200), hold: .milliseconds(900), duration: .milliseconds(700))
        play(b, into: &e)
        e.finish()
        #expect(!e.transcript.text.contains("menu"))
        #expect(e.transcript.text.contains("state tracking -> dragging"))
    }

    @Test func aLiftLeavesItOpenAndATapOnAnEntryPerformsIt() throws {
        var e = try engine()
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 4)
        b.longPress(at: pt(200, 114), duration: .milliseconds(800))
        b.pause(.milliseconds(400))
        // Delete, the third entry: the menu is below Pear (142) from y 150, 44 points an entry.
        b.tap(at: pt(100, 260))
        play(b, into: &e)
        e.finish()
        let text = e.transcript.text
        #expect(text.contains("committed #1 action delete on pear\n"))
        #expect(text.contains("announce actionPerformed Delete: Pear\n"))
        #expect(text.contains("state menu -> idle\n"))
        #expect(!text.contains("menuDismissed"))
        #expect(plain(e) == [["apple", "plum"], ["leek", "kale", "bean"]])
        #expect(e.transcript.jsonLines.contains(
            #""event":"committed","sequence":1,"edit":"action","action":"delete","item":"pear"}"#))
    }

    @Test func aTapOutsideClosesItAndSelectsNothing() throws {
        var e = try engine()
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 5)
        b.longPress(at: pt(200, 114), duration: .milliseconds(800))
        b.pause(.milliseconds(400))
        b.tap(at: pt(300, 500))
        play(b, into: &e)
        e.finish()
        #expect(e.transcript.text.contains("menuDismissed pear\n"))
        #expect(e.selection.isEmpty)
        #expect(e.phase == .idle)
    }

    @Test func theMenuKeyShiftF10TabAndShiftTab() throws {
        var e = try engine()
        e.setFocus(ItemPath(section: 0, item: 1), at: t(0))
        // F10 alone is not ours; Tab outside a menu writes nothing.
        #expect(e.handleKey(code: 68, value: 1, at: t(10)) == [])
        #expect(e.handleKey(code: 15, value: 1, at: t(20)) == [])
        #expect(spoken(e.handleKey(code: 127, value: 1, at: t(30)))
                == ["Menu for Pear, 3 actions: Copy, Share, Delete", "Copy, 1 of 3"])
        #expect(e.phase == .menu)
        #expect(spoken(e.handleKey(code: 15, value: 1, at: t(40))) == ["Share, 2 of 3"])
        #expect(spoken(e.handleKey(code: 15, value: 2, at: t(50))) == ["Delete, 3 of 3"])  // Tab repeats
        e.handleKey(code: 42, value: 1, at: t(60))  // Shift down: no line
        #expect(spoken(e.handleKey(code: 15, value: 1, at: t(70))) == ["Share, 2 of 3"])
        // Shift+F10 in an open menu closes it, as the Menu key does.
        #expect(spoken(e.handleKey(code: 68, value: 1, at: t(80))) == ["Menu closed"])
        #expect(e.phase == .idle)
        #expect(spoken(e.handleKey(code: 68, value: 1, at: t(90))).first == "Menu for Pear, 3 actions: Copy, Share, Delete")
        e.handleKey(code: 42, value: 0, at: t(100))  // Shift up
        e.handleKey(code: 68, value: 1, at: t(110))  // F10 alone again: nothing
        #expect(e.phase == .menu)
        // KEY_MENU (139) closes it; held, the Menu key does not repeat.
        e.handleKey(code: 139, value: 1, at: t(120))
        #expect(e.phase == .idle)
        #expect(e.handleKey(code: 139, value: 2, at: t(130)) == [])
        let text = e.transcript.text
        #expect(text.contains("0.030000 key menu\n"))
        #expect(text.contains("0.030000 menuEntry pear copy\n"))
        #expect(text.contains("0.050000 key tab repeat\n"))
        #expect(text.contains("0.070000 key shiftTab\n"))
        #expect(text.contains("0.030000 state idle -> menu\n"))
        #expect(!text.contains("0.020000 key"))
        #expect(!text.contains("0.010000 key"))
        #expect(e.transcript.jsonLines.contains(#"{"t":0.030000,"event":"menuEntry","item":"pear","action":"copy"}"#))
    }

    @Test func enterPerformsTheSelectedEntryAndEscapeCloses() throws {
        var e = try engine()
        e.setFocus(ItemPath(section: 0, item: 1), at: t(0))
        e.handleKey(code: 127, value: 1, at: t(10))
        e.handleKey(code: 1, value: 1, at: t(20))  // Escape
        #expect(e.phase == .idle)
        e.handleKey(code: 127, value: 1, at: t(30))
        e.handleKey(code: 108, value: 1, at: t(40))  // Down: Share
        #expect(spoken(e.handleKey(code: 28, value: 1, at: t(50))) == ["Share: Pear"])
        #expect(e.journal.entries.map(\.edit) == [.action("share", item: "pear")])
        #expect(plain(e) == [["apple", "pear", "plum"], ["leek", "kale", "bean"]])
        #expect(e._invariantViolations() == [])
    }

    @Test func aSceneTakesMenusAndItsKeysAndRefusesAFullSwipeDefaultInAMenu() throws {
        let scene = try Scene.decode(Self.scene)
        #expect(scene.sections[0].items[0].menuActions == [])
        #expect(scene.sections[0].items[1].menuActions.map(\.id) == ["copy", "share", "delete"])
        #expect(throws: SceneError.self) {
            try Scene.decode(#"{"viewport":{"width":10,"height":10},"sections":[{"id":"s","items":[{"id":"a","menu":[{"id":"x","default":true}]}]}]}"#)
        }
        let keyed = try Scene.decode(#"{"viewport":{"width":10,"height":10},"sections":[],"stimuli":[{"t":1,"key":"menu"},{"t":2,"key":"tab"},{"t":3,"key":"shiftTab"}]}"#)
        #expect(keyed.stimuli.count == 3)
    }
}
