import Foundation
import Testing
@_spi(Benchmarks) import Gripper
import GripperTesting
import GripperPictures
import GripperReplay
import GripperReplayCases
import GripperScene
import GripperScripting

@Suite struct ScenarioReplayTests {
    @Test func theLibraryIsComplete() throws {
        #expect(ScenarioFolder.names == ScenarioLibrary.all.map(\.name).sorted())
        #expect(ScenarioFolder.names.count == 33)
        let cases = try ReplayCaseLibrary.find(in: [Fixtures.recording("scenarios").path])
        #expect(cases.map { ($0.name as NSString).lastPathComponent } == ScenarioFolder.names)
        #expect(cases.allSatisfy { $0.problem == nil && $0.layout == .folder && $0.hasExpected })
    }

    /// Every case of `Recordings/scenarios`, found and read by the case
    /// convention (as `gripper test` finds them) and checked with the
    /// replay assertion (`GRIPPER_RECORD=failed` re-records after an
    /// intended change of behaviour).
    @Test(arguments: try! ReplayCaseLibrary.find(in: [Fixtures.recording("scenarios").path]))
    func replaysToItsExpectedTranscript(_ file: ReplayCaseFile) throws {
        let (replayCase, _) = try file.load()
        try assertReplay(replayCase.trace, scene: replayCase.scene, gestures: replayCase.gestures, matches: file.expectedPath)
        let name = (file.name as NSString).lastPathComponent
        let folder = try ScenarioFolder(name)
        let replay = try Replay(trace: folder.trace, scene: folder.scene)
        // Byte for byte again, and the same as a live loop's.
        #expect(try Replay(trace: folder.trace, scene: folder.scene).engine.transcript == replay.engine.transcript)
        #expect(try liveStyleTranscript(folder.trace, scene: folder.scene) == replay.engine.transcript)
        #expect(replay.engine.journal.replay() == .success(replay.engine.model))
    }

    /// The trace files are captures (`gripper record` on an emulated device
    /// fed the script): the same frames as the script's trace, at the same
    /// times, plus the empty frames the emulation opens with.
    @Test(arguments: ScenarioLibrary.all.map(\.name))
    func theFilesAreCapturesOfTheScript(_ name: String) throws {
        let scenario = try #require(ScenarioLibrary.named(name))
        let folder = try ScenarioFolder(name)
        let captured = folder.trace.frames.filter { !$0.events.isEmpty }
        let scripted = scenario.trace.frames.filter { !$0.events.isEmpty }
        #expect(captured.count == scripted.count)
        let firstDifference = zip(captured, scripted).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(firstDifference == nil, "the capture differs from the script at frame \(firstDifference ?? -1)")
        #expect(folder.trace.frames.first?.time == .zero)
        #expect(folder.trace.device.name == scenario.trace.device.name)
        let scene = try String(contentsOf: Fixtures.recording("scenarios/\(name)/scene.json"), encoding: .utf8)
        #expect(scene == scenario.scene + "\n")
        // The script's own trace replays to the same transcript as the capture.
        #expect(try Replay(trace: scenario.trace, scene: folder.scene).engine.transcript.text == folder.expected)
    }

    @Test(arguments: ScenarioFolder.names)
    func invariantsHoldAfterEveryFrame(_ name: String) throws {
        let folder = try ScenarioFolder(name)
        var driver = try EngineDriver(scene: folder.scene, device: folder.trace.device, recordingTranscript: true)
        let start = try folder.scene.model()
        for frame in folder.trace.frames {
            driver.handle(frame)
            let engine = driver.engine
            #expect(engine.journal.replay() == .success(engine.model))
            #expect(Set(engine.model.allItems).count == engine.model.numberOfItems)
            let snapshot = engine.snapshot()
            let proxies = snapshot.attributes.filter { if case .dragProxy = $0.kind { true } else { false } }
            let dragging = engine.stateName.hasSuffix("dragging")
            #expect(proxies.count == (dragging ? 1 : 0), "\(name) at \(frame.time)")
            #expect((snapshot.hiddenSource != nil) == dragging)
            let swiped = snapshot.attributes.filter { $0.kind == .cell && $0.swipe != nil }
            #expect(swiped.count <= 1)
        }
        driver.finish()
        let engine = driver.engine
        // Nothing left pending at the end.
        #expect(driver.nextDeadline == nil)
        if engine.journal.entries.isEmpty { #expect(engine.model == start) }
    }

    /// What each scenario must do, independently of the recorded transcript.
    @Test func eachScenarioDoesWhatItSays() throws {
        func run(_ name: String) throws -> Engine { try Replay(trace: ScenarioFolder(name).trace, scene: ScenarioFolder(name).scene).engine }
        func items(_ e: Engine) -> [String] { e.model.allItems.map(\.rawValue) }
        func events(_ e: Engine) -> [Transcript.Event] { e.transcript.entries.map(\.event) }
        func edits(_ e: Engine) -> [Edit] { e.journal.entries.map(\.edit) }

        var e = try run("swipe-then-delete")
        #expect(edits(e) == [.action("delete", item: "i2")] && !items(e).contains("i2") && items(e).count == 7)
        e = try run("swipe-then-shut")
        #expect(edits(e).isEmpty && events(e).contains(.effect(.swipeOpened("i3"))) && events(e).contains(.effect(.swipeShut("i3"))))
        e = try run("full-swipe")
        #expect(edits(e) == [.action("delete", item: "i4")] && !events(e).contains(.effect(.swipeOpened("i4"))))
        e = try run("vertical-pan-scrolls")
        #expect(edits(e).isEmpty && e.contentOffset > 300)
        #expect(!events(e).contains { if case .effect(.swipeBegan) = $0 { true } else { false } })
        e = try run("pinned-header-pushed-up")
        #expect(edits(e).isEmpty && e.contentOffset > 368 && e.metrics.header.isPinned)
        #expect(events(e).filter { $0 == .transition(from: .scrolling, to: .idle) }.count == 3)
        #expect(!events(e).contains { if case .effect(.swipeBegan) = $0 { true } else { false } })
        e = try run("batch-select-delete")
        #expect(edits(e).first == .delete(["i2", "i4", "i5"]) && items(e) == ["i1", "i3", "i6", "i7", "i8"])
        e = try run("batch-gripper-drag")
        #expect(edits(e) == [.move("i1", from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 3))])
        #expect(!events(e).contains { if case .gesture(let g) = $0, g.kind == .longPress { true } else { false } })
        e = try run("long-press-drag-down-up")
        #expect(edits(e).count == 2 && items(e).first == "i7" && items(e)[6] == "i2")
        e = try run("grid-drag")
        #expect(items(e) == ["t2", "t3", "t4", "t5", "t6", "t1", "t7", "t8", "t9", "t10"])
        e = try run("drag-into-another-section")
        #expect(e.model.sections.map { $0.items.map(\.rawValue) } == [["apple", "plum"], ["leek", "kale", "pear", "bean"]])
        e = try run("drag-auto-scroll")
        #expect(e.contentOffset > 500 && (items(e).firstIndex(of: "i3") ?? 0) > 20)
        e = try run("drag-cancelled-by-set-editing")
        #expect(edits(e).isEmpty && events(e).contains(.effect(.dragCancelled("i2"))) && !e.isEditing)
        e = try run("drag-ended-by-device-loss")
        #expect(edits(e).isEmpty && events(e).contains(.deviceLost) && events(e).contains(.effect(.dragCancelled("i2"))))
        e = try run("mouse-swipe")
        #expect(edits(e) == [.action("delete", item: "i3")])
        e = try run("mouse-drag")
        #expect(items(e) == ["i2", "i3", "i4", "i5", "i1", "i6", "i7", "i8"])
        e = try run("menu-then-drag")
        let opened = try #require(events(e).firstIndex(of: .effect(.menuOpened("pear", actions: ["copy", "share", "delete"]))))
        let dismissed = try #require(events(e).firstIndex(of: .effect(.menuDismissed("pear"))))
        let began = try #require(events(e).firstIndex(of: .effect(.dragBegan("pear", from: ItemPath(section: 0, item: 1)))))
        #expect(opened < dismissed && dismissed < began)
        #expect(e.model.sections.map { $0.items.map(\.rawValue) } == [["apple", "plum"], ["leek", "kale", "pear", "bean"]])
        e = try run("menu-tap-entry")
        #expect(edits(e) == [.action("delete", item: "pear"), .action("share", item: "plum")])
        #expect(e.journal.entries.first?.batch == BatchUpdate([.deleteItem(ItemPath(section: 0, item: 1))]))
        #expect(!events(e).contains(.effect(.menuDismissed("pear"))))
        #expect(items(e) == ["apple", "plum", "leek", "kale", "bean"])
        e = try run("layout-switch-during-batch-editing")
        #expect(edits(e) == [.move("i1", from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 7))])
        #expect(e.selection == ["i2", "i4", "i6"] && e.metrics.columns == 1 && e.phase == .batchEditingIdle)
        #expect(events(e).filter { if case .stimulus(.changeLayout) = $0 { true } else { false } }.count == 2)
        e = try run("fling-snaps-to-rows")
        // Each scroll ended on a row's edge, where its flingBegan said.
        let settled = events(e).compactMap { if case .effect(.scrollMotionEnded(.fling, let at, _)) = $0 { at } else { nil } }
        #expect(settled.count == 2 && settled.allSatisfy { $0.truncatingRemainder(dividingBy: 56) == 0 } && e.contentOffset == settled.last)
        e = try run("section-moved-mid-drag")
        // The app's section move lands mid-drag: nothing cancelled, the gap
        // not moved by it, and Pear dropped after Plum in the moved Fruit.
        let entries = e.transcript.entries
        let batch = try #require(entries.firstIndex { $0.event.name == "appBatch" })
        #expect(entries[batch + 1].offset > entries[batch].offset, "nothing written with the batch: \(entries[batch + 1].textLine)")
        #expect(!events(e).contains { $0.name == "dragCancelled" })
        #expect(edits(e) == [.app, .move("pear", from: ItemPath(section: 1, item: 1), to: ItemPath(section: 1, item: 2))])
        #expect(e.model.sections.map(\.id.rawValue) == ["veg", "fruit"])
        #expect(e.model.sections.map { $0.items.map(\.rawValue) } == [["leek", "kale", "bean"], ["apple", "plum", "pear"]])
        e = try run("touchpad-pinch-between-layouts")
        // Spread into the list, a two-finger scroll that stays a scroll, closed into five columns.
        let steps = events(e).compactMap { if case .layoutPinch(let s) = $0 { s } else { nil } }
        #expect(steps.count == 4 && e.metrics.columns == 5 && edits(e).isEmpty)
        guard case .finished(let spread)? = steps.dropFirst().first, case .finished(let closed)? = steps.last else {
            Issue.record("\(steps)"); return
        }
        #expect(spread.columns == 1 && closed.columns == 5)
        let lastPinchOfList = try #require(events(e).firstIndex { if case .layoutPinch(.finished) = $0 { true } else { false } })
        let scrolls = events(e)[lastPinchOfList...].dropFirst().prefix { if case .layoutPinch = $0 { false } else { true } }
            .filter { if case .gesture(let g) = $0 { g.kind == .scroll } else { false } }
        #expect(scrolls.count > 10)
    }
}
