import GripperGeometry

/// One section of a ``FlowLayout`` at rest: its items' widths and extents,
/// the prefix sums of the widths, and the lines the greedy wrap makes
/// (each line's first item, and the line extents in a ``RowHeightTree``).
struct FlowSection: Sendable {
    /// The resolved metrics (the grid's, for insets, spacing, header and footer).
    var metrics: ResolvedMetrics
    var overrides: SectionMetrics
    /// Each item's width, clamped to the line's width.
    private(set) var widths: [Double]
    /// Each item's extent along the scroll axis.
    private(set) var heights: [Double]
    /// `widthPrefix[k]`: the sum of the first k widths.
    private(set) var widthPrefix: [Double]
    /// Each line's first item, then the item count.
    private(set) var lineStarts: [Int]
    /// Each line's extent: its tallest item.
    private(set) var lines: RowHeightTree
    /// The width a line may fill: the layout's width less the insets.
    let lineWidth: Double

    var count: Int { widths.count }
    var lineCount: Int { lineStarts.count - 1 }
    var spacing: Double { metrics.interItemSpacing }
    var lineSpacing: Double { metrics.lineSpacing }

    /// Builds the section and wraps its items into lines.
    /// - Complexity: O(n).
    init(widths: [Double], heights: [Double], metrics: ResolvedMetrics, overrides: SectionMetrics, width: Double) {
        self.metrics = metrics
        self.overrides = overrides
        lineWidth = max(0, width - metrics.insets.left - metrics.insets.right)
        let limit = lineWidth
        self.widths = widths.map { min($0, limit) }
        self.heights = heights
        widthPrefix = []
        lineStarts = []
        lines = RowHeightTree([])
        rebuild()
    }

    /// Recomputes the prefix sums and the lines from the widths and heights.
    /// - Complexity: O(n).
    private mutating func rebuild() {
        var prefix = [Double](repeating: 0, count: widths.count + 1)
        for k in widths.indices { prefix[k + 1] = prefix[k] + widths[k] }
        widthPrefix = prefix
        var starts: [Int] = []
        var extents: [Double] = []
        var k = 0
        while k < widths.count {
            let end = Self.lineEnd(from: k, count: widths.count, width: lineWidth, spacing: spacing) { widths[$0] }
            starts.append(k)
            var best = 0.0
            for i in k..<end where heights[i] > best { best = heights[i] }
            extents.append(best)
            k = end
        }
        starts.append(widths.count)
        lineStarts = starts
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
    /// - Complexity: O(log n).
    func line(ofItem item: Int) -> Int {
        var lower = 0, upper = lineCount - 1
        while lower < upper {
            let mid = (lower + upper + 1) / 2
            if lineStarts[mid] <= item { lower = mid } else { upper = mid - 1 }
        }
        return max(0, lower)
    }

    /// Whether `item` begins a line.
    func isLineStart(_ item: Int) -> Bool {
        item < count && lineStarts[line(ofItem: item)] == item
    }

    /// The top of `line`, relative to the items area.
    /// - Complexity: O(log n).
    func lineTop(_ line: Int) -> Double { lines.prefix(line) + Double(line) * lineSpacing }

    /// The extent of the items area.
    var itemsHeight: Double {
        lineCount == 0 ? 0 : lines.prefix(lineCount) + Double(lineCount - 1) * lineSpacing
    }

    /// Replaces the items (a batch's result) and wraps them again.
    /// - Complexity: O(n).
    mutating func replace(widths: [Double], heights: [Double]) {
        let limit = lineWidth
        self.widths = widths.map { min($0, limit) }
        self.heights = heights
        rebuild()
    }

    /// Sets one item's extent; the lines stay (they depend on widths only),
    /// its line's extent is measured again.
    /// - Complexity: O(items in its line + log n).
    mutating func setHeight(_ height: Double, at item: Int) {
        heights[item] = height
        let l = line(ofItem: item)
        var best = 0.0
        for i in lineStarts[l]..<lineStarts[l + 1] where heights[i] > best { best = heights[i] }
        lines.set(l, to: best)
    }
}
