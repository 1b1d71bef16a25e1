import GripperGeometry

/// A drag in progress: the item being moved, the slot the gap is at, and
/// where the proxy (the floating copy under the finger) is; in a drag of
/// several items, the others carried along (``companions``).
public struct DragState: Hashable, Sendable {
    /// The dragged item's index path in the model (before the move): the
    /// item under the finger, whose proxy follows it.
    public var source: ItemPath
    /// Where the item would land: its index path after the move. In the
    /// source's section `item` ranges over `0..<count`; in another section
    /// over `0...count`. For a multi-item drag it is where the *group*
    /// lands: an index among the items that stay in that section (`0 …`
    /// their count), the group's first item's path after the move.
    public var target: ItemPath
    /// The centre of the drag proxy in content coordinates: the contact's
    /// position plus the grab offset.
    public var proxyCenter: Point
    /// The other items of a multi-item drag, by their index paths in the
    /// model (before the move), ascending, without ``source``. Every
    /// carried item leaves its slot (the items after it close up), one gap
    /// sized for the group opens at ``target``, and the proxy and the gap
    /// carry their count (``itemCount``); see "A drag of several items" in
    /// `Documentation/Layout.md`. Empty for a drag of one item.
    public var companions: [ItemPath]
    /// The item the drag proposes to drop into (a folder, a group), by its
    /// index path in the model, or nil while it proposes "between" (the
    /// gap at ``target``). Its cell is marked
    /// (``LayoutAttributes/isDropTarget``); the gap stays where it was.
    public var intoTarget: ItemPath?

    /// Creates a drag state; `companions` must be ascending and must not
    /// hold `source`, nor may `intoTarget` be a carried item.
    @_spi(Benchmarks) public init(source: ItemPath, target: ItemPath, proxyCenter: Point, companions: [ItemPath] = [],
                intoTarget: ItemPath? = nil) {
        self.source = source
        self.target = target
        self.proxyCenter = proxyCenter
        self.companions = companions
        self.intoTarget = intoTarget
    }

    /// How many items the drag carries: the source and its companions.
    /// - Complexity: O(1).
    public var itemCount: Int { 1 + companions.count }

    /// Whether the item at `indexPath` is carried along with the source.
    /// - Complexity: O(log k) for k companions.
    public func isCompanion(_ indexPath: ItemPath) -> Bool {
        var low = 0, high = companions.count
        while low < high {
            let mid = (low + high) / 2
            if companions[mid] < indexPath { low = mid + 1 } else { high = mid }
        }
        return low < companions.count && companions[low] == indexPath
    }

    /// The same drag with its gap at `target`.
    func moving(to target: ItemPath) -> DragState {
        var d = self
        d.target = target
        return d
    }
}
