import GripperEditing
import GripperGeometry
import GripperLayout
import GripperScripting
import GripperTesting
import GripperTraces
import Testing
@testable import Gripper
@testable import GripperScene

/// Measured widths (a flow of tag chips) and measured header and footer
/// heights through the engine: what is on screen stays put, a drag goes
/// on, one `measured` transition, the header's height kept by its
/// section's identity through batches and layout changes, bad values
/// refused with nothing changed.
@Suite struct EngineSelfSizingBothTests {
    /// A 400 × 640 scene of `count` 80 × 40 chips (flow) or 56-point rows
    /// (grid), sections of 30 with 32-point headers and 20-point footers.
    static func scene(kind: String = "flow", sections: Int = 3, count: Int = 30, pinned: Bool = false) throws -> Scene {
        let list = (0..<sections).map { s in
            let items = (0..<count).map { "{\"id\":\"i\(s)-\($0)\"}" }.joined(separator: ",")
            return "{\"id\":\"s\(s)\",\"title\":\"Section \(s)\",\"items\":[\(items)]}"
        }.joined(separator: ",")
        let json = """
        {"viewport":{"width":400,"height":640},
         "layout":{"kind":"\(kind)","rowHeight":40,"itemWidth":80,"interItemSpacing":8,"lineSpacing":8,
                   "headerHeight":32,"footerHeight":20,"pinnedHeaders":\(pinned)},
         "sections":[\(list)]}
        """
        return try Scene.decode(Array(json.utf8), fileName: "scene.json")
    }

    static func engine(kind: String = "flow", pinned: Bool = false) throws -> Engine {
        try Engine(scene: scene(kind: kind, pinned: pinned), device: TestDevices.probeTouchscreen,
                   recordingTranscript: true, makingTransitions: true)
    }

    static func screenY(_ e: Engine, _ p: ItemPath) -> Double? {
        e.layout.attributes(for: p, presentation: e.presentation).map { $0.frame.minY - e.contentOffset }
    }

    static func header(_ e: Engine, _ s: Int) -> Rect? {
        e.layout.attributes(for: ElementID(kind: .header, indexPath: ItemPath(section: s, item: 0)),
                            presentation: e.presentation, contentOffset: e.contentOffset)?.frame
    }

    @Test func aMeasuredWidthKeepsTheFirstVisibleItemInPlace() throws {
        var e = try Self.engine()
        e.scroll(to: .offset(700), animated: false, at: .zero)
        _ = e.takeTransitions()
        let anchor = try #require(e.firstVisibleItem())
        let size = e.layout.contentSize
        // A chip before the viewport grows to 300: its section wraps again, the screen stays.
        try e.setMeasuredWidth(300, ofItemAt: ItemPath(section: 0, item: 2), at: .milliseconds(10))
        #expect(e.layout.contentSize.height > size.height)
        #expect(Self.screenY(e, anchor.indexPath) == anchor.fromTop)
        #expect(e.takeTransitions().map(\.cause) == [.measured])
        // One after the viewport: nothing on screen moves.
        let shown = (0..<30).map { Self.screenY(e, ItemPath(section: 1, item: $0)) }
        try e.setMeasuredSize(Size(width: 250, height: 70), ofItemAt: ItemPath(section: 2, item: 20), at: .milliseconds(20))
        #expect((0..<30).map { Self.screenY(e, ItemPath(section: 1, item: $0)) } == shown)
        #expect(e.layout.attributes(for: ItemPath(section: 2, item: 20))?.frame.size == Size(width: 250, height: 70))
        #expect(e.takeTransitions().map(\.cause) == [.measured])
        // The same width again: nothing, no transition.
        let entries = try e.setMeasuredWidth(250, ofItemAt: ItemPath(section: 2, item: 20), at: .milliseconds(30))
        #expect(entries.isEmpty && e.takeTransitions().isEmpty)
        #expect(e._invariantViolations().isEmpty)
    }

    @Test func theGridChecksAndIgnoresAWidth() throws {
        var e = try Self.engine(kind: "grid")
        let before = e.layout.attributes(for: ItemPath(section: 0, item: 3))
        try e.setMeasuredWidth(300, ofItemAt: ItemPath(section: 0, item: 3), at: .milliseconds(1))
        #expect(e.layout.attributes(for: ItemPath(section: 0, item: 3)) == before)
        #expect(e.takeTransitions().isEmpty)
        #expect(throws: EngineError.self) { try e.setMeasuredWidth(.nan, ofItemAt: ItemPath(section: 0, item: 3), at: .milliseconds(2)) }
    }

    @Test(arguments: ["flow", "grid"])
    func aHeaderBeforeTheViewportMovesTheOffset(_ kind: String) throws {
        var e = try Self.engine(kind: kind, pinned: true)
        let sectionOneTop = try #require(e.layout.itemsFrame(ofSection: 1, presentation: .resting)).minY
        e.scroll(to: .offset(sectionOneTop + 100), animated: false, at: .zero)
        _ = e.takeTransitions()
        let anchor = try #require(e.firstVisibleItem())
        let offset = e.contentOffset
        // Section 0's header is wholly above: the offset follows it.
        try e.setMeasuredHeight(80, of: .header, inSection: 0, at: .milliseconds(10))
        #expect(e.contentOffset == offset + 48)
        #expect(Self.screenY(e, anchor.indexPath) == anchor.fromTop)
        #expect(e.takeTransitions().map(\.cause) == [.measured])
        // Section 1's header is pinned on screen, over its section: it takes its new height there.
        try e.setMeasuredHeight(60, of: .header, inSection: 1, at: .milliseconds(20))
        #expect(Self.header(e, 1)?.height == 60)
        #expect(Self.header(e, 1)?.minY == e.contentOffset)
        // A footer after the viewport moves nothing on screen.
        let y = Self.screenY(e, anchor.indexPath)
        try e.setMeasuredHeight(0, of: .footer, inSection: 2, at: .milliseconds(30))
        #expect(Self.screenY(e, anchor.indexPath) == y)
        #expect(e.layout._checkInvariants().isEmpty && e._invariantViolations().isEmpty)
    }

    @Test func aHeaderHeightFollowsItsSection() throws {
        var e = try Self.engine()
        try e.setMeasuredHeight(90, of: .header, inSection: 1, at: .milliseconds(1))
        #expect(Self.headerHeight(e, 1) == 90)
        // A section inserted before it: the height goes with s1, now section 2.
        try e.apply(BatchUpdate([.insertSection(CollectionSection(id: "new", items: ["n1", "n2"]), at: 0)]),
                    at: .milliseconds(2))
        #expect(Self.headerHeight(e, 2) == 90 && Self.headerHeight(e, 0) == 32 && Self.headerHeight(e, 1) == 32)
        // An item batch, a layout switch to the grid and back, a resize.
        try e.apply(BatchUpdate([.deleteItem(ItemPath(section: 2, item: 0))]), at: .milliseconds(3))
        #expect(Self.headerHeight(e, 2) == 90)
        e.changeLayout(LayoutChange(kind: .grid), at: .milliseconds(4))
        #expect(Self.headerHeight(e, 2) == 90)
        e.changeLayout(LayoutChange(kind: .flow), at: .milliseconds(5))
        e.resizeViewport(to: Size(width: 300, height: 640), at: .milliseconds(6))
        #expect(Self.headerHeight(e, 2) == 90)
        // Deleted, then a section of the same identity inserted: the height went with the first.
        try e.apply(BatchUpdate([.deleteSection(2)]), at: .milliseconds(7))
        try e.apply(BatchUpdate([.insertSection(CollectionSection(id: "s1", items: ["z"]), at: 2)]), at: .milliseconds(8))
        #expect(Self.headerHeight(e, 2) == 32)
        #expect(e._invariantViolations().isEmpty)
    }

    static func headerHeight(_ e: Engine, _ s: Int) -> Double? {
        e.layout.attributes(for: ElementID(kind: .header, indexPath: ItemPath(section: s, item: 0)),
                            presentation: .resting, contentOffset: 0)?.frame.height
    }

    @Test func badMeasurementsAreRefusedAndChangeNothing() throws {
        var e = try Self.engine()
        let size = e.layout.contentSize, offset = e.contentOffset
        for v in [Double.nan, -1, .infinity, 0x1p40 + 1] {
            #expect(throws: EngineError.self) { try e.setMeasuredWidth(v, ofItemAt: ItemPath(section: 0, item: 0), at: .zero) }
            #expect(throws: EngineError.self) {
                try e.setMeasuredSize(Size(width: 10, height: v), ofItemAt: ItemPath(section: 0, item: 0), at: .zero)
            }
            #expect(throws: EngineError.self) {
                try e.setMeasuredSize(Size(width: v, height: 10), ofItemAt: ItemPath(section: 0, item: 0), at: .zero)
            }
            #expect(throws: EngineError.self) { try e.setMeasuredHeight(v, of: .header, inSection: 0, at: .zero) }
        }
        #expect(throws: EngineError.self) { try e.setMeasuredWidth(10, ofItemAt: ItemPath(section: 0, item: 30), at: .zero) }
        #expect(throws: EngineError.self) { try e.setMeasuredWidth(10, ofItemAt: ItemPath(section: 3, item: 0), at: .zero) }
        #expect(throws: EngineError.self) { try e.setMeasuredHeight(10, of: .header, inSection: 3, at: .zero) }
        #expect(throws: EngineError.self) { try e.setMeasuredHeight(10, of: .header, inSection: -1, at: .zero) }
        #expect(throws: EngineError.self) { try e.setMeasuredHeight(10, of: .cell, inSection: 0, at: .zero) }
        #expect(e.layout.contentSize == size && e.contentOffset == offset)
        #expect(e.takeTransitions().isEmpty)
        // A section without a footer: refused.
        let noFooter = try Scene.decode(Array("""
            {"viewport":{"width":400,"height":640},"layout":{"kind":"flow","headerHeight":10},
             "sections":[{"id":"s","items":[{"id":"a"}]}]}
            """.utf8), fileName: "scene.json")
        var f = try Engine(scene: noFooter, device: TestDevices.probeTouchscreen)
        #expect(throws: EngineError.self) { try f.setMeasuredHeight(10, of: .footer, inSection: 0, at: .zero) }
    }

    @Test func aDragGoesOnThroughAMeasuredWidth() throws {
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 5,
                             configuration: .init(start: .zero + .milliseconds(500)))
        b.perform([TraceBuilder.Stroke(at: .fraction(40 / 400, 100 / 640)).holding(.milliseconds(700))
            .moving(to: .fraction(300 / 400, 260 / 640), over: .milliseconds(400))])
        let frames = Trace(device: b.device, events: b.events).frames
        var e = try Self.engine()
        let half = frames.count * 2 / 3
        for f in frames[..<half] { e.handle(f) }
        #expect(e.phase == .dragging)
        let dragged = try #require(e.presentation.drag?.source)
        _ = e.takeTransitions()
        try e.setMeasuredWidth(200, ofItemAt: ItemPath(section: 0, item: 9), at: e.now!)
        try e.setMeasuredHeight(50, of: .header, inSection: 0, at: e.now!)
        #expect(e.phase == .dragging, "the drag goes on")
        #expect(e.takeTransitions().map(\.cause) == [.measured, .measured])
        #expect(e.layout._checkInvariants().isEmpty && e._invariantViolations().isEmpty)
        for f in frames[half...] { e.handle(f) }
        e.finish()
        #expect(e.phase == .idle)
        #expect(e.journal.entries.count == 1)
        #expect(e.model.numberOfItems == 90 && e.model.item(at: dragged) != nil)
    }
}
