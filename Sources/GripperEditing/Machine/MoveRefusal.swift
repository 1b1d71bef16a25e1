import GripperLayout

/// Why a keyboard lift, a key step or a move command did nothing. The
/// machine reports it as ``EditingEffect/moveRefused(_:)`` (the transcript's
/// `moveRefused` line) and, when announcing, says it in words.
public enum MoveRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// Something else is in flight (a pointer drag, a swipe, a touch being
    /// tracked, a scroll, an open cell or delete confirmation): the machine's
    /// state then.
    case busy(EditingPhase)
    /// No item has the focus (or the collection is empty).
    case noFocus
    /// The delegate says the item cannot move (``CollectionDelegate/canMove(_:at:)``).
    case notMovable(ItemID)
    /// The delegate vetoed the proposed after-move place.
    case vetoed(ItemID, proposed: ItemPath)
    /// A ``MoveCommand/toSection(_:)`` named a section that does not exist.
    case noSuchSection(ItemID, Int)

    /// The reason as the transcript writes it (`pear: not movable`, `busy: dragging` …).
    public var description: String {
        switch self {
        case .busy(let phase): "busy: \(phase)"
        case .noFocus: "no focus"
        case .notMovable(let item): "\(item.rawValue): not movable"
        case .vetoed(let item, let p): "\(item.rawValue): vetoed [\(p.section),\(p.item)]"
        case .noSuchSection(let item, let s): "\(item.rawValue): no section \(s)"
        }
    }

    /// The item concerned, if any.
    public var item: ItemID? {
        switch self {
        case .busy, .noFocus: nil
        case .notMovable(let item), .vetoed(let item, _), .noSuchSection(let item, _): item
        }
    }
}
