import GripperGeometry
import GripperLayout

/// How ``SceneDrawing`` draws elements thinner than a pixel (a layout
/// point): cells, headers, footers, separators and section backgrounds less
/// than one point high (or wide) are not drawn one by one but merged into
/// bands — a run of them, each starting less than a point after the one
/// before, of the same kind and colour, in the same column (or row), is one
/// fill over their extent (``SceneDrawing/Role/band(count:)``), without
/// labels or controls, which could not be seen at that size anyway. A scene
/// of 100,000 rows a hundredth of a point high draws as a handful of bands.
/// A swiped cell is never merged (its actions are drawn with it). Runs are
/// written when an element that is not thin comes next in drawing order, so
/// the z-order between thin and thick elements holds.
struct ThinBands {
    /// One element (or run) to merge.
    struct Band: Hashable {
        /// The first element of the run: its kind is the run's.
        var element: ElementID
        var color: SceneDrawing.Color
        /// True when the run goes down (elements less than a point high),
        /// false when it goes across (less than a point wide).
        var vertical: Bool
        var frame: Rect
        var count = 1

        /// What a run must share to be merged: kind, colour, direction, and
        /// the place across the run (x and width going down, y and height across).
        var key: Key {
            Key(kind: ThinBands.name(of: element.kind), color: color, vertical: vertical,
                at: vertical ? frame.minX : frame.minY, size: vertical ? frame.width : frame.height)
        }
    }

    struct Key: Hashable {
        /// The kind's name: row and column separators of any row are one kind.
        var kind: String
        var color: SceneDrawing.Color
        var vertical: Bool
        /// Where the run lies across its direction (x going down, y going across) …
        var at: Double
        /// … and how wide (or high) it is there.
        var size: Double
    }

    /// The name of a kind of element that merges: `cell`, `header`,
    /// `footer`, `separator` or `background` (what the SVG's `thin` class
    /// says), its case name for any other.
    static func name(of kind: ElementKind) -> String {
        switch kind {
        case .cell: "cell"
        case .header: "header"
        case .footer: "footer"
        case .rowSeparator, .columnSeparator: "separator"
        case .sectionBackground: "background"
        case .globalHeader: "global-header"
        case .placeholder: "placeholder"
        case .dragProxy: "proxy"
        case .action: "action"
        case .menu: "menu"
        case .menuEntry: "menu-entry"
        case .supplementary: "app-supplementary"
        case .decoration: "app-decoration"
        }
    }

    /// The runs still open, in the order they were started.
    private var open: [Band] = []
    private var index: [Key: Int] = [:]

    /// Whether no run is open.
    var isEmpty: Bool { open.isEmpty }

    /// `a` (drawn at opacity `fade`) as a band when it is thin and of a kind
    /// that merges, else nil.
    /// - Complexity: O(1).
    static func band(of a: LayoutAttributes, fade: Double) -> Band? {
        let f = a.frame
        guard f.height < 1 || f.width < 1 else { return nil }
        switch a.kind {
        case .cell: guard a.swipe == nil else { return nil }
        case .header, .footer, .rowSeparator, .columnSeparator, .sectionBackground: break
        case .globalHeader, .placeholder, .dragProxy, .action, .menu, .menuEntry, .supplementary, .decoration: return nil
        }
        guard let rgb = SceneDrawing.fill(of: a) else { return nil }
        return Band(element: a.id, color: SceneDrawing.Color(rgb).faded(fade), vertical: f.height < 1, frame: f)
    }

    /// Adds `band` to the open run it continues (one of its kind, colour
    /// and place that ends less than a point before it starts), or starts a
    /// run; returns the run it replaces, to be drawn now.
    /// - Complexity: O(1) amortized.
    mutating func add(_ band: Band) -> Band? {
        let key = band.key
        guard let i = index[key] else {
            index[key] = open.count
            open.append(band)
            return nil
        }
        var run = open[i]
        let (end, start) = band.vertical ? (run.frame.maxY, band.frame.minY) : (run.frame.maxX, band.frame.minX)
        if start >= (band.vertical ? run.frame.minY : run.frame.minX), start < end + 1 {
            let f = run.frame, g = band.frame
            let minX = min(f.minX, g.minX), minY = min(f.minY, g.minY)
            run.frame = Rect(x: minX, y: minY, width: max(f.maxX, g.maxX) - minX, height: max(f.maxY, g.maxY) - minY)
            run.count += 1
            open[i] = run
            return nil
        }
        open[i] = band
        return run
    }

    /// Every open run, in the order they were started; none is left open.
    mutating func flush() -> [Band] {
        defer {
            open.removeAll(keepingCapacity: true)
            index.removeAll(keepingCapacity: true)
        }
        return open
    }
}
