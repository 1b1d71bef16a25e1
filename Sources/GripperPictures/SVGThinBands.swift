import GripperGeometry
import GripperLayout

/// (The SVG's own copy until it draws from `SceneDrawing`.) How a picture draws elements thinner than a pixel (a layout point):
/// cells, headers, footers, separators and section backgrounds less than
/// one point high (or wide) are not drawn one by one but merged into bands
/// — a run of them, each starting less than a point after the one before,
/// of the same kind and fill, in the same column (or row), is one
/// `<rect class="thin …" data-count="N">` over their extent, without labels
/// or controls, which could not be seen at that size anyway. A scene of
/// 100,000 rows a hundredth of a point high draws as a handful of bands.
/// A swiped cell is never merged (its actions are drawn with it). Bands are
/// written when an element that is not thin comes next in drawing order, so
/// the z-order between thin and thick elements holds.
struct SVGThinBands {
    /// One element (or run) to merge.
    struct Band: Hashable {
        /// `cell`, `header`, `footer`, `separator` or `background`.
        var kind: String
        var fill: String
        /// True when the run goes down (elements less than a point high),
        /// false when it goes across (less than a point wide).
        var vertical: Bool
        var frame: Rect
        var count = 1

        /// What a run must share to be merged: kind, fill, direction, and
        /// the place across the run (x and width going down, y and height across).
        var key: Key { Key(kind: kind, fill: fill, vertical: vertical,
                           across: vertical ? [frame.minX, frame.width] : [frame.minY, frame.height]) }
    }

    struct Key: Hashable {
        var kind: String
        var fill: String
        var vertical: Bool
        var across: [Double]
    }

    /// The runs still open, in the order they were started.
    private var open: [Band] = []
    private var index: [Key: Int] = [:]

    /// `a` as a band when it is thin and of a kind that merges, else nil.
    /// - Complexity: O(1).
    static func band(of a: LayoutAttributes) -> Band? {
        let f = a.frame
        guard f.height < 1 || f.width < 1 else { return nil }
        let kind: String, fill: String
        switch a.kind {
        case .cell:
            guard a.swipe == nil else { return nil }
            kind = "cell"
            fill = a.isSelected ? "#bbdefb" : (a.isHighlighted ? "#cfd8dc" : "#ffffff")
        case .header: (kind, fill) = ("header", "#dfe4e7")
        case .footer: (kind, fill) = ("footer", "#eceff1")
        case .rowSeparator, .columnSeparator: (kind, fill) = ("separator", "#cfd8dc")
        case .sectionBackground: (kind, fill) = ("background", "#e3e7ea")
        case .globalHeader, .placeholder, .dragProxy, .action: return nil
        }
        return Band(kind: kind, fill: fill, vertical: f.height < 1, frame: f)
    }

    /// Adds `band` to the open run it continues (one of its kind, fill and
    /// place that ends less than a point before it starts), or starts a run,
    /// writing the run it replaces.
    /// - Complexity: O(1) amortized.
    mutating func add(_ band: Band, to out: inout String) {
        let key = band.key
        if let i = index[key] {
            var run = open[i]
            let (end, start) = band.vertical ? (run.frame.maxY, band.frame.minY) : (run.frame.maxX, band.frame.minX)
            if start >= (band.vertical ? run.frame.minY : run.frame.minX), start < end + 1 {
                let f = run.frame, g = band.frame
                let minX = min(f.minX, g.minX), minY = min(f.minY, g.minY)
                run.frame = Rect(x: minX, y: minY, width: max(f.maxX, g.maxX) - minX, height: max(f.maxY, g.maxY) - minY)
                run.count += 1
                open[i] = run
                return
            }
            Self.write(run, to: &out)
            open[i] = band
            return
        }
        index[key] = open.count
        open.append(band)
    }

    /// Writes every open run, in the order they were started.
    mutating func flush(to out: inout String) {
        for run in open { Self.write(run, to: &out) }
        open.removeAll(keepingCapacity: true)
        index.removeAll(keepingCapacity: true)
    }

    private static func write(_ run: Band, to out: inout String) {
        let f = run.frame
        let n = SnapshotRenderer.n
        out += "<rect class=\"thin \(run.kind)\" data-count=\"\(run.count)\" x=\"\(n(f.minX))\" y=\"\(n(f.minY))\" "
        out += "width=\"\(n(f.width))\" height=\"\(n(f.height))\" fill=\"\(run.fill)\""
        out += run.kind == "cell" && run.count > 1 ? " stroke=\"#cfd8dc\" stroke-width=\"0.5\"/>\n" : "/>\n"
    }
}
