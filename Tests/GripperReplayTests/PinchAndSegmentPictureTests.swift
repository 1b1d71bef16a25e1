import Testing
import Gripper
import GripperEditing
import GripperGeometry
import GripperLayout
import GripperPictures
import GripperReplay
import GripperScene
import GripperTesting
import GripperScripting

/// A layout pinch in flight and the global header's segment control in the
/// pictures: the shared drawing (which the window paints), the SVG and the
/// terminal. The pinch from the `pinch-between-layouts` case stopped with
/// its first pinch (the list spreading into one column) under way; the
/// segments from `segment-switch-during-swipe`.
@Suite struct PinchAndSegmentPictureTests {
    /// `pinch-between-layouts` stopped at the first frame whose pinch has
    /// gone at least `progress` of the way.
    func midPinch(progress: Double = 0.3) throws -> (Engine, PictureLabels) {
        let folder = try ScenarioFolder("pinch-between-layouts")
        var e = try Engine(scene: folder.scene, device: folder.trace.device, recordingTranscript: true)
        for f in folder.trace.frames {
            e.handle(f)
            if let p = e.layoutPinch, p.progress >= progress { return (e, folder.scene.pictureLabels) }
        }
        Issue.record("the pinch never went \(progress) of the way")
        return (e, folder.scene.pictureLabels)
    }

    /// The engine's pinched attributes in content coordinates (as the snapshot holds them), by element.
    func pinched(_ e: Engine) -> [ElementID: LayoutAttributes] {
        var out: [ElementID: LayoutAttributes] = [:]
        for var a in e.pinchedAttributes() {
            a.frame = a.frame.offsetBy(Point(x: 0, y: e.contentOffset))
            out[a.id] = a
        }
        return out
    }

    @Test func midPinchTheSnapshotHoldsThePinchedAttributes() throws {
        let (e, labels) = try midPinch()
        let s = e.snapshot(labels: labels)
        let expected = pinched(e)
        #expect(s.pinchProgress == e.layoutPinch?.progress)
        #expect(s.attributes.count == expected.count)
        for a in s.attributes { #expect(a.frame == expected[a.id]?.frame, "\(a.id)") }
        // Really between the two layouts: cells are neither where the layout
        // as it is puts them nor at the new layout's frames.
        let resting = e.layout.attributes(in: Rect(x: 0, y: e.contentOffset, width: 400, height: 640),
                                          presentation: e.presentation, contentOffset: e.contentOffset)
        let moved = resting.filter { r in r.kind == .cell && expected[r.id].map { $0.frame != r.frame } ?? false }
        #expect(moved.count >= 6)
        // The items' labels come with them, wherever they are.
        #expect(s.attributes.filter { $0.kind == .cell }.allSatisfy { a in a.indexPath.map { s.items[$0] != nil } ?? false })
    }

    @Test func theSVGDrawsTheCellsAtThePinchedFrames() throws {
        let (e, labels) = try midPinch()
        let s = e.snapshot(labels: labels)
        let svg = SnapshotRenderer.svg(s)
        #expect(wellFormed(svg))
        let root = try #require(SVGNode.parse(svg))
        let drawn = root.all.filter { $0.classes == ["cell"] }.compactMap(\.rect)
        let cells = pinched(e).values.filter { $0.kind == .cell && $0.frame.width >= 1 && $0.frame.height >= 1 }
        #expect(cells.count >= 6)
        for cell in cells {
            // The cell's outlined fill, in content points (the content group's own).
            #expect(drawn.contains { r in abs(r.minX - cell.frame.minX) < 0.01 && abs(r.minY - cell.frame.minY) < 0.01
                        && abs(r.width - cell.frame.width) < 0.01 && abs(r.height - cell.frame.height) < 0.01 },
                    "\(cell.id) at \(cell.frame)")
        }
        // An element of one layout only fades by the pinch's progress.
        if cells.contains(where: { $0.alpha < 1 }) { #expect(svg.contains("fill-opacity")) }
        #expect(svg.contains("pinch \(Int((100 * s.pinchProgress!).rounded())) %"))
    }

    @Test func theTerminalShowsThePinchedCells() throws {
        let (e, labels) = try midPinch()
        let s = e.snapshot(labels: labels)
        let lines = TerminalRenderer.lines(s, columns: 80, rows: 64, color: false)
        #expect(lines[0].contains("pinch"))
        // Each cell's label on the row its pinched frame puts it (one row per 10 points).
        let cells = pinched(e).values.filter { $0.kind == .cell && $0.frame.height >= 20 && $0.frame.minY - e.contentOffset >= 0
            && $0.frame.maxY - e.contentOffset <= 640 }
        var found = 0
        for cell in cells {
            guard let text = cell.indexPath.flatMap({ s.items[$0]?.text }) else { continue }
            let top = Int(((cell.frame.minY - e.contentOffset) / 10).rounded()) + 1
            let bottom = Int(((cell.frame.maxY - e.contentOffset) / 10).rounded())
            let rows = (top...max(top, bottom)).filter { lines.indices.contains($0) }
            if rows.contains(where: { lines[$0].contains(text + " ") || lines[$0].hasSuffix(text) }) {
                found += 1
            }
        }
        #expect(found >= cells.count / 2 && found >= 3, "\(found) of \(cells.count)")
    }

    @Test func afterThePinchThePicturesAreAtRestAgain() throws {
        let folder = try ScenarioFolder("pinch-between-layouts")
        var e = try Engine(scene: folder.scene, device: folder.trace.device, recordingTranscript: true)
        for f in folder.trace.frames { e.handle(f) }
        e.finish()
        let s = e.snapshot(labels: folder.scene.pictureLabels)
        #expect(s.pinchProgress == nil && e.layoutPinch == nil)
        #expect(!SceneDrawing(s).items.contains { if case .text(let t, _, _, _, _, _) = $0.shape { t.contains("pinch") } else { false } })
    }

    // MARK: - The segment control

    func segmented() throws -> (Engine, PictureLabels) {
        let folder = try ScenarioFolder("segment-switch-during-swipe")
        let e = try Engine(scene: folder.scene, device: folder.trace.device, recordingTranscript: true)
        return (e, folder.scene.pictureLabels)
    }

    @Test func theDrawingHasEachSegmentAtItsFrameWithTheShownOneMarked() throws {
        var (e, labels) = try segmented()
        let s = e.snapshot(labels: labels)
        let frames = e.segmentFrames().map { $0.offsetBy(Point(x: 0, y: e.contentOffset)) }
        #expect(s.segments.map(\.frame) == frames && frames.count == 2)
        #expect(s.segments.map(\.title) == ["inbox", "sent"] && s.segments.map(\.isShown) == [true, false])
        let drawing = SceneDrawing(s)
        let titles = drawing.items.compactMap { item -> String? in
            if case .text(let t, _, _, _, _, _) = item.shape, case .segment = item.role { t } else { nil }
        }
        #expect(titles == ["inbox", "sent"])
        // The shown segment filled inside its frame, the other outlined; the
        // header's own title gives way to the control.
        let shown = try #require(drawing.items.first { $0.role == .segment(shown: true) })
        guard case .fill(let box, _) = shown.shape else { Issue.record("the shown segment is not filled"); return }
        let first = frames[0].offsetBy(Point(x: -s.origin.x, y: SceneDrawing.statusBarHeight - s.origin.y))
        #expect(first.contains(box.center) && box.width > first.width / 2)
        #expect(drawing.items.contains { if case .outline = $0.shape { $0.role == .segment(shown: false) } else { false } })
        #expect(!drawing.items.contains { if case .text(let t, _, _, _, _, _) = $0.shape { t == "Inbox | Sent" } else { false } })
        // Over the global header: after its fill.
        let roles = drawing.items.map(\.role)
        let header = try #require(roles.firstIndex(of: .globalHeader))
        #expect(roles.firstIndex(of: .segment(shown: true)).map { $0 > header } == true)

        // The app shows Sent: the marks move.
        e.apply(.switchSegment(1), at: EventTime(microseconds: 100_000))
        #expect(e.snapshot(labels: labels).segments.map(\.isShown) == [false, true])
    }

    @Test func theSVGAndTheTerminalShowTheSegments() throws {
        var (e, labels) = try segmented()
        let svg = SnapshotRenderer.svg(e.snapshot(labels: labels))
        #expect(wellFormed(svg))
        #expect(svg.contains("class=\"segment shown\"") && svg.contains("class=\"segment\""))
        #expect(svg.contains(">inbox<") && svg.contains(">sent<"))
        let rows = TerminalRenderer.lines(e.snapshot(labels: labels), columns: 60, rows: 64, color: false)
        // The global header is the first 44 points: rows 1…4 of the picture.
        let header = rows[1...5].joined(separator: "\n")
        #expect(header.contains("[inbox]") && header.contains("sent") && !header.contains("[sent]"))
        e.apply(.switchSegment(1), at: EventTime(microseconds: 100_000))
        let after = TerminalRenderer.lines(e.snapshot(labels: labels), columns: 60, rows: 64, color: false)[1...5]
            .joined(separator: "\n")
        #expect(after.contains("[sent]") && after.contains("inbox") && !after.contains("[inbox]"))
    }

    @Test func withoutSegmentsTheGlobalHeaderKeepsItsTitle() throws {
        let scene = try Scene.decode("""
        {"viewport":{"width":400,"height":640},"globalHeader":{"height":44,"title":"Notes"},"layout":{"rowHeight":50},
         "sections":[{"id":"s","items":[{"id":"a","label":"Apple"}]}]}
        """)
        let e = try Engine(scene: scene, device: TestDevices.probeTouchscreen)
        let s = e.snapshot(labels: scene.pictureLabels)
        #expect(s.segments.isEmpty)
        #expect(SceneDrawing(s).items.contains { if case .text("Notes", _, _, _, _, _) = $0.shape { $0.role == .globalHeader } else { false } })
    }
}
