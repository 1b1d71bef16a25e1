import GripperLayout

extension CollectionModel {
    /// Applies a batch whole, or throws and leaves the model as it was.
    ///
    /// See ``BatchUpdate`` for the ordering rules.
    /// - Throws: ``BatchUpdateError`` naming the first operation at fault and why.
    /// - Complexity: O(s + k log k) to check it, for s sections and k
    ///   operations, plus the changes in place: O(m) moves of memory in a
    ///   touched section of m items (a copy of it when its storage is
    ///   shared), O(p + k) over the p runs of a large section read from a
    ///   data source (see ``SectionItems``); plus, when the batch inserts,
    ///   a read of the identities the model holds itself and one question
    ///   per new identity to a data source that locates items
    ///   (``CollectionDataSource/locatesItems``; O(n) reads of one that
    ///   does not).
    public mutating func apply(_ batch: BatchUpdate) throws(BatchUpdateError) {
        try apply(batch, checkingIdentities: true)
    }

    /// The model after `batch`, or the error that rejects it.
    /// - Complexity: as ``apply(_:)``.
    public func applying(_ batch: BatchUpdate) throws(BatchUpdateError) -> CollectionModel {
        try applying(batch, checkingIdentities: true)
    }

    /// The model after `batch`; see ``apply(_:checkingIdentities:)``.
    func applying(_ batch: BatchUpdate, checkingIdentities: Bool) throws(BatchUpdateError) -> CollectionModel {
        var copy = self
        try copy.apply(batch, checkingIdentities: checkingIdentities)
        return copy
    }

    /// Applies `batch` in place, whole or not at all: the whole batch is
    /// checked before anything changes. With `checkingIdentities` false the
    /// check for identities the batch brings in twice is skipped — only
    /// for a batch already known to keep identities unique on this model
    /// (the journal's undo and redo, whose batches were valid on exactly
    /// this model).
    /// - Complexity: O(s + k log k) to check, plus the changes: a few
    ///   removals or inserts in a section are array removes and inserts in
    ///   place (a move of memory, no copy of the items when the model's
    ///   storage is not shared), many are one pass over that section (O(p +
    ///   k) over the runs of a large section); plus the identity check of an
    ///   inserting batch (see ``apply(_:)``).
    mutating func apply(_ batch: BatchUpdate, checkingIdentities: Bool) throws(BatchUpdateError) {
        if batch.isEmpty { return }
        let plan = try plan(batch, checkingIdentities: checkingIdentities)
        try prepareSections(touchedBy: plan, batch: batch)
        if heldIDs != nil {
            for id in heldIdentities(leaving: plan.removed, deletedSections: plan.deletedSections) { heldIDs?.remove(id) }
        }
        // Item removals at before-paths, in sections that stay (moved ones included).
        for (s, gone) in plan.removed where !plan.deletedSections.contains(s) {
            if sections[s].items.remove(sortedIndices: gone.sorted()) { holdAll(ofSection: s) }
        }
        // Section deletes and moves' sources (before-indices, descending),
        // then section inserts and moves' destinations (after-indices,
        // ascending), then item inserts (after-paths, ascending, a
        // section's at once); validated to land inside. A moved section
        // keeps its identities (held or read from its source) as they are.
        var placed: [(at: Int, section: CollectionSection, inserted: Bool)] =
            plan.sectionInserts.map { ($0.at, $0.section, true) }
        if !plan.movedSections.isEmpty {
            placed += plan.movedSections.map { ($0.to, sections[$0.from], false) }
            placed.sort { $0.at < $1.at }
        }
        var leaving = plan.deletedSections
        for move in plan.movedSections { leaving.insert(move.from) }
        for s in leaving.sorted(by: >) { sections.remove(at: s) }
        for place in placed {
            sections.insert(place.section, at: place.at)
            if place.inserted { holdAll(ofSection: place.at) }
        }
        var start = 0
        while start < plan.itemInserts.count {
            let s = plan.itemInserts[start].to.section
            var end = start + 1
            while end < plan.itemInserts.count, plan.itemInserts[end].to.section == s { end += 1 }
            let inserts = plan.itemInserts[start..<end]
            if sections[s].items.insert(sorted: inserts.map { ($0.to.item, $0.id) }) {
                holdAll(ofSection: s)
            } else if heldIDs != nil {
                for insert in inserts { heldIDs?.insert(insert.id) }
            }
            start = end
        }
    }

    /// Adds every identity section `s` holds to ``heldIDs`` (when kept).
    /// - Complexity: O(held in the section).
    private mutating func holdAll(ofSection s: Int) {
        guard heldIDs != nil else { return }
        var ids: [ItemID] = []
        sections[s].items.forEachHeld { ids.append($1) }
        for id in ids { heldIDs?.insert(id) }
    }

    /// The held identities a batch takes out of the model: those of the
    /// held items at `removed` (before-paths) and of every held item of a
    /// deleted section.
    /// - Complexity: O(k log p) for k removals, plus O(held) per deleted section.
    private func heldIdentities(leaving removed: [Int: Set<Int>], deletedSections: Set<Int>) -> [ItemID] {
        var ids: [ItemID] = []
        for (s, gone) in removed where !deletedSections.contains(s) {
            for i in gone { if let id = sections[s].items.heldID(at: i) { ids.append(id) } }
        }
        for s in deletedSections { sections[s].items.forEachHeld { ids.append($1) } }
        return ids
    }

    /// Readies the sections whose items `plan` removes from or inserts into,
    /// before any change: a small lazy view is copied into an array,
    /// checked; a large one (or runs over a source) has its source's count
    /// checked (see ``SectionItems/prepareForEdit(sectionIndex:)``). A
    /// contradiction leaves the model as it was: only lazy views became
    /// equal arrays.
    /// - Throws: a ``BatchUpdateError`` whose reason is
    ///   ``BatchUpdateError/Reason/dataSource(_:)``, naming the first
    ///   operation that touches the section.
    /// - Complexity: O(s) to map sections, plus O(m) reads per small lazy
    ///   section touched.
    private mutating func prepareSections(touchedBy plan: Plan, batch: BatchUpdate) throws(BatchUpdateError) {
        guard sections.contains(where: { $0.items.source != nil }) else { return }
        let beforeIndex = plan.beforeIndex
        var touched = Set(plan.removed.keys.filter { !plan.deletedSections.contains($0) })
        for insert in plan.itemInserts { if let s = beforeIndex[insert.to.section] { touched.insert(s) } }
        for s in touched.sorted() where sections[s].items.source != nil {
            do {
                if try sections[s].items.prepareForEdit(sectionIndex: s) { holdAll(ofSection: s) }
            } catch {
                let index = batch.operations.firstIndex { Self.touches($0, section: s, beforeIndex: beforeIndex) } ?? 0
                throw BatchUpdateError(operationIndex: index, operation: batch.operations[index], reason: .dataSource(error))
            }
        }
    }

    /// Whether `op` removes from or inserts into the section at before-index `s`.
    private static func touches(_ op: BatchUpdate.Operation, section s: Int, beforeIndex: [Int?]) -> Bool {
        func after(_ p: ItemPath) -> Bool { beforeIndex.indices.contains(p.section) && beforeIndex[p.section] == s }
        switch op {
        case .deleteItem(let p): return p.section == s
        case .reloadItem: return false
        case .moveItem(let p, let q): return p.section == s || after(q)
        case .insertItem(_, let q): return after(q)
        case .deleteSection, .insertSection, .moveSection, .reloadSection: return false
        }
    }

    /// What a valid batch does, worked out without changing anything.
    private struct Plan {
        /// Sections deleted (before-indices); not those moved.
        var deletedSections: Set<Int>
        /// Sections moved: from a before-index to an after-index.
        var movedSections: [(from: Int, to: Int)]
        /// The before-index of each after-section (nil for an inserted one).
        var beforeIndex: [Int?]
        /// Per section (before-index), the item indices removed by deletes and move sources.
        var removed: [Int: Set<Int>]
        /// Sections inserted, ascending by after-index.
        var sectionInserts: [(at: Int, section: CollectionSection)]
        /// Items inserted and move destinations, ascending by after-path.
        var itemInserts: [(to: ItemPath, id: ItemID)]
    }

    /// Checks `batch` against the model and returns what it does, or the
    /// error naming the first operation at fault.
    private func plan(_ batch: BatchUpdate, checkingIdentities: Bool) throws(BatchUpdateError) -> Plan {
        let ops = batch.operations
        func fail(_ index: Int, _ reason: BatchUpdateError.Reason) -> BatchUpdateError {
            BatchUpdateError(operationIndex: index, operation: ops[index], reason: reason)
        }
        let sectionCountBefore = sections.count
        // The operations by kind, in the order given (one pass, no copies).
        var sectionDeleteOps: [Int] = [], claimOps: [Int] = [], sectionInsertOps: [Int] = [], itemInsertOps: [Int] = []
        for index in ops.indices {
            switch ops[index] {
            case .deleteSection, .moveSection, .reloadSection: sectionDeleteOps.append(index)
            case .deleteItem, .reloadItem, .moveItem: claimOps.append(index)
            case .insertSection: sectionInsertOps.append(index)
            case .insertItem: itemInsertOps.append(index)
            }
        }

        // 1. Section deletes, reloads and moves' sources (before-indices).
        enum SectionClaim { case delete, reload, move }
        var sectionClaims: [Int: SectionClaim] = [:]
        var deletedSections = Set<Int>(), reloadedSections = Set<Int>()
        var movedSections: [(from: Int, to: Int, index: Int)] = []
        for index in sectionDeleteOps {
            let s: Int
            let claim: SectionClaim
            switch ops[index] {
            case .deleteSection(let x): s = x; claim = .delete
            case .reloadSection(let x): s = x; claim = .reload
            case .moveSection(let x, _): s = x; claim = .move
            case .insertSection, .deleteItem, .insertItem, .reloadItem, .moveItem: continue
            }
            guard s >= 0, s < sectionCountBefore else {
                throw fail(index, .sectionOutOfRange(s, sectionCount: sectionCountBefore, afterBatch: false))
            }
            if let previous = sectionClaims[s] {
                let reason: BatchUpdateError.Reason
                switch (previous, claim) {
                case (.delete, .delete): reason = .duplicateSectionDelete(s)
                case (.reload, .reload): reason = .duplicateSectionReload(s)
                case (.move, .move): reason = .duplicateSectionMove(s)
                case (.delete, .move), (.move, .delete): reason = .deleteAndMoveSection(s)
                case (.delete, .reload), (.reload, .delete): reason = .deleteAndReloadSection(s)
                case (.reload, .move), (.move, .reload): reason = .reloadAndMoveSection(s)
                }
                throw fail(index, reason)
            }
            sectionClaims[s] = claim
            switch claim {
            case .delete: deletedSections.insert(s)
            case .reload: reloadedSections.insert(s)
            case .move:
                if case .moveSection(_, let to) = ops[index] { movedSections.append((s, to, index)) }
            }
        }

        // 2. Item deletes, reloads and move sources (before-paths).
        enum Claim { case delete, reload, move }
        var claims: [ItemPath: Claim] = [:]
        var removed: [Int: Set<Int>] = [:]
        var movedItems: [(to: ItemPath, id: ItemID, index: Int)] = []
        for index in claimOps {
            let op = ops[index]
            let path: ItemPath
            let claim: Claim
            switch op {
            case .deleteItem(let p): path = p; claim = .delete
            case .reloadItem(let p): path = p; claim = .reload
            case .moveItem(let from, _): path = from; claim = .move
            case .deleteSection, .insertSection, .insertItem, .moveSection, .reloadSection: continue
            }
            guard path.section >= 0, path.section < sectionCountBefore else {
                throw fail(index, .sectionOutOfRange(path.section, sectionCount: sectionCountBefore, afterBatch: false))
            }
            let count = sections[path.section].items.count
            guard path.item >= 0, path.item < count else {
                throw fail(index, .itemOutOfRange(path, itemCount: count, afterBatch: false))
            }
            guard !deletedSections.contains(path.section) else { throw fail(index, .itemInDeletedSection(path)) }
            guard reloadedSections.isEmpty || !reloadedSections.contains(path.section) else {
                throw fail(index, .itemInReloadedSection(path))
            }
            if let previous = claims[path] {
                let reason: BatchUpdateError.Reason
                switch (previous, claim) {
                case (.delete, .delete): reason = .duplicateDelete(path)
                case (.reload, .reload): reason = .duplicateReload(path)
                case (.move, .move): reason = .duplicateMove(path)
                case (.delete, .move), (.move, .delete): reason = .deleteAndMove(path)
                case (.delete, .reload), (.reload, .delete): reason = .deleteAndReload(path)
                case (.reload, .move), (.move, .reload): reason = .reloadAndMove(path)
                }
                throw fail(index, reason)
            }
            claims[path] = claim
            switch claim {
            case .delete:
                removed[path.section, default: []].insert(path.item)
            case .move:
                removed[path.section, default: []].insert(path.item)
                if case .moveItem(_, let to) = op {
                    movedItems.append((to, sections[path.section].items[path.item], index))
                }
            case .reload:
                break
            }
        }

        // 3. What stays in place, in before order: the sections' identities
        // and item counts (a moved section's identity stays too).
        var survivingSectionIDs = Set<SectionID>()
        var counts: [Int] = []  // item count per after-section, filled in as sections are placed
        var beforeIndex: [Int?] = []  // the before-index of each after-section, filled in the same way
        counts.reserveCapacity(sectionCountBefore)
        beforeIndex.reserveCapacity(sectionCountBefore)
        let moveSources = Set(movedSections.map(\.from))
        for (s, section) in sections.enumerated() where !deletedSections.contains(s) {
            survivingSectionIDs.insert(section.id)
            guard moveSources.isEmpty || !moveSources.contains(s) else { continue }
            counts.append(section.items.count - (removed[s]?.count ?? 0))
            beforeIndex.append(s)
        }

        // 4. Section inserts and moves' destinations (after-indices, ascending).
        var sectionInserts: [(at: Int, section: CollectionSection?, from: Int, index: Int)] = []
        for index in sectionInsertOps {
            if case .insertSection(let section, let at) = ops[index] { sectionInserts.append((at, section, -1, index)) }
        }
        for move in movedSections { sectionInserts.append((move.to, nil, move.from, move.index)) }
        let sectionCountAfter = counts.count + sectionInserts.count
        sectionInserts.sort { ($0.at, $0.index) < ($1.at, $1.index) }
        var previousAt: Int?
        var newIDs: [(id: ItemID, index: Int)] = []  // identities the batch brings in, in application order
        // Every target checked before any is placed: distinct ascending
        // after-indices below the count after are exactly the ones that land
        // inside, each at most the count placed so far.
        for insert in sectionInserts {
            guard insert.at >= 0, insert.at < sectionCountAfter else {
                throw fail(insert.index, .sectionOutOfRange(insert.at, sectionCount: sectionCountAfter, afterBatch: true))
            }
            guard previousAt != insert.at else { throw fail(insert.index, .duplicateSectionInsert(insert.at)) }
            previousAt = insert.at
            if let section = insert.section, !survivingSectionIDs.insert(section.id).inserted {
                throw fail(insert.index, .duplicateSectionID(section.id))
            }
        }
        for insert in sectionInserts {
            if let section = insert.section {
                for id in section.items { newIDs.append((id, insert.index)) }
                counts.insert(section.items.count, at: insert.at)
                beforeIndex.insert(nil, at: insert.at)
            } else {
                counts.insert(sections[insert.from].items.count - (removed[insert.from]?.count ?? 0), at: insert.at)
                beforeIndex.insert(insert.from, at: insert.at)
            }
        }

        // 5. Item inserts and move destinations (after-paths, ascending).
        let movedIndices = Set(movedItems.map(\.index))
        var itemInserts = movedItems
        itemInserts.reserveCapacity(movedItems.count + itemInsertOps.count)
        for index in itemInsertOps {
            if case .insertItem(let id, let at) = ops[index] { itemInserts.append((at, id, index)) }
        }
        itemInserts.sort { ($0.to, $0.index) < ($1.to, $1.index) }
        var insertsPerSection = [Int](repeating: 0, count: sectionCountAfter)
        for insert in itemInserts {
            let s = insert.to.section
            guard s >= 0, s < sectionCountAfter else {
                if s >= sectionCountAfter, s < sectionCountBefore, !deletedSections.isEmpty {
                    throw fail(insert.index, .destinationInDeletedSection(insert.to))
                }
                throw fail(insert.index, .sectionOutOfRange(s, sectionCount: sectionCountAfter, afterBatch: true))
            }
            if !reloadedSections.isEmpty, let b = beforeIndex[s], reloadedSections.contains(b) {
                throw fail(insert.index, .destinationInReloadedSection(insert.to))
            }
            insertsPerSection[s] += 1
        }
        var previousPath: ItemPath?
        for insert in itemInserts {
            let s = insert.to.section
            let countAfter = counts[s] + insertsPerSection[s]
            guard insert.to.item >= 0, insert.to.item < countAfter else {
                throw fail(insert.index, .itemOutOfRange(insert.to, itemCount: countAfter, afterBatch: true))
            }
            guard previousPath != insert.to else { throw fail(insert.index, .duplicateInsert(insert.to)) }
            previousPath = insert.to
        }
        newIDs.reserveCapacity(newIDs.count + itemInserts.count)
        for insert in itemInserts where movedIndices.isEmpty || !movedIndices.contains(insert.index) {
            newIDs.append((insert.id, insert.index))
        }

        // 6. Identities: only what the batch brings in can collide (moves keep
        // theirs), so a batch without inserts skips the check. The survivors
        // are the items of the sections that stay, less those removed: the
        // identities the model holds are looked up in `heldIDs` (or read
        // when it is not kept); those still in a data source are asked of it
        // (one question per new identity) when it can locate items, else read.
        if checkingIdentities, !newIDs.isEmpty {
            var incoming: [ItemID: Int] = [:]
            incoming.reserveCapacity(newIDs.count)
            for (id, index) in newIDs {
                guard incoming.updateValue(index, forKey: id) == nil else { throw fail(index, .duplicateItemID(id)) }
            }
            var locating: [Int: [Int]] = [:]  // source section → model sections that read it
            var locator: (any CollectionDataSource)?
            if let held = heldIDs {
                // Kept up to date: one lookup per new identity.
                let leaving = Set(heldIdentities(leaving: removed, deletedSections: deletedSections))
                for (id, index) in newIDs where held.contains(id) && !leaving.contains(id) {
                    throw fail(index, .duplicateItemID(id))
                }
            }
            for (s, section) in sections.enumerated() where !deletedSections.contains(s) {
                let gone = removed[s]
                if heldIDs == nil {
                    try section.items.forEachHeld { (i, id) throws(BatchUpdateError) in
                        if let index = incoming[id], !(gone?.contains(i) ?? false) { throw fail(index, .duplicateItemID(id)) }
                    }
                }
                guard let lazy = section.items.source, lazy.isConsistent else { continue }
                if lazy.source.locatesItems {
                    locating[lazy.section, default: []].append(s)
                    locator = lazy.source
                } else {
                    try section.items.forEachSourceIndex { (i, j) throws(BatchUpdateError) in
                        let id = lazy.id(at: j)
                        if let index = incoming[id], !(gone?.contains(i) ?? false) { throw fail(index, .duplicateItemID(id)) }
                    }
                }
            }
            if let locator {
                for (id, index) in newIDs {
                    guard let p = locator.indexPath(ofItem: id), let candidates = locating[p.section] else { continue }
                    for s in candidates {
                        guard let lazy = sections[s].items.source, p.item >= 0, p.item < lazy.count,
                              let i = sections[s].items.index(ofSourceIndex: p.item),
                              !(removed[s]?.contains(i) ?? false), lazy.id(at: p.item) == id else { continue }
                        throw fail(index, .duplicateItemID(id))
                    }
                }
            }
            for moved in movedItems {
                if let index = incoming[moved.id] { throw fail(index, .duplicateItemID(moved.id)) }
            }
        }
        var placedSections: [(at: Int, section: CollectionSection)] = []
        for insert in sectionInserts { if let section = insert.section { placedSections.append((insert.at, section)) } }
        return Plan(deletedSections: deletedSections, movedSections: movedSections.map { ($0.from, $0.to) },
                    beforeIndex: beforeIndex, removed: removed,
                    sectionInserts: placedSections,
                    itemInserts: itemInserts.map { ($0.to, $0.id) })
    }
}
