import GripperGeometry

/// Which item each slot of a section shows while a drag is in progress.
///
/// Slots outside `special` show their own item; slots in `region` show item
/// `slot + delta`; `placeholder` shows the gap. `special` is the contiguous
/// stretch of slots whose content differs from the resting layout (including
/// a slot that vanished when the source left the section); the rows that
/// touch its ends are measured directly, the rows wholly inside it come from
/// a shifted row tree. Constant size: building one costs O(1).
struct SlotArrangement: Sendable {
    /// Slots shown.
    var slotCount: Int
    /// The gap's slot, or −1.
    var placeholder: Int = -1
    var regionLower = 0
    var regionUpper = 0
    var delta = 0
    var specialLower = 0
    var specialUpper = 0
    /// The dragged item in this section, or −1.
    var hiddenItem = -1

    /// Every slot shows its own item.
    static func resting(count: Int) -> SlotArrangement { SlotArrangement(slotCount: count) }

    /// The arrangement of a section that holds both ends of a drag.
    static func within(count: Int, source: Int, target: Int) -> SlotArrangement {
        var a = SlotArrangement(slotCount: count)
        a.placeholder = target
        a.hiddenItem = source
        if target < source {
            a.regionLower = target + 1; a.regionUpper = source + 1; a.delta = -1
            a.specialLower = target; a.specialUpper = source + 1
        } else if target > source {
            a.regionLower = source; a.regionUpper = target; a.delta = 1
            a.specialLower = source; a.specialUpper = target + 1
        } else {
            a.specialLower = source; a.specialUpper = source + 1
        }
        return a
    }

    /// The arrangement of the section the dragged item leaves.
    static func leaving(count: Int, source: Int) -> SlotArrangement {
        var a = SlotArrangement(slotCount: count - 1)
        a.hiddenItem = source
        a.regionLower = source; a.regionUpper = count - 1; a.delta = 1
        a.specialLower = source; a.specialUpper = count
        return a
    }

    /// The arrangement of the section the dragged item would enter.
    static func entering(count: Int, target: Int) -> SlotArrangement {
        var a = SlotArrangement(slotCount: count + 1)
        a.placeholder = target
        a.regionLower = target + 1; a.regionUpper = count + 1; a.delta = -1
        a.specialLower = target; a.specialUpper = count + 1
        return a
    }

    var hasSpecial: Bool { specialUpper > specialLower }

    /// The item a slot shows, or −1 for the placeholder.
    @inline(__always) func item(atSlot slot: Int) -> Int {
        if slot == placeholder { return -1 }
        if slot >= regionLower && slot < regionUpper { return slot + delta }
        return slot
    }

    /// The slot an item is shown in, or `nil` for the hidden source.
    @inline(__always) func slot(ofItem item: Int) -> Int? {
        if item == hiddenItem { return nil }
        if item >= regionLower + delta && item < regionUpper + delta { return item - delta }
        return item
    }
}
