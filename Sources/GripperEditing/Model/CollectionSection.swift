/// One section of a ``CollectionModel``: its identity and its items in order.
public struct CollectionSection: Hashable, Sendable {
    /// The section's stable identity.
    public var id: SectionID
    /// The section's items, in display order.
    public var items: [ItemID]

    /// Creates a section.
    public init(id: SectionID, items: [ItemID]) {
        self.id = id
        self.items = items
    }
}
