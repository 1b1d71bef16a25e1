import Testing
import Gripper
import GripperTesting
import GripperPictures
import GripperReplay
import GripperScene
import GripperScripting

/// A swiped cell whose content slides under its neighbouring column is drawn
/// as `Documentation/Layout.md` says — clipped at the cell's own frame and
/// faded there with a gradient — in the SVG pictures and the terminal view;
/// content that slides towards the screen's edge leaves the screen instead.
/// Checked from the pictures' geometry.
@Suite struct ColumnSwipePictureTests {
    /// Two columns of 188-point cells (x 8…196 and 204…392), 80-point rows
    /// 8 apart; every item has a trailing Delete and a leading Pin.
    static let scene = """
    {"viewport":{"width":400,"height":640},
     "layout":{"columns":2,"rowHeight":80,"interItemSpacing":8,"lineSpacing":8,"insets":{"left":8,"right":8}},
     "defaults":{"leadingActions":[{"id":"pin","title":"Pin"}]},
     "sections":[{"id":"grid","items":[{"id":"a","label":"Alpha on the left"},{"id":"b","label":"Bravo on the right"},
                                       {"id":"c","label":"Charlie on the left"},{"id":"d","label":"Delta on the right"}]}]}
    """

    private func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location { .fraction(x / 400, y / 640) }

    /// The engine after a swipe from `from` to `to` (viewport points) has
    /// settled open, and the swiped cell's attributes.
    private func opened(from: (Double, Double), to: (Double, Double)) throws -> (Engine, LayoutAttributes) {
        var engine = try Engine(scene: Scene.decode(Self.scene), device: TestDevices.probeTouchscreen, recordingTranscript: true)
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 41)
        b.swipe(from: pt(from.0, from.1), to: pt(to.0, to.1), duration: .milliseconds(260))
        for f in b.frames { engine.handle(f) }
        #expect(engine.phase == .open)
        let cell = try #require(engine.snapshot().attributes.first { $0.kind == .cell && $0.swipe != nil })
        #expect(cell.swipe?.contentOffset != 0)
        return (engine, cell)
    }

    private func svg(_ engine: Engine) throws -> SVGNode {
        try #require(SVGNode.parse(SnapshotRenderer.svg(engine.snapshot(labels: try Scene.decode(Self.scene).pictureLabels), id: "t")))
    }

    /// The `<text>` elements showing `label`.
    private func labels(_ root: SVGNode, _ label: String) -> [SVGNode] {
        root.all.filter { $0.name == "text" && $0.text == label }
    }

    /// The cell rect drawn beside a label (the same cell's drawing).
    private func cellRect(_ root: SVGNode, atY y: Double, x: Double) -> SVGNode? {
        root.all.first { $0.classes.contains("cell") && $0.rect?.minY == y && $0.rect?.minX == x }
    }

    @Test func aColumnOneCellSwipedLeftIsClippedAtItsFrameAndFaded() throws {
        let (engine, cell) = try opened(from: (385, 40), to: (300, 40))
        #expect(cell.column == 1 && cell.contentSlidesUnderNeighbour)
        let slide = try #require(cell.swipe?.contentOffset)
        #expect(slide < 0)
        let root = try svg(engine)
        let groups = root.all.filter { $0.classes.contains("slides-under") }
        try #require(groups.count == 1)
        let group = groups[0]
        // The clip is the cell's own frame: the neighbour's edge.
        let clipPath = try #require(group.reference("clip-path").flatMap { root.element(id: $0) })
        #expect(clipPath.name == "clipPath")
        #expect(clipPath.children.count == 1 && clipPath.children.first?.rect == cell.frame)
        // The content is drawn displaced — past the clip's left edge, over
        // column 0 — but only inside the clipped group.
        let content = try #require(cellRect(root, atY: cell.frame.minY, x: cell.frame.minX + slide))
        #expect(content.rect!.minX < cell.frame.minX)
        #expect(content.ancestors.contains { $0 === group })
        let label = labels(root, "Bravo on the right")
        #expect(label.count == 1 && label.allSatisfy { $0.ancestors.contains { $0 === group } })
        #expect(label.first.flatMap { $0.number("x") }.map { $0 < cell.frame.minX } == true)
        // The gradient exists, is referenced by a strip at the neighbour's
        // edge inside the clip, and is darkest at that (left) edge.
        let fade = try #require(group.all.first { $0.classes.contains("under-fade") })
        let strip = try #require(fade.rect)
        #expect(strip.minX == cell.frame.minX && strip.width == 16 && strip.minY == cell.frame.minY
                && strip.height == cell.frame.height)
        let gradient = try #require(fade.reference("fill").flatMap { root.element(id: $0) })
        #expect(gradient.name == "linearGradient" && gradient["x1"] == "0" && gradient["x2"] == "1")
        let stops = gradient.children.filter { $0.name == "stop" }
        #expect(stops.count == 2 && stops[0].number("stop-opacity")! > stops[1].number("stop-opacity")!)
        // The neighbour is drawn as usual, outside the clip, and its label whole.
        let alpha = labels(root, "Alpha on the left")
        #expect(alpha.count == 1 && !alpha[0].ancestors.contains { $0 === group })
        // The action pane stays inside the cell's frame, outside the clip group.
        let action = try #require(root.all.first { $0.classes.contains("action") })
        #expect(!action.ancestors.contains { $0 === group })
        #expect(action.rect!.maxX == cell.frame.maxX && action.rect!.minX == cell.frame.maxX + slide)
    }

    @Test func aColumnZeroCellSwipedRightSlidesUnderColumnOne() throws {
        let (engine, cell) = try opened(from: (20, 128), to: (105, 128))
        #expect(cell.column == 0 && cell.contentSlidesUnderNeighbour && cell.swipe?.edge == .leading)
        let root = try svg(engine)
        let group = try #require(root.all.first { $0.classes.contains("slides-under") })
        #expect(group.reference("clip-path").flatMap { root.element(id: $0) }?.children.first?.rect == cell.frame)
        let fade = try #require(group.all.first { $0.classes.contains("under-fade") })
        #expect(fade.rect?.maxX == cell.frame.maxX && fade.rect?.width == 16)
        let gradient = try #require(fade.reference("fill").flatMap { root.element(id: $0) })
        #expect(gradient["x1"] == "1" && gradient["x2"] == "0") // darkest at the right, the neighbour's edge
        #expect(labels(root, "Charlie on the left").allSatisfy { $0.ancestors.contains { $0 === group } })
    }

    /// Column 0 sliding left and the last column sliding right have no
    /// neighbour there: the content leaves the screen's edge, unclipped by the cell.
    @Test(arguments: [((185.0, 128.0), (100.0, 128.0)), ((215.0, 128.0), (300.0, 128.0))])
    func towardsTheScreensEdgeTheContentIsNotClipped(_ from: (Double, Double), _ to: (Double, Double)) throws {
        let (engine, cell) = try opened(from: from, to: to)
        #expect(!cell.contentSlidesUnderNeighbour)
        let slide = try #require(cell.swipe?.contentOffset)
        let root = try svg(engine)
        #expect(!root.all.contains { $0.classes.contains("slides-under") || $0.classes.contains("under-fade") })
        #expect(!root.all.contains { $0.name == "linearGradient" })
        let content = try #require(cellRect(root, atY: cell.frame.minY, x: cell.frame.minX + slide))
        // Only the viewport's own clip applies.
        let clips = content.ancestors.compactMap { $0.reference("clip-path") }
        #expect(clips == ["t-clip"])
        if slide < 0 { #expect(content.rect!.minX < 8) } else { #expect(content.rect!.maxX > 392) }
    }

    // MARK: - Terminal

    /// 40 × 64 characters: 10 points a character both ways.
    private func terminal(_ engine: Engine) throws -> [String] {
        TerminalRenderer.lines(engine.snapshot(labels: try Scene.decode(Self.scene).pictureLabels), columns: 40, rows: 64,
                               color: false)
    }

    @Test func theTerminalDoesNotDrawTheContentOverTheNeighbour() throws {
        let resting = try terminal(try Engine(scene: Scene.decode(Self.scene), device: TestDevices.probeTouchscreen, recordingTranscript: true))
        let (engine, cell) = try opened(from: (385, 40), to: (300, 40))
        let lines = try terminal(engine)
        // Rows 0…7 show row 0 of the grid (line 0 is the status); column 0
        // is characters 0…19, column 1 starts at 20 (x 204).
        for row in 1...8 {
            #expect(lines[row].prefix(20) == resting[row].prefix(20), "row \(row): \(lines[row])")
        }
        // The faded edge: a shaded column where the content meets the
        // neighbour, on the content's rows (its bottom two are the gap).
        #expect((1...6).allSatisfy { Array(lines[$0])[20] == "░" })
        #expect(!lines.joined().contains("Bravo"))
        // What is left of the label shows inside the frame, before the pane.
        let labelRow = lines[1...8].first { $0.contains("on the") }
        #expect(labelRow != nil)
        #expect(cell.swipe.map { $0.contentOffset < 0 } == true)
    }

    @Test func theTerminalLetsColumnZeroLeaveTheScreensEdge() throws {
        let (engine, cell) = try opened(from: (185, 128), to: (100, 128))
        #expect(cell.column == 0 && !cell.contentSlidesUnderNeighbour)
        let lines = try terminal(engine)
        #expect(!lines.joined().contains("░"))
        // "Charlie on the left", cut with an ellipsis to the room its cell
        // gives the label ("Charlie on the …"), laid out from x 8 − 74 + 14:
        // its first five characters are past the screen's left edge, the
        // rest start at 0; the pane follows.
        let row = try #require(lines[9...18].first { $0.contains("Delete") })
        #expect(row.hasPrefix("ie on the …  Delete"), "\(row)")
    }
}
