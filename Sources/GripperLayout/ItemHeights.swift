import GripperGeometry

/// The per-item heights of one section and three row-height trees over them:
/// the rows as they are, and the rows as they would be with every item
/// shifted one slot later (`previous`: slot s shows item s − 1) or one slot
/// earlier (`next`: slot s shows item s + 1). A drag reflows the items between
/// source and target by exactly one slot, so the rows wholly inside that
/// stretch are rows of a shifted tree: the gap never costs a pass over items.
struct ItemHeights: Sendable {
    private(set) var values: [Double]
    private(set) var identity: RowHeightTree
    private(set) var previous: RowHeightTree
    private(set) var next: RowHeightTree
    let columns: Int

    /// Builds the trees in O(n).
    init(_ values: [Double], columns: Int) {
        self.values = values
        self.columns = columns
        identity = RowHeightTree(Self.rowMaxima(values, columns: columns, shift: 0))
        previous = RowHeightTree(Self.rowMaxima(values, columns: columns, shift: -1))
        next = RowHeightTree(Self.rowMaxima(values, columns: columns, shift: 1))
    }

    /// Row maxima where slot s shows item s + shift, over enough rows for
    /// `values.count + 1` slots (missing items count as 0).
    private static func rowMaxima(_ values: [Double], columns: Int, shift: Int, fromRow: Int = 0) -> [Double] {
        let n = values.count
        let rows = (n + 1 + columns - 1) / columns
        let count = max(0, rows - fromRow)
        return [Double](unsafeUninitializedCapacity: count) { out, initialized in
            values.withUnsafeBufferPointer { v in
                var first = fromRow * columns + shift  // the item slot 0 of the row shows
                for i in 0..<count {
                    var best = 0.0
                    let lower = max(0, first), upper = min(n, first + columns)
                    var k = lower
                    while k < upper {
                        if v[k] > best { best = v[k] }
                        k += 1
                    }
                    out[i] = best
                    first += columns
                }
            }
            initialized = count
        }
    }

    /// Inserts an item's height, recomputing only the rows from the
    /// insertion on.
    /// - Complexity: O(n − item) for the rows after it, plus O(n / 64).
    mutating func insert(_ height: Double, at item: Int) {
        values.insert(height, at: item)
        refreshRows(fromItem: item)
    }

    /// Removes an item's height, recomputing only the rows from it on.
    /// - Complexity: O(n − item) for the rows after it, plus O(n / 64).
    mutating func remove(at item: Int) -> Double {
        let height = values.remove(at: item)
        refreshRows(fromItem: item)
        return height
    }

    /// Removes the heights at `gone` (ascending, distinct) and then inserts
    /// `inserts` (ascending after-indices) in one pass, recomputing the rows
    /// from the first change on once.
    /// - Complexity: O(n − first) for the items after the first change.
    mutating func edit(removing gone: [Int], inserting inserts: [(at: Int, height: Double)]) {
        guard let first = [gone.first, inserts.first?.at].compactMap({ $0 }).min() else { return }
        var out = Array(values[..<first])
        out.reserveCapacity(values.count - gone.count + inserts.count)
        var g = gone.startIndex, n = inserts.startIndex
        for k in first..<values.count {
            if g < gone.endIndex, gone[g] == k { g += 1; continue }
            while n < inserts.endIndex, inserts[n].at == out.count { out.append(inserts[n].height); n += 1 }
            out.append(values[k])
        }
        while n < inserts.endIndex, inserts[n].at == out.count { out.append(inserts[n].height); n += 1 }
        values = out
        refreshRows(fromItem: first)
    }

    /// Recomputes every row that shows `item` or a later item in any of the
    /// three trees (slot `item − 1` onwards, for the tree shifted earlier).
    private mutating func refreshRows(fromItem item: Int) {
        let row = max(0, item - 1) / columns
        identity.replaceRows(from: row, with: Self.rowMaxima(values, columns: columns, shift: 0, fromRow: row))
        previous.replaceRows(from: row, with: Self.rowMaxima(values, columns: columns, shift: -1, fromRow: row))
        next.replaceRows(from: row, with: Self.rowMaxima(values, columns: columns, shift: 1, fromRow: row))
    }

    /// The tree for items shifted by `delta` slots (`item = slot + delta`).
    func tree(delta: Int) -> RowHeightTree { delta < 0 ? previous : (delta > 0 ? next : identity) }

    /// Changes one item's height, updating the three rows it belongs to.
    /// - Complexity: O(columns + log n).
    mutating func setHeight(_ height: Double, at item: Int) {
        guard item >= 0, item < values.count else { return }
        values[item] = height
        for shift in -1...1 {
            let slot = item - shift
            guard slot >= 0 else { continue }
            let row = slot / columns
            var best = 0.0
            for s in (row * columns)..<(row * columns + columns) {
                let k = s + shift
                if k >= 0, k < values.count, values[k] > best { best = values[k] }
            }
            if shift < 0 {
                previous.set(row, to: best)
            } else if shift == 0 {
                identity.set(row, to: best)
            } else {
                next.set(row, to: best)
            }
        }
    }
}
