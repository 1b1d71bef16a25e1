import GripperLayout

/// What happened, for a person who does not see it: the machine's account
/// of a step of a move, a swipe or a delete, as data. The engine says it in
/// words (`AnnouncementStrings` in the `Gripper` module, which the app can
/// translate) and hands it to whatever speaks (AT-SPI on Linux). The
/// machine makes them only when asked to (`Engine.announcementStrings`).
public enum Announcement: Hashable, Sendable {
    /// An item was lifted (by Space or Enter, a long-press, a gripper), at its place.
    case pickedUp(ItemID, at: ListPosition)
    /// The lifted item's gap moved: where it would land now.
    case moved(ItemID, to: ListPosition)
    /// The item was dropped, where it now is (its own place when it did not move).
    case dropped(ItemID, at: ListPosition)
    /// The move was cancelled: the item is back at its place, or nil when
    /// it is no longer in the collection (the app deleted it).
    case cancelled(ItemID, returnedTo: ListPosition?)
    /// A lift, a step or a command was refused.
    case refused(MoveRefusal)
    /// A swipe opened the item's actions (their titles, nearest the edge first).
    case actionsRevealed(ItemID, actions: [String])
    /// A swipe action (or a delete confirmation) was performed on the item.
    case actionPerformed(String, on: ItemID)
    /// Items were deleted together (batch editing's delete).
    case deleted([ItemID])
    /// A drag dwelt over an item that accepts drops (a folder, a group) and
    /// now proposes dropping into it: the grabbed item, and the target.
    case proposedInto(ItemID, into: ItemID)
    /// An item's menu opened, with its entries' titles, top to bottom.
    case menuOpened(ItemID, actions: [String])
    /// The keyboard selected an entry of the item's open menu: its title,
    /// its place from 1 and the menu's number of entries.
    case menuEntrySelected(String, on: ItemID, position: Int, count: Int)
    /// The item's menu closed without performing an entry (performing one
    /// is ``actionPerformed(_:on:)``).
    case menuDismissed(ItemID)
    /// Items were dropped into another (they left the collection; the app
    /// decides what "into" means), in the order they were carried.
    case droppedInto([ItemID], into: ItemID)
}

/// A place in a section as a person counts it: the ``position`` (1-based) of
/// ``count`` in the section ``section``.
public struct ListPosition: Hashable, Sendable {
    /// The index path (0-based).
    public var indexPath: ItemPath
    /// How many items the section holds with the item in it.
    public var count: Int
    /// The section's identity.
    public var section: SectionID

    /// A position.
    public init(indexPath: ItemPath, count: Int, section: SectionID) {
        self.indexPath = indexPath
        self.count = count
        self.section = section
    }

    /// The position a person counts, from 1.
    public var position: Int { indexPath.item + 1 }
}
