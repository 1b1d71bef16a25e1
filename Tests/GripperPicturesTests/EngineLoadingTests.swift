import Testing
@_spi(Benchmarks) import Gripper
import GripperPictures
import GripperScene
import GripperScripting
import GripperTesting

/// The engine's loading track: every stimulus on the record with what the
/// machine did, a placeholder that spans the viewport and takes no editing
/// gesture, content that lands as one diff batch with what is in flight kept.
@Suite struct EngineLoadingTests {
    private static let scene = """
    {"viewport":{"width":400,"height":640},"globalHeader":{"height":40,"title":"Notes"},"layout":{"rowHeight":50},
     "sections":[{"id":"s","items":[{"id":"a"},{"id":"b"},{"id":"c"}]}],
     "stimuli":[{"t":0.1,"load":true},
                {"t":0.2,"empty":{"title":"No Notes","message":"Pinned notes appear here."}},
                {"t":1.5,"refresh":true},
                {"t":1.6,"loaded":[{"id":"s","items":[{"id":"c"},{"id":"a"},{"id":"d"}]}]},
                {"t":1.7,"loaded":true},
                {"t":1.75,"refresh":true},
                {"t":1.8,"failed":{"title":"Offline"}}]}
    """

    private func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location { .fraction(x / 400, y / 640) }

    private func lines(_ engine: Engine, _ kinds: Set<String> = ["stimulus", "loading", "appBatch", "state", "swipeShut",
                                                                 "dragCancelled", "rejected"]) -> [String] {
        engine.transcript.entries.filter { kinds.contains($0.event.name) }.map(\.textLine)
    }

    @Test func aSourceThatLoadsEmptyShowsItsPlaceholderAndTakesNoSwipe() throws {
        let scene = try Scene.decode(Self.scene)
        var driver = try EngineDriver(scene: scene, device: TestDevices.probeTouchscreen, recordingTranscript: true)
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 21)
        // From the first frame (time 0 of the track): a swipe of "a" that
        // the no-content placeholder cancels at 0.2 s.
        b.swipe(from: pt(350, 65), to: pt(120, 65), duration: .milliseconds(300))
        b.pause(.milliseconds(1_500))
        b.swipe(from: pt(350, 65), to: pt(120, 65), duration: .milliseconds(300))   // after the error
        for f in b.frames { driver.handle(f) }
        let engine = driver.engine
        #expect(engine.loadingState == .error(LoadingPlaceholder(title: "Offline")))
        driver.finish()
        #expect(lines(driver.engine) == [
            "0.000000 state idle -> tracking",
            "0.065620 state tracking -> swiping",
            "0.100000 stimulus load",
            "0.100000 loading initial -> loadingContent",
            "0.200000 stimulus empty \"No Notes\" \"Pinned notes appear here.\"",
            "0.200000 loading loadingContent -> noContent",
            "0.200000 swipeShut a",
            "0.200000 state swiping -> idle",
            "1.500000 stimulus refresh",
            "1.500000 loading noContent -> refreshing(noContent)",
            "1.600000 stimulus loaded s(3)",
            "1.600000 loading refreshing(noContent) -> contentLoaded",
            "1.600000 appBatch #1 delete [0,1]; move [0,0] -> [0,1]; insert d at [0,2]",
            "1.700000 stimulus loaded",
            "1.700000 loading ignored loaded in contentLoaded",
            "1.750000 stimulus refresh",
            "1.750000 loading contentLoaded -> refreshing(contentLoaded)",
            "1.800000 stimulus failed Offline \"\"",
            "1.800000 loading refreshing(contentLoaded) -> error",
        ])
        // Neither swipe opened a cell: the placeholder cancelled the first
        // and the rest of its contact; the second met the error placeholder
        // (over the content).
        #expect(!driver.engine.transcript.text.contains("swipeOpened"))
        #expect(driver.engine.transcript.text.contains("gesture swipe"))
        #expect(driver.engine.model.sections[0].items.array == ["c", "a", "d"])
    }

    @Test func thePlaceholderSpansTheViewportBelowTheGlobalHeader() throws {
        var engine = try Engine(scene: try Scene.decode(Self.scene), device: TestDevices.probeTouchscreen)
        let t = EventTime(microseconds: 1_000_000)
        #expect(engine.contentPlaceholder == nil && !engine.showsPlaceholder)
        engine.apply(.loading(.beginLoading, content: nil), at: t)
        let loading = try #require(engine.contentPlaceholder)
        #expect(loading.kind == .loading && loading.frame == Rect(x: 0, y: 40, width: 400, height: 600))
        #expect(loading.indicatorFrame == Rect(x: 180, y: 220, width: 40, height: 40))
        #expect(!engine.showsPlaceholder, "the loading indicator takes no gesture away")
        engine.apply(.loading(.failed(LoadingPlaceholder(title: "Could Not Load", message: "Try again.")), content: nil),
                     at: t + .milliseconds(1))
        #expect(engine.contentPlaceholder == ContentPlaceholder(kind: .error, title: "Could Not Load", message: "Try again.",
                                                               frame: Rect(x: 0, y: 40, width: 400, height: 600)))
        #expect(engine.showsPlaceholder)
        // A refresh keeps the error on screen until its result.
        engine.apply(.loading(.refresh, content: nil), at: t + .milliseconds(2))
        #expect(engine.contentPlaceholder?.kind == .error)
        // The picture draws it above the cells, with its words.
        let svg = SnapshotRenderer.svg(engine.snapshot())
        #expect(svg.contains("<g class=\"error\">") && svg.contains(">Could Not Load</text>")
                && svg.contains(">Try again.</text>"))
        engine.apply(.loading(.loadedContent, content: nil), at: t + .milliseconds(3))
        #expect(engine.contentPlaceholder == nil && engine.loadingState == .contentLoaded)
        #expect(engine.snapshot().placeholder == nil)
        #expect(!SnapshotRenderer.svg(engine.snapshot()).contains("Could Not Load"))
    }

    @Test func aPlaceholderThatComesCancelsWhatIsInFlight() throws {
        var engine = try Engine(scene: try Scene.decode(Self.scene), device: TestDevices.probeTouchscreen,
                                recordingTranscript: true)
        engine.apply(.loading(.beginLoading, content: nil), at: EventTime(microseconds: 0))
        engine.apply(.loading(.loadedContent, content: nil), at: EventTime(microseconds: 100))
        engine.apply(.loading(.refresh, content: nil), at: EventTime(microseconds: 200))
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 4)
        b.pause(.milliseconds(100))
        b.drag(from: pt(200, 65), to: pt(200, 160))
        let frames = b.frames
        let cut = frames.count * 3 / 4
        for f in frames[..<cut] { engine.handle(f) }
        #expect(engine.phase == .dragging, "a refresh keeps the interaction alive")
        let entries = engine.apply(.loading(.failed(LoadingPlaceholder(title: "Offline")), content: nil), at: frames[cut].time)
        #expect(entries.contains { $0.textLine.hasSuffix("dragCancelled a") })
        #expect(engine.phase == .idle)
        for f in frames[cut...] { engine.handle(f) }
        engine.finish()
        #expect(engine.model.sections[0].items.array == ["a", "b", "c"], "nothing committed, nothing lost")
        #expect(engine._invariantViolations().isEmpty)
    }

    @Test func loadingStimuliAreCheckedWhereTheSceneWritesThem() throws {
        func problem(_ stimulus: String) -> String {
            let json = """
            {"viewport":{"width":400,"height":640},"sections":[{"id":"s","items":[{"id":"a"}]}],
             "stimuli":[\(stimulus)]}
            """
            do {
                _ = try Scene.decode(json, fileName: "x.json")
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        #expect(problem(#"{"t":1,"empty":{"message":"m"}}"#).contains("stimuli[0].empty.title"))
        #expect(problem(#"{"t":1,"failed":{"title":"t","sections":[]}}"#).contains("stimuli[0].failed.sections"))
        #expect(problem(#"{"t":1,"load":false}"#).contains("stimuli[0].load"))
        #expect(problem(#"{"t":1,"loaded":[{"id":"s","items":[{"id":"a"},{"id":"a"}]}]}"#).contains("stimuli[0].loaded"))
        #expect(problem(#"{"t":1,"load":true,"refresh":true}"#).contains("exactly one of"))
        #expect(problem(#"{"t":1,"empty":{"title":"t","sections":[{"id":"s","items":[]}]}}"#) == "accepted")
        let scene = try Scene.decode(Self.scene)
        #expect(scene.stimuli.map(\.action.description) == [
            "load", "empty \"No Notes\" \"Pinned notes appear here.\"", "refresh", "loaded s(3)", "loaded", "refresh",
            "failed Offline \"\"",
        ])
    }
}
