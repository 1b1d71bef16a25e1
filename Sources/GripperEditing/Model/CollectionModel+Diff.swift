import GripperLayout

extension CollectionModel {
    /// The batch that turns this model into `target`, with moves, so that a
    /// reload can still be animated.
    ///
    /// Sections are matched by identity. A section of both models keeps its
    /// place when it is in the longest run of shared sections whose relative
    /// order is unchanged; any other shared section is deleted and inserted
    /// again. Items are matched by identity: in a kept section, the items that
    /// stay are a longest increasing subsequence of their new positions, so
    /// the number of moves is minimal; every other shared item moves. Items
    /// only in this model are deleted, items only in `target` inserted (an
    /// inserted section carries its items).
    ///
    /// `try! applying(diff(to: target)) == target` holds for any two models.
    /// - Complexity: O(n log n) in the number of items.
    public func diff(to target: CollectionModel) -> BatchUpdate {
        // Sections: keep the shared ones whose order is a longest increasing run.
        var newSectionIndex: [SectionID: Int] = [:]
        for (s, section) in target.sections.enumerated() { newSectionIndex[section.id] = s }
        var sharedOld: [Int] = []          // old indices of shared sections, in old order
        var sharedNewPositions: [Int] = [] // their new indices
        for (s, section) in sections.enumerated() {
            if let n = newSectionIndex[section.id] {
                sharedOld.append(s)
                sharedNewPositions.append(n)
            }
        }
        let keptSectionRun = Self.longestIncreasingSubsequence(sharedNewPositions)
        var oldToNewSection: [Int: Int] = [:]  // kept sections only
        for k in keptSectionRun { oldToNewSection[sharedOld[k]] = sharedNewPositions[k] }
        let keptNewSections = Set(oldToNewSection.values)

        var operations: [BatchUpdate.Operation] = []
        for s in sections.indices where oldToNewSection[s] == nil {
            operations.append(.deleteSection(s))
        }
        for (s, section) in target.sections.enumerated() where !keptNewSections.contains(s) {
            operations.append(.insertSection(section, at: s))
        }

        // A kept section whose items did not change needs no work: its items
        // (unique in both models) are nowhere else.
        var unchangedNew = Set<Int>()
        for (old, new) in oldToNewSection where sections[old].items == target.sections[new].items {
            unchangedNew.insert(new)
        }

        // Items: where each lives in the target, if in a kept section.
        var newPlace: [ItemID: ItemPath] = [:]
        for s in keptNewSections where !unchangedNew.contains(s) {
            for (i, id) in target.sections[s].items.enumerated() { newPlace[id] = ItemPath(section: s, item: i) }
        }
        var oldPlaceInKept = Set<ItemID>()
        for (s, section) in sections.enumerated() {
            guard let newSection = oldToNewSection[s], !unchangedNew.contains(newSection) else { continue }
            var stayingCandidates: [Int] = []   // old item indices
            var candidateNewItems: [Int] = []
            for (i, id) in section.items.enumerated() {
                oldPlaceInKept.insert(id)
                let from = ItemPath(section: s, item: i)
                guard let to = newPlace[id] else {
                    operations.append(.deleteItem(from))
                    continue
                }
                if to.section == newSection {
                    stayingCandidates.append(i)
                    candidateNewItems.append(to.item)
                } else {
                    operations.append(.moveItem(from: from, to: to))
                }
            }
            let staying = Set(Self.longestIncreasingSubsequence(candidateNewItems))
            for (k, i) in stayingCandidates.enumerated() where !staying.contains(k) {
                operations.append(.moveItem(from: ItemPath(section: s, item: i),
                                            to: ItemPath(section: newSection, item: candidateNewItems[k])))
            }
        }
        for s in keptNewSections.sorted() where !unchangedNew.contains(s) {
            for (i, id) in target.sections[s].items.enumerated() where !oldPlaceInKept.contains(id) {
                operations.append(.insertItem(id, at: ItemPath(section: s, item: i)))
            }
        }
        return BatchUpdate(operations)
    }

    /// The positions (indices into `values`) of a longest strictly increasing
    /// subsequence of `values`, ascending.
    /// - Complexity: O(n log n).
    static func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
        guard !values.isEmpty else { return [] }
        var tails: [Int] = []              // index into values of the tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (i, v) in values.enumerated() {
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if values[tails[mid]] < v { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { previous[i] = tails[lo - 1] }
            if lo == tails.count { tails.append(i) } else { tails[lo] = i }
        }
        var result: [Int] = []
        var k = tails.last ?? -1
        while k >= 0 {
            result.append(k)
            k = previous[k]
        }
        return result.reversed()
    }
}
