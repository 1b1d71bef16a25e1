/// The place of an item: its section and its index within the section.
/// Ordered in reading order (section first, then item).
// Temporary: GripperLayout will define the shared `IndexPath`; this one goes
// when its branch is merged.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section's index.
    public var section: Int
    /// The item's index within its section.
    public var item: Int

    /// Creates an index path.
    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    public static func < (a: IndexPath, b: IndexPath) -> Bool {
        (a.section, a.item) < (b.section, b.item)
    }

    public var description: String { "[\(section), \(item)]" }
}
