import GripperLayout

/// The policy's say on a proposed drop target during a drag.
public enum MoveTarget: Hashable, Sendable {
    /// The proposed index path is fine.
    case accept
    /// Use this index path instead (it must be a valid after-move path).
    case redirect(IndexPath)
    /// Not here: the gap stays where it was last approved.
    case veto
}
