import GripperGeometry

extension GridLayout {
    /// Follows a batch of item changes at once: removes the items at
    /// `removals` (index paths before the batch), then inserts items at
    /// `insertions` (index paths after it, with their heights — used in a
    /// section with per-item heights, its row height when nil), the way a
    /// ``ItemPath``-ordered batch update applies. Everything is checked
    /// first; a ``LayoutError`` leaves the layout unchanged.
    ///
    /// ```swift
    /// try layout.applyItemChanges(removing: [ItemPath(section: 0, item: 3)],
    ///                             inserting: [(ItemPath(section: 0, item: 0), nil)])
    /// ```
    /// - Complexity: O(k log k + sections) for k changes in sections of
    ///   fixed row height (arithmetic); one pass over the items from the
    ///   first change to the end of a section with per-item heights.
    public mutating func applyItemChanges(removing removals: [ItemPath],
                                          inserting insertions: [(indexPath: ItemPath, height: Double?)]) throws {
        var gone: [Int: [Int]] = [:]
        for p in removals {
            guard sections.indices.contains(p.section), p.item >= 0, p.item < sections[p.section].count else {
                throw LayoutError(path: "applyItemChanges.removing", problem: "\(p) is not an item")
            }
            gone[p.section, default: []].append(p.item)
        }
        for s in gone.keys {
            gone[s]!.sort()
            for k in gone[s]!.indices.dropFirst() where gone[s]![k] == gone[s]![k - 1] {
                throw LayoutError(path: "applyItemChanges.removing", problem: "\(ItemPath(section: s, item: gone[s]![k])) twice")
            }
        }
        var added: [Int: [(at: Int, height: Double)]] = [:]
        let sorted = insertions.sorted { $0.indexPath < $1.indexPath }
        var start = 0
        while start < sorted.count {
            let s = sorted[start].indexPath.section
            guard sections.indices.contains(s) else {
                throw LayoutError(path: "applyItemChanges.inserting", problem: "section \(s) does not exist")
            }
            var end = start
            var list: [(at: Int, height: Double)] = []
            while end < sorted.count, sorted[end].indexPath.section == s {
                let (p, height) = sorted[end]
                if let height {
                    do {
                        try LayoutError.checkLength(height, path: "applyItemChanges.inserting")
                    } catch {
                        throw LayoutError(path: error.path, problem: "height at \(p) \(error.problem)")
                    }
                }
                list.append((p.item, height ?? sections[s].metrics.rowHeight))
                end += 1
            }
            added[s] = list
            start = end
        }
        for (s, list) in added {
            let after = sections[s].count - (gone[s]?.count ?? 0) + list.count
            guard after <= Self.maximumItemsPerSection else {
                throw LayoutError(path: "applyItemChanges.inserting", problem: "section \(s) is full")
            }
            for (k, insert) in list.enumerated() where insert.at < 0 || insert.at >= after || (k > 0 && list[k - 1].at == insert.at) {
                throw LayoutError(path: "applyItemChanges.inserting",
                                  problem: "\(ItemPath(section: s, item: insert.at)) is outside 0..<\(after) or twice")
            }
        }
        let touched = Set(gone.keys).union(added.keys)
        guard let first = touched.min() else { return }
        // What each section lost, to put back if the content grows too long.
        var lost: [Int: [(at: Int, height: Double)]] = [:]
        for s in touched {
            let removed = gone[s] ?? []
            let inserted = added[s] ?? []
            if let values = sections[s].heights?.values { lost[s] = removed.map { ($0, values[$0]) } }
            sections[s].count += inserted.count - removed.count
            sections[s].heights?.edit(removing: removed, inserting: inserted)
        }
        try settle(from: first, path: "applyItemChanges") { layout in
            for s in touched {
                let removed = gone[s] ?? []
                let inserted = added[s] ?? []
                layout.sections[s].count -= inserted.count - removed.count
                layout.sections[s].heights?.edit(removing: inserted.map(\.at), inserting: lost[s] ?? [])
            }
        }
    }
}
