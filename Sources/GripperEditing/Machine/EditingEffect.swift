import GripperLayout
import GripperInput

/// What an input did, for the caller and the transcript. The presentation
/// and the model are read from the machine; effects say what changed.
public enum EditingEffect: Hashable, Sendable {
    /// A cell is highlighted (or none).
    case highlight(ItemPath?)
    /// The selection changed.
    case selectionChanged(Set<ItemID>)
    /// The content offset changed.
    case scrolled(to: Double)
    /// A cell started sliding.
    case swipeBegan(ItemID)
    /// A cell settled open.
    case swipeOpened(ItemID)
    /// The open or sliding cell shut.
    case swipeShut(ItemID)
    /// A cell's delete confirmation opened (batch editing).
    case deleteConfirmationOpened(ItemID)
    /// A cell's delete confirmation shut without deleting: a tap elsewhere,
    /// a pan, a long-press, the wheel, or an interruption cancelled it.
    case deleteConfirmationCancelled(ItemID)
    /// A drag began.
    case dragBegan(ItemID, from: ItemPath)
    /// The gap moved: to the dragged item's after-move path, or, for a
    /// drag of several items, to where the group lands (its first item's
    /// path after the move, counting only the items that stay there).
    case gapMoved(to: ItemPath)
    /// The drag ended; `committed` is false for a drop on its own place.
    case dragEnded(ItemID, committed: Bool)
    /// The drag was cancelled and reverted.
    case dragCancelled(ItemID)
    /// The drag now proposes dropping into this item (nil: back to
    /// "between", the gap where it was).
    case dropTargetChanged(ItemID?)
    /// The drag's items (in the order they were carried) were dropped into
    /// `into` and left the collection (committed just before); this ends
    /// the drag instead of a ``dragEnded(_:committed:)`` per item.
    case droppedInto([ItemID], into: ItemID)
    /// An item's menu opened (a long press without movement, the Menu key
    /// or Shift+F10 on the focused item), with its entries' identities,
    /// top to bottom.
    case menuOpened(ItemID, actions: [ActionID])
    /// The keyboard selected an entry of the open menu (Enter performs it).
    case menuEntrySelected(ItemID, ActionID)
    /// The open menu closed without performing an entry: a tap or a touch
    /// outside it, Escape, the Menu key again, the finger moving past the
    /// slop (a drag begins next), the wheel, an interruption, or an app
    /// batch that deleted its item. Performing an entry closes it too, and
    /// says so with the commit (``committed(_:)``) instead.
    case menuDismissed(ItemID)
    /// Batch editing turned on or off.
    case editingChanged(Bool)
    /// An edit was committed to the journal.
    case committed(JournalEntry)
    /// The last entry was undone.
    case undone(JournalEntry)
    /// An undone entry was redone.
    case redone(JournalEntry)
    /// The app's batch was applied and journaled as an app entry
    /// (`EditingStateMachine/apply(_:at:)`); what was in flight is re-based
    /// onto the new model, and the effects after this one say what it cost
    /// (a highlight dropped, a cell shut, a confirmation or a drag cancelled
    /// because its item went, the selection, a gap that had to move).
    case appBatchApplied(JournalEntry)
    /// An edit could not be committed (the model changed under it); nothing changed.
    case rejected(BatchUpdateError)
    /// The content started moving by itself: a fling, a bounce back from
    /// past an end, an animated scroll the app asked for.
    case scrollMotionBegan(ScrollMotion)
    /// The motion of that kind ended at offset `at`: `settled` when it came
    /// to rest by itself, false when something stopped it (a touch, the
    /// wheel, another scroll, a resize).
    case scrollMotionEnded(ScrollMotion.Kind, at: Double, settled: Bool)
    /// Call back with `ContactInput/tick` at this time.
    case scheduleTick(at: EventTime)
    /// The keyboard focus moved to this item (nil: no focus); not reported
    /// when only its index path shifted (a batch before it).
    case focusChanged(EditingFocus?)
    /// A keyboard lift, a key step or a move command did nothing, and why.
    case moveRefused(MoveRefusal)
    /// A tap on the header of this section, which the delegate reports
    /// (``CollectionDelegate/tapsOnHeaders``): the app acts on it.
    case headerTapped(SectionID)
    /// What the effects before it mean to a person, as data; the engine
    /// says it in words. Made only when announcing (`Engine.announcementStrings`).
    case announcement(Announcement)
}
