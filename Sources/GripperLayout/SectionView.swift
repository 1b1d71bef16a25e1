import GripperGeometry

/// One section's vertical geometry under a slot arrangement: row heights,
/// row tops and the row at an offset, all without a pass over items.
/// Offsets are relative to the top of the section's items area.
struct SectionView {
    let store: SectionStore
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

    init(store: SectionStore, arrangement: SlotArrangement, placeholderHeight: Double) {
        self.store = store
        self.arrangement = arrangement
        self.placeholderHeight = placeholderHeight
        metrics = store.metrics
        columns = store.metrics.columns
        fixedRowHeight = store.metrics.rowHeight
        lineSpacing = store.metrics.lineSpacing
        perItem = store.heights != nil
        values = store.heights?.values ?? []
    }

    var rowCount: Int { (arrangement.slotCount + columns - 1) / columns }

    /// The height of the cell in `slot`.
    /// - Complexity: O(1).
    @inline(__always) func cellHeight(slot: Int) -> Double {
        guard perItem else { return fixedRowHeight }
        let item = arrangement.item(atSlot: slot)
        return item < 0 ? placeholderHeight : values[item]
    }

    /// The height of `row`: its tallest cell.
    /// - Complexity: O(columns).
    func rowHeight(_ row: Int) -> Double {
        guard perItem else { return fixedRowHeight }
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

    /// The special rows' bounds: first and last row touching the slots that
    /// differ from the resting layout.
    private var specialRows: (first: Int, last: Int) {
        (arrangement.specialLower / columns, (arrangement.specialUpper - 1) / columns)
    }

    /// The sum of the heights of rows `0..<rows`.
    /// - Complexity: O(log n + columns).
    func rowsHeightSum(_ rows: Int) -> Double {
        guard perItem, let heights = store.heights else { return Double(rows) * fixedRowHeight }
        guard arrangement.hasSpecial else { return heights.identity.prefix(rows) }
        let (first, last) = specialRows
        var sum = heights.identity.prefix(min(rows, first))
        if rows > first { sum += rowHeight(first) }
        if rows > first + 1, last > first + 1 {
            sum += heights.tree(delta: arrangement.delta).sum(first + 1, min(rows, last))
        }
        if rows > last, last > first { sum += rowHeight(last) }
        if rows > last + 1 { sum += heights.identity.sum(last + 1, rows) }
        return sum
    }

    /// The top of `row`.
    /// - Complexity: O(log n + columns); O(1) for fixed row heights.
    func rowTop(_ row: Int) -> Double {
        if !perItem { return Double(row) * (fixedRowHeight + lineSpacing) }
        return rowsHeightSum(row) + Double(row) * lineSpacing
    }

    /// The height of the items area: all rows and the spacing between them.
    /// - Complexity: O(log n + columns).
    var itemsHeight: Double {
        let rows = rowCount
        guard rows > 0 else { return 0 }
        return rowsHeightSum(rows) + Double(rows - 1) * lineSpacing
    }

    /// The last row whose top is at or above `y` (row 0 for `y` above the
    /// first row); requires `rowCount > 0`.
    /// - Complexity: O(log n + columns); O(1) for fixed row heights.
    func row(at y: Double) -> Int {
        let rows = rowCount
        let spacing = lineSpacing
        guard perItem, let heights = store.heights else {
            let stride = fixedRowHeight + spacing
            guard stride > 0, y > 0 else { return 0 }
            let r = (y / stride).rounded(.down)
            return r >= Double(rows - 1) ? rows - 1 : Int(r)
        }
        func clamp(_ r: Int, _ lower: Int, _ upper: Int) -> Int { max(lower, min(upper, r)) }
        guard arrangement.hasSpecial else {
            return clamp(heights.identity.search(y, spacing: spacing), 0, rows - 1)
        }
        let (first, last) = specialRows
        let firstTop = rowTop(first)
        if y < firstTop {
            return clamp(heights.identity.search(y, spacing: spacing), 0, max(0, first - 1))
        }
        guard first + 1 < rows else { return first }
        let afterFirst = rowTop(first + 1)
        if y < afterFirst { return first }
        if last > first + 1 {
            let lastTop = rowTop(last)
            if y < lastTop {
                let tree = heights.tree(delta: arrangement.delta)
                let target = y - afterFirst + tree.prefix(first + 1) + Double(first + 1) * spacing
                return clamp(tree.search(target, spacing: spacing), first + 1, last - 1)
            }
        }
        guard last > first else {
            let target = y - afterFirst + heights.identity.prefix(first + 1) + Double(first + 1) * spacing
            return clamp(heights.identity.search(target, spacing: spacing), first + 1, rows - 1)
        }
        guard last + 1 < rows else { return last }
        let afterLast = rowTop(last + 1)
        if y < afterLast { return last }
        let target = y - afterLast + heights.identity.prefix(last + 1) + Double(last + 1) * spacing
        return clamp(heights.identity.search(target, spacing: spacing), last + 1, rows - 1)
    }
}
