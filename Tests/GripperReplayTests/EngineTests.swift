import Testing
@_spi(Benchmarks) import Gripper
import GripperTesting
import GripperPictures
import GripperReplay
import GripperScene
import GripperScripting

private let listScene = """
{"viewport":{"width":400,"height":640},"layout":{"rowHeight":56},
 "sections":[{"id":"s","items":[{"id":"a"},{"id":"b"},{"id":"c"},{"id":"d"},{"id":"e"},{"id":"f"}]}],
 "stimuli":[{"t":0.2,"setEditing":true}]}
"""

private func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location { .fraction(x / 400, y / 640) }

@Suite struct EngineTests {
    /// Frames of a finger held still on row 2 for `hold`.
    func press(hold: Duration) -> [EventFrame] {
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 5)
        b.longPress(at: pt(200, 84), duration: hold)
        return b.frames
    }

    @Test func longPressDeadlineFiresAtItsTimeNotBefore() throws {
        var scene = try Scene.decode(listScene)
        scene.stimuli = []
        var engine = try Engine(scene: scene, device: TestDevices.probeTouchscreen, recordingTranscript: true)
        let frames = press(hold: .milliseconds(900))
        let down = try #require(frames.first)
        engine.handle(down)
        // The tap's maximum duration comes first; then the long-press deadline.
        let tapDeadline = try #require(engine.nextDeadline)
        #expect(tapDeadline == down.time + GestureConfiguration.default.maximumTapDuration)
        let deadline = down.time + GestureConfiguration.default.longPressDuration
        engine.fire(until: deadline - .microseconds(1))
        #expect(engine.phase == .tracking)
        #expect(engine.nextDeadline == deadline)
        engine.fire(until: deadline)
        #expect(engine.phase == .dragging)
        let began = engine.transcript.entries.first { $0.event == .effect(.dragBegan("b", from: ItemPath(section: 0, item: 1))) }
        #expect(began?.offset == deadline.microseconds - down.time.microseconds)
    }

    @Test func framesFireDueDeadlinesFirst() throws {
        var scene = try Scene.decode(listScene)
        scene.stimuli = []
        // Held 450 ms: lifted before the long-press deadline, a tap.
        var short = try Engine(scene: scene, device: TestDevices.probeTouchscreen, recordingTranscript: true)
        for f in press(hold: .milliseconds(450)) { short.handle(f) }
        short.finish()
        #expect(!short.transcript.entries.contains { $0.event == .effect(.dragBegan("b", from: ItemPath(section: 0, item: 1))) })
        // Held 650 ms: the deadline passes while held; the next frame fires it first.
        var long = try Engine(scene: scene, device: TestDevices.probeTouchscreen, recordingTranscript: true)
        for f in press(hold: .milliseconds(650)) { long.handle(f) }
        long.finish()
        #expect(long.transcript.entries.contains { $0.event == .effect(.dragBegan("b", from: ItemPath(section: 0, item: 1))) })
        #expect(long.nextDeadline == nil)
    }

    @Test func sceneStimuliFireAtTheirTimeBeforeLaterFrames() throws {
        let scene = try Scene.decode(listScene)
        var driver = try EngineDriver(scene: scene, device: TestDevices.probeTouchscreen, recordingTranscript: true)
        let frames = press(hold: .milliseconds(100))
        let start = try #require(frames.first).time
        driver.handle(frames[0])
        #expect(driver.nextDeadline.map { $0 <= start + .milliseconds(200) } == true)
        driver.fire(until: start + .microseconds(199_999))
        #expect(!driver.engine.isEditing)
        let entries = driver.fire(until: start + .milliseconds(200))
        #expect(driver.engine.isEditing)
        let stimulus = driver.engine.transcript.entries.first { $0.event == .stimulus(.setEditing(true)) }
        #expect(stimulus?.offset == 200_000)
        #expect(entries.first == stimulus)
        #expect(driver.nextStimulusOffset == nil)
    }

    @Test func theEngineAloneKnowsNoTrack() throws {
        let scene = try Scene.decode(listScene)
        var engine = try Engine(scene: scene, device: TestDevices.probeTouchscreen, recordingTranscript: true)
        for f in press(hold: .milliseconds(100)) { engine.handle(f) }
        engine.finish()
        #expect(!engine.isEditing)
        #expect(!engine.transcript.entries.contains { if case .stimulus = $0.event { true } else { false } })
    }

    @Test func stimuliAfterTheLastFrameFireAtFinish() throws {
        var scene = try Scene.decode(listScene)
        scene.stimuli = [Scene.Stimulus(offset: .seconds(5), action: .setEditing(true))]
        var driver = try EngineDriver(scene: scene, device: TestDevices.probeTouchscreen, recordingTranscript: true)
        for f in press(hold: .milliseconds(100)) { driver.handle(f) }
        #expect(!driver.engine.isEditing)
        let entries = driver.finish()
        #expect(driver.engine.isEditing)
        #expect(entries.contains { $0.event == .stimulus(.setEditing(true)) })
        #expect(driver.engine.transcript.finalSections?.first?.items.count == 6)
        #expect(driver.finish().isEmpty)
    }

    @Test func atOneTimeAStimulusComesBeforeARecognizerTimer() throws {
        var scene = try Scene.decode(listScene)
        let frames = press(hold: .milliseconds(900))
        let down = try #require(frames.first)
        // The long-press deadline and a stimulus at the same instant.
        let longPress = GestureConfiguration.default.longPressDuration
        scene.stimuli = [Scene.Stimulus(offset: longPress, action: .setEditing(true))]
        var driver = try EngineDriver(scene: scene, device: TestDevices.probeTouchscreen, recordingTranscript: true)
        driver.handle(down)
        driver.fire(until: down.time + longPress)
        let atThatTime = driver.engine.transcript.entries.filter { $0.offset == longPress.microsecondsRounded }
        #expect(atThatTime.first?.event == .stimulus(.setEditing(true)))
    }

    @Test func deviceLossCancelsADragAndForgetsTheContact() throws {
        var scene = try Scene.decode(listScene)
        scene.stimuli = []
        var engine = try Engine(scene: scene, device: TestDevices.probeTouchscreen, recordingTranscript: true)
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 9)
        b.drag(from: pt(200, 28), to: pt(200, 250))
        let frames = b.frames
        let half = frames.count * 2 / 3
        for f in frames[..<half] { engine.handle(f) }
        #expect(engine.phase == .dragging)
        engine.deviceLost(at: frames[half].time)
        #expect(engine.phase == .idle)
        #expect(engine.transcript.entries.map(\.event).contains(.effect(.dragCancelled("a"))))
        #expect(engine.journal.entries.isEmpty)
        // A new touch afterwards works as usual.
        var c = TraceBuilder(device: TestDevices.probeTouchscreen,
                             seed: 10, configuration: .init(start: frames[half].time + .seconds(1)))
        c.tap(at: pt(200, 140))
        for f in c.frames { engine.handle(f) }
        engine.finish()
        #expect(engine.selection == ["c"])
    }

    @Test func aStimulusThatCancelsADragVoidsTheRestOfTheContact() throws {
        var scene = try Scene.decode(listScene)
        scene.stimuli = [Scene.Stimulus(offset: .milliseconds(900), action: .setEditing(false))]
        var driver = try EngineDriver(scene: scene, device: TestDevices.probeTouchscreen, recordingTranscript: true)
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 4)
        b.drag(from: pt(200, 28), to: pt(200, 250), hold: .milliseconds(700), duration: .milliseconds(800))
        for f in b.frames { driver.handle(f) }
        driver.finish()
        let engine = driver.engine
        let events = engine.transcript.entries.map(\.event)
        #expect(events.contains(.effect(.dragCancelled("a"))))
        let start = try scene.model()
        #expect(engine.journal.entries.isEmpty && engine.model == start)
        #expect(events.contains { if case .gesture(.longPress(.cancelled, _)) = $0 { true } else { false } })
    }

    @Test func snapshotsCoverAnyRect() throws {
        let scene = try Scene.decode(listScene)
        let engine = try Engine(scene: scene, device: TestDevices.probeTouchscreen, recordingTranscript: true)
        let all = engine.snapshot(in: Rect(x: 0, y: 0, width: 400, height: 10_000))
        #expect(all.attributes.filter { $0.kind == .cell }.count == 6)
        let two = engine.snapshot(in: Rect(x: 0, y: 60, width: 400, height: 100), labels: scene.pictureLabels)
        #expect(two.attributes.filter { $0.kind == .cell }.compactMap(\.indexPath).map(\.item) == [1, 2])
        #expect(two.items[ItemPath(section: 0, item: 1)]?.text == "b")
        #expect(engine.snapshot(in: Rect(x: 0, y: 60, width: 400, height: 100)).items.isEmpty)
    }
}

@Suite struct EngineStimulusTests {
    @Test func anEmbeddersStimulusFiresWhatIsDueBeforeIt() throws {
        var scene = try Scene.decode(listScene)
        scene.stimuli = []
        var engine = try Engine(scene: scene, device: TestDevices.probeTouchscreen, recordingTranscript: true)
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 5)
        b.longPress(at: pt(200, 84), duration: .milliseconds(900))
        let down = try #require(b.frames.first)
        engine.handle(down)
        // The long-press deadline (500 ms) passes before the stimulus at 600 ms:
        // the drag begins first, then setEditing(true) cancels it.
        engine.apply(.setEditing(true), at: down.time + .milliseconds(600))
        let events = engine.transcript.entries.map(\.event)
        let began = try #require(events.firstIndex(of: .effect(.dragBegan("b", from: ItemPath(section: 0, item: 1)))))
        let stimulus = try #require(events.firstIndex(of: .stimulus(.setEditing(true))))
        #expect(began < stimulus)
        #expect(events.contains(.effect(.dragCancelled("b"))) && engine.isEditing)
    }
}

/// The transcript is opt-in: an engine that does not record keeps nothing,
/// yet every call hands back what it produced, the same entries a recording
/// engine keeps.
@Suite struct TranscriptOptInTests {
    @Test(arguments: ScenarioLibrary.all.map(\.name))
    func returnedEntriesAreTheRecordedTranscript(_ name: String) throws {
        let folder = try ScenarioFolder(name)
        var recording = try EngineDriver(scene: folder.scene, device: folder.trace.device, recordingTranscript: true)
        var quiet = try EngineDriver(scene: folder.scene, device: folder.trace.device)
        var returned: [Transcript.Entry] = []
        for frame in folder.trace.frames {
            recording.handle(frame)
            returned += quiet.handle(frame)
        }
        recording.finish()
        returned += quiet.finish()
        #expect(returned == recording.engine.transcript.entries)
        #expect(!returned.isEmpty)
        #expect(quiet.engine.transcript.entries.isEmpty && quiet.engine.transcript.finalSections == nil)
        #expect(quiet.engine.model == recording.engine.model)
    }

    /// The engine reuses the storage of entries the caller let go of: the
    /// arrays a caller keeps (here every other one) stay as they were
    /// handed over while later frames' entries come in.
    @Test(arguments: ScenarioLibrary.all.map(\.name))
    func entriesTheCallerKeepsStayAsTheyWere(_ name: String) throws {
        let folder = try ScenarioFolder(name)
        var recording = try EngineDriver(scene: folder.scene, device: folder.trace.device, recordingTranscript: true)
        var quiet = try EngineDriver(scene: folder.scene, device: folder.trace.device)
        var kept: [[Transcript.Entry]] = []
        var copies: [[Transcript.Entry]] = []
        var handedOver = 0
        func take(_ entries: [Transcript.Entry]) {
            guard !entries.isEmpty else { return }
            handedOver += 1
            // The others are let go of at once: their storage comes back.
            guard handedOver % 2 == 1 else { return }
            kept.append(entries)
            copies.append(entries.map { $0 }) // new storage, not shared
        }
        for frame in folder.trace.frames {
            recording.handle(frame)
            take(quiet.handle(frame))
        }
        // The end of input hands over what is left: a keyboard scenario's
        // moves come with its stimuli, which its frames may not reach.
        recording.finish()
        take(quiet.finish())
        #expect(handedOver > 0 && !kept.isEmpty)
        #expect(kept == copies)
        let recorded = recording.engine.transcript.entries
        var start = 0
        for entries in kept {
            // Each kept array is a run of the recorded transcript, in order.
            let at = try #require((start...(recorded.count - entries.count)).first {
                Array(recorded[$0..<($0 + entries.count)]) == entries
            })
            start = at + entries.count
        }
    }
}
