import Testing
import Gripper
import GripperTesting
import GripperScene
import GripperScripting
@_spi(Benchmarks) import GripperEditing

/// Dropping into a folder through the engine: a scene's `acceptsDrops`
/// item, a touch drag that dwells over it, the transcript's lines in both
/// forms, and the engine's invariants along the way.
@Suite struct EngineDropIntoTests {
    private static let scene = """
    {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56},
     "sections":[{"id":"s","items":[{"id":"a"},{"id":"b"},{"id":"folder","acceptsDrops":true,"dropIntoDelay":300},
                                    {"id":"d"},{"id":"e"}]}]}
    """

    private func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location { .fraction(x / 400, y / 640) }

    private func run(holdAtEnd: Duration) throws -> Engine {
        var engine = try Engine(scene: try Scene.decode(Self.scene), device: TestDevices.probeTouchscreen,
                                recordingTranscript: true)
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 3)
        // Row a's centre (28) to the folder's (row 2: 112 ..< 168, its band 126 ..< 154).
        b.drag(from: pt(200, 28), to: pt(200, 140), holdAtEnd: holdAtEnd)
        for f in b.frames {
            engine.handle(f)
            #expect(engine._invariantViolations().isEmpty, "\(engine._invariantViolations())")
        }
        engine.finish()
        return engine
    }

    @Test func aDwellOverTheFolderDropsTheItemIntoIt() throws {
        let engine = try run(holdAtEnd: .milliseconds(600))
        #expect(engine.model.sections.map { $0.items.map(\.rawValue) } == [["b", "folder", "d", "e"]])
        let text = engine.transcript.text
        #expect(text.contains(" dropTarget folder\n"))
        #expect(text.contains(" committed #1 dropInto a -> folder\n"))
        #expect(text.contains(" droppedInto folder a\n"))
        let json = engine.transcript.jsonLines
        #expect(json.contains("\"event\":\"droppedInto\",\"into\":\"folder\",\"items\":[\"a\"]"))
        #expect(json.contains("\"edit\":\"dropInto\",\"items\":[\"a\"],\"into\":\"folder\""))
    }

    @Test func aShortHoverIsAnOrdinaryMove() throws {
        let engine = try run(holdAtEnd: .milliseconds(100))
        #expect(!engine.transcript.text.contains("droppedInto"))
        #expect(engine.model.sections.map { $0.items.count } == [5])
    }

    @Test func theSceneReaderTakesTheFields() throws {
        let scene = try Scene.decode(Self.scene)
        let folder = try #require(scene.sections.first?.items.first { $0.id == "folder" })
        #expect(folder.acceptsDrops && folder.dropIntoDelay == .milliseconds(300))
        let policy = ScenePolicy(scene: scene)
        #expect(policy.canAcceptDrop(of: ["a"], into: "folder") && !policy.canAcceptDrop(of: ["a"], into: "b"))
        #expect(policy.dropIntoDelay(for: "b") == .milliseconds(500))
        #expect(policy.acceptsDropsIntoItems)
        let noFolder = try Scene.decode(#"{"viewport":{"width":400,"height":640},"sections":[{"id":"s","items":[{"id":"x"}]}]}"#)
        #expect(!ScenePolicy(scene: noFolder).acceptsDropsIntoItems)
        #expect(throws: SceneError.self) {
            try Scene.decode(#"{"sections":[{"id":"s","items":[{"id":"x","dropIntoDelay":-1}]}]}"#)
        }
    }

    @Test func aDropIntoTheFolderIsAnnounced() throws {
        var engine = try Engine(scene: try Scene.decode(Self.scene), device: TestDevices.probeTouchscreen,
                                recordingTranscript: true)
        engine.announcementStrings = .english
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 3)
        b.drag(from: pt(200, 28), to: pt(200, 140), holdAtEnd: .milliseconds(600))
        var said: [String] = []
        for f in b.frames { said += engine.handle(f).compactMap { $0.announcement?.text } }
        engine.finish()
        // The scene gives no labels: the names are the identities.
        #expect(said.first == "Picked up a, position 1 of 5 in s")
        #expect(said.contains("Over folder: release to drop into it"))
        #expect(said.last == "a dropped into folder")
        let text = engine.transcript.text
        #expect(text.contains(" announce proposedInto Over folder: release to drop into it\n"))
        #expect(text.contains(" announce droppedInto a dropped into folder\n"))
        // The proposal is said right after its dropTarget line, the drop after its droppedInto line.
        let lines = text.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1).last.map(String.init) ?? "" }
        let proposal = try #require(lines.firstIndex(of: "dropTarget folder"))
        #expect(lines[proposal + 1] == "announce proposedInto Over folder: release to drop into it")
        let drop = try #require(lines.firstIndex(of: "droppedInto folder a"))
        #expect(lines[drop + 1] == "announce droppedInto a dropped into folder")
    }

    @Test func theDropIntoWordsComeFromTheTable() {
        var strings = AnnouncementStrings.english
        strings[.droppedInto] = "{item} in {target} abgelegt"
        strings[.proposedInto] = "Über {target}: loslassen legt {item} hinein {unknown}"
        let names: [ItemID: String] = ["pear": "Pear", "plum": "Plum", "fig": "Fig", "folder": "Folder"]
        let name: (ItemID) -> String = { names[$0] ?? "?" }
        #expect(strings.spoken(.droppedInto(["pear"], into: "folder"), itemName: name, sectionName: { $0.rawValue }).text
                == "Pear in Folder abgelegt")
        #expect(strings.spoken(.proposedInto("pear", into: "folder"), itemName: name, sectionName: { $0.rawValue }).text
                == "Über Folder: loslassen legt Pear hinein {unknown}")
        let many = AnnouncementStrings.english.spoken(.droppedInto(["pear", "plum", "fig"], into: "folder"),
                                                      itemName: name, sectionName: { $0.rawValue })
        #expect(many == SpokenAnnouncement(key: .droppedManyInto, text: "3 items dropped into Folder"))
    }
}
