import GripperGeometry

/// A layout as a renderer sees it at one moment: the geometry, the
/// presentation on top, and the content offset (all in scroll space, see
/// ``LayoutOrientation``).
@_spi(Benchmarks) public struct LayoutState: Sendable {
    /// The geometry.
    public var layout: any CollectionLayout
    /// The interaction state.
    public var presentation: LayoutPresentation
    /// The content offset along the scroll axis.
    public var contentOffset: Double

    /// Creates a layout state.
    public init(layout: any CollectionLayout, presentation: LayoutPresentation = .resting, contentOffset: Double = 0) {
        self.layout = layout
        self.presentation = presentation
        self.contentOffset = contentOffset
    }

    /// The part of the content the viewport shows.
    public var visibleRect: Rect {
        Rect(x: 0, y: contentOffset, width: layout.viewport.width, height: layout.viewport.height)
    }

    /// The attributes of an element in this state, treating the placeholder
    /// and the drag proxy as the single elements they are, whatever index
    /// path `id` carries; `nil` when the element does not exist here.
    /// - Complexity: O(log n).
    public func attributes(for id: ElementID) -> LayoutAttributes? {
        var id = id
        switch id.kind {
        case .placeholder: id.indexPath = presentation.drag?.target
        case .dragProxy: id.indexPath = presentation.drag?.source
        case .cell, .header, .footer, .globalHeader, .sectionBackground, .rowSeparator, .columnSeparator, .action,
             .menu, .menuEntry, .supplementary, .decoration:
            break
        }
        guard id.indexPath != nil || id.kind == .globalHeader else { return nil }
        return layout.attributes(for: id, presentation: presentation, contentOffset: contentOffset)
    }
}
