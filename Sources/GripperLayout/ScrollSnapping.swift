import GripperGeometry

/// Where a scroll comes to rest when the finger lets go: anywhere, at an
/// item's edge, or at a page (``LayoutMetrics/scrollSnapping``; a scene's
/// `layout.snapping`). The layout proposes the offset
/// (``CollectionLayout/targetContentOffset(forProposed:from:velocity:viewportExtent:)``)
/// and the fling is aimed to end exactly there.
public enum ScrollSnapping: String, Hashable, Sendable, CaseIterable {
    /// Where the fling's deceleration takes it (the default).
    case none
    /// With the top of a row of cells at the viewport's start: the row edge
    /// nearest where the fling would end, never behind where it began in
    /// the direction it moves.
    case item
    /// At a whole number of viewport extents: one page on in the direction
    /// of the fling (a slow release: the nearest page).
    case page

    /// The offset a scroll that would rest at `proposed` (moving from
    /// `current` with `velocity`, points per second, positive as the offset
    /// grows) rests at in `layout` instead, for a viewport `viewportExtent`
    /// long along the scroll axis. Not clamped to the content: the scroll
    /// machine clamps it.
    /// - Complexity: O(log n + k) for the k cells of a row (``item``); O(1) otherwise.
    package func target(in layout: some CollectionLayout, proposed: Double, from current: Double, velocity: Double,
                       viewportExtent: Double) -> Double {
        guard proposed.isFinite, current.isFinite else { return proposed }
        switch self {
        case .none:
            return proposed
        case .page:
            guard viewportExtent.isFinite, viewportExtent > 0 else { return proposed }
            // One page at most from the page the scroll began on.
            let low = (current / viewportExtent).rounded(.up) - 1, high = (current / viewportExtent).rounded(.down) + 1
            let page = min(max((proposed / viewportExtent).rounded(), low), high)
            return page * viewportExtent
        case .item:
            let width = layout.viewport.width
            func cells(in rect: Rect) -> [Rect] {
                layout.attributes(in: rect, presentation: .resting, contentOffset: rect.minY)
                    .filter { $0.kind == .cell }.map(\.frame)
            }
            // The row under the proposed offset (or the first below it), and the next row's top.
            var row = cells(in: Rect(x: 0, y: proposed, width: width, height: 0.5))
            if row.isEmpty { row = cells(in: Rect(x: 0, y: proposed, width: width, height: max(viewportExtent, 1))) }
            guard let top = row.map(\.minY).min(), let bottom = row.map(\.maxY).max() else { return proposed }
            let next = cells(in: Rect(x: 0, y: bottom, width: width, height: max(viewportExtent, 1)))
                .map(\.minY).filter { $0 >= bottom - 1e-9 }.min() ?? bottom
            var choice = abs(proposed - top) <= abs(next - proposed) ? top : next
            // Never back against the motion.
            if velocity > 0, choice < current { choice = next }
            if velocity < 0, choice > current { choice = top }
            return choice
        }
    }
}

extension GridLayout {
    /// Snaps as ``LayoutMetrics/scrollSnapping`` says (``ScrollSnapping/target(in:proposed:from:velocity:viewportExtent:)``).
    public func targetContentOffset(forProposed proposed: Double, from current: Double, velocity: Double,
                                    viewportExtent: Double) -> Double {
        metrics.scrollSnapping.target(in: self, proposed: proposed, from: current, velocity: velocity,
                                      viewportExtent: viewportExtent)
    }
}

extension FlowLayout {
    /// Snaps as ``LayoutMetrics/scrollSnapping`` says (``ScrollSnapping/target(in:proposed:from:velocity:viewportExtent:)``):
    /// a line's edge for ``ScrollSnapping/item``.
    public func targetContentOffset(forProposed proposed: Double, from current: Double, velocity: Double,
                                    viewportExtent: Double) -> Double {
        metrics.scrollSnapping.target(in: self, proposed: proposed, from: current, velocity: velocity,
                                      viewportExtent: viewportExtent)
    }
}
