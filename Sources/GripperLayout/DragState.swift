import GripperGeometry

/// A drag in progress: the item being moved, the slot the gap is at, and
/// where the proxy (the floating copy under the finger) is.
public struct DragState: Hashable, Sendable {
    /// The dragged item's index path in the model (before the move).
    public var source: IndexPath
    /// Where the item would land: its index path after the move. In the
    /// source's section `item` ranges over `0..<count`; in another section
    /// over `0...count`.
    public var target: IndexPath
    /// The centre of the drag proxy in content coordinates: the contact's
    /// position plus the grab offset.
    public var proxyCenter: Point

    /// Creates a drag state.
    public init(source: IndexPath, target: IndexPath, proxyCenter: Point) {
        self.source = source
        self.target = target
        self.proxyCenter = proxyCenter
    }
}
