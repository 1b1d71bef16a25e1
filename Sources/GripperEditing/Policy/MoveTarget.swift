import GripperLayout

/// The delegate's say on a proposed drop target during a drag.
///
/// A redirect is not trusted blindly: an item index outside the section is
/// clamped into its after-move range (0 ..< count in the source's section,
/// 0 ... count elsewhere), and a section that does not exist counts as a
/// veto. The gap never leaves the model, so a drop never loses or
/// duplicates an item.
public enum MoveTarget: Hashable, Sendable {
    /// The proposed index path is fine.
    case accept
    /// Use this index path instead (an after-move path; clamped, or a veto
    /// when its section does not exist).
    case redirect(ItemPath)
    /// Not here: the gap stays where it was last approved.
    case veto
}
