import GripperLayout

/// The data an editing session works on: sections, each with an identity and
/// its items by stable identity. No item and no section appears twice.
///
/// A model opened from a ``CollectionDataSource`` (``init(dataSource:)``)
/// holds each section as a lazy view of the source until an edit touches
/// it, then as an array of its own (``SectionItems``).
///
/// The model only changes through ``apply(_:)`` with a ``BatchUpdate``, which
/// applies whole or not at all.
public struct CollectionModel: Hashable, Sendable {
    /// The sections in display order.
    public internal(set) var sections: [CollectionSection]
    /// The identities of every item the model holds itself — all of an
    /// array section's, the edited runs of a large section read from a data
    /// source — kept up to date by every batch, so that an inserting
    /// batch's identity check costs what the batch brings in; nil when not
    /// kept (a journal's start), and then the check reads them.
    var heldIDs: Set<ItemID>?

    /// Creates a model, checking that section and item identities are unique.
    /// - Throws: ``CollectionModelError`` naming the first repeated identity.
    public init(sections: [CollectionSection]) throws(CollectionModelError) {
        var sectionIDs = Set<SectionID>()
        var itemIDs = Set<ItemID>()
        for section in sections {
            guard sectionIDs.insert(section.id).inserted else { throw .duplicateSectionID(section.id) }
            for item in section.items {
                guard itemIDs.insert(item).inserted else { throw .duplicateItemID(item) }
            }
        }
        self.sections = sections
        heldIDs = sections.allSatisfy { $0.items.source == nil } ? itemIDs : Self.held(in: sections)
    }

    /// Opens a model on `dataSource`, lazily: each section's identity and
    /// count are asked now, its items' identities only when read (see
    /// ``SectionItems``). Item identities are not checked for repeats here —
    /// that is the data source's promise, checked where an edit meets one.
    ///
    /// ```swift
    /// let model = try CollectionModel(dataSource: inbox)   // O(sections)
    /// model.item(at: ItemPath(section: 0, item: 999_999)) // asks inbox once
    /// ```
    /// - Throws: ``DataSourceError`` for a repeated section identity or a
    ///   negative count.
    /// - Complexity: O(s) for s sections (one count and one identity each).
    public init(dataSource: any CollectionDataSource) throws(DataSourceError) {
        let n = dataSource.numberOfSections
        guard n >= 0 else { throw .negativeCount(section: nil, count: n) }
        var seen: [SectionID: Int] = [:]
        var sections: [CollectionSection] = []
        sections.reserveCapacity(n)
        for s in 0..<n {
            let id = dataSource.sectionID(at: s)
            if let t = seen.updateValue(s, forKey: id) { throw .duplicateSectionID(id, sections: t, s) }
            let count = dataSource.numberOfItems(inSection: s)
            guard count >= 0 else { throw .negativeCount(section: s, count: count) }
            sections.append(CollectionSection(id: id, items: SectionItems(lazy: dataSource, section: s, count: count)))
        }
        self.sections = sections
        heldIDs = []
    }

    /// Creates a model from sections already known to be valid (checked by the caller).
    init(uncheckedSections sections: [CollectionSection]) {
        self.sections = sections
        heldIDs = Self.held(in: sections)
    }

    /// The identities `sections` hold themselves (see ``heldIDs``).
    /// - Complexity: O(held).
    static func held(in sections: [CollectionSection]) -> Set<ItemID> {
        var ids = Set<ItemID>()
        for section in sections { section.items.forEachHeld { _ = ids.insert($1) } }
        return ids
    }

    /// Whether ``heldIDs``, when kept, is what the sections hold; for tests.
    /// - Complexity: O(held).
    func heldIDsAreRight() -> Bool {
        heldIDs.map { $0 == Self.held(in: sections) } ?? true
    }

    /// Two models are equal when their sections are (whatever they keep to be fast).
    public static func == (a: CollectionModel, b: CollectionModel) -> Bool { a.sections == b.sections }

    /// Hashes the sections.
    public func hash(into hasher: inout Hasher) { hasher.combine(sections) }

    /// An empty model.
    public static let empty = CollectionModel(uncheckedSections: [])

    /// The number of sections.
    public var numberOfSections: Int { sections.count }

    /// The number of items in section `section`, or nil when there is no such section.
    public func numberOfItems(inSection section: Int) -> Int? {
        sections.indices.contains(section) ? sections[section].items.count : nil
    }

    /// The number of items in all sections.
    public var numberOfItems: Int { sections.reduce(0) { $0 + $1.items.count } }

    /// Every item, section by section, in display order.
    /// - Complexity: O(n) (reads every lazy section).
    public var allItems: [ItemID] { sections.flatMap(\.items) }

    /// The item at `indexPath`, or nil when the path is out of range — or,
    /// in a lazy section, when its data source's count has changed without
    /// a batch (the documented fallback: no item there, nothing misread).
    /// - Complexity: O(1) (two data-source answers in a lazy section).
    public func item(at indexPath: ItemPath) -> ItemID? {
        guard sections.indices.contains(indexPath.section) else { return nil }
        return sections[indexPath.section].items.checkedID(at: indexPath.item)
    }

    /// The items at `range` of section `section`, as ``item(at:)`` answers
    /// each, read in one pass (the section's storage read, a lazy source's
    /// count asked, once): the identities of the indices of `range` that are
    /// in range, from `range.lowerBound` on. Nil when the section does not
    /// exist or its data source's count has changed without a batch.
    /// - Complexity: O(k) for k identities, plus a data-source answer for
    ///   each read from a source.
    package func items(inSection section: Int, _ range: Range<Int>) -> [ItemID]? {
        guard sections.indices.contains(section), range.lowerBound >= 0 else { return nil }
        return sections[section].items.checkedIDs(in: range)
    }

    /// Whether `indexPath` names an item.
    /// - Complexity: O(1).
    public func contains(_ indexPath: ItemPath) -> Bool { item(at: indexPath) != nil }

    /// Where `item` is, or nil when the model does not hold it.
    /// - Complexity: O(n) in the number of items.
    public func indexPath(of item: ItemID) -> ItemPath? {
        for (s, section) in sections.enumerated() {
            if let i = section.items.firstIndex(of: item) { return ItemPath(section: s, item: i) }
        }
        return nil
    }

    /// The index of the section with identity `id`, if any.
    public func sectionIndex(of id: SectionID) -> Int? { sections.firstIndex { $0.id == id } }

    /// Checks the model's invariant (unique identities); for tests and debug builds.
    /// - Complexity: O(n) (reads every lazy section).
    package func checkInvariants() -> CollectionModelError? {
        do { _ = try CollectionModel(sections: sections); return nil } catch { return error }
    }
}
