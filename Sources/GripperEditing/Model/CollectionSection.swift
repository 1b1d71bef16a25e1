/// One section of a ``CollectionModel``: its identity and its items in order.
public struct CollectionSection: Hashable, Sendable {
    /// The section's stable identity.
    public var id: SectionID
    /// The section's items, in display order: an array, or a lazy view of a
    /// ``CollectionDataSource`` until an edit touches the section.
    public var items: SectionItems

    /// Creates a section.
    public init(id: SectionID, items: [ItemID]) {
        self.id = id
        self.items = SectionItems(items)
    }

    /// Creates a section from a list of identities (possibly a lazy view).
    public init(id: SectionID, items: SectionItems) {
        self.id = id
        self.items = items
    }
}
