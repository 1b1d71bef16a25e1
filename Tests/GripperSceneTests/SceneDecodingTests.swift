import Testing
@testable import Gripper
import GripperTesting
@testable import GripperScene
import GripperScripting

/// A minimal valid scene with `patch` spliced into the root object.
private func scene(_ patch: String = "", sections: String = #"[{"id":"s","items":[{"id":"a"},{"id":"b"}]}]"#) -> String {
    #"{"viewport":{"width":400,"height":640},"sections":"# + sections + (patch.isEmpty ? "" : "," + patch) + "}"
}

/// The error a bad scene gives, or nil when it decodes.
private func error(_ text: String) -> SceneError? {
    do { _ = try Scene.decode(text, fileName: "bad.json"); return nil } catch { return error }
}

@Suite struct SceneDecodingTests {
    @Test func decodesEveryField() throws {
        let text = """
        {
          "viewport": {"width": 390, "height": 640},
          "layout": {"columns": 2, "rowHeight": 60, "interItemSpacing": 4, "lineSpacing": 2,
                     "insets": {"top": 8, "left": 1}, "headerHeight": 30, "footerHeight": 10, "separator": 1},
          "selection": "single",
          "movesBetweenSections": false,
          "defaults": {"movable": false, "actions": [{"id": "x", "title": "X", "default": true}]},
          "sections": [
            {"id": "s1", "title": "One", "columns": 1, "items": [
              {"id": "a", "label": "Apple", "height": 80, "editable": false, "selectable": false,
               "actions": [{"id": "flag", "title": "Flag"}, {"id": "delete", "title": "Delete", "style": "destructive", "default": true}],
               "leadingActions": [{"id": "pin", "title": "Pin"}]},
              {"id": "b"}
            ]}
          ],
          "stimuli": [{"t": 0.5, "setEditing": true}, {"t": 1, "deleteSelected": true},
                      {"t": 2, "reload": [{"id": "s1", "items": [{"id": "b"}]}]}, {"t": 3, "undo": true},
                      {"t": 3, "redo": true}, {"t": 4, "deviceLost": true}]
        }
        """
        let s = try Scene.decode(text)
        #expect(s.viewport.width == 390 && s.viewport.height == 640)
        #expect(s.metrics.columns == 2 && s.metrics.rowHeight == 60 && s.metrics.interItemSpacing == 4)
        #expect(s.metrics.sectionInsets.top == 8 && s.metrics.sectionInsets.left == 1 && s.metrics.sectionInsets.right == 0)
        #expect(s.metrics.header.height == 30 && s.metrics.footer.height == 10 && s.metrics.rowSeparator.thickness == 1)
        #expect(s.selectionMode == .single && !s.movesBetweenSections)
        let a = try #require(s.sections.first?.items.first)
        #expect(a.label == "Apple" && a.height == 80 && !a.isEditable && !a.isMovable && !a.isSelectable)
        // The full-swipe action moves nearest the edge (first), as the layout expects.
        #expect(a.trailingActions.actions.map(\.id) == ["delete", "flag"])
        #expect(a.trailingActions.fullSwipeAction == "delete")
        #expect(a.trailingActions.action("delete")?.style == .destructive)
        #expect(a.leadingActions.actions.map(\.title) == ["Pin"] && a.leadingActions.fullSwipeAction == nil)
        let b = try #require(s.sections.first?.items.last)
        #expect(b.label == "b" && b.height == nil && b.isEditable && !b.isMovable)
        #expect(b.trailingActions.fullSwipeAction == "x")
        #expect(s.sections.first?.columns == 1 && s.sections.first?.title == "One")
        #expect(s.stimuli.map(\.offset) == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(3), .seconds(3), .seconds(4)])
        #expect(s.stimuli.map(\.action.description) == ["setEditing true", "deleteSelected", "reload s1(1)", "undo", "redo", "deviceLost"])
    }

    @Test func defaultsWhenLeftOut() throws {
        let s = try Scene.decode(scene())
        #expect(s.selectionMode == .multiple && s.movesBetweenSections && s.stimuli.isEmpty)
        #expect(s.metrics.columns == 1 && s.metrics.rowHeight == 56)
        let a = try #require(s.sections.first?.items.first)
        #expect(a.isEditable && a.isMovable && a.isSelectable)
        #expect(a.trailingActions.actions.map(\.id) == ["delete"] && a.trailingActions.fullSwipeAction == "delete")
        #expect(a.leadingActions.isEmpty)
    }

    @Test func badStyleNamesTheFieldPath() throws {
        let sections = #"[{"id":"s0","items":[]},{"id":"s1","items":[]},{"id":"s2","items":[{"id":"a","actions":[{"id":"x"},{"id":"y","style":"red"}]}]}]"#
        let e = try #require(error(scene(sections: sections)))
        #expect(e.path == "sections[2].items[0].actions[1].style")
        #expect(e.problem == #"expected one of normal, destructive, found "red""#)
        #expect(e.file == "bad.json" && e.line == 1)
        #expect(e.description.hasPrefix("bad.json:1: sections[2].items[0].actions[1].style: expected one of"))
    }

    @Test func errorsNameTheirPlace() throws {
        let cases: [(String, String, String)] = [
            (#"{"sections":[]}"#, "viewport", "missing (required)"),
            (scene(#""colour":1"#), "colour", "unknown field"),
            (scene(#""selection":"some""#), "selection", "expected one of none, single, multiple"),
            (scene(#""layout":{"columns":1.5}"#), "layout.columns", "expected a whole number"),
            (scene(#""layout":{"rowHeight":0}"#), "layout.rowHeight", "expected a number above 0"),
            (scene(#""stimuli":[{"t":2,"undo":true},{"t":1,"redo":true}]"#), "stimuli[1].t", "time order"),
            (scene(#""stimuli":[{"t":1,"undo":true,"redo":true}]"#), "stimuli[0]", "exactly one of"),
            (scene(#""stimuli":[{"t":-1,"undo":true}]"#), "stimuli[0].t", "at least 0"),
            (scene(#""stimuli":[{"t":1,"undo":false}]"#), "stimuli[0].undo", "expected true"),
            (scene(sections: #"[{"id":"s","items":[{"id":"a"},{"id":"a"}]}]"#), "sections[0].items[1].id",
             #"the item id "a" appears twice (first at sections[0].items[0])"#),
            (scene(sections: #"[{"id":"s","items":[{"id":"a"}]},{"id":"t","items":[{"id":"a"}]}]"#), "sections[1].items[0].id",
             #"the item id "a" appears twice (first at sections[0].items[0])"#),
            (scene(sections: #"[{"id":"s","items":[]},{"id":"s","items":[]}]"#), "sections[1].id",
             #"the section id "s" appears twice (first at sections[0])"#),
            (scene(sections: #"[{"id":"s","items":[{"id":""}]}]"#), "sections[0].items[0].id", "non-empty"),
            (scene(sections: #"[{"id":"s","items":[{"id":"a","actions":[{"id":"x","default":true},{"id":"y","default":true}]}]}]"#),
             "sections[0].items[0].actions[1].default", "only one action"),
            (scene(sections: #"[{"id":"s","items":[{"id":"a","actions":[{"id":"x"},{"id":"x"}]}]}]"#),
             "sections[0].items[0].actions[1].id", "appears twice"),
            (scene(#""stimuli":[{"t":1,"reload":[{"id":"s","items":[{"id":"a","label":"other"}]}]}]"#),
             "stimuli[0].reload[0].items[0]", "defined differently"),
            (scene(sections: #"{"id":"s"}"#), "sections", "expected an array, found an object"),
        ]
        for (text, path, problem) in cases {
            let e = try #require(error(text), "should fail: \(text)")
            #expect(e.path == path, "\(text)")
            #expect(e.problem.contains(problem), "\(e.problem) for \(text)")
        }
    }

    @Test func pinnedAndGlobalHeaders() throws {
        let s = try Scene.decode(scene(#""layout":{"headerHeight":32,"pinnedHeaders":true},"globalHeader":{"height":44,"title":"Mail"}"#))
        #expect(s.metrics.header.height == 32 && s.metrics.header.isPinned)
        #expect(s.metrics.globalHeaderHeight == 44 && s.globalHeaderTitle == "Mail")
        // Left out: unpinned headers, no global header; a title is optional.
        let plain = try Scene.decode(scene(#""layout":{"headerHeight":32,"pinnedHeaders":false}"#))
        #expect(!plain.metrics.header.isPinned && plain.metrics.globalHeaderHeight == 0 && plain.globalHeaderTitle == nil)
        let untitled = try Scene.decode(scene(#""globalHeader":{"height":20}"#))
        #expect(untitled.metrics.globalHeaderHeight == 20 && untitled.globalHeaderTitle == nil)
        // The engine's layout pins them.
        let engine = try Engine(scene: s, device: TestDevices.probeTouchscreen, recordingTranscript: true)
        #expect(engine.metrics.header.isPinned && engine.metrics.globalHeaderHeight == 44)
    }

    @Test func pinnedAndGlobalHeaderErrorsNameTheirField() throws {
        let cases: [(String, String, String)] = [
            (scene(#""layout":{"pinnedHeaders":true}"#), "layout.pinnedHeaders", "no section headers to pin"),
            (scene(#""layout":{"headerHeight":0,"pinnedHeaders":true}"#), "layout.pinnedHeaders", "layout.headerHeight"),
            (scene(#""layout":{"headerHeight":30,"pinnedHeaders":"yes"}"#), "layout.pinnedHeaders", "expected true or false"),
            (scene(#""globalHeader":{"title":"Mail"}"#), "globalHeader.height", "missing (required)"),
            (scene(#""globalHeader":{"height":0}"#), "globalHeader.height", "expected a number above 0"),
            (scene(#""globalHeader":{"height":"44"}"#), "globalHeader.height", "expected a number, found a string"),
            (scene(#""globalHeader":{"height":640}"#), "globalHeader.height", "lower than viewport.height"),
            (scene(#""globalHeader":{"height":44,"title":7}"#), "globalHeader.title", "expected a string"),
            (scene(#""globalHeader":{"height":44,"pinned":true}"#), "globalHeader.pinned", "unknown field; expected one of height, title"),
            (scene(#""globalHeader":44"#), "globalHeader", "expected an object"),
        ]
        for (text, path, problem) in cases {
            let e = try #require(error(text), "should fail: \(text)")
            #expect(e.path == path, "\(text)")
            #expect(e.problem.contains(problem), "\(e.problem) for \(text)")
            #expect(e.file == "bad.json" && e.line == 1)
        }
        #expect(error(scene(#""globalHeader":{"height":639.5}"#)) == nil)
    }

    @Test func thresholdsOnBothSides() {
        #expect(error(#"{"viewport":{"width":0,"height":1},"sections":[]}"#)?.path == "viewport.width")
        #expect(error(#"{"viewport":{"width":0.001,"height":1},"sections":[]}"#) == nil)
        #expect(error(scene(#""layout":{"columns":0}"#))?.path == "layout.columns")
        #expect(error(scene(#""layout":{"columns":1}"#)) == nil)
        #expect(error(scene(#""stimuli":[{"t":0,"undo":true}]"#)) == nil)
        #expect(error(scene(#""stimuli":[{"t":1,"undo":true},{"t":1,"redo":true}]"#)) == nil)
    }

    @Test func syntaxErrorsGiveLineAndColumn() throws {
        let e = try #require(error("{\n  \"viewport\": {\"width\": 1,\n  \"height\": 2\n  \"sections\": []}"))
        #expect(e.path == "viewport" && e.line == 4)
        #expect(e.problem.contains("expected ',' or '}'") && e.problem.contains("column 3"))
        #expect(error("")?.problem.contains("ends where a value should be") == true)
        #expect(error("{} x")?.problem.contains("unexpected text") == true)
        #expect(error(#"{"a":"\q"}"#)?.problem.contains("unknown escape") == true)
        #expect(error(String(repeating: "[", count: 600))?.problem.contains("nested too deeply") == true)
    }

    @Test func jsonStringsAndNumbers() throws {
        let v = try JSONParser.parse(Array(#"{"s":"a\u00e9\ud83d\ude00\n\"","n":-1.5e2,"t":true,"z":null,"a":[1,2]}"#.utf8))
        guard case .string(let s)? = v["s"]?.content, case .number(let n)? = v["n"]?.content,
              case .bool(true)? = v["t"]?.content, case .null? = v["z"]?.content,
              case .array(let a)? = v["a"]?.content else {
            Issue.record("unexpected shape")
            return
        }
        #expect(s == "aé😀\n\"" && n == -150 && a.count == 2)
    }

    @Test func policyFollowsTheScene() throws {
        let s = try Scene.decode(scene(#""movesBetweenSections":false,"selection":"none""#,
                                       sections: #"[{"id":"s","items":[{"id":"a","editable":false},{"id":"b","movable":false,"selectable":false,"leadingActions":[{"id":"pin"}]}]},{"id":"t","items":[]}]"#))
        let p = ScenePolicy(scene: s)
        let here = ItemPath(section: 0, item: 0)
        #expect(!p.canEdit("a", at: here) && p.canMove("a", at: here) && p.canSelect("a", at: here))
        #expect(p.canEdit("b", at: here) && !p.canMove("b", at: here) && !p.canSelect("b", at: here))
        #expect(!p.canEdit("unknown", at: here) && !p.canMove("unknown", at: here))
        #expect(p.leadingActions(for: "b", at: here).actions.map(\.id) == ["pin"])
        #expect(p.trailingActions(for: "unknown", at: here).isEmpty)
        #expect(p.selectionMode == SelectionMode.none)
        #expect(p.target(forMoving: "a", from: here, proposed: ItemPath(section: 0, item: 1)) == .accept)
        #expect(p.target(forMoving: "a", from: here, proposed: ItemPath(section: 1, item: 0)) == .veto)
    }
}
