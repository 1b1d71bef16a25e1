@testable import GripperLayout
import GripperScripting
import GripperTesting
import Testing

@Suite struct RowHeightTreeTests {
    @Test(arguments: 0..<50)
    func prefixSearchAndUpdateAgreeWithPlainSums(seed: Int) {
        var g = SeededGenerator(seed: UInt64(seed))
        var values = (0..<g.int(0...300)).map { _ in g.half(0, 50) }
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

@Suite struct ItemHeightsTests {
    @Test(arguments: 0..<30)
    func inPlaceEditsEqualAFreshBuild(seed: Int) {
        var g = SeededGenerator(seed: UInt64(seed))
        let columns = g.int(1...4)
        var model = (0..<g.int(0...500)).map { _ in g.half(0, 100) }
        var heights = ItemHeights(model, columns: columns)
        for step in 0..<40 {
            switch g.int(0...2) {
            case 0:
                let k = g.int(0...model.count), h = g.half(0, 100)
                model.insert(h, at: k)
                heights.insert(h, at: k)
            case 1 where !model.isEmpty:
                let k = g.int(0...(model.count - 1))
                #expect(heights.remove(at: k) == model.remove(at: k), "seed \(seed) step \(step)")
            default:
                guard !model.isEmpty else { continue }
                let k = g.int(0...(model.count - 1)), h = g.half(0, 100)
                model[k] = h
                heights.setHeight(h, at: k)
            }
            let fresh = ItemHeights(model, columns: columns)
            #expect(heights.values == model, "seed \(seed) step \(step)")
            for delta in -1...1 {
                let a = heights.tree(delta: delta), b = fresh.tree(delta: delta)
                #expect(a.values == b.values, "seed \(seed) step \(step) shift \(delta)")
                let rows = (0..<8).map { _ in g.int(0...a.count) } + [a.count]
                #expect(rows.allSatisfy { a.prefix($0) == b.prefix($0) }, "seed \(seed) step \(step) shift \(delta)")
            }
        }
    }

    /// A walk over rows gets each row's prefix from the one before, bit for
    /// bit what `prefix(_:)` gives (the attributes walk places rows so, and
    /// visibleCell by `prefix(_:)`): over fractional, thin and huge rows,
    /// and after height changes have made the block sums drift.
    @Test(arguments: 0..<20)
    func theNextPrefixIsThePrefix(seed: Int) {
        var g = SeededGenerator(seed: UInt64(seed) &+ 77)
        let n = g.int(1...700)
        var tree = RowHeightTree((0..<n).map { _ in
            [g.next(in: 0...90), 1e-300, 0.1, 0x1p40, g.half(0, 60)][g.int(0...4)]
        })
        for _ in 0..<g.int(0...300) { tree.set(g.int(0...(n - 1)), to: g.next(in: 0...120)) }
        var sum = tree.prefix(0)
        for r in 0..<n {
            sum = tree.prefix(after: r, given: sum)
            #expect(sum.bitPattern == tree.prefix(r + 1).bitPattern, "seed \(seed) row \(r)")
        }
    }
}
