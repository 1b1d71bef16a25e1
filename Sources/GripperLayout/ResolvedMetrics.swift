import GripperGeometry

/// One section's metrics with the layout-wide defaults filled in, checked,
/// and the derived column geometry.
struct ResolvedMetrics: Hashable, Sendable {
    var columns: Int
    var rowHeight: Double
    var interItemSpacing: Double
    var lineSpacing: Double
    var insets: EdgeInsets
    var header: SupplementaryMetrics
    var footer: SupplementaryMetrics
    var rowSeparator: SeparatorMetrics
    var columnSeparator: SeparatorMetrics
    var background: Bool
    /// The least height of the items area (0 for none).
    var minimumItemsHeight: Double
    /// Each column's width.
    var cellWidth: Double
    /// Left edge of column 0.
    var originX: Double
    /// Distance from one column's left edge to the next's.
    var columnStride: Double

    /// Resolves `overrides` against `base` for a layout `width` wide.
    /// - Throws: ``LayoutError`` naming the bad value under `path`.
    init(_ base: LayoutMetrics, _ overrides: SectionMetrics, width: Double, path: String) throws {
        columns = overrides.columns ?? base.columns
        if overrides.columns == nil, let minimum = base.minimumItemWidth {
            guard minimum.isFinite, minimum > 0, minimum <= GridLayout.maximumLength else {
                throw LayoutError(path: "metrics.minimumItemWidth",
                                  problem: "must be a finite number above 0 and at most \(LayoutError.lengthLimitText), got \(minimum)")
            }
            columns = Self.adaptiveColumns(minimumWidth: minimum, width: width,
                                           insets: overrides.sectionInsets ?? base.sectionInsets,
                                           spacing: overrides.interItemSpacing ?? base.interItemSpacing)
        }
        rowHeight = overrides.rowHeight ?? base.rowHeight
        interItemSpacing = overrides.interItemSpacing ?? base.interItemSpacing
        lineSpacing = overrides.lineSpacing ?? base.lineSpacing
        insets = overrides.sectionInsets ?? base.sectionInsets
        header = overrides.header ?? base.header
        footer = overrides.footer ?? base.footer
        rowSeparator = overrides.rowSeparator ?? base.rowSeparator
        columnSeparator = overrides.columnSeparator ?? base.columnSeparator
        background = overrides.sectionBackground ?? base.sectionBackground
        minimumItemsHeight = overrides.minimumItemsHeight ?? 0
        func nonNegative(_ v: Double, _ name: String) throws {
            try LayoutError.checkLength(v, path: "\(path).\(name)")
        }
        guard columns >= 1, columns <= 10_000 else {
            throw LayoutError(path: "\(path).columns", problem: "must be between 1 and 10000, got \(columns)")
        }
        try nonNegative(rowHeight, "rowHeight")
        try nonNegative(interItemSpacing, "interItemSpacing")
        try nonNegative(lineSpacing, "lineSpacing")
        try nonNegative(minimumItemsHeight, "minimumItemsHeight")
        guard insets.isValid else {
            throw LayoutError(path: "\(path).sectionInsets",
                              problem: "every inset must be a finite number from 0 to \(LayoutError.lengthLimitText)")
        }
        for (m, name) in [(header, "header"), (footer, "footer")] {
            try nonNegative(m.height, "\(name).height")
            guard m.padding.isValid else {
                throw LayoutError(path: "\(path).\(name).padding",
                                  problem: "every padding must be a finite number from 0 to \(LayoutError.lengthLimitText)")
            }
        }
        for (s, name) in [(rowSeparator, "rowSeparator"), (columnSeparator, "columnSeparator")] {
            try nonNegative(s.thickness, "\(name).thickness")
            try nonNegative(s.startInset, "\(name).startInset")
            try nonNegative(s.endInset, "\(name).endInset")
        }
        let contentWidth = width - insets.left - insets.right - Double(columns - 1) * interItemSpacing
        cellWidth = contentWidth / Double(columns)
        guard cellWidth > 0 else {
            throw LayoutError(path: path, problem: "no room for \(columns) column(s) in a width of \(width) "
                + "after insets and spacing")
        }
        originX = insets.left
        columnStride = cellWidth + interItemSpacing
    }

    /// How many columns of cells at least `minimumWidth` wide fit in
    /// `width` after `insets` and `spacing` between columns: 1 to 10,000
    /// (1 when not even one fits, or when a value is not finite — the
    /// checks that follow report those).
    /// - Complexity: O(1).
    static func adaptiveColumns(minimumWidth: Double, width: Double, insets: EdgeInsets, spacing: Double) -> Int {
        let room = width - insets.left - insets.right + spacing
        let fit = (room / (minimumWidth + spacing)).rounded(.down)
        guard fit.isFinite, fit >= 1 else { return 1 }
        return fit >= 10_000 ? 10_000 : Int(fit)
    }

    /// The height of an items area whose rows take `rows`: at least ``minimumItemsHeight``.
    @inline(__always) func itemsAreaHeight(_ rows: Double) -> Double { max(rows, minimumItemsHeight) }

    /// The left edge of `column`.
    @inline(__always) func x(column: Int) -> Double { originX + Double(column) * columnStride }
}
