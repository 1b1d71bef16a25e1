import GripperGeometry

/// Where a drag's proxy centre may move, in content coordinates, with the
/// drop rule holding the gap where it is: the gap's frame grown by
/// ``GridLayout/dropHysteresis`` (closed on every side; see
/// ``GridLayout/holdBand(frame:columns:column:originX:columnStride:cellWidth:)``).
/// The same band, not grown, is where the point is inside the gap, which
/// the gap needs to take the point. Both layouts' drop rules are built on
/// these definitions (`Documentation/Layout.md`, "The drop rule").
struct DropBand: Sendable, Equatable {
    var minX: Double
    var maxX: Double
    var minY: Double
    var maxY: Double

    /// The band of a gap whose frame is `frame`, grown by `h` on every side
    /// (``GridLayout/dropHysteresis`` unless given); nil when it is not
    /// finite.
    init?(frame: Rect, grownBy h: Double = GridLayout.dropHysteresis) {
        let minX = frame.minX - h, maxX = frame.maxX + h, minY = frame.minY - h, maxY = frame.maxY + h
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return nil }
        self.init(minX: minX, maxX: maxX, minY: minY, maxY: maxY)
    }

    init(minX: Double, maxX: Double, minY: Double, maxY: Double) {
        self.minX = minX
        self.maxX = maxX
        self.minY = minY
        self.maxY = maxY
    }

    /// The band shrunk by a millionth of a millionth of its coordinates on
    /// every side: what a layout keeps, so that no rounding between the
    /// query that made it and the rule it stands for can put a point
    /// inside it where the rule would not hold the gap.
    var shrunk: DropBand {
        func margin(_ a: Double, _ b: Double) -> Double {
            let m = max(abs(a), abs(b))
            return 1e-9 * max(1, m.isFinite ? m : 0)
        }
        let mx = margin(minX, maxX), my = margin(minY, maxY)
        return DropBand(minX: minX + mx, maxX: maxX - mx, minY: minY + my, maxY: maxY - my)
    }

    /// Whether `point` is in the band (never for a NaN coordinate).
    @inline(__always) func contains(_ point: Point) -> Bool {
        point.y >= minY && point.y <= maxY && point.x >= minX && point.x <= maxX
    }

    /// The drop rule's "take", for any layout: whether `point` has reached
    /// the gap at `k`, going forward (later in reading order) or back. With
    /// the gap at `k`, the slot under the point is `under`: the point has
    /// reached `k` when `under` is beyond it, or when `under` is `k` and the
    /// point is inside the gap's `core` (its band not grown) across the
    /// scroll axis and past its near edge along it — its top going
    /// forward, its bottom going back. `core` is asked only in that last
    /// case; nil (a frame that is not finite) reaches nothing.
    /// - Complexity: O(1) plus one call of `core`.
    static func reached(_ k: ItemPath, under: ItemPath, core: () -> DropBand?, point: Point,
                        forward: Bool) -> Bool {
        if under != k { return forward ? under > k : under < k }
        guard let core = core(), point.x >= core.minX, point.x <= core.maxX else { return false }
        return forward ? point.y >= core.minY : point.y <= core.maxY
    }
}
