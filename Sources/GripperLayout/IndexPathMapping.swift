import GripperGeometry

/// How index paths of one layout state correspond to those of the next:
/// the edits between them, in order. Maps both ways, so a transition can
/// find each element's counterpart.
public struct IndexPathMapping: Hashable, Sendable {
    /// One edit.
    public enum Edit: Hashable, Sendable {
        /// An item was inserted at this (new) index path.
        case insertItem(IndexPath)
        /// The item at this (old) index path was deleted.
        case deleteItem(IndexPath)
        /// An item moved; `to` is its index path after the move.
        case moveItem(from: IndexPath, to: IndexPath)
        /// A section was inserted at this index.
        case insertSection(Int)
        /// The section at this index was deleted.
        case deleteSection(Int)

        var inverse: Edit {
            switch self {
            case .insertItem(let p): .deleteItem(p)
            case .deleteItem(let p): .insertItem(p)
            case .moveItem(let from, let to): .moveItem(from: to, to: from)
            case .insertSection(let s): .deleteSection(s)
            case .deleteSection(let s): .insertSection(s)
            }
        }

        func apply(_ p: IndexPath) -> IndexPath? {
            switch self {
            case .insertItem(let q):
                return p.section == q.section && p.item >= q.item ? IndexPath(section: p.section, item: p.item + 1) : p
            case .deleteItem(let q):
                guard p.section == q.section else { return p }
                if p.item == q.item { return nil }
                return p.item > q.item ? IndexPath(section: p.section, item: p.item - 1) : p
            case .moveItem(let from, let to):
                if p == from { return to }
                guard let removed = Edit.deleteItem(from).apply(p) else { return nil }
                return Edit.insertItem(to).apply(removed)
            case .insertSection(let s):
                return p.section >= s ? IndexPath(section: p.section + 1, item: p.item) : p
            case .deleteSection(let s):
                if p.section == s { return nil }
                return p.section > s ? IndexPath(section: p.section - 1, item: p.item) : p
            }
        }

        func apply(section: Int) -> Int? {
            switch self {
            case .insertItem, .deleteItem, .moveItem: return section
            case .insertSection(let s): return section >= s ? section + 1 : section
            case .deleteSection(let s):
                if section == s { return nil }
                return section > s ? section - 1 : section
            }
        }
    }

    /// The edits, in the order they were applied.
    public var edits: [Edit]

    /// Creates a mapping from edits applied in order.
    public init(_ edits: [Edit]) { self.edits = edits }

    /// No edits: every index path maps to itself.
    public static let identity = IndexPathMapping([])

    /// The new index path of an old item, or `nil` if it was deleted.
    /// - Complexity: O(edits).
    public func forward(_ indexPath: IndexPath) -> IndexPath? {
        var p: IndexPath? = indexPath
        for edit in edits { p = p.flatMap(edit.apply) }
        return p
    }

    /// The old index path of a new item, or `nil` if it was inserted.
    /// - Complexity: O(edits).
    public func backward(_ indexPath: IndexPath) -> IndexPath? {
        var p: IndexPath? = indexPath
        for edit in edits.reversed() { p = p.flatMap(edit.inverse.apply) }
        return p
    }

    /// The new index of an old section, or `nil` if it was deleted.
    public func forward(section: Int) -> Int? {
        var s: Int? = section
        for edit in edits { s = s.flatMap(edit.apply(section:)) }
        return s
    }

    /// The old index of a new section, or `nil` if it was inserted.
    public func backward(section: Int) -> Int? {
        var s: Int? = section
        for edit in edits.reversed() { s = s.flatMap(edit.inverse.apply(section:)) }
        return s
    }
}
