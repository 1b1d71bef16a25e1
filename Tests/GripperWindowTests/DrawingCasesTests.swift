import Foundation
import Gripper
import GripperEditing
import GripperGeometry
import GripperLayout
import GripperPictures
import GripperScene
import GripperScripting
import GripperTesting
import GripperWindow
import Testing

extension WindowRendererTests {
/// What the SVG pictures drew and the window did not, until they shared
/// `SceneDrawing`'s rules: a multi-item drag's count badge, a selected
/// cell's tick, elements thinner than a pixel merged into bands, and the
/// loading indicator and error panel. Each checked in offscreen frames at
/// the place the engine's attributes give.
@Suite struct DrawingCasesTests {
    /// The pixel at a picture point (scaled).
    private func color(_ image: PNGImage, _ p: Point, scale: Double) -> UInt32 {
        image.color(Int(p.x * scale), Int(p.y * scale))
    }

    /// A content point of `s` in picture points.
    private func picture(_ x: Double, _ y: Double, _ s: EngineSnapshot) -> Point {
        Point(x: x - s.origin.x, y: y - s.origin.y + SceneDrawing.statusBarHeight)
    }

    /// The pixels of `r` (picture points) near `rgb`, and their bounding box in pixels.
    private func matching(_ rgb: UInt32, in r: Rect, _ image: PNGImage, scale: Double, tolerance: Int = 6)
        -> (count: Int, box: Rect?) {
        var n = 0, x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        let xs = max(0, Int(r.minX * scale))..<min(image.width, Int(r.maxX * scale))
        let ys = max(0, Int(r.minY * scale))..<min(image.height, Int(r.maxY * scale))
        for y in ys { for x in xs where near(image.color(x, y), rgb, tolerance: tolerance) {
            n += 1; x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y)
        } }
        return (n, n == 0 ? nil : Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0 + 1), height: Double(y1 - y0 + 1)))
    }

    @Test(arguments: [1.0, 2.0]) func aMultiItemDragShowsItsCountOnTheProxy(scale: Double) throws {
        var run = try OffscreenRun("multi-drag-across-sections", scale: scale)
        var shots: [(EngineSnapshot, PNGImage)] = []
        try run.play(step: 50_000) { time, painter, engine in
            guard engine.stateName.hasSuffix("dragging"), !painter.isAnimating(at: time), let s = painter.lastSnapshot
            else { return }
            shots.append((s, try PNGImage(painter.renderer.png())))
        }
        var checked = 0
        for (s, image) in shots {
            let proxy = try #require(s.attributes.first { $0.kind == .dragProxy })
            #expect(proxy.dragItemCount == 3)
            // A red disc (radius 11: some 380 points²) inside the proxy, with the count in white inside it.
            let frame = pixels(proxy.frame, s, scale: 1)
            let red = matching(0xe53935, in: frame, image, scale: scale)
            let disc = try #require(red.box)
            #expect(red.count > Int(300 * scale * scale) && red.count < Int(420 * scale * scale), "\(red.count) red pixels")
            #expect(abs(disc.width - 22 * scale) <= 2 && abs(disc.height - 22 * scale) <= 2, "badge \(disc)")
            let ink = matching(0xffffff, in: Rect(x: disc.minX / scale, y: disc.minY / scale, width: disc.width / scale,
                                                      height: disc.height / scale), image, scale: scale, tolerance: 60)
            #expect(ink.count > Int(6 * scale * scale), "no count drawn in the badge \(disc)")
            checked += 1
        }
        #expect(checked >= 3)
    }

    @Test func aOneItemDragHasNoBadge() throws {
        var run = try OffscreenRun("drag-into-another-section")
        var checked = 0
        try run.play(step: 100_000) { _, painter, engine in
            guard engine.phase == .dragging, let s = painter.lastSnapshot,
                  let proxy = s.attributes.first(where: { $0.kind == .dragProxy }) else { return }
            let image = try PNGImage(painter.renderer.png())
            #expect(matching(0xe53935, in: pixels(proxy.frame, s, scale: 1), image, scale: 1).count == 0)
            checked += 1
        }
        #expect(checked >= 3)
    }

    @Test func aSelectedCellShowsATick() throws {
        var run = try OffscreenRun("multi-drag-across-sections")
        var shots: [(EngineSnapshot, PNGImage)] = []
        try run.play(step: 50_000) { time, painter, engine in
            guard engine.stateName.hasPrefix("batchEditing"), !painter.isAnimating(at: time), let s = painter.lastSnapshot
            else { return }
            shots.append((s, try PNGImage(painter.renderer.png())))
        }
        var selected = 0, unselected = 0
        for (s, image) in shots {
            // The proxy floats over the cells (its outline and shadow are
            // blue and grey): a cell it covers is not looked at.
            let proxy = s.attributes.first { $0.kind == .dragProxy }?.frame.inset(top: -8, left: -8, bottom: -8, right: -8)
            for cell in s.attributes where cell.kind == .cell && cell.isEditing && cell.frame.height >= 24
                && !(proxy?.intersects(cell.frame) ?? false) {
                // Between the delete control (or the cell's leading edge) and 30 points past it.
                let start = cell.editingControls?.deleteControl.map { $0.maxX + 1 } ?? cell.frame.minX
                let area = pixels(Rect(x: start, y: cell.frame.minY, width: 30, height: cell.frame.height), s, scale: 1)
                let blue = matching(0x1e88e5, in: area, image, scale: 1)
                if cell.isSelected {
                    let disc = try #require(blue.box, "no selection mark in \(area)")
                    #expect(blue.count > 150 && abs(disc.width - 18) <= 2 && abs(disc.midY - area.midY) <= 1, "\(blue)")
                    // The tick: white across the disc's middle.
                    #expect(matching(0xffffff, in: disc, image, scale: 1, tolerance: 40).count > 12, "no tick in \(disc)")
                    selected += 1
                } else {
                    #expect(blue.count == 0, "a selection mark on an unselected cell in \(area)")
                    unselected += 1
                }
            }
        }
        #expect(selected >= 6 && unselected >= 6)
    }

    /// 10,000 rows of 0.032 points: 320 points of content drawn as one band.
    @Test func rowsThinnerThanAPixelArePaintedAsOneBand() throws {
        let items = (0..<10_000).map { Scene.Item(id: ItemID("i\($0)"), label: "Item \($0)") }
        let scene = Scene(viewport: Size(width: 400, height: 640), metrics: LayoutMetrics(rowHeight: 0.032),
                          sections: [Scene.Section(id: "s", items: items)])
        let engine = try Engine(scene: scene, device: TestDevices.probeTouchscreen)
        let snapshot = engine.snapshot(labels: scene.pictureLabels)
        let drawing = SceneDrawing(snapshot)
        let bands = drawing.items.filter { if case .band = $0.role { true } else { false } }
        #expect(drawing.items.count < 16 && bands.count == 1 && bands.first?.role == .band(count: 10_000))
        let cells = snapshot.attributes.filter { $0.kind == .cell }
        let top = try #require(cells.map(\.frame.minY).min()), bottom = try #require(cells.map(\.frame.maxY).max())
        let painter = ScenePainter(renderer: try SceneRenderer(target: .offscreen, size: drawing.size), labels: scene.pictureLabels)
        painter.paint(engine, at: 0)
        let image = try PNGImage(painter.renderer.png())
        for y in stride(from: top + 1, to: bottom - 1, by: 40) {
            #expect(color(image, picture(200, y, snapshot), scale: 1) == 0xffffff, "inside the band at \(y)")
        }
        #expect(color(image, picture(200, bottom + 2, snapshot), scale: 1) == 0xeceff1, "below the band")
        #expect(!painter.renderer.isCached("Item 0"), "a label of a merged row was drawn")
    }

    /// A layout pinch in flight: each opaque cell painted where
    /// `Engine.pinchedAttributes()` puts it (its top-left corner white where
    /// no later cell or the contact covers it), not where the layout at
    /// rest has it.
    @Test func aPinchInFlightIsPaintedAtThePinchedFrames() throws {
        var run = try OffscreenRun("pinch-between-layouts")
        var checked = 0, pictures = 0
        try run.play(step: 20_000) { time, painter, engine in
            guard let pinch = engine.layoutPinch, pinch.progress > 0.2, !painter.isAnimating(at: time),
                  let s = painter.lastSnapshot, s.pinchProgress == pinch.progress else { return }
            let image = try PNGImage(painter.renderer.png())
            var expected: [ElementID: Rect] = [:]
            for a in engine.pinchedAttributes() {
                expected[a.id] = a.frame.offsetBy(Point(x: 0, y: engine.contentOffset))
            }
            let cells = s.attributes.filter { $0.kind == .cell }
            for (k, cell) in cells.enumerated() where cell.alpha > 0.99 && cell.frame.width > 8 && cell.frame.height > 8 {
                #expect(cell.frame == expected[cell.id], "\(cell.id)")
                let corner = Point(x: cell.frame.minX + 4, y: cell.frame.minY + 4)
                let covered = cells[(k + 1)...].contains { $0.frame.inset(top: -2, left: -2, bottom: -2, right: -2).contains(corner) }
                let onScreen = corner.y - s.origin.y > 2 && corner.y - s.origin.y < s.viewport.height - 2
                let nearContact = s.contact.map { c in abs(c.x - (corner.x - s.origin.x)) < 18 && abs(c.y - (corner.y - s.origin.y)) < 18 } ?? false
                guard !covered, onScreen, !nearContact else { continue }
                #expect(color(image, picture(corner.x, corner.y, s), scale: 1) == 0xffffff, "\(cell.id) at \(cell.frame)")
                checked += 1
            }
            pictures += 1
        }
        #expect(pictures >= 5 && checked >= 30, "\(pictures) pictures, \(checked) corners")
    }

    /// The global header's segment control: the shown segment a white box
    /// inside its `Engine.segmentFrames()` frame, the other outlined on the
    /// header's slate; after a switch, the other way round.
    @Test func theSegmentControlIsPaintedWithTheShownSegmentFilled() throws {
        let folder = try ScenarioFolder("segment-switch-during-swipe")
        var engine = try Engine(scene: folder.scene, device: folder.trace.device)
        let size = Size(width: 400, height: 640 + SceneDrawing.statusBarHeight)
        let painter = ScenePainter(renderer: try SceneRenderer(target: .offscreen, size: size), labels: folder.scene.pictureLabels)
        func whiteShare(_ segment: Int, _ image: PNGImage) -> Double {
            let s = engine.snapshot()
            let f = engine.segmentFrames()[segment].offsetBy(Point(x: 0, y: engine.contentOffset))
            let area = pixels(f.inset(top: 10, left: 8, bottom: 10, right: 8), s, scale: 1)
            return Double(matching(0xffffff, in: area, image, scale: 1).count) / (area.width * area.height)
        }
        painter.paint(engine, at: 0)
        var image = try PNGImage(painter.renderer.png())
        #expect(whiteShare(0, image) > 0.6 && whiteShare(1, image) < 0.3, "\(whiteShare(0, image)) \(whiteShare(1, image))")
        engine.apply(.switchSegment(1), at: EventTime(microseconds: 100_000))
        painter.paint(engine, at: 100_000)
        image = try PNGImage(painter.renderer.png())
        #expect(whiteShare(1, image) > 0.6 && whiteShare(0, image) < 0.3, "\(whiteShare(0, image)) \(whiteShare(1, image))")
    }

    private static let loadingScene = """
    {"viewport":{"width":400,"height":640},"globalHeader":{"height":40,"title":"Notes"},"layout":{"rowHeight":50},
     "sections":[{"id":"s","items":[{"id":"a","label":"Apple"},{"id":"b","label":"Pear"}]}]}
    """

    @Test func theLoadingIndicatorAndTheErrorPanelArePainted() throws {
        let scene = try Scene.decode(Self.loadingScene)
        var engine = try Engine(scene: scene, device: TestDevices.probeTouchscreen)
        let renderer = try SceneRenderer(target: .offscreen, size: Size(width: 400, height: 640 + SceneDrawing.statusBarHeight))
        let painter = ScenePainter(renderer: renderer, labels: scene.pictureLabels)
        engine.apply(.loading(.beginLoading, content: nil), at: EventTime(microseconds: 0))
        painter.paint(engine, at: 0)
        let loading = try #require(engine.snapshot().placeholder)
        let f = loading.indicatorFrame
        let image = try PNGImage(renderer.png())
        // Two thirds of a ring 4 points wide on a circle of radius 17,
        // clockwise from 3 o'clock: drawn at 0° and 120°, open at 270° and 300°.
        func on(_ degrees: Double) -> UInt32 {
            let a = degrees * Double.pi / 180
            let c = picture(f.midX + 17 * cos(a), f.midY + 17 * sin(a), engine.snapshot())
            return color(image, c, scale: 1)
        }
        #expect(near(on(0), 0x1e88e5) && near(on(120), 0x1e88e5) && near(on(200), 0x1e88e5))
        #expect(!near(on(270), 0x1e88e5) && !near(on(300), 0x1e88e5))

        engine.apply(.loading(.failed(LoadingPlaceholder(title: "Could Not Load", message: "Try again.")), content: nil),
                     at: EventTime(microseconds: 1_000))
        painter.paint(engine, at: 1_000)
        let error = try #require(engine.snapshot().placeholder)
        let shot = try PNGImage(renderer.png())
        // The panel covers the cells (Apple's row at 40…90).
        #expect(color(shot, picture(300, 65, engine.snapshot()), scale: 1) == 0xeceff1)
        // The title in red and the message in slate, centred a third of the way down.
        let third = error.frame.minY + error.frame.height / 3
        func count(_ rgb: UInt32, rows: ClosedRange<Double>) -> Int {
            var n = 0
            for y in stride(from: rows.lowerBound, through: rows.upperBound, by: 1) {
                for x in stride(from: error.frame.minX, to: error.frame.maxX, by: 1)
                where near(color(shot, picture(x, y, engine.snapshot()), scale: 1), rgb, tolerance: 24) { n += 1 }
            }
            return n
        }
        #expect(count(0xc62828, rows: (third - 18)...(third + 6)) > 30)
        #expect(count(0x607d8b, rows: (third + 8)...(third + 28)) > 20)
        #expect(count(0xc62828, rows: (third + 40)...(third + 120)) == 0)
    }
}
}
