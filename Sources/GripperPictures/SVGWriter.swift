#if canImport(Glibc)
import Glibc // sin, cos only: math, no I/O
#elseif canImport(Darwin)
import Darwin
#endif
import Gripper
import GripperGeometry
import GripperLayout

/// Writes a ``SceneDrawing`` (made with its content in content points) as
/// an SVG document: each shape one element, named by its role's class; no
/// geometry of its own beyond the SVG's ways of saying a shape (an outline's
/// stroke inset by half its width so it lies inside its rectangle, as the
/// window paints it). The structure (see ``SnapshotRenderer``):
///
/// - the shapes before the first ``SceneDrawing/Role/background`` clip (the
///   status bar, the viewport's background) and after the clip that ends
///   the content (the contact) in picture points;
/// - between them `<g clip-path="url(#ID-clip)"><g transform="translate(…)">`,
///   the content in content points;
/// - a ``SceneDrawing/Role/fade`` clip opens `<g class="slides-under">` with
///   its clip path, and the next one closes it;
/// - consecutive shapes of one element with the role ghost, proxy, count or
///   content placeholder go in one `<g>` of that class;
/// - a fill followed by the outline of the same rectangle, role and element
///   is one `<rect>` with a fill and a stroke (the stroke centred on the
///   edge, as SVG draws it).
///
/// Ids inside the document are `ID-clip` and `ID-KINDn` (n counting from 1
/// in document order), so the same drawing gives the same bytes.
struct SVGWriter {
    let id: String
    private var out = ""
    private var group: (role: SceneDrawing.Role, element: ElementID?)?
    private var slidesUnder = false
    private var contentClip: Rect?
    private var definitions = 0

    init(id: String) {
        self.id = id
    }

    /// The document.
    /// - Complexity: O(shapes).
    mutating func document(_ drawing: SceneDrawing) -> String {
        let w = drawing.size.width, h = drawing.size.height, v = drawing.viewport
        out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(w))\" height=\"\(n(h))\" "
        out += "viewBox=\"0 0 \(n(w)) \(n(h))\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" font-size=\"14\">\n"
        out += "<defs><clipPath id=\"\(id)-clip\">\(box(v, "rect"))/></clipPath></defs>\n"
        let items = drawing.items
        var k = 0
        while k < items.count {
            let item = items[k]
            if case .fill(let r, let fill) = item.shape, k + 1 < items.count,
               case .outline(let o, let stroke, let width, let dashed) = items[k + 1].shape,
               o == r, items[k + 1].role == item.role, items[k + 1].element == item.element {
                enter(item)
                out += "<rect" + classAttribute(item) + " " + box(r) + paint(fill) + " " + strokeAttributes(stroke, width, dashed)
                    + "/>\n"
                k += 2
                continue
            }
            write(item, drawing)
            k += 1
        }
        leaveGroup()
        if slidesUnder { out += "</g>\n" }
        if contentClip != nil { out += "</g></g>\n" }
        out += "</svg>\n"
        return out
    }

    // MARK: - Structure

    private mutating func write(_ item: SceneDrawing.Item, _ drawing: SceneDrawing) {
        if case .clip(let r) = item.shape {
            clip(r, item.role, drawing)
            return
        }
        enter(item)
        shape(item)
    }

    private mutating func clip(_ r: Rect?, _ role: SceneDrawing.Role, _ drawing: SceneDrawing) {
        leaveGroup()
        if case .fade = role, let content = contentClip {
            // Content sliding under a neighbour: a group of its own, which the next clip ends.
            if slidesUnder {
                out += "</g>\n"
                slidesUnder = false
                if r == nil || r == content { return }
            }
            let name = definition("under")
            out += "<defs><clipPath id=\"\(name)\">\(box(r ?? content, "rect"))/></clipPath></defs>\n"
            out += "<g class=\"slides-under\" clip-path=\"url(#\(name))\">\n"
            slidesUnder = true
            return
        }
        if slidesUnder { out += "</g>\n"; slidesUnder = false }
        if let r, contentClip == nil {
            // The content: clipped to the viewport, moved from content points into the picture.
            contentClip = r
            let shift = drawing.contentInContentPoints ? drawing.contentShift : Point.zero
            out += "<g clip-path=\"url(#\(id)-clip)\"><g transform=\"translate(\(n(shift.x)) \(n(shift.y)))\">\n"
        } else if r == nil, contentClip != nil {
            out += "</g></g>\n"
            contentClip = nil
        }
    }

    /// Opens the group `item` belongs in (closing another), or closes the
    /// open one when it belongs in none.
    private mutating func enter(_ item: SceneDrawing.Item) {
        guard let name = Self.groupClass(item.role) else {
            leaveGroup()
            return
        }
        if let group, group.role == item.role, group.element == item.element { return }
        leaveGroup()
        out += "<g class=\"\(name)\">\n"
        group = (item.role, item.element)
    }

    private mutating func leaveGroup() {
        guard group != nil else { return }
        out += "</g>\n"
        group = nil
    }

    private mutating func definition(_ kind: String) -> String {
        definitions += 1
        return "\(id)-\(kind)\(definitions)"
    }

    // MARK: - Shapes

    private mutating func shape(_ item: SceneDrawing.Item) {
        let cls = classAttribute(item)
        switch item.shape {
        case .fill(let r, let c):
            out += "<rect" + cls + bandCount(item) + " " + box(r) + paint(c) + "/>\n"
        case .outline(let r, let c, let width, let dashed):
            // The stroke inside the rectangle: its centre line half a width in.
            let inner = r.insetBy(dx: width / 2, dy: width / 2)
            out += "<rect" + cls + " " + box(inner) + " fill=\"none\" " + strokeAttributes(c, width, dashed) + "/>\n"
        case .disc(let centre, let radius, let c):
            out += "<circle" + cls + " cx=\"\(n(centre.x))\" cy=\"\(n(centre.y))\" r=\"\(n(radius))\"" + paint(c) + "/>\n"
        case .ring(let centre, let radius, let c, let width):
            out += "<circle" + cls + " cx=\"\(n(centre.x))\" cy=\"\(n(centre.y))\" r=\"\(n(radius))\" fill=\"none\" "
                + strokeAttributes(c, width, false) + "/>\n"
        case .arc(let centre, let radius, let start, let end, let c, let width):
            let sweep = end - start
            guard sweep.isFinite, sweep > 0, sweep < 360, start.isFinite else {
                out += "<circle" + cls + " cx=\"\(n(centre.x))\" cy=\"\(n(centre.y))\" r=\"\(n(radius))\" fill=\"none\" "
                    + strokeAttributes(c, width, false) + "/>\n"
                return
            }
            func point(_ degrees: Double) -> String {
                let a = degrees * Double.pi / 180
                return "\(n(centre.x + radius * cos(a))) \(n(centre.y + radius * sin(a)))"
            }
            out += "<path" + cls + " d=\"M \(point(start)) A \(n(radius)) \(n(radius)) 0 \(sweep > 180 ? 1 : 0) 1 \(point(end))\""
                + " fill=\"none\" " + strokeAttributes(c, width, false) + " stroke-linecap=\"round\"/>\n"
        case .polyline(let points, let c, let width):
            let list = points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
            out += "<polyline" + cls + " points=\"\(list)\" fill=\"none\" " + strokeAttributes(c, width, false)
                + " stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n"
        case .shadow(let r, let offset, let blur, let c):
            // An opaque rectangle (what casts the shadow: covered by what
            // is drawn on it) with a drop shadow of the shadow's colour.
            let name = definition("shadow")
            out += "<defs><filter id=\"\(name)\" x=\"-20%\" y=\"-40%\" width=\"140%\" height=\"200%\">"
            out += "<feDropShadow dx=\"0\" dy=\"\(n(offset))\" stdDeviation=\"\(n(blur / 2))\" flood-color=\"\(hex(c))\""
                + " flood-opacity=\"\(opacity(c.alpha))\"/></filter></defs>\n"
            out += "<rect" + cls + " " + box(r) + " fill=\"\(hex(c))\" filter=\"url(#\(name))\"/>\n"
        case .gradient(let r, let from, let to):
            // Written from its more opaque end: stop 0 is that end, x1 its side.
            let reversed = to.alpha > from.alpha
            let (first, second) = reversed ? (to, from) : (from, to)
            let name = definition("fade")
            out += "<defs><linearGradient id=\"\(name)\" x1=\"\(reversed ? 1 : 0)\" y1=\"0\" x2=\"\(reversed ? 0 : 1)\" y2=\"0\">"
            out += "<stop offset=\"0\" stop-color=\"\(hex(first))\" stop-opacity=\"\(opacity(first.alpha))\"/>"
            out += "<stop offset=\"1\" stop-color=\"\(hex(second))\" stop-opacity=\"\(opacity(second.alpha))\"/>"
            out += "</linearGradient></defs>\n"
            out += "<rect" + cls + " " + box(r) + " fill=\"url(#\(name))\"/>\n"
        case .text(let text, let r, let alignment, let size, let bold, let c):
            // Centred on the box's middle: the baseline about a third of the size below it.
            let (x, anchor) = switch alignment {
            case .leading: (r.minX, "start")
            case .center: (r.midX, "middle")
            case .trailing: (r.maxX, "end")
            }
            out += "<text x=\"\(n(x))\" y=\"\(n(r.midY + size * 0.35))\"" + paint(c) + " font-size=\"\(n(size))\""
                + " text-anchor=\"\(anchor)\"" + (bold ? " font-weight=\"bold\"" : "") + ">" + Escaping.xml(text) + "</text>\n"
        case .clip:
            break // handled by write(_:_:)
        }
    }

    /// ` class="…"` for a shape of `item`'s role (none for text, and none
    /// inside a group, whose class names it).
    private func classAttribute(_ item: SceneDrawing.Item) -> String {
        if case .text = item.shape { return "" }
        guard let name = Self.shapeClass(item) else { return "" }
        return " class=\"\(name)\""
    }

    private func bandCount(_ item: SceneDrawing.Item) -> String {
        guard case .band(let count) = item.role else { return "" }
        return " data-count=\"\(count)\""
    }

    /// The class of a shape of `item`'s role, nil for none.
    static func shapeClass(_ item: SceneDrawing.Item) -> String? {
        switch item.role {
        case .status, .background, .decoration: nil
        case .cell: "cell"
        case .dropTarget: "drop-target"
        case .header: "header"
        case .pinnedHeader: "header pinned"
        case .globalHeader: "global-header"
        case .segment(let shown): shown ? "segment shown" : "segment"
        case .band: "thin " + (item.element.map { ThinBands.name(of: $0.kind) } ?? "element")
        case .placeholder: "placeholder"
        case .actionPane: "action-pane"
        case .action: "action"
        case .fade: "under-fade"
        case .delete: "delete-control"
        case .deleteConfirmation: "delete-confirmation"
        case .gripper: "gripper"
        case .selection: "selection"
        case .contact: "contact"
        case .focus: "focus-ring"
        case .menu: "menu"
        case .menuEntry(let style, let selected):
            "menu-entry" + (style == .destructive ? " destructive" : "") + (selected ? " selected" : "")
        case .ghost, .proxy, .count, .contentPlaceholder: nil
        }
    }

    /// The class of the group that shapes of `role` go in, nil for none.
    static func groupClass(_ role: SceneDrawing.Role) -> String? {
        switch role {
        case .ghost: "ghost"
        case .proxy: "proxy"
        // Part of the proxy, which the timeline does not animate.
        case .count: "proxy count"
        case .contentPlaceholder(let kind): kind.rawValue
        case .status, .background, .cell, .dropTarget, .header, .pinnedHeader, .globalHeader, .segment, .decoration, .band,
             .placeholder, .actionPane, .action, .fade, .delete, .deleteConfirmation, .gripper, .selection, .contact, .focus,
             .menu, .menuEntry:
            nil
        }
    }

    // MARK: - Attributes

    private func box(_ r: Rect, _ element: String = "") -> String {
        (element.isEmpty ? "" : "<\(element) ") + "x=\"\(n(r.minX))\" y=\"\(n(r.minY))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\""
    }

    /// ` fill="#rrggbb"` and its opacity when not opaque.
    private func paint(_ c: SceneDrawing.Color) -> String {
        " fill=\"\(hex(c))\"" + (c.alpha == 255 ? "" : " fill-opacity=\"\(opacity(c.alpha))\"")
    }

    private func strokeAttributes(_ c: SceneDrawing.Color, _ width: Double, _ dashed: Bool) -> String {
        "stroke=\"\(hex(c))\"" + (c.alpha == 255 ? "" : " stroke-opacity=\"\(opacity(c.alpha))\"")
            + (width == 1 ? "" : " stroke-width=\"\(n(width))\"") + (dashed ? " stroke-dasharray=\"6 4\"" : "")
    }

    private func hex(_ c: SceneDrawing.Color) -> String {
        let digits = Array("0123456789abcdef")
        var s = "#"
        for v in [c.red, c.green, c.blue] { s.append(digits[Int(v >> 4)]); s.append(digits[Int(v & 15)]) }
        return s
    }

    /// An 8-bit opacity as a fraction with at most two decimals (`0.4`, `1`).
    private func opacity(_ alpha: UInt8) -> String {
        var text = FixedDecimal.string(Double(alpha) / 255, places: 2)
        while text.hasSuffix("0"), text.contains(".") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    private func n(_ x: Double) -> String { SnapshotRenderer.n(x) }
}
