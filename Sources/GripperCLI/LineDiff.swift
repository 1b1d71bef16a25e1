/// A line diff for `--expect` mismatches: the longest common subsequence of
/// lines, printed as ` ` (same), `-` (expected only) and `+` (actual only),
/// with two lines of context around each change.
enum LineDiff {
    /// The diff's lines; empty when the texts are equal.
    static func lines(expected: String, actual: String) -> [String] {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard a != b else { return [] }
        // Beyond this size the quadratic table is too big: show the first difference only.
        guard a.count * b.count <= 4_000_000 else {
            let i = zip(a, b).prefix { $0 == $1 }.count
            return ["@@ line \(i + 1)", "-" + (i < a.count ? a[i] : "(end)"), "+" + (i < b.count ? b[i] : "(end)")]
        }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var ops: [(Character, String)] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                ops.append((" ", a[i])); i += 1; j += 1
            } else if j < b.count, i == a.count || table[i][j + 1] >= table[i + 1][j] {
                ops.append(("+", b[j])); j += 1
            } else {
                ops.append(("-", a[i])); i += 1
            }
        }
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
