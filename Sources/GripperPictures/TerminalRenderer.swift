import Gripper
import GripperGeometry
import GripperLayout

/// Draws an ``EngineSnapshot`` as lines of terminal text for `gripper live`:
/// the viewport scaled onto a grid of character cells, with ANSI colours
/// when asked (selected cells blue, highlighted grey, actions red or slate,
/// the placeholder dashed, the lifted proxy yellow, the contact `@`), section
/// headers where the content offset pins them, the global header with its
/// title, and a swiped cell's content that slides under the neighbouring
/// column clipped at the cell's frame with a shaded (`░`) column at that
/// edge. Elements are drawn in the snapshot's order (by z-index). Pure:
/// returns strings, the same for the same snapshot.
public enum TerminalRenderer {
    /// How a character cell is coloured.
    enum Style: UInt8 {
        case background, cell, selected, highlighted, header, globalHeader, destructive, action, placeholder, proxy, ghost,
             contact, control, fade

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
            case .contact: "\u{1B}[0;1;91m"
            case .control: "\u{1B}[0;1;31;47m"
            case .fade: "\u{1B}[0;90;47m"
            }
        }
    }

    /// The snapshot as `rows` lines of `columns` characters (plus escape
    /// sequences when `color` is on), a status line first.
    /// - Complexity: O(rows × columns + k) for k elements.
    public static func lines(_ snapshot: EngineSnapshot, columns: Int, rows: Int, color: Bool) -> [String] {
        let columns = max(10, columns), rows = max(4, rows)
        var chars = Array(repeating: Array(repeating: Character(" "), count: columns), count: rows)
        var styles = Array(repeating: Array(repeating: Style.background, count: columns), count: rows)
        let sx = Double(columns) / max(1, snapshot.viewport.width)
        let sy = Double(rows) / max(1, snapshot.viewport.height)

        // Character cells: columns c0..<c1, rows r0..<r1 (unclamped; `box` clamps to the screen).
        func cells(_ r: Rect) -> (c0: Int, c1: Int, r0: Int, r1: Int) {
            let top = r.minY - snapshot.origin.y, bottom = r.maxY - snapshot.origin.y
            let left = r.minX - snapshot.origin.x, right = r.maxX - snapshot.origin.x
            return (Int((left * sx).rounded()), Int((right * sx).rounded()),
                    Int((top * sy).rounded()), Int((bottom * sy).rounded()))
        }
        func box(_ r: Rect, clip: Rect? = nil) -> (c0: Int, c1: Int, r0: Int, r1: Int)? {
            var b = cells(r)
            if let clip {
                let k = cells(clip)
                b = (max(b.c0, k.c0), min(b.c1, k.c1), max(b.r0, k.r0), min(b.r1, k.r1))
            }
            b = (max(0, b.c0), min(columns, b.c1), max(0, b.r0), min(rows, b.r1))
            return b.c0 < b.c1 && b.r0 < b.r1 ? b : nil
        }
        func fill(_ r: Rect, _ style: Style, char: Character = " ", clip: Rect? = nil) {
            guard let b = box(r, clip: clip) else { return }
            for y in b.r0..<b.r1 { for x in b.c0..<b.c1 { chars[y][x] = char; styles[y][x] = style } }
        }
        // Text laid out across `r` (on the row of its visible middle) and shown
        // only on screen and inside `clip`: content sliding under a neighbour
        // or off the screen's edge keeps its place and loses what is past it.
        func write(_ text: String, in r: Rect, _ style: Style, center: Bool = false, clip: Rect? = nil) {
            guard let b = box(r), let shown = box(r, clip: clip) else { return }
            let y = (b.r0 + b.r1 - 1) / 2
            guard y >= shown.r0, y < shown.r1 else { return }
            let full = cells(r)
            let width = full.c1 - full.c0 - 2
            guard width > 0 else { return }
            let t = Array(Escaping.visible(text).prefix(width))
            var x = center ? full.c0 + max(1, (full.c1 - full.c0 - t.count) / 2) : full.c0 + 1
            for ch in t where x < full.c1 {
                if x >= shown.c0, x < shown.c1 { chars[y][x] = ch; styles[y][x] = style }
                x += 1
            }
        }
        func outline(_ r: Rect, _ style: Style) {
            guard let b = box(r) else { return }
            for x in b.c0..<b.c1 { chars[b.r0][x] = "-"; chars[b.r1 - 1][x] = "-"; styles[b.r0][x] = style; styles[b.r1 - 1][x] = style }
            for y in b.r0..<b.r1 { chars[y][b.c0] = "|"; chars[y][b.c1 - 1] = "|"; styles[y][b.c0] = style; styles[y][b.c1 - 1] = style }
        }

        var proxy: LayoutAttributes?
        for a in snapshot.attributes {
            switch a.kind {
            case .cell:
                let item = a.indexPath.flatMap { snapshot.items[$0] }
                if let swipe = a.swipe {
                    for action in swipe.actions {
                        fill(action.frame, action.style == .destructive ? .destructive : .action)
                        let title = item?.title(ofAction: action.id) ?? action.id
                        write(title, in: action.frame, action.style == .destructive ? .destructive : .action, center: true)
                    }
                }
                // Content that slides under the neighbouring column is clipped
                // at the cell's frame and shaded (░) at the neighbour's edge.
                let under = SlideUnder(a)
                let clip = under?.clip
                let frame = a.frame.offsetBy(snapshot.orientation.screenSlide(a.swipe?.contentOffset ?? 0))
                let style: Style = a.isSelected ? .selected : (a.isHighlighted ? .highlighted : .cell)
                let body = frame.inset(bottom: min(2 / sy, frame.height / 3))
                fill(body, style, clip: clip)
                let label = item?.text ?? ""
                if let controls = a.editingControls {
                    if let d = controls.deleteControl { write("(-)", in: d, .control, clip: clip) }
                    if let g = controls.gripper { write("≡", in: g, style, center: true, clip: clip) }
                    if let c = controls.deleteConfirmation {
                        fill(c, .destructive, clip: clip)
                        write("Delete", in: c, .destructive, center: true, clip: clip)
                    }
                }
                // A delete control down the cell's left side moves the label right of it.
                let labelFrame = a.editingControls?.deleteControl
                    .flatMap { $0.minX <= a.frame.minX && $0.height >= a.frame.height ? $0 : nil }
                    .map { Rect(x: $0.maxX, y: frame.minY, width: frame.maxX - $0.maxX, height: frame.height) } ?? frame
                write((a.isSelected && a.isEditing ? "✓ " : "") + label, in: labelFrame, style, clip: clip)
                if let fade = under?.fade, let b = box(body, clip: fade) {
                    let x = under?.neighbourIsLeft == true ? b.c0 : b.c1 - 1
                    for y in b.r0..<b.r1 { chars[y][x] = "░"; styles[y][x] = .fade }
                }
            case .globalHeader:
                fill(a.frame, .globalHeader)
                write(snapshot.globalHeaderTitle ?? "", in: a.frame, .globalHeader, center: true)
            case .header:
                fill(a.frame, .header)
                write(a.indexPath.flatMap { snapshot.sectionTitles[$0.section] }?.uppercased() ?? "", in: a.frame, .header)
            case .placeholder: outline(a.frame, .placeholder)
            case .dragProxy: proxy = a
            case .footer, .sectionBackground, .rowSeparator, .columnSeparator, .action: break
            }
        }
        if let ghost = snapshot.hiddenSource {
            write("(" + (ghost.indexPath.flatMap { snapshot.items[$0]?.text } ?? "") + ")", in: ghost.frame, .ghost, center: true)
        }
        if let proxy {
            fill(proxy.frame.inset(bottom: min(2 / sy, proxy.frame.height / 3)), .proxy)
            let label = proxy.indexPath.flatMap { snapshot.items[$0]?.text } ?? ""
            // A multi-item drag shows its count after the grabbed item's label.
            write(proxy.dragItemCount > 1 ? "\(label) ×\(proxy.dragItemCount)" : label, in: proxy.frame, .proxy)
        }
        if let c = snapshot.contact {
            let x = Int(c.x * sx), y = Int(c.y * sy)
            if x >= 0, x < columns, y >= 0, y < rows { chars[y][x] = "@"; styles[y][x] = .contact }
        }

        let status = "\(FixedDecimal.seconds(microseconds: snapshot.offset)) s  \(snapshot.stateName)  offset \(FixedDecimal.string(snapshot.contentOffset, places: 0))"
        var out = [color ? "\u{1B}[0;1m" + String(status.prefix(columns)) + "\u{1B}[0m" : String(status.prefix(columns))]
        for y in 0..<rows {
            var line = ""
            var current: Style?
            for x in 0..<columns {
                if color, styles[y][x] != current { current = styles[y][x]; line += styles[y][x].sgr }
                line.append(chars[y][x])
            }
            out.append(color ? line + "\u{1B}[0m" : line)
        }
        return out
    }
}
