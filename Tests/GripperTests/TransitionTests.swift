import GripperLayout
import GripperTesting
import Testing
@testable import Gripper
@testable import GripperScene
import GripperScripting
@_spi(Benchmarks) import Gripper

/// Animation data: every change to what is shown yields a transition whose
/// "before" is what was shown and whose "after" is what is shown next.
@Suite struct EngineTransitionTests {
    @Test(arguments: ScenarioLibrary.all.map(\.name))
    func everyTransitionEndsAtTheNextSnapshot(_ name: String) throws {
        let folder = try ScenarioFolder(name)
        var driver = try EngineDriver(scene: folder.scene, device: folder.trace.device, makingTransitions: true)
        var shown = driver.engine.shownState
        var causes: Set<EngineTransition.Cause> = []
        func check(_ transitions: [EngineTransition]) {
            let now = driver.engine.shownState
            for t in transitions {
                causes.insert(t.cause)
                for change in t.layout.moving + t.layout.appearing {
                    #expect(now.attributes(for: change.final.id) == change.final, "\(name) \(t.cause) \(change.final.id)")
                    #expect(change.final.kind != .dragProxy)
                }
                for change in t.layout.moving + t.layout.disappearing where change.initial.alpha > 0 {
                    // What was on screen before the step, unless an edit renumbered it.
                    if t.cause == .gapMoved || t.cause == .swipeOpened || t.cause == .swipeShut {
                        #expect(shown.attributes(for: change.initial.id) == change.initial, "\(name) \(t.cause)")
                    }
                }
                for change in t.layout.appearing { #expect(change.initial.alpha == 0) }
                for change in t.layout.disappearing { #expect(change.final.alpha == 0) }
                #expect(t.duration > .zero)
            }
            shown = now
        }
        for frame in folder.trace.frames {
            driver.handle(frame)
            check(driver.engine.takeTransitions())
        }
        driver.finish()
        check(driver.engine.takeTransitions())
        if name.contains("drag") && !name.contains("cancelled") && !name.contains("loss") {
            #expect(causes.contains(.gapMoved) && causes.contains(.dropped), "\(name): \(causes)")
        }
        if name == "swipe-then-shut" { #expect(causes.isSuperset(of: [.swipeOpened, .swipeShut])) }
        if name == "drag-cancelled-by-set-editing" { #expect(causes.contains(.dropCancelled)) }
    }

    /// One transition per gap move, each moving the cells between.
    @Test func aGapMoveIsOneTransitionOfTheCellsMakingRoom() throws {
        let folder = try ScenarioFolder("long-press-drag-down-up")
        var engine = try Engine(scene: folder.scene, device: folder.trace.device, makingTransitions: true)
        var gapMoves = 0, transitions: [EngineTransition] = []
        for frame in folder.trace.frames {
            gapMoves += engine.handle(frame).filter { if case .effect(.gapMoved) = $0.event { true } else { false } }.count
            transitions += engine.takeTransitions().filter { $0.cause == .gapMoved }
        }
        #expect(gapMoves == 10 && transitions.count == gapMoves)
        for t in transitions {
            let cells = t.layout.moving.filter { $0.final.kind == .cell }
            // Exactly one cell makes room: the one the gap passed.
            #expect(cells.count == 1)
            #expect(t.layout.moving.contains { $0.final.kind == .placeholder })
            #expect(t.duration == .milliseconds(250) && t.curve == .easeInOut)
        }
    }

    /// An app insert in the middle of a drag: the new cell fades in, the
    /// cells below (and the gap) move down, and the transition ends at what
    /// is shown.
    @Test func anAppInsertDuringADragIsOneTransition() throws {
        let folder = try ScenarioFolder("long-press-drag-down-up")
        var engine = try Engine(scene: folder.scene, device: folder.trace.device, makingTransitions: true)
        var frames = folder.trace.frames[...]
        while let frame = frames.popFirst() {
            let entries = engine.handle(frame)
            if entries.contains(where: { if case .effect(.gapMoved) = $0.event { true } else { false } }) { break }
        }
        _ = engine.takeTransitions()
        let time = engine.now!
        try engine.apply(BatchUpdate([.insertItem("new", at: ItemPath(section: 0, item: 0))]), at: time)
        let transitions = engine.takeTransitions()
        try #require(transitions.count == 1)
        let t = transitions[0]
        #expect(t.cause == .appChanged && t.duration == .milliseconds(300))
        #expect(t.layout.appearing.contains { $0.final.kind == .cell && $0.final.indexPath == ItemPath(section: 0, item: 0) })
        #expect(t.layout.moving.contains { $0.final.kind == .placeholder })
        let now = engine.shownState
        for change in t.layout.moving + t.layout.appearing {
            #expect(now.attributes(for: change.final.id) == change.final)
        }
        #expect(engine.presentation.drag != nil)
    }

    @Test func anEngineWithoutTransitionsMakesNone() throws {
        let folder = try ScenarioFolder("long-press-drag-down-up")
        var engine = try Engine(scene: folder.scene, device: folder.trace.device)
        for frame in folder.trace.frames { engine.handle(frame) }
        #expect(engine.takeTransitions().isEmpty)
    }

    @Test func curvesRunFromZeroToOne() {
        for curve in TimingCurve.allCases {
            #expect(curve.value(at: 0) == 0 && curve.value(at: 1) == 1)
            #expect(curve.value(at: -1) == 0 && curve.value(at: 2) == 1 && curve.value(at: .nan) == 0)
            var last = 0.0
            for k in 1...100 {
                let v = curve.value(at: Double(k) / 100)
                #expect(v >= last)
                last = v
            }
        }
    }
}
