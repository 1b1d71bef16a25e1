import GripperGeometry

/// The layouts Gripper ships, by name (a scene's `layout.kind`).
public enum LayoutKind: String, Hashable, Sendable, CaseIterable {
    /// `GridLayout`: rows of equal columns.
    case grid
    /// `FlowLayout`: items of their own sizes wrapped into lines.
    case flow

    /// An empty layout of this kind for `metrics` and a viewport of `screen`
    /// size (the layout gets it in its scroll space); the engine fills in
    /// the sections.
    /// - Throws: ``LayoutError`` when the metrics do not fit the viewport.
    public func make(metrics: LayoutMetrics, viewport screen: Size) throws -> any CollectionLayout {
        let viewport = metrics.orientation.scrollSize(screen)
        switch self {
        case .grid: return try GridLayout(sections: [], metrics: metrics, viewport: viewport)
        case .flow: return try FlowLayout(sections: [], metrics: metrics, viewport: viewport)
        }
    }
}
