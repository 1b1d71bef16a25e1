import GripperGeometry

/// How index paths of one layout state correspond to those of the next:
/// the edits between them, in order. Maps both ways, so a transition can
/// find each element's counterpart.
@_spi(Benchmarks) public struct ItemPathMapping: Hashable, Sendable {
    /// One edit.
    public enum Edit: Hashable, Sendable {
        /// An item was inserted at this (new) index path.
        case insertItem(ItemPath)
        /// The item at this (old) index path was deleted.
        case deleteItem(ItemPath)
        /// An item moved; `to` is its index path after the move.
        case moveItem(from: ItemPath, to: ItemPath)
        /// A section was inserted at this index.
        case insertSection(Int)
        /// The section at this index was deleted.
        case deleteSection(Int)
        /// A section moved, with its items: taken out at `from`, then put
        /// back at `to` (an index among the sections without it).
        case moveSection(from: Int, to: Int)

        var inverse: Edit {
            switch self {
            case .insertItem(let p): .deleteItem(p)
            case .deleteItem(let p): .insertItem(p)
            case .moveItem(let from, let to): .moveItem(from: to, to: from)
            case .insertSection(let s): .deleteSection(s)
            case .deleteSection(let s): .insertSection(s)
            case .moveSection(let from, let to): .moveSection(from: to, to: from)
            }
        }

        func apply(_ p: ItemPath) -> ItemPath? {
            switch self {
            case .insertItem(let q):
                return p.section == q.section && p.item >= q.item ? ItemPath(section: p.section, item: p.item + 1) : p
            case .deleteItem(let q):
                guard p.section == q.section else { return p }
                if p.item == q.item { return nil }
                return p.item > q.item ? ItemPath(section: p.section, item: p.item - 1) : p
            case .moveItem(let from, let to):
                if p == from { return to }
                guard let removed = Edit.deleteItem(from).apply(p) else { return nil }
                return Edit.insertItem(to).apply(removed)
            case .insertSection(let s):
                return p.section >= s ? ItemPath(section: p.section + 1, item: p.item) : p
            case .deleteSection(let s):
                if p.section == s { return nil }
                return p.section > s ? ItemPath(section: p.section - 1, item: p.item) : p
            case .moveSection:
                return apply(section: p.section).map { ItemPath(section: $0, item: p.item) }
            }
        }

        func apply(section: Int) -> Int? {
            switch self {
            case .insertItem, .deleteItem, .moveItem: return section
            case .moveSection(let from, let to):
                if section == from { return to }
                let without = section > from ? section - 1 : section
                return without >= to ? without + 1 : without
            case .insertSection(let s): return section >= s ? section + 1 : section
            case .deleteSection(let s):
                if section == s { return nil }
                return section > s ? section - 1 : section
            }
        }
    }

    /// The edits, in the order they were applied.
    public var edits: [Edit] {
        didSet { runs = Self.runs(of: edits) }
    }

    /// The edits grouped: a stretch of item deletes in one section in
    /// descending order, or of item inserts in one section in ascending
    /// order (what a batch update's removals and insertions are), maps an
    /// index path by binary search instead of edit by edit.
    private var runs: [Run]

    /// A stretch of edits that maps as one.
    private enum Run: Hashable, Sendable {
        /// Any one edit.
        case single(Edit)
        /// Deletes of these before-indices (ascending) of a section, applied descending.
        case deletes(section: Int, items: [Int])
        /// Inserts at these after-indices (ascending) of a section, applied ascending.
        case inserts(section: Int, items: [Int])

        func apply(_ p: ItemPath, forward: Bool) -> ItemPath? {
            switch self {
            case .single(let edit):
                return forward ? edit.apply(p) : edit.inverse.apply(p)
            case .deletes(let s, let items):
                guard p.section == s else { return p }
                let item = forward ? SortedIndices.afterRemoving(p.item, items) : SortedIndices.afterInserting(p.item, items)
                return item.map { ItemPath(section: s, item: $0) }
            case .inserts(let s, let items):
                guard p.section == s else { return p }
                let item = forward ? SortedIndices.afterInserting(p.item, items) : SortedIndices.afterRemoving(p.item, items)
                return item.map { ItemPath(section: s, item: $0) }
            }
        }

        func apply(section: Int, forward: Bool) -> Int? {
            switch self {
            case .single(let edit): forward ? edit.apply(section: section) : edit.inverse.apply(section: section)
            case .deletes, .inserts: section
            }
        }
    }

    /// Groups `edits` into runs.
    /// - Complexity: O(edits).
    private static func runs(of edits: [Edit]) -> [Run] {
        var runs: [Run] = []
        var i = 0
        while i < edits.count {
            switch edits[i] {
            case .deleteItem(let p):
                var items = [p.item]
                var j = i + 1
                while j < edits.count, case .deleteItem(let q) = edits[j], q.section == p.section, q.item < items.last! {
                    items.append(q.item)
                    j += 1
                }
                runs.append(j - i == 1 ? .single(edits[i]) : .deletes(section: p.section, items: items.reversed()))
                i = j
            case .insertItem(let p):
                var items = [p.item]
                var j = i + 1
                while j < edits.count, case .insertItem(let q) = edits[j], q.section == p.section, q.item > items.last! {
                    items.append(q.item)
                    j += 1
                }
                runs.append(j - i == 1 ? .single(edits[i]) : .inserts(section: p.section, items: items))
                i = j
            case .moveItem, .insertSection, .deleteSection, .moveSection:
                runs.append(.single(edits[i]))
                i += 1
            }
        }
        return runs
    }

    /// Creates a mapping from edits applied in order. Item deletes in one
    /// section in descending order and item inserts in one section in
    /// ascending order (a batch update's order) are grouped into runs that
    /// map by binary search.
    /// - Complexity: O(edits).
    public init(_ edits: [Edit]) {
        self.edits = edits
        runs = Self.runs(of: edits)
    }

    /// No edits: every index path maps to itself.
    public static let identity = ItemPathMapping([])

    /// The new index path of an old item, or `nil` if it was deleted.
    /// - Complexity: O(r log k) for r runs of edits (see ``init(_:)``) of
    ///   at most k edits each: O(log k) for a batch update's edits.
    public func forward(_ indexPath: ItemPath) -> ItemPath? {
        var p: ItemPath? = indexPath
        for run in runs {
            guard let q = p else { return nil }
            p = run.apply(q, forward: true)
        }
        return p
    }

    /// The old index path of a new item, or `nil` if it was inserted.
    /// - Complexity: as ``forward(_:)``.
    public func backward(_ indexPath: ItemPath) -> ItemPath? {
        var p: ItemPath? = indexPath
        for run in runs.reversed() {
            guard let q = p else { return nil }
            p = run.apply(q, forward: false)
        }
        return p
    }

    /// The new index of an old section, or `nil` if it was deleted.
    /// - Complexity: O(r) for r runs of edits.
    public func forward(section: Int) -> Int? {
        var s: Int? = section
        for run in runs { s = s.flatMap { run.apply(section: $0, forward: true) } }
        return s
    }

    /// The old index of a new section, or `nil` if it was inserted.
    /// - Complexity: O(r) for r runs of edits.
    public func backward(section: Int) -> Int? {
        var s: Int? = section
        for run in runs.reversed() { s = s.flatMap { run.apply(section: $0, forward: false) } }
        return s
    }
}
