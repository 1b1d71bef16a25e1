import GripperGeometry

/// One section's vertical geometry under a slot arrangement: row heights,
/// row tops and the row at an offset, all without a pass over items.
/// Offsets are relative to the top of the section's items area.
struct SectionView {
    let arrangement: SlotArrangement
    /// The height the gap takes in a section of per-item heights.
    let placeholderHeight: Double
    /// Hot values copied out of the store once, so the per-slot paths copy
    /// no large structs and retain no arrays.
    let metrics: ResolvedMetrics
    let columns: Int
    let fixedRowHeight: Double
    let lineSpacing: Double
    let perItem: Bool
    let values: [Double]
    /// The row trees, for sections with per-item heights.
    let heights: ItemHeights?
    /// Whether the gap is taller than a row: a group's gap in a one-column
    /// section of fixed row height (see
    /// ``GridLayout/gapHeight(inSection:itemHeight:)``).
    private let tallGap: Bool
    /// How much taller than a row the gap is (0 unless `tallGap`); the
    /// rows after the gap move down by it.
    var gapExtra: Double { tallGap ? placeholderHeight - fixedRowHeight : 0 }
    /// Per-item sections under a drag: the rows at the ends of the stretch
    /// that differs from the resting layout, and the height sums at their
    /// edges, measured once so each later question costs one tree walk.
    private var bounds: Bounds?

    struct Bounds {
        var first: Int, last: Int
        /// Sums of row heights before `first`, `first + 1`, `last`, `last + 1`.
        var toFirst: Double, toAfterFirst: Double, toLast: Double, toAfterLast: Double
        /// Tree prefixes at `first + 1` (shifted tree) and `last + 1` (identity).
        var shiftedAtAfterFirst: Double, identityAtAfterLast: Double
    }

    init(store: SectionStore, arrangement: SlotArrangement, placeholderHeight: Double, groupGap: Bool = false) {
        self.arrangement = arrangement
        self.placeholderHeight = placeholderHeight
        metrics = store.metrics
        columns = store.metrics.columns
        fixedRowHeight = store.metrics.rowHeight
        lineSpacing = store.metrics.lineSpacing
        perItem = store.heights != nil
        tallGap = groupGap && store.heights == nil && store.metrics.columns == 1 && arrangement.placeholder >= 0
            && placeholderHeight > store.metrics.rowHeight
        values = store.heights?.values ?? []
        heights = store.heights
        if let heights = store.heights, arrangement.hasSpecial {
            bounds = measureBounds(heights)
        }
    }

    private func measureBounds(_ heights: ItemHeights) -> Bounds {
        let first = arrangement.specialLower / columns, last = (arrangement.specialUpper - 1) / columns
        let shifted = heights.tree(delta: arrangement.delta)
        let toFirst = heights.identity.prefix(first)
        let toAfterFirst = toFirst + rowHeight(first)
        let shiftedAtAfterFirst = shifted.prefix(first + 1)
        let toLast = last > first + 1 ? toAfterFirst + shifted.prefix(last) - shiftedAtAfterFirst : toAfterFirst
        let toAfterLast = last > first ? toLast + rowHeight(last) : toAfterFirst
        return Bounds(first: first, last: last, toFirst: toFirst, toAfterFirst: toAfterFirst, toLast: toLast,
                      toAfterLast: toAfterLast, shiftedAtAfterFirst: shiftedAtAfterFirst,
                      identityAtAfterLast: heights.identity.prefix(last + 1))
    }

    var rowCount: Int { (arrangement.slotCount + columns - 1) / columns }

    /// The height of the cell in `slot`.
    /// - Complexity: O(1).
    @inline(__always) func cellHeight(slot: Int) -> Double {
        guard perItem else { return gapExtra > 0 && slot == arrangement.placeholder ? fixedRowHeight + gapExtra : fixedRowHeight }
        let item = arrangement.item(atSlot: slot)
        return item < 0 ? placeholderHeight : values[item]
    }

    /// The height of `row`: its tallest cell.
    /// - Complexity: O(columns).
    func rowHeight(_ row: Int) -> Double {
        guard perItem else { return gapExtra > 0 && row == arrangement.placeholder ? fixedRowHeight + gapExtra : fixedRowHeight }
        var best = 0.0
        let end = min(arrangement.slotCount, row * columns + columns)
        var slot = row * columns
        while slot < end {
            let h = cellHeight(slot: slot)
            if h > best { best = h }
            slot += 1
        }
        return best
    }

    /// The sum of the heights of rows `0..<rows`.
    /// - Complexity: O(log n + columns).
    func rowsHeightSum(_ rows: Int) -> Double {
        guard perItem, let heights else {
            return Double(rows) * fixedRowHeight + (gapExtra > 0 && rows > arrangement.placeholder ? gapExtra : 0)
        }
        guard let b = bounds else { return heights.identity.prefix(rows) }
        if rows <= b.first { return heights.identity.prefix(rows) }
        if rows == b.first + 1 { return b.toAfterFirst }
        if rows <= b.last { return b.toAfterFirst + heights.tree(delta: arrangement.delta).prefix(rows) - b.shiftedAtAfterFirst }
        if rows == b.last + 1 { return b.toAfterLast }
        return b.toAfterLast + heights.identity.prefix(rows) - b.identityAtAfterLast
    }

    /// The top of `row + 1` and its ``rowsHeightSum(_:)``, given `sum`, the
    /// ``rowsHeightSum(_:)`` of `row`: bit for bit what ``rowTop(_:)`` gives,
    /// so a walk over rows places each as a query for one row does. O(1)
    /// within a block of 64 rows of a section no drag reflows.
    /// - Complexity: O(1) mostly; as ``rowTop(_:)`` otherwise.
    func nextRow(after row: Int, sum: Double) -> (top: Double, sum: Double) {
        let next = row + 1
        guard perItem, let heights else { return (rowTop(next), 0) }
        let s = bounds == nil ? heights.identity.prefix(after: row, given: sum) : rowsHeightSum(next)
        return (s + Double(next) * lineSpacing, s)
    }

    /// The top of `row`.
    /// - Complexity: O(log n + columns); O(1) for fixed row heights.
    func rowTop(_ row: Int) -> Double {
        if !perItem {
            return Double(row) * (fixedRowHeight + lineSpacing) + (gapExtra > 0 && row > arrangement.placeholder ? gapExtra : 0)
        }
        return rowsHeightSum(row) + Double(row) * lineSpacing
    }

    /// The height of the items area: all rows and the spacing between them.
    /// - Complexity: O(log n + columns).
    var itemsHeight: Double {
        let rows = rowCount
        guard rows > 0 else { return 0 }
        return rowsHeightSum(rows) + Double(rows - 1) * lineSpacing
    }

    /// The last row whose top (``rowTop(_:)``, the one definition of where a
    /// row starts) is at or above `y` (row 0 for `y` above the first row);
    /// requires `rowCount > 0`.
    ///
    /// The tree search sums in another order than ``rowTop(_:)`` does, so
    /// its row can be one off where rows meet (or further, over a run of
    /// rows that rounding gives the same top); the row it finds is checked
    /// against ``rowTop(_:)`` and moved to the row that definition gives.
    /// - Complexity: O(log n + columns); O(1) for fixed row heights.
    func row(at y: Double) -> Int {
        Self.row(estimatedRow(at: y), at: y, rows: rowCount, top: rowTop)
    }

    /// Row `r`, found for `y` by a search that may be off, moved to the
    /// last of `rows` rows whose `top` is at or above `y` (row 0 for `y`
    /// above them all): one step either way, and a binary search over the
    /// rows beyond when one step is not enough. The fixed-row arithmetic
    /// of the drop rule's probe corrects its rows here too, so that it
    /// finds the row ``row(at:)`` finds.
    /// - Complexity: two calls of `top`; O(log n) of them when `r` is more
    ///   than one off.
    static func row(_ r: Int, at y: Double, rows: Int, top: (Int) -> Double) -> Int {
        guard rows > 1, y.isFinite else { return r }
        var lower: Int, upper: Int   // top(lower) <= y (or lower is row 0); top(upper + 1) > y
        if r > 0, top(r) > y {
            guard r > 1, top(r - 1) > y else { return r - 1 }
            lower = 0; upper = r - 2
        } else if r + 1 < rows, top(r + 1) <= y {
            guard r + 2 < rows, top(r + 2) <= y else { return r + 1 }
            lower = r + 2; upper = rows - 1
        } else {
            return r
        }
        while lower < upper {
            let mid = lower + (upper - lower + 1) / 2
            if top(mid) <= y { lower = mid } else { upper = mid - 1 }
        }
        return lower
    }

    /// The first row whose cells (or, with `reach`, its separator below)
    /// can reach `y` or below: the row before ``row(at:)``, and every
    /// earlier row whose bottom plus `reach` is still below `y` (rows of
    /// zero height stack on one line, and rounding can make a row's bottom
    /// pass the next row's top). The attributes walk starts here, and so
    /// does the search for the cell under a point.
    /// - Complexity: O(log n + columns) per row stepped back.
    func firstRow(reaching y: Double, reach: Double) -> Int {
        var row = max(0, row(at: y) - 1)
        while row > 0, rowTop(row - 1) + rowHeight(row - 1) + reach > y { row -= 1 }
        return row
    }

    /// The row the tree search finds for `y` (see ``row(at:)``).
    private func estimatedRow(at y: Double) -> Int {
        let rows = rowCount
        let spacing = lineSpacing
        guard perItem, let heights else {
            let stride = fixedRowHeight + spacing
            guard stride > 0, y > 0 else { return 0 }
            var y = y
            if gapExtra > 0 {
                // The gap's row is `gapExtra` taller: below it, rows are
                // where they would be that much higher up.
                let gap = arrangement.placeholder
                if y >= Double(gap + 1) * stride + gapExtra {
                    y -= gapExtra
                } else if y >= Double(gap) * stride {
                    return min(gap, rows - 1)
                }
            }
            let r = (y / stride).rounded(.down)
            return r >= Double(rows - 1) ? rows - 1 : Int(r)
        }
        func clamp(_ r: Int, _ lower: Int, _ upper: Int) -> Int { max(lower, min(upper, r)) }
        guard let b = bounds else {
            return clamp(heights.identity.search(y, spacing: spacing), 0, rows - 1)
        }
        let first = b.first, last = b.last
        let firstTop = b.toFirst + Double(first) * spacing
        if y < firstTop {
            return clamp(heights.identity.search(y, spacing: spacing), 0, max(0, first - 1))
        }
        guard first + 1 < rows else { return first }
        let afterFirst = b.toAfterFirst + Double(first + 1) * spacing
        if y < afterFirst { return first }
        if last > first + 1 {
            let lastTop = b.toLast + Double(last) * spacing
            if y < lastTop {
                let tree = heights.tree(delta: arrangement.delta)
                let target = y - afterFirst + b.shiftedAtAfterFirst + Double(first + 1) * spacing
                return clamp(tree.search(target, spacing: spacing), first + 1, last - 1)
            }
        }
        guard last > first else {
            let target = y - afterFirst + heights.identity.prefix(first + 1) + Double(first + 1) * spacing
            return clamp(heights.identity.search(target, spacing: spacing), first + 1, rows - 1)
        }
        guard last + 1 < rows else { return last }
        let afterLast = b.toAfterLast + Double(last + 1) * spacing
        if y < afterLast { return last }
        let target = y - afterLast + b.identityAtAfterLast + Double(last + 1) * spacing
        return clamp(heights.identity.search(target, spacing: spacing), last + 1, rows - 1)
    }
}
