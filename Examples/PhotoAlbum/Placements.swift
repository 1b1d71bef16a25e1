import Foundation
import Gripper

/// A mosaic, by turns: a row of two square tiles, then one wide tile as
/// tall as a square. Everything the layout needs from the app's own
/// geometry: where each slot is, how long the section's items are, and
/// which slots a rect can meet (so a query costs what is on screen).
struct Mosaic: ItemPlacement {
    /// The gap between tiles, across and along the scroll axis.
    var spacing = 4.0

    /// The rows `count` slots take: two for each three slots, one more for
    /// a last one or two.
    private func rows(_ count: Int) -> Int { count / 3 * 2 + (count % 3 > 0 ? 1 : 0) }
    /// The row slot `slot` is in.
    private func row(ofSlot slot: Int) -> Int { slot / 3 * 2 + (slot % 3 == 2 ? 1 : 0) }
    /// The side of a square tile (and a wide tile's height).
    private func side(_ width: Double) -> Double { max(0, (width - spacing) / 2) }

    func extent(ofSlots count: Int, width: Double) -> Double {
        let rows = rows(count)
        return Double(rows) * side(width) + Double(max(0, rows - 1)) * spacing
    }

    func frame(ofSlot slot: Int, count: Int, width: Double) -> Rect {
        let side = side(width), y = Double(row(ofSlot: slot)) * (side + spacing)
        switch slot % 3 {
        case 0: return Rect(x: 0, y: y, width: side, height: side)
        case 1: return Rect(x: side + spacing, y: y, width: side, height: side)
        default: return Rect(x: 0, y: y, width: width, height: side)
        }
    }

    func slots(intersecting rect: Rect, count: Int, width: Double) -> Range<Int> {
        let stride = side(width) + spacing
        guard stride > 0, rect.minY.isFinite, rect.maxY.isFinite else { return 0..<count }
        let first = max(0, Int(max(-1, min(rect.minY / stride, 1e15)).rounded(.down)))
        let last = max(0, Int(max(0, min(rect.maxY / stride, 1e15)).rounded(.down)))
        // Row r starts at slot r/2*3 (+2 for an odd row, the wide tile).
        func firstSlot(_ r: Int) -> Int { r / 2 * 3 + (r % 2 == 1 ? 2 : 0) }
        return min(count, firstSlot(first))..<min(count, firstSlot(last + 1))
    }

    /// A shelf under each wide tile: a decoration of the app's own kind.
    func elements(in rect: Rect, section: Int, count: Int, width: Double) -> [LayoutAttributes] {
        let stride = side(width) + spacing
        var shelves: [LayoutAttributes] = []
        for slot in slots(intersecting: rect, count: count, width: width) where slot % 3 == 2 {
            let tile = frame(ofSlot: slot, count: count, width: width)
            shelves.append(LayoutAttributes(kind: .decoration("shelf"), indexPath: ItemPath(section: section, item: slot / 3),
                                            frame: Rect(x: 0, y: tile.maxY, width: width, height: min(spacing, stride)),
                                            zIndex: ZIndex.background))
        }
        return shelves
    }
}

/// Every slot of a section on one ring, clockwise from the top, in a
/// square as wide as the section: the 2012 talk's circle layout. The few
/// slots of a ring are asked of all at once (the default `slots`).
struct Ring: ItemPlacement {
    /// The side of a tile, as a share of the section's width.
    var tileShare = 0.2

    func extent(ofSlots count: Int, width: Double) -> Double { count == 0 ? 0 : width }

    func frame(ofSlot slot: Int, count: Int, width: Double) -> Rect {
        let tile = width * tileShare, radius = (width - tile) / 2
        let angle = 2 * Double.pi * Double(slot) / Double(max(1, count)) - Double.pi / 2
        return Rect(x: width / 2 + radius * cos(angle) - tile / 2, y: width / 2 + radius * sin(angle) - tile / 2,
                    width: tile, height: tile)
    }

    /// A caption in the ring's middle: an element of the app's own kind,
    /// with the count as its value.
    func elements(in rect: Rect, section: Int, count: Int, width: Double) -> [LayoutAttributes] {
        guard count > 0 else { return [] }
        var caption = LayoutAttributes(kind: .supplementary("caption"), indexPath: ItemPath(section: section, item: 0),
                                       frame: Rect(x: width / 2 - 60, y: width / 2 - 12, width: 120, height: 24),
                                       zIndex: ZIndex.cell + 1)
        caption.value = LayoutValue(count)
        return [caption]
    }

    /// Each tile turned to face the ring's middle.
    func adjustCell(_ cell: inout LayoutAttributes, slot: Int, count: Int, width: Double) {
        cell.transform = ElementTransform(rotation: 2 * Double.pi * Double(slot) / Double(max(1, count)))
    }
}
