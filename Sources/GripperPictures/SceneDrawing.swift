import Gripper
import GripperEditing
import GripperGeometry
import GripperLayout

/// The scene drawing rules shared by the raster renderers (the SDL2 window
/// and the terminal): what to draw for an ``EngineSnapshot``, as a list of
/// simple shapes in drawing order, in picture points (the status bar on
/// top, the viewport below it, as ``SnapshotRenderer`` lays out its SVG).
/// A back end only maps shapes to its pixels or character cells; it adds
/// no geometry of its own. Animation comes in as ``Motion``: the
/// interpolated displacement of elements a transition moves (see
/// ``TransitionPlayer``), applied here, so every back end animates alike.
/// Pure: the same snapshot and motion give the same list.
public struct SceneDrawing: Sendable {
    /// A colour, 8 bits a channel.
    public struct Color: Hashable, Sendable {
        /// Red.
        public var red: UInt8
        /// Green.
        public var green: UInt8
        /// Blue.
        public var blue: UInt8
        /// Opacity: 255 opaque.
        public var alpha: UInt8
        /// A colour from `0xRRGGBB` and an opacity.
        public init(_ rgb: UInt32, alpha: UInt8 = 255) {
            red = UInt8(truncatingIfNeeded: rgb >> 16)
            green = UInt8(truncatingIfNeeded: rgb >> 8)
            blue = UInt8(truncatingIfNeeded: rgb)
            self.alpha = alpha
        }
        /// The colour with its opacity scaled by `factor` (0...1).
        public func faded(_ factor: Double) -> Color {
            var c = self
            let f = factor.isNaN ? 0 : min(1, max(0, factor))
            c.alpha = UInt8((Double(alpha) * f).rounded())
            return c
        }
    }

    /// What a shape shows, so a back end can pick its own glyphs for it
    /// (the terminal) and a test can find it.
    public enum Role: Hashable, Sendable {
        /// The status bar and its text.
        case status
        /// The viewport's background.
        case background
        /// A cell (or its label).
        case cell
        /// A section header, the global header, a footer, a section background or a separator.
        case header
        /// The placeholder outline at the drag's gap.
        case placeholder
        /// The drag source, ghosted at the gap.
        case ghost
        /// The lifted proxy under the finger (and its shadow).
        case proxy
        /// A swiped cell's action pane or one of its action buttons.
        case action
        /// The gradient where a swiped cell's content slides under its neighbour.
        case fade
        /// A delete control, a delete confirmation.
        case delete
        /// A gripper.
        case gripper
        /// The selection mark.
        case selection
        /// The contact point.
        case contact
        /// The keyboard focus ring around the focused cell.
        case focus
    }

    /// How text sits in its box.
    public enum Alignment: Hashable, Sendable {
        /// From the box's left edge.
        case leading
        /// Centred.
        case center
        /// Up to the box's right edge.
        case trailing
    }

    /// One shape.
    public enum Shape: Hashable, Sendable {
        /// A filled rectangle.
        case fill(Rect, Color)
        /// A rectangle's outline, `width` points thick, dashed or solid.
        case outline(Rect, Color, width: Double, dashed: Bool)
        /// A filled disc.
        case disc(center: Point, radius: Double, Color)
        /// A ring (a circle's outline).
        case ring(center: Point, radius: Double, Color, width: Double)
        /// A horizontal gradient over a rectangle, from `from` at its left to `to` at its right.
        case gradient(Rect, from: Color, to: Color)
        /// Text on one line in `box` (vertically centred), `size` points
        /// high. A back end that cannot fit it marks the cut with an ellipsis.
        case text(String, box: Rect, alignment: Alignment, size: Double, bold: Bool, Color)
        /// Shapes after this are clipped to the rectangle (nil: no clip but
        /// the picture's); a clip replaces the one before (it does not nest).
        case clip(Rect?)
    }

    /// A shape and what it shows.
    public struct Item: Hashable, Sendable {
        /// The shape.
        public var shape: Shape
        /// What it shows.
        public var role: Role
        /// The element it belongs to, if any.
        public var element: ElementID?

        /// A shape showing `role`, of `element` (a back end's own drawing, a test's).
        public init(_ shape: Shape, role: Role, element: ElementID? = nil) {
            self.shape = shape
            self.role = role
            self.element = element
        }
    }

    /// How an element is displaced while a transition animates it: added to
    /// its frame, its opacity multiplied.
    public struct Motion: Hashable, Sendable {
        /// Added to the element's frame's x and y.
        public var dx: Double
        /// See ``dx``.
        public var dy: Double
        /// Added to the frame's width.
        public var dw: Double
        /// Added to the frame's height.
        public var dh: Double
        /// The element's opacity (0...1).
        public var alpha: Double
        /// A displacement.
        public init(dx: Double = 0, dy: Double = 0, dw: Double = 0, dh: Double = 0, alpha: Double = 1) {
            self.dx = dx; self.dy = dy; self.dw = dw; self.dh = dh; self.alpha = alpha
        }
    }

    /// The height of the status bar above the viewport.
    public static let statusBarHeight = SnapshotRenderer.statusBarHeight

    /// The picture's size in points: the viewport and the status bar.
    public var size: Size
    /// The shapes in drawing order.
    public var items: [Item]
    /// The viewport in picture points (below the status bar): what the
    /// content is clipped to.
    public var viewport: Rect

    /// The drawing of `snapshot`: elements displaced by `motion` (by
    /// element), and `leaving` (elements a transition removes, at their
    /// interpolated attributes and opacity) drawn faded under the rest;
    /// `status` replaces the status bar's left text (a live view's clock).
    /// - Complexity: O(k) for the snapshot's k elements.
    public init(_ snapshot: EngineSnapshot, motion: [ElementID: Motion] = [:], leaving: [LayoutAttributes] = [],
                status: String? = nil) {
        let w = snapshot.viewport.width, h = snapshot.viewport.height, bar = Self.statusBarHeight
        size = Size(width: w, height: h + bar)
        items = []
        viewport = Rect(x: 0, y: bar, width: w, height: h)
        items.reserveCapacity(snapshot.attributes.count * 3 + 16)
        add(.fill(Rect(x: 0, y: 0, width: w, height: bar), Color(0x263238)), .status)
        let left = status ?? "\(FixedDecimal.seconds(microseconds: snapshot.offset)) s  \(snapshot.stateName)"
        add(.text(left, box: Rect(x: 8, y: 0, width: max(0, w * 0.62 - 8), height: bar), alignment: .leading,
                  size: 12, bold: false, Color(0xffffff)), .status)
        add(.text("scroll \(FixedDecimal.string(snapshot.contentOffset, places: 0))",
                  box: Rect(x: w * 0.62, y: 0, width: max(0, w * 0.38 - 8), height: bar), alignment: .trailing,
                  size: 12, bold: false, Color(0xb0bec5)), .status)
        add(.fill(viewport, Color(0xeceff1)), .background)
        add(.clip(viewport), .background)
        // Content points → picture points.
        let shift = Point(x: -snapshot.origin.x, y: bar - snapshot.origin.y)
        for a in leaving where !a.kind.isDecoration {
            element(a.moved(shift, Motion()), snapshot, fade: a.alpha)
        }
        var proxy: LayoutAttributes?
        for a in snapshot.attributes {
            let m = motion[a.id] ?? Motion()
            let placed = a.moved(shift, m)
            if a.kind == .dragProxy { proxy = placed; continue }
            element(placed, snapshot, fade: m.alpha)
        }
        if let hidden = snapshot.hiddenSource { ghost(hidden.moved(shift, motion[hidden.id] ?? Motion()), snapshot) }
        if let proxy { lifted(proxy, snapshot) }
        add(.clip(nil), .background)
        if let c = snapshot.contact {
            let p = Point(x: c.x, y: c.y + bar)
            add(.disc(center: p, radius: 14, Color(0xff7043, alpha: 89)), .contact)
            add(.ring(center: p, radius: 14, Color(0xe64a19), width: 2), .contact)
            add(.disc(center: p, radius: 2.5, Color(0xe64a19)), .contact)
        }
    }

    private mutating func add(_ shape: Shape, _ role: Role, _ element: ElementID? = nil) {
        items.append(Item(shape, role: role, element: element))
    }

    // MARK: - Elements (the rules SnapshotRenderer's SVG follows)

    private mutating func element(_ a: LayoutAttributes, _ s: EngineSnapshot, fade: Double) {
        let id = a.id
        func c(_ rgb: UInt32) -> Color { Color(rgb).faded(fade) }
        switch a.kind {
        case .cell: cell(a, s, fade: fade)
        case .header:
            add(.fill(a.frame, c(0xdfe4e7)), .header, id)
            if a.isPinned {
                add(.fill(Rect(x: a.frame.minX, y: a.frame.maxY - 1, width: a.frame.width, height: 1), c(0xb0bec5)), .header, id)
            }
            let title = a.indexPath.flatMap { s.sectionTitles[$0.section] } ?? ""
            label(title.uppercased(), in: a.frame.insetBy(dx: 14, dy: 0), .leading, size: 12, bold: true, c(0x546e7a), .header, id)
        case .globalHeader:
            add(.fill(a.frame, c(0x37474f)), .header, id)
            label(s.globalHeaderTitle ?? "", in: a.frame.insetBy(dx: 8, dy: 0), .center, size: 17, bold: true, c(0xffffff), .header, id)
        case .footer: add(.fill(a.frame, c(0xeceff1)), .header, id)
        case .sectionBackground: add(.fill(a.frame, c(0xe3e7ea)), .header, id)
        case .rowSeparator, .columnSeparator: add(.fill(a.frame, c(0xcfd8dc)), .header, id)
        case .placeholder:
            let r = a.frame.insetBy(dx: 2, dy: 2)
            add(.fill(r, c(0xe3f2fd)), .placeholder, id)
            add(.outline(r, c(0x1e88e5), width: 2, dashed: true), .placeholder, id)
        case .dragProxy, .action: break // the proxy is drawn last; actions with their cell
        }
    }

    private mutating func cell(_ a: LayoutAttributes, _ s: EngineSnapshot, fade: Double) {
        let id = a.id
        func c(_ rgb: UInt32) -> Color { Color(rgb).faded(fade) }
        let item = a.indexPath.flatMap { s.items[$0] }
        if let swipe = a.swipe {
            add(.fill(swipe.paneFrame, c(0xb0bec5)), .action, id)
            for action in swipe.actions {
                add(.fill(action.frame, c(action.style == .destructive ? 0xe53935 : 0x607d8b)), .action, id)
                label(item?.title(ofAction: action.id) ?? action.id, in: action.frame.insetBy(dx: 4, dy: 0), .center,
                      size: 13, bold: true, c(0xffffff), .action, id)
            }
        }
        let under = SlideUnder(a)
        if let under { add(.clip(under.clip.clipped(to: viewport)), .cell, id) }
        let frame = a.frame.offsetBy(s.orientation.screenSlide(a.swipe?.contentOffset ?? 0))
        add(.fill(frame, c(a.isSelected ? 0xbbdefb : (a.isHighlighted ? 0xcfd8dc : 0xffffff))), .cell, id)
        add(.outline(frame, c(0xcfd8dc), width: 1, dashed: false), .cell, id)
        if a.isDropTarget { add(.outline(frame, c(0x43a047), width: 3, dashed: false), .cell, id) }
        if a.isFocused { add(.outline(frame.insetBy(dx: 2, dy: 2), c(0x1565c0), width: 2, dashed: false), .focus, id) }
        // Thinner than a point: no label or control could be seen.
        guard frame.height >= 1, frame.width >= 1 else {
            if under != nil { add(.clip(viewport), .cell, id) }
            return
        }
        var labelX = frame.minX + 14
        if a.isEditing, a.isSelected {
            add(.disc(center: Point(x: frame.minX + 16, y: frame.midY), radius: 9, c(0x1e88e5)), .selection, id)
            add(.disc(center: Point(x: frame.minX + 16, y: frame.midY), radius: 3, c(0xffffff)), .selection, id)
            labelX += 20
        }
        var labelMaxX = frame.maxX - 8
        if let controls = a.editingControls {
            if let d = controls.deleteControl {
                add(.disc(center: Point(x: d.midX, y: d.midY), radius: 10, c(0xe53935)), .delete, id)
                add(.fill(Rect(x: d.midX - 6, y: d.midY - 1.5, width: 12, height: 3), c(0xffffff)), .delete, id)
                if d.minX <= a.frame.minX, d.height >= a.frame.height { labelX = max(labelX, d.maxX + 6) }
            }
            if let g = controls.gripper {
                for k in -1...1 {
                    add(.fill(Rect(x: g.midX - 10, y: g.midY + Double(k) * 6 - 1, width: 20, height: 2), c(0x90a4ae)), .gripper, id)
                }
                if g.minX > frame.midX { labelMaxX = min(labelMaxX, g.minX - 4) }
            }
            if let conf = controls.deleteConfirmation {
                add(.fill(conf, c(0xe53935)), .delete, id)
                label("Delete", in: conf.insetBy(dx: 4, dy: 0), .center, size: 13, bold: true, c(0xffffff), .delete, id)
                if conf.minX > frame.midX { labelMaxX = min(labelMaxX, conf.minX - 4) }
            }
        }
        let text = item?.text ?? a.indexPath.map { "\($0)" } ?? ""
        label(text, in: Rect(x: labelX, y: frame.minY, width: max(0, labelMaxX - labelX), height: frame.height),
              .leading, size: 14, bold: false, c(0x212121), .cell, id)
        if let under {
            if let f = under.fade {
                let dark = Color(0x263238, alpha: 102).faded(fade), clear = Color(0x263238, alpha: 0)
                add(.gradient(f, from: under.neighbourIsLeft ? dark : clear, to: under.neighbourIsLeft ? clear : dark), .fade, id)
            }
            add(.clip(viewport), .cell, id)
        }
    }

    private mutating func ghost(_ a: LayoutAttributes, _ s: EngineSnapshot) {
        let alpha = 0.45
        add(.outline(a.frame.insetBy(dx: 1, dy: 1), Color(0x78909c).faded(alpha), width: 1, dashed: true), .ghost, a.id)
        label(a.indexPath.flatMap { s.items[$0]?.text } ?? "", in: a.frame.insetBy(dx: 8, dy: 0), .center, size: 12,
              bold: false, Color(0x546e7a).faded(alpha), .ghost, a.id)
    }

    private mutating func lifted(_ a: LayoutAttributes, _ s: EngineSnapshot) {
        let f = a.frame
        // The shadow: three widening bands, darkest nearest the proxy, 6 points below it.
        for (k, alpha) in [(3.0, UInt8(20)), (2.0, 26), (1.0, 34)] {
            add(.fill(Rect(x: f.minX - k * 2, y: f.minY + 6 - k * 2 + 2, width: f.width + k * 4, height: f.height + k * 4 - 2),
                      Color(0x000000, alpha: alpha)), .proxy, a.id)
        }
        add(.fill(f, Color(0xffffff)), .proxy, a.id)
        add(.outline(f, Color(0x1e88e5), width: 1.5, dashed: false), .proxy, a.id)
        // A multi-item drag shows its count after the grabbed item's label.
        let text = a.indexPath.flatMap { s.items[$0]?.text } ?? ""
        label(a.dragItemCount > 1 ? "\(text) ×\(a.dragItemCount)" : text,
              in: Rect(x: f.minX + 14, y: f.minY, width: max(0, f.width - 22), height: f.height),
              .leading, size: 14, bold: true, Color(0x0d47a1), .proxy, a.id)
    }

    private mutating func label(_ text: String, in box: Rect, _ alignment: Alignment, size: Double, bold: Bool,
                                _ color: Color, _ role: Role, _ id: ElementID?) {
        guard !text.isEmpty, box.width > 0, box.height > 0 else { return }
        add(.text(text, box: box, alignment: alignment, size: size, bold: bold, color), role, id)
    }
}

extension Rect {
    /// The part of the rectangle inside `other` (zero size when they do not meet).
    func clipped(to other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(0, min(maxX, other.maxX) - x0), height: max(0, min(maxY, other.maxY) - y0))
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the
    /// top and bottom (never below zero size).
    func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }
}

extension LayoutAttributes {
    /// The attributes moved by `shift` and displaced by `motion` (frame,
    /// action pane, actions and controls alike; the size change applies to
    /// the frame alone).
    func moved(_ shift: Point, _ motion: SceneDrawing.Motion) -> LayoutAttributes {
        let d = Point(x: shift.x + motion.dx, y: shift.y + motion.dy)
        if d == .zero, motion.dw == 0, motion.dh == 0 { return self }
        var a = self
        a.frame = Rect(x: frame.minX + d.x, y: frame.minY + d.y,
                       width: max(0, frame.width + motion.dw), height: max(0, frame.height + motion.dh))
        if var swipe = a.swipe {
            swipe.paneFrame = swipe.paneFrame.offsetBy(d)
            swipe.actions = swipe.actions.map { var x = $0; x.frame = x.frame.offsetBy(d); return x }
            a.swipe = swipe
        }
        // The editing controls follow the frame (they are computed from it).
        return a
    }
}
