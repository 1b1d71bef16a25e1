import GripperGeometry

/// One section as the layout keeps it: its item count, its resolved metrics
/// and, only where the model gave them, its items' heights.
struct SectionStore: Sendable {
    var count: Int
    var overrides: SectionMetrics
    var metrics: ResolvedMetrics
    /// `nil` for a section of fixed row height (no per-item storage).
    var heights: ItemHeights?
}
