/// The identity of a swipe action ("delete", "flag", …), as the policy names it.
public struct ActionID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The identifier's text.
    public var rawValue: String

    /// Creates an identifier from its text.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Creates an identifier from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Orders identifiers by their text, for a stable order when sorting.
    public static func < (a: ActionID, b: ActionID) -> Bool { a.rawValue < b.rawValue }

    /// The identifier's text.
    public var description: String { rawValue }
}
