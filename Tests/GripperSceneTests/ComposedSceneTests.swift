import Testing
@testable import Gripper
import GripperEditing
import GripperReplay  // Scene.pictureLabels
import GripperTesting
@testable import GripperScene
import GripperScripting

/// A composed scene (`children`, loading stimuli with a `source`): what it
/// decodes to, what the engine opens, the children's loads held back until
/// every child has finished and landed as one batch, and the errors bad
/// input gets, each naming the file, line and field.
@Suite struct ComposedSceneTests {
    private static let children = """
    "children":[{"key":"pinned","sections":[{"id":"list","title":"Pinned","items":[{"id":"p1"}]}]},
                {"key":"recent","rowHeight":40,"sections":[{"id":"list","title":"Recent","items":[{"id":"r1"},{"id":"r2"}]}]}]
    """

    private func scene(_ patch: String = "", children: String = Self.children) -> String {
        #"{"viewport":{"width":400,"height":640},"# + children + (patch.isEmpty ? "" : "," + patch) + "}"
    }

    /// An entry's text line without its time.
    private static func line(_ entry: Transcript.Entry) -> String {
        String(entry.textLine.split(separator: " ", maxSplits: 1)[1])
    }

    private func error(_ text: String) -> SceneError? {
        do { _ = try Scene.decode(text, fileName: "bad.json"); return nil } catch { return error }
    }

    @Test func decodesChildrenAndTheirLoads() throws {
        let s = try Scene.decode(scene(#""stimuli":[{"t":0.1,"load":true,"source":"recent"},"#
                                       + #"{"t":0.2,"loaded":[{"id":"list","items":[{"id":"r0"}]}],"source":"recent"}]"#))
        #expect(s.children?.map(\.key) == ["pinned", "recent"])
        #expect(s.sections.map(\.id.rawValue) == ["pinned/list", "recent/list"])
        #expect(s.stimuli.map(\.action.description) == ["child recent load", "child recent loaded list(1)"])
        #expect(s.itemsByID.keys.sorted() == ["p1", "r0", "r1", "r2"])
        #expect(s.pictureLabels.sectionTitle("recent/list") == "Recent")
        let engine = try Engine(scene: s, device: TestDevices.probeTouchscreen)
        #expect(engine.delegate is ComposedDataSource)
        #expect(engine.model.sections.map { $0.items.count } == [1, 2])
        // Each child brings its own metrics: recent's 40-point rows.
        #expect(try #require(engine.layout.attributes(for: ItemPath(section: 1, item: 1))).frame.height == 40)
        #expect(engine.loadingState(ofChild: "recent") == .initial)
        #expect(engine.loadingState(ofChild: "nobody") == nil)
    }

    /// The seed's update blocks: a child's result waits while another child
    /// loads, and everything lands with the last result, in one batch.
    @Test func resultsWaitForTheLastLoadAndLandAsOneBatch() throws {
        var engine = try Engine(scene: try Scene.decode(scene()), device: TestDevices.probeTouchscreen,
                                recordingTranscript: true)
        let t = EventTime(microseconds: 1_000_000)
        func ms(_ n: Int64) -> EventTime { t + .milliseconds(n) }
        func lines(_ entries: [Transcript.Entry]) -> [String] { entries.map(Self.line) }
        engine.apply(.loadingChild("pinned", .beginLoading, content: nil), at: ms(0))
        engine.apply(.loadingChild("recent", .beginLoading, content: nil), at: ms(0))
        #expect(engine.loadingState(ofChild: "pinned") == .loadingContent)
        let recent = [CollectionSection(id: "list", items: ["r0", "r1", "r2"])]
        let held = lines(engine.apply(.loadingChild("recent", .loadedContent, content: recent), at: ms(100)))
        #expect(held == ["stimulus child recent loaded list(3)", "loading loadingContent -> contentLoaded"])
        #expect(engine.model.sections[1].items == ["r1", "r2"], "held while pinned loads")
        let pinned = [CollectionSection(id: "list", items: ["p1", "p2"])]
        let landed = lines(engine.apply(.loadingChild("pinned", .loadedContent, content: pinned), at: ms(200)))
        #expect(landed.contains("appBatch #1 insert p2 at [0,1]; insert r0 at [1,0]"))
        #expect(engine.model.sections.map(\.items) == [["p1", "p2"], ["r0", "r1", "r2"]])
        #expect(engine.journal.entries.count == 1)
        // The composition took the new children: a question about r0 goes to recent.
        let composed = try #require(engine.delegate as? ComposedDataSource)
        #expect(composed.children[1].dataSource.numberOfItems(inSection: 0) == 3)
        #expect(engine._invariantViolations().isEmpty)
        // Nothing loading: a result lands at once.
        engine.apply(.loadingChild("recent", .refresh, content: nil), at: ms(300))
        let at = lines(engine.apply(.loadingChild("recent", .loadedContent,
                                                  content: [CollectionSection(id: "list", items: ["r1", "r2"])]), at: ms(400)))
        #expect(at.contains("appBatch #2 delete [1,0]"))
    }

    @Test func aChildLoadTheEngineCannotTakeIsRejected() throws {
        var plain = try Engine(scene: try Scene.decode(#"{"viewport":{"width":400,"height":640},"sections":[{"id":"s","items":[]}]}"#),
                               device: TestDevices.probeTouchscreen, recordingTranscript: true)
        let t = EventTime(microseconds: 1_000_000)
        #expect(plain.apply(.loadingChild("x", .beginLoading, content: nil), at: t).map(Self.line).last
                == "rejected load: the data source is not composed")
        var engine = try Engine(scene: try Scene.decode(scene()), device: TestDevices.probeTouchscreen,
                                recordingTranscript: true)
        #expect(engine.apply(.loadingChild("nobody", .beginLoading, content: nil), at: t).map(Self.line).last
                == "rejected load: no child keyed nobody")
        let twice = [CollectionSection(id: "list", items: ["r1", "r1"])]
        #expect(engine.apply(.loadingChild("recent", .loadedContent, content: twice), at: t).map(Self.line).last
                == "rejected loaded: the sections repeat an identity")
        #expect(engine.loadingState(ofChild: "recent") == .initial)
    }

    @Test func badChildrenNameTheirPlace() throws {
        func expectError(_ text: String, path: String, _ words: String) {
            guard let e = error(text) else { Issue.record("no error for \(path)"); return }
            #expect(e.path == path, "\(e)")
            #expect(e.problem.contains(words), "\(e)")
            #expect(e.description.hasPrefix("bad.json:"), "\(e)")
        }
        expectError(#"{"viewport":{"width":400,"height":640},"sections":[],"# + Self.children + "}",
                    path: "sections", "sections or children")
        expectError(scene(#""segments":[{"key":"a","sections":[]}]"#), path: "segments", "segments or children")
        expectError(scene(children: #""children":[]"#), path: "children", "at least one child")
        expectError(scene(children: #""children":[{"key":"a/b","sections":[]}]"#), path: "children[0].key", "child key")
        expectError(scene(children: #""children":[{"key":"a","sections":[{"id":"s","items":[{"id":"x"}]}]},{"key":"b","sections":[{"id":"s","items":[{"id":"x"}]}]}]"#),
                    path: "children[1].sections[0].items[0].id", "two children")
        expectError(scene(#""stimuli":[{"t":0.1,"load":true,"source":"elsewhere"}]"#), path: "stimuli[0].source",
                    "children's keys")
        expectError(scene(#""stimuli":[{"t":0.1,"undo":true,"source":"recent"}]"#), path: "stimuli[0].source",
                    "only a loading stimulus")
        expectError(scene(#""stimuli":[{"t":0.1,"reload":[]}]"#), path: "stimuli[0].reload", "one child")
        expectError(#"{"viewport":{"width":400,"height":640},"sections":[],"stimuli":[{"t":0.1,"load":true,"source":"a"}]}"#,
                    path: "stimuli[0].source", "needs a scene with children")
    }
}
