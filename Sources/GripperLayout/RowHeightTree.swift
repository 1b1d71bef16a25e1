import GripperGeometry

/// Row heights with prefix sums and the row at an offset: a Fenwick (binary
/// indexed) tree over blocks of 64 rows, and the rows themselves. A question
/// walks the small block tree (it stays in cache even at a million rows) and
/// then scans at most one block of contiguous values, so it costs
/// O(log n + 64) with one or two cache misses instead of one per tree level.
/// One row's change costs O(log n); building costs O(n).
struct RowHeightTree: Sendable {
    private static let shift = 6
    private static let block = 1 << shift

    /// Each row's height, as last set.
    private(set) var values: [Double]
    /// Fenwick partial sums of block sums; `blocks[i]` covers blocks
    /// `(i + 1 - lowbit(i + 1)) ... i`.
    private var blocks: [Double]

    /// Builds the tree over `values` in O(n).
    init(_ values: [Double]) {
        self.values = values
        self.blocks = []
        rebuildBlocks()
    }

    /// Replaces the rows from `row` on with `tail` (in place).
    /// - Complexity: O(n): a tight sum over the rows.
    mutating func replaceRows(from row: Int, with tail: [Double]) {
        values.removeSubrange(min(row, values.count)...)
        values.append(contentsOf: tail)
        rebuildBlocks()
    }

    /// Recomputes the block tree from the values, reusing its storage.
    private mutating func rebuildBlocks() {
        let n = values.count
        let count = (n + Self.block - 1) >> Self.shift
        if blocks.count != count {
            blocks = [Double](repeating: 0, count: count)
        }
        values.withUnsafeBufferPointer { v in
            blocks.withUnsafeMutableBufferPointer { t in
                for i in 0..<count { t[i] = 0 }
                for i in 0..<n { t[i >> Self.shift] += v[i] }
                for i in 0..<count {
                    let parent = i | (i + 1)
                    if parent < count { t[parent] += t[i] }
                }
            }
        }
    }

    var count: Int { values.count }

    /// The sum of the first `rows` values (clamped to the tree's size).
    /// - Complexity: O(log n + 64).
    func prefix(_ rows: Int) -> Double {
        let r = max(0, min(rows, values.count))
        let fullBlocks = r >> Self.shift
        var sum = 0.0
        blocks.withUnsafeBufferPointer { t in
            var i = fullBlocks - 1
            while i >= 0 {
                sum += t[i]
                i = (i & (i + 1)) - 1
            }
        }
        values.withUnsafeBufferPointer { v in
            var k = fullBlocks << Self.shift
            while k < r {
                sum += v[k]
                k += 1
            }
        }
        return sum
    }

    /// `prefix(r + 1)` from `sum`, which must be `prefix(r)`: bit for bit
    /// the same, in O(1) when row `r + 1` starts no new block (the block
    /// part of both sums is the same and the scan adds row `r` last), by
    /// ``prefix(_:)`` otherwise. A walk over rows gets every row's
    /// ``prefix(_:)`` without a tree walk per row.
    /// - Complexity: O(1); O(log n + 64) once every 64 rows.
    @inline(__always) func prefix(after r: Int, given sum: Double) -> Double {
        let next = r + 1
        guard next & (Self.block - 1) != 0, r >= 0, next <= values.count else { return prefix(next) }
        return sum + values[r]
    }

    /// The sum of values in `lower..<upper`.
    /// - Complexity: O(log n + 64).
    func sum(_ lower: Int, _ upper: Int) -> Double {
        upper > lower ? prefix(upper) - prefix(lower) : 0
    }

    /// The largest `r` in `0...count` with `prefix(r) + r × spacing <= target`
    /// (0 when `target` is negative).
    /// - Complexity: O(log n + 64).
    func search(_ target: Double, spacing: Double) -> Int {
        let n = values.count
        let count = blocks.count
        guard n > 0, target >= 0 else { return 0 }
        var step = 1
        while step <= count / 2 { step <<= 1 }
        var pos = 0
        var remaining = target
        blocks.withUnsafeBufferPointer { t in
            while step > 0 {
                let next = pos + step
                if next <= count {
                    let rows = min(next << Self.shift, n) - (pos << Self.shift)
                    let span = t[next - 1] + Double(rows) * spacing
                    if span <= remaining {
                        pos = next
                        remaining -= span
                    }
                }
                step >>= 1
            }
        }
        var r = min(pos << Self.shift, n)
        values.withUnsafeBufferPointer { v in
            while r < n {
                let span = v[r] + spacing
                if span > remaining { break }
                remaining -= span
                r += 1
            }
        }
        return r
    }

    /// Sets row `index` to `value`.
    /// - Complexity: O(log n).
    mutating func set(_ index: Int, to value: Double) {
        guard index >= 0, index < values.count else { return }
        let delta = value - values[index]
        values[index] = value
        guard delta != 0 else { return }
        var i = index >> Self.shift
        let n = blocks.count
        while i < n {
            blocks[i] += delta
            i = i | (i + 1)
        }
    }
}
