import Testing
import Gripper
import GripperReplay
import GripperScene
import GripperTraces
@_spi(Benchmarks) import GripperEditing

/// A toolkit's events through `ToolkitSession`: virtual devices that are what
/// they claim, points that land where they were, touch cancels, and a
/// recording that replays — devices merged by time, commands as a track —
/// to the live transcript, byte for byte.
@Suite struct ToolkitSessionTests {
    private struct Fruit: CollectionDataSource {
        var numberOfSections: Int { 2 }
        func sectionID(at section: Int) -> SectionID { section == 0 ? "fruit" : "veg" }
        func numberOfItems(inSection section: Int) -> Int { section == 0 ? 4 : 2 }
        func itemID(at p: ItemPath) -> ItemID {
            ItemID(p.section == 0 ? ["apple", "pear", "plum", "fig"][p.item] : ["leek", "kale"][p.item])
        }
    }

    private static let viewport = Size(width: 400, height: 600)
    private static let ppm = 96 / 25.4

    private func session(recording: Bool = true) throws -> ToolkitSession {
        var rules = StaticEditingPolicy()
        rules.selectionMode = .multiple
        return try ToolkitSession(dataSource: Fruit(), delegate: rules, viewport: Self.viewport,
                                  metrics: LayoutMetrics(rowHeight: 56), pointsPerMillimetre: Self.ppm,
                                  recordingTranscript: true, recordingInput: recording)
    }

    private func t(_ ms: Int64) -> EventTime { EventTime(microseconds: 1_000_000_000 + ms * 1000) }

    @Test func virtualDevicesAreWhatTheyClaim() {
        let input = ToolkitInput(viewport: Self.viewport, pointsPerMillimetre: Self.ppm)
        let touch = input.touchDevices[0]
        #expect(touch.kind == .touchscreen)
        #expect(touch.usesSlots)
        // Millimetres of screen: the viewport's width in units over the resolution.
        let mm = Double(touch.absInfo[AbsCode.mtPositionX]!.maximum) / Double(ToolkitInput.touchUnitsPerMillimetre)
        #expect(abs(mm - 400 / Self.ppm) < 0.02)
        #expect(input.pointerDevice.kind == .mouse)
        #expect(input.keyboardDevice.kind == .keyboard)
    }

    @Test func touchesLandWhereTheToolkitSaidAndThePointerOnThePoint() throws {
        var s = try session()
        try s.touch(.began, sequence: 9, at: Point(x: 123.4, y: 56.7), time: t(0))
        let c = try #require(s.engine.contactLocation)
        #expect(abs(c.x - 123.4) < 0.06 && abs(c.y - 56.7) < 0.06)
        try s.touch(.ended, sequence: 9, at: Point(x: 123.4, y: 56.7), time: t(40))
        try s.pointerButton(1, pressed: true, at: Point(x: 10.2, y: 590.6), time: t(100))
        let p = try #require(s.engine.contactLocation)
        #expect(abs(p.x - 10.2) <= 0.5 && abs(p.y - 590.6) <= 0.5)
        // Past the edge: held at the edge, as a desktop pointer is.
        try s.pointerMotion(to: Point(x: -50, y: 900), time: t(120))
        #expect(s.engine.contactLocation == Point(x: 0, y: 600))
    }

    @Test func aLongPressDragCommitsAndACancelledTouchCancelsIt() throws {
        var s = try session()
        try s.touch(.began, sequence: 1, at: Point(x: 200, y: 84), time: t(0))
        s.fire(until: t(600))
        #expect(s.engine.phase == .dragging)
        for k in 1...10 { try s.touch(.moved, sequence: 1, at: Point(x: 200, y: 84 + Double(k) * 12), time: t(600 + Int64(k) * 16)) }
        try s.touch(.ended, sequence: 1, at: Point(x: 200, y: 205), time: t(800))
        #expect(s.engine.model.sections[0].items.map(\.rawValue) == ["apple", "plum", "fig", "pear"])

        try s.touch(.began, sequence: 2, at: Point(x: 200, y: 28), time: t(2000))
        s.fire(until: t(2600))
        try s.touch(.moved, sequence: 2, at: Point(x: 200, y: 160), time: t(2700))
        try s.touch(.cancelled, sequence: 2, at: .zero, time: t(2750))
        #expect(s.engine.phase == .idle)
        #expect(s.engine.journal.entries.count == 1)
        #expect(s.engine.transcript.text.contains("dragCancelled apple"))
    }

    @Test func inputsOutOfOrderAreRefusedAndNothingChanges() throws {
        var s = try session()
        try s.touch(.began, sequence: 1, at: Point(x: 10, y: 10), time: t(100))
        let before = s.engine.transcript
        #expect(throws: ToolkitSession.Failure.self) {
            try s.touch(.moved, sequence: 1, at: Point(x: 30, y: 10), time: t(99))
        }
        #expect(throws: ToolkitSession.Failure.self) {
            try s.pointerMotion(to: Point(x: .nan, y: 1), time: t(120))
        }
        #expect(s.engine.transcript == before)
    }

    /// What the app did, as a replay sees it: the devices in order, each
    /// device's frames merged by time, the commands as a track.
    private func replay(_ r: ToolkitSession.Recording) throws -> String {
        var rules = StaticEditingPolicy()
        rules.selectionMode = .multiple
        var engine = try Engine(dataSource: Fruit(), delegate: rules, viewport: Self.viewport,
                                metrics: LayoutMetrics(rowHeight: 56), device: r.devices[0], recordingTranscript: true)
        for d in r.devices.dropFirst() { _ = engine.attach(d) }
        let origin = try #require(r.origin)
        let track = r.stimuli.map { TimedStimulus(offset: .microseconds($0.time.microseconds - origin.microseconds), stimulus: $0.stimulus) }
        var driver = EngineDriver(engine: engine, track: track)
        var perDevice = Array(repeating: [EventFrame](), count: r.devices.count)
        for (d, f) in r.frames { perDevice[d].append(f) }
        for input in DeviceFrame.merged(perDevice) { driver.handle(input) }
        driver.finish()
        return driver.engine.transcript.text
    }

    @Test func aRecordingReplaysToTheLiveTranscriptByteForByte() throws {
        var s = try session()
        // Commands first, then touch, pointer, keys and the app's batches,
        // some at the same millisecond as an input, a timer run ahead.
        try s.apply(.setEditing(true), at: t(0))
        try s.touch(.began, sequence: 5, at: Point(x: 40, y: 30), time: t(0))
        try s.touch(.ended, sequence: 5, at: Point(x: 40, y: 30), time: t(60))
        try s.apply(.setEditing(false), at: t(60))
        try s.pointerMotion(to: Point(x: 200, y: 140), time: t(300))
        try s.pointerButton(1, pressed: true, at: Point(x: 200, y: 140), time: t(320))
        s.fire(until: t(900))
        for k in 1...12 { try s.pointerMotion(to: Point(x: 200, y: 140 + Double(k) * 25), time: t(900 + Int64(k) * 16)) }
        try s.apply(BatchUpdate([.insertItem("kiwi", at: ItemPath(section: 1, item: 0))]), at: t(1092))
        try s.pointerButton(1, pressed: false, at: Point(x: 200, y: 440), time: t(1100))
        try s.scroll(dx: 0, dy: 1.5, at: Point(x: 200, y: 300), time: t(1300))
        s.fire(until: t(1500))
        try s.apply(.focus(ItemPath(section: 0, item: 0)), at: t(1600))
        try s.key(57, .pressed, time: t(1700))    // space: pick up
        try s.key(57, .released, time: t(1710))
        try s.key(108, .pressed, time: t(1800))   // down
        try s.key(108, .released, time: t(1810))
        try s.key(57, .pressed, time: t(1900))    // space: drop
        try s.touch(.began, sequence: 6, at: Point(x: 380, y: 28), time: t(2500))
        for k in 1...8 { try s.touch(.moved, sequence: 6, at: Point(x: 380 - Double(k) * 45, y: 28), time: t(2500 + Int64(k) * 10)) }
        try s.touch(.ended, sequence: 6, at: Point(x: 20, y: 28), time: t(2590))
        try s.apply(.undo, at: t(3000))
        try s.apply(.resizeViewport(Size(width: 300, height: 500)), at: t(3100))
        try s.touch(.began, sequence: 7, at: Point(x: 150, y: 84), time: t(3200))
        s.fire(until: t(3800))
        try s.touch(.moved, sequence: 7, at: Point(x: 150, y: 300), time: t(3900))
        try s.cancel(time: t(3950))
        s.fire(until: t(6000))
        s.finish()
        let live = s.engine.transcript.text
        #expect(live.contains("committed #2 move plum") && live.contains("appBatch #1 insert kiwi"))
        #expect(live.contains("undo"))
        let recording = try #require(s.recording)
        #expect(recording.devices.count == 4, "a touch device more after the resize")
        #expect(try replay(recording) == live)
    }

    /// A recording's devices as traces, as a libinput-record file holds them.
    private func traces(_ r: ToolkitSession.Recording) -> [Trace] {
        r.devices.indices.map { d in
            var events: [RawEvent] = []
            for (k, frame) in r.frames where k == d {
                events += frame.events
                events.append(RawEvent(time: frame.time, type: EventType.syn, code: SynCode.report, value: 0))
            }
            return Trace(device: r.devices[d], events: events)
        }
    }

    private static let fruitScene = Scene(
        viewport: viewport, metrics: LayoutMetrics(rowHeight: 56),
        sections: [Scene.Section(id: "fruit", items: ["apple", "pear", "plum", "fig"].map { Scene.Item(id: ItemID($0), label: $0) }),
                   Scene.Section(id: "veg", items: ["leek", "kale"].map { Scene.Item(id: ItemID($0), label: $0) })])

    /// `trace cut` and `trace minimize` of a recording of several devices:
    /// every device cut to one window, minimized together; what is kept
    /// still replays to the same commit.
    @Test func aRecordingOfSeveralDevicesCutsAndMinimizesWhole() throws {
        let input = ToolkitInput(viewport: Self.viewport, pointsPerMillimetre: Self.ppm)
        var s = ToolkitSession(engine: try Engine(scene: Self.fruitScene, device: input.touchDevices[0], recordingTranscript: true),
                               input: input, recordingInput: true)
        try s.pointerMotion(to: Point(x: 50, y: 500), time: t(0))
        try s.key(108, .pressed, time: t(100))
        try s.touch(.began, sequence: 1, at: Point(x: 380, y: 300), time: t(1000))
        try s.touch(.ended, sequence: 1, at: Point(x: 380, y: 300), time: t(1050))
        try s.pointerButton(1, pressed: true, at: Point(x: 200, y: 84), time: t(2000))
        s.fire(until: t(2600))
        for k in 1...8 { try s.pointerMotion(to: Point(x: 200, y: 84 + Double(k) * 15), time: t(2600 + Int64(k) * 16)) }
        try s.pointerButton(1, pressed: false, at: Point(x: 200, y: 204), time: t(2800))
        try s.touch(.began, sequence: 2, at: Point(x: 100, y: 400), time: t(4000))
        try s.touch(.ended, sequence: 2, at: Point(x: 100, y: 400), time: t(4040))
        s.finish()
        #expect(s.engine.transcript.text.contains("committed #1 move pear [0,1] -> [0,3]"))
        let all = traces(try #require(s.recording))

        let cut = try TraceCut.cut(all, keeping: .time(from: .milliseconds(1900), to: .milliseconds(2900)))
        #expect(cut.count == 3)
        #expect(TraceSummary(trace: cut[0]).contactCount == 0 && TraceSummary(trace: cut[1]).contactCount == 1,
                "the window holds the pointer's drag alone")
        var replayCase = ReplayCase(name: "cut", trace: cut[0], scene: Self.fruitScene)
        replayCase.moreDevices = Array(cut.dropFirst())
        #expect(try replayCase.replay().transcript.text.contains("committed #1 move pear [0,1] -> [0,3]"))
        #expect(throws: TraceCut.Failure.self) { try TraceCut.cut(all, keeping: .contacts([1])) }

        var minimizer = TraceMinimizer(trace: all[0], scene: Self.fruitScene) { $0.hasPrefix("committed") }
        minimizer.moreDevices = Array(all.dropFirst())
        let result = try minimizer.minimize()
        #expect(result.kept == ["committed #1 move pear [0,1] -> [0,3]"])
        #expect(result.frames < all.reduce(0) { $0 + $1.frames.count })
        #expect(TraceSummary(trace: result.trace).contactCount == 0, "no touch is needed for the drag")
        var minimal = ReplayCase(name: "min", trace: result.trace, scene: Self.fruitScene)
        minimal.moreDevices = result.moreDevices
        #expect(try minimal.replay().transcript.text.contains("committed #1 move pear [0,1] -> [0,3]"))
    }

    /// A load result that takes the dragged item away ends the drag, and
    /// the gesture with it: the rest of that touch is ignored until it lifts
    /// (issue 38: the loading paths cancelled the drag, not the gesture).
    @Test func aLoadThatTakesTheDraggedItemAwayCancelsTheGestureToo() throws {
        var s = try session()
        try s.touch(.began, sequence: 1, at: Point(x: 200, y: 84), time: t(0))
        s.fire(until: t(600))
        #expect(s.engine.phase == .dragging)
        try s.apply(.loading(.beginLoading, content: nil), at: t(700))
        let without = [CollectionSection(id: "fruit", items: ["apple", "plum", "fig"]), CollectionSection(id: "veg", items: ["leek", "kale"])]
        try s.apply(.loading(.loadedContent, content: without), at: t(800))
        #expect(s.engine.phase == .idle)
        let lines = s.engine.transcript.text
        #expect(lines.contains("gesture longPress cancelled"), "\(lines)")
        // The rest of that touch is ignored: no gesture of it after the load.
        let after = try s.touch(.moved, sequence: 1, at: Point(x: 200, y: 300), time: t(900))
            + s.touch(.ended, sequence: 1, at: Point(x: 200, y: 300), time: t(950))
        #expect(!after.contains { $0.textLine.contains("gesture pan") || $0.textLine.contains("gapMoved") }, "\(after.map(\.textLine))")
    }
}
