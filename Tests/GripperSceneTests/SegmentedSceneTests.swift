import Testing
@testable import Gripper
import GripperReplay  // Scene.pictureLabels
import GripperTesting
@testable import GripperScene
import GripperScripting

/// A segmented scene (`segments`, `selectedSegment`, the `segment`
/// stimulus): what it decodes to, what the engine opens, what a replay
/// prints, and the errors bad input gets, each naming the file, line and field.
@Suite struct SegmentedSceneTests {
    private static let segments = """
    "segments":[{"key":"inbox","sections":[{"id":"all","title":"All","items":[{"id":"a"},{"id":"b"}]}]},
                {"key":"sent","sections":[{"id":"all","columns":2,"items":[{"id":"x","label":"X"}]},{"id":"old","items":[]}]}]
    """

    private func scene(_ patch: String = "", segments: String = Self.segments) -> String {
        #"{"viewport":{"width":400,"height":640},"# + segments + (patch.isEmpty ? "" : "," + patch) + "}"
    }

    private func error(_ text: String) -> SceneError? {
        do { _ = try Scene.decode(text, fileName: "bad.json"); return nil } catch { return error }
    }

    @Test func decodesSegmentsAndTheSwitch() throws {
        let s = try Scene.decode(scene(#""selectedSegment":1,"stimuli":[{"t":0.5,"segment":0}]"#))
        #expect(s.segments?.map(\.key) == ["inbox", "sent"])
        #expect(s.selectedSegment == 1)
        // The sections at the start: the shown segment's, as the engine names them.
        #expect(s.sections.map(\.id.rawValue) == ["sent/all", "sent/old"])
        #expect(s.segments?[1].sections.map(\.id.rawValue) == ["all", "old"])
        #expect(s.stimuli.map(\.action.description) == ["segment 0"])
        #expect(s.itemsByID.keys.sorted() == ["a", "b", "x"])
        #expect(s.pictureLabels.sectionTitle("inbox/all") == "All")
    }

    @Test func theEngineOpensTheSegmentAndTheStimulusSwitches() throws {
        let s = try Scene.decode(scene(#""stimuli":[{"t":0.5,"segment":1},{"t":0.6,"segment":1},{"t":0.7,"segment":0}]"#))
        var driver = try EngineDriver(scene: s, device: TestDevices.probeTouchscreen, recordingTranscript: true)
        #expect(driver.engine.model.sections.map(\.id.rawValue) == ["inbox/all"])
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 1)
        b.tap(at: .fraction(0.5, 0.95))
        for f in b.frames { driver.handle(f) }
        driver.fire(until: b.frames[0].time + .seconds(1))
        driver.finish()
        let lines = driver.engine.transcript.text.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasSuffix("stimulus segment 1") })
        #expect(lines.contains { $0.hasSuffix("appBatch #1 segment 1 sent: sections 0..1, 1 items") })
        // The second switch to the segment shown does nothing.
        #expect(!lines.contains { $0.contains("appBatch #2 segment 1") })
        #expect(lines.contains { $0.hasSuffix("appBatch #2 segment 0 inbox: sections 0..0, 2 items") })
        #expect(driver.engine.model.sections.map(\.id.rawValue) == ["inbox/all"])
        // Each segment's own column count reaches the layout.
        let two = try Scene.decode(scene(#""selectedSegment":1"#))
        let engine = try Engine(scene: two, device: TestDevices.probeTouchscreen)
        #expect(engine.layout.numberOfSections == 2)
        #expect(try #require(engine.layout.attributes(for: ItemPath(section: 0, item: 0))).frame.width < 250)
    }

    @Test func eachSegmentBringsItsRowHeightAndHeader() throws {
        let text = scene(#""layout":{"rowHeight":50},"stimuli":[{"t":0.5,"segment":1}]"#, segments:
            #""segments":[{"key":"inbox","rowHeight":40,"sections":[{"id":"all","items":[{"id":"a"},{"id":"b"}]}]},"#
            + #"{"key":"sent","headerHeight":30,"sections":[{"id":"all","items":[{"id":"x"},{"id":"y"}]}]}]"#)
        let s = try Scene.decode(text)
        #expect(s.segments?[0].metrics.rowHeight == 40 && s.segments?[1].metrics.header?.height == 30)
        var driver = try EngineDriver(scene: s, device: TestDevices.probeTouchscreen)
        #expect(try #require(driver.engine.layout.attributes(for: ItemPath(section: 0, item: 1))).frame.minY == 40)
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 1)
        b.tap(at: .fraction(0.5, 0.95))
        for f in b.frames { driver.handle(f) }
        driver.fire(until: b.frames[0].time + .seconds(1))
        // Sent: the layout's 50-point rows under its own 30-point header.
        #expect(try #require(driver.engine.layout.attributes(for: ItemPath(section: 0, item: 1))).frame.minY == 30 + 50)
        #expect(driver.engine._invariantViolations().isEmpty)
    }

    @Test func badSegmentsNameTheirPlace() throws {
        func expectError(_ text: String, path: String, line: Int? = nil, _ words: String) {
            guard let e = error(text) else { Issue.record("no error for \(path)"); return }
            #expect(e.path == path, "\(e)")
            #expect(e.problem.contains(words), "\(e)")
            if let line { #expect(e.line == line, "\(e)") }
            #expect(e.description.hasPrefix("bad.json:"), "\(e)")
        }
        expectError(#"{"viewport":{"width":400,"height":640},"sections":[],"# + Self.segments + "}",
                    path: "sections", "sections or segments")
        expectError(scene(segments: #""segments":[]"#), path: "segments", "at least one")
        expectError(scene(segments: #""segments":[{"key":"a/b","sections":[]}]"#), path: "segments[0].key", "\"/\"")
        expectError(scene(segments: #""segments":[{"key":"a","sections":[]},{"key":"a","sections":[]}]"#),
                    path: "segments[1].key", "appears twice")
        expectError(scene(segments: "\"segments\":[{\"key\":\"a\",\"sections\":[{\"id\":\"s\",\"items\":[{\"id\":\"x\"}]}]},\n"
                          + "{\"key\":\"b\",\"sections\":[{\"id\":\"s\",\"items\":[{\"id\":\"x\"}]}]}]"),
                    path: "segments[1].sections[0].items[0].id", line: 2, "two segments")
        expectError(scene(segments: #""segments":[{"key":"a","sections":[],"extra":1}]"#), path: "segments[0].extra",
                    "unknown field")
        expectError(scene(#""selectedSegment":2"#), path: "selectedSegment", "from 0 to 1")
        expectError(scene(segments: #""segments":[{"key":"a","rowHeight":0,"sections":[]}]"#),
                    path: "segments[0].rowHeight", "above 0")
        expectError(scene(segments: #""segments":[{"key":"a","headerHeight":-1,"sections":[]}]"#),
                    path: "segments[0].headerHeight", "at least 0")
        expectError(#"{"viewport":{"width":400,"height":640},"sections":[],"selectedSegment":0}"#,
                    path: "selectedSegment", "only a scene with segments")
        expectError(scene(#""stimuli":[{"t":1,"segment":5}]"#), path: "stimuli[0].segment", "from 0 to 1")
        expectError(scene(#""stimuli":[{"t":1,"segment":-1}]"#), path: "stimuli[0].segment", "whole number")
        expectError(#"{"viewport":{"width":400,"height":640},"sections":[],"stimuli":[{"t":1,"segment":0}]}"#,
                    path: "stimuli[0].segment", "needs a scene with segments")
        expectError(scene(#""stimuli":[{"t":1,"reload":[]}]"#), path: "stimuli[0].reload", "content is its segments")
        expectError(scene(#""stimuli":[{"t":1,"load":true},{"t":2,"loaded":[{"id":"s","items":[]}]}]"#),
                    path: "stimuli[1].loaded", "content is its segments")
        // A segment's section the layout refuses names that section.
        expectError(scene(#""layout":{"interItemSpacing":1}"#,
                          segments: #""segments":[{"key":"a","sections":[{"id":"s","columns":5000,"items":[{"id":"x"}]}]}]"#),
                    path: "segments[0].sections[0].columns", "no room for 5000 column(s)")
    }
}
