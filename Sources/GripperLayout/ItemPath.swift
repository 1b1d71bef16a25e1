import GripperGeometry

/// The position of an item in the layout: its section and its index within
/// the section (UIKit's and Foundation's `IndexPath`, under a name of its
/// own, so a file that imports Foundation too names it without ambiguity).
/// Ordered in reading order (section first, then item).
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section's index.
    public var section: Int
    /// The item's index within its section.
    public var item: Int

    /// Creates an item path from a section and an item index.
    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    /// Reading order: by section, then by item.
    public static func < (a: ItemPath, b: ItemPath) -> Bool {
        a.section != b.section ? a.section < b.section : a.item < b.item
    }

    /// `[section, item]`.
    public var description: String { "[\(section), \(item)]" }
}
