import Gripper
import GripperEditing
import GripperGeometry
import GripperLayout

/// Draws an ``EngineSnapshot`` as a standalone SVG document: cells with
/// their labels, section headers (pinned ones where the content offset puts
/// them), the global header with its title, separators, the hidden drag
/// source ghosted, the placeholder outlined, the proxy lifted with a shadow,
/// swipe-action panes with their buttons (content that slides under the
/// neighbouring column clipped at the cell's frame and faded there with a
/// gradient), delete controls, grippers, delete confirmations, selection and
/// highlight, and the contact point. Elements are drawn in the snapshot's
/// order (by z-index). Only what the snapshot holds is drawn (the
/// engine's snapshot holds what is in the viewport), and elements thinner
/// than a pixel (a point) are merged into bands (see ``ThinBands``), so a
/// picture's size is bounded by the viewport, not by the item count. Pure:
/// returns a string, the same bytes for the same snapshot.
public enum SnapshotRenderer {
    /// The height of the status bar drawn above the viewport (state and time).
    public static let statusBarHeight = 24.0

    /// The SVG document for `snapshot`; `id` (if given) prefixes the
    /// document's internal ids so several SVGs can share one HTML page.
    /// - Complexity: O(k) in the snapshot's elements; the document's size is
    ///   O(elements at least a pixel thick + bands), at most O(viewport area).
    public static func svg(_ snapshot: EngineSnapshot, id: String = "g") -> String {
        let w = snapshot.viewport.width
        let h = snapshot.viewport.height
        let bar = statusBarHeight
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(w))\" height=\"\(n(h + bar))\" "
        out += "viewBox=\"0 0 \(n(w)) \(n(h + bar))\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" font-size=\"14\">\n"
        out += "<defs><filter id=\"\(id)-shadow\" x=\"-20%\" y=\"-40%\" width=\"140%\" height=\"200%\">"
        out += "<feDropShadow dx=\"0\" dy=\"6\" stdDeviation=\"6\" flood-color=\"#000\" flood-opacity=\"0.35\"/></filter>"
        out += "<clipPath id=\"\(id)-clip\"><rect x=\"0\" y=\"\(n(bar))\" width=\"\(n(w))\" height=\"\(n(h))\"/></clipPath></defs>\n"
        out += "<rect x=\"0\" y=\"0\" width=\"\(n(w))\" height=\"\(n(bar))\" fill=\"#263238\"/>\n"
        out += text(x: 8, y: bar - 7, "\(FixedDecimal.seconds(microseconds: snapshot.offset)) s  \(snapshot.stateName)",
                    fill: "#ffffff", size: 12)
        out += text(x: w - 8, y: bar - 7, "scroll \(FixedDecimal.string(snapshot.contentOffset, places: 0))",
                    fill: "#b0bec5", size: 12, anchor: "end")
        out += "<rect x=\"0\" y=\"\(n(bar))\" width=\"\(n(w))\" height=\"\(n(h))\" fill=\"#eceff1\"/>\n"
        out += "<g clip-path=\"url(#\(id)-clip)\"><g transform=\"translate(\(n(-snapshot.origin.x)) \(n(bar - snapshot.origin.y)))\">\n"
        var proxy: LayoutAttributes?
        var thin = SVGThinBands()
        for a in snapshot.attributes {
            if let band = SVGThinBands.band(of: a) {
                thin.add(band, to: &out)
                continue
            }
            thin.flush(to: &out)
            switch a.kind {
            case .cell: out += cell(a, snapshot, id: id)
            case .header, .globalHeader: out += header(a, snapshot)
            case .footer: out += rect(a.frame, fill: "#eceff1", stroke: nil)
            case .sectionBackground: out += rect(a.frame, fill: "#e3e7ea", stroke: nil)
            case .rowSeparator, .columnSeparator: out += rect(a.frame, fill: "#cfd8dc", stroke: nil)
            case .placeholder:
                out += "<rect class=\"placeholder\" x=\"\(n(a.frame.minX + 2))\" y=\"\(n(a.frame.minY + 2))\" width=\"\(n(a.frame.width - 4))\" height=\"\(n(a.frame.height - 4))\" rx=\"6\" fill=\"#e3f2fd\" stroke=\"#1e88e5\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>\n"
            case .dragProxy: proxy = a
            case .action: break // drawn with their cell, from its swipe attributes
            }
        }
        thin.flush(to: &out)
        if let placeholder = snapshot.placeholder { out += contentPlaceholder(placeholder) }
        if let hidden = snapshot.hiddenSource { out += ghost(hidden, snapshot) }
        if let proxy { out += lifted(proxy, snapshot, id: id) }
        out += "</g></g>\n"
        if let c = snapshot.contact {
            out += "<circle class=\"contact\" cx=\"\(n(c.x))\" cy=\"\(n(c.y + bar))\" r=\"14\" fill=\"#ff7043\" fill-opacity=\"0.35\" stroke=\"#e64a19\" stroke-width=\"2\"/>\n"
            out += "<circle cx=\"\(n(c.x))\" cy=\"\(n(c.y + bar))\" r=\"2.5\" fill=\"#e64a19\"/>\n"
        }
        out += "</svg>\n"
        return out
    }

    // MARK: - Elements

    private static func cell(_ a: LayoutAttributes, _ s: EngineSnapshot, id: String) -> String {
        var out = ""
        let item = a.indexPath.flatMap { s.items[$0] }
        if let swipe = a.swipe {
            out += rect(swipe.paneFrame, fill: "#b0bec5", stroke: nil)
            for action in swipe.actions {
                let fill = action.style == .destructive ? "#e53935" : "#607d8b"
                out += "<rect class=\"action\" x=\"\(n(action.frame.minX))\" y=\"\(n(action.frame.minY))\" width=\"\(n(action.frame.width))\" height=\"\(n(action.frame.height))\" fill=\"\(fill)\"/>\n"
                out += text(x: action.frame.midX, y: action.frame.midY + 5, actionTitle(action.id, item), fill: "#ffffff",
                            size: 13, anchor: "middle", bold: true)
            }
        }
        // Content that slides under the neighbouring column is clipped at the
        // cell's own frame and fades into the neighbour's shadow there.
        let under = SlideUnder(a)
        let key = a.indexPath.map { "\(id)-\($0.section)-\($0.item)" } ?? id
        if let under {
            out += "<defs><clipPath id=\"\(key)-under\"><rect x=\"\(n(under.clip.minX))\" y=\"\(n(under.clip.minY))\" width=\"\(n(under.clip.width))\" height=\"\(n(under.clip.height))\"/></clipPath>"
            let (x1, x2) = under.neighbourIsLeft ? (0, 1) : (1, 0)
            out += "<linearGradient id=\"\(key)-fade\" x1=\"\(x1)\" y1=\"0\" x2=\"\(x2)\" y2=\"0\">"
            out += "<stop offset=\"0\" stop-color=\"#263238\" stop-opacity=\"0.4\"/><stop offset=\"1\" stop-color=\"#263238\" stop-opacity=\"0\"/>"
            out += "</linearGradient></defs>\n"
            out += "<g class=\"slides-under\" clip-path=\"url(#\(key)-under)\">\n"
        }
        let frame = a.frame.offsetBy(s.orientation.screenSlide(a.swipe?.contentOffset ?? 0))
        let fill = a.isSelected ? "#bbdefb" : (a.isHighlighted ? "#cfd8dc" : "#ffffff")
        out += "<rect class=\"cell\" x=\"\(n(frame.minX))\" y=\"\(n(frame.minY))\" width=\"\(n(frame.width))\" height=\"\(n(frame.height))\" fill=\"\(fill)\" stroke=\"#cfd8dc\"/>\n"
        if a.isDropTarget {
            // The item a drag proposes to drop into: outlined.
            out += "<rect class=\"drop-target\" x=\"\(n(frame.minX + 1.5))\" y=\"\(n(frame.minY + 1.5))\" width=\"\(n(max(0, frame.width - 3)))\" height=\"\(n(max(0, frame.height - 3)))\" fill=\"none\" stroke=\"#43a047\" stroke-width=\"3\"/>\n"
        }
        if a.isFocused {
            // The item with the keyboard focus: a ring inside its frame.
            out += "<rect class=\"focus-ring\" x=\"\(n(frame.minX + 2))\" y=\"\(n(frame.minY + 2))\" width=\"\(n(max(0, frame.width - 4)))\" height=\"\(n(max(0, frame.height - 4)))\" fill=\"none\" stroke=\"#1565c0\" stroke-width=\"2\"/>\n"
        }
        var labelX = frame.minX + 14
        if a.isEditing, a.isSelected {
            out += "<circle cx=\"\(n(frame.minX + 16))\" cy=\"\(n(frame.midY))\" r=\"9\" fill=\"#1e88e5\"/>"
            out += "<path d=\"M \(n(frame.minX + 11)) \(n(frame.midY)) l 4 4 l 7 -8\" fill=\"none\" stroke=\"#fff\" stroke-width=\"2\"/>\n"
            labelX += 20
        }
        if let controls = a.editingControls {
            if let d = controls.deleteControl {
                out += "<circle class=\"delete-control\" cx=\"\(n(d.midX))\" cy=\"\(n(d.midY))\" r=\"10\" fill=\"#e53935\"/>"
                out += "<rect x=\"\(n(d.midX - 6))\" y=\"\(n(d.midY - 1.5))\" width=\"12\" height=\"3\" fill=\"#fff\"/>\n"
                // A control down the cell's left side pushes the label right.
                if d.minX <= a.frame.minX, d.height >= a.frame.height { labelX = max(labelX, d.maxX + 6) }
            }
            if let g = controls.gripper {
                for k in -1...1 {
                    out += "<rect class=\"gripper\" x=\"\(n(g.midX - 10))\" y=\"\(n(g.midY + Double(k) * 6 - 1))\" width=\"20\" height=\"2\" fill=\"#90a4ae\"/>"
                }
                out += "\n"
            }
            if let c = controls.deleteConfirmation {
                out += "<rect class=\"delete-confirmation\" x=\"\(n(c.minX))\" y=\"\(n(c.minY))\" width=\"\(n(c.width))\" height=\"\(n(c.height))\" fill=\"#e53935\"/>\n"
                out += text(x: c.midX, y: c.midY + 5, "Delete", fill: "#ffffff", size: 13, anchor: "middle", bold: true)
            }
        }
        out += text(x: labelX, y: frame.midY + 5, item?.text ?? a.indexPath.map { "\($0)" } ?? "", fill: "#212121")
        if let under {
            if let f = under.fade {
                out += "<rect class=\"under-fade\" x=\"\(n(f.minX))\" y=\"\(n(f.minY))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\" fill=\"url(#\(key)-fade)\"/>\n"
            }
            out += "</g>\n"
        }
        return out
    }

    private static func ghost(_ a: LayoutAttributes, _ s: EngineSnapshot) -> String {
        let f = a.frame
        var out = "<g class=\"ghost\" opacity=\"0.45\"><rect x=\"\(n(f.minX + 1))\" y=\"\(n(f.minY + 1))\" width=\"\(n(f.width - 2))\" height=\"\(n(f.height - 2))\" fill=\"none\" stroke=\"#78909c\" stroke-dasharray=\"3 3\"/>"
        out += text(x: f.midX, y: f.midY + 5, a.indexPath.flatMap { s.items[$0]?.text } ?? "", fill: "#546e7a",
                    size: 12, anchor: "middle")
        return out + "</g>\n"
    }

    private static func lifted(_ a: LayoutAttributes, _ s: EngineSnapshot, id: String) -> String {
        let f = a.frame
        var out = "<g class=\"proxy\" filter=\"url(#\(id)-shadow)\"><rect x=\"\(n(f.minX))\" y=\"\(n(f.minY))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\" rx=\"4\" fill=\"#ffffff\" stroke=\"#1e88e5\" stroke-width=\"1.5\"/></g>\n"
        out += text(x: f.minX + 14, y: f.midY + 5, a.indexPath.flatMap { s.items[$0]?.text } ?? "", fill: "#0d47a1", bold: true)
        if a.dragItemCount > 1 {
            // A multi-item drag: the count in a badge on the top-right corner.
            let cx = f.maxX - 4, cy = f.minY + 4
            out += "<g class=\"count\"><circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"11\" fill=\"#e53935\"/>"
            out += text(x: cx, y: cy + 4, "\(a.dragItemCount)", fill: "#ffffff", size: 12, anchor: "middle", bold: true)
            out += "</g>\n"
        }
        return out
    }

    /// A section header (pinned ones with a hairline below, as they float
    /// over the cells) or the global header (dark, its title centred).
    private static func header(_ a: LayoutAttributes, _ s: EngineSnapshot) -> String {
        let f = a.frame
        let box = "x=\"\(n(f.minX))\" y=\"\(n(f.minY))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\""
        if a.kind == .globalHeader {
            var out = "<rect class=\"global-header\" \(box) fill=\"#37474f\"/>\n"
            out += text(x: f.midX, y: f.midY + 6, s.globalHeaderTitle ?? "", fill: "#ffffff", size: 17,
                        anchor: "middle", bold: true)
            return out
        }
        var out = "<rect class=\"\(a.isPinned ? "header pinned" : "header")\" \(box) fill=\"#dfe4e7\"/>\n"
        if a.isPinned { out += rect(Rect(x: f.minX, y: f.maxY - 1, width: f.width, height: 1), fill: "#b0bec5", stroke: nil) }
        let title = a.indexPath.flatMap { s.sectionTitles[$0.section] } ?? ""
        out += text(x: f.minX + 14, y: f.midY + 5, title.uppercased(), fill: "#546e7a", size: 12, bold: true)
        return out
    }

    private static func actionTitle(_ id: String, _ item: ItemLabel?) -> String {
        item?.title(ofAction: id) ?? id
    }

    /// The loading indicator (a ring), or the no-content or error
    /// placeholder (a panel over the content, its title and message centred).
    private static func contentPlaceholder(_ p: ContentPlaceholder) -> String {
        switch p.kind {
        case .loading:
            let f = p.indicatorFrame
            let r = max(0, f.width / 2 - 3)
            return "<circle class=\"loading\" cx=\"\(n(f.midX))\" cy=\"\(n(f.midY))\" r=\"\(n(r))\" fill=\"none\" stroke=\"#1e88e5\" stroke-width=\"4\" stroke-dasharray=\"\(n(r * 4.2)) \(n(r * 2.1))\"/>\n"
        case .noContent, .error:
            let f = p.frame
            let y = f.minY + f.height / 3
            var out = "<g class=\"\(p.kind.rawValue)\">" + rect(f, fill: "#eceff1", stroke: nil)
            out += text(x: f.midX, y: y, p.title, fill: p.kind == .error ? "#c62828" : "#37474f", size: 18,
                        anchor: "middle", bold: true)
            out += text(x: f.midX, y: y + 24, p.message, fill: "#607d8b", size: 13, anchor: "middle")
            return out + "</g>\n"
        }
    }

    // MARK: - Primitives

    private static func rect(_ f: Rect, fill: String, stroke: String?) -> String {
        "<rect x=\"\(n(f.minX))\" y=\"\(n(f.minY))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\" fill=\"\(fill)\""
            + (stroke.map { " stroke=\"\($0)\"" } ?? "") + "/>\n"
    }

    private static func text(x: Double, y: Double, _ content: String, fill: String, size: Double = 14,
                             anchor: String = "start", bold: Bool = false) -> String {
        "<text x=\"\(n(x))\" y=\"\(n(y))\" fill=\"\(fill)\" font-size=\"\(n(size))\" text-anchor=\"\(anchor)\""
            + (bold ? " font-weight=\"bold\"" : "") + ">" + Escaping.xml(content) + "</text>\n"
    }

    /// A coordinate with two decimals.
    static func n(_ x: Double) -> String { FixedDecimal.string(x, places: 2) }
}
