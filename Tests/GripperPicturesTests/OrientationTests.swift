import Testing
import Gripper
import GripperPictures
import GripperTesting
import GripperScene
import GripperScripting
@_spi(Benchmarks) import GripperLayout

/// Horizontal and right-to-left layouts: the engine maps input into the
/// layout's scroll space, so the drag gap, swipes and scrolling work along
/// the right axes, and the pictures map frames back onto the screen.
@Suite struct OrientationTests {
    private func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location { .fraction(x / 400, y / 640) }

    private func scene(_ orientation: String, columns: Int = 1, count: Int = 12) -> String {
        let items = (1...count).map { "{\"id\":\"t\($0)\",\"label\":\"Tile \($0)\"}" }.joined(separator: ",")
        return """
        {"viewport":{"width":400,"height":640},"layout":{"columns":\(columns),"rowHeight":100,\(orientation)},
         "sections":[{"id":"s","items":[\(items)]}]}
        """
    }

    private func labels(_ engine: Engine) -> [String] {
        engine.model.sections[0].items.map(\.rawValue)
    }

    @Test func orientationMapsPointsAndRectsConsistently() {
        let screen = Size(width: 400, height: 640)
        var g = SeededGenerator(seed: 7)
        for axis in ScrollAxis.allCases {
            for direction in LayoutDirection.allCases {
                let o = LayoutOrientation(axis: axis, direction: direction)
                let scroll = o.scrollSize(screen)
                #expect(o.scrollSize(scroll) == screen)
                for _ in 0..<200 {
                    let p = Point(x: Double.random(in: 0..<400, using: &g), y: Double.random(in: 0..<640, using: &g))
                    let q = o.scrollPoint(p, viewport: screen)
                    #expect(q.x >= 0 && q.x <= scroll.width && q.y >= 0 && q.y <= scroll.height, "\(o) \(p) → \(q)")
                    // A scroll-space cell around q, at offset 0, drawn on the screen, contains p.
                    let cell = Rect(x: q.x - 1, y: q.y - 1, width: 2, height: 2)
                    let drawn = o.screenRect(cell, contentLength: scroll.height, crossLength: scroll.width)
                    let origin = o.screenOrigin(contentOffset: 0, contentLength: scroll.height, viewport: screen)
                    #expect(drawn.offsetBy(Point(x: -origin.x, y: -origin.y)).contains(p), "\(o) \(p)")
                    // Vectors map as differences of points.
                    let d = o.scrollVector(Point(x: 3, y: -5))
                    let moved = o.scrollPoint(Point(x: p.x + 3, y: p.y - 5), viewport: screen)
                    #expect(abs(moved.x - q.x - d.x) < 1e-9 && abs(moved.y - q.y - d.y) < 1e-9, "\(o)")
                }
            }
        }
    }

    @Test func horizontalGridLaysItemsOutAlongX() throws {
        let s = try Scene.decode(scene("\"scrollDirection\":\"horizontal\"", columns: 2))
        let engine = try Engine(scene: s, device: TestDevices.probeTouchscreen)
        #expect(engine.orientation.axis == .horizontal)
        #expect(engine.layout.viewport == Size(width: 640, height: 400))
        let snapshot = engine.snapshot()
        let cells = snapshot.attributes.filter { $0.kind == .cell }
        // Two rows on screen of 320 points; columns of 100 points along x.
        let frames = Dictionary(uniqueKeysWithValues: cells.map { ($0.indexPath!.item, $0.frame) })
        #expect(frames[0] == Rect(x: 0, y: 0, width: 100, height: 320))
        #expect(frames[1] == Rect(x: 0, y: 320, width: 100, height: 320))
        #expect(frames[2] == Rect(x: 100, y: 0, width: 100, height: 320))
        #expect(snapshot.contentSize == Size(width: 600, height: 640))
        // The SVG and the terminal draw it: tile 3 (item 2) sits in the second column.
        let svg = SnapshotRenderer.svg(snapshot)
        #expect(svg.contains("x=\"100.00\" y=\"0.00\" width=\"100.00\" height=\"320.00\""))
    }

    @Test func horizontalPanScrollsAlongX() throws {
        let s = try Scene.decode(scene("\"scrollDirection\":\"horizontal\"", count: 20))
        var engine = try Engine(scene: s, device: TestDevices.probeTouchscreen)
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 3)
        b.perform([TraceBuilder.Stroke(at: pt(360, 300)).moving(to: pt(100, 304), over: .milliseconds(400))
            .holding(.milliseconds(80))])
        for f in b.frames { engine.handle(f) }
        engine.finish()
        #expect(engine.contentOffset > 200 && engine.contentOffset < 280, "\(engine.contentOffset)")
        #expect(labels(engine) == (1...20).map { "t\($0)" })
        let origin = engine.snapshot().origin
        #expect(origin == Point(x: engine.contentOffset, y: 0))
    }

    @Test func horizontalDragMovesTheGapAlongX() throws {
        let s = try Scene.decode(scene("\"scrollDirection\":\"horizontal\""))
        var engine = try Engine(scene: s, device: TestDevices.probeTouchscreen)
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 5)
        // Tile 1 (x 0…100) to past the centre of the third column (x 250),
        // short of the auto-scroll zone at the viewport's right fifth.
        b.drag(from: pt(50, 300), to: pt(275, 300))
        for f in b.frames { engine.handle(f) }
        engine.finish()
        #expect(labels(engine) == ["t2", "t3", "t1"] + (4...12).map { "t\($0)" })
    }

    @Test func horizontalSwipeRevealsActionsVertically() throws {
        let items = (1...6).map { "{\"id\":\"t\($0)\",\"label\":\"Tile \($0)\"}" }.joined(separator: ",")
        let text = """
        {"viewport":{"width":400,"height":640},"layout":{"rowHeight":100,"scrollDirection":"horizontal"},
         "defaults":{"actions":[{"id":"delete","title":"Delete","style":"destructive"}]},
         "sections":[{"id":"s","items":[\(items)]}]}
        """
        var engine = try Engine(scene: try Scene.decode(text), device: TestDevices.probeTouchscreen)
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 9)
        // Up across Tile 2: toward the top of the screen, the trailing edge's opposite.
        b.swipe(from: pt(150, 560), to: pt(150, 300), duration: .milliseconds(260))
        b.pause(.milliseconds(400))
        for f in b.frames { engine.handle(f) }
        #expect(engine.phase == .open)
        #expect(engine.contentOffset == 0)
        let snapshot = engine.snapshot()
        let cell = try #require(snapshot.attributes.first { $0.kind == .cell && $0.indexPath?.item == 1 })
        let pane = try #require(cell.swipe?.paneFrame)
        // The pane spans the cell's width on screen and sits at its bottom.
        #expect(pane.minX == cell.frame.minX && pane.width == cell.frame.width)
        #expect(pane.maxY == cell.frame.maxY && pane.height < cell.frame.height)
    }

    /// In batch editing the pictures draw each cell's delete control and
    /// gripper where a touch finds them, in every orientation: a tap at the
    /// centre of the drawn delete control opens the delete confirmation.
    @Test(arguments: ["", "\"layoutDirection\":\"rightToLeft\"", "\"scrollDirection\":\"horizontal\"",
                      "\"scrollDirection\":\"horizontal\",\"layoutDirection\":\"rightToLeft\""])
    func editingControlsAreDrawnWhereTheyAreHit(_ orientation: String) throws {
        let s = try Scene.decode(scene(orientation.isEmpty ? "\"separator\":0" : orientation, count: 4))
        var engine = try Engine(scene: s, device: TestDevices.probeTouchscreen, recordingTranscript: true)
        _ = engine.apply(.setEditing(true), at: .zero)
        let snapshot = engine.snapshot()
        let cell = try #require(snapshot.attributes.first { $0.kind == .cell && $0.indexPath?.item == 1 })
        let controls = try #require(cell.editingControls)
        let delete = try #require(controls.deleteControl)
        let gripper = try #require(controls.gripper)
        #expect(cell.frame.contains(Point(x: delete.midX, y: delete.midY)))
        #expect(!delete.intersects(gripper), "\(orientation): \(delete) \(gripper)")
        // The drawn controls' centres, in viewport coordinates, as a finger would touch them.
        let o = snapshot.origin
        func onScreen(_ r: Rect) -> TraceBuilder.Location { pt(r.midX - o.x, r.midY - o.y) }
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 3)
        b.pause(.milliseconds(10))
        b.tap(at: onScreen(delete))
        b.pause(.milliseconds(400))
        for f in b.frames { engine.handle(f) }
        let after = try #require(engine.snapshot().attributes.first { $0.kind == .cell && $0.indexPath?.item == 1 })
        #expect(after.editingControls?.deleteConfirmation != nil, "\(orientation)\n\(engine.transcript.text)")
        // The SVG draws the delete control at that centre.
        let svg = SnapshotRenderer.svg(snapshot)
        #expect(svg.contains("class=\"delete-control\" cx=\"\(FixedDecimal.string(delete.midX, places: 2))\" cy=\"\(FixedDecimal.string(delete.midY, places: 2))\""), "\(orientation)")
    }

    @Test func rightToLeftMirrorsColumnsAndSwipes() throws {
        let s = try Scene.decode(scene("\"layoutDirection\":\"rightToLeft\"", columns: 2))
        var engine = try Engine(scene: s, device: TestDevices.probeTouchscreen)
        let cells = engine.snapshot().attributes.filter { $0.kind == .cell }
        let first = try #require(cells.first { $0.indexPath?.item == 0 })
        let second = try #require(cells.first { $0.indexPath?.item == 1 })
        #expect(first.frame.minX == 200 && second.frame.minX == 0)
        // A long-press drag from the right column to the left one moves Tile 1 after Tile 2.
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 6)
        b.drag(from: pt(300, 50), to: pt(60, 50))
        for f in b.frames { engine.handle(f) }
        engine.finish()
        #expect(labels(engine).prefix(2) == ["t2", "t1"])
    }

    @Test func sceneRejectsAnUnknownDirection() {
        #expect(throws: SceneError.self) { try Scene.decode(scene("\"scrollDirection\":\"diagonal\"")) }
        #expect(throws: SceneError.self) { try Scene.decode(scene("\"layoutDirection\":\"up\"")) }
        do {
            _ = try Scene.decode(scene("\"scrollDirection\":\"sideways\""))
        } catch {
            #expect("\(error)".contains("layout.scrollDirection"))
        }
    }
}

/// Engines on the flow layout: a scene's `layout.kind`, item widths, and
/// invariants after a drag and a measured height.
@Suite struct FlowEngineTests {
    @Test func aFlowSceneDragsAndMeasures() throws {
        let widths = [120, 90, 150, 100, 80, 130, 110, 140, 70, 160, 90, 100]
        let items = widths.enumerated().map { "{\"id\":\"g\($0.offset + 1)\",\"width\":\($0.element)}" }.joined(separator: ",")
        let text = """
        {"viewport":{"width":400,"height":640},
         "layout":{"kind":"flow","rowHeight":56,"interItemSpacing":8,"lineSpacing":8,"estimatedItemHeight":56},
         "sections":[{"id":"tags","items":[\(items)]}]}
        """
        var engine = try Engine(scene: try Scene.decode(text), device: TestDevices.probeTouchscreen)
        #expect(engine.layout is FlowLayout)
        // Three tags on the first line (120 + 8 + 90 + 8 + 150 = 376 ≤ 400), justified.
        let third = try #require(engine.layout.attributes(for: ItemPath(section: 0, item: 2)))
        #expect(third.frame == Rect(x: 250, y: 0, width: 150, height: 56))
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 4)
        b.drag(from: .fraction(60 / 400, 28 / 640), to: .fraction(230 / 400, 160 / 640))
        for f in b.frames { engine.handle(f) }
        engine.finish()
        #expect(engine._invariantViolations().isEmpty)
        #expect(engine.model.sections[0].items.count == 12)
        try engine.setMeasuredHeight(90, ofItemAt: ItemPath(section: 0, item: 0), at: b.now + .milliseconds(10))
        #expect(engine.layout.attributes(for: ItemPath(section: 0, item: 0))?.frame.height == 90)
        #expect(engine._invariantViolations().isEmpty)
        #expect(throws: SceneError.self) {
            try Scene.decode(text.replacingOccurrences(of: "\"kind\":\"flow\"", with: "\"kind\":\"masonry\""))
        }
    }
}
