import CSDL2
import Foundation
import Gripper
import GripperFiles
import GripperGeometry
import GripperLayout
import GripperPictures
import GripperScene
import GripperScripting
import GripperTesting
import GripperTraces
import GripperWindow
import Testing

/// A bundled scenario played through a `ReplayPlayer` and drawn offscreen.
struct OffscreenRun {
    let scene: Scene
    var player: ReplayPlayer
    let painter: ScenePainter

    /// The scenario's run; `orientation` "horizontal rightToLeft" turns a
    /// horizontal scene right to left.
    init(_ scenario: String, scale: Double = 1, orientation: String? = nil) throws {
        let folder = try ScenarioFolder(scenario)
        var scene = folder.scene
        if orientation == "horizontal rightToLeft" {
            let json = folder.sceneText.replacingOccurrences(of: "\"scrollDirection\":\"horizontal\"",
                                                             with: "\"scrollDirection\":\"horizontal\",\"layoutDirection\":\"rightToLeft\"")
            scene = try Scene.decode(Array(json.utf8), fileName: "scene.json")
        }
        try self.init(scene: scene, trace: folder.trace, scale: scale)
    }

    /// The trace at `trace` played on `scene`.
    init(scene: Scene, trace url: URL, scale: Double = 1) throws {
        try self.init(scene: scene, trace: TraceFile.load(path: url.path), scale: scale)
    }

    /// `trace` played on `scene`.
    init(scene: Scene, trace: Trace, scale: Double = 1) throws {
        self.scene = scene
        let driver = try EngineDriver(scene: scene, device: trace.device, recordingTranscript: true, makingTransitions: true)
        player = ReplayPlayer(driver: driver, frames: trace.frames)
        let size = Size(width: scene.viewport.width, height: scene.viewport.height + SceneDrawing.statusBarHeight)
        painter = ScenePainter(renderer: try SceneRenderer(target: .offscreen, size: size, scale: scale),
                               labels: scene.pictureLabels)
    }

    /// Draws a frame every `step` µs until the end; `each` sees the time after every frame.
    mutating func play(step: Int64, _ each: (Int64, ScenePainter, Engine) throws -> Void) rethrows {
        var time: Int64 = 0
        while true {
            painter.add(player.advance(to: time))
            painter.paint(player.engine, at: time)
            try each(time, painter, player.engine)
            if player.isFinished && !painter.isAnimating(at: time) { return }
            time += step
        }
    }
}

/// An element's frame in picture pixels.
func pixels(_ r: Rect, _ s: EngineSnapshot, scale: Double) -> Rect {
    Rect(x: (r.minX - s.origin.x) * scale, y: (r.minY - s.origin.y + SceneDrawing.statusBarHeight) * scale,
         width: r.width * scale, height: r.height * scale)
}

extension WindowRendererTests {
@Suite struct OffscreenTests {
    @Test func framesAreIdenticalRunToRun() throws {
        func frames() throws -> [[UInt8]] {
            var run = try OffscreenRun("drag-into-another-section")
            var out: [[UInt8]] = []
            run.play(step: 100_000) { _, painter, _ in out.append(painter.renderer.png()) }
            return out
        }
        let first = try frames(), second = try frames()
        #expect(first.count > 20)
        #expect(first == second)
        // Not all the same picture: the drag moves.
        #expect(Set(first).count > 10)
    }

    @Test func theReplayEndsAsTheEnginesReplayDoes() throws {
        var run = try OffscreenRun("swipe-then-delete")
        run.play(step: 33_333) { _, _, _ in }
        let expected = try String(contentsOf: Fixtures.recording("scenarios/swipe-then-delete/expected.txt"), encoding: .utf8)
        #expect(run.player.engine.transcript.text == expected)
    }

    /// Mid-drag, at a frame with no transition running: the proxy, the
    /// placeholder and the cells are drawn where the engine's attributes say.
    @Test(arguments: [1.0, 2.0]) func dragPixelsFollowTheAttributes(scale: Double) throws {
        var run = try OffscreenRun("drag-into-another-section", scale: scale)
        var checked = 0
        try run.play(step: 50_000) { time, painter, engine in
            guard engine.phase == .dragging, !painter.isAnimating(at: time), let s = painter.lastSnapshot,
                  let proxy = s.attributes.first(where: { $0.kind == .dragProxy }),
                  let gap = s.attributes.first(where: { $0.kind == .placeholder }) else { return }
            let image = try PNGImage(painter.renderer.png())
            let contact = s.contact.map { Point(x: $0.x * scale, y: ($0.y + SceneDrawing.statusBarHeight) * scale) }
            checkDrag(image, proxy: pixels(proxy.frame, s, scale: scale), gap: pixels(gap.frame, s, scale: scale),
                      contact: contact, scale: scale)
            checked += 1
        }
        #expect(checked >= 3)
    }

    @Test func swipePixelsFollowTheAttributes() throws {
        var run = try OffscreenRun("swipe-then-delete")
        var checked = 0
        try run.play(step: 20_000) { time, painter, engine in
            guard ["swiping", "open"].contains(engine.stateName), !painter.isAnimating(at: time), let s = painter.lastSnapshot,
                  let cell = s.attributes.first(where: { $0.swipe.map { $0.paneFrame.width >= 8 } ?? false }) else { return }
            let swipe = try #require(cell.swipe)
            checkSwipe(try PNGImage(painter.renderer.png()),
                       actions: swipe.actions.map { (pixels($0.frame, s, scale: 1), $0.style == .destructive) },
                       pane: pixels(swipe.paneFrame, s, scale: 1))
            checked += 1
        }
        #expect(checked >= 3)
    }

    /// However many different labels a long session draws, the renderer
    /// keeps at most `textCacheLimit` of them, and the labels of the frame
    /// just drawn survive the eviction (the least recently drawn go first).
    @Test func theLabelCacheStaysBounded() throws {
        let run = try OffscreenRun("swipe-then-delete")
        let renderer = run.painter.renderer
        let base = SceneDrawing(run.player.engine.snapshot(labels: run.painter.labels))
        func frame(_ labels: Range<Int>) -> SceneDrawing {
            var d = base
            d.items = [SceneDrawing.Item(.fill(Rect(x: 0, y: 0, width: d.size.width, height: d.size.height),
                                               SceneDrawing.Color(0xffffff)), role: .background)]
            for k in labels {
                d.items.append(SceneDrawing.Item(.text("Label \(k)", box: Rect(x: 4, y: 40, width: 190, height: 20),
                                                       alignment: .leading, size: 14, bold: false, SceneDrawing.Color(0x212121)),
                                                 role: .cell))
            }
            return d
        }
        var drawn = 0
        while drawn < SceneRenderer.textCacheLimit + 1_500 {
            renderer.draw(frame(drawn..<(drawn + 100)))
            drawn += 100
            #expect(renderer.cachedLabelCount <= SceneRenderer.textCacheLimit)
        }
        #expect(renderer.cachedLabelCount > SceneRenderer.textCacheLimit / 2)
        #expect(renderer.isCached("Label \(drawn - 1)"))
        #expect(!renderer.isCached("Label 0"))
    }

    /// Both sides of the cache's limit: up to it nothing is dropped; the
    /// first new label past it drops the least recently drawn eighth at
    /// once (a label drawn again is recent again), and the next new labels
    /// drop nothing until the limit is reached again.
    @Test func theLabelCacheDropsTheLeastRecentlyDrawnEighthPastItsLimit() throws {
        let run = try OffscreenRun("swipe-then-delete")
        let renderer = run.painter.renderer
        var base = SceneDrawing(run.player.engine.snapshot(labels: run.painter.labels))
        base.items = []
        func draw(_ labels: [Int]) {
            var d = base
            d.items = labels.map {
                SceneDrawing.Item(.text("Label \($0)", box: Rect(x: 4, y: 40, width: 190, height: 20), alignment: .leading,
                                        size: 14, bold: false, SceneDrawing.Color(0x212121)), role: .cell)
            }
            renderer.draw(d)
        }
        let limit = SceneRenderer.textCacheLimit, eighth = limit / 8
        for start in stride(from: 0, to: limit - 1, by: 500) { draw(Array(start..<min(start + 500, limit - 1))) }
        #expect(renderer.cachedLabelCount == limit - 1)
        draw([limit - 1]) // the limit, reached: nothing dropped
        #expect(renderer.cachedLabelCount == limit)
        #expect(renderer.isCached("Label 0") && renderer.isCached("Label 1"))
        draw([0]) // label 0 drawn again: labels 1... are now the least recent
        draw([limit]) // one past the limit: the eighth drawn longest ago goes
        #expect(renderer.cachedLabelCount == limit - eighth + 1)
        #expect(renderer.isCached("Label 0"))
        #expect(!renderer.isCached("Label 1") && !renderer.isCached("Label \(eighth)"))
        #expect(renderer.isCached("Label \(eighth + 1)") && renderer.isCached("Label \(limit)"))
        draw(Array((limit + 1)..<(limit + eighth))) // back up to the limit: nothing more dropped
        #expect(renderer.cachedLabelCount == limit)
        #expect(renderer.isCached("Label \(eighth + 1)"))
    }

    /// The selection that finds the cache's cut gives what sorting would,
    /// for every rank, on distinct, repeated, sorted and reversed values.
    @Test func selectionFindsTheRankSortingWould() {
        var generator = SeededGenerator(seed: 0x5e1ec7)
        let cases: [[Int]] = [[7], [2, 1], Array(0..<50), Array((0..<50).reversed()), Array(repeating: 3, count: 9),
                              (0..<200).map { _ in Int.random(in: -5...5, using: &generator) },
                              (0..<300).map { _ in Int.random(in: .min ... .max, using: &generator) }]
        for values in cases {
            let sorted = values.sorted()
            for k in values.indices {
                var scratch = values
                #expect(SceneRenderer.select(k, in: &scratch) == sorted[k], "rank \(k) of \(values.count)")
            }
        }
    }

    /// The real recordings (`Recordings/real`) on their replay scene, drawn
    /// offscreen: every frame's picture has the cells' fill where the
    /// engine's attributes put them, and the wacom swipe's action pane its
    /// buttons' colours.
    @Test(arguments: ["ts_wacom-isdv4-e6_1-finger-horizontal-swipe.events", "ts_atmel-maxtouch_1-finger-drag-up-down.evemu",
                      "ts_ntrig_protoA_1-finger-drag-NW-SE.events", "mouse_ultrathin-touch-mouse_motion-clicks-wheel.evemu"])
    func realRecordingsDrawWhereTheEngineSays(file: String) throws {
        var run = try OffscreenRun(scene: Recordings.scene("real-replays/scene.json"), trace: Fixtures.recording("real/\(file)"))
        var frames = 0, cells = 0, swipes = 0
        try run.play(step: 66_000) { time, painter, engine in
            frames += 1
            guard !painter.isAnimating(at: time), let s = painter.lastSnapshot else { return }
            let image = try PNGImage(painter.renderer.png())
            for a in s.attributes where a.kind == .cell && a.swipe == nil && !a.isSelected && !a.isHighlighted {
                let f = pixels(a.frame, s, scale: 1)
                // The right end of the row, clear of its label and outline.
                guard f.minY >= SceneDrawing.statusBarHeight + 2, f.maxY <= Double(image.height) - 2, f.width > 20 else { continue }
                #expect(near(image.color(Int(f.maxX - 6), Int(f.midY)), 0xffffff), "\(file): cell \(a.indexPath.map { "\($0)" } ?? "") at \(time)")
                cells += 1
            }
            if let cell = s.attributes.first(where: { $0.swipe.map { $0.paneFrame.width >= 8 } ?? false }),
               let swipe = cell.swipe {
                checkSwipe(image, actions: swipe.actions.map { (pixels($0.frame, s, scale: 1), $0.style == .destructive) },
                           pane: pixels(swipe.paneFrame, s, scale: 1))
                swipes += 1
            }
        }
        #expect(frames > 10 && cells > 100)
        if file.contains("swipe") { #expect(swipes > 0) }
    }

    /// Shapes at the edges of Double (infinite, not a number, the largest
    /// finite values, radii and widths beyond any picture) draw without a
    /// trap, and the drawing goes on after them.
    @Test func shapesAtTheEdgesOfDoubleDrawWithoutATrap() throws {
        let run = try OffscreenRun("swipe-then-delete")
        let renderer = run.painter.renderer
        let edges: [Double] = [.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                               1e300, -1e300, Double(Int64.max), Double(Int64.min), 0, -0.0, .ulpOfOne]
        let white = SceneDrawing.Color(0xffffff), ink = SceneDrawing.Color(0x123456, alpha: 200)
        var items = [SceneDrawing.Item(.fill(Rect(x: 0, y: 0, width: 64, height: 48), white), role: .background)]
        for e in edges {
            let r = Rect(x: e, y: e, width: e, height: e), p = Point(x: e, y: e)
            items += [.fill(r, ink), .outline(r, ink, width: e, dashed: true), .disc(center: p, radius: e, ink),
                      .ring(center: p, radius: e, ink, width: e), .arc(center: p, radius: min(abs(e), 1e4), start: e, end: e, ink, width: 2),
                      .polyline([p, Point(x: 10, y: e)], ink, width: min(abs(e), 1e4)), .shadow(r, offset: e, blur: e, ink),
                      .gradient(Rect(x: 0, y: e, width: min(abs(e), 1e4), height: 4), from: ink, to: white),
                      .text("Edge \(e)", box: r, alignment: .center, size: e, bold: false, ink), .clip(r), .clip(nil)]
                .map { SceneDrawing.Item($0, role: .cell) }
        }
        var drawing = SceneDrawing(run.player.engine.snapshot(labels: run.painter.labels))
        drawing.items = items
        drawing.items.append(SceneDrawing.Item(.fill(Rect(x: 40, y: 30, width: 4, height: 4), SceneDrawing.Color(0xff0000)), role: .cell))
        renderer.draw(drawing)
        let image = try PNGImage(renderer.png())
        #expect(image.color(41, 31) == 0xff0000)
    }

    /// A fill is left out only when the fills after it cover every pixel of
    /// it: a grid of cells that tiles the viewport does; one pixel short, a
    /// gap between two cells, or a missing corner does not.
    @Test func aFillIsSkippedOnlyWhenCoveredPixelForPixel() {
        let target = SDL_Rect(x: 0, y: 24, w: 160, h: 64)
        var grid: [SDL_Rect] = []
        for row in 0..<4 { for column in 0..<2 { grid.append(SDL_Rect(x: Int32(column * 80), y: Int32(24 + row * 16), w: 80, h: 16)) } }
        #expect(SceneRenderer.covers(grid, target))
        #expect(SceneRenderer.covers(grid.reversed(), target))
        var short = grid
        short[7].w = 79 // the bottom-right cell one pixel narrow
        #expect(!SceneRenderer.covers(short, target))
        var gap = grid
        gap[2].y += 1; gap[2].h -= 1 // a one-pixel gap above a cell
        #expect(!SceneRenderer.covers(gap, target))
        #expect(!SceneRenderer.covers(Array(grid.dropLast()), target))
        // Overlapping and larger than the target still covers it.
        #expect(SceneRenderer.covers([SDL_Rect(x: -10, y: 0, w: 100, h: 200), SDL_Rect(x: 50, y: 20, w: 200, h: 100)], target))
    }

    /// The parts of a fill that later fills leave uncovered are exactly
    /// the pixels none of them covers, each once: checked pixel by pixel
    /// on random rectangles (overlapping, outside the target, empty), on a
    /// grid with a cell missing and on cells shifted by a pixel.
    @Test func theUncoveredPartsOfAFillAreExactlyThePixelsNoLaterFillCovers() {
        var generator = SeededGenerator(seed: 16)
        let target = SDL_Rect(x: 3, y: 2, w: 37, h: 29)
        func check(_ rects: [SDL_Rect], _ what: Comment) {
            guard let left = SceneRenderer.uncovered(rects, target) else {
                Issue.record("no answer for \(rects.count) rectangles: \(what)")
                return
            }
            for y in (target.y - 2)..<(target.y + target.h + 2) {
                for x in (target.x - 2)..<(target.x + target.w + 2) {
                    func has(_ r: SDL_Rect) -> Bool { x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h }
                    let expected = has(target) && !rects.contains(where: has) ? 1 : 0
                    #expect(left.filter(has).count == expected, "pixel \(x),\(y): \(what)")
                }
            }
            #expect(SceneRenderer.covers(rects, target) == left.isEmpty, what)
        }
        for trial in 0..<60 {
            let rects = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                SDL_Rect(x: Int32.random(in: -5...42, using: &generator), y: Int32.random(in: -5...34, using: &generator),
                         w: Int32.random(in: 0...20, using: &generator), h: Int32.random(in: 0...16, using: &generator))
            }
            check(rects, "random trial \(trial)")
        }
        var grid: [SDL_Rect] = []
        for row in 0..<4 { for column in 0..<4 { grid.append(SDL_Rect(x: 3 + Int32(column * 10), y: 2 + Int32(row * 8), w: 10, h: 8)) } }
        check(grid, "a grid over the target")
        check(Array(grid.prefix(5) + grid.dropFirst(6)), "a grid with a cell missing")
        var shifted = grid
        for k in shifted.indices where k % 3 == 0 { shifted[k].x += 1 }
        check(shifted, "cells shifted by a pixel")
        #expect(SceneRenderer.uncovered(grid, target)?.isEmpty == true)
        let hole = SceneRenderer.uncovered(Array(grid.prefix(5) + grid.dropFirst(6)), target)
        #expect(hole?.count == 1 && hole?.first.map { [$0.x, $0.y, $0.w, $0.h] } == [13, 10, 10, 8])
    }

    /// A background the cells cover except for slivers between them is
    /// drawn only in the slivers, one they cover less than half of is
    /// drawn whole, and one they cover pixel for pixel is left out: on both
    /// sides of that half, and covered whole, every pixel of the picture is
    /// the background's or its cell's colour, and a translucent fill drawn
    /// between over a sliver blends over the background.
    @Test(arguments: [(columns: 8, rows: 6, gap: 1.0), (columns: 2, rows: 2, gap: 1.0), (columns: 8, rows: 6, gap: 0.0)])
    func aPartlyCoveredBackgroundShowsWhereTheCellsLeaveIt(columns: Int, rows: Int, gap: Double) throws {
        let run = try OffscreenRun("swipe-then-delete")
        let renderer = run.painter.renderer
        var drawing = SceneDrawing(run.player.engine.snapshot(labels: run.painter.labels))
        let size = drawing.size
        let background = SceneDrawing.Color(0x102030), cell = SceneDrawing.Color(0xc0d0e0)
        drawing.items = [SceneDrawing.Item(.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), background),
                                           role: .background)]
        // A translucent band over the first sliver column, before the cells.
        let cellWidth = (size.width / Double(columns)).rounded(.down), cellHeight = (size.height / Double(rows)).rounded(.down)
        drawing.items.append(SceneDrawing.Item(.fill(Rect(x: cellWidth - gap, y: 0, width: max(gap, 1), height: size.height),
                                                     SceneDrawing.Color(0xffffff, alpha: 128)), role: .decoration))
        // The cells: all of them in the first case, one in four in the
        // second (under half the background), a gap at each one's right.
        var cells: [Rect] = []
        for r in 0..<rows {
            for c in 0..<columns where columns > 2 || (r + c) % 4 == 0 {
                let w = c == columns - 1 && gap == 0 ? size.width - Double(c) * cellWidth : cellWidth - gap
                let h = r == rows - 1 ? size.height - Double(r) * cellHeight : cellHeight
                cells.append(Rect(x: Double(c) * cellWidth, y: Double(r) * cellHeight, width: w, height: h))
            }
        }
        for r in cells { drawing.items.append(SceneDrawing.Item(.fill(r, cell), role: .cell)) }
        renderer.draw(drawing)
        let image = try PNGImage(renderer.png())
        let band = Raster.blend(Raster.argb(SceneDrawing.Color(0xffffff)), over: Raster.argb(background), alpha: 128) & 0xff_ffff
        var wrong = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                let inBand = gap > 0 && p.x >= cellWidth - gap && p.x < cellWidth
                let expected: UInt32 = cells.contains { $0.contains(p) } ? 0xc0d0e0 : inBand ? band : 0x102030
                if image.color(x, y) != expected { wrong += 1 }
            }
        }
        #expect(wrong == 0, "\(wrong) pixels of \(image.width)x\(image.height) are neither the cells' nor the background's")
    }

    @Test func labelsThatDoNotFitAreCutWithAnEllipsis() {
        // Each character 10 pixels wide, the ellipsis too.
        let measure: (String) -> Int32 = { Int32($0.count * 10) }
        #expect(SceneRenderer.fit("Delete", width: 60, measure: measure) == "Delete")
        #expect(SceneRenderer.fit("Delete", width: 59, measure: measure) == "Dele…")
        #expect(SceneRenderer.fit("Delete", width: 20, measure: measure) == "D…")
        #expect(SceneRenderer.fit("Delete", width: 19, measure: measure) == "…")
        #expect(SceneRenderer.fit("Delete", width: 9, measure: measure) == "")
        // A cut never splits a character made of several scalars (a
        // combining accent, an emoji with its skin tone).
        let clusters = "e\u{301}é👍🏽x"
        #expect(SceneRenderer.fit(clusters, width: 40, measure: measure) == clusters)
        #expect(SceneRenderer.fit(clusters, width: 39, measure: measure) == "e\u{301}é…")
        #expect(SceneRenderer.fit(clusters, width: 39, guess: 3, measure: measure) == "e\u{301}é…")
        #expect(SceneRenderer.fit(clusters, width: 39, guess: 0, measure: measure) == "e\u{301}é…")
        // Walking from any guess finds what the binary search finds, for a
        // label too wide (as the renderer calls it), with ink wider than
        // the characters' count suggests too.
        let uneven: (String) -> Int32 = { Int32($0.unicodeScalars.reduce(0) { $0 + ($1 == "l" ? 3 : $1 == "…" ? 12 : 10) }) }
        for m in [measure, uneven] {
            for width: Int32 in [-5, 0, 9, 11, 12, 19, 20, 21, 35, 44, 59] where m("Delete") > width {
                let searched = SceneRenderer.fit("Delete", width: width, measure: m)
                for guess in [-3, 0, 1, 2, 3, 4, 5, 6, 40, Int.max, Int.min] {
                    #expect(SceneRenderer.fit("Delete", width: width, guess: guess, measure: m) == searched,
                            "width \(width), guess \(guess)")
                }
            }
        }
        #expect(SceneRenderer.fit("", width: 5, guess: 0, measure: measure) == "")
    }
}
}

/// The proxy's border and inside, the placeholder's fill outside the proxy
/// and the contact, and pixels left of the proxy are not its border. All
/// rectangles in picture pixels.
func checkDrag(_ image: PNGImage, proxy p: Rect, gap g: Rect, contact: Point?, scale: Double,
               sourceLocation: SourceLocation = #_sourceLocation) {
    let x0 = Int(p.minX.rounded()), y0 = Int(p.minY.rounded()), x1 = Int(p.maxX.rounded()) - 1
    let midY = Int(p.midY)
    #expect(near(image.color(x0, midY), 0x1e88e5, tolerance: 40), "proxy's left border at \(p)", sourceLocation: sourceLocation)
    #expect(near(image.color(x1, midY), 0x1e88e5, tolerance: 40), "proxy's right border at \(p)", sourceLocation: sourceLocation)
    #expect(near(image.color(x1 - Int(6 * scale), y0 + Int(4 * scale)), 0xffffff), "inside the proxy at \(p)",
            sourceLocation: sourceLocation)
    if x0 - Int(12 * scale) > 0 {
        #expect(!near(image.color(x0 - Int(12 * scale), midY), 0x1e88e5, tolerance: 40), "left of the proxy",
                sourceLocation: sourceLocation)
    }
    // The placeholder: its fill 8 points inside each corner that the proxy (and its shadow) and the contact leave free.
    let corners = [Point(x: g.minX + 8 * scale, y: g.minY + 8 * scale), Point(x: g.maxX - 8 * scale, y: g.minY + 8 * scale),
                   Point(x: g.minX + 8 * scale, y: g.maxY - 8 * scale), Point(x: g.maxX - 8 * scale, y: g.maxY - 8 * scale)]
    let shadow = p.inset(top: -16 * scale, left: -16 * scale, bottom: -16 * scale, right: -16 * scale)
    let free = corners.filter { c in
        !shadow.contains(c) && (contact.map { (($0.x - c.x) * ($0.x - c.x) + ($0.y - c.y) * ($0.y - c.y)).squareRoot() > 20 * scale } ?? true)
    }
    for c in free {
        #expect(near(image.color(Int(c.x), Int(c.y)), 0xe3f2fd), "placeholder fill at \(c) of \(g)", sourceLocation: sourceLocation)
    }
}

/// Inside each action button (corners, away from its title) the button's
/// colour; left of the pane not an action's colour. Picture pixels.
func checkSwipe(_ image: PNGImage, actions: [(frame: Rect, destructive: Bool)], pane: Rect,
                sourceLocation: SourceLocation = #_sourceLocation) {
    var seen = 0
    for (f, destructive) in actions where f.width >= 4 {
        let color: UInt32 = destructive ? 0xe53935 : 0x607d8b
        #expect(near(image.color(Int(f.minX + 1), Int(f.minY + 2)), color), "action at \(f)", sourceLocation: sourceLocation)
        #expect(near(image.color(Int(f.maxX - 2), Int(f.maxY - 3)), color), "action at \(f)", sourceLocation: sourceLocation)
        seen += 1
    }
    #expect(seen > 0, "no action wide enough to check", sourceLocation: sourceLocation)
    if pane.minX > 6 {
        let left = image.color(Int(pane.minX) - 4, Int(pane.minY + 3))
        #expect(!near(left, 0xe53935) && !near(left, 0x607d8b), "left of the pane \(pane)", sourceLocation: sourceLocation)
    }
}
