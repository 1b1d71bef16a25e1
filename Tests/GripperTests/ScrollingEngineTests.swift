import GripperLayout
import GripperTesting
import Testing
@testable import Gripper
@testable import GripperScene
import GripperScripting
import GripperTraces
@_spi(Benchmarks) import Gripper
@_spi(Benchmarks) import GripperEditing

/// Scrolling through the whole engine, with frames a person would make on
/// the probe touchscreen: flings, a touch that stops one, the rubber band,
/// the app's scrolls, the re-clamp after edits, viewport changes.
@Suite struct ScrollingEngineTests {
    /// A 400 × 640 list of `count` 56-point rows.
    static func scene(_ count: Int, stimuli: String = "") throws -> Scene {
        let items = (1...count).map { "{\"id\":\"i\($0)\"}" }.joined(separator: ",")
        let json = """
        {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56},"selection":"multiple",
         "sections":[{"id":"list","items":[\(items)]}],"stimuli":[\(stimuli)]}
        """
        return try Scene.decode(Array(json.utf8), fileName: "scene.json")
    }

    static func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location { .fraction(x / 400, y / 640) }

    static func builder(seed: UInt64) -> TraceBuilder {
        TraceBuilder(device: TestDevices.probeTouchscreen, seed: seed,
                     configuration: .init(start: .zero + .milliseconds(500)))
    }

    /// A flick 300 points up in 150 ms, lifted while moving.
    static func flick(_ b: inout TraceBuilder) {
        b.perform([TraceBuilder.Stroke(at: pt(205, 520)).moving(to: pt(200, 220), over: .milliseconds(150),
                                                                 easing: .linear)])
    }

    static func run(_ engine: inout Engine, _ b: TraceBuilder) -> [Transcript.Entry] {
        var entries: [Transcript.Entry] = []
        for frame in Trace(device: b.device, events: b.events).frames {
            entries += engine.handle(frame)
            #expect(engine._invariantViolations().isEmpty, "at \(frame.time)")
        }
        return entries
    }

    static func effects(_ entries: [Transcript.Entry]) -> [EditingEffect] {
        entries.compactMap { if case .effect(let e) = $0.event { e } else { nil } }
    }

    @Test func aFlingKeepsMovingAndSettlesWhereItSaidInTwoEntries() throws {
        var engine = try Engine(scene: Self.scene(60), device: TestDevices.probeTouchscreen)
        var b = Self.builder(seed: 1)
        Self.flick(&b)
        var entries = Self.run(&engine, b)
        let atLift = engine.contentOffset
        #expect(engine.isScrollMoving && engine.phase == .idle)
        entries += engine.fire(until: engine.now! + .seconds(10))
        #expect(!engine.isScrollMoving && engine.nextDeadline == nil)
        let motions = Self.effects(entries).filter {
            switch $0 {
            case .scrollMotionBegan, .scrollMotionEnded: true
            default: false
            }
        }
        guard motions.count == 2, case .scrollMotionBegan(let m) = motions[0],
              case .scrollMotionEnded(.fling, let at, true) = motions[1] else {
            Issue.record("expected flingBegan, flingSettled: \(motions)")
            return
        }
        #expect(m.from == atLift && m.velocity > 1000)
        #expect(at == m.to && engine.contentOffset == at)
        // About v × 0.5 s further.
        #expect(abs((at - atLift) - m.velocity * 0.4995) < 5)
        // No scroll entry between the two in the transcript: the settle says it.
        let settle = entries.lastIndex { if case .effect(.scrollMotionEnded) = $0.event { true } else { false } }!
        #expect(!entries[..<settle].contains { $0.offset > entries[settle].offset - 1 && $0.event == .effect(.scrolled(to: at)) })
    }

    @Test func aTouchOnAFlingStopsItAndIsNoTap() throws {
        var engine = try Engine(scene: Self.scene(60), device: TestDevices.probeTouchscreen)
        var b = Self.builder(seed: 2)
        Self.flick(&b)
        b.pause(.milliseconds(300))
        b.tap(at: Self.pt(200, 300))
        b.pause(.milliseconds(400))
        let entries = Self.run(&engine, b)
        let all = Self.effects(entries)
        let stop = try #require(all.firstIndex { if case .scrollMotionEnded(.fling, _, false) = $0 { true } else { false } })
        let effects = all[stop...]
        #expect(!effects.contains { if case .highlight(.some) = $0 { true } else { false } }, "the catching touch highlights nothing")
        #expect(!effects.contains { if case .selectionChanged = $0 { true } else { false } }, "and selects nothing")
        #expect(engine.selection.isEmpty && !engine.isScrollMoving)
        // The next tap is a tap again.
        var more = Self.builder(seed: 3)
        more.pause(engine.now! - (.zero + .milliseconds(400)))
        more.tap(at: Self.pt(200, 300))
        _ = Self.run(&engine, more)
        #expect(engine.selection.count == 1)
    }

    @Test func aPullPastTheTopIsRubberBandedAndSpringsBack() throws {
        var engine = try Engine(scene: Self.scene(30), device: TestDevices.probeTouchscreen)
        var b = Self.builder(seed: 4)
        b.perform([TraceBuilder.Stroke(at: Self.pt(200, 150)).moving(to: Self.pt(200, 450), over: .milliseconds(500))
            .holding(.milliseconds(150))])
        var lowest = 0.0
        for frame in Trace(device: b.device, events: b.events).frames {
            engine.handle(frame)
            lowest = min(lowest, engine.contentOffset)
        }
        // Dragged about 290 points past the top: (1 − 1/(290·0.55/640 + 1)) · 640 ≈ 128.
        #expect(lowest < -100 && lowest > -160)
        let entries = engine.fire(until: engine.now! + .seconds(2))
        #expect(engine.contentOffset == 0 && !engine.isScrollMoving)
        #expect(Self.effects(entries).contains(.scrollMotionEnded(.bounce, at: 0, settled: true)))
    }

    @Test(arguments: [(ScrollPosition.top, 1120.0), (.center, 1120 + 28 - 320), (.bottom, 1176 - 640)])
    func theAppScrollsToAnItem(position: ScrollPosition, offset: Double) throws {
        var engine = try Engine(scene: Self.scene(60), device: TestDevices.probeTouchscreen)
        engine.scroll(to: .item(ItemPath(section: 0, item: 20), position), animated: false, at: .zero)
        #expect(engine.contentOffset == offset)
    }

    @Test func nearestScrollsOnlyAsFarAsNeeded() throws {
        var engine = try Engine(scene: Self.scene(60), device: TestDevices.probeTouchscreen)
        engine.scroll(to: .item(ItemPath(section: 0, item: 5), .nearest), animated: false, at: .zero)
        #expect(engine.contentOffset == 0, "already shown whole")
        engine.scroll(to: .item(ItemPath(section: 0, item: 20), .nearest), animated: false, at: .zero)
        #expect(engine.contentOffset == 1176 - 640, "below: its bottom at the bottom")
        engine.scroll(to: .item(ItemPath(section: 0, item: 2), .nearest), animated: false, at: .zero)
        #expect(engine.contentOffset == 112, "above: its top at the top")
        // Past the end: clamped. Not in the content: refused.
        engine.scroll(to: .offset(1e300), animated: false, at: .zero)
        #expect(engine.contentOffset == 60 * 56 - 640)
        let refused = engine.scroll(to: .item(ItemPath(section: 0, item: 60), .top), animated: false, at: .zero)
        #expect(refused.contains { if case .rejected = $0.event { true } else { false } })
        #expect(engine.contentOffset == 60 * 56 - 640)
    }

    @Test func anAnimatedScrollMovesOnDeadlinesAndMakesOneTransition() throws {
        var engine = try Engine(scene: Self.scene(60), device: TestDevices.probeTouchscreen, makingTransitions: true)
        let t0 = EventTime.milliseconds(1000)
        let entries = engine.scroll(to: .offset(1000), animated: true, at: t0)
        #expect(entries.map(\.textLine).suffix(1) == ["0.000000 scrollAnimationBegan from 0.00 to 1000.00"])
        let transitions = engine.takeTransitions()
        #expect(transitions.count == 1)
        #expect(transitions.first?.cause == .scrollAnimation)
        #expect(transitions.first?.initialContentOffset == 0 && transitions.first?.finalContentOffset == 1000)
        #expect(transitions.first?.duration == .milliseconds(300) && transitions.first?.curve == .easeInOut)
        engine.fire(until: t0 + .microseconds(9 * 16_667))
        #expect(abs(engine.contentOffset - 500) < 0.1, "half way at half time (the ninth frame, 150.003 ms)")
        engine.fire(until: t0 + .microseconds(299_999))
        #expect(engine.isScrollMoving)
        let end = engine.fire(until: t0 + .milliseconds(300))
        #expect(engine.contentOffset == 1000 && !engine.isScrollMoving)
        #expect(end.last?.textLine == "0.300000 scrollAnimationSettled at 1000.00")
    }

    @Test func theAppCannotScrollUnderADrag() throws {
        var engine = try Engine(scene: Self.scene(30), device: TestDevices.probeTouchscreen, recordingTranscript: true)
        var b = Self.builder(seed: 5)
        b.perform([TraceBuilder.Stroke(at: Self.pt(200, 140)).holding(.milliseconds(700))])
        var frames = Trace(device: b.device, events: b.events).frames
        let last = frames.removeLast()
        for f in frames { engine.handle(f) }
        #expect(engine.phase == .dragging)
        let refused = engine.scroll(to: .offset(300), animated: true, at: engine.now!)
        #expect(refused.map(\.textLine).last?.hasSuffix("rejected scroll: refused while the user is dragging an item") == true)
        #expect(engine.contentOffset == 0 && !engine.isScrollMoving)
        engine.handle(last)
    }

    @Test func anEditThatShrinksTheContentClampsTheOffsetAtOnce() throws {
        var engine = try Engine(scene: Self.scene(30), device: TestDevices.probeTouchscreen)
        engine.scroll(to: .offset(10_000), animated: false, at: .zero)
        #expect(engine.contentOffset == 30 * 56 - 640)
        let deletes = (20..<30).reversed().map { BatchUpdate.Operation.deleteItem(ItemPath(section: 0, item: $0)) }
        try engine.apply(BatchUpdate(deletes), at: .milliseconds(10))
        #expect(engine.contentOffset == 20 * 56 - 640)
        // Scroll entries come with the next entry (coalesced), at their own time.
        let next = engine.apply(.setEditing(true), at: .milliseconds(20))
        #expect(next.first?.textLine == "0.010000 scrolled to 480.00")
    }

    @Test func aResizeKeepsTheFirstVisibleItemWhereItWas() throws {
        var engine = try Engine(scene: Self.scene(60), device: TestDevices.probeTouchscreen)
        // Item 20 (top 1120) 30 points below the top.
        engine.scroll(to: .offset(1090), animated: false, at: .zero)
        let first = engine.firstVisibleItem()
        #expect(first?.indexPath == ItemPath(section: 0, item: 19) && first?.fromTop == -26)
        engine.resizeViewport(to: Size(width: 640, height: 400), at: .milliseconds(5))
        #expect(engine.viewportSize == Size(width: 640, height: 400))
        #expect(engine.contentOffset == 1090, "rows keep their heights: the same offset keeps item 19 in place")
        // At the end, the offset is clamped to the new range.
        engine.scroll(to: .offset(10_000), animated: false, at: .milliseconds(6))
        engine.resizeViewport(to: Size(width: 400, height: 640), at: .milliseconds(7))
        #expect(engine.contentOffset == 60 * 56 - 640)
        #expect(engine._invariantViolations().isEmpty)
        // A size the layout cannot take is refused, nothing changed.
        let refused = engine.resizeViewport(to: Size(width: 0, height: 300), at: .milliseconds(8))
        #expect(refused.contains { if case .rejected = $0.event { true } else { false } })
        #expect(engine.viewportSize == Size(width: 400, height: 640))
    }

    @Test func aResizeDuringADragKeepsTheDrag() throws {
        let folder = try ScenarioFolder("rotation-during-drag")
        var driver = try EngineDriver(scene: folder.scene, device: folder.trace.device, recordingTranscript: true)
        var resizedWhileDragging = false
        for frame in folder.trace.frames {
            let wasSize = driver.engine.viewportSize
            driver.handle(frame)
            if driver.engine.viewportSize != wasSize { resizedWhileDragging = driver.engine.phase == .dragging }
            #expect(driver.engine._invariantViolations().isEmpty)
        }
        driver.finish()
        #expect(resizedWhileDragging)
        #expect(driver.engine.viewportSize == Size(width: 640, height: 400))
        #expect(driver.engine.journal.entries.count == 1)
    }

    @Test func aSceneCanResizeTheViewportAndABadSizeNamesItsField() throws {
        let scene = try Self.scene(5, stimuli: "{\"t\":1,\"resizeViewport\":{\"width\":640,\"height\":400}}")
        #expect(scene.stimuli.first?.action == .resizeViewport(Size(width: 640, height: 400)))
        #expect(throws: SceneError.self) {
            _ = try Self.scene(5, stimuli: "{\"t\":1,\"resizeViewport\":{\"width\":640,\"height\":0}}")
        }
        do {
            _ = try Self.scene(5, stimuli: "{\"t\":1,\"resizeViewport\":{\"width\":640}}")
            Issue.record("accepted a size without a height")
        } catch {
            #expect("\(error)".contains("stimuli[0].resizeViewport"))
        }
    }
}
