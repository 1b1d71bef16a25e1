import GripperLayout

extension SectionItems {
    /// Sections up to this size are copied into an array at their first
    /// edit (checked: a repeated identity is found then); larger ones keep
    /// the source's items where they are and record edits as runs
    /// (``Pieces``), so an edit costs what it touches.
    static let pieceThreshold = 4096

    /// Whether this section should take an edit of `changes` items as runs.
    private func usesPieces(changes: Int) -> Bool {
        switch storage {
        case .pieces: true
        case .lazy(let l): l.count > Self.pieceThreshold
        case .array(let a): changes > 8 && a.count > Self.pieceThreshold
        }
    }

    /// Takes the section out of the storage as runs, without a copy (a lazy
    /// view: one source run; an array: one held run).
    private mutating func takePieces() -> Pieces {
        let taken = storage
        storage = .array([])
        switch taken {
        case .pieces(let p): return p
        case .lazy(let l): return Pieces(source: l)
        case .array(let a): return Pieces(items: a)
        }
    }

    /// Edits the section as runs, then stores them — as an array once they
    /// are fragmented (O(m) reads then, at most once per m / 32 edits);
    /// true then if it read a source (its items are held now).
    private mutating func editPieces(removing gone: [Int], inserting inserts: [(at: Int, id: ItemID)]) -> Bool {
        var pieces = takePieces()
        pieces.edit(removing: gone, inserting: inserts)
        guard pieces.isFragmented else {
            storage = .pieces(pieces)
            return false
        }
        storage = .array(pieces.flattened())
        return pieces.source != nil
    }

    /// The identity at `index` if the model holds it itself (nil for an
    /// item still read from a source).
    /// - Complexity: O(1) for an array, O(log p) for runs.
    func heldID(at index: Int) -> ItemID? {
        switch storage {
        case .array(let a): a[index]
        case .lazy: nil
        case .pieces(let p): p.heldID(at: index)
        }
    }

    /// Removes the items at `indices` (ascending, distinct, in range); true
    /// when the source's items left became held (the runs were too many).
    /// - Complexity: O(k) array removes for a few in a small section; else
    ///   one pass: O(m) for an array, O(p + k) for a large section (runs).
    @discardableResult
    mutating func remove(sortedIndices indices: [Int]) -> Bool {
        guard !indices.isEmpty else { return false }
        if usesPieces(changes: indices.count) {
            return editPieces(removing: indices, inserting: [])
        } else if indices.count <= 8 {
            for index in indices.reversed() { remove(at: index) }
        } else {
            let old = self
            var items: [ItemID] = []
            items.reserveCapacity(old.count)
            var start = 0
            for index in indices {
                items.append(contentsOf: old[start..<index])
                start = index + 1
            }
            items.append(contentsOf: old[start...])
            storage = .array(items)
        }
        return false
    }

    /// Inserts `inserts` (ascending distinct after-indices, each valid once
    /// the earlier ones are in); true when the source's items became held
    /// (the runs were too many).
    /// - Complexity: O(k) array inserts for a few in a small section; else
    ///   one pass: O(m) for an array, O(p + k) for a large section (runs).
    @discardableResult
    mutating func insert(sorted inserts: [(at: Int, id: ItemID)]) -> Bool {
        guard !inserts.isEmpty else { return false }
        if usesPieces(changes: inserts.count) {
            return editPieces(removing: [], inserting: inserts)
        } else if inserts.count <= 8 {
            for new in inserts { insert(new.id, at: new.at) }
        } else {
            let old = self
            var items: [ItemID] = []
            items.reserveCapacity(old.count + inserts.count)
            var start = 0
            for insert in inserts {
                let take = insert.at - items.count
                items.append(contentsOf: old[start..<(start + take)])
                start += take
                items.append(insert.id)
            }
            items.append(contentsOf: old[start...])
            storage = .array(items)
        }
        return false
    }

    /// Checks that a section about to be edited can be: a small lazy view
    /// is copied into an array (checked, see ``materialize(sectionIndex:)``);
    /// a large one, or runs over a source, only has its source's count checked.
    /// Returns true when it copied the view (its items are held now).
    /// - Throws: ``DataSourceError``; the list is unchanged then.
    /// - Complexity: O(m) for a small lazy view, O(1) otherwise.
    mutating func prepareForEdit(sectionIndex: Int) throws(DataSourceError) -> Bool {
        switch storage {
        case .array:
            return false
        case .lazy(let l) where l.count <= Self.pieceThreshold:
            try materialize(sectionIndex: sectionIndex)
            return true
        case .lazy(let l):
            try l.checkCount(sectionIndex: sectionIndex)
            return false
        case .pieces(let p):
            try p.source?.checkCount(sectionIndex: sectionIndex)
            return false
        }
    }

    /// The data source this section (still) reads, and which of its sections.
    var source: Lazy? {
        switch storage {
        case .array: nil
        case .lazy(let l): l
        case .pieces(let p): p.source
        }
    }

    /// Calls `body` with the index and identity of every item the model
    /// holds itself: every item of an array, the held runs of a large
    /// edited section, none of a lazy view.
    /// - Complexity: O(held) (plus O(p) for runs).
    func forEachHeld<E: Error>(_ body: (Int, ItemID) throws(E) -> Void) throws(E) {
        switch storage {
        case .array(let a): for (i, id) in a.enumerated() { try body(i, id) }
        case .lazy: return
        case .pieces(let p): try p.forEachHeld(body)
        }
    }

    /// Calls `body` with the index and source index of every item still read
    /// from the source.
    /// - Complexity: O(source items) (plus O(p) for runs).
    func forEachSourceIndex(_ body: (Int, Int) throws(BatchUpdateError) -> Void) throws(BatchUpdateError) {
        switch storage {
        case .array: return
        case .lazy(let l): for j in 0..<l.count { try body(j, j) }
        case .pieces(let p): try p.forEachSourceIndex(body)
        }
    }

    /// The index now of the source's item `sourceIndex`, nil when an edit
    /// removed or moved it (or the section reads no source).
    /// - Complexity: O(1) for a lazy view, O(p) for runs.
    func index(ofSourceIndex sourceIndex: Int) -> Int? {
        switch storage {
        case .array: nil
        case .lazy(let l): sourceIndex >= 0 && sourceIndex < l.count ? sourceIndex : nil
        case .pieces(let p): p.index(ofSourceIndex: sourceIndex)
        }
    }
}

extension SectionItems.Lazy {
    /// Throws when the source's count is no longer the one the view was made with.
    func checkCount(sectionIndex: Int) throws(DataSourceError) {
        let found = source.numberOfItems(inSection: section)
        guard found == count else { throw .countChanged(section: sectionIndex, expected: count, found: found) }
    }
}
