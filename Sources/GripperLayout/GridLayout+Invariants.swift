import GripperGeometry

extension GridLayout {
    /// Checks the layout's internal consistency: section tops and heights
    /// agree with a fresh measurement, and every row tree agrees with the
    /// item heights it was built from. Returns what is wrong (empty when all
    /// is well). O(n): for tests and debug checks, never per frame.
    public func _checkInvariants() -> [String] {
        var problems: [String] = []
        var y = metrics.globalHeaderHeight
        guard sectionTops.count == sections.count, sectionHeights.count == sections.count else {
            return ["\(sectionTops.count) tops and \(sectionHeights.count) heights for \(sections.count) sections"]
        }
        for (s, store) in sections.enumerated() {
            if sectionTops[s] != y { problems.append("sections[\(s)]: top \(sectionTops[s]), expected \(y)") }
            let h = Self.sectionHeight(view(section: s, arrangement: .resting(count: store.count)))
            if sectionHeights[s] != h { problems.append("sections[\(s)]: height \(sectionHeights[s]), expected \(h)") }
            y += h
            guard let heights = store.heights else { continue }
            if heights.values.count != store.count {
                problems.append("sections[\(s)]: \(heights.values.count) heights for \(store.count) items")
            }
            let fresh = ItemHeights(heights.values, columns: store.metrics.columns)
            for delta in -1...1 where heights.tree(delta: delta).values != fresh.tree(delta: delta).values {
                problems.append("sections[\(s)]: row tree for shift \(delta) disagrees with the item heights")
            }
        }
        return problems
    }
}
