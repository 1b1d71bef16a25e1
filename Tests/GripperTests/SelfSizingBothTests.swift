import GripperEditing
import GripperGeometry
import GripperLayout
import GripperScripting
import GripperTesting
import GripperTraces
import Testing
@testable @_spi(Benchmarks) import Gripper
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
        // Moved to the front, then its section reloaded: the height goes with it.
        try e.apply(BatchUpdate([.moveSection(from: 2, to: 0)]), at: .milliseconds(7))
        #expect(Self.headerHeight(e, 0) == 90 && Self.headerHeight(e, 2) == 32)
        try e.apply(BatchUpdate([.reloadSection(0)]), at: .milliseconds(7))
        #expect(Self.headerHeight(e, 0) == 90)
        try e.apply(BatchUpdate([.moveSection(from: 0, to: 2)]), at: .milliseconds(7))
        #expect(Self.headerHeight(e, 2) == 90)
        // Deleted, then a section of the same identity inserted: the height went with the first.
        try e.apply(BatchUpdate([.deleteSection(2)]), at: .milliseconds(7))
        try e.apply(BatchUpdate([.insertSection(CollectionSection(id: "s1", items: ["z"]), at: 2)]), at: .milliseconds(8))
        #expect(Self.headerHeight(e, 2) == 32)
        #expect(e._invariantViolations().isEmpty)
    }

    @Test func aGridKeepsAMeasuredHeaderThroughNewMetricsAndShowsNoneWhereTheyGiveNone() throws {
        var e = try Self.engine(kind: "grid")
        try e.setMeasuredHeight(90, of: .header, inSection: 1, at: .milliseconds(1))
        e.changeLayout(LayoutChange(columns: 2), at: .milliseconds(2))
        #expect(Self.headerHeight(e, 1) == 90 && Self.headerHeight(e, 0) == 32)
        e.changeLayout(LayoutChange(headerHeight: 0), at: .milliseconds(3))
        #expect(Self.headerHeight(e, 1) == nil && Self.headerHeight(e, 0) == nil)
        e.changeLayout(LayoutChange(headerHeight: 40), at: .milliseconds(4))
        #expect(Self.headerHeight(e, 1) == 90 && Self.headerHeight(e, 0) == 40)
        e.resizeViewport(to: Size(width: 500, height: 640), at: .milliseconds(5))
        #expect(Self.headerHeight(e, 1) == 90)
        #expect(e.layout._checkInvariants().isEmpty && e._invariantViolations().isEmpty)
    }

    /// The app's own layout (a placement) takes a header's height at a
    /// reload, from the section's metrics; a width is checked and ignored.
    @Test func aPlacementLayoutTakesAHeaderHeightByAReload() throws {
        var e = try Self.engine(kind: "grid")
        let squares = try PlacementLayout(placement: SetLayoutTests.Squares(), metrics: e.metrics,
                                          viewport: Size(width: 400, height: 640))
        e.setLayout(squares, at: .milliseconds(1))
        _ = e.takeTransitions()
        let second = try #require(e.layout.itemsFrame(ofSection: 1, presentation: .resting)).minY
        try e.setMeasuredHeight(80, of: .header, inSection: 0, at: .milliseconds(2))
        #expect(Self.headerHeight(e, 0) == 80)
        #expect(e.layout.itemsFrame(ofSection: 1, presentation: .resting)?.minY == second + 48)
        #expect(e.takeTransitions().map(\.cause) == [.measured])
        let cell = e.layout.attributes(for: ItemPath(section: 0, item: 1))
        try e.setMeasuredWidth(10, ofItemAt: ItemPath(section: 0, item: 1), at: .milliseconds(3))
        #expect(e.layout.attributes(for: ItemPath(section: 0, item: 1)) == cell)
        #expect(throws: EngineError.self) { try e.setMeasuredWidth(.nan, ofItemAt: ItemPath(section: 0, item: 1), at: .milliseconds(4)) }
        // A batch that rebuilds it keeps the height.
        try e.apply(BatchUpdate([.insertSection(CollectionSection(id: "n", items: []), at: 0)]), at: .milliseconds(5))
        #expect(Self.headerHeight(e, 1) == 80)
        #expect(e.layout._checkInvariants().isEmpty && e._invariantViolations().isEmpty)
    }

    /// Section `s`'s header height, nil for none (the grid answers a header of 0 by id).
    static func headerHeight(_ e: Engine, _ s: Int) -> Double? {
        e.layout.attributes(for: ElementID(kind: .header, indexPath: ItemPath(section: s, item: 0)),
                            presentation: .resting, contentOffset: 0)?.frame.height.nonZero
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
    static func scene(stimuli: String) throws -> Scene {
        let items = (0..<20).map { "{\"id\":\"c\($0)\"}" }.joined(separator: ",")
        return try Scene.decode(Array("""
            {"viewport":{"width":400,"height":640},
             "layout":{"kind":"flow","rowHeight":40,"itemWidth":80,"headerHeight":32,"footerHeight":10},
             "sections":[{"id":"tags","title":"Tags","items":[\(items)]}],"stimuli":[\(stimuli)]}
            """.utf8), fileName: "scene.json")
    }

    @Test func aSceneReportsMeasurements() throws {
        let scene = try Self.scene(stimuli: """
            {"t":0.1,"measure":{"item":[0,3],"width":120.5}},
            {"t":0.2,"measure":{"item":[0,4],"width":60,"height":44}},
            {"t":0.3,"measure":{"item":[0,5],"height":0}},
            {"t":0.4,"measure":{"header":0,"height":64}},
            {"t":0.5,"measure":{"footer":0,"height":1099511627776}},
            {"t":0.6,"measure":{"item":[0,20],"width":10}},
            {"t":0.7,"measure":{"header":1,"height":10}}
            """)
        #expect(scene.stimuli.map(\.action.description) == [
            "measured item [0,3] width 120.50", "measured item [0,4] width 60.00 height 44.00",
            "measured item [0,5] height 0.00", "measured header 0 height 64.00",
            "measured footer 0 height 1099511627776.00", "measured item [0,20] width 10.00", "measured header 1 height 10.00",
        ])
        // Written back as it was read.
        let again = try Scene.decode(Array(try scene.jsonText().utf8), fileName: "again.json")
        #expect(again.stimuli.map(\.action) == scene.stimuli.map(\.action))
        var e = try Engine(scene: scene, device: TestDevices.probeTouchscreen, recordingTranscript: true, makingTransitions: true)
        var transitions: [EngineTransition.Cause] = []
        for stimulus in scene.stimuli {
            let entries = e.apply(stimulus.action, at: .zero + stimulus.offset)
            #expect(entries.first.map { if case .stimulus = $0.event { true } else { false } } == true)
            transitions += e.takeTransitions().map(\.cause)
        }
        #expect(transitions == Array(repeating: .measured, count: 5))
        let lines = e.transcript.entries.map(\.textLine)
        #expect(lines.filter { $0.contains("rejected") }.count == 2, "\(lines)")
        #expect(lines.contains { $0.contains("rejected measured:") && $0.contains("[0,20]") }, "\(lines)")
        #expect(e.layout.attributes(for: ItemPath(section: 0, item: 4))?.frame.size == Size(width: 60, height: 44))
        #expect(Self.headerHeight(e, 0) == 64)
        let json = e.transcript.entries.map(\.jsonLine)
        #expect(json.contains { $0.contains("\"name\":\"measured\",\"element\":\"item\",\"indexPath\":[0,4],\"width\":60.00,\"height\":44.00") },
                "\(json)")
    }

    @Test(arguments: [
        ("{\"t\":1,\"measure\":{}}", "stimuli[0].measure"),
        ("{\"t\":1,\"measure\":{\"item\":[0,1]}}", "stimuli[0].measure"),
        ("{\"t\":1,\"measure\":{\"item\":[0,1],\"width\":-1}}", "stimuli[0].measure.width"),
        ("{\"t\":1,\"measure\":{\"item\":[0,1],\"height\":1099511627777}}", "stimuli[0].measure.height"),
        ("{\"t\":1,\"measure\":{\"item\":[0,-1],\"height\":1}}", "stimuli[0].measure.item[1]"),
        ("{\"t\":1,\"measure\":{\"item\":[0,1],\"header\":0,\"height\":1}}", "stimuli[0].measure"),
        ("{\"t\":1,\"measure\":{\"header\":0,\"width\":1,\"height\":1}}", "stimuli[0].measure.width"),
        ("{\"t\":1,\"measure\":{\"footer\":0}}", "stimuli[0].measure"),
        ("{\"t\":1,\"measure\":{\"footer\":0.5,\"height\":3}}", "stimuli[0].measure.footer"),
        ("{\"t\":1,\"measure\":{\"header\":0,\"height\":\"tall\"}}", "stimuli[0].measure.height"),
        ("{\"t\":1,\"measure\":{\"cell\":0,\"height\":3}}", "stimuli[0].measure.cell"),
    ])
    func badMeasureStimuliAreLocated(_ stimulus: String, _ field: String) throws {
        do {
            _ = try Self.scene(stimuli: stimulus)
            Issue.record("accepted \(stimulus)")
        } catch {
            #expect("\(error)".contains(field + ":") || "\(error)".contains(field + " "), "\(error)")
        }
    }
}

private extension Double {
    var nonZero: Double? { self == 0 ? nil : self }
}
