import GripperGeometry

/// One section of a ``FlowLayout`` at rest: its items' widths and extents,
/// the prefix sums of the widths, and the lines the greedy wrap makes
/// (each line's first item, and the line extents in a ``RowHeightTree``).
///
/// A section whose items all have one size, given by the metrics (no
/// per-item widths or extents), keeps no per-item storage: its lines are
/// arithmetic (every line but the last holds the same number of items), so
/// making one costs O(1) whatever the count, and a switch to the flow
/// layout costs what is on screen. It does so only where the arithmetic is
/// exact — the width, extent and spacings multiples of 2⁻¹⁰ points whose sums
/// over the section stay below 2⁴² — so its every answer is bit for bit what
/// the arrays would give; anything else keeps the arrays. A measured extent
/// or a batch makes the arrays.
struct FlowSection: Sendable {
    /// Items of one size, laid out by arithmetic.
    struct Uniform: Sendable, Equatable {
        var width: Double
        var height: Double
        /// Items in every line but the last (at least 1).
        var perLine: Int
    }

    /// The resolved metrics (the grid's, for insets, spacing, header and footer).
    var metrics: ResolvedMetrics
    var overrides: SectionMetrics
    /// The number of items.
    private(set) var count: Int
    /// Set when every item has one size and the lines are arithmetic; the
    /// arrays below are then empty.
    private(set) var uniform: Uniform?
    /// Each item's width, clamped to the line's width.
    private var widths: [Double]
    /// Each item's extent along the scroll axis.
    private var heights: [Double]
    /// `prefix[k]`: the sum of the first k widths.
    private var prefix: [Double]
    /// Each line's first item, then the item count.
    private var starts: [Int]
    /// Each line's extent: its tallest item.
    private var lines: RowHeightTree
    /// The width a line may fill: the layout's width less the insets.
    let lineWidth: Double

    var spacing: Double { metrics.interItemSpacing }
    var lineSpacing: Double { metrics.lineSpacing }

    /// The number of lines.
    var lineCount: Int {
        guard let u = uniform else { return starts.count - 1 }
        return count == 0 ? 0 : (count - 1) / u.perLine + 1
    }

    /// Item `i`'s width (clamped to the line).
    @inline(__always) func width(_ i: Int) -> Double { uniform?.width ?? widths[i] }
    /// Item `i`'s extent along the scroll axis.
    @inline(__always) func height(_ i: Int) -> Double { uniform?.height ?? heights[i] }
    /// The sum of the first `k` widths.
    @inline(__always) func widthPrefix(_ k: Int) -> Double {
        guard let u = uniform else { return prefix[k] }
        return Double(k) * u.width
    }
    /// Line `l`'s first item (`lineCount` gives the item count).
    @inline(__always) func lineStart(_ l: Int) -> Int {
        guard let u = uniform else { return starts[l] }
        return l >= lineCount ? count : l * u.perLine
    }
    /// Line `l`'s extent: its tallest item.
    @inline(__always) func lineExtent(_ l: Int) -> Double { uniform?.height ?? lines.values[l] }

    /// Every item's width and extent (what the arrays hold), for a change
    /// that needs them.
    /// - Complexity: O(n).
    var sizes: (widths: [Double], heights: [Double]) {
        guard let u = uniform else { return (widths, heights) }
        return ([Double](repeating: u.width, count: count), [Double](repeating: u.height, count: count))
    }

    /// Builds the section and wraps its items into lines.
    /// - Complexity: O(n).
    init(widths: [Double], heights: [Double], metrics: ResolvedMetrics, overrides: SectionMetrics, width: Double) {
        self.metrics = metrics
        self.overrides = overrides
        lineWidth = max(0, width - metrics.insets.left - metrics.insets.right)
        let limit = lineWidth
        count = widths.count
        self.widths = widths.map { min($0, limit) }
        self.heights = heights
        prefix = []
        starts = []
        lines = RowHeightTree([])
        rebuild()
    }

    /// A section of `count` items of one size, laid out by arithmetic
    /// where that is exact (see the type's note), else with the arrays.
    /// - Complexity: O(1) when arithmetic (O(items in a line) to find how
    ///   many fit); O(n) otherwise.
    init(count: Int, itemWidth: Double, itemHeight: Double, metrics: ResolvedMetrics, overrides: SectionMetrics,
         width: Double) {
        let lineWidth = max(0, width - metrics.insets.left - metrics.insets.right)
        let w = min(itemWidth, lineWidth)
        func exact(_ v: Double) -> Bool { v.isFinite && v >= 0 && (v * 1024).rounded() == v * 1024 && v < 0x1p30 }
        let spans = (w + metrics.interItemSpacing) * Double(count) + (itemHeight + metrics.lineSpacing) * Double(count)
        guard count > 0, exact(w), exact(itemHeight), exact(metrics.interItemSpacing), exact(metrics.lineSpacing),
              lineWidth * 1024 == (lineWidth * 1024).rounded(), spans < 0x1p42 else {
            self = FlowSection(widths: [Double](repeating: itemWidth, count: max(0, count)),
                               heights: [Double](repeating: itemHeight, count: max(0, count)),
                               metrics: metrics, overrides: overrides, width: width)
            return
        }
        self.metrics = metrics
        self.overrides = overrides
        self.lineWidth = lineWidth
        self.count = count
        widths = []
        heights = []
        prefix = []
        starts = []
        lines = RowHeightTree([])
        // The greedy wrap's first line; every line but the last is the same.
        let perLine = w + metrics.interItemSpacing == 0 ? count
            : Self.lineEnd(from: 0, count: count, width: lineWidth, spacing: metrics.interItemSpacing) { _ in w }
        uniform = Uniform(width: w, height: itemHeight, perLine: perLine)
    }

    /// Gives up the arithmetic for the arrays (before a change to one item).
    /// - Complexity: O(n).
    private mutating func materialize() {
        guard uniform != nil else { return }
        let (w, h) = sizes
        uniform = nil
        widths = w
        heights = h
        rebuild()
    }

    /// Recomputes the prefix sums and the lines from the widths and heights.
    /// - Complexity: O(n).
    private mutating func rebuild() {
        var sums = [Double](repeating: 0, count: widths.count + 1)
        for k in widths.indices { sums[k + 1] = sums[k] + widths[k] }
        prefix = sums
        var lineStarts: [Int] = []
        var extents: [Double] = []
        var k = 0
        while k < widths.count {
            let end = Self.lineEnd(from: k, count: widths.count, width: lineWidth, spacing: spacing) { widths[$0] }
            lineStarts.append(k)
            var best = 0.0
            for i in k..<end where heights[i] > best { best = heights[i] }
            extents.append(best)
            k = end
        }
        lineStarts.append(widths.count)
        starts = lineStarts
        lines = RowHeightTree(extents)
    }

    /// The end (exclusive) of the greedy line that starts at `start`: as
    /// many items as fit in `width` with `spacing` between them, and always
    /// at least one.
    /// - Complexity: O(items in the line).
    @inline(__always)
    static func lineEnd(from start: Int, count: Int, width: Double, spacing: Double,
                        _ widthAt: (Int) -> Double) -> Int {
        var used = widthAt(start)
        var k = start + 1
        while k < count {
            let next = used + spacing + widthAt(k)
            if next > width { break }
            used = next
            k += 1
        }
        return k
    }

    /// The line holding item `item` (0 for an empty section).
    /// - Complexity: O(log n); O(1) by arithmetic.
    func line(ofItem item: Int) -> Int {
        if let u = uniform { return max(0, min(item / u.perLine, lineCount - 1)) }
        var lower = 0, upper = lineCount - 1
        while lower < upper {
            let mid = (lower + upper + 1) / 2
            if starts[mid] <= item { lower = mid } else { upper = mid - 1 }
        }
        return max(0, lower)
    }

    /// Whether `item` begins a line.
    func isLineStart(_ item: Int) -> Bool {
        item < count && lineStart(line(ofItem: item)) == item
    }

    /// The top of `line`, relative to the items area.
    /// - Complexity: O(log n); O(1) by arithmetic.
    func lineTop(_ line: Int) -> Double {
        guard let u = uniform else { return lines.prefix(line) + Double(line) * lineSpacing }
        let l = max(0, min(line, lineCount))
        return Double(l) * u.height + Double(line) * lineSpacing
    }

    /// How many lines from the first fit, each with its spacing after it,
    /// in `target` (``RowHeightTree/search(_:spacing:)``): the line at an
    /// offset.
    /// - Complexity: O(log n); O(1) by arithmetic.
    func lineSearch(_ target: Double, spacing: Double) -> Int {
        guard let u = uniform else { return lines.search(target, spacing: spacing) }
        let n = lineCount
        guard n > 0, target >= 0 else { return 0 }
        let span = u.height + spacing
        guard span > 0 else { return n }
        // Exact here (see the type's note): the tree subtracts whole spans
        // from the target without rounding, so k spans fit when k × span ≤ target.
        var r = Int(min(Double(n), (target / span).rounded(.down)))
        while r > 0, Double(r) * span > target { r -= 1 }
        while r < n, Double(r + 1) * span <= target { r += 1 }
        return r
    }

    /// The extent of the items area.
    var itemsHeight: Double {
        let n = lineCount
        guard n > 0 else { return 0 }
        return (uniform.map { Double(n) * $0.height } ?? lines.prefix(n)) + Double(n - 1) * lineSpacing
    }

    /// Replaces the items (a batch's result) and wraps them again.
    /// - Complexity: O(n).
    mutating func replace(widths: [Double], heights: [Double]) {
        let limit = lineWidth
        uniform = nil
        count = widths.count
        self.widths = widths.map { min($0, limit) }
        self.heights = heights
        rebuild()
    }

    /// Sets one item's extent; the lines stay (they depend on widths only),
    /// its line's extent is measured again.
    /// - Complexity: O(items in its line + log n); O(n) the first time in
    ///   a section of items of one size.
    mutating func setHeight(_ height: Double, at item: Int) {
        materialize()
        heights[item] = height
        let l = line(ofItem: item)
        var best = 0.0
        for i in starts[l]..<starts[l + 1] where heights[i] > best { best = heights[i] }
        lines.set(l, to: best)
    }

    /// Sets one item's width (clamped to the line) and wraps the lines
    /// again from the item's line on (from the line before when the item
    /// begins its line: a narrower item may join it) until a new line
    /// starts where an old one did past the item: from there on the wrap
    /// is the old one.
    /// - Complexity: O(n − item) additions for the prefix sums, plus the
    ///   items of the lines wrapped again and O(log n) per line extent that
    ///   changed (O(lines after) when the number of lines changes); O(n)
    ///   the first time in a section of items of one size.
    mutating func setWidth(_ width: Double, at item: Int) {
        materialize()
        let w = min(width, lineWidth)
        guard widths[item] != w else { return }
        widths[item] = w
        for k in item..<count { prefix[k + 1] = prefix[k] + widths[k] }
        var first = line(ofItem: item)
        if first > 0, starts[first] == item { first -= 1 }
        let oldLines = starts.count - 1
        var newStarts: [Int] = []
        var newExtents: [Double] = []
        var k = starts[first]
        // The first old line (index into `starts`) not yet passed.
        var old = first + 1
        while k < count {
            let end = Self.lineEnd(from: k, count: count, width: lineWidth, spacing: spacing) { widths[$0] }
            newStarts.append(k)
            var best = 0.0
            for i in k..<end where heights[i] > best { best = heights[i] }
            newExtents.append(best)
            k = end
            while old < oldLines, starts[old] < k { old += 1 }
            if k > item, old < oldLines, starts[old] == k { break }
        }
        // Old lines first..<upper become the new ones.
        let upper = k < count ? old : oldLines
        if upper - first == newStarts.count {
            for (n, start) in newStarts.enumerated() {
                starts[first + n] = start
                if lines.values[first + n] != newExtents[n] { lines.set(first + n, to: newExtents[n]) }
            }
        } else {
            starts.replaceSubrange(first..<upper, with: newStarts)
            let tail = newExtents + lines.values[upper...]
            lines.replaceRows(from: first, with: tail)
        }
    }

    /// Sets the header's (`header`) or the footer's height; the lines stay.
    /// - Complexity: O(1).
    mutating func setSupplementaryHeight(_ height: Double, header: Bool) {
        if header {
            metrics.header.height = height
            overrides.header = metrics.header
        } else {
            metrics.footer.height = height
            overrides.footer = metrics.footer
        }
    }

    /// Whether `other` wraps the same lines of the same extents (for the
    /// layout's invariant check).
    /// - Complexity: O(n).
    func sameLines(as other: FlowSection) -> Bool {
        lineCount == other.lineCount && (0...lineCount).allSatisfy { lineStart($0) == other.lineStart($0) }
            && (0..<lineCount).allSatisfy { lineExtent($0) == other.lineExtent($0) }
    }
}
