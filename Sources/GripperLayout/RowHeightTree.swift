import GripperGeometry

/// A Fenwick (binary indexed) tree of row heights: prefix sums and the row
/// at an offset in O(log n), one row's change in O(log n), built in O(n).
struct RowHeightTree: Sendable {
    /// Each row's height, as last set.
    private(set) var values: [Double]
    /// Fenwick partial sums; `tree[i]` covers rows `(i + 1 - lowbit(i + 1)) ... i`.
    private var tree: [Double]

    /// Builds the tree over `values` in O(n).
    init(_ values: [Double]) {
        self.values = values
        var tree = values
        let n = tree.count
        tree.withUnsafeMutableBufferPointer { t in
            for i in 0..<n {
                let parent = i | (i + 1)
                if parent < n { t[parent] += t[i] }
            }
        }
        self.tree = tree
    }

    var count: Int { values.count }

    /// The sum of the first `rows` values (clamped to the tree's size).
    /// - Complexity: O(log n).
    func prefix(_ rows: Int) -> Double {
        var i = min(rows, tree.count) - 1
        var sum = 0.0
        tree.withUnsafeBufferPointer { t in
            while i >= 0 {
                sum += t[i]
                i = (i & (i + 1)) - 1
            }
        }
        return sum
    }

    /// The sum of values in `lower..<upper`.
    /// - Complexity: O(log n).
    func sum(_ lower: Int, _ upper: Int) -> Double {
        upper > lower ? prefix(upper) - prefix(lower) : 0
    }

    /// The largest `r` in `0...count` with `prefix(r) + r × spacing <= target`
    /// (0 when `target` is negative).
    /// - Complexity: O(log n).
    func search(_ target: Double, spacing: Double) -> Int {
        let n = tree.count
        guard n > 0, target >= 0 else { return 0 }
        var step = 1
        while step <= n / 2 { step <<= 1 }
        var pos = 0
        var remaining = target
        tree.withUnsafeBufferPointer { t in
            while step > 0 {
                let next = pos + step
                if next <= n {
                    let span = t[next - 1] + Double(step) * spacing
                    if span <= remaining {
                        pos = next
                        remaining -= span
                    }
                }
                step >>= 1
            }
        }
        return pos
    }

    /// Sets row `index` to `value`.
    /// - Complexity: O(log n).
    mutating func set(_ index: Int, to value: Double) {
        guard index >= 0, index < values.count else { return }
        let delta = value - values[index]
        values[index] = value
        guard delta != 0 else { return }
        var i = index
        let n = tree.count
        while i < n {
            tree[i] += delta
            i = i | (i + 1)
        }
    }
}
