import GripperLayout

extension SectionItems {
    /// A large section after edits, as a piece table: runs of the data
    /// source's items (by source index) and runs of identities the model
    /// holds itself (inserted or moved in), in display order. An edit costs
    /// what it touches — O(p + k) for p pieces and k changes — instead of a
    /// copy of the section, and the source's identities are never read to
    /// make it. Source runs stay in ascending source order (an edit only
    /// splits or drops them; what moves becomes a run of its own), so where a
    /// source item is now is a binary search.
    struct Pieces: Sendable {
        /// One run of items.
        enum Piece: Sendable {
            /// The source's items at these indices of its section.
            case source(Range<Int>)
            /// Identities the model holds (a slice: splitting shares storage).
            case items(ArraySlice<ItemID>)

            var count: Int {
                switch self {
                case .source(let r): r.count
                case .items(let a): a.count
                }
            }

            /// The part of the run from `lo` to `hi` (offsets in the run).
            func slice(_ lo: Int, _ hi: Int) -> Piece {
                switch self {
                case .source(let r): .source((r.lowerBound + lo)..<(r.lowerBound + hi))
                case .items(let a): .items(a[(a.startIndex + lo)..<(a.startIndex + hi)])
                }
            }
        }

        /// The source the `.source` runs read (nil when every run is held).
        let source: Lazy?
        /// The runs, in display order; none empty.
        private(set) var pieces: [Piece]
        /// `ends[i]`: the number of items in runs `0...i`.
        private(set) var ends: [Int]

        /// The runs `pieces` (empty ones dropped) over `source`.
        init(source: Lazy?, pieces: [Piece]) {
            self.source = source
            self.pieces = pieces.filter { $0.count > 0 }
            var total = 0
            ends = self.pieces.map { total += $0.count; return total }
        }

        /// The number of items.
        var count: Int { ends.last ?? 0 }

        /// The run holding `index` and the offset in it.
        /// - Complexity: O(log p).
        func locate(_ index: Int) -> (piece: Int, offset: Int) {
            var lo = 0, hi = ends.count - 1
            while lo < hi {
                let mid = (lo + hi) / 2
                if ends[mid] > index { hi = mid } else { lo = mid + 1 }
            }
            return (lo, index - (lo > 0 ? ends[lo - 1] : 0))
        }

        /// The identity at `index` (a placeholder, as a lazy view's, when the
        /// source's count has changed behind the model's back).
        /// - Complexity: O(log p), plus one source answer.
        func id(at index: Int) -> ItemID {
            let (i, offset) = locate(index)
            switch pieces[i] {
            case .items(let a): return a[a.startIndex + offset]
            case .source(let r):
                guard let source, source.isConsistent else { return ItemID("⊥\(source?.section ?? 0).\(index)") }
                return source.id(at: r.lowerBound + offset)
            }
        }

        /// The runs after removing the items at `gone` (ascending, distinct,
        /// in range) and then inserting `inserts` (ascending distinct
        /// after-indices, each valid once the earlier ones are in): one pass.
        /// - Complexity: O(p + k) for the p runs and k changes.
        func editing(removing gone: [Int], inserting inserts: [(at: Int, id: ItemID)]) -> Pieces {
            var out: [Piece] = []
            out.reserveCapacity(pieces.count + 2 * (gone.count + inserts.count) + 1)
            var outCount = 0
            var pending: [ItemID] = []
            var g = 0, n = 0, base = 0
            func takeInserts() {
                while n < inserts.count, inserts[n].at == outCount {
                    pending.append(inserts[n].id)
                    outCount += 1
                    n += 1
                }
            }
            func closePending() {
                if !pending.isEmpty {
                    out.append(.items(pending[...]))
                    pending = []
                }
            }
            for piece in pieces {
                let length = piece.count
                var pos = 0
                while pos < length {
                    let nextGone = g < gone.count && gone[g] < base + length ? gone[g] - base : length
                    if pos == nextGone {
                        pos += 1
                        g += 1
                        continue
                    }
                    takeInserts()
                    var end = nextGone
                    if n < inserts.count { end = Swift.min(end, pos + (inserts[n].at - outCount)) }
                    closePending()
                    out.append(piece.slice(pos, end))
                    outCount += end - pos
                    pos = end
                }
                base += length
            }
            takeInserts()
            closePending()
            assert(n == inserts.count && g == gone.count, "an edit outside the section")
            return Pieces(source: source, pieces: out)
        }

        /// Whether the runs are so many for the items that an array serves better.
        var isFragmented: Bool { pieces.count > 64 && pieces.count * 32 > count }

        /// Calls `body` with the index and identity of every item the model
        /// holds itself (not the source's).
        /// - Complexity: O(p + held).
        func forEachHeld<E: Error>(_ body: (Int, ItemID) throws(E) -> Void) throws(E) {
            var start = 0
            for piece in pieces {
                if case .items(let a) = piece {
                    for (k, id) in a.enumerated() { try body(start + k, id) }
                }
                start += piece.count
            }
        }

        /// Calls `body` with the index and source index of every source item.
        /// - Complexity: O(p + source items).
        func forEachSourceIndex(_ body: (Int, Int) throws(BatchUpdateError) -> Void) throws(BatchUpdateError) {
            var start = 0
            for piece in pieces {
                if case .source(let r) = piece {
                    for (k, j) in r.enumerated() { try body(start + k, j) }
                }
                start += piece.count
            }
        }

        /// The index now of the source's item `sourceIndex`, or nil when an
        /// edit removed it (or moved it: it is then held).
        /// - Complexity: O(p) (the source runs are ascending: a scan that
        ///   stops at the first run past it).
        func index(ofSourceIndex sourceIndex: Int) -> Int? {
            var start = 0
            for piece in pieces {
                if case .source(let r) = piece {
                    if r.contains(sourceIndex) { return start + sourceIndex - r.lowerBound }
                    if r.lowerBound > sourceIndex { return nil }
                }
                start += piece.count
            }
            return nil
        }
    }
}
