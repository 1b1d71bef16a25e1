import GripperLayout

/// The item identities of one ``CollectionSection``, in display order: an
/// array, or — for a section opened from a ``CollectionDataSource`` and not
/// yet touched by an edit — a lazy view that asks the data source for the
/// identity at an index when it is read.
///
/// It behaves as an array of ``ItemID`` (random access, mutable, range
/// replaceable). The first change copies a lazy view into an array (O(m) for
/// its m items, one `itemID(at:)` each); ``CollectionModel`` does that copy
/// checked (`materialize()`) before an edit, so a data source that
/// contradicts itself rejects the edit instead of corrupting the model.
public struct SectionItems: RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
    Hashable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// A lazy view: section `section` of `source`, which had `count` items.
    struct Lazy: Sendable {
        let source: any CollectionDataSource
        let section: Int
        let count: Int

        /// Whether the source still has the count the view was made with.
        var isConsistent: Bool { source.numberOfItems(inSection: section) == count }

        /// The identity at `index`, unchecked.
        func id(at index: Int) -> ItemID { source.itemID(at: ItemPath(section: section, item: index)) }
    }

    enum Storage: Sendable {
        case array([ItemID])
        case lazy(Lazy)
        /// A large section after edits: runs of the source and of identities
        /// of its own (see ``Pieces``).
        case pieces(Pieces)

        /// How many identities the storage holds.
        var count: Int {
            switch self {
            case .array(let a): a.count
            case .lazy(let l): l.count
            case .pieces(let p): p.count
            }
        }
    }

    var storage: Storage {
        didSet { endIndex = storage.count }
    }

    /// The number of items, kept beside the storage: reading it from the
    /// storage copied the case's payload (an existential, or the pieces'
    /// arrays) on every read, and a drag reads a section's count on every
    /// frame.
    /// - Complexity: O(1).
    public private(set) var endIndex: Int

    /// An empty list.
    public init() { self.init(storage: .array([])) }

    /// The identities of `items`.
    public init(_ items: [ItemID]) { self.init(storage: .array(items)) }

    /// Creates a list from a literal.
    public init(arrayLiteral elements: ItemID...) { self.init(storage: .array(elements)) }

    /// Creates a list from any sequence of identities.
    public init<S: Sequence>(_ elements: S) where S.Element == ItemID { self.init(storage: .array(Array(elements))) }

    /// A lazy view of section `section` of `source`, which has `count` items.
    /// - Complexity: O(1).
    init(lazy source: any CollectionDataSource, section: Int, count: Int) {
        self.init(storage: .lazy(Lazy(source: source, section: section, count: count)))
    }

    private init(storage: Storage) {
        self.storage = storage
        endIndex = storage.count
    }

    /// The height of the item at `index` as the data source this lazy view
    /// reads answers it by index (``CollectionDataSource/height(ofItemAt:)``,
    /// no identity made); nil for a copied section, or one whose source no
    /// longer has the count it was opened with.
    /// - Complexity: one question to the source (and O(1) to check its count).
    package func sourceHeight(at index: Int) -> Double?? {
        guard case .lazy(let l) = storage, index >= 0, index < l.count else { return nil }
        return .some(l.source.height(ofItemAt: ItemPath(section: l.section, item: index)))
    }

    /// Whether this is a lazy view whose source still has its count.
    package var isConsistentLazyView: Bool {
        if case .lazy(let l) = storage { return l.isConsistent }
        return false
    }

    /// What a lazy view's source contradicts now, if anything: a count no
    /// longer the one the view was opened with. `sectionIndex` is the
    /// section's place in the model, for the error. Nil for an array or a
    /// view whose source still has its count.
    /// - Complexity: O(1) (one data-source answer).
    package func countContradiction(sectionIndex: Int) -> DataSourceError? {
        guard case .lazy(let l) = storage else { return nil }
        let found = l.source.numberOfItems(inSection: l.section)
        return found == l.count ? nil : .countChanged(section: sectionIndex, expected: l.count, found: found)
    }

    /// Whether the list is still a lazy view of a data source.
    package var isLazy: Bool {
        if case .lazy = storage { return true }
        return false
    }

    public var startIndex: Int { 0 }

    /// - Complexity: O(1); a lazy view answers the count it was opened with.
    /// The number of items (``endIndex``).
    /// - Complexity: O(1).
    public var count: Int { endIndex }

    /// Whether the list has no items.
    /// - Complexity: O(1).
    public var isEmpty: Bool { endIndex == 0 }

    /// The identity at `index`. A lazy view asks the data source; when the
    /// source's count has changed since (a contradiction) it answers a
    /// placeholder identity, `⊥section.item`, instead of reading out of range.
    /// ``CollectionModel/item(at:)`` answers nil then.
    /// - Complexity: O(1), plus the data source's two answers for a lazy view.
    public subscript(index: Int) -> ItemID {
        get {
            switch storage {
            case .array(let a): return a[index]
            case .lazy(let l):
                precondition(index >= 0 && index < l.count, "SectionItems index out of range")
                return l.isConsistent ? l.id(at: index) : ItemID("⊥\(l.section).\(index)")
            case .pieces(let p):
                precondition(index >= 0 && index < p.count, "SectionItems index out of range")
                return p.id(at: index)
            }
        }
        set {
            var a = takeArray()
            a[index] = newValue
            storage = .array(a)
        }
    }

    /// Replaces a range, copying a lazy view first.
    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
    where C.Element == ItemID {
        var a = takeArray()
        a.replaceSubrange(subrange, with: newElements)
        storage = .array(a)
    }

    /// The identities as an array (a copy of a lazy view: O(m) reads).
    public var array: [ItemID] {
        switch storage {
        case .array(let a): a
        case .lazy, .pieces: Array(self)
        }
    }

    /// Takes the array out of the storage without a copy (a lazy view is read).
    private mutating func takeArray() -> [ItemID] {
        switch storage {
        case .array(let a):
            storage = .array([])
            return a
        case .lazy, .pieces:
            return Array(self)
        }
    }

    /// Turns a lazy view into an array, checked: the source's count must be
    /// the one the view was opened with, and the section's identities must
    /// not repeat. An array stays as it is. `sectionIndex` is the section's
    /// place in the model, for the error.
    /// - Throws: ``DataSourceError/countChanged(section:expected:found:)`` or
    ///   ``DataSourceError/duplicateItemID(_:at:_:)``; the list is unchanged then.
    /// - Complexity: O(m) reads of the data source for a lazy view, O(1) otherwise.
    package mutating func materialize(sectionIndex: Int) throws(DataSourceError) {
        guard case .lazy(let l) = storage else { return }
        let found = l.source.numberOfItems(inSection: l.section)
        guard found == l.count else { throw .countChanged(section: sectionIndex, expected: l.count, found: found) }
        var seen: [ItemID: Int] = [:]
        seen.reserveCapacity(l.count)
        var a: [ItemID] = []
        a.reserveCapacity(l.count)
        for i in 0..<l.count {
            let id = l.id(at: i)
            if let j = seen.updateValue(i, forKey: id) {
                throw .duplicateItemID(id, at: ItemPath(section: sectionIndex, item: j),
                                       ItemPath(section: sectionIndex, item: i))
            }
            a.append(id)
        }
        storage = .array(a)
    }

    /// Whether a lazy view's source still has the count it was opened with
    /// (always true for an array).
    /// - Complexity: O(1) (one data-source answer).
    /// The identity at `index`, or nil when `index` is out of range or a
    /// lazy view's source no longer has the count it was opened with: what
    /// ``CollectionModel/item(at:)`` answers, with the source's count asked
    /// once (reading `isConsistent` and then the subscript asked it twice).
    /// - Complexity: O(1) (O(log p) over pieces), plus at most two data-source
    ///   answers.
    func checkedID(at index: Int) -> ItemID? {
        switch storage {
        case .array(let a):
            return a.indices.contains(index) ? a[index] : nil
        case .lazy(let l):
            guard index >= 0, index < l.count, l.isConsistent else { return nil }
            return l.id(at: index)
        case .pieces(let p):
            guard index >= 0, index < p.count else { return nil }
            if let source = p.source, !source.isConsistent { return nil }
            return p.uncheckedID(at: index)
        }
    }

    /// The identities at the indices of `range` that are in range, as
    /// ``checkedID(at:)`` answers each (nil when a lazy view's source no
    /// longer has the count it was opened with), with the storage read and
    /// the source's count asked once for all of them.
    /// - Complexity: O(k) for k identities (O(k log p) over pieces), plus
    ///   one data-source answer for each read from a source.
    func checkedIDs(in range: Range<Int>) -> [ItemID]? {
        let r = range.clamped(to: 0..<endIndex)
        switch storage {
        case .array(let a):
            return Array(a[r])
        case .lazy(let l):
            guard l.isConsistent else { return nil }
            return r.map { l.id(at: $0) }
        case .pieces(let p):
            if let source = p.source, !source.isConsistent { return nil }
            return r.map { p.uncheckedID(at: $0) }
        }
    }

    var isConsistent: Bool {
        switch storage {
        case .array: true
        case .lazy(let l): l.isConsistent
        case .pieces(let p): p.source?.isConsistent ?? true
        }
    }

    /// Element by element.
    /// - Complexity: O(m) (reads a lazy view).
    public static func == (a: SectionItems, b: SectionItems) -> Bool { a.elementsEqual(b) }

    /// Hashes the count and the elements.
    /// - Complexity: O(m) (reads a lazy view).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for id in self { hasher.combine(id) }
    }

    /// The identities, as an array prints them.
    public var description: String { array.description }
}
