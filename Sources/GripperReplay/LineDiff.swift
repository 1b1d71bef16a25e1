/// A line diff of an expected text and an actual one: the longest common
/// subsequence of lines, printed as ` ` (same), `-` (expected only) and `+`
/// (actual only), with two lines of context around each change and `…`
/// where unchanged lines are left out. What `gripper replay --expect`,
/// `gripper test` and `assertReplay` show.
public enum LineDiff {
    /// The most cells of the quadratic table; past it only the first
    /// difference is shown (memory stays under 32 MB whatever the texts).
    static let tableLimit = 4_000_000

    /// The diff's lines; empty when the texts are equal.
    /// - Complexity: O(n + m) for the common head and tail, plus O(k·l) for
    ///   the k and l lines between them (bounded by `tableLimit`).
    public static func lines(expected: String, actual: String) -> [String] {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard a != b else { return [] }
        // The common head and tail need no table.
        let head = zip(a, b).prefix { $0 == $1 }.count
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        let ma = Array(a[head..<(a.count - tail)]), mb = Array(b[head..<(b.count - tail)])
        var ops: [(Character, String)] = a[..<head].map { (" ", $0) }
        // Beyond this size the quadratic table is too big: show the first difference only.
        guard ma.count * mb.count <= tableLimit else {
            return ["@@ line \(head + 1)", "-" + (ma.first ?? "(end)"), "+" + (mb.first ?? "(end)")]
        }
        var table = Array(repeating: Array(repeating: 0, count: mb.count + 1), count: ma.count + 1)
        for i in stride(from: ma.count - 1, through: 0, by: -1) {
            for j in stride(from: mb.count - 1, through: 0, by: -1) {
                table[i][j] = ma[i] == mb[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var i = 0, j = 0
        while i < ma.count || j < mb.count {
            if i < ma.count, j < mb.count, ma[i] == mb[j] {
                ops.append((" ", ma[i])); i += 1; j += 1
            } else if i < ma.count, j == mb.count || table[i + 1][j] >= table[i][j + 1] {
                // What was expected first, then what came instead.
                ops.append(("-", ma[i])); i += 1
            } else {
                ops.append(("+", mb[j])); j += 1
            }
        }
        ops += a[(a.count - tail)...].map { (" ", $0) }
        var keep = Array(repeating: false, count: ops.count)
        for (k, op) in ops.enumerated() where op.0 != " " {
            for m in max(0, k - 2)...min(ops.count - 1, k + 2) { keep[m] = true }
        }
        var out: [String] = []
        var skipped = false
        for (k, op) in ops.enumerated() {
            if keep[k] {
                if skipped { out.append("…"); skipped = false }
                out.append(String(op.0) + op.1)
            } else {
                skipped = true
            }
        }
        return out
    }
}
