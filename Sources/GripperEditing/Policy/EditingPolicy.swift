import GripperLayout

/// The data source's voice: what may be edited, moved and selected, where a
/// dragged item may land, and which actions an item offers.
///
/// Index paths are those of the model at the moment of the question. The
/// machine asks on every decision (touch down, gap change, swipe start), so
/// answers should be cheap.
public protocol EditingPolicy: Sendable {
    /// Whether `item` can be swiped open and shows a delete control in batch editing.
    /// - Complexity: called per gesture; should be O(1).
    func canEdit(_ item: ItemID, at indexPath: IndexPath) -> Bool
    /// Whether `item` can be dragged (shows a gripper in batch editing).
    /// - Complexity: called per gesture; should be O(1).
    func canMove(_ item: ItemID, at indexPath: IndexPath) -> Bool
    /// The target for moving `item` from `source` to the `proposed` after-move
    /// path: accept, redirect or veto. Asked at every gap change.
    /// - Complexity: called per frame while dragging; should be O(1).
    func target(forMoving item: ItemID, from source: IndexPath, proposed: IndexPath) -> MoveTarget
    /// The actions a swipe from the trailing edge (to the left) reveals.
    func trailingActions(for item: ItemID, at indexPath: IndexPath) -> SwipeActions
    /// The actions a swipe from the leading edge (to the right) reveals.
    func leadingActions(for item: ItemID, at indexPath: IndexPath) -> SwipeActions
    /// Whether `item` may be selected (and highlighted on touch-down).
    func canSelect(_ item: ItemID, at indexPath: IndexPath) -> Bool
    /// How many items a tap selects.
    var selectionMode: SelectionMode { get }
}
