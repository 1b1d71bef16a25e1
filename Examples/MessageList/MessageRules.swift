import Gripper

/// The app's rules: pinned messages stay where they are (no drag, no
/// swipe), and a drop among them lands at the top of the inbox instead.
/// Everything else keeps the defaults (UIKit's).
struct MessageRules: CollectionDelegate {
    func canMove(_ item: ItemID, at indexPath: ItemPath) -> Bool { indexPath.section != 0 }
    func canEdit(_ item: ItemID, at indexPath: ItemPath) -> Bool { indexPath.section != 0 }
    func target(forMoving item: ItemID, from source: ItemPath, proposed: ItemPath) -> MoveTarget {
        proposed.section == 0 ? .redirect(ItemPath(section: 1, item: 0)) : .accept
    }
}
