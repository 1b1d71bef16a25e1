import Testing
@_spi(Benchmarks) import Gripper
import GripperInput
import GripperTesting
import GripperScene
import GripperScripting

/// A press held still past the tap's maximum duration but lifted before the
/// long-press duration, through the whole engine — raw frames of a
/// touchscreen and of a mouse, to the transcript: it is a tap, so it
/// selects, shuts an open cell, and cancels a delete confirmation; held the
/// long-press duration it is a long-press instead.
@Suite struct EnginePressTests {
    static let scene = """
    {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"separator":1},
     "sections":[{"id":"list","items":[{"id":"i1"},{"id":"i2"},{"id":"i3"},{"id":"i4"},{"id":"i5"},{"id":"i6"}]}]}
    """

    /// Both sides of the tap's maximum duration, and just short of the long-press duration.
    static let tapHolds: [Duration] = [.microseconds(299_999), .milliseconds(300), .microseconds(499_999)]

    static func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location { .fraction(x / 400, y / 640) }
    static func row(_ row: Int) -> Double { Double(row) * 56 + 28 }

    static func builder(mouse: Bool) -> TraceBuilder {
        mouse ? TraceBuilder(device: TestDevices.probeMouse, seed: 41,
                             configuration: .init(mouseArea: .init(width: 400, height: 640)))
              : TraceBuilder(device: TestDevices.probeTouchscreen, seed: 41)
    }

    /// The frames of `b` with a press held still at `location` appended,
    /// lasting exactly `hold` from its touch-down (or button-press) frame to
    /// its lift: the builder scripts a slightly shorter press and its lift
    /// frame is moved to the exact time.
    static func frames(_ b: TraceBuilder, pressingAt location: TraceBuilder.Location, for hold: Duration) throws -> [EventFrame] {
        var b = b
        let before = b.frames.count
        b.tap(at: location, duration: hold - .milliseconds(40))
        var frames = b.frames
        let down = try #require(frames[before...].first { f in
            f.events.contains { $0.type == EventType.key && $0.value == 1 }
        })
        let lift = down.time + hold
        let last = frames.count - 1
        #expect(frames[last - 1].time < lift)
        frames[last].time = lift
        for i in frames[last].events.indices { frames[last].events[i].time = lift }
        return frames
    }

    static func replay(_ frames: [EventFrame], mouse: Bool, scene: Scene? = nil) throws -> Engine {
        var driver = try EngineDriver(scene: scene ?? Scene.decode(Self.scene),
                                      device: mouse ? TestDevices.probeMouse : TestDevices.probeTouchscreen,
                                      recordingTranscript: true)
        for f in frames { driver.handle(f) }
        driver.finish()
        return driver.engine
    }

    static func events(_ engine: Engine) -> [Transcript.Event] { engine.transcript.entries.map(\.event) }

    static func isTap(_ e: Transcript.Event) -> Bool {
        if case .gesture(.tap) = e { true } else { false }
    }

    @Test(arguments: [false, true])
    func heldPressSelectsUntilTheLongPressDuration(mouse: Bool) throws {
        for hold in Self.tapHolds {
            let engine = try Self.replay(Self.frames(Self.builder(mouse: mouse), pressingAt: Self.pt(150, Self.row(2)), for: hold),
                                         mouse: mouse)
            let events = Self.events(engine)
            #expect(events.contains(where: Self.isTap), "held \(hold)")
            #expect(events.contains(.effect(.highlight(ItemPath(section: 0, item: 2)))), "held \(hold)")
            #expect(events.contains(.effect(.selectionChanged(["i3"]))), "held \(hold)")
            #expect(engine.selection == ["i3"] && engine.phase == .idle, "held \(hold)")
            // The selection is made at the lift.
            let selected = engine.transcript.entries.first { $0.event == .effect(.selectionChanged(["i3"])) }
            let touchDown = engine.transcript.entries.first { if case .gesture(.touch(.began, _)) = $0.event { true } else { false } }
            #expect(selected.flatMap { s in touchDown.map { s.offset - $0.offset } } == hold.microsecondsForTest, "held \(hold)")
        }
        // Held exactly the long-press duration: a long-press, no selection.
        let engine = try Self.replay(Self.frames(Self.builder(mouse: mouse), pressingAt: Self.pt(150, Self.row(2)),
                                                 for: .milliseconds(500)), mouse: mouse)
        let events = Self.events(engine)
        #expect(!events.contains(where: Self.isTap))
        #expect(events.contains { if case .gesture(.longPress(.began, _)) = $0 { true } else { false } })
        #expect(events.contains(.effect(.dragBegan("i3", from: ItemPath(section: 0, item: 2)))))
        #expect(engine.selection.isEmpty && engine.journal.entries.isEmpty)
    }

    @Test(arguments: [false, true])
    func heldPressElsewhereShutsTheOpenCell(mouse: Bool) throws {
        for hold in Self.tapHolds {
            var b = Self.builder(mouse: mouse)
            b.swipe(from: Self.pt(340, Self.row(1)), to: Self.pt(150, Self.row(1)), duration: .milliseconds(260))
            b.pause(.milliseconds(500))
            let engine = try Self.replay(Self.frames(b, pressingAt: Self.pt(120, Self.row(4)), for: hold), mouse: mouse)
            let events = Self.events(engine)
            #expect(events.contains(.effect(.swipeOpened("i2"))), "held \(hold)")
            let tap = try #require(events.lastIndex(where: Self.isTap), "held \(hold)")
            #expect(Array(events[(tap + 1)...].prefix(2)) == [.effect(.swipeShut("i2")), .transition(from: .open, to: .idle)],
                    "held \(hold)")
            #expect(engine.selection.isEmpty && engine.phase == .idle && engine.journal.entries.isEmpty,
                    "held \(hold)")
        }
    }

    @Test(arguments: [false, true])
    func heldPressElsewhereCancelsTheDeleteConfirmation(mouse: Bool) throws {
        var scene = try Scene.decode(Self.scene)
        scene.stimuli = [Scene.Stimulus(offset: .zero, action: .setEditing(true))]
        for hold in Self.tapHolds {
            var b = Self.builder(mouse: mouse)
            b.tap(at: Self.pt(20, Self.row(1)))  // the delete control
            b.pause(.milliseconds(400))
            let engine = try Self.replay(Self.frames(b, pressingAt: Self.pt(150, Self.row(4)), for: hold),
                                         mouse: mouse, scene: scene)
            let events = Self.events(engine)
            #expect(events.contains(.effect(.deleteConfirmationOpened("i2"))), "held \(hold)")
            let tap = try #require(events.lastIndex(where: Self.isTap), "held \(hold)")
            #expect(events[tap + 1] == .effect(.deleteConfirmationCancelled("i2")), "held \(hold)")
            #expect(!events.contains { if case .effect(.swipeShut) = $0 { true } else { false } }, "held \(hold)")
            #expect(engine.phase == .batchEditingIdle && engine.journal.entries.isEmpty, "held \(hold)")
        }
    }
}

extension Duration {
    /// Whole microseconds, for comparing with transcript offsets.
    fileprivate var microsecondsForTest: Int64 {
        let (s, atto) = components
        return s * 1_000_000 + atto / 1_000_000_000_000
    }
}
