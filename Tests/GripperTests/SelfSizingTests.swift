import Testing
import Gripper
import GripperTesting
import GripperScene
import GripperScripting

/// Self-sizing: items start at the estimated height; a measured height
/// before the viewport moves the offset by its change, so what is on screen
/// stays put; one in or after the viewport moves what follows it.
@Suite struct SelfSizingTests {
    private func engine(estimate: Double, count: Int = 40) throws -> Engine {
        let items = (1...count).map { "{\"id\":\"i\($0)\",\"label\":\"Item \($0)\"}" }.joined(separator: ",")
        let text = """
        {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"estimatedItemHeight":\(estimate)},
         "sections":[{"id":"s","items":[\(items)]}]}
        """
        return try Engine(scene: try Scene.decode(text), device: TestDevices.probeMouse, recordingTranscript: true)
    }

    /// Scrolls three wheel detents (48 points each) down.
    private func scrolled(_ e: inout Engine) -> EventTime {
        var b = TraceBuilder(device: TestDevices.probeMouse, seed: 1)
        b.scroll(detents: 3)
        for f in b.frames { e.handle(f) }
        return b.now
    }

    private func screenY(_ e: Engine, _ item: Int) -> Double? {
        e.layout.attributes(for: ItemPath(section: 0, item: item)).map { $0.frame.minY - e.contentOffset }
    }

    @Test func itemsStartAtTheEstimate() throws {
        let e = try engine(estimate: 48)
        #expect(e.layout.attributes(for: ItemPath(section: 0, item: 5))?.frame.minY == 240)
        #expect(e.layout.contentSize.height == 40 * 48)
    }

    @Test func anItemEndingAtTheViewportsTopMovesTheOffset() throws {
        var e = try engine(estimate: 48)
        var t = scrolled(&e)
        #expect(e.contentOffset == 144)
        let topBefore = screenY(e, 3)
        // Item 2 spans 96…144: wholly above the viewport (its end is the top).
        t = t + .milliseconds(10)
        try e.setMeasuredHeight(100, ofItemAt: ItemPath(section: 0, item: 2), at: t)
        #expect(e.contentOffset == 196)
        #expect(screenY(e, 3) == topBefore)
        // Item 3 starts at the top: it is on screen, the offset stays; item 4 moves down.
        let fourBefore = try #require(screenY(e, 4))
        try e.setMeasuredHeight(60, ofItemAt: ItemPath(section: 0, item: 3), at: t + .milliseconds(10))
        #expect(e.contentOffset == 196)
        #expect(screenY(e, 3) == topBefore)
        #expect(screenY(e, 4) == fourBefore + 12)
    }

    @Test func anItemStraddlingTheTopDoesNotMoveTheOffset() throws {
        var e = try engine(estimate: 50)
        let t = scrolled(&e)
        #expect(e.contentOffset == 144)
        // Item 2 spans 100…150: it straddles the top by 6 points.
        let before = try #require(screenY(e, 2))
        try e.setMeasuredHeight(80, ofItemAt: ItemPath(section: 0, item: 2), at: t + .milliseconds(10))
        #expect(e.contentOffset == 144)
        #expect(screenY(e, 2) == before)
        // Item 1 (50…100) ends 44 points above the top: the offset follows it.
        try e.setMeasuredHeight(20, ofItemAt: ItemPath(section: 0, item: 1), at: t + .milliseconds(20))
        #expect(e.contentOffset == 114)
        #expect(screenY(e, 2) == before)
    }

    @Test func measurementsBelowTheViewportMoveNothingOnScreen() throws {
        var e = try engine(estimate: 50)
        let t = scrolled(&e)
        let shown = (3...14).map { screenY(e, $0) }
        try e.setMeasuredHeight(300, ofItemAt: ItemPath(section: 0, item: 30), at: t + .milliseconds(10))
        #expect(e.contentOffset == 144)
        #expect((3...14).map { screenY(e, $0) } == shown)
        #expect(e.layout.contentSize.height == 39 * 50 + 300)
    }

    @Test func badMeasurementsAreRejectedAndChangeNothing() throws {
        var e = try engine(estimate: 50)
        let size = e.layout.contentSize
        for (h, item) in [(Double.nan, 1), (-1, 1), (.infinity, 1), (50, 40), (50, -1)] {
            #expect(throws: EngineError.self) {
                try e.setMeasuredHeight(h, ofItemAt: ItemPath(section: 0, item: item), at: .zero)
            }
        }
        #expect(e.layout.contentSize == size)
        #expect(e._invariantViolations().isEmpty)
    }

    @Test func aShrinkingMeasurementNearTheEndReclampsTheOffset() throws {
        var e = try engine(estimate: 50, count: 16)  // 800 points: the offset goes up to 160
        var b = TraceBuilder(device: TestDevices.probeMouse, seed: 2)
        b.scroll(detents: 5)
        for f in b.frames { e.handle(f) }
        #expect(e.contentOffset == 160)
        // Item 0 shrinks by 40: the offset follows it, to 120, still in range.
        try e.setMeasuredHeight(10, ofItemAt: ItemPath(section: 0, item: 0), at: b.now + .milliseconds(10))
        #expect(e.contentOffset == 120)
        #expect(e._invariantViolations().isEmpty)
    }
}
