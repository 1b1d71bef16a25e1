import GripperGeometry

/// The geometry of a section header or footer.
///
/// The element's frame is `height` tall and spans the layout's width less the
/// horizontal padding; the space it takes in the section is
/// `padding.top + height + padding.bottom`. A height of 0 means the section
/// has no such element (and its padding takes no space).
public struct SupplementaryMetrics: Hashable, Sendable {
    /// The element's height; 0 for none.
    public var height: Double
    /// Space around the element inside the section.
    public var padding: EdgeInsets
    /// Whether the element sticks to the top (header) or bottom (footer) of
    /// the viewport while its section is on screen.
    public var isPinned: Bool

    /// Creates header or footer metrics.
    public init(height: Double, padding: EdgeInsets = .zero, isPinned: Bool = false) {
        self.height = height
        self.padding = padding
        self.isPinned = isPinned
    }

    /// No header or footer.
    public static let none = SupplementaryMetrics(height: 0)

    /// Whether the element exists.
    var exists: Bool { height > 0 }

    /// The vertical space the element takes in its section.
    var space: Double { exists ? padding.top + height + padding.bottom : 0 }
}
