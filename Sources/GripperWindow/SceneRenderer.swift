import CSDL2
import GripperGeometry
import GripperPictures
#if canImport(Glibc)
import Glibc
#endif

/// SDL2_ttf's FreeType library is one per process and not thread-safe:
/// every TTF call of every renderer goes through this lock.
private let fontLock = FontLock()

private final class FontLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let m = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(m, nil)
        return m
    }()

    func withLock<T>(_ body: (()) -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(())
    }
}

/// Draws ``/GripperPictures/SceneDrawing``s into a picture in memory, and shows it with SDL2
/// in a window (X11, Wayland, or the whole screen on KMS/DRM, whichever
/// SDL's video driver is) or keeps it offscreen (no display needed: the
/// headless mode and the tests). The pixels are the same either way: the
/// window gets the finished picture as one streaming texture a frame.
/// Text goes through SDL2_ttf (FreeType), each label rendered once and
/// kept as pixels by string, face, size and colour, at most
/// ``textCacheLimit`` of them. The same drawing gives the same pixels run
/// to run.
///
/// Not thread-safe: use a renderer from the thread that made it (SDL's rule
/// for windows).
public final class SceneRenderer {
    /// Where the renderer draws.
    public enum Target: Hashable, Sendable {
        /// An offscreen picture in memory (no display, no video driver).
        case offscreen
        /// A window titled `title`, filling the screen when `fullscreen`
        /// (a kiosk panel on KMS/DRM).
        case window(title: String, fullscreen: Bool)
    }

    /// The most rendered labels kept (each with its pixels). A new label
    /// past it first drops the least recently drawn eighth, so a panel
    /// that runs for weeks through any number of labels keeps flat memory.
    public static let textCacheLimit = 4096

    /// The size of the picture in points.
    public let size: Size
    /// Pixels per point.
    public let scale: Double
    /// The output's size in pixels.
    public let pixelWidth: Int32
    /// See ``pixelWidth``.
    public let pixelHeight: Int32
    /// The name of SDL's renderer that shows the window's pictures
    /// (`software`, `opengl` …); `offscreen` for an offscreen renderer.
    public private(set) var rendererName = "offscreen"
    /// The display's refresh rate in hertz (60 when unknown or offscreen).
    public private(set) var refreshRate = 60

    /// Where every drawing is made.
    private let raster: Raster
    /// The window, SDL's renderer for it, and the texture the picture is
    /// copied into each frame (all nil offscreen).
    private var window: OpaquePointer?
    private var renderer: OpaquePointer?
    private var streaming: OpaquePointer?
    private let fontFiles: FontFiles
    // The renderer is used from one thread (see above): the stored
    // properties read for every shape skip Swift's run-time exclusivity
    // checks, which cost as much as the pixels of a small cell.
    private var fonts: [FontKey: OpaquePointer] = [:]
    @exclusivity(unchecked) private var texts: [TextKey: Text] = [:]
    @exclusivity(unchecked) private var drawRectangles: [SDL_FRect] = []
    @exclusivity(unchecked) private var backdrop = Backdrop()

    private struct FontKey: Hashable { var pixels: Int32; var bold: Bool }
    private struct TextKey: Hashable {
        var text: String; var pixels: Int32; var bold: Bool; var color: SceneDrawing.Color; var maxWidth: Int32

        /// The string and the sizes: a key is looked up for every label of
        /// every frame, and labels that differ only in face or colour are
        /// few (equality still compares them).
        func hash(into hasher: inout Hasher) {
            hasher.combine(text)
            hasher.combine(Int(pixels) << 32 | Int(UInt32(bitPattern: maxWidth)))
        }
    }
    /// A rendered label: its line box (what alignment places) and its ink
    /// (the pixels that are not fully transparent, as ARGB, offset in the
    /// box), and the ink composited over the last opaque backdrop colour it
    /// was drawn on (copied without blending: several times cheaper).
    private final class Text {
        let width: Int32, height: Int32
        let ink: SDL_Rect
        let pixels: [UInt32]
        /// The colour ``composited`` was composited over, if any.
        @exclusivity(unchecked) var opaqueColor: SceneDrawing.Color?
        @exclusivity(unchecked) var composited: [UInt32] = []
        /// When it was last drawn (the renderer's count of labels drawn):
        /// one store per use, where a list in order of use rewrote two
        /// neighbours' links on every label of every frame.
        @exclusivity(unchecked) var lastUsed = 0

        init(width: Int32, height: Int32, ink: SDL_Rect, pixels: [UInt32]) {
            self.width = width; self.height = height; self.ink = ink; self.pixels = pixels
        }
    }
    /// Labels drawn so far: the clock of ``Text/lastUsed``.
    @exclusivity(unchecked) private var labelsDrawn = 0

    /// A region the last opaque fill left one colour, less what was drawn
    /// over it since (at most ``limit`` rectangles, then it is forgotten):
    /// a label inside it and clear of those is composited over the colour
    /// in advance and copied. One value, its list kept from fill to fill so
    /// that tracking allocates nothing per shape.
    private struct Backdrop {
        static let limit = 16
        var rect: SDL_Rect?
        var color = SceneDrawing.Color(0)
        var covered: [SDL_Rect] = []

        /// Starts over at an opaque fill's pixels.
        mutating func reset(_ r: SDL_Rect, _ c: SceneDrawing.Color) {
            rect = r
            color = c
            covered.removeAll(keepingCapacity: true)
        }

        mutating func forget() { rect = nil }

        /// Notes that the pixels of `r` changed.
        mutating func drew(_ r: SDL_Rect) {
            guard let rect, rect.meets(r) else { return }
            if covered.count >= Self.limit { self.rect = nil } else { covered.append(r) }
        }

        /// The colour under all of `r`, if it is one plain colour.
        func plainColor(under r: SDL_Rect) -> SceneDrawing.Color? {
            guard let rect, r.x >= rect.x, r.y >= rect.y, r.x + r.w <= rect.x + rect.w, r.y + r.h <= rect.y + rect.h,
                  !covered.contains(where: { $0.meets(r) }) else { return nil }
            return color
        }
    }

    /// A renderer of pictures of `size` points at `scale` pixels a point on
    /// `target`, its text in `fonts`.
    /// - Throws: ``RendererError`` when SDL cannot start the video driver,
    ///   open the window, make the renderer, or a font is missing.
    public init(target: Target, size: Size, scale: Double = 1, fonts: FontFiles = .dejaVu) throws(RendererError) {
        guard size.width.isFinite, size.height.isFinite, scale.isFinite, scale > 0,
              size.width * scale >= 1, size.height * scale >= 1,
              size.width * scale <= 16384, size.height * scale <= 16384 else {
            throw RendererError("cannot draw a picture of \(size.width)x\(size.height) points at scale \(scale)",
                                "each side must come to 1 to 16384 pixels")
        }
        self.size = size
        self.scale = scale
        self.fontFiles = try fonts.checked()
        pixelWidth = Int32((size.width * scale).rounded())
        pixelHeight = Int32((size.height * scale).rounded())
        let started = fontLock.withLock { _ in TTF_WasInit() != 0 || TTF_Init() == 0 }
        if !started { throw RendererError("cannot start SDL2_ttf", Self.sdlError()) }
        raster = Raster(width: pixelWidth, height: pixelHeight)
        switch target {
        case .offscreen:
            break
        case .window(let title, let fullscreen):
            if SDL_WasInit(UInt32(SDL_INIT_VIDEO)) == 0, SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO)) != 0 {
                throw RendererError("cannot start SDL's video (SDL_VIDEODRIVER=\(Self.environment("SDL_VIDEODRIVER") ?? "auto"))",
                                    Self.sdlError())
            }
            let centred = Int32(bitPattern: 0x2FFF_0000) // SDL_WINDOWPOS_CENTERED
            var flags = SDL_WINDOW_SHOWN.rawValue
            if fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
            guard let w = SDL_CreateWindow(title, centred, centred, pixelWidth, pixelHeight, flags) else {
                throw RendererError("cannot open the window", Self.sdlError())
            }
            guard let r = SDL_CreateRenderer(w, -1, 0) else {
                SDL_DestroyWindow(w)
                throw RendererError("cannot make a renderer for the window", Self.sdlError())
            }
            guard let t = SDL_CreateTexture(r, UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue),
                                            Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), pixelWidth, pixelHeight) else {
                let reason = Self.sdlError()
                SDL_DestroyRenderer(r)
                SDL_DestroyWindow(w)
                throw RendererError("cannot make the window's texture", reason)
            }
            SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE)
            window = w
            renderer = r
            streaming = t
            var mode = SDL_DisplayMode()
            if SDL_GetCurrentDisplayMode(max(0, SDL_GetWindowDisplayIndex(w)), &mode) == 0, mode.refresh_rate > 0 {
                refreshRate = Int(mode.refresh_rate)
            }
            if fullscreen {
                // A panel's own resolution: the picture is scaled to fit it.
                var ow: Int32 = 0, oh: Int32 = 0
                SDL_GetRendererOutputSize(r, &ow, &oh)
                SDL_RenderSetLogicalSize(r, pixelWidth, pixelHeight)
            }
            var info = SDL_RendererInfo()
            if SDL_GetRendererInfo(r, &info) == 0, let name = info.name { rendererName = String(cString: name) }
        }
    }

    deinit {
        fontLock.withLock { _ in for font in fonts.values { TTF_CloseFont(font) } }
        if let streaming { SDL_DestroyTexture(streaming) }
        if let renderer { SDL_DestroyRenderer(renderer) }
        if let window { SDL_DestroyWindow(window) }
    }

    /// Draws `drawing` (its points scaled by ``scale``) and, for a window,
    /// shows it.
    /// - Complexity: O(shapes); text costs a FreeType rendering the first
    ///   time a string is drawn at a size and colour, a copy of its pixels
    ///   after.
    public func draw(_ drawing: SceneDrawing) {
        raster.setClip(nil)
        backdrop.forget()
        // The clear paints only the rows no full-width opaque fill paints
        // (the status bar and the viewport's background cover the picture
        // when a drawing has both): a clear under them would write those
        // pixels twice.
        let opaque = opaqueFills(drawing.items)
        for (top, bottom) in uncoveredRows(opaque) {
            raster.fill(SDL_Rect(x: 0, y: top, w: pixelWidth, h: bottom - top), SceneDrawing.Color(0xeceff1))
        }
        let covered = coveredFills(opaque)
        for (k, item) in drawing.items.enumerated() {
            if !covered.isEmpty, let left = covered[k] {
                // Only what the fills after it leave uncovered (nothing
                // when they cover it all), inside the clip it was seen in.
                if case .fill(_, let c) = item.shape { for piece in left { raster.fill(piece, c) } }
                backdrop.forget() // its colour is not what all its pixels hold
                continue
            }
            draw(item.shape)
        }
        raster.setClip(nil)
        backdrop.forget()
        if let renderer, let streaming {
            SDL_UpdateTexture(streaming, nil, raster.pixels, pixelWidth * 4)
            SDL_RenderCopy(renderer, streaming, nil, nil)
            SDL_RenderPresent(renderer)
        }
    }

    /// The large opaque fills (a quarter of the picture or more, the first
    /// four) that opaque fills drawn after them cover, each with the parts
    /// they leave uncovered (none when they cover it pixel for pixel) — the
    /// viewport's background under a grid of cells, or under cells that
    /// animate and leave slivers between them: drawing all of it would write
    /// most pixels twice for nothing (what is drawn between on a covered
    /// part is covered too, and on an uncovered part lands on the fill).
    /// - Complexity: O(f log f) for the f opaque fills.
    private func coveredFills(_ fills: [(index: Int, rect: SDL_Rect)]) -> [Int: [SDL_Rect]] {
        let large = Int64(pixelWidth) * Int64(pixelHeight) / 4
        var covered: [Int: [SDL_Rect]] = [:]
        for (n, f) in fills.enumerated() where Int64(f.rect.w) * Int64(f.rect.h) >= large {
            // Worth it while the parts left are far fewer pixels than the fill.
            if let left = Self.uncovered(fills[(n + 1)...].map(\.rect), f.rect),
               left.reduce(Int64(0), { $0 + Int64($1.w) * Int64($1.h) }) * 2 < Int64(f.rect.w) * Int64(f.rect.h) {
                covered[f.index] = left
            }
            if n >= 3 { break }
        }
        return covered
    }

    /// The drawing's opaque fills, in order: each shape's index and the
    /// pixels it covers inside the clip in effect when it is drawn (what
    /// both the clear and the covered fills are worked out from, in one
    /// pass over the shapes).
    /// - Complexity: O(s) for s shapes.
    private func opaqueFills(_ items: [SceneDrawing.Item]) -> [(index: Int, rect: SDL_Rect)] {
        var fills: [(index: Int, rect: SDL_Rect)] = []
        var clip: SDL_Rect?
        for (k, item) in items.enumerated() {
            switch item.shape {
            case .fill(let r, let c) where c.alpha == 255:
                let b = box(r)
                guard b.w > 0, b.h > 0 else { continue }
                var seen = SDL_Rect(x: Int32(b.x), y: Int32(b.y), w: Int32(b.w), h: Int32(b.h))
                if let clip { seen = seen.intersection(clip) }
                if seen.w > 0, seen.h > 0 { fills.append((k, seen)) }
            case .clip(let r):
                clip = r.map { r in
                    let b = box(r)
                    let c = SDL_Rect(x: Int32(b.x), y: Int32(b.y), w: Int32(b.w), h: Int32(b.h))
                    return c.w > 0 && c.h > 0 ? c : SDL_Rect(x: -1, y: -1, w: 0, h: 0)
                }
            case .fill, .outline, .disc, .ring, .arc, .polyline, .shadow, .gradient, .text: break
            }
        }
        return fills
    }

    /// Whether the union of `rects` covers every pixel of `target`.
    package static func covers(_ rects: [SDL_Rect], _ target: SDL_Rect) -> Bool {
        uncovered(rects, target)?.isEmpty ?? false
    }

    /// The pixels of `target` that no rectangle of `rects` covers, as
    /// rectangles: a sweep down the bands between the rectangles' top and
    /// bottom edges, each band's spans merged from the left and the runs
    /// between them kept. Nil past 4096 rectangles or pieces (the sweep
    /// would cost more than the fill it saves).
    /// - Complexity: O(r log r + bands × spans in a band).
    package static func uncovered(_ rects: [SDL_Rect], _ target: SDL_Rect) -> [SDL_Rect]? {
        let inside = rects.map { $0.intersection(target) }.filter { $0.w > 0 && $0.h > 0 }
            .sorted { $0.y < $1.y }
        guard inside.count <= 4096 else { return nil }
        // The bands' edges, sorted and distinct (sorting an array is a
        // fraction of the cost of hashing each edge into a set).
        var edges: [Int32] = [target.y, target.y + target.h]
        edges.reserveCapacity(2 * inside.count + 2)
        for r in inside { edges.append(r.y); edges.append(r.y + r.h) }
        edges.sort()
        var bands: [Int32] = []
        bands.reserveCapacity(edges.count)
        for e in edges where bands.last != e { bands.append(e) }
        var next = 0
        var active: [SDL_Rect] = []
        var left: [SDL_Rect] = []
        let right = target.x + target.w
        for (top, bottom) in zip(bands, bands.dropFirst()) where top >= target.y && bottom <= target.y + target.h {
            while next < inside.count, inside[next].y <= top { active.append(inside[next]); next += 1 }
            active.removeAll { $0.y + $0.h <= top }
            var reach = target.x
            for r in active.sorted(by: { $0.x < $1.x }) {
                if r.x > reach { left.append(SDL_Rect(x: reach, y: top, w: r.x - reach, h: bottom - top)) }
                reach = max(reach, r.x + r.w)
                if reach >= right { break }
            }
            if reach < right { left.append(SDL_Rect(x: reach, y: top, w: right - reach, h: bottom - top)) }
            if left.count > 4096 { return nil }
        }
        return left
    }

    /// The bands of rows (top, bottom) that none of the opaque `fills`
    /// spanning the picture's whole width covers: every other row is
    /// painted by such a fill, or, where it is left out in whole or in part
    /// (``coveredFills(_:)``), by the fills that cover it and the parts of
    /// it drawn.
    /// - Complexity: O(f log f) for f such fills.
    private func uncoveredRows(_ fills: [(index: Int, rect: SDL_Rect)]) -> [(top: Int32, bottom: Int32)] {
        var spans: [(top: Int32, bottom: Int32)] = []
        for (_, seen) in fills where seen.x <= 0 && seen.x + seen.w >= pixelWidth {
            spans.append((seen.y, seen.y + seen.h))
        }
        spans.sort { $0.top < $1.top }
        var rows: [(top: Int32, bottom: Int32)] = []
        var reached: Int32 = 0
        for span in spans {
            if span.top > reached { rows.append((reached, span.top)) }
            reached = max(reached, span.bottom)
        }
        if reached < pixelHeight { rows.append((reached, pixelHeight)) }
        return rows
    }

    /// How many rendered labels the cache holds (at most ``textCacheLimit``).
    package var cachedLabelCount: Int { texts.count }

    /// Whether a label with `text` is cached (at any size or colour).
    package func isCached(_ text: String) -> Bool { texts.keys.contains { $0.text == text } }

    /// The picture last drawn, as rows of red, green, blue bytes (read
    /// back from the window's renderer for a window: call it before the
    /// next draw).
    /// - Complexity: O(pixels).
    public func pixels() -> [UInt8] {
        let count = Int(pixelWidth) * Int(pixelHeight)
        var out = [UInt8](repeating: 0, count: count * 3)
        out.withUnsafeMutableBytes { buffer in
            if let renderer {
                _ = SDL_RenderReadPixels(renderer, nil, UInt32(SDL_PIXELFORMAT_RGB24.rawValue), buffer.baseAddress,
                                         pixelWidth * 3)
                return
            }
            for k in 0..<count {
                let p = raster.pixels[k]
                buffer[3 * k] = UInt8(truncatingIfNeeded: p >> 16)
                buffer[3 * k + 1] = UInt8(truncatingIfNeeded: p >> 8)
                buffer[3 * k + 2] = UInt8(truncatingIfNeeded: p)
            }
        }
        return out
    }

    /// The picture last drawn as a PNG file's bytes.
    public func png() -> [UInt8] {
        PNGEncoder.encode(rgb: pixels(), width: Int(pixelWidth), height: Int(pixelHeight))
    }

    // MARK: - Shapes

    /// `v` points in whole pixels, rounded half away from zero, within
    /// ±1e6 (0 for not a number). Rounded by truncation (no libm call:
    /// this runs four times a shape).
    private func pixel(_ v: Double) -> Float {
        let p = v * scale
        guard p.isFinite else { return 0 }
        let c = min(max(p, -1e6), 1e6)
        return Float(Int32(c >= 0 ? c + 0.5 : c - 0.5))
    }

    private func box(_ r: Rect) -> SDL_FRect {
        let x0 = pixel(r.minX), y0 = pixel(r.minY)
        return SDL_FRect(x: x0, y: y0, w: max(0, pixel(r.maxX) - x0), h: max(0, pixel(r.maxY) - y0))
    }

    /// `r`'s pixels (whole pixels, as ``box(_:)`` makes them).
    private func whole(_ r: SDL_FRect) -> SDL_Rect {
        func int(_ v: Float) -> Int32 { v.isFinite ? Int32(min(max(v, -4e6), 4e6)) : 0 }
        return SDL_Rect(x: int(r.x), y: int(r.y), w: int(r.w), h: int(r.h))
    }

    /// The pixels `r` (whole pixels, as ``box(_:)`` makes them) covers inside the clip.
    private func visible(_ r: SDL_FRect) -> SDL_Rect {
        whole(r).intersection(raster.clip)
    }

    /// Fills the rectangles of `drawRectangles` with `c`.
    private func fillRectangles(_ c: SceneDrawing.Color) {
        for r in drawRectangles { raster.fill(whole(r), c) }
    }

    /// Notes that the pixels of `r` changed (for the backdrop under a later label).
    private func drew(_ r: SDL_Rect) {
        backdrop.drew(r)
    }

    private func draw(_ shape: SceneDrawing.Shape) {
        switch shape {
        case .fill(let r, let c):
            guard c.alpha > 0 else { return }
            let b = box(r)
            guard b.w > 0, b.h > 0 else { return }
            let pixels = whole(b)
            raster.fill(pixels, c)
            let seen = pixels.intersection(raster.clip)
            if c.alpha == 255 { backdrop.reset(seen, c) } else { drew(seen) }
        case .outline(let r, let c, let width, let dashed):
            guard c.alpha > 0 else { return }
            let b = box(r), t = max(1, Float((width * scale).rounded()))
            guard b.w > 0, b.h > 0 else { return }
            if !dashed {
                // Four edges, each made whole once and filled straight away
                // (a cell's border on every frame: no list, no second pass).
                func edge(_ x: Float, _ y: Float, _ w: Float, _ h: Float) {
                    let pixels = whole(SDL_FRect(x: x, y: y, w: w, h: max(0, h)))
                    drew(pixels.intersection(raster.clip))
                    raster.fill(pixels, c)
                }
                edge(b.x, b.y, b.w, t)
                edge(b.x, b.y + b.h - t, b.w, t)
                edge(b.x, b.y + t, t, b.h - 2 * t)
                edge(b.x + b.w - t, b.y + t, t, b.h - 2 * t)
                return
            }
            drawRectangles.removeAll(keepingCapacity: true)
            let dash = Float((6 * scale).rounded()), gap = Float((4 * scale).rounded())
            func run(_ from: Float, _ length: Float, _ make: (Float, Float) -> SDL_FRect) {
                drew(visible(make(from, max(0, length))))
                guard dashed else { drawRectangles.append(make(from, length)); return }
                var s: Float = 0
                while s < length { drawRectangles.append(make(from + s, min(dash, length - s))); s += dash + gap }
            }
            run(b.x, b.w) { SDL_FRect(x: $0, y: b.y, w: $1, h: t) }
            run(b.x, b.w) { SDL_FRect(x: $0, y: b.y + b.h - t, w: $1, h: t) }
            run(b.y + t, b.h - 2 * t) { SDL_FRect(x: b.x, y: $0, w: t, h: $1) }
            run(b.y + t, b.h - 2 * t) { SDL_FRect(x: b.x + b.w - t, y: $0, w: t, h: $1) }
            fillRectangles(c)
        case .disc(let centre, let radius, let c):
            guard c.alpha > 0 else { return }
            spans(centre, outer: radius * scale, inner: 0, c)
        case .ring(let centre, let radius, let c, let width):
            guard c.alpha > 0 else { return }
            spans(centre, outer: (radius + width / 2) * scale, inner: (radius - width / 2) * scale, c)
        case .arc(let centre, let radius, let start, let end, let c, let width):
            guard c.alpha > 0, width > 0, radius >= 0 else { return }
            let sweep = end - start
            let whole = !sweep.isFinite || sweep <= 0 || sweep >= 360
            let from = start.truncatingRemainder(dividingBy: 360)
            let a = Point(x: centre.x + radius * Self.cos(start), y: centre.y + radius * Self.sin(start))
            let b = Point(x: centre.x + radius * Self.cos(end), y: centre.y + radius * Self.sin(end))
            let reach = radius + width / 2
            stroke(Rect(x: centre.x - reach, y: centre.y - reach, width: 2 * reach, height: 2 * reach), width: width, c) { p in
                let dx = p.x - centre.x, dy = p.y - centre.y
                if !whole {
                    // Clockwise on the screen (y grows down) from 3 o'clock.
                    var angle = Self.degrees(atan2(dy, dx)) - from
                    angle = angle.truncatingRemainder(dividingBy: 360)
                    if angle < 0 { angle += 360 }
                    if angle > sweep { return min(Self.distance(p, a), Self.distance(p, b)) }
                }
                return abs((dx * dx + dy * dy).squareRoot() - radius)
            }
        case .polyline(let points, let c, let width):
            guard c.alpha > 0, width > 0, let first = points.first else { return }
            var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
            for p in points { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
            let half = width / 2
            stroke(Rect(x: minX - half, y: minY - half, width: maxX - minX + width, height: maxY - minY + width), width: width, c) { p in
                var nearest = Self.distance(p, first)
                for (u, v) in zip(points, points.dropFirst()) { nearest = min(nearest, Self.distance(p, segment: u, v)) }
                return nearest
            }
        case .shadow(let r, let offset, let blur, let c):
            guard c.alpha > 0 else { return }
            // Three widening bands, darkest nearest the rectangle, together
            // about as dark as `c` under it.
            let step = blur / 3
            for (k, share) in [(3.0, 20.0), (2.0, 26.0), (1.0, 34.0)] {
                let spread = step * k
                var shade = c
                shade.alpha = UInt8(min(255, (Double(c.alpha) * share / 89).rounded()))
                draw(.fill(Rect(x: r.minX - spread, y: r.minY + offset - spread + step, width: r.width + 2 * spread,
                                height: r.height + 2 * spread - step), shade))
            }
        case .gradient(let r, let from, let to):
            let b = box(r)
            let n = Int(b.w)
            guard n > 0, b.h > 0 else { return }
            let area = whole(b)
            for k in 0..<n {
                let f = n == 1 ? 0 : Double(k) / Double(n - 1)
                func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * f).rounded()) }
                var strip = SceneDrawing.Color(0, alpha: mix(from.alpha, to.alpha))
                strip.red = mix(from.red, to.red); strip.green = mix(from.green, to.green); strip.blue = mix(from.blue, to.blue)
                raster.fill(SDL_Rect(x: area.x + Int32(k), y: area.y, w: 1, h: area.h), strip)
            }
            drew(visible(b))
        case .text(let string, let r, let alignment, let size, let bold, let c):
            text(string, in: box(r), alignment, size: size, bold: bold, c)
        case .clip(let r):
            if let r {
                let b = box(r)
                var clip = SDL_Rect(x: Int32(b.x), y: Int32(b.y), w: Int32(b.w), h: Int32(b.h))
                if clip.w <= 0 || clip.h <= 0 { clip = SDL_Rect(x: -1, y: -1, w: 1, h: 1) } // nothing shows
                raster.setClip(clip)
            } else {
                raster.setClip(nil)
            }
        }
    }

    /// The pixels within `width / 2` points of a path (by `distance`, in
    /// points, from a pixel's centre) inside `bounds`, as one span per run
    /// of pixels in a row, so no pixel is blended twice. Only the pixels of
    /// `bounds` inside the picture and the clip are looked at.
    private func stroke(_ bounds: Rect, width: Double, _ c: SceneDrawing.Color, distance: (Point) -> Double) {
        // `visible` clips to the clip rectangle.
        let area = visible(box(bounds)).intersection(SDL_Rect(x: 0, y: 0, w: pixelWidth, h: pixelHeight))
        guard area.w > 0, area.h > 0 else { return }
        drawRectangles.removeAll(keepingCapacity: true)
        let half = width / 2
        for y in area.y..<(area.y + area.h) {
            var run: Int32?
            for x in area.x...(area.x + area.w) {
                let inside = x < area.x + area.w
                    && distance(Point(x: (Double(x) + 0.5) / scale, y: (Double(y) + 0.5) / scale)) <= half
                if inside, run == nil { run = x }
                if !inside, let start = run {
                    drawRectangles.append(SDL_FRect(x: Float(start), y: Float(y), w: Float(x - start), h: 1))
                    run = nil
                }
            }
        }
        guard !drawRectangles.isEmpty else { return }
        fillRectangles(c)
        drew(area)
    }

    private static func degrees(_ radians: Double) -> Double { radians * 180 / Double.pi }
    private static func cos(_ degrees: Double) -> Double { Glibc.cos(degrees * Double.pi / 180) }
    private static func sin(_ degrees: Double) -> Double { Glibc.sin(degrees * Double.pi / 180) }

    private static func distance(_ p: Point, _ q: Point) -> Double {
        ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
    }

    /// The distance from `p` to the segment from `u` to `v`.
    private static func distance(_ p: Point, segment u: Point, _ v: Point) -> Double {
        let dx = v.x - u.x, dy = v.y - u.y
        let length2 = dx * dx + dy * dy
        guard length2 > 0 else { return distance(p, u) }
        let t = max(0, min(1, ((p.x - u.x) * dx + (p.y - u.y) * dy) / length2))
        return distance(p, Point(x: u.x + t * dx, y: u.y + t * dy))
    }

    /// A disc or ring as one horizontal span (or two) per pixel row, so no
    /// pixel is blended twice.
    private func spans(_ centre: Point, outer: Double, inner: Double, _ c: SceneDrawing.Color) {
        let cx = centre.x * scale, cy = centre.y * scale
        // Far off the picture (or not a number): nothing to draw, and no
        // row loop over an unbounded range.
        guard outer > 0, outer < 1e6, abs(cx) < 1e6, abs(cy) < 1e6 else { return }
        drawRectangles.removeAll(keepingCapacity: true)
        var y = (cy - outer).rounded(.down)
        while y < cy + outer {
            let dy = y + 0.5 - cy
            let o2 = outer * outer - dy * dy
            if o2 > 0 {
                let ox = o2.squareRoot()
                let i2 = inner * inner - dy * dy
                if inner > 0, i2 > 0 {
                    let ix = i2.squareRoot()
                    let l0 = (cx - ox).rounded(), l1 = (cx - ix).rounded(), r0 = (cx + ix).rounded(), r1 = (cx + ox).rounded()
                    if l1 > l0 { drawRectangles.append(SDL_FRect(x: Float(l0), y: Float(y), w: Float(l1 - l0), h: 1)) }
                    if r1 > r0 { drawRectangles.append(SDL_FRect(x: Float(r0), y: Float(y), w: Float(r1 - r0), h: 1)) }
                } else {
                    let l = (cx - ox).rounded(), r = (cx + ox).rounded()
                    if r > l { drawRectangles.append(SDL_FRect(x: Float(l), y: Float(y), w: Float(r - l), h: 1)) }
                }
            }
            y += 1
        }
        guard !drawRectangles.isEmpty else { return }
        fillRectangles(c)
        let x0 = Float((cx - outer).rounded(.down)) - 1, y0 = Float((cy - outer).rounded(.down)) - 1
        drew(visible(SDL_FRect(x: x0, y: y0, w: Float((cx + outer).rounded(.up)) + 2 - x0,
                               h: Float((cy + outer).rounded(.up)) + 2 - y0)))
    }

    // MARK: - Text

    private func font(pixels: Int32, bold: Bool) -> OpaquePointer? {
        let key = FontKey(pixels: pixels, bold: bold)
        if let f = fonts[key] { return f }
        // Checked readable at init; a font that FreeType rejects draws no text.
        let path = bold ? fontFiles.bold : fontFiles.regular
        guard let f = fontLock.withLock({ _ in TTF_OpenFont(path, pixels) }) else { return nil }
        fonts[key] = f
        return f
    }

    /// `string` fitted into `box`: cut with an ellipsis when too wide. An
    /// opaque label whose ink falls where the last opaque fill left a plain
    /// colour is copied precomposited over it; any other is blended.
    private func text(_ string: String, in b: SDL_FRect, _ alignment: SceneDrawing.Alignment, size: Double, bold: Bool,
                      _ c: SceneDrawing.Color) {
        guard c.alpha > 0, b.w >= 1, b.h >= 1 else { return }
        let pixels = Int32(max(1, min(512, (size * scale).rounded())))
        var opaque = c
        opaque.alpha = 255 // the opacity is applied at each draw
        let key = TextKey(text: string, pixels: pixels, bold: bold, color: opaque, maxWidth: Int32(b.w))
        guard let shown = texts[key] ?? render(key) else { return }
        shown.lastUsed = labelsDrawn
        labelsDrawn &+= 1
        guard shown.ink.w > 0, shown.ink.h > 0 else { return }
        let x: Float
        switch alignment {
        case .leading: x = b.x
        case .center: x = b.x + ((b.w - Float(shown.width)) / 2).rounded(.down)
        case .trailing: x = b.x + b.w - Float(shown.width)
        }
        let y = b.y + ((b.h - Float(shown.height)) / 2).rounded(.down)
        let dest = SDL_Rect(x: Int32(x) + shown.ink.x, y: Int32(y) + shown.ink.y, w: shown.ink.w, h: shown.ink.h)
        let seen = dest.intersection(raster.clip)
        guard seen.w > 0, seen.h > 0 else { return }
        let size = (w: dest.w, h: dest.h), origin = (x: dest.x, y: dest.y)
        if c.alpha == 255, let back = backdrop.plainColor(under: seen) {
            raster.put(opaquePixels(shown, over: back), size: size, at: origin, alpha: nil)
        } else {
            raster.put(shown.pixels, size: size, at: origin, alpha: c.alpha)
        }
        drew(seen)
    }

    /// Renders the label of `key` (fitted to its width) and keeps it.
    private func render(_ key: TextKey) -> Text? {
        guard let rendered = ink(of: key) else { return nil }
        if texts.count >= Self.textCacheLimit { dropLeastRecentlyDrawn(max(1, Self.textCacheLimit / 8)) }
        let made = Text(width: rendered.width, height: rendered.height, ink: rendered.ink,
                        pixels: rendered.pixels)
        texts[key] = made
        return made
    }

    /// Drops the `count` least recently drawn labels: the cut is found by
    /// selection over the labels' last uses (each distinct), not by
    /// sorting them.
    /// - Complexity: O(n) on average for the n labels kept.
    private func dropLeastRecentlyDrawn(_ count: Int) {
        var uses = texts.values.map(\.lastUsed)
        guard count < uses.count else { texts.removeAll(); return }
        let cut = Self.select(count, in: &uses) // the count-th smallest use is the first kept
        let gone = texts.compactMap { $0.value.lastUsed < cut ? $0.key : nil }
        for key in gone { texts[key] = nil }
    }

    /// The `k`-th smallest of `values` (0-based), rearranging them
    /// (Hoare's selection with the middle element as pivot).
    /// - Complexity: O(n) on average.
    package static func select(_ k: Int, in values: inout [Int]) -> Int {
        precondition(values.indices.contains(k))
        var low = 0, high = values.count - 1
        while low < high {
            let pivot = values[(low + high) / 2]
            var i = low, j = high
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j { values.swapAt(i, j); i += 1; j -= 1 }
            }
            if k <= j { high = j } else if k >= i { low = i } else { return values[k] }
        }
        return values[k]
    }

    /// The label of `key` rendered by FreeType: its line box, and its ink
    /// (where it is not fully transparent) as ARGB rows; nil when the font
    /// cannot be opened.
    private func ink(of key: TextKey) -> (width: Int32, height: Int32, ink: SDL_Rect, pixels: [UInt32])? {
        guard let font = font(pixels: key.pixels, bold: key.bold) else { return nil }
        let c = key.color
        let color = SDL_Color(r: c.red, g: c.green, b: c.blue, a: 255)
        let rendered: UnsafeMutablePointer<SDL_Surface>? = fontLock.withLock { _ in
            guard !key.text.isEmpty else { return nil }
            // Shaping a label costs as much as rendering it: a label that
            // fits is measured once; one that does not is cut near where
            // FreeType's count of the glyphs that fit says.
            func measure(_ s: String) -> Int32 {
                var w: Int32 = 0, h: Int32 = 0
                TTF_SizeUTF8(font, s, &w, &h)
                return w
            }
            if measure(key.text) <= key.maxWidth { return TTF_RenderUTF8_Blended(font, key.text, color) }
            var extent: Int32 = 0, count: Int32 = 0
            var guess: Int?
            if TTF_MeasureUTF8(font, key.text, max(0, key.maxWidth), &extent, &count) == 0 {
                // Glyphs taken as characters, one fewer for the ellipsis
                // (the walk in `fit` corrects a wrong guess).
                var characters = 0, seen = 0
                for c in key.text {
                    seen += c.unicodeScalars.count
                    if seen > Int(count) { break }
                    characters += 1
                }
                guess = max(0, characters - 1)
            }
            let fitted = Self.fit(key.text, width: key.maxWidth, guess: guess, measure: measure)
            guard !fitted.isEmpty else { return nil }
            return TTF_RenderUTF8_Blended(font, fitted, color)
        }
        guard let rendered else { return (0, 0, SDL_Rect(), []) }
        defer { SDL_FreeSurface(rendered) }
        // SDL2_ttf's blended surfaces are ARGB8888 already: converted only
        // if a version makes them otherwise.
        let argb: UnsafeMutablePointer<SDL_Surface>
        if rendered.pointee.format.pointee.format == UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue) {
            argb = rendered
        } else {
            guard let converted = SDL_ConvertSurfaceFormat(rendered, UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue), 0) else {
                return (0, 0, SDL_Rect(), [])
            }
            argb = converted
        }
        defer { if argb != rendered { SDL_FreeSurface(argb) } }
        let w = Int(argb.pointee.w), h = Int(argb.pointee.h), pitch = Int(argb.pointee.pitch)
        guard w > 0, h > 0, let base = argb.pointee.pixels else { return (argb.pointee.w, argb.pointee.h, SDL_Rect(), []) }
        func row(_ y: Int) -> UnsafePointer<UInt32> {
            UnsafePointer((base + y * pitch).assumingMemoryBound(to: UInt32.self))
        }
        // The ink's bounds: per row, the first and last pixel with any
        // opacity, each found from its own end (most of a row is ink or
        // the space between glyphs, so neither walk goes far).
        var minX = w, maxX = -1, minY = h, maxY = -1
        for y in 0..<h {
            let r = row(y)
            var first = 0
            while first < w, r[first] >> 24 == 0 { first += 1 }
            guard first < w else { continue }
            var last = w - 1
            while r[last] >> 24 == 0 { last -= 1 }
            minX = min(minX, first); maxX = max(maxX, last)
            if minY == h { minY = y }
            maxY = y
        }
        guard maxX >= minX, maxY >= minY else { return (argb.pointee.w, argb.pointee.h, SDL_Rect(), []) }
        let inkWidth = maxX - minX + 1
        let pixels = [UInt32](unsafeUninitializedCapacity: inkWidth * (maxY - minY + 1)) { buffer, count in
            guard var to = buffer.baseAddress else { count = 0; return }
            for y in minY...maxY {
                to.initialize(from: row(y) + minX, count: inkWidth)
                to += inkWidth
            }
            count = buffer.count
        }
        return (argb.pointee.w, argb.pointee.h,
                SDL_Rect(x: Int32(minX), y: Int32(minY), w: Int32(maxX - minX + 1), h: Int32(maxY - minY + 1)), pixels)
    }

    /// The ink of `text` composited over the plain colour `back`, as a
    /// blend over it would give, made once per colour change.
    private func opaquePixels(_ text: Text, over back: SceneDrawing.Color) -> [UInt32] {
        if text.opaqueColor == back { return text.composited }
        let under = Raster.argb(back)
        let over = text.pixels.map { p in Raster.blend(p, over: under, alpha: p >> 24) }
        text.opaqueColor = back
        text.composited = over
        return over
    }

    /// The longest prefix of `string` (whole characters) that, with "…"
    /// after it when cut, measures at most `width`; empty when not even the
    /// ellipsis fits. With `guess` (a prefix length near the answer, as
    /// FreeType's own count of what fits suggests), the string is taken to
    /// be too wide and the search walks from the guess: two or three
    /// measurements instead of a binary search's log₂ n.
    package static func fit(_ string: String, width: Int32, guess: Int? = nil, measure: (String) -> Int32) -> String {
        if guess == nil, measure(string) <= width { return string }
        // Where each character ends: a cut is a copy of the bytes before
        // one of these and the ellipsis (no string rebuilt character by
        // character).
        var ends: [String.Index] = []
        var i = string.startIndex
        while i < string.endIndex {
            i = string.index(after: i)
            ends.append(i)
        }
        func cut(_ k: Int) -> String { (k > 0 ? String(string[..<ends[k - 1]]) : "") + "…" }
        if let guess, !ends.isEmpty {
            var k = min(max(0, guess), ends.count - 1)
            if measure(cut(k)) <= width {
                while k + 1 < ends.count, measure(cut(k + 1)) <= width { k += 1 }
                return cut(k)
            }
            while k > 0 {
                k -= 1
                if measure(cut(k)) <= width { return cut(k) }
            }
            return ""
        }
        var low = 0, high = ends.count // the longest fitting prefix is in low..<high
        while low < high {
            let mid = (low + high + 1) / 2
            if measure(cut(mid)) <= width { low = mid } else { high = mid - 1 }
        }
        return measure(cut(low)) <= width ? cut(low) : ""
    }

    // MARK: - SDL

    static func sdlError() -> String {
        let text = String(cString: SDL_GetError())
        return text.isEmpty ? "no reason given" : text
    }

    static func environment(_ name: String) -> String? {
        SDL_getenv(name).map { String(cString: $0) }
    }
}

extension SDL_Rect {
    /// The part of the rectangle inside `other` (zero size when they do not meet).
    @inline(__always)
    func intersection(_ other: SDL_Rect) -> SDL_Rect {
        let x0 = Swift.max(x, other.x), y0 = Swift.max(y, other.y)
        let x1 = Swift.min(x + w, other.x + other.w), y1 = Swift.min(y + h, other.y + other.h)
        return SDL_Rect(x: x0, y: y0, w: Swift.max(0, x1 - x0), h: Swift.max(0, y1 - y0))
    }

    /// Whether the rectangles share a pixel.
    @inline(__always)
    func meets(_ other: SDL_Rect) -> Bool {
        let i = intersection(other)
        return i.w > 0 && i.h > 0
    }

    func isSame(as other: SDL_Rect) -> Bool { x == other.x && y == other.y && w == other.w && h == other.h }
}
