import GripperGeometry
import GripperLayout

/// How the renderers draw a swiped cell whose content slides under its
/// neighbouring column (``SwipeAttributes/contentSlidesUnderNeighbour``, see
/// `Documentation/Layout.md`, "Sliding under the neighbour"): the displaced
/// content is clipped at the cell's own frame — the neighbour's edge — and
/// fades there into the neighbour's shadow over a strip of ``fadeWidth``
/// points, darkest at the edge. A cell that slides towards the screen's edge
/// instead (column 0 to the left, the last column to the right) has none:
/// its content leaves the screen unclipped.
struct SlideUnder: Hashable, Sendable {
    /// The width of the gradient at the neighbour's edge, in layout points.
    static let fadeWidth = 16.0

    /// The clip: the cell's own frame.
    var clip: Rect
    /// The strip inside the clip where the content fades, at the neighbour's
    /// edge; nil when no content is left in the frame (swiped all the way).
    var fade: Rect?
    /// Whether the neighbour is on the left (a trailing swipe): the gradient
    /// is darkest at the fade's left side, else at its right side.
    var neighbourIsLeft: Bool

    /// The slide of `a`, or nil when its content does not slide under a neighbour.
    /// - Complexity: O(1).
    init?(_ a: LayoutAttributes) {
        guard let swipe = a.swipe, swipe.contentSlidesUnderNeighbour else { return nil }
        clip = a.frame
        neighbourIsLeft = swipe.edge == .trailing
        let shown = a.frame.width - abs(swipe.contentOffset)
        let width = min(Self.fadeWidth, shown)
        if width > 0 {
            fade = Rect(x: neighbourIsLeft ? a.frame.minX : a.frame.maxX - width, y: a.frame.minY,
                        width: width, height: a.frame.height)
        } else {
            fade = nil
        }
    }
}
