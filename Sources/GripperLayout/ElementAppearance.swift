import GripperGeometry

/// How a cell comes and goes in a transition: where an appearing cell
/// starts and a disappearing one ends (UIKit's
/// `initialLayoutAttributesForAppearingItem(at:)` and
/// `finalLayoutAttributesForDisappearingItem(at:)`). Edges are in the
/// layout's scroll space: *leading* is where a line starts (the left in a
/// left-to-right vertical list, the right in a right-to-left one), *start*
/// where the content starts along the scroll axis (the top of a vertical
/// list). Elements other than cells (headers, separators, a section's
/// background) always fade.
public enum ElementAppearance: String, Hashable, Sendable, CaseIterable {
    /// In place, from and to transparent (the default).
    case fade
    /// From and to its own width beyond the leading edge.
    case slideFromLeading
    /// From and to its own width beyond the trailing edge.
    case slideFromTrailing
    /// From and to its own extent towards the content's start.
    case slideFromStart
    /// From and to its own extent towards the content's end.
    case slideFromEnd
    /// Collapsed to nothing along the scroll axis at its start edge, as a
    /// row that shrinks into the one above it.
    case shrink

    /// Where `attributes` (an element shown after a change) starts when it
    /// appears, or (an element shown before) ends when it disappears.
    /// - Complexity: O(1).
    public func hidden(_ attributes: LayoutAttributes) -> LayoutAttributes {
        var a = attributes
        guard case .cell = a.kind else {
            a.alpha = 0
            return a
        }
        let f = a.frame
        switch self {
        case .fade:
            a.alpha = 0
        case .slideFromLeading:
            a.frame = Rect(x: f.minX - f.width, y: f.minY, width: f.width, height: f.height)
        case .slideFromTrailing:
            a.frame = Rect(x: f.minX + f.width, y: f.minY, width: f.width, height: f.height)
        case .slideFromStart:
            a.frame = Rect(x: f.minX, y: f.minY - f.height, width: f.width, height: f.height)
        case .slideFromEnd:
            a.frame = Rect(x: f.minX, y: f.minY + f.height, width: f.width, height: f.height)
        case .shrink:
            a.frame = Rect(x: f.minX, y: f.minY, width: f.width, height: 0)
            a.alpha = 0
        }
        return a
    }
}

extension GridLayout {
    /// As ``LayoutMetrics/appearance`` says.
    public func initialAttributes(forAppearing attributes: LayoutAttributes) -> LayoutAttributes {
        metrics.appearance.hidden(attributes)
    }

    /// As ``LayoutMetrics/appearance`` says.
    public func finalAttributes(forDisappearing attributes: LayoutAttributes) -> LayoutAttributes {
        metrics.appearance.hidden(attributes)
    }
}

extension FlowLayout {
    /// As ``LayoutMetrics/appearance`` says.
    public func initialAttributes(forAppearing attributes: LayoutAttributes) -> LayoutAttributes {
        metrics.appearance.hidden(attributes)
    }

    /// As ``LayoutMetrics/appearance`` says.
    public func finalAttributes(forDisappearing attributes: LayoutAttributes) -> LayoutAttributes {
        metrics.appearance.hidden(attributes)
    }
}
