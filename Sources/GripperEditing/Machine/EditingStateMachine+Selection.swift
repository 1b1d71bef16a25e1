import GripperLayout

extension EditingStateMachine {
    /// After `batch` changed the model: drops selected items it deleted and
    /// finds where the others went.
    ///
    /// A batch of item changes is followed path by path — a selected item
    /// that moved goes to its destination, one that stayed shifts down by the
    /// removals before it in its section and up by the insertions before its
    /// new place — so a commit costs the selection, not the model. A batch
    /// that changes sections (a reload) is followed by a scan of the model.
    /// - Complexity: O(s × (log k + i)) for s selected items, k operations
    ///   and i insertions in a section; O(n) for a batch with section changes;
    ///   O(1) with nothing selected.
    mutating func pruneSelection(after batch: BatchUpdate, effects: inout [EditingEffect]) {
        guard !selection.isEmpty else { return }
        var removed: [Int: [Int]] = [:]
        var inserted: [Int: [Int]] = [:]
        var movedTo: [ItemPath: ItemPath] = [:]
        var paths = Set<ItemPath>()
        for op in batch.operations {
            switch op {
            case .deleteItem(let p): removed[p.section, default: []].append(p.item)
            case .insertItem(let id, let q):
                inserted[q.section, default: []].append(q.item)
                // A selected identity deleted and inserted again in one batch stays selected.
                if selection.contains(id) { paths.insert(q) }
            case .moveItem(let p, let q):
                removed[p.section, default: []].append(p.item)
                inserted[q.section, default: []].append(q.item)
                movedTo[p] = q
            case .reloadItem: continue
            case .deleteSection, .insertSection:
                rescanSelection(effects: &effects)
                return
            }
        }
        for key in removed.keys { removed[key]?.sort() }
        for key in inserted.keys { inserted[key]?.sort() }
        for p in selectedPaths {
            if let q = movedTo[p] {
                paths.insert(q)
                continue
            }
            let gone = removed[p.section] ?? []
            let before = Self.countBelow(p.item, in: gone)
            if before < gone.count, gone[before] == p.item { continue }  // deleted
            var item = p.item - before
            for q in inserted[p.section] ?? [] {
                guard q <= item else { break }
                item += 1
            }
            paths.insert(ItemPath(section: p.section, item: item))
        }
        var kept = Set<ItemID>()
        kept.reserveCapacity(paths.count)
        for p in paths {
            if let id = model.item(at: p) { kept.insert(id) }
        }
        selectedPaths = paths
        if kept != selection {
            selection = kept
            effects.append(.selectionChanged(selection))
        }
    }

    /// How many of `sorted` are less than `value` (binary search).
    private static func countBelow(_ value: Int, in sorted: [Int]) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Finds every selected item in the model again, dropping those it no
    /// longer holds.
    /// - Complexity: O(n).
    private mutating func rescanSelection(effects: inout [EditingEffect]) {
        var kept = Set<ItemID>()
        var paths = Set<ItemPath>()
        for (s, section) in model.sections.enumerated() {
            for (i, id) in section.items.enumerated() where selection.contains(id) {
                kept.insert(id)
                paths.insert(ItemPath(section: s, item: i))
            }
        }
        selectedPaths = paths
        if kept != selection {
            selection = kept
            effects.append(.selectionChanged(selection))
        }
    }
}
