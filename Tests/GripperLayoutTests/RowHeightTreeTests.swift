@testable import GripperLayout
import Testing

@Suite struct RowHeightTreeTests {
    @Test(arguments: 0..<50)
    func prefixSearchAndUpdateAgreeWithPlainSums(seed: Int) {
        var g = SeededGenerator(seed: UInt64(seed))
        var values = (0..<g.int(0...70)).map { _ in g.half(0, 50) }
        var tree = RowHeightTree(values)
        let spacing = g.half(0, 4)
        for _ in 0..<20 {
            if !values.isEmpty, g.chance(0.5) {
                let i = g.int(0...(values.count - 1))
                values[i] = g.half(0, 50)
                tree.set(i, to: values[i])
            }
            for r in 0...values.count {
                #expect(tree.prefix(r) == values[..<r].reduce(0, +), "seed \(seed)")
            }
            let target = g.half(-5, 2000)
            let expected = (0...values.count).last { values[..<$0].reduce(0, +) + Double($0) * spacing <= target } ?? 0
            #expect(tree.search(target, spacing: spacing) == expected, "seed \(seed) target \(target)")
        }
    }
}
