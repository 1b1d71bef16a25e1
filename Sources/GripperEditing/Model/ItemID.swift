/// The stable identity of an item in a ``CollectionModel``: it stays the same
/// while the item moves, and no two items of one model share it.
public struct ItemID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The identifier's text, as a scene or an embedder names the item.
    public var rawValue: String

    /// Creates an identifier from its text.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Creates an identifier from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Orders identifiers by their text, for a stable order when sorting.
    public static func < (a: ItemID, b: ItemID) -> Bool { a.rawValue < b.rawValue }

    /// The identifier's text.
    public var description: String { rawValue }
}
