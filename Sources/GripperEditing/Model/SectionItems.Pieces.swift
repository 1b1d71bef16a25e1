import GripperLayout

extension SectionItems {
    /// A large section after edits, as a piece table: runs of the data
    /// source's items (by source index) and runs of identities the model
    /// holds itself (inserted or moved in, kept in an append-only store), in
    /// display order. A run is three plain integers, so an edit costs what it
    /// touches — one pass of O(p + k) over p runs for k changes, no
    /// reference counting — instead of a copy of the section, and the
    /// source's identities are never read to make it. Source runs stay in
    /// ascending source order (an edit only splits or drops them; what moves
    /// becomes a held run), so where a source item is now is a scan that
    /// stops early.
    struct Pieces: Sendable {
        /// One run of items: `count` items from `start` on, in the source's
        /// section or in ``store``.
        struct Run: Sendable, Equatable {
            var start: Int
            var count: Int
            var isHeld: Bool
        }

        /// The source the source runs read (nil when every run is held).
        let source: Lazy?
        /// The runs, in display order; none empty.
        private(set) var runs: [Run]
        /// `ends[i]`: the number of items in runs `0...i`.
        private(set) var ends: [Int]
        /// The held identities the held runs index, in the order they came
        /// (append-only; what an edit drops stays until ``compactStore()``).
        private(set) var store: [ItemID]
        /// How many items the held runs cover.
        private(set) var heldCount: Int

        /// A lazy view of `source` as one run.
        init(source: Lazy) {
            self.source = source
            runs = source.count > 0 ? [Run(start: 0, count: source.count, isHeld: false)] : []
            ends = source.count > 0 ? [source.count] : []
            store = []
            heldCount = 0
        }

        /// The identities `items` as one held run.
        init(items: [ItemID]) {
            source = nil
            runs = items.isEmpty ? [] : [Run(start: 0, count: items.count, isHeld: true)]
            ends = items.isEmpty ? [] : [items.count]
            store = items
            heldCount = items.count
        }

        /// The number of items.
        var count: Int { ends.last ?? 0 }

        /// The run holding `index` and the offset in it.
        /// - Complexity: O(log p).
        func locate(_ index: Int) -> (run: Int, offset: Int) {
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
            let run = runs[i]
            if run.isHeld { return store[run.start + offset] }
            guard let source, source.isConsistent else { return ItemID("⊥\(source?.section ?? 0).\(index)") }
            return source.id(at: run.start + offset)
        }

        /// The identity at `index`, reading a source run without asking the
        /// source's count (the caller has checked it).
        /// - Complexity: O(log p), plus one source answer.
        func uncheckedID(at index: Int) -> ItemID {
            let (i, offset) = locate(index)
            let run = runs[i]
            if run.isHeld { return store[run.start + offset] }
            guard let source else { return ItemID("⊥0.\(index)") }
            return source.id(at: run.start + offset)
        }

        /// The identity at `index` if it is held.
        /// - Complexity: O(log p).
        func heldID(at index: Int) -> ItemID? {
            let (i, offset) = locate(index)
            return runs[i].isHeld ? store[runs[i].start + offset] : nil
        }

        /// Removes the items at `gone` (ascending, distinct, in range) and
        /// then inserts `inserts` (ascending distinct after-indices, each
        /// valid once the earlier ones are in), in one pass.
        /// - Complexity: O(p + k) for the p runs and k changes.
        mutating func edit(removing gone: [Int], inserting inserts: [(at: Int, id: ItemID)]) {
            var out: [Run] = []
            out.reserveCapacity(runs.count + 2 * (gone.count + inserts.count) + 1)
            var outCount = 0
            var g = 0, n = 0, base = 0
            /// Appends a run, merging it into the last one when they continue each other.
            func append(_ run: Run) {
                if let last = out.last, last.isHeld == run.isHeld, last.start + last.count == run.start {
                    out[out.count - 1].count += run.count
                } else {
                    out.append(run)
                }
                outCount += run.count
            }
            func takeInserts() {
                guard n < inserts.count, inserts[n].at == outCount else { return }
                let first = store.count
                while n < inserts.count, inserts[n].at == outCount + (store.count - first) {
                    store.append(inserts[n].id)
                    n += 1
                }
                append(Run(start: first, count: store.count - first, isHeld: true))
            }
            var r = 0
            while r < runs.count {
                takeInserts()
                // Runs wholly before the next change are copied as they are.
                let room = Swift.min(g < gone.count ? gone[g] - base : Int.max,
                                     n < inserts.count ? inserts[n].at - outCount : Int.max)
                if room >= runs[r].count {
                    var lo = r, hi = runs.count - 1  // the last run that ends within `room`
                    while lo < hi {
                        let mid = (lo + hi + 1) / 2
                        if ends[mid] - base <= room { lo = mid } else { hi = mid - 1 }
                    }
                    append(runs[r])
                    if lo > r {
                        out.append(contentsOf: runs[(r + 1)...lo])
                        outCount += ends[lo] - ends[r]
                    }
                    base = ends[lo]
                    r = lo + 1
                    continue
                }
                let run = runs[r]
                let length = run.count
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
                    append(Run(start: run.start + pos, count: end - pos, isHeld: run.isHeld))
                    pos = end
                }
                base += length
                r += 1
            }
            takeInserts()
            assert(n == inserts.count && g == gone.count, "an edit outside the section")
            runs = out
            var total = 0, held = 0
            ends = out.map { total += $0.count; return total }
            for run in out where run.isHeld { held += run.count }
            heldCount = held
            if store.count > 2 * heldCount + 4096 { compactStore() }
        }

        /// Drops from the store what no run shows any more.
        /// - Complexity: O(p + held).
        private mutating func compactStore() {
            var compact: [ItemID] = []
            compact.reserveCapacity(heldCount)
            for i in runs.indices where runs[i].isHeld {
                let start = compact.count
                compact.append(contentsOf: store[runs[i].start..<(runs[i].start + runs[i].count)])
                runs[i].start = start
            }
            store = compact
        }

        /// Every identity in order, as an array (the source's read; its
        /// count checked by the caller).
        /// - Complexity: O(m).
        func flattened() -> [ItemID] {
            var out: [ItemID] = []
            out.reserveCapacity(count)
            for run in runs {
                if run.isHeld {
                    out.append(contentsOf: store[run.start..<(run.start + run.count)])
                } else if let source {
                    for j in run.start..<(run.start + run.count) { out.append(source.id(at: j)) }
                }
            }
            return out
        }

        /// Whether the runs are so many for the items (fewer than 32 a run
        /// on average) that an array serves better.
        var isFragmented: Bool { runs.count > 64 && runs.count * 32 > count }

        /// Calls `body` with the index and identity of every held item.
        /// - Complexity: O(p + held).
        func forEachHeld<E: Error>(_ body: (Int, ItemID) throws(E) -> Void) throws(E) {
            var start = 0
            for run in runs {
                if run.isHeld {
                    for k in 0..<run.count { try body(start + k, store[run.start + k]) }
                }
                start += run.count
            }
        }

        /// Calls `body` with the index and source index of every source item.
        /// - Complexity: O(p + source items).
        func forEachSourceIndex<E: Error>(_ body: (Int, Int) throws(E) -> Void) throws(E) {
            var start = 0
            for run in runs {
                if !run.isHeld {
                    for k in 0..<run.count { try body(start + k, run.start + k) }
                }
                start += run.count
            }
        }

        /// The index now of the source's item `sourceIndex`, or nil when an
        /// edit removed it (or moved it: it is then held).
        /// - Complexity: O(p) at worst (the source runs are ascending: a scan
        ///   that stops at the first run past it).
        func index(ofSourceIndex sourceIndex: Int) -> Int? {
            var start = 0
            for run in runs {
                if !run.isHeld {
                    if sourceIndex >= run.start && sourceIndex < run.start + run.count {
                        return start + sourceIndex - run.start
                    }
                    if run.start > sourceIndex { return nil }
                }
                start += run.count
            }
            return nil
        }
    }
}
