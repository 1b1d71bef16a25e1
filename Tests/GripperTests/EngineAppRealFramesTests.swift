import struct Foundation.Data
import Synchronization
import Testing
@_spi(Benchmarks) import Gripper
import GripperTesting
import GripperTraces

/// An app's messages: one section of ids, a value the engine may keep.
private struct Messages: CollectionDataSource {
    var ids: [ItemID]
    var numberOfSections: Int { 1 }
    func sectionID(at section: Int) -> SectionID { "inbox" }
    func numberOfItems(inSection section: Int) -> Int { ids.count }
    func itemID(at indexPath: ItemPath) -> ItemID { ids[indexPath.item] }
}

/// What a delegate was asked about drop targets, shared with the test (the
/// engine keeps its own copy of the delegate value).
private final class AskLog: Sendable {
    struct Asked: Hashable, Sendable {
        var item: ItemID
        var source: ItemPath
        var proposed: ItemPath
    }

    private let entries = Mutex<[Asked]>([])

    func append(_ asked: Asked) { entries.withLock { $0.append(asked) } }
    var asked: [Asked] { entries.withLock { $0 } }
}

/// An app's rules: the first message is pinned (it does not move, and
/// nothing may be dropped above it: a drop there is redirected below it),
/// and every question about a drop target is written down.
private struct PinnedFirst: CollectionDelegate {
    let pinned: ItemID
    let log: AskLog

    func canMove(_ item: ItemID, at indexPath: ItemPath) -> Bool { item != pinned }

    func target(forMoving item: ItemID, from source: ItemPath, proposed: ItemPath) -> MoveTarget {
        log.append(AskLog.Asked(item: item, source: source, proposed: proposed))
        return proposed.item == 0 ? .redirect(ItemPath(section: 0, item: 1)) : .accept
    }
}

/// An engine opened on an app's data source and delegate — no scene — and
/// driven by the frames of a bundled recording, read with the input
/// module's own trace reader: two long-press drags on a touchscreen.
@Suite struct EngineAppRealFramesTests {
    static func frames() throws -> Trace {
        let url = Fixtures.recording("scenarios/long-press-drag-down-up/trace.evemu")
        return try EvemuFormat.read(Array(try Data(contentsOf: url)), fileName: url.lastPathComponent)
    }

    @Test func longPressDragsReorderAndTheDelegateIsAskedAtEveryGapChange() throws {
        let trace = try Self.frames()
        let ids = (1...10).map { ItemID("m\($0)") }
        let log = AskLog()
        var engine = try Engine(dataSource: Messages(ids: ids), delegate: PinnedFirst(pinned: "m1", log: log),
                                viewport: Size(width: 400, height: 640),
                                metrics: LayoutMetrics(rowHeight: 56, rowSeparator: SeparatorMetrics(thickness: 1)),
                                device: trace.device)
        var entries: [Transcript.Entry] = []
        var dragFrames = 0
        for frame in trace.frames {
            entries += engine.handle(frame)
            if engine.phase == .dragging { dragFrames += 1 }
            #expect(engine._invariantViolations().isEmpty, "at \(frame.time)")
        }
        entries += engine.finish()
        #expect(dragFrames > 20 && engine.phase == .idle)
        #expect(engine.transcript.entries.isEmpty, "no transcript kept unless asked")
        #expect(engine.nextDeadline == nil)

        // The same two drags as the scene's: m2 down to the sixth place, then
        // m7 up to the top — which the delegate redirects below the pinned m1.
        let gaps = entries.compactMap { if case .effect(.gapMoved(let p)) = $0.event { p } else { nil } }
        let commits = entries.compactMap { if case .effect(.committed(let e)) = $0.event { e.edit } else { nil } }
        #expect(commits == [.move("m2", from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 5)),
                            .move("m7", from: ItemPath(section: 0, item: 6), to: ItemPath(section: 0, item: 1))])
        #expect(engine.model.sections[0].items.array == ["m1", "m7", "m3", "m4", "m5", "m6", "m2", "m8", "m9", "m10"])

        // Every gap change was the delegate's answer to a question asked
        // just then: replaying its answers in order gives exactly the gaps.
        let asked = log.asked
        #expect(!asked.isEmpty)
        var expected: [ItemPath] = []
        var target: (item: ItemID, at: ItemPath)?
        for a in asked {
            if target?.item != a.item { target = (a.item, a.source) }
            let approved = a.proposed.item == 0 ? ItemPath(section: 0, item: 1) : a.proposed
            if approved != target?.at {
                expected.append(approved)
                target = (a.item, approved)
            }
        }
        #expect(gaps == expected)
        #expect(gaps.count >= 8)
        #expect(asked.contains { $0.item == "m7" && $0.proposed == ItemPath(section: 0, item: 0) },
                "the drag up proposed the top, which the delegate redirected")
        #expect(!gaps.contains(ItemPath(section: 0, item: 0)))
        #expect(Set(asked.map(\.item)) == ["m2", "m7"])
    }
}
