import GripperGeometry

/// The identity of an element across queries and layout states: its kind and
/// index path. Section-level elements (header, footer, decorations) use item
/// 0 of their section; the global header has no index path; the placeholder
/// carries the drag's target and the drag proxy its source.
public struct ElementID: Hashable, Sendable, CustomStringConvertible {
    /// The element's kind.
    public var kind: ElementKind
    /// The element's index path, `nil` for the global header.
    public var indexPath: ItemPath?

    /// Creates an element identity.
    public init(kind: ElementKind, indexPath: ItemPath?) {
        self.kind = kind
        self.indexPath = indexPath
    }

    /// The identity of an item's cell.
    public static func cell(_ indexPath: ItemPath) -> ElementID { ElementID(kind: .cell, indexPath: indexPath) }

    /// `kind@[section, item]`, for logs and test failures.
    public var description: String { "\(kind)@\(indexPath.map { "\($0)" } ?? "-")" }
}
