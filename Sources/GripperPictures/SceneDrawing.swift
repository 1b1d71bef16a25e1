import Gripper
import GripperEditing
import GripperGeometry
import GripperLayout

/// The scene drawing rules, shared by every back end: the SVG pictures
/// (``SnapshotRenderer``), the SDL2 window and the terminal
/// (``TerminalRenderer``). What to draw for an ``EngineSnapshot``, as a
/// list of simple shapes in drawing order, in picture points (the status
/// bar on top, the viewport below it). A back end only maps shapes to its
/// SVG elements, pixels or character cells; it adds no geometry of its own.
/// Elements thinner than a point (a pixel) — cells, headers, footers,
/// separators, section backgrounds — are merged into bands (``Role/band(count:)``),
/// so a drawing's size is bounded by the viewport, not by the item count.
/// Animation comes in as ``Motion``: the interpolated displacement of
/// elements a transition moves (see ``TransitionPlayer``), applied here, so
/// every back end animates alike. Pure: the same snapshot and motion give
/// the same list.
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
    /// (the terminal) or name it (the SVG's classes), and a test can find it.
    public enum Role: Hashable, Sendable {
        /// The status bar and its text.
        case status
        /// The viewport's background, and the clip that starts and ends the content.
        case background
        /// A cell: its body, outline and label.
        case cell
        /// The outline of the item a drag proposes to drop into.
        case dropTarget
        /// A section header and its title.
        case header
        /// A section header pinned over the content, and its title.
        case pinnedHeader
        /// The global header and its title.
        case globalHeader
        /// One segment of the global header's segment control, its outline
        /// and title; whether it is the segment shown.
        case segment(shown: Bool)
        /// A footer, a section background, a separator, the hairline below a pinned header.
        case decoration
        /// `count` elements thinner than a point (a pixel) merged into one
        /// fill over their extent, without labels or controls, which could
        /// not be seen at that size (see ``SceneDrawing``); the item's
        /// element is the first of them and says their kind.
        case band(count: Int)
        /// The placeholder outline at the drag's gap.
        case placeholder
        /// The drag source, ghosted at the gap.
        case ghost
        /// The lifted proxy under the finger: its shadow, body and label.
        case proxy
        /// The count badge on the proxy of a multi-item drag.
        case count
        /// A swiped cell's action pane (behind its buttons).
        case actionPane
        /// One of a swiped cell's action buttons and its title, and the
        /// action's style (a renderer that cannot show the colour, such as
        /// the terminal, shows the style).
        case action(SwipeAction.Style)
        /// Where a swiped cell's content slides under its neighbour: the
        /// clip at the cell's frame (and the clip that ends it) and the gradient.
        case fade
        /// A delete control.
        case delete
        /// A delete confirmation button and its title.
        case deleteConfirmation
        /// A gripper.
        case gripper
        /// The selection mark: a disc with a tick.
        case selection
        /// The contact point.
        case contact
        /// The keyboard focus ring around the focused cell.
        case focus
        /// An item's open menu: its shadow, panel and outline.
        case menu
        /// One entry of an open menu and its title: its style (a
        /// destructive entry's title is red) and whether the keyboard
        /// selected it.
        case menuEntry(SwipeAction.Style, selected: Bool)
        /// What the collection shows in place of its items: the loading
        /// indicator, or the no-content or error panel with its title and message.
        case contentPlaceholder(ContentPlaceholder.Kind)
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
        /// A rectangle's outline, `width` points thick inside the rectangle,
        /// dashed (6 points on, 4 off) or solid.
        case outline(Rect, Color, width: Double, dashed: Bool)
        /// A filled disc.
        case disc(center: Point, radius: Double, Color)
        /// A ring (a circle's outline), `width` points thick centred on the circle.
        case ring(center: Point, radius: Double, Color, width: Double)
        /// Part of a ring: from `start` to `end` degrees, clockwise on the
        /// screen from the circle's rightmost point (3 o'clock).
        case arc(center: Point, radius: Double, start: Double, end: Double, Color, width: Double)
        /// A line through `points`, `width` points thick, with round joins and ends.
        case polyline([Point], Color, width: Double)
        /// The soft shadow a raised rectangle casts: `offset` points below
        /// it, its edge fading out over about `blur` points.
        case shadow(Rect, offset: Double, blur: Double, Color)
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
    public static let statusBarHeight = 24.0

    /// The picture's size in points: the viewport and the status bar.
    public var size: Size
    /// The shapes in drawing order.
    public var items: [Item]
    /// The viewport in picture points (below the status bar): what the
    /// content is clipped to.
    public var viewport: Rect
    /// What is added to a content point (the snapshot's screen content
    /// coordinates) to make it a picture point.
    var contentShift: Point
    /// Whether the content's shapes (those between the ``Role/background``
    /// clips) are in content points rather than picture points: a back end
    /// that translates the content itself (the SVG's transform) asks for
    /// them so.
    var contentInContentPoints = false

    /// The drawing of `snapshot`: elements displaced by `motion` (by
    /// element), and `leaving` (elements a transition removes, at their
    /// interpolated attributes and opacity) drawn faded under the rest;
    /// `status` replaces the status bar's left text (a live view's clock).
    /// - Complexity: O(k) for the snapshot's k elements.
    public init(_ snapshot: EngineSnapshot, motion: [ElementID: Motion] = [:], leaving: [LayoutAttributes] = [],
                status: String? = nil) {
        self.init(snapshot, motion: motion, leaving: leaving, status: status, inContentPoints: false)
    }

    /// The drawing of `snapshot`, its content in content points when
    /// `inContentPoints` (for the SVG), else in picture points.
    init(_ snapshot: EngineSnapshot, motion: [ElementID: Motion] = [:], leaving: [LayoutAttributes] = [],
         status: String? = nil, inContentPoints: Bool) {
        let w = snapshot.viewport.width, h = snapshot.viewport.height, bar = Self.statusBarHeight
        size = Size(width: w, height: h + bar)
        items = []
        viewport = Rect(x: 0, y: bar, width: w, height: h)
        contentShift = Point(x: -snapshot.origin.x, y: bar - snapshot.origin.y)
        contentInContentPoints = inContentPoints
        // Thin elements merge into a few bands: a huge snapshot needs no more room than a screenful.
        items.reserveCapacity(min(snapshot.attributes.count, 4096) * 3 + 16)
        add(.fill(Rect(x: 0, y: 0, width: w, height: bar), Color(Palette.statusBar)), .status)
        var left = status ?? "\(FixedDecimal.seconds(microseconds: snapshot.offset)) s  \(snapshot.stateName)"
        if let p = snapshot.pinchProgress {
            left += "  pinch \(FixedDecimal.string(100 * (p.isFinite ? min(1, max(0, p)) : 0), places: 0)) %"
        }
        add(.text(left, box: Rect(x: 8, y: 0, width: max(0, w * 0.62 - 8), height: bar), alignment: .leading,
                  size: 12, bold: false, Color(Palette.statusText)), .status)
        add(.text("scroll \(FixedDecimal.string(snapshot.contentOffset, places: 0))",
                  box: Rect(x: w * 0.62, y: 0, width: max(0, w * 0.38 - 8), height: bar), alignment: .trailing,
                  size: 12, bold: false, Color(Palette.statusDetail)), .status)
        add(.fill(viewport, Color(Palette.background)), .background)
        // Content points → the points the content is drawn in.
        let shift = inContentPoints ? Point.zero : contentShift
        let clip = inContentPoints ? viewport.offsetBy(Point(x: -contentShift.x, y: -contentShift.y)) : viewport
        add(.clip(clip), .background)
        var bands = ThinBands()
        for a in leaving where !a.kind.isDecoration {
            element(a.moved(shift, Motion()), snapshot, fade: a.alpha, clip: clip, bands: &bands)
        }
        var proxy: LayoutAttributes?
        // Mid-pinch, an element in one layout only fades by its own alpha.
        let pinching = snapshot.pinchProgress != nil
        for a in snapshot.attributes {
            let m = motion[a.id] ?? Motion()
            let placed = a.moved(shift, m)
            if a.kind == .dragProxy { proxy = placed; continue }
            let fade = pinching ? m.alpha * a.alpha : m.alpha
            element(placed, snapshot, fade: fade, clip: clip, bands: &bands)
            if a.kind == .globalHeader, !snapshot.segments.isEmpty, placed.frame.width >= 1, placed.frame.height >= 1 {
                segments(snapshot, shift: Point(x: shift.x + m.dx, y: shift.y + m.dy), fade: fade, header: a.id)
            }
        }
        flush(&bands)
        for placeholder in snapshot.sectionPlaceholders { contentPlaceholder(placeholder, shift) }
        if let placeholder = snapshot.placeholder { contentPlaceholder(placeholder, shift) }
        if let hidden = snapshot.hiddenSource { ghost(hidden.moved(shift, motion[hidden.id] ?? Motion()), snapshot) }
        if let proxy { lifted(proxy, snapshot) }
        add(.clip(nil), .background)
        if let c = snapshot.contact {
            let p = Point(x: c.x, y: c.y + bar)
            add(.disc(center: p, radius: 14, Color(Palette.contactHalo, alpha: 89)), .contact)
            add(.ring(center: p, radius: 14, Color(Palette.contact), width: 2), .contact)
            add(.disc(center: p, radius: 2.5, Color(Palette.contact)), .contact)
        }
    }

    private mutating func add(_ shape: Shape, _ role: Role, _ element: ElementID? = nil) {
        items.append(Item(shape, role: role, element: element))
    }

    // MARK: - Elements

    /// The fill of an element of `kind` (a cell's by its selection and
    /// highlight), nil for elements drawn otherwise.
    static func fill(of a: LayoutAttributes) -> UInt32? {
        switch a.kind {
        case .cell: a.isSelected ? Palette.selectedCell : (a.isHighlighted ? Palette.highlightedCell : Palette.cell)
        case .header: Palette.header
        case .globalHeader: Palette.globalHeader
        case .footer: Palette.footer
        case .sectionBackground: Palette.sectionBackground
        case .rowSeparator, .columnSeparator: Palette.separator
        case .supplementary: Palette.appSupplementary
        case .decoration: Palette.appDecoration
        case .placeholder, .dragProxy, .action, .menu, .menuEntry: nil
        }
    }

    /// `a`, merged into a band when thinner than a point (writing the run
    /// it ends), else drawn after the bands still open.
    private mutating func element(_ a: LayoutAttributes, _ s: EngineSnapshot, fade: Double, clip: Rect,
                                  bands: inout ThinBands) {
        if let band = ThinBands.band(of: a, fade: fade) {
            if let done = bands.add(band) { add(done) }
            return
        }
        flush(&bands)
        element(a, s, fade: fade, clip: clip)
    }

    private mutating func flush(_ bands: inout ThinBands) {
        guard !bands.isEmpty else { return }
        for run in bands.flush() { add(run) }
    }

    private mutating func add(_ run: ThinBands.Band) {
        add(.fill(run.frame, run.color), .band(count: run.count), run.element)
    }

    private mutating func element(_ a: LayoutAttributes, _ s: EngineSnapshot, fade: Double, clip: Rect) {
        let id = a.id
        func c(_ rgb: UInt32) -> Color { Color(rgb).faded(fade) }
        let fill = Self.fill(of: a).map(c)
        switch a.kind {
        case .cell: cell(a, s, fade: fade, clip: clip)
        case .header:
            let role: Role = a.isPinned ? .pinnedHeader : .header
            add(.fill(a.frame, fill ?? c(0)), role, id)
            if a.isPinned {
                add(.fill(Rect(x: a.frame.minX, y: a.frame.maxY - 1, width: a.frame.width, height: 1), c(Palette.pinnedHeaderEdge)),
                    .decoration, id)
            }
            let title = a.indexPath.flatMap { s.sectionTitles[$0.section] } ?? ""
            label(title.uppercased(), in: a.frame.insetBy(dx: 14, dy: 0), .leading, size: 12, bold: true, c(Palette.headerTitle), role, id)
        case .globalHeader:
            add(.fill(a.frame, fill ?? c(0)), .globalHeader, id)
            // A segment control takes the title's place (drawn after the header).
            if s.segments.isEmpty {
                label(s.globalHeaderTitle ?? "", in: a.frame.insetBy(dx: 8, dy: 0), .center, size: 17, bold: true,
                      c(Palette.globalHeaderTitle), .globalHeader, id)
            }
        case .footer, .sectionBackground, .rowSeparator, .columnSeparator, .decoration:
            add(.fill(a.frame, fill ?? c(0)), .decoration, id)
        case .supplementary(let name):
            // An app's own element: its frame, and its kind's name (the
            // pictures draw frames; a transform is the app's renderer's).
            add(.fill(a.frame, fill ?? c(0)), .decoration, id)
            label(name, in: a.frame.insetBy(dx: 4, dy: 0), .center, size: 11, bold: false,
                  c(Palette.appSupplementaryText), .decoration, id)
        case .placeholder:
            let r = a.frame.insetBy(dx: 2, dy: 2)
            add(.fill(r, c(Palette.gap)), .placeholder, id)
            add(.outline(r, c(Palette.accent), width: 2, dashed: true), .placeholder, id)
        case .dragProxy, .action: break // the proxy is drawn last; actions with their cell
        case .menu:
            add(.shadow(a.frame, offset: 4, blur: 12, c(Palette.proxyShadow).faded(0.3)), .menu, id)
            add(.fill(a.frame, c(Palette.menu)), .menu, id)
            add(.outline(a.frame, c(Palette.menuOutline), width: 1, dashed: false), .menu, id)
        case .menuEntry:
            let style = a.menuEntry?.style ?? .normal
            let role = Role.menuEntry(style, selected: a.isHighlighted)
            if a.isHighlighted { add(.fill(a.frame.insetBy(dx: 1, dy: 1), c(Palette.menuSelected)), role, id) }
            if case .menuEntry(let index) = a.kind, index > 0 {
                // A hairline between entries, inset from the panel's sides.
                add(.fill(Rect(x: a.frame.minX + 12, y: a.frame.minY, width: max(0, a.frame.width - 24), height: 0.5),
                          c(Palette.menuOutline)), role, id)
            }
            label(a.menuEntry?.title ?? "", in: a.frame.insetBy(dx: 14, dy: 0), .leading, size: 14, bold: a.isHighlighted,
                  c(style == .destructive ? Palette.destructive : Palette.text), role, id)
        }
    }

    private mutating func cell(_ a: LayoutAttributes, _ s: EngineSnapshot, fade: Double, clip: Rect) {
        let id = a.id
        func c(_ rgb: UInt32) -> Color { Color(rgb).faded(fade) }
        let item = a.indexPath.flatMap { s.items[$0] }
        if let swipe = a.swipe {
            add(.fill(swipe.paneFrame, c(Palette.actionPane)), .actionPane, id)
            for action in swipe.actions {
                let role = Role.action(action.style)
                add(.fill(action.frame, c(action.style == .destructive ? Palette.destructive : Palette.action)), role, id)
                label(item?.title(ofAction: action.id) ?? action.id, in: action.frame.insetBy(dx: 4, dy: 0), .center,
                      size: 13, bold: true, c(Palette.onColour), role, id)
            }
        }
        // Content that slides under the neighbouring column is clipped at the
        // cell's own frame and fades into the neighbour's shadow there.
        let under = SlideUnder(a)
        if let under { add(.clip(under.clip.clipped(to: clip)), .fade, id) }
        let frame = a.frame.offsetBy(s.orientation.screenSlide(a.swipe?.contentOffset ?? 0))
        add(.fill(frame, c(Self.fill(of: a) ?? Palette.cell)), .cell, id)
        add(.outline(frame, c(Palette.cellOutline), width: 1, dashed: false), .cell, id)
        if a.isDropTarget { add(.outline(frame, c(Palette.dropTarget), width: 3, dashed: false), .dropTarget, id) }
        if a.isFocused { add(.outline(frame.insetBy(dx: 2, dy: 2), c(Palette.focus), width: 2, dashed: false), .focus, id) }
        // Thinner than a point: no label or control could be seen.
        guard frame.height >= 1, frame.width >= 1 else {
            if under != nil { add(.clip(clip), .fade, id) }
            return
        }
        var labelX = frame.minX + 14
        var labelMaxX = frame.maxX - 8
        // A control down the cell's left side pushes what follows it right.
        var leadingControl: Rect?
        if let d = a.editingControls?.deleteControl, d.minX <= a.frame.minX, d.height >= a.frame.height { leadingControl = d }
        if a.isEditing, a.isSelected {
            // A tick on a blue disc, after the delete control if there is one; the label after it.
            let centre = Point(x: max(frame.minX + 16, (leadingControl?.maxX ?? -.infinity) + 11), y: frame.midY)
            add(.disc(center: centre, radius: 9, c(Palette.accent)), .selection, id)
            add(.polyline([Point(x: centre.x - 5, y: centre.y), Point(x: centre.x - 1, y: centre.y + 4),
                           Point(x: centre.x + 6, y: centre.y - 4)], c(Palette.onColour), width: 2), .selection, id)
            labelX = max(labelX, centre.x + 18)
        }
        if let controls = a.editingControls {
            if let d = controls.deleteControl {
                add(.disc(center: Point(x: d.midX, y: d.midY), radius: 10, c(Palette.destructive)), .delete, id)
                add(.fill(Rect(x: d.midX - 6, y: d.midY - 1.5, width: 12, height: 3), c(Palette.onColour)), .delete, id)
                if leadingControl != nil { labelX = max(labelX, d.maxX + 6) }
            }
            if let g = controls.gripper {
                for k in -1...1 {
                    add(.fill(Rect(x: g.midX - 10, y: g.midY + Double(k) * 6 - 1, width: 20, height: 2), c(Palette.gripper)), .gripper, id)
                }
                if g.minX > frame.midX { labelMaxX = min(labelMaxX, g.minX - 4) }
            }
            if let conf = controls.deleteConfirmation {
                add(.fill(conf, c(Palette.destructive)), .deleteConfirmation, id)
                label("Delete", in: conf.insetBy(dx: 4, dy: 0), .center, size: 13, bold: true, c(Palette.onColour),
                      .deleteConfirmation, id)
                if conf.minX > frame.midX { labelMaxX = min(labelMaxX, conf.minX - 4) }
            }
        }
        let text = item?.text ?? a.indexPath.map { "\($0)" } ?? ""
        label(text, in: Rect(x: labelX, y: frame.minY, width: max(0, labelMaxX - labelX), height: frame.height),
              .leading, size: 14, bold: false, c(Palette.text), .cell, id)
        if let under {
            if let f = under.fade {
                let dark = Color(Palette.slideShadow, alpha: 102).faded(fade), clear = Color(Palette.slideShadow, alpha: 0)
                add(.gradient(f, from: under.neighbourIsLeft ? dark : clear, to: under.neighbourIsLeft ? clear : dark), .fade, id)
            }
            add(.clip(clip), .fade, id)
        }
    }

    /// The global header's segment control: each segment a box inset in
    /// its frame, the one shown filled with its title in the header's
    /// colour, the others outlined with their titles in the header's title
    /// colour; moved by `shift` (the header's own displacement).
    private mutating func segments(_ s: EngineSnapshot, shift: Point, fade: Double, header: ElementID) {
        func c(_ rgb: UInt32) -> Color { Color(rgb).faded(fade) }
        for segment in s.segments {
            let frame = segment.frame.offsetBy(shift)
            let box = frame.insetBy(dx: min(4, frame.width / 4), dy: min(7, frame.height / 4))
            let role = Role.segment(shown: segment.isShown)
            if segment.isShown {
                add(.fill(box, c(Palette.segmentShown)), role, header)
            } else {
                add(.outline(box, c(Palette.segmentOutline), width: 1, dashed: false), role, header)
            }
            label(segment.title, in: box.insetBy(dx: 4, dy: 0), .center, size: 13, bold: segment.isShown,
                  c(segment.isShown ? Palette.globalHeader : Palette.globalHeaderTitle), role, header)
        }
    }

    /// The loading indicator (two thirds of a ring), or the no-content or
    /// error panel over the content with its title and message centred.
    private mutating func contentPlaceholder(_ p: ContentPlaceholder, _ shift: Point) {
        var p = p
        p.frame = p.frame.offsetBy(shift)
        let role = Role.contentPlaceholder(p.kind)
        switch p.kind {
        case .loading:
            let f = p.indicatorFrame
            add(.arc(center: f.center, radius: max(0, f.width / 2 - 3), start: 0, end: 240, Color(Palette.accent), width: 4), role)
        case .noContent, .error:
            let f = p.frame
            add(.fill(f, Color(Palette.background)), role)
            let y = f.minY + f.height / 3
            let box = f.insetBy(dx: 16, dy: 0)
            label(p.title, in: Rect(x: box.minX, y: y - 18, width: box.width, height: 24), .center, size: 18, bold: true,
                  Color(p.kind == .error ? Palette.errorTitle : Palette.placeholderTitle), role, nil)
            label(p.message, in: Rect(x: box.minX, y: y + 8, width: box.width, height: 20), .center, size: 13, bold: false,
                  Color(Palette.placeholderMessage), role, nil)
        }
    }

    private mutating func ghost(_ a: LayoutAttributes, _ s: EngineSnapshot) {
        let alpha = 0.45
        add(.outline(a.frame.insetBy(dx: 1, dy: 1), Color(Palette.ghostOutline).faded(alpha), width: 1, dashed: true), .ghost, a.id)
        label(a.indexPath.flatMap { s.items[$0]?.text } ?? "", in: a.frame.insetBy(dx: 8, dy: 0), .center, size: 12,
              bold: false, Color(Palette.ghostText).faded(alpha), .ghost, a.id)
    }

    private mutating func lifted(_ a: LayoutAttributes, _ s: EngineSnapshot) {
        let f = a.frame
        add(.shadow(f, offset: 6, blur: 6, Color(Palette.proxyShadow, alpha: 89)), .proxy, a.id)
        add(.fill(f, Color(Palette.cell)), .proxy, a.id)
        add(.outline(f, Color(Palette.accent), width: 1.5, dashed: false), .proxy, a.id)
        let many = a.dragItemCount > 1
        let text = a.indexPath.flatMap { s.items[$0]?.text } ?? ""
        label(text, in: Rect(x: f.minX + 14, y: f.minY, width: max(0, f.width - (many ? 48 : 22)), height: f.height),
              .leading, size: 14, bold: true, Color(Palette.proxyText), .proxy, a.id)
        if many {
            // A multi-item drag: the count in a badge at the proxy's right end
            // (inside it, so the viewport never cuts it when the proxy is whole).
            let centre = Point(x: f.maxX - 18, y: f.midY)
            add(.disc(center: centre, radius: 11, Color(Palette.badge)), .count, a.id)
            label("\(a.dragItemCount)", in: Rect(x: centre.x - 11, y: centre.y - 11, width: 22, height: 22), .center,
                  size: 12, bold: true, Color(Palette.onColour), .count, a.id)
        }
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
