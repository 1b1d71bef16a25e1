import GripperGeometry

/// A change of layout at run time: another of the shipped layouts, new
/// metrics, or both — each field the change gives replaces the current
/// value, the others stay (a scene's `layout` stimulus, the app's
/// `Engine.changeLayout(_:at:)`).
///
/// ```swift
/// // The grid becomes a list of taller rows; the selection, the focus and
/// // the first visible item stay, and one transition animates it.
/// engine.changeLayout(LayoutChange(columns: 1, rowHeight: 72), at: now)
/// engine.changeLayout(LayoutChange(kind: .flow), at: later)
/// ```
public struct LayoutChange: Hashable, Sendable, CustomStringConvertible {
    /// The layout to switch to, or nil to keep the current one.
    public var kind: LayoutKind?
    /// ``LayoutMetrics/columns``.
    public var columns: Int?
    /// ``LayoutMetrics/minimumItemWidth``: a width turns adaptive columns
    /// on, `.some(nil)` turns them off (back to ``columns``).
    public var minimumItemWidth: Double??
    /// ``LayoutMetrics/rowHeight``.
    public var rowHeight: Double?
    /// ``LayoutMetrics/interItemSpacing``.
    public var interItemSpacing: Double?
    /// ``LayoutMetrics/lineSpacing``.
    public var lineSpacing: Double?
    /// ``LayoutMetrics/sectionInsets``.
    public var sectionInsets: EdgeInsets?
    /// The height of every section's header (0 for none; a negative or
    /// non-finite height is refused); its other metrics (pinning,
    /// padding) stay.
    public var headerHeight: Double?
    /// The height of every section's footer (0 for none; a negative or
    /// non-finite height is refused).
    public var footerHeight: Double?
    /// The row separator's thickness (0 for none; a negative or
    /// non-finite one is refused).
    public var separator: Double?
    /// ``LayoutMetrics/itemWidth`` (flow layouts): a width, or `.some(nil)`
    /// for the whole line.
    public var itemWidth: Double??
    /// ``LayoutMetrics/orientation``'s scroll axis.
    public var scrollDirection: ScrollAxis?
    /// ``LayoutMetrics/orientation``'s reading direction.
    public var layoutDirection: LayoutDirection?
    /// ``LayoutMetrics/scrollSnapping``.
    public var scrollSnapping: ScrollSnapping?

    /// A change of the fields given; every other value stays as it is.
    public init(kind: LayoutKind? = nil, columns: Int? = nil, minimumItemWidth: Double?? = nil,
                rowHeight: Double? = nil, interItemSpacing: Double? = nil, lineSpacing: Double? = nil,
                sectionInsets: EdgeInsets? = nil, headerHeight: Double? = nil, footerHeight: Double? = nil,
                separator: Double? = nil, itemWidth: Double?? = nil, scrollDirection: ScrollAxis? = nil,
                layoutDirection: LayoutDirection? = nil, scrollSnapping: ScrollSnapping? = nil) {
        self.kind = kind
        self.columns = columns
        self.minimumItemWidth = minimumItemWidth
        self.rowHeight = rowHeight
        self.interItemSpacing = interItemSpacing
        self.lineSpacing = lineSpacing
        self.sectionInsets = sectionInsets
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.separator = separator
        self.itemWidth = itemWidth
        self.scrollDirection = scrollDirection
        self.layoutDirection = layoutDirection
        self.scrollSnapping = scrollSnapping
    }

    /// Whether the change gives nothing at all.
    public var isEmpty: Bool { self == LayoutChange() }

    /// `metrics` with this change's fields in place. Nothing is checked
    /// here: the layout made of the result checks it (``LayoutError``).
    /// - Complexity: O(1).
    package func applied(to metrics: LayoutMetrics) -> LayoutMetrics {
        var m = metrics
        if let columns { m.columns = columns }
        if let minimumItemWidth { m.minimumItemWidth = minimumItemWidth }
        if let rowHeight { m.rowHeight = rowHeight }
        if let interItemSpacing { m.interItemSpacing = interItemSpacing }
        if let lineSpacing { m.lineSpacing = lineSpacing }
        if let sectionInsets { m.sectionInsets = sectionInsets }
        if let headerHeight {
            // 0 takes the header away; anything else (a negative or
            // non-finite height too, which the layout then refuses) is its height.
            if headerHeight == 0 {
                m.header = .none
            } else {
                m.header.height = headerHeight
            }
        }
        if let footerHeight {
            // 0 takes the footer away; anything else (a negative or
            // non-finite height too, which the layout then refuses) is its height.
            if footerHeight == 0 {
                m.footer = .none
            } else {
                m.footer.height = footerHeight
            }
        }
        if let separator {
            if separator == 0 {
                m.rowSeparator = .none
            } else {
                m.rowSeparator.thickness = separator
            }
        }
        if let itemWidth { m.itemWidth = itemWidth }
        if let scrollDirection { m.orientation.axis = scrollDirection }
        if let layoutDirection { m.orientation.direction = layoutDirection }
        if let scrollSnapping { m.scrollSnapping = scrollSnapping }
        return m
    }

    /// The fields given, as a scene's `layout` object names them, in a
    /// fixed order (`kind flow columns 3 rowHeight 72`; `minimumItemWidth
    /// none` for adaptive columns turned off); empty for no change.
    public var description: String {
        fields.map { $0.name + " " + $0.value.text }.joined(separator: " ")
    }

    /// A field's value as ``LayoutChange/fields`` gives it, for each writer
    /// to write in its own number format.
    package enum FieldValue: Hashable, Sendable {
        /// A name of the layout's vocabulary (a kind, an axis, a direction, a snapping).
        case word(String)
        /// A whole number (columns).
        case count(Int)
        /// A length in layout points.
        case length(Double)
        /// A length, or none (`.some(nil)`: adaptive columns off, items the whole line).
        case lengthOrNone(Double?)
        /// Section insets (top, left, bottom, right).
        case insets(EdgeInsets)

        /// The value in ``LayoutChange/description``: whole numbers without
        /// a fraction, `none`, insets as `top,left,bottom,right`.
        package var text: String {
            func number(_ v: Double) -> String {
                v.isFinite && v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(v)"
            }
            switch self {
            case .word(let w): return w
            case .count(let n): return String(n)
            case .length(let v): return number(v)
            case .lengthOrNone(let v): return v.map(number) ?? "none"
            case .insets(let i): return [i.top, i.left, i.bottom, i.right].map(number).joined(separator: ",")
            }
        }
    }

    /// The fields given, in a fixed order, each with the name a scene's
    /// `layout` object (and the transcript, in both forms) gives it: the one
    /// list that ``description``, the transcript's `layout` stimulus and
    /// `layoutPinch` entries, and the scene writer's `layout` stimulus write.
    /// - Complexity: O(1).
    package var fields: [(name: String, value: FieldValue)] {
        var out: [(name: String, value: FieldValue)] = []
        if let kind { out.append(("kind", .word(kind.rawValue))) }
        if let columns { out.append(("columns", .count(columns))) }
        if let minimumItemWidth { out.append(("minimumItemWidth", .lengthOrNone(minimumItemWidth))) }
        if let rowHeight { out.append(("rowHeight", .length(rowHeight))) }
        if let interItemSpacing { out.append(("interItemSpacing", .length(interItemSpacing))) }
        if let lineSpacing { out.append(("lineSpacing", .length(lineSpacing))) }
        if let sectionInsets { out.append(("insets", .insets(sectionInsets))) }
        if let headerHeight { out.append(("headerHeight", .length(headerHeight))) }
        if let footerHeight { out.append(("footerHeight", .length(footerHeight))) }
        if let separator { out.append(("separator", .length(separator))) }
        if let itemWidth { out.append(("itemWidth", .lengthOrNone(itemWidth))) }
        if let scrollDirection { out.append(("scrollDirection", .word(scrollDirection.rawValue))) }
        if let layoutDirection { out.append(("layoutDirection", .word(layoutDirection.rawValue))) }
        if let scrollSnapping { out.append(("snapping", .word(scrollSnapping.rawValue))) }
        return out
    }
}
