import Testing
import Gripper
import GripperTesting
import GripperScene

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
        #expect(throws: SceneError.self) {
            try Scene.decode(#"{"sections":[{"id":"s","items":[{"id":"x","dropIntoDelay":-1}]}]}"#)
        }
    }
}
