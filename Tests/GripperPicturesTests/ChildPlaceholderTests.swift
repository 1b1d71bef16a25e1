import Testing
@testable import Gripper
import GripperEditing
import GripperGeometry
import GripperLayout
import GripperPictures
import GripperScene
import GripperScripting
import GripperTesting

/// A composed source's child that loads empty or fails shows its own
/// placeholder over its sections, with room kept for it, and takes no
/// editing gesture there; the other children work as ever.
@Suite struct ChildPlaceholderTests {
    /// Two children: "pinned" (one section, header 30, rows 50) on top of
    /// "recent" (one section, header 30, rows 50).
    private static let json = """
    {"viewport":{"width":400,"height":640},"layout":{"rowHeight":50,"headerHeight":30,"placeholderHeight":150},
     "children":[{"key":"pinned","sections":[{"id":"list","title":"Pinned","items":[{"id":"p1"},{"id":"p2"}]}]},
                 {"key":"recent","sections":[{"id":"list","title":"Recent","items":[{"id":"r1"},{"id":"r2"},{"id":"r3"}]}]}]}
    """

    private func engine(recording: Bool = false, height: Int = 640) throws -> Engine {
        let json = Self.json.replacingOccurrences(of: "\"height\":640", with: "\"height\":\(height)")
        return try Engine(scene: try Scene.decode(json), device: TestDevices.probeTouchscreen, recordingTranscript: recording)
    }

    private let t = EventTime(microseconds: 1_000_000)
    /// Entries' text lines without their times.
    private func lines(_ entries: [Transcript.Entry]) -> [String] {
        entries.map { String($0.textLine.split(separator: " ", maxSplits: 1)[1]) }
    }
    private func ms(_ n: Int64) -> EventTime { t + .milliseconds(n) }

    /// Plays a drag's `frames` and lifts it, checking just before the lift
    /// that the drag is in flight with its gap in recent (section 1), not
    /// in the covered pinned child; then ends the input.
    private func dropKeepingTheGapInRecent(_ engine: inout Engine, _ frames: [EventFrame],
                                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        for f in frames.dropLast() { engine.handle(f) }
        #expect(engine.phase == .dragging, sourceLocation: sourceLocation)
        let target = try #require(engine.presentation.drag?.target, sourceLocation: sourceLocation)
        #expect(target.section == 1, "the gap stays in recent: \(target)", sourceLocation: sourceLocation)
        engine.handle(frames[frames.count - 1])
        engine.finish()
    }
    private func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location { .fraction(x / 400, y / 640) }

    /// Loads both children; pinned's result is `pinned` (empty or failed).
    private func load(_ engine: inout Engine, pinned: LoadingEvent, content: [CollectionSection]?) {
        engine.apply(.loadingChild("pinned", .beginLoading, content: nil), at: ms(0))
        engine.apply(.loadingChild("recent", .beginLoading, content: nil), at: ms(0))
        engine.apply(.loadingChild("recent", .loadedContent, content: nil), at: ms(10))
        engine.apply(.loadingChild("pinned", pinned, content: content), at: ms(20))
    }

    /// The top of recent's first cell.
    private func minY(_ engine: Engine) -> Double {
        engine.layout.attributes(for: ItemPath(section: 1, item: 0), presentation: engine.presentation)?.frame.minY ?? -1
    }

    @Test func aChildThatLoadsEmptyKeepsRoomForItsPlaceholderBelowItsHeader() throws {
        var engine = try engine()
        #expect(engine.sectionPlaceholders.isEmpty, "nothing loads: no placeholder")
        // Recent's first row sits below pinned's header and two rows, and its own header.
        #expect(minY(engine) == 30 + 100 + 30)
        engine.apply(.loadingChild("pinned", .beginLoading, content: nil), at: ms(0))
        let loading = try #require(engine.sectionPlaceholders.first)
        #expect(loading.kind == .loading && loading.sections == 0..<1)
        #expect(loading.frame == Rect(x: 0, y: 30, width: 400, height: 150), "room for the indicator: 150 > 2 rows")
        #expect(engine.coveredByChildPlaceholders.isEmpty, "an indicator takes no gesture away")
        engine.apply(.loadingChild("recent", .beginLoading, content: nil), at: ms(1))
        engine.apply(.loadingChild("recent", .loadedContent, content: nil), at: ms(10))
        let empty = LoadingPlaceholder(title: "No Pins", message: "Pin a note to keep it here.")
        engine.apply(.loadingChild("pinned", .loadedEmpty(empty), content: [CollectionSection(id: "list", items: [])]),
                     at: ms(20))
        #expect(engine.model.sections.map { $0.items.count } == [0, 3])
        let placeholder = try #require(engine.sectionPlaceholders.first)
        #expect(engine.sectionPlaceholders.count == 1)
        #expect(placeholder == ContentPlaceholder(kind: .noContent, title: "No Pins", message: "Pin a note to keep it here.",
                                                  frame: Rect(x: 0, y: 30, width: 400, height: 150), sections: 0..<1))
        // The section kept 150 points for it: recent moved down.
        #expect(minY(engine) == 30 + 150 + 30)
        #expect(engine.coveredByChildPlaceholders == [0..<1])
        // The picture draws it with its words.
        let svg = SnapshotRenderer.svg(engine.snapshot())
        #expect(svg.contains("<g class=\"noContent\">") && svg.contains(">No Pins</text>"))
        #expect(engine.snapshot().sectionPlaceholders == [placeholder])
        // Content comes back: no placeholder, no room kept.
        engine.apply(.loadingChild("pinned", .refresh, content: nil), at: ms(30))
        #expect(engine.sectionPlaceholders.first?.kind == .noContent, "a refresh keeps it until its result")
        engine.apply(.loadingChild("pinned", .loadedContent, content: [CollectionSection(id: "list", items: ["p9"])]),
                     at: ms(40))
        #expect(engine.sectionPlaceholders.isEmpty && engine.coveredByChildPlaceholders.isEmpty)
        #expect(minY(engine) == 30 + 50 + 30)
        #expect(engine._invariantViolations().isEmpty)
    }

    @Test func aFailedChildCoversItsItemsAndItsFrameFollowsTheViewport() throws {
        var engine = try engine(height: 240)
        load(&engine, pinned: .failed(LoadingPlaceholder(title: "Offline")), content: nil)
        // Its items stay (under the placeholder); the area is at least 150.
        #expect(engine.model.sections[0].items.count == 2)
        let error = try #require(engine.sectionPlaceholders.first)
        #expect(error.kind == .error && error.title == "Offline")
        #expect(error.frame == Rect(x: 0, y: 30, width: 400, height: 150))
        // Content 30 + 150 + 30 + 150 = 360 in a viewport 240 tall.
        // Scrolled so the span is partly above the viewport: the frame is the part in view.
        engine.apply(.scroll(.offset(100), animated: false), at: ms(30))
        #expect(engine.contentOffset == 100)
        #expect(engine.sectionPlaceholders.first?.frame == Rect(x: 0, y: 100, width: 400, height: 80))
        // Scrolled to the end (120): the span still shows 60 points of itself at the top.
        engine.apply(.scroll(.offset(120), animated: false), at: ms(40))
        #expect(engine.sectionPlaceholders.first?.frame == Rect(x: 0, y: 120, width: 400, height: 60))
    }

    @Test func aPlaceholderOutOfViewKeepsItsWholeSpan() throws {
        // Viewport 150 tall: recent's items area starts below it.
        var engine = try engine(height: 150)
        engine.apply(.loadingChild("pinned", .beginLoading, content: nil), at: ms(0))
        engine.apply(.loadingChild("recent", .beginLoading, content: nil), at: ms(0))
        engine.apply(.loadingChild("pinned", .loadedContent, content: nil), at: ms(10))
        engine.apply(.loadingChild("recent", .failed(LoadingPlaceholder(title: "Offline")), content: nil), at: ms(20))
        // Pinned: header 0..30, rows 30..130; recent: header 130..160, room 160..310.
        #expect(engine.sectionPlaceholders.first?.frame == Rect(x: 0, y: 160, width: 400, height: 150))
        // One point of it in view: that point.
        engine.apply(.scroll(.offset(11), animated: false), at: ms(30))
        #expect(engine.sectionPlaceholders.first?.frame == Rect(x: 0, y: 160, width: 400, height: 1))
    }

    @Test func gesturesOnAPlaceholderReachNoCellAndTheOtherChildWorks() throws {
        var engine = try engine(recording: true)
        load(&engine, pinned: .loadedEmpty(LoadingPlaceholder(title: "No Pins")),
             content: [CollectionSection(id: "list", items: [])])
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 9)
        b.pause(.milliseconds(100))
        // A swipe across the placeholder, then one across recent's first row (y 210..260).
        b.swipe(from: pt(350, 100), to: pt(100, 100), duration: .milliseconds(300))
        b.pause(.milliseconds(300))
        b.swipe(from: pt(350, 235), to: pt(100, 235), duration: .milliseconds(300))
        for f in b.frames { engine.handle(f) }
        engine.finish()
        let text = engine.transcript.text
        #expect(text.components(separatedBy: "swipeBegan").count == 2, "one swipe began: recent's\n\(text)")
        #expect(text.contains("swipeBegan r1"))
    }

    @Test func itemsUnderAnErrorPlaceholderTakeNoGestureAndNoGap() throws {
        var engine = try engine(recording: true)
        load(&engine, pinned: .failed(LoadingPlaceholder(title: "Offline")), content: nil)
        // p1 and p2 stay (y 30..80, 80..130) under the error; recent's r2 is at y 260..310.
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 11)
        b.pause(.milliseconds(100))
        b.swipe(from: pt(350, 55), to: pt(100, 55), duration: .milliseconds(300))   // across p1
        b.pause(.milliseconds(300))
        b.longPress(at: pt(200, 105))                                               // on p2
        b.pause(.milliseconds(300))
        b.drag(from: pt(200, 285), to: pt(200, 55))                                 // r2 over p1
        let frames = b.frames
        try dropKeepingTheGapInRecent(&engine, frames)
        let text = engine.transcript.text
        #expect(!text.contains("swipeBegan p1") && !text.contains("dragBegan p2") && !text.contains("highlight [0,"))
        #expect(text.contains("dragBegan r2"))
        // r2 lands at the top of recent, where the gap stopped, not in pinned.
        #expect(engine.model.sections.map(\.items.array) == [["p1", "p2"], ["r2", "r1", "r3"]])
        #expect(engine._invariantViolations().isEmpty)
    }

    @Test func aDragOverThePlaceholderOpensNoGapThere() throws {
        var engine = try engine(recording: true)
        load(&engine, pinned: .loadedEmpty(LoadingPlaceholder(title: "No Pins")),
             content: [CollectionSection(id: "list", items: [])])
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 5)
        b.pause(.milliseconds(100))
        // Lift r2 (y 260..310) and carry it up over the placeholder (y 30..180).
        b.drag(from: pt(200, 285), to: pt(200, 100))
        let frames = b.frames
        try dropKeepingTheGapInRecent(&engine, frames)
        #expect(engine.model.sections[0].items.isEmpty)
        #expect(Set(engine.model.sections[1].items.array) == ["r1", "r2", "r3"], "nothing lost, nothing moved into pinned")
        #expect(engine._invariantViolations().isEmpty)
    }

    @Test func aPlaceholderThatComesCancelsADragOnItsChildOnly() throws {
        var engine = try engine(recording: true)
        load(&engine, pinned: .loadedContent, content: nil)
        engine.apply(.loadingChild("pinned", .refresh, content: nil), at: ms(30))
        engine.apply(.loadingChild("recent", .refresh, content: nil), at: ms(30))
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 4)
        b.pause(.milliseconds(100))
        b.drag(from: pt(200, 285), to: pt(200, 360))   // r3 (y 260..310), in recent
        let frames = b.frames
        let cut = frames.count * 3 / 4
        for f in frames[..<cut] { engine.handle(f) }
        #expect(engine.phase == .dragging)
        // Pinned fails: its placeholder covers pinned only; recent's drag goes on.
        engine.apply(.loadingChild("pinned", .failed(LoadingPlaceholder(title: "Offline")), content: nil),
                     at: frames[cut].time)
        #expect(engine.phase == .dragging, "the drag is in recent, which nothing covers")
        #expect(engine.sectionPlaceholders.map(\.kind) == [.error])
        // Recent loads empty: its placeholder covers the drag, which is cancelled.
        let entries = engine.apply(.loadingChild("recent", .loadedEmpty(LoadingPlaceholder(title: "Nothing")), content: nil),
                                   at: frames[cut].time + .milliseconds(1))
        #expect(entries.contains { $0.textLine.hasSuffix("dragCancelled r3") }, "\(entries.map(\.textLine))")
        #expect(engine.phase == .idle)
        for f in frames[cut...] { engine.handle(f) }
        engine.finish()
        #expect(engine.model.sections.map(\.items.array) == [["p1", "p2"], ["r1", "r2", "r3"]])
        #expect(engine._invariantViolations().isEmpty)
    }

    /// A child's data and rules as plain sections (the app's own), whose
    /// items may move to and from the other children.
    private struct Sections: CollectionDataSource, CrossChildMoveRules {
        var sections: [CollectionSection]
        /// The items that take drops into them.
        var folders: Set<ItemID> = []
        func canAcceptDrop(of items: [ItemID], into target: ItemID) -> Bool { folders.contains(target) }
        var numberOfSections: Int { sections.count }
        func sectionID(at section: Int) -> SectionID { sections[section].id }
        func numberOfItems(inSection section: Int) -> Int { sections[section].items.count }
        func itemID(at indexPath: ItemPath) -> ItemID { sections[indexPath.section].items[indexPath.item] }
        func canMoveOut(_ item: ItemID, from indexPath: ItemPath, toChild destination: String) -> Bool { true }
        func target(forMovingIn item: ItemID, fromChild source: String, proposed: ItemPath) -> MoveTarget { .accept }
    }

    @Test func theRoomFollowsTheChildsFirstSectionWhenTheAppChangesItsSections() throws {
        var engine = try engine()
        load(&engine, pinned: .loadedEmpty(LoadingPlaceholder(title: "No Pins")),
             content: [CollectionSection(id: "list", items: [])])
        #expect(minY(engine) == 30 + 150 + 30)
        // The app lands pinned with a new empty section on top: the placeholder
        // spans both, and the room moves to the new first one.
        var composed = try #require(engine.delegate as? ComposedDataSource)
        let pinned = ChildDataSource(key: "pinned", Sections(sections: [CollectionSection(id: "top", items: []),
                                                                         CollectionSection(id: "list", items: [])]))
        try engine.land([pinned], in: &composed, at: ms(50))
        #expect(engine.model.sections.map(\.id.rawValue) == ["pinned/top", "pinned/list", "recent/list"])
        let placeholder = try #require(engine.sectionPlaceholders.first)
        #expect(placeholder.sections == 0..<2)
        // top: header 30, room 150; list: header 30, no items; recent's header 30.
        #expect(placeholder.frame == Rect(x: 0, y: 30, width: 400, height: 150 + 30))
        #expect(engine.layout.itemsFrame(ofSection: 0, presentation: engine.presentation)?.height == 150, "the room is under top")
        #expect(engine.layout.itemsFrame(ofSection: 1, presentation: engine.presentation)?.height == 0)
        #expect(engine.coveredByChildPlaceholders == [0..<2], "gestures are refused over both sections")
        let first = try #require(engine.layout.attributes(for: ItemPath(section: 2, item: 0), presentation: engine.presentation))
        #expect(first.frame.minY == 30 + 150 + 30 + 30)
        #expect(engine._invariantViolations().isEmpty)
    }

    @Test func keysAndCommandsLiftNothingFromACoveredChild() throws {
        var engine = try engine(recording: true)
        load(&engine, pinned: .failed(LoadingPlaceholder(title: "Offline")), content: nil)
        // p1, under pinned's error placeholder, does not lift (Space) nor move (a command).
        engine.setFocus(ItemPath(section: 0, item: 0), at: ms(100))
        #expect(lines(engine.handleKey(code: 57, value: 1, at: ms(110))).contains("moveRefused p1: not movable"))
        #expect(lines(engine.move(.toSection(1), at: ms(120))).contains("moveRefused p1: not movable"))
        // The arrows and Home skip pinned's sections: the focus stays in recent.
        engine.setFocus(ItemPath(section: 1, item: 1), at: ms(130))
        engine.handleKey(code: 102, value: 1, at: ms(140))   // Home
        #expect(engine.focus?.item == "r1")
        engine.handleKey(code: 103, value: 1, at: ms(150))   // up
        #expect(engine.focus?.item == "r1")
        // Content comes back: p1 moves again (within pinned: the scene's children keep their items).
        engine.apply(.loadingChild("pinned", .refresh, content: nil), at: ms(300))
        engine.apply(.loadingChild("pinned", .loadedContent, content: nil), at: ms(310))
        engine.setFocus(ItemPath(section: 0, item: 0), at: ms(320))
        let moved = lines(engine.move(.down, at: ms(330)))
        #expect(engine.model.sections.map(\.items.array) == [["p2", "p1"], ["r1", "r2", "r3"]], "\(moved)")
        #expect(engine._invariantViolations().isEmpty)
    }

    /// An app's composition whose items may move between its children:
    /// pinned (p1) failed, its error over it; recent (r1, r2) loaded.
    private func appEngineWithPinnedFailed(folders: Set<ItemID> = []) throws -> Engine {
        let composed = try ComposedDataSource([
            ChildDataSource(key: "pinned", Sections(sections: [CollectionSection(id: "list", items: ["p1"])],
                                                    folders: folders)),
            ChildDataSource(key: "recent", Sections(sections: [CollectionSection(id: "list", items: ["r1", "r2"])])),
        ])
        var engine = try Engine(dataSource: composed, delegate: composed, viewport: Size(width: 400, height: 640),
                                metrics: LayoutMetrics(rowHeight: 50, header: SupplementaryMetrics(height: 30)),
                                device: TestDevices.probeTouchscreen, recordingTranscript: true)
        engine.apply(.loadingChild("pinned", .beginLoading, content: nil), at: ms(0))
        engine.apply(.loadingChild("pinned", .failed(LoadingPlaceholder(title: "Offline")), content: nil), at: ms(10))
        return engine
    }

    @Test func aDragBetweenChildrenOpensNoGapInACoveredOne() throws {
        var engine = try appEngineWithPinnedFailed()
        // Pinned: header 0..30, its room 30..230 (p1 at 30..80); recent: header 230..260, r1, r2 at 310..360.
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 13)
        b.pause(.milliseconds(100))
        b.drag(from: pt(200, 335), to: pt(200, 55))
        let frames = b.frames
        try dropKeepingTheGapInRecent(&engine, frames)
        #expect(engine.model.sections.map(\.items.array) == [["p1"], ["r2", "r1"]])
        // Loaded again, the same drag lands in pinned.
        engine.apply(.loadingChild("pinned", .refresh, content: nil), at: frames[frames.count - 1].time + .milliseconds(100))
        engine.apply(.loadingChild("pinned", .loadedContent, content: nil), at: frames[frames.count - 1].time + .milliseconds(110))
        var again = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 13)
        again.pause(.milliseconds(100))
        // No room kept now: pinned's p1 at 30..80; recent's header 80..110, r2, r1 at 160..210.
        again.drag(from: pt(200, 185), to: pt(200, 40))
        let offset = frames[frames.count - 1].time + .milliseconds(500)
        for f in again.frames { var g = f; g.time = offset + (f.time - again.frames[0].time); engine.handle(g) }
        engine.finish()
        #expect(engine.model.sections[0].items.array.contains("r1"), "\(engine.model.sections.map(\.items.array))")
        #expect(engine._invariantViolations().isEmpty)
    }

    @Test func nothingDropsIntoAnItemUnderAPlaceholder() throws {
        // A drag of r2 that rests over the middle of folder p1 (y 30..80) for a second.
        func hover(_ engine: inout Engine, from y: Double, after start: EventTime) -> String {
            var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 17)
            b.pause(.milliseconds(100))
            b.perform([TraceBuilder.Stroke(at: pt(200, y)).holding(.milliseconds(700))
                .moving(to: pt(200, 55), over: .milliseconds(400)).holding(.milliseconds(1_000))])
            for f in b.frames {
                var g = f
                g.time = start + (f.time - b.frames[0].time)
                engine.handle(g)
            }
            engine.finish()
            return engine.transcript.text
        }
        var covered = try appEngineWithPinnedFailed(folders: ["p1"])
        let text = hover(&covered, from: 335, after: ms(100))
        #expect(text.contains("dragBegan r2") && !text.contains("dropTarget p1"), "\(text)")
        // Loaded, the same hover proposes the drop into p1.
        var loaded = try appEngineWithPinnedFailed(folders: ["p1"])
        loaded.apply(.loadingChild("pinned", .refresh, content: nil), at: ms(20))
        loaded.apply(.loadingChild("pinned", .loadedContent, content: nil), at: ms(30))
        // No room kept now: recent's header 80..110, r1 110..160, r2 160..210.
        #expect(hover(&loaded, from: 185, after: ms(100)).contains("dropTarget p1"))
    }

    @Test func noMoveByKeyOrCommandLandsInACoveredChild() throws {
        var engine = try appEngineWithPinnedFailed()
        // r1 may not land in pinned: by command, or by Space and the up arrow.
        engine.setFocus(ItemPath(section: 1, item: 0), at: ms(100))
        #expect(lines(engine.move(.toSection(0), at: ms(110))).contains { $0.hasPrefix("moveRefused r1: vetoed") })
        engine.handleKey(code: 57, value: 1, at: ms(120))
        engine.handleKey(code: 57, value: 0, at: ms(121))
        #expect(engine.phase == .keyboardMoving)
        let up = lines(engine.handleKey(code: 103, value: 1, at: ms(130)))
        #expect(up.contains { $0.hasPrefix("moveRefused r1: vetoed") }, "\(up)")
        #expect(lines(engine.handleKey(code: 108, value: 1, at: ms(140))).contains("gapMoved to [1,1]"), "recent is not covered")
        engine.handleKey(code: 1, value: 1, at: ms(150))   // Escape
        #expect(engine.model.sections.map(\.items.array) == [["p1"], ["r1", "r2"]])
        // Pinned loads again: r1 moves into it.
        engine.apply(.loadingChild("pinned", .refresh, content: nil), at: ms(200))
        engine.apply(.loadingChild("pinned", .loadedContent, content: nil), at: ms(210))
        engine.setFocus(ItemPath(section: 1, item: 0), at: ms(220))
        let moved = lines(engine.move(.toSection(0), at: ms(230)))
        #expect(engine.model.sections.map(\.items.array) == [["p1", "r1"], ["r2"]], "\(moved)")
        #expect(engine._invariantViolations().isEmpty)
    }

    @Test func placeholderHeightIsCheckedWhereTheSceneWritesIt() throws {
        func problem(_ value: String) -> String {
            do {
                _ = try Scene.decode(#"{"viewport":{"width":400,"height":640},"layout":{"placeholderHeight":"# + value
                                     + #"},"sections":[]}"#, fileName: "x.json")
                return "accepted"
            } catch { return "\(error)" }
        }
        #expect(problem("-1").contains("layout.placeholderHeight"))
        #expect(problem("1e300").contains("at most 100000"))
        #expect(problem("\"tall\"").contains("expected a number"))
        #expect(problem("0") == "accepted")
        #expect(problem("100000") == "accepted")
        #expect(problem("100000.5").contains("at most 100000"))
    }
}
