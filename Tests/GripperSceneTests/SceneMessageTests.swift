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
private func error(_ text: String, file: String = "bad.json") -> SceneError? {
    do { _ = try Scene.decode(text, fileName: file); return nil } catch { return error }
}

/// What a scene's error messages say: the file, the field and its line for
/// every error (the layout's included), a short prefix of an offending
/// value, and repeated keys refused.
@Suite struct SceneMessageTests {
    @Test func layoutErrorsNameTheFileTheFieldAndTheLine() throws {
        let cases: [(String, String, Int, String)] = [
            ("{\"viewport\":{\"width\":100,\"height\":640},\n\"layout\":{\"columns\":3,\"interItemSpacing\":60},\n"
                + #""sections":[{"id":"s","items":[{"id":"a"}]}]}"#,
             "layout", 2, "no room for 3 column(s) in a width of 100.0"),
            (scene(#""layout":{"columns":20000}"#), "layout.columns", 1, "must be between 1 and 10000"),
            ("{\"viewport\":{\"width\":100,\"height\":640},\"layout\":{\"interItemSpacing\":1},\"sections\":[\n{\"id\":\"s\",\"items\":[]},\n"
                + #"{"id":"t","columns":5000,"items":[]}]}"#,
             "sections[1].columns", 3, "no room for 5000 column(s)"),
            ("{\"viewport\":{\"width\":100,\"height\":640},\"layout\":{\"interItemSpacing\":1},\"sections\":[{\"id\":\"s\",\"items\":[]}],\n\"stimuli\":[\n"
                + #"{"t":1,"reload":[{"id":"s","items":[]},{"id":"t","columns":9000,"items":[]}]}]}"#,
             "stimuli[0].reload[1].columns", 3, "no room for 9000 column(s)"),
            // Lengths each valid as numbers whose sum would overflow (issue 38).
            ("{\"viewport\":{\"width\":400,\"height\":640},\"sections\":[\n{\"id\":\"s\",\"items\":[{\"id\":\"a\",\"height\":44},\n"
                + #"{"id":"b","height":1e308},{"id":"c","height":1e308}]}]}"#,
             "sections[0].items[1].height", 3, "must be a finite number from 0 to 2^40"),
            (scene(#""layout":{"estimatedItemHeight":1.7e308}"#), "layout.estimatedItemHeight", 1, "from 0 to 2^40"),
            // Each length within the limit, the content past 2^52 points.
            ("{\"viewport\":{\"width\":400,\"height\":640},\"layout\":{\"rowHeight\":1e12},\"sections\":[\n{\"id\":\"s\",\"items\":[]},\n{\"id\":\"t\",\"items\":["
                + (0..<4600).map { #"{"id":"i\#($0)"}"# }.joined(separator: ",") + "]}]}",
             "sections[1]", 3, "at most 2^52"),
        ]
        for (text, path, line, problem) in cases {
            let e = try #require(error(text, file: "scenes/wide.json"), "should fail: \(text)")
            #expect(e.file == "scenes/wide.json" && e.path == path && e.line == line, "\(e)")
            #expect(e.problem.contains(problem), "\(e.problem)")
            #expect(e.description.hasPrefix("scenes/wide.json:\(line): \(path): "), "\(e)")
        }
        // One column fewer fits.
        #expect(error(scene(#""layout":{"columns":10000}"#)) == nil)
    }

    @Test func theLayoutPathsMapToSceneFields() {
        let map = { (p: String) in SceneReader.sceneField(ofLayoutPath: p, sections: "stimuli[2].reload") }
        #expect(map("viewport") == "viewport")
        #expect(map("metrics.globalHeaderHeight") == "globalHeader.height")
        #expect(map("metrics.sectionInsets") == "layout.insets")
        #expect(map("metrics.header.height") == "layout.headerHeight")
        #expect(map("metrics.rowSeparator.thickness") == "layout.separator")
        #expect(map("sections[3].metrics") == "stimuli[2].reload[3].columns")
        #expect(map("sections[3].count") == "stimuli[2].reload[3].items")
        #expect(map("sections[3].itemHeights[17]") == "stimuli[2].reload[3].items[17].height")
    }

    @Test func anEngineMadeInCodeStillRefusesABadLayout() throws {
        var metrics = LayoutMetrics(rowHeight: 10)
        metrics.columns = 3
        metrics.interItemSpacing = 60
        let scene = Scene(viewport: Size(width: 100, height: 100), metrics: metrics, sections: [])
        #expect(throws: SceneError.self) { try Engine(scene: scene, device: TestDevices.probeTouchscreen) }
    }

    @Test func aLongTokenIsQuotedByItsFirstFortyCharacters() throws {
        let long = String(repeating: "x", count: 1_000_000)
        let style = try #require(error(scene(sections: #"[{"id":"s","items":[{"id":"a","actions":[{"id":"x","style":""# + long + #""}]}]}]"#)))
        #expect(style.problem == #"expected one of normal, destructive, found ""# + String(repeating: "x", count: 40) + #""… (1000000 characters)"#)
        let key = try #require(error(scene(#"""# + long + #"":1"#)))
        #expect(key.path == #"""# + String(repeating: "x", count: 40) + #""… (1000000 characters)"#)
        #expect(key.description.utf8.count < 300)
        let number = try #require(error(scene(#""layout":{"rowHeight":1"# + String(repeating: "0", count: 100_000) + "}")))
        #expect(number.problem.contains("… (100001 characters) is out of range") && number.description.utf8.count < 300)
        let duplicate = try #require(error(scene(sections: #"[{"id":""# + long + #"","items":[]},{"id":""# + long + #"","items":[]}]"#)))
        #expect(duplicate.path == "sections[1].id" && duplicate.description.utf8.count < 300)
        // Forty characters exactly are quoted whole; controls in a token are escaped.
        let forty = String(repeating: "y", count: 40)
        #expect(error(scene(#""selection":""# + forty + #"""#))?.problem.hasSuffix(#"found ""# + forty + #"""#) == true)
        #expect(error(scene(#""selection":"a\u001b[2Jb""#))?.problem.hasSuffix(#"found "a\u001b[2Jb""#) == true)
        #expect(SceneError.quote("😀é" + String(repeating: "z", count: 50)).hasSuffix("\"… (52 characters)"))
    }

    @Test func aRepeatedKeyIsAnErrorNamingTheKeyTheFileAndTheLine() throws {
        let text = "{\"viewport\":{\"width\":400,\"height\":640},\n\"sections\":[],\n\"viewport\":{\"width\":1,\"height\":1}}"
        let e = try #require(error(text))
        #expect(e.file == "bad.json" && e.line == 3 && e.path == "viewport")
        #expect(e.problem == #"the key "viewport" appears twice in one object (first on line 1)"#)
        #expect(e.description == #"bad.json:3: viewport: the key "viewport" appears twice in one object (first on line 1)"#)
        // Deep inside, and in an object with many members (past the linear check).
        let nested = try #require(error(scene(sections: "[{\"id\":\"s\",\"items\":[{\"id\":\"a\",\n\"label\":\"x\",\"id\":\"b\"}]}]")))
        #expect(nested.path == "sections[0].items[0].id" && nested.line == 2 && nested.problem.contains(#""id" appears twice"#))
        let many = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",\n")
        let wide = try #require(error("{" + many + ",\n\"k7\":1}"))
        #expect(wide.line == 41 && wide.path == "k7" && wide.problem.contains("first on line 8"))
        let wideOK = error("{" + many + "}")
        #expect(wideOK?.problem.contains("appears twice") != true) // 40 distinct keys: refused only as unknown fields
        // The same key in different objects is fine.
        #expect(error(scene(sections: #"[{"id":"s","items":[{"id":"a"},{"id":"b"}]}]"#)) == nil)
    }

    @Test func syntaxErrorsNameThePathTheyAreIn() throws {
        let e = try #require(error(scene(sections: #"[{"id":"s","items":[{"id":"a"},{"id":"b",}]}]"#)))
        #expect(e.path == "sections[0].items[1]" && e.problem.contains("expected a quoted key"))
        let control = try #require(error("{\"viewport\":\u{1}}"))
        #expect(control.problem.contains(#"unexpected character "\u0001""#) && control.path == "viewport")
        let byte = try #require(error([UInt8](#"{"viewport":"#.utf8) + [0xFF, 0x7D]))
        #expect(byte.problem.contains("unexpected byte 0xFF"))
    }
}

private func error(_ bytes: [UInt8]) -> SceneError? {
    do { _ = try Scene.decode(bytes, fileName: "bad.json"); return nil } catch { return error }
}
