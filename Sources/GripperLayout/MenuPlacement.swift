import GripperGeometry

/// Where an item's open menu goes: a column of entries next to the item's
/// cell, inside the viewport. The default of
/// ``CollectionLayout/menuAttributes(for:contentOffset:)``; a layout of the
/// app's may place its menus its own way.
///
/// In scroll space (content coordinates): the menu is
/// ``width`` across and ``entryExtent`` per entry along the scroll axis
/// when the layout scrolls vertically (entries stacked top to bottom); a
/// horizontal layout stacks them across the scroll axis, so that on the
/// screen they are still a column of rows. It goes after the cell (below
/// it on a vertical screen) when it fits in the viewport there, else
/// before it (above), else it is clamped into the viewport, over the cell
/// if it must; across, it starts at the cell's leading edge, clamped into
/// the viewport. ``margin`` keeps it off the viewport's edges and
/// ``spacing`` off the cell.
package struct MenuPlacement: Hashable, Sendable {
    /// The menu's width on the screen, points (at most the viewport's less the margins).
    package var width = 220.0
    /// One entry's height on the screen, points (Apple's minimum hit target, 44 points).
    package var entryExtent = 44.0
    /// The room kept between the menu and the cell, points.
    package var spacing = 8.0
    /// The room kept between the menu and the viewport's edges, points.
    package var margin = 8.0

    /// The default placement.
    package init() {}

    /// The menu's frame and its entries' frames, scroll space content
    /// coordinates, for `entries` entries next to `cell`, inside `visible`
    /// (the viewport at the current offset, scroll space), for a layout
    /// scrolling along `axis`.
    /// - Complexity: O(entries).
    package func frames(cell: Rect, entries: Int, visible: Rect, axis: ScrollAxis) -> (menu: Rect, entries: [Rect]) {
        let count = max(0, entries)
        // On the screen: `across` is the menu's width, `along` its height.
        // In scroll space a vertical layout keeps them; a horizontal one
        // swaps them (the screen's width runs along its scroll axis).
        let vertical = axis == .vertical
        let screenWidth = vertical ? visible.width : visible.height
        let w = max(0, min(width, screenWidth - 2 * margin))
        let h = entryExtent * Double(count)
        // Extents in scroll space: along (y) and across (x).
        let alongExtent = vertical ? h : w
        let acrossExtent = vertical ? w : h
        func place(start: Double, end: Double, extent: Double, lowest: Double, highest: Double) -> Double {
            // After the cell, before it, or clamped.
            if end + spacing + extent <= highest - margin { return end + spacing }
            if start - spacing - extent >= lowest + margin { return start - spacing - extent }
            return max(lowest + margin, min(end + spacing, highest - margin - extent))
        }
        // Along the scroll axis after the cell (or before it); across it
        // from the cell's leading edge.
        let y = place(start: cell.minY, end: cell.maxY, extent: alongExtent, lowest: visible.minY, highest: visible.maxY)
        let x = max(visible.minX + margin, min(cell.minX, visible.maxX - margin - acrossExtent))
        let menu = Rect(x: x, y: y, width: acrossExtent, height: alongExtent)
        var frames: [Rect] = []
        frames.reserveCapacity(count)
        for k in 0..<count {
            let step = entryExtent * Double(k)
            frames.append(vertical ? Rect(x: x, y: y + step, width: w, height: entryExtent)
                                   : Rect(x: x + step, y: y, width: entryExtent, height: w))
        }
        return (menu, frames)
    }
}
