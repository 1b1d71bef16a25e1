import GripperGeometry

/// Which edge of a cell a swipe reveals actions on.
public enum SwipeEdge: Hashable, Sendable {
    /// Content slides left and reveals the trailing (right) actions.
    case trailing
    /// Content slides right and reveals the leading (left) actions.
    case leading
}
