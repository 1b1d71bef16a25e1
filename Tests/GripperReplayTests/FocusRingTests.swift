import Testing
import Gripper
import GripperTesting
import GripperGeometry
@_spi(Benchmarks) import GripperLayout
import GripperPictures
import GripperScene
import GripperScripting

/// The keyboard focus in the layout and the pictures: the presentation
/// carries it, only the focused cell is marked, and the SVG, the shared
/// drawing (so the window) and the terminal show it; without a focus,
/// nothing is.
@Suite struct FocusRingTests {
    private static let scene = """
    {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56},
     "sections":[{"id":"s","items":[{"id":"a","label":"Apple"},{"id":"b","label":"Pear"},{"id":"c","label":"Plum"}]}]}
    """
    private static let down: UInt16 = 108, space: UInt16 = 57
    private let visible = Rect(x: 0, y: 0, width: 400, height: 640)

    private func focusedCells(_ e: Engine) -> [ItemPath?] {
        e.layout.attributes(in: visible, presentation: e.presentation, contentOffset: 0).filter(\.isFocused).map(\.indexPath)
    }

    @Test func theFocusedCellIsMarkedAndDrawnWithARing() throws {
        let scene = try Scene.decode(Self.scene)
        var e = try Engine(scene: scene, device: TestDevices.probeTouchscreen)
        #expect(e.presentation.focused == nil && focusedCells(e).isEmpty)
        var snapshot = e.snapshot(labels: scene.pictureLabels)
        #expect(!SnapshotRenderer.svg(snapshot).contains("focus-ring"))
        #expect(!SceneDrawing(snapshot).items.contains { $0.role == .focus })

        e.handleKey(code: Self.down, value: 1, at: .milliseconds(100))
        e.handleKey(code: Self.down, value: 1, at: .milliseconds(200))
        let pear = ItemPath(section: 0, item: 1)
        #expect(e.presentation.focused == pear)
        #expect(focusedCells(e) == [pear])
        #expect(e.layout.attributes(for: pear, presentation: e.presentation)?.isFocused == true)
        #expect(e.layout.attributes(for: ItemPath(section: 0, item: 0), presentation: e.presentation)?.isFocused == false)

        snapshot = e.snapshot(labels: scene.pictureLabels)
        let svg = SnapshotRenderer.svg(snapshot)
        #expect(svg.ranges(of: "class=\"focus-ring\"").count == 1)
        let rings = SceneDrawing(snapshot).items.filter { $0.role == .focus }
        #expect(rings.count == 1)
        let cell = try #require(snapshot.attributes.first { $0.kind == .cell && $0.indexPath == pear })
        if case .outline(let r, _, let width, _)? = rings.first?.shape {
            // Inside the cell's frame (in picture points, below the status bar).
            #expect(width == 2 && r.height == cell.frame.height - 4 && r.width == cell.frame.width - 4)
        } else {
            Issue.record("the focus ring is not an outline: \(rings)")
        }
        let lines = TerminalRenderer.lines(snapshot, columns: 40, rows: 32, color: false)
        #expect(lines.filter { $0.contains(">") }.allSatisfy { $0.contains("Pear") })
        #expect(lines.contains { $0.contains(">") && $0.contains("Pear") })
    }

    @Test func aCarriedFocusedItemShowsNoRingAndTheRingComesBackAfterTheDrop() throws {
        let scene = try Scene.decode(Self.scene)
        var e = try Engine(scene: scene, device: TestDevices.probeTouchscreen)
        e.handleKey(code: Self.down, value: 1, at: .milliseconds(100))
        e.handleKey(code: Self.space, value: 1, at: .milliseconds(200))
        e.handleKey(code: Self.down, value: 1, at: .milliseconds(300))
        #expect(e.phase == .keyboardMoving)
        // The focused item is the hidden source: no cell shows the ring.
        #expect(focusedCells(e).isEmpty)
        e.handleKey(code: Self.space, value: 1, at: .milliseconds(400))
        #expect(e.model.sections[0].items.map(\.rawValue) == ["b", "a", "c"])
        #expect(focusedCells(e) == [ItemPath(section: 0, item: 1)])
    }

    @Test func theFlowLayoutMarksTheFocusedCellToo() throws {
        let sizes = [80.0, 120, 60, 90].map { Size(width: $0, height: 40) }
        let layout = try FlowLayout(sections: [SectionContent(itemSizes: sizes)], metrics: LayoutMetrics(rowHeight: 40),
                                    viewport: Size(width: 400, height: 600))
        let p = LayoutPresentation(focused: ItemPath(section: 0, item: 2))
        let marked = layout.attributes(in: Rect(x: 0, y: 0, width: 400, height: 600), presentation: p, contentOffset: 0)
            .filter(\.isFocused).map(\.indexPath)
        #expect(marked == [ItemPath(section: 0, item: 2)])
    }
}
