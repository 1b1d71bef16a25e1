import GripperEditing

extension Scene {
    /// One section of a scene: its identity, an optional title (drawn as its
    /// header when the metrics have one), an optional column count of its
    /// own, and its items.
    public struct Section: Hashable, Sendable {
        /// The section's stable identity.
        public var id: SectionID
        /// The title shown in its header, if any.
        public var title: String?
        /// The section's own number of columns (nil: the scene's).
        public var columns: Int?
        /// The items, in order.
        public var items: [Item]

        /// Creates a section.
        public init(id: SectionID, title: String? = nil, columns: Int? = nil, items: [Item]) {
            self.id = id
            self.title = title
            self.columns = columns
            self.items = items
        }
    }
}
