import Gripper
import GripperEditing
import GripperGeometry
import GripperLayout

/// Everything needed to draw the engine at one moment: the layout
/// attributes in a rect, the hidden drag source, item labels and titles,
/// the contact point, the state and the time. Screen content coordinates
/// throughout (the layout's scroll space mapped by ``orientation``: a
/// horizontal layout's frames are transposed, a right-to-left one's
/// mirrored), except ``contact`` (viewport coordinates).
public struct EngineSnapshot: Sendable {
    /// The viewport's size.
    public var viewport: Size
    /// The content offset along the scroll axis.
    public var contentOffset: Double
    /// How the layout maps onto the screen.
    public var orientation: LayoutOrientation = .standard
    /// The viewport's top-left in screen content coordinates (where a
    /// renderer puts the viewport's origin).
    public var origin: Point = .zero
    /// The content's size.
    public var contentSize: Size
    /// The attributes of the elements in the rect, in drawing order: by
    /// z-index (see `ZIndex`: pinned headers above the cells they cover, the
    /// global header above them), reading order among equals.
    public var attributes: [LayoutAttributes]
    /// The dragged item's own cell, hidden by the layout and drawn ghosted at
    /// the gap where it will land, if a drag is on.
    public var hiddenSource: LayoutAttributes?
    /// The label of the item at each index path of the model that a cell,
    /// the proxy or the hidden source shows (where the labels have one).
    public var items: [ItemPath: ItemLabel]
    /// Section titles by section index.
    public var sectionTitles: [Int: String]
    /// The global header's title, if the labels have one.
    public var globalHeaderTitle: String?
    /// The contact point (viewport coordinates), when something is down.
    public var contact: Point?
    /// The editing machine's state name.
    public var stateName: String
    /// Microseconds since the start of the input.
    public var offset: Int64
    /// What the collection shows in place of its items (the loading
    /// indicator, the no-content or error placeholder), in screen content
    /// coordinates; nil when the items show.
    public var placeholder: ContentPlaceholder?
    /// The placeholders over children of a composed source
    /// (`Engine.sectionPlaceholders`), in screen content coordinates.
    public var sectionPlaceholders: [ContentPlaceholder] = []
    /// How far the layout pinch under way has gone (`LayoutPinch.progress`,
    /// 0…1), nil when none is: while it is, ``attributes`` are where
    /// `Engine.pinchedAttributes()` puts them, each drawn at its alpha
    /// (what is in one layout only fades).
    public var pinchProgress: Double?
    /// The global header's segment control (`Engine.segmentFrames()`), in
    /// order; empty without one.
    public var segments: [Segment] = []

    /// One segment of the global header's segment control.
    public struct Segment: Hashable, Sendable {
        /// Where the segment is, screen content coordinates.
        public var frame: Rect
        /// Its title: the segment's key (`SegmentedDataSource.titles`).
        public var title: String
        /// Whether it is the segment shown.
        public var isShown: Bool

        /// A segment at `frame` titled `title`, shown or not.
        public init(frame: Rect, title: String, isShown: Bool) {
            self.frame = frame
            self.title = title
            self.isShown = isShown
        }
    }
}

extension Engine {
    /// A snapshot of what lies in `rect` (the layout's scroll-space content
    /// coordinates; nil: the viewport at the current content offset), with
    /// the words of `labels`, mapped onto the screen. While a layout pinch
    /// is under way (``/Gripper/Engine/layoutPinch``) and `rect` is nil, the elements
    /// are where ``/Gripper/Engine/pinchedAttributes()`` puts them, between the two
    /// layouts under the fingers. The global header's segment control
    /// comes with it (``EngineSnapshot/segments``).
    /// - Complexity: O(log n + k log k) for k elements in the rect, plus O(n)
    ///   with a selection; `labels` is asked once per item and header shown.
    public func snapshot(in rect: Rect? = nil, labels: PictureLabels = PictureLabels()) -> EngineSnapshot {
        let presentation = self.presentation
        let scrollViewport = layout.viewport
        let visible = rect ?? Rect(x: 0, y: contentOffset, width: scrollViewport.width, height: scrollViewport.height)
        // Drawing order: z-index, then the layout's reading order (a stable
        // sort, of indices: a large rect's attributes are not copied twice).
        let pinching = rect == nil ? layoutPinch : nil
        var attributes: [LayoutAttributes]
        if pinching != nil {
            // Viewport coordinates of the scroll space, back to the content's.
            attributes = pinchedAttributes()
            for k in attributes.indices { attributes[k].frame = attributes[k].frame.offsetBy(Point(x: 0, y: contentOffset)) }
        } else {
            attributes = layout.attributes(in: visible, presentation: presentation, contentOffset: contentOffset)
        }
        if zip(attributes, attributes.dropFirst()).contains(where: { $0.zIndex > $1.zIndex }) {
            let order = attributes.indices.sorted { (attributes[$0].zIndex, $0) < (attributes[$1].zIndex, $1) }
            attributes = order.map { attributes[$0] }
        }
        var hidden: LayoutAttributes?
        if let drag = presentation.drag {
            // The layout answers the hidden source at the gap it will land in,
            // so the ghost sits inside the placeholder rather than over the
            // cell that reflowed into the source's old slot.
            hidden = layout.attributes(for: drag.source, presentation: presentation)
        }
        var itemsByPath: [ItemPath: ItemLabel] = [:]
        itemsByPath.reserveCapacity(attributes.count + 1) // no rehash as it fills
        var titles: [Int: String] = [:]
        let model = self.model
        // A section's cells in the rect are one run of its items: their
        // identities are read in one pass per section, not looked up one by
        // one (the proxy and the hidden source, which may lie far from
        // them, are looked up on their own).
        var runs: [(section: Int, start: Int, ids: [ItemID])] = []
        do {
            var bounds: [(section: Int, low: Int, high: Int, cells: Int)] = []
            for a in attributes where a.kind == .cell {
                guard let path = a.indexPath else { continue }
                // Cells come section by section: the last section first.
                if let k = bounds.last?.section == path.section ? bounds.count - 1
                    : bounds.firstIndex(where: { $0.section == path.section }) {
                    bounds[k].low = min(bounds[k].low, path.item)
                    bounds[k].high = max(bounds[k].high, path.item)
                    bounds[k].cells += 1
                } else {
                    bounds.append((path.section, path.item, path.item, 1))
                }
            }
            for b in bounds where b.high - b.low < 4 * b.cells + 64 {
                if let ids = model.items(inSection: b.section, b.low..<(b.high + 1)) { runs.append((b.section, b.low, ids)) }
            }
        }
        var lastRun = 0 // cells come section by section: the run of the last one first
        func item(at path: ItemPath) -> ItemID? {
            if !runs.indices.contains(lastRun) || runs[lastRun].section != path.section {
                guard let k = runs.firstIndex(where: { $0.section == path.section }) else { return model.item(at: path) }
                lastRun = k
            }
            let k = path.item - runs[lastRun].start
            return k >= 0 && k < runs[lastRun].ids.count ? runs[lastRun].ids[k] : model.item(at: path)
        }
        for a in [attributes, hidden.map { [$0] } ?? []].joined() {
            guard let path = a.indexPath else { continue }
            switch a.kind {
            case .cell where !a.isHidden:
                // One shown cell per item: its label is asked for once.
                if let id = item(at: path), let item = labels.item(id) { itemsByPath[path] = item }
            case .cell, .dragProxy:
                if itemsByPath[path] == nil, let id = item(at: path), let item = labels.item(id) {
                    itemsByPath[path] = item
                }
            case .header:
                if titles[path.section] == nil, model.sections.indices.contains(path.section) {
                    let id = model.sections[path.section].id
                    titles[path.section] = labels.sectionTitle(id) ?? id.rawValue
                }
            case .footer, .globalHeader, .sectionBackground, .rowSeparator, .columnSeparator, .placeholder, .action,
                 .menu, .menuEntry, .supplementary, .decoration:
                break
            }
        }
        let contentSize = layout.contentSize(for: presentation)
        let o = orientation
        if !o.isIdentity {
            let map = { (r: Rect) in o.screenRect(r, contentLength: contentSize.height, crossLength: scrollViewport.width) }
            // The cells' leading edge on the screen, for their editing controls.
            let edge: LayoutAttributes.ControlEdge = o.axis == .horizontal ? .top
                : (o.direction == .rightToLeft ? .right : .left)
            attributes = attributes.map { $0.mapped(map, leadingControlsAt: edge) }
            hidden = hidden.map { $0.mapped(map, leadingControlsAt: edge) }
        }
        var snapshot = EngineSnapshot(viewport: viewportSize, contentOffset: contentOffset,
                              contentSize: o.scrollSize(contentSize), attributes: attributes,
                              hiddenSource: hidden, items: itemsByPath, sectionTitles: titles,
                              globalHeaderTitle: labels.globalHeaderTitle,
                              contact: contactLocation, stateName: stateName,
                              offset: (now?.microseconds ?? 0) - (origin?.microseconds ?? 0))
        snapshot.orientation = o
        func screen(_ p: ContentPlaceholder) -> ContentPlaceholder {
            var mapped = p
            if !o.isIdentity {
                mapped.frame = o.screenRect(p.frame, contentLength: contentSize.height, crossLength: scrollViewport.width)
            }
            return mapped
        }
        snapshot.placeholder = contentPlaceholder.map(screen)
        snapshot.sectionPlaceholders = sectionPlaceholders.map(screen)
        snapshot.pinchProgress = pinching?.progress
        let segmentFrames = segmentFrames()
        if !segmentFrames.isEmpty, let segmented = delegate as? SegmentedDataSource {
            let titles = segmented.titles
            snapshot.segments = segmentFrames.indices.map { k in
                var frame = segmentFrames[k].offsetBy(Point(x: 0, y: contentOffset))
                if !o.isIdentity {
                    frame = o.screenRect(frame, contentLength: contentSize.height, crossLength: scrollViewport.width)
                }
                return EngineSnapshot.Segment(frame: frame, title: titles.indices.contains(k) ? titles[k] : "",
                                              isShown: k == segmented.selectedIndex)
            }
        }
        snapshot.origin = o.screenOrigin(contentOffset: contentOffset, contentLength: contentSize.height,
                                         viewport: viewportSize)
        return snapshot
    }
}

extension LayoutAttributes {
    /// The attributes with every rect they carry mapped by `map` (the
    /// frame, the action pane and the actions), their editing controls on
    /// the screen edge `edge` that the cell's leading edge maps to.
    func mapped(_ map: (Rect) -> Rect, leadingControlsAt edge: ControlEdge) -> LayoutAttributes {
        var a = self
        a.frame = map(frame)
        a.placeControls(leadingAt: edge)
        if var swipe = a.swipe {
            swipe.paneFrame = map(swipe.paneFrame)
            swipe.actions = swipe.actions.map { action in
                var action = action
                action.frame = map(action.frame)
                return action
            }
            a.swipe = swipe
        }
        return a
    }
}
