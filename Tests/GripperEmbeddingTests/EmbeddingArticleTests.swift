// The code of the article "Embedding Gripper"
// (Sources/Gripper/Gripper.docc/EmbeddingGripper.md), compiled and run.
// Every ```swift block of the article is one region below, between
// `// article: begin` and `// article: end`, in the article's order;
// `theArticlesCodeIsThisFilesCode` fails when the two drift apart.

// article: begin
import Gripper

/// One message of the app's own storage.
struct Message: Sendable {
    var id: String
    var subject: String
}

/// The app's storage, and the engine's data source: pinned messages in
/// section 0, the inbox in section 1. A value, so the copy the engine keeps
/// stays what it opened with while the app changes its own.
struct Mailbox: CollectionDataSource {
    var pinned: [Message]
    var inbox: [Message]

    var numberOfSections: Int { 2 }
    func sectionID(at section: Int) -> SectionID { section == 0 ? "pinned" : "inbox" }
    func numberOfItems(inSection section: Int) -> Int { section == 0 ? pinned.count : inbox.count }
    func itemID(at indexPath: ItemPath) -> ItemID {
        ItemID(indexPath.section == 0 ? pinned[indexPath.item].id : inbox[indexPath.item].id)
    }
}
// article: end

// article: begin
/// The app's rules: pinned messages neither move nor swipe, and a drop
/// among them lands at the top of the inbox instead. The rest are the
/// defaults (UIKit's).
struct MailboxRules: CollectionDelegate {
    func canMove(_ item: ItemID, at indexPath: ItemPath) -> Bool { indexPath.section != 0 }
    func canEdit(_ item: ItemID, at indexPath: ItemPath) -> Bool { indexPath.section != 0 }
    func target(forMoving item: ItemID, from source: ItemPath, proposed: ItemPath) -> MoveTarget {
        proposed.section == 0 ? .redirect(ItemPath(section: 1, item: 0)) : .accept
    }
}
// article: end

// article: begin
func openEngine(on mailbox: Mailbox, device: DeviceDescription) throws -> Engine {
    try Engine(dataSource: mailbox, delegate: MailboxRules(),
               viewport: Size(width: 400, height: 640),
               metrics: LayoutMetrics(rowHeight: 56, rowSeparator: SeparatorMetrics(thickness: 1)),
               device: device, makingTransitions: true)
}

/// The engine and the app's mailbox in one loop (``EngineLoop``): the
/// mailbox follows what the user does to it.
func openLoop(on mailbox: Mailbox, device: DeviceDescription) throws -> EngineLoop<Mailbox> {
    EngineLoop(engine: try openEngine(on: mailbox, device: device), storage: mailbox)
}
// article: end

// article: begin
/// What the app draws, and the animations it runs.
struct Screen {
    /// Transitions being animated, with the time each started.
    var running: [(transition: EngineTransition, start: EventTime)] = []
    /// Every transition the engine made (for this article's test).
    var made: [EngineTransition] = []

    /// Draws the engine as `step` left it, starting the step's transitions.
    mutating func draw(_ engine: Engine, after step: EngineLoop<Mailbox>.Step) {
        let now = step.time
        for transition in step.transitions {
            running.append((transition, now))
            made.append(transition)
        }
        let visible = Rect(x: 0, y: engine.contentOffset, width: 400, height: 640)
        for element in engine.layout.attributes(in: visible, presentation: engine.presentation,
                                                contentOffset: engine.contentOffset) {
            let shown = animatedFrame(of: element, at: now) ?? element.frame
            _ = shown   // draw `element` (a cell, the gap, the lifted proxy …) at `shown`
        }
        running.removeAll { now - $0.start >= $0.transition.duration }
    }

    /// Where a running transition puts `element` at `now`, if one moves it.
    func animatedFrame(of element: LayoutAttributes, at now: EventTime) -> Rect? {
        for (transition, start) in running.reversed() {
            let changes = transition.layout.moving + transition.layout.appearing
            guard let change = changes.first(where: { $0.final.id == element.id }) else { continue }
            let progress = transition.curve.value(at: (now - start) / transition.duration)
            return interpolate(change.initial.frame, change.final.frame, progress)
        }
        return nil
    }
}

func interpolate(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
    Rect(x: a.minX + (b.minX - a.minX) * t, y: a.minY + (b.minY - a.minY) * t,
         width: a.size.width + (b.size.width - a.size.width) * t,
         height: a.size.height + (b.size.height - a.size.height) * t)
}
// article: end

// article: begin
/// Feeds every frame of `reader` to the engine as a live loop would and
/// draws after each step; `newMail` arrives `mailAfter` the first frame.
func run(_ reader: TraceFrameReader, loop: inout EngineLoop<Mailbox>, screen: inout Screen,
         newMail: [Message], mailAfter: Duration) throws {
    var origin: EventTime?
    var delivered = false
    while let frame = try reader.next() {
        if origin == nil { origin = frame.time }
        if !delivered, let origin, frame.time >= origin + mailAfter {
            let step = try deliver(newMail, through: &loop, at: frame.time)
            screen.draw(loop.engine, after: step)
            delivered = true
        }
        // The deadlines due before the frame fire at their own time (the
        // long-press timer that lifts the item, an auto-scroll tick), then
        // the frame; the user's edits reach the mailbox after each step.
        for step in try loop.handle(frame) { screen.draw(loop.engine, after: step) }
    }
    // The recognizers' last timers, after the last frame.
    for step in try loop.settle() { screen.draw(loop.engine, after: step) }
}
// article: end

// article: begin
/// New mail at the top of the inbox: the engine first (a rejected batch
/// changes nothing and throws), then the app's own storage.
func deliver(_ messages: [Message], through loop: inout EngineLoop<Mailbox>,
             at time: EventTime) throws(EngineLoop<Mailbox>.Failure) -> EngineLoop<Mailbox>.Step {
    let inserts = messages.indices.map { i in
        BatchUpdate.Operation.insertItem(ItemID(messages[i].id), at: ItemPath(section: 1, item: i))
    }
    return try loop.apply(BatchUpdate(inserts), at: time) { mailbox in
        mailbox.inbox.insert(contentsOf: messages, at: 0)
    }
}
// article: end

// article: begin
extension Mailbox: MirroredStorage {
    /// Takes the message at `path` out.
    mutating func removeElement(at path: ItemPath) -> Message {
        path.section == 0 ? pinned.remove(at: path.item) : inbox.remove(at: path.item)
    }

    /// Puts `message` at `path`.
    mutating func insertElement(_ message: Message, at path: ItemPath) {
        if path.section == 0 { pinned.insert(message, at: path.item) } else { inbox.insert(message, at: path.item) }
    }
}
// article: end

// article: begin
/// The edits the user's undo can still take off, latest first: it stops at
/// the latest change the app made.
func undoableEdits(in journal: Journal) -> [Edit] {
    journal.entries.reversed().prefix { !$0.isAppChange }.map(\.edit)
}
// article: end

// article: begin
/// Shows a message whole, the least scroll that does it (nothing when it
/// is on screen already), animated; false when the engine refused (the
/// user is scrolling or dragging, or the message is not there).
func reveal(_ id: ItemID, in engine: inout Engine, at time: EventTime) -> Bool {
    guard let path = engine.model.indexPath(of: id) else { return false }
    let entries = engine.scroll(to: .item(path, .nearest), animated: true, at: time)
    return !entries.contains { $0.rejection != nil }
}

/// The screen turned: lay out for the new size, the first visible message
/// staying where it was; whatever the user was doing goes on.
func screenTurned(_ engine: inout Engine, to size: Size, at time: EventTime) {
    engine.resizeViewport(to: size, at: time)
}
// article: end

import struct Foundation.Data
import struct Foundation.URL
import Testing
import GripperScripting
import GripperTesting
import GripperTraces
@_spi(Benchmarks) import GripperEditing

@Suite struct EmbeddingArticleTests {
    static let article = Fixtures.packageRoot.appendingPathComponent("Sources/Gripper/Gripper.docc/EmbeddingGripper.md")

    /// The article's ```swift blocks, each without its fences.
    static func articleBlocks(_ text: String) -> [String] {
        var blocks: [String] = [], current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// This file's regions between `// article: begin` and `// article: end`.
    static func fileRegions(_ text: String) -> [String] {
        var regions: [String] = [], current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "// article: begin" {
                current = []
            } else if line == "// article: end", let c = current {
                regions.append(c.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return regions
    }

    @Test func theArticlesCodeIsThisFilesCode() throws {
        let article = try String(contentsOf: Self.article, encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let blocks = Self.articleBlocks(article), regions = Self.fileRegions(source)
        #expect(blocks.count >= 6, "the article's code blocks")
        #expect(blocks.count == regions.count, "the article has \(blocks.count) swift blocks, this file \(regions.count) regions")
        for (i, (block, region)) in zip(blocks, regions).enumerated() {
            #expect(block == region, "block \(i + 1) of the article differs from region \(i + 1) of \(#fileID)")
        }
    }

    /// The bundled long-press drag: Item 2 down four rows, then row 7 to the top.
    private func reader() throws -> TraceFrameReader {
        let url = Fixtures.recording("scenarios/long-press-drag-down-up/trace.evemu")
        return try EvemuFormat.reader(TraceBytes(Array(try Data(contentsOf: url))), fileName: url.lastPathComponent)
    }

    private func mailbox(inbox count: Int) -> Mailbox {
        Mailbox(pinned: [Message(id: "p0", subject: "Pinned")],
                inbox: (0..<count).map { Message(id: "m\($0)", subject: "Message \($0)") })
    }

    private func ids(_ mailbox: Mailbox) -> [[ItemID]] {
        [mailbox.pinned.map { ItemID($0.id) }, mailbox.inbox.map { ItemID($0.id) }]
    }

    @Test func theDragsReorderTheAppsStorageAcrossTheAppsInsert() throws {
        let reader = try reader()
        var loop = try openLoop(on: mailbox(inbox: 1000), device: reader.device)
        var screen = Screen()
        let newMail = (0..<3).map { Message(id: "new\($0)", subject: "New \($0)") }
        try run(reader, loop: &loop, screen: &screen, newMail: newMail, mailAfter: .milliseconds(1300))
        let engine = loop.engine, mailbox = loop.storage

        // The journal: the app's insert in the middle of the first drag, then both drops.
        let entries = engine.journal.entries
        #expect(entries.map(\.isAppChange) == [true, false, false])
        guard entries.count == 3, case .move(let first, let from, _) = entries[1].edit,
              case .move(_, _, let secondTo) = entries[2].edit else {
            Issue.record("expected an app batch and two moves: \(entries.map(\.edit))")
            return
        }
        // m0 was lifted at [1,0]; the insert re-based it to [1,3] and the drag went on.
        #expect(first == "m0" && from == ItemPath(section: 1, item: 3))
        #expect(entries[0].time < entries[1].time)
        // The second drag ended over the pinned message: redirected to the inbox's top.
        #expect(secondTo == ItemPath(section: 1, item: 0))
        #expect(mailbox.pinned.map(\.id) == ["p0"])
        // The app's storage mirrors the engine's model, nothing lost or repeated.
        #expect(ids(mailbox) == engine.model.sections.map { Array($0.items) })
        let all = ids(mailbox).flatMap { $0 }
        #expect(all.count == 1004 && Set(all).count == 1004)
        #expect(mailbox.inbox.first(where: { $0.id == "m0" }) != nil)
        #expect(mailbox.inbox.prefix(4).map(\.id) != ["new0", "new1", "new2", "m1"], "the second drop lands at the top")

        // What there was to animate, each ending where the engine's layout is after it.
        let causes = Set(screen.made.map(\.cause))
        #expect(causes.isSuperset(of: [.appChanged, .gapMoved, .dropped]))
        let appChange = try #require(screen.made.first { $0.cause == .appChanged })
        #expect(Set(appChange.layout.appearing.compactMap(\.final.indexPath))
                .isSuperset(of: [ItemPath(section: 1, item: 0), ItemPath(section: 1, item: 1), ItemPath(section: 1, item: 2)]))
        for transition in screen.made {
            #expect(transition.duration == EngineTransition.defaultTiming(for: transition.cause).duration)
        }
        // Halfway through a move, the interpolated frame lies between its ends.
        let gapMove = try #require(screen.made.first { $0.cause == .gapMoved && !$0.layout.moving.isEmpty })
        let change = gapMove.layout.moving[0]
        let mid = interpolate(change.initial.frame, change.final.frame, gapMove.curve.value(at: 0.5))
        #expect(mid.minY == (change.initial.frame.minY + change.final.frame.minY) / 2)
    }

    /// A full swipe's Delete is an `action` entry whose batch deletes the
    /// message: the article's mirror removes it (issue 38: a mirror that
    /// skipped actions kept the deleted message).
    @Test func aFullSwipesDeleteLeavesTheAppsStorageToo() throws {
        let device = try reader().device
        var loop = try openLoop(on: mailbox(inbox: 500), device: device)
        var script = TraceBuilder(device: device)
        script.pause(.milliseconds(100))
        // m3 is the fifth row (57 points each with its separator): a fast swipe across it.
        script.swipe(from: .fraction(0.95, (4 * 57 + 28) / 640), to: .fraction(0.05, (4 * 57 + 28) / 640),
                     duration: .milliseconds(120))
        script.pause(.milliseconds(600))
        for frame in script.frames { _ = try loop.handle(frame) }
        _ = try loop.settle()
        try loop.call { $0.finish() }
        let engine = loop.engine, mailbox = loop.storage
        let last = try #require(engine.journal.entries.last)
        guard case .action("delete", item: "m3") = last.edit else {
            Issue.record("expected the full swipe's delete of m3: \(engine.journal.entries.map(\.edit))")
            return
        }
        #expect(last.removedItems == ["m3"])
        #expect(!mailbox.inbox.contains { $0.id == "m3" })
        #expect(ids(mailbox) == engine.model.sections.map { Array($0.items) })
    }

    @Test func theAppRevealsAMessageAndTheScreenTurns() throws {
        let reader = try reader()
        let mailbox = mailbox(inbox: 1000)
        var engine = try openEngine(on: mailbox, device: reader.device)
        let t0 = EventTime.milliseconds(100)
        // m1 is on screen already: nothing moves. m40 is below: it comes up to the bottom.
        #expect(reveal("m1", in: &engine, at: t0) && !engine.isScrollMoving)
        #expect(reveal("m40", in: &engine, at: t0) && engine.isScrollMoving)
        let transition = try #require(engine.takeTransitions().last)
        #expect(transition.cause == .scrollAnimation && transition.initialContentOffset == 0)
        engine.fire(until: t0 + .milliseconds(300))
        #expect(!engine.isScrollMoving && engine.contentOffset == transition.finalContentOffset)
        // m40 is the 42nd row (after the pinned one and m0…m39): its bottom at the viewport's.
        let frame = try #require(engine.layout.attributes(for: ItemPath(section: 1, item: 40))?.frame)
        #expect(frame.maxY == engine.contentOffset + 640)
        #expect(!reveal("nowhere", in: &engine, at: t0 + .milliseconds(400)))
        // The screen turns: the first visible row stays where it was.
        let before = engine.contentOffset
        screenTurned(&engine, to: Size(width: 640, height: 400), at: t0 + .milliseconds(500))
        #expect(engine.viewportSize == Size(width: 640, height: 400) && engine.contentOffset == before)
        #expect(engine._invariantViolations().isEmpty)
    }

    @Test func theUsersUndoStopsAtTheAppsChange() throws {
        let reader = try reader()
        var loop = try openLoop(on: mailbox(inbox: 200), device: reader.device)
        var screen = Screen()
        try run(reader, loop: &loop, screen: &screen,
                newMail: [Message(id: "new0", subject: "New")], mailAfter: .milliseconds(1300))
        // The two drops came after the app's insert: both undoable.
        #expect(undoableEdits(in: loop.engine.journal).count == 2)
        #expect(loop.engine.journal.canUndo)
        // The user undoes the last drop and redoes it: the mailbox follows both.
        let end = try #require(loop.engine.now) + .milliseconds(100)
        let afterDrops = ids(loop.storage)
        try loop.call { $0.apply(.undo, at: end) }
        #expect(ids(loop.storage) != afterDrops && loop.storage.holdsItems(of: loop.engine.model))
        try loop.call { $0.apply(.redo, at: end) }
        #expect(ids(loop.storage) == afterDrops && loop.storage.holdsItems(of: loop.engine.model))
        // Another app change: the user's undo has nothing left to take off …
        _ = try deliver([Message(id: "late", subject: "Late")], through: &loop, at: end)
        #expect(undoableEdits(in: loop.engine.journal).isEmpty)
        #expect(!loop.engine.journal.canUndo)
        var journal = loop.engine.journal
        #expect(journal.undo() == nil && journal.model == loop.engine.model)
        // … and a rejected batch changes nothing, in the engine or the app.
        let before = loop.engine.model
        #expect(throws: EngineLoop<Mailbox>.Failure.self) {
            try deliver([Message(id: "late", subject: "Again")], through: &loop, at: end)
        }
        #expect(loop.engine.model == before && ids(loop.storage) == before.sections.map { Array($0.items) })
    }
}
