import GripperEditing
import GripperGeometry
import GripperScripting
import GripperTesting
import GripperTraces
import Testing
@testable import Gripper
@_spi(Benchmarks) import GripperLayout

/// An app's batch that keeps what the user reads in place
/// (`Engine.apply(_:keeping:at:)`): a chat growing above the viewport.
@Suite struct ContentAnchorTests {
    /// A list of 100 rows of 56 points, scrolled so that row 10 is at the top.
    static func engine(transitions: Bool = false) throws -> Engine {
        var e = try Engine(scene: LayoutChangeTests.scene(100), device: TestDevices.probeTouchscreen,
                           recordingTranscript: true, makingTransitions: transitions)
        e.scroll(to: .offset(560), animated: false, at: .milliseconds(1))
        return e
    }

    static func inserts(_ n: Int, at item: Int = 0) -> BatchUpdate {
        BatchUpdate((0..<n).map { .insertItem(ItemID("new\($0)"), at: ItemPath(section: 0, item: item + $0)) })
    }

    static func top(_ e: Engine) -> (ItemID, Double)? {
        e.firstVisibleItem().flatMap { p in e.model.item(at: p.indexPath).map { ($0, p.fromTop) } }
    }

    @Test func theFirstVisibleItemStaysWhereItWasWhenItemsArriveAbove() throws {
        var plain = try Self.engine()
        try plain.apply(Self.inserts(3), keeping: .offset, at: .milliseconds(2))
        #expect(plain.contentOffset == 560 && Self.top(plain)?.0 == "i8", "the offset stays: what is shown moves down")
        var kept = try Self.engine(transitions: true)
        _ = kept.takeTransitions()
        let entries = try kept.apply(Self.inserts(3), keeping: .firstVisibleItem, at: .milliseconds(2))
        #expect(kept.contentOffset == 560 + 3 * 56)
        #expect(Self.top(kept).map { $0.0 == "i11" && $0.1 == 0 } == true)
        #expect(entries.contains { $0.textLine.contains("scrolled") })
        #expect(kept.takeTransitions().map(\.cause) == [.appChanged])
        #expect(kept._invariantViolations().isEmpty)
        // Deleted above: the content comes up to meet it.
        try kept.apply(BatchUpdate([.deleteItem(ItemPath(section: 0, item: 0)), .deleteItem(ItemPath(section: 0, item: 1))]),
                       keeping: .firstVisibleItem, at: .milliseconds(3))
        #expect(kept.contentOffset == 560 + 56 && Self.top(kept)?.0 == "i11")
    }

    @Test func aChosenItemOrTheNextThatSurvivesIsKept() throws {
        var e = try Self.engine()
        // Row 12 sits two rows below the top; it stays there.
        try e.apply(Self.inserts(2), keeping: .item("i13"), at: .milliseconds(2))
        #expect(e.contentOffset == 560 + 2 * 56)
        let path = try #require(e.model.indexPath(of: "i13"))
        let frame = try #require(e.layout.attributes(for: path)).frame
        #expect(frame.minY - e.contentOffset == 2 * 56)
        // The first visible item deleted: the next one shown keeps its place.
        var f = try Self.engine()
        try f.apply(BatchUpdate([.deleteItem(ItemPath(section: 0, item: 10)), .insertItem("n", at: ItemPath(section: 0, item: 0))]),
                    keeping: .firstVisibleItem, at: .milliseconds(2))
        let next = try #require(f.model.indexPath(of: "i12"))
        #expect(try #require(f.layout.attributes(for: next)).frame.minY - f.contentOffset == 56)
        #expect(f.contentOffset == 560)   // one row in above, one out at the top: the same offset
        // An item not shown keeps nothing: the offset stays.
        var g = try Self.engine()
        try g.apply(Self.inserts(2), keeping: .item("i90"), at: .milliseconds(2))
        #expect(g.contentOffset == 560)
    }

    @Test func aRefusedBatchMovesNothing() throws {
        var e = try Self.engine()
        let bad = BatchUpdate([.deleteItem(ItemPath(section: 0, item: 500))])
        #expect(throws: BatchUpdateError.self) { try e.apply(bad, keeping: .firstVisibleItem, at: .milliseconds(2)) }
        #expect(e.contentOffset == 560 && e.model.numberOfItems == 100)
    }

    @Test func aDragGoesOnAcrossTheKeptBatch() throws {
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 5, configuration: .init(start: .zero + .milliseconds(500)))
        b.perform([TraceBuilder.Stroke(at: LayoutChangeTests.pt(100, 100)).holding(.milliseconds(700))
            .moving(to: LayoutChangeTests.pt(100, 300), over: .milliseconds(400)).holding(.milliseconds(200))])
        let frames = Trace(device: b.device, events: b.events).frames
        var e = try Self.engine()
        let half = frames.count * 2 / 3
        for f in frames[..<half] { e.handle(f) }
        #expect(e.phase == .dragging)
        let dragged = try #require(e.presentation.drag.flatMap { e.model.item(at: $0.source) })
        try e.apply(Self.inserts(4), keeping: .firstVisibleItem, at: e.now!)
        #expect(e.phase == .dragging && e._invariantViolations().isEmpty)
        for f in frames[half...] { e.handle(f) }
        e.finish()
        #expect(e.model.numberOfItems == 104 && e.model.indexPath(of: dragged) != nil)
        #expect(e._invariantViolations().isEmpty)
    }
}
