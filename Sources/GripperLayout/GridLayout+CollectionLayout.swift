import GripperGeometry

extension GridLayout: CollectionLayout {
    /// How the grid maps onto the screen (``LayoutMetrics/orientation``).
    public var orientation: LayoutOrientation { metrics.orientation }

    /// The section's columns, or its item count when it has fewer (at
    /// least 1; 1 for a section that does not exist).
    /// - Complexity: O(1).
    public func columnCount(inSection section: Int) -> Int {
        guard sections.indices.contains(section) else { return 1 }
        return max(1, min(sections[section].metrics.columns, sections[section].count))
    }

    /// The area `section`'s items take under `presentation` (a drag in
    /// flight moves it), across the whole viewport.
    /// - Complexity: O(log n) (one query context).
    public func itemsFrame(ofSection section: Int, presentation: LayoutPresentation) -> Rect? {
        guard sections.indices.contains(section) else { return nil }
        if let group = grouped(presentation) {
            guard let (g, drag) = group else { return itemsFrame(ofSection: section, presentation: presentation.withoutDrag) }
            return g.itemsFrame(ofSection: section, presentation: presentation, drag: drag)
        }
        return QueryContext(self, presentation).itemsFrame(section, metrics: sections[section].metrics, width: viewport.width)
    }

    /// Lays the same sections out for `viewport` (``update(metrics:viewport:)``);
    /// the grid keeps what it needs, so `contents` is not read.
    /// - Complexity: O(s) for s sections of fixed row height, O(n) with item heights.
    public mutating func resize(to viewport: Size, contents: [SectionContent]) throws {
        try update(viewport: viewport)
    }

    /// Replaces every section, keeping the metrics and the viewport.
    /// - Throws: ``LayoutError`` naming the bad section; the layout is then unchanged.
    /// - Complexity: as ``init(sections:metrics:viewport:)``.
    public mutating func reload(_ sections: [SectionContent]) throws {
        self = try GridLayout(sections: sections, metrics: metrics, viewport: viewport)
    }

    /// Follows a batch of item changes (see
    /// `applyItemChanges(removing:inserting:)`);
    /// the grid ignores cross extents.
    public mutating func applyItemChanges(removing removals: [ItemPath], inserting insertions: [ItemInsertion]) throws {
        try applyItemChanges(removing: removals, inserting: insertions.map { ($0.indexPath, $0.extent) })
    }

    /// Sets one item's extent along the scroll axis (a measured height) and
    /// returns how far the content after it moved. A section of fixed row
    /// height takes per-item extents first (once, O(n) for its items).
    /// - Throws: ``LayoutError`` for an index path that does not exist or a
    ///   bad extent; the layout is then unchanged.
    /// - Complexity: O(columns + log n) for the item's rows, plus O(sections)
    ///   additions to move the later sections.
    public mutating func setExtent(_ extent: Double, of indexPath: ItemPath) throws -> Double {
        guard isValid(indexPath) else {
            throw LayoutError(path: "setExtent.indexPath", problem: "\(indexPath) is not an item")
        }
        try LayoutError.checkLength(extent, path: "setExtent.extent")
        let s = indexPath.section
        let before = contentExtent
        let fixed = sections[s].heights == nil
        let old = sections[s].heights?.values[indexPath.item]
        if sections[s].heights == nil {
            guard sections[s].count <= Self.maximumItemsWithExtents else {
                throw LayoutError(path: "setExtent.indexPath",
                                  problem: "section \(s) has \(sections[s].count) items: at most \(Self.maximumItemsWithExtents) keep extents of their own")
            }
            let store = sections[s]
            sections[s].heights = ItemHeights([Double](repeating: store.metrics.rowHeight, count: store.count),
                                              columns: store.metrics.columns)
        }
        sections[s].heights?.setHeight(extent, at: indexPath.item)
        let height = Self.sectionHeight(view(section: s, arrangement: .resting(count: sections[s].count)))
        let moved = SectionStack.setHeight(height, of: s, tops: &sectionTops, heights: &sectionHeights)
        guard !(before + moved <= Self.maximumExtent) else { return moved }
        try settle(from: s, path: "setExtent.extent") { layout in
            if fixed {
                layout.sections[s].heights = nil
            } else if let old {
                layout.sections[s].heights?.setHeight(old, at: indexPath.item)
            }
        }
        return moved
    }
    /// Sets the height of `section`'s header or footer (`kind`; a
    /// self-sizing header's measured height; 0: none) and returns how far
    /// the later sections moved. The section's other metrics stay; a later
    /// ``update(metrics:viewport:)`` keeps the height (it becomes the
    /// section's own).
    /// - Throws: ``LayoutError`` for a section that does not exist, a height
    ///   that is not finite and from 0 to ``maximumLength``, or content that
    ///   would grow past ``maximumExtent``; the layout is then unchanged.
    /// - Complexity: O(log n) to measure the section, plus O(sections).
    public mutating func setSupplementaryExtent(_ height: Double, of kind: ElementKind,
                                                inSection section: Int) throws -> Double? {
        let (header, name) = try LayoutError.checkSupplementaryExtent(height, of: kind, inSection: section,
                                                                      sections: sections.count)
        let old = (sections[section].metrics.header, sections[section].overrides.header,
                   sections[section].metrics.footer, sections[section].overrides.footer)
        let before = contentExtent
        if header {
            sections[section].metrics.header.height = height
            sections[section].overrides.header = sections[section].metrics.header
        } else {
            sections[section].metrics.footer.height = height
            sections[section].overrides.footer = sections[section].metrics.footer
        }
        let measured = Self.sectionHeight(view(section: section, arrangement: .resting(count: sections[section].count)))
        let moved = SectionStack.setHeight(measured, of: section, tops: &sectionTops, heights: &sectionHeights)
        guard !(before + moved <= Self.maximumExtent) else { return moved }
        try settle(from: section, path: "\(name).height") { layout in
            (layout.sections[section].metrics.header, layout.sections[section].overrides.header,
             layout.sections[section].metrics.footer, layout.sections[section].overrides.footer) = old
        }
        return moved
    }
}
