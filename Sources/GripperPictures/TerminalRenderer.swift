import Gripper
import GripperGeometry
import GripperLayout

/// Draws an ``EngineSnapshot`` as lines of terminal text for `gripper live`:
/// the back end of ``SceneDrawing`` for character cells (the SVG and the
/// window are the others), so the terminal follows the same drawing rules — the viewport
/// scaled onto the grid, with ANSI colours when asked (selected cells blue,
/// highlighted grey, actions red or slate, the placeholder dashed, the
/// lifted proxy yellow, the contact's cell red without hiding its letter),
/// section headers where the content offset pins them, the global header
/// (its segment control's titles, the shown one in brackets), the cells
/// where a layout pinch puts them while one is under way, and a swiped cell's content that slides under the neighbouring column
/// clipped at the cell's frame with a shaded (`░`) column at that edge,
/// a multi-item drag's count as `×N` at the proxy's right end, a
/// selected cell's tick as `✓`, and the loading indicator as `loading…`
/// (the no-content and error panels by their title and message).
/// A label that does not fit its cells is cut with `…`; a cell too thin for
/// a character row of its own is not dropped silently: the row it falls on
/// ends with `+N` (N cells not shown there; cells merged into a band are
/// shared out over the rows it covers). The status line (time, state,
/// scroll offset) spans the whole width. Pure: returns strings, the same
/// for the same snapshot.
public enum TerminalRenderer {
    /// How a character cell is coloured.
    enum Style: UInt8 {
        case background, cell, selected, highlighted, header, globalHeader, destructive, action, placeholder, proxy, ghost,
             contact, control, fade, hidden

        /// The ANSI SGR sequence that starts the style.
        var sgr: String {
            switch self {
            case .background: "\u{1B}[0;90m"
            case .cell: "\u{1B}[0;30;47m"
            case .selected: "\u{1B}[0;97;44m"
            case .highlighted: "\u{1B}[0;30;100m"
            case .header: "\u{1B}[0;1;37;100m"
            case .globalHeader: "\u{1B}[0;1;97;40m"
            case .destructive: "\u{1B}[0;1;97;41m"
            case .action: "\u{1B}[0;1;97;46m"
            case .placeholder: "\u{1B}[0;34m"
            case .proxy: "\u{1B}[0;1;30;103m"
            case .ghost: "\u{1B}[0;2;37m"
            case .contact: "\u{1B}[0;1;97;101m"
            case .control: "\u{1B}[0;1;31;47m"
            case .fade: "\u{1B}[0;90;47m"
            case .hidden: "\u{1B}[0;1;33;40m"
            }
        }
    }

    /// The snapshot as a status line of `columns` characters (`status`
    /// replaces its left part: a live view's clock) and `rows` lines of
    /// `columns` characters of picture (plus escape sequences when `color`
    /// is on).
    /// - Complexity: O(rows × columns + k) for k elements.
    public static func lines(_ snapshot: EngineSnapshot, columns: Int, rows: Int, color: Bool,
                             status: String? = nil) -> [String] {
        let columns = max(10, min(columns, 4096)), rows = max(4, min(rows, 4096))
        let drawing = SceneDrawing(snapshot, status: status)
        var grid = Grid(columns: columns, rows: rows, viewport: drawing.viewport)
        var statusParts: [String] = []
        var clip: Rect? = drawing.viewport
        var gripperDrawn: Set<ElementID> = []
        var ghostTexts: [(String, Rect)] = []
        var proxyLabel: Rect?
        for item in drawing.items {
            switch (item.shape, item.role) {
            case (.text(let text, _, _, _, _, _), .status):
                statusParts.append(text)
            case (.clip(let r), _):
                clip = r
            case (.fill(let r, let c), .cell):
                let style: Style = c.rgb == 0xbbdefb ? .selected : (c.rgb == 0xcfd8dc ? .highlighted : .cell)
                // A row of space under each cell when there is room, so rows read apart.
                let body = r.inset(bottom: min(2 / grid.sy, r.height / 3))
                // Too short for the spare row: the whole frame; too short for a row at all: counted.
                if grid.fill(body, style, clip: clip) == 0, grid.fill(r, style, clip: clip) == 0, r.height > 0,
                   drawing.viewport.intersects(r) {
                    grid.markHidden(at: r.midY)
                }
            case (.fill(let r, _), .band(let count)):
                // Cells merged into a band: each counted on the row it falls on.
                if item.element?.kind == .cell { grid.markHidden(count, over: r) }
            case (.fill(let r, _), .header), (.fill(let r, _), .pinnedHeader):
                grid.fill(r, .header, clip: clip)
            case (.fill(let r, _), .globalHeader):
                grid.fill(r, .globalHeader, clip: clip)
            case (.text(let text, let box, let alignment, _, _, _), .header),
                 (.text(let text, let box, let alignment, _, _, _), .pinnedHeader):
                grid.write(text, in: box, .header, alignment, clip: clip)
            case (.text(let text, let box, let alignment, _, _, _), .globalHeader):
                grid.write(text, in: box, .globalHeader, alignment, clip: clip)
            case (.fill(let r, _), .segment(shown: true)):
                grid.fill(r, .selected, clip: clip)
            case (.text(let text, let box, let alignment, _, _, _), .segment(let shown)):
                // The segment shown in brackets (and blue when coloured).
                grid.write(shown ? "[" + text + "]" : text, in: box, shown ? .selected : .globalHeader, alignment, clip: clip)
            case (.fill(let r, _), .action(let style)):
                grid.fill(r, style == .destructive ? .destructive : .action, clip: clip)
            case (.text(let text, let box, let alignment, _, _, _), .action):
                grid.write(text, in: box, grid.style(at: box.center) ?? .action, alignment, clip: clip)
            case (.text(let text, let box, let alignment, _, _, _), .cell):
                grid.write(text, in: box, grid.style(at: box.center) ?? .cell, alignment, clip: clip)
            case (.outline(let r, _, _, _), .placeholder):
                grid.outline(r, .placeholder, clip: clip)
            case (.text(let text, let box, _, _, _, _), .ghost):
                ghostTexts.append(("(" + text + ")", box))
            case (.fill(let r, _), .proxy):
                grid.fill(r.inset(bottom: min(2 / grid.sy, r.height / 3)), .proxy, clip: clip)
            case (.text(let text, let box, let alignment, _, _, _), .proxy):
                grid.write(text, in: box, .proxy, alignment, clip: clip)
                proxyLabel = box
            case (.text(let text, let box, _, _, _, _), .count):
                // On the proxy's label row (the badge's own middle row can be the next one).
                let rows = proxyLabel.map { Rect(x: box.minX, y: $0.minY, width: box.width, height: $0.height) } ?? box
                grid.write("×" + text, in: rows, .destructive, .center, clip: clip, cut: false)
            case (.disc(let centre, let radius, _), .delete) where radius >= 5:
                grid.write("(-)", in: Rect(x: centre.x - radius, y: centre.y - radius, width: 3 / grid.sx + 2 * radius, height: 2 * radius),
                           .control, .leading, clip: clip, cut: false)
            case (.fill(let r, _), .deleteConfirmation):
                grid.fill(r, .destructive, clip: clip)
            case (.text(let text, let box, let alignment, _, _, _), .deleteConfirmation):
                grid.write(text, in: box, .destructive, alignment, clip: clip)
            case (.fill(let r, _), .gripper):
                if let id = item.element, gripperDrawn.insert(id).inserted {
                    grid.write("≡", in: Rect(x: r.minX, y: r.minY - 6, width: r.width, height: 14), grid.style(at: r.center) ?? .cell,
                               .center, clip: clip, cut: false)
                }
            case (.disc(let centre, let radius, _), .selection) where radius > 5:
                grid.write("✓", in: Rect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius),
                           .selected, .center, clip: clip, cut: false)
            case (.gradient(let r, let from, let to), .fade):
                grid.shade(r, darkAtLeft: from.alpha > to.alpha, clip: clip)
            case (.disc(let centre, _, _), .contact):
                grid.contact(at: centre)
            case (.outline(let r, _, _, _), .focus):
                // The focus ring: a mark on the focused cell's leading edge.
                grid.write(">", in: Rect(x: r.minX, y: r.minY, width: 1 / grid.sx, height: r.height),
                           grid.style(at: r.center) ?? .cell, .leading, clip: clip, cut: false)
            case (.arc(let centre, let radius, _, _, _, _), .contentPlaceholder):
                grid.write("loading…", in: Rect(x: centre.x - radius - 40, y: centre.y - radius, width: 2 * radius + 80,
                                                height: 2 * radius), .placeholder, .center, clip: clip)
            case (.text(let text, let box, let alignment, _, _, _), .contentPlaceholder(let kind)):
                grid.write(text, in: box, kind == .error ? .destructive : .header, alignment, clip: clip)
            case (.fill(let r, _), .menu):
                // An open menu: a grey panel over the content.
                grid.fill(r, .header, clip: clip)
            case (.fill(let r, _), .menuEntry(_, let selected)) where selected && r.height >= 1:
                grid.fill(r, .selected, clip: clip)
            case (.text(let text, let box, let alignment, _, _, _), .menuEntry(let style, let selected)):
                grid.write(text, in: box, selected ? .selected : (style == .destructive ? .destructive : .header), alignment,
                           clip: clip)
            case (.fill, _), (.outline, _), (.disc, _), (.ring, _), (.arc, _), (.polyline, _), (.shadow, _), (.gradient, _),
                 (.text, _):
                break
            }
        }
        // The drag source's label in the gap, on a row the proxy leaves free.
        for (text, box) in ghostTexts { grid.writeAvoiding(.proxy, text, in: box, .ghost) }
        grid.writeHiddenMarks()

        var statusLine = statusParts.joined(separator: "  ")
        if statusLine.count > columns { statusLine = String(statusLine.prefix(columns - 1)) + "…" }
        var out = [color ? "\u{1B}[0;1m" + statusLine + "\u{1B}[0m" : statusLine]
        for y in 0..<rows {
            var line = ""
            var current: Style?
            for x in 0..<columns {
                if color, grid.styles[y][x] != current { current = grid.styles[y][x]; line += grid.styles[y][x].sgr }
                line.append(grid.chars[y][x])
            }
            out.append(color ? line + "\u{1B}[0m" : line)
        }
        return out
    }

    /// The character grid and the mapping of picture points onto it.
    struct Grid {
        var columns: Int
        var rows: Int
        var viewport: Rect
        var chars: [[Character]]
        var styles: [[Style]]
        var hidden: [Int]
        /// Characters per point across and down.
        var sx: Double
        var sy: Double

        init(columns: Int, rows: Int, viewport: Rect) {
            self.columns = columns
            self.rows = rows
            self.viewport = viewport
            chars = Array(repeating: Array(repeating: " ", count: columns), count: rows)
            styles = Array(repeating: Array(repeating: .background, count: columns), count: rows)
            hidden = Array(repeating: 0, count: rows)
            sx = Double(columns) / max(1, viewport.width)
            sy = Double(rows) / max(1, viewport.height)
        }

        /// Character cells of `r`: columns c0..<c1, rows r0..<r1, unclamped.
        func cells(_ r: Rect) -> (c0: Int, c1: Int, r0: Int, r1: Int) {
            func cell(_ v: Double) -> Int { v.isFinite ? Int(max(-1e9, min(1e9, v)).rounded()) : 0 }
            return (cell((r.minX - viewport.minX) * sx), cell((r.maxX - viewport.minX) * sx),
                    cell((r.minY - viewport.minY) * sy), cell((r.maxY - viewport.minY) * sy))
        }

        /// `r`'s cells inside `clip` and the grid, or nil when none.
        func box(_ r: Rect, clip: Rect?) -> (c0: Int, c1: Int, r0: Int, r1: Int)? {
            var b = cells(r)
            if let clip {
                let k = cells(clip)
                b = (max(b.c0, k.c0), min(b.c1, k.c1), max(b.r0, k.r0), min(b.r1, k.r1))
            }
            b = (max(0, b.c0), min(columns, b.c1), max(0, b.r0), min(rows, b.r1))
            return b.c0 < b.c1 && b.r0 < b.r1 ? b : nil
        }

        func style(at p: Point) -> Style? {
            let c = cells(Rect(x: p.x, y: p.y, width: 0, height: 0))
            guard c.r0 >= 0, c.r0 < rows, c.c0 >= 0, c.c0 < columns else { return nil }
            let s = styles[c.r0][c.c0]
            return s == .background ? nil : s
        }

        /// Fills `r`; returns how many character cells it covered.
        @discardableResult
        mutating func fill(_ r: Rect, _ style: Style, clip: Rect?) -> Int {
            guard let b = box(r, clip: clip) else { return 0 }
            for y in b.r0..<b.r1 { for x in b.c0..<b.c1 { chars[y][x] = " "; styles[y][x] = style } }
            return (b.r1 - b.r0) * (b.c1 - b.c0)
        }

        mutating func outline(_ r: Rect, _ style: Style, clip: Rect?) {
            guard let b = box(r, clip: clip) else { return }
            for x in b.c0..<b.c1 {
                chars[b.r0][x] = "-"; chars[b.r1 - 1][x] = "-"; styles[b.r0][x] = style; styles[b.r1 - 1][x] = style
            }
            for y in b.r0..<b.r1 {
                chars[y][b.c0] = "|"; chars[y][b.c1 - 1] = "|"; styles[y][b.c0] = style; styles[y][b.c1 - 1] = style
            }
        }

        /// Text on the middle row of `r`'s cells, laid out across `r` (cut
        /// with `…` when wider, unless `cut` is false) and shown only inside
        /// `clip` and the grid: content sliding off keeps its place and
        /// loses what is past the edge.
        mutating func write(_ text: String, in r: Rect, _ style: Style, _ alignment: SceneDrawing.Alignment, clip: Rect?,
                            cut: Bool = true, row: Int? = nil) {
            let full = cells(r)
            guard let shown = box(r, clip: clip) else { return }
            let line = row ?? Self.middle(full.r0, full.r1)
            guard line >= shown.r0, line < shown.r1 else { return }
            let width = max(0, full.c1 - full.c0)
            var t = Array(Escaping.visible(text))
            if cut, t.count > width { t = width > 0 ? Array(t.prefix(width - 1)) + ["…"] : [] }
            var x: Int
            switch alignment {
            case .leading: x = full.c0
            case .center: x = full.c0 + max(0, (width - t.count) / 2)
            case .trailing: x = full.c1 - t.count
            }
            for ch in t {
                if x >= shown.c0, x < shown.c1 { chars[line][x] = ch; styles[line][x] = style }
                x += 1
            }
        }

        static func middle(_ r0: Int, _ r1: Int) -> Int { r1 > r0 ? (r0 + r1 - 1) / 2 : r0 }

        /// Text in `r` on the first row from its middle outwards where no
        /// cell has `avoid`'s style (the proxy over the gap); nowhere if none.
        mutating func writeAvoiding(_ avoid: Style, _ text: String, in r: Rect, _ style: Style) {
            guard let b = box(r, clip: viewport) else { return }
            let mid = Self.middle(b.r0, b.r1)
            let order = [mid] + (1..<max(1, b.r1 - b.r0)).flatMap { [mid - $0, mid + $0] }
            let full = cells(r)
            for y in order where y >= b.r0 && y < b.r1 {
                let width = max(0, full.c1 - full.c0)
                let shown = min(width, Escaping.visible(text).count)
                let x0 = full.c0 + max(0, (width - shown) / 2)
                let free = (max(0, x0)..<min(columns, x0 + shown)).allSatisfy { styles[y][$0] != avoid }
                if free { write(text, in: r, style, .center, clip: viewport, row: y); return }
            }
        }

        /// Shades the column of `r` at its dark edge.
        mutating func shade(_ r: Rect, darkAtLeft: Bool, clip: Rect?) {
            guard let b = box(r, clip: clip) else { return }
            let x = darkAtLeft ? b.c0 : b.c1 - 1
            for y in b.r0..<b.r1 where styles[y][x] != .background { chars[y][x] = "░"; styles[y][x] = .fade }
        }

        /// The contact: its cell takes the contact's colour and keeps its
        /// letter (an `@` where there is none).
        mutating func contact(at p: Point) {
            let fx = (p.x - viewport.minX) * sx, fy = (p.y - viewport.minY) * sy
            guard fx.isFinite, fy.isFinite, fx >= 0, fy >= 0, fx < Double(columns), fy < Double(rows) else { return }
            let x = Int(fx), y = Int(fy)
            guard x >= 0, x < columns, y >= 0, y < rows else { return }
            if chars[y][x] == " " { chars[y][x] = "@" }
            styles[y][x] = .contact
        }

        /// Counts a cell too thin for a row of its own at picture height `y`.
        mutating func markHidden(at y: Double) {
            let f = (y - viewport.minY) * sy
            guard f.isFinite, f >= 0, f < Double(rows) else { return }
            let row = Int(f)
            hidden[row] += 1
        }

        /// Counts `count` cells merged into a band over `r` (picture
        /// points): each row the band covers gets its share, by how much of
        /// the band falls on it (the shares add up to `count`).
        mutating func markHidden(_ count: Int, over r: Rect) {
            let top = (r.minY - viewport.minY) * sy, bottom = (r.maxY - viewport.minY) * sy
            guard count > 0, top.isFinite, bottom.isFinite else { return }
            guard bottom > top else {
                if top >= 0, top < Double(rows) { hidden[Int(top)] += count }
                return
            }
            // Only the part in the viewport is counted.
            let shownTop = max(0, top), shownBottom = min(Double(rows), bottom)
            guard shownBottom > shownTop else { return }
            func share(_ y: Double) -> Int { y >= bottom ? count : Int((Double(count) * ((y - top) / (bottom - top))).rounded(.down)) }
            var row = Int(shownTop)
            var given = share(shownTop)
            while row < rows, Double(row) < shownBottom {
                let total = share(min(shownBottom, Double(row + 1)))
                hidden[row] += total - given
                given = total
                row += 1
            }
        }

        /// `+N` at the end of each row with N cells not shown.
        mutating func writeHiddenMarks() {
            for y in 0..<rows where hidden[y] > 0 {
                let mark = Array("+\(hidden[y])")
                let x0 = max(0, columns - mark.count)
                for (k, ch) in mark.prefix(columns).enumerated() { chars[y][x0 + k] = ch; styles[y][x0 + k] = .hidden }
            }
        }
    }
}

extension SceneDrawing.Color {
    /// The colour as `0xRRGGBB`, opacity left out.
    var rgb: UInt32 { UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }
}
