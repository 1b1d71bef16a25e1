import GripperGeometry

extension FlowLayout {
    /// Replaces every section, keeping the metrics and the viewport.
    /// - Complexity: O(n).
    public mutating func reload(_ sections: [SectionContent]) throws {
        self = try FlowLayout(sections: sections, metrics: metrics, viewport: viewport)
    }

    /// Wraps `contents` again for `viewport`, keeping the metrics: a flow
    /// clamps each width to its line, so it takes the widths afresh.
    /// - Complexity: O(n).
    public mutating func resize(to viewport: Size, contents: [SectionContent]) throws {
        self = try FlowLayout(sections: contents, metrics: metrics, viewport: viewport)
    }

    /// Follows a batch of item changes at once (removals at before-paths,
    /// then insertions at after-paths, with their extents and widths; nil:
    /// the defaults). Everything is checked first; a ``LayoutError`` leaves
    /// the layout unchanged.
    /// - Complexity: O(n) over the touched sections' items (their lines are
    ///   wrapped again), plus O(sections).
    public mutating func applyItemChanges(removing removals: [ItemPath], inserting insertions: [ItemInsertion]) throws {
        var gone: [Int: Set<Int>] = [:]
        for p in removals {
            guard isValid(p) else { throw LayoutError(path: "applyItemChanges.removing", problem: "\(p) is not an item") }
            guard gone[p.section, default: []].insert(p.item).inserted else {
                throw LayoutError(path: "applyItemChanges.removing", problem: "\(p) twice")
            }
        }
        var added: [Int: [ItemInsertion]] = [:]
        for i in insertions {
            guard sections.indices.contains(i.indexPath.section) else {
                throw LayoutError(path: "applyItemChanges.inserting", problem: "section \(i.indexPath.section) does not exist")
            }
            for v in [i.extent, i.crossExtent].compactMap({ $0 }) {
                guard v.isFinite, v >= 0, v <= GridLayout.maximumLength else {
                    throw LayoutError(path: "applyItemChanges.inserting",
                                      problem: "size \(v) at \(i.indexPath): at most \(LayoutError.lengthLimitText)")
                }
            }
            added[i.indexPath.section, default: []].append(i)
        }
        var rebuilt: [Int: (widths: [Double], heights: [Double])] = [:]
        for s in Set(gone.keys).union(added.keys) {
            let store = sections[s]
            let removed = gone[s] ?? []
            var widths: [Double] = [], heights: [Double] = []
            widths.reserveCapacity(store.count)
            heights.reserveCapacity(store.count)
            for k in 0..<store.count where !removed.contains(k) {
                widths.append(store.width(k))
                heights.append(store.height(k))
            }
            let inserts = (added[s] ?? []).sorted { $0.indexPath.item < $1.indexPath.item }
            let after = widths.count + inserts.count
            guard after <= GridLayout.maximumItemsWithExtents else {
                throw LayoutError(path: "applyItemChanges.inserting", problem: "section \(s) is full")
            }
            for (n, i) in inserts.enumerated() {
                let at = i.indexPath.item
                guard at >= 0, at < after, n == 0 || inserts[n - 1].indexPath.item != at else {
                    throw LayoutError(path: "applyItemChanges.inserting",
                                      problem: "\(i.indexPath) is outside 0..<\(after) or twice")
                }
                widths.insert(i.crossExtent ?? metrics.itemWidth ?? viewport.width, at: at)
                heights.insert(i.extent ?? metrics.estimatedItemHeight ?? store.metrics.rowHeight, at: at)
            }
            rebuilt[s] = (widths, heights)
        }
        guard let first = rebuilt.keys.min() else { return }
        for (s, r) in rebuilt { sections[s].replace(widths: r.widths, heights: r.heights) }
        recomputeSectionTops(from: first)
    }

    /// Sets one item's extent along the scroll axis (a measured height):
    /// the lines stay (they depend on widths only), the item's line is
    /// measured again. Returns how far the content after the item moved.
    /// - Complexity: O(items in its line + log n), plus O(sections).
    public mutating func setExtent(_ extent: Double, of indexPath: ItemPath) throws -> Double {
        guard isValid(indexPath) else {
            throw LayoutError(path: "setExtent.indexPath", problem: "\(indexPath) is not an item")
        }
        try LayoutError.checkLength(extent, path: "setExtent.extent")
        let s = indexPath.section
        sections[s].setHeight(extent, at: indexPath.item)
        let height = Self.sectionHeight(sections[s], itemsHeight: sections[s].itemsHeight)
        return SectionStack.setHeight(height, of: s, tops: &sectionTops, heights: &sectionHeights)
    }

    /// Sets one item's extents (a self-sizing cell's measured size):
    /// `extent` along the scroll axis (its line is measured again) and
    /// `crossExtent` across it (clamped to the line: the section wraps
    /// again from the item's line on, until its lines fall back into step
    /// with the old ones); nil keeps one as it is. Returns how far the
    /// content after the item's section moved.
    /// - Throws: ``LayoutError`` for an index path that does not exist, an
    ///   extent that is not finite and from 0 to ``GridLayout/maximumLength``,
    ///   or content that would grow past ``GridLayout/maximumExtent``; the
    ///   layout is then unchanged.
    /// - Complexity: O(log n + items in its line) for the extent; for the
    ///   cross extent O(n − item) additions for the section's width sums
    ///   plus the items of the lines wrapped again; plus O(sections). O(n)
    ///   the first time in a section of items of one size.
    public mutating func setExtents(_ extent: Double?, crossExtent: Double?, of indexPath: ItemPath) throws -> Double {
        guard isValid(indexPath) else {
            throw LayoutError(path: "setExtents.indexPath", problem: "\(indexPath) is not an item")
        }
        if let extent { try LayoutError.checkLength(extent, path: "setExtents.extent") }
        if let crossExtent { try LayoutError.checkLength(crossExtent, path: "setExtents.crossExtent") }
        let s = indexPath.section, k = indexPath.item
        let old = (width: sections[s].width(k), height: sections[s].height(k))
        if let extent { sections[s].setHeight(extent, at: k) }
        if let crossExtent { sections[s].setWidth(crossExtent, at: k) }
        // Undone by the old sizes: the greedy wrap of the old widths is the old lines.
        return try settle(s, path: "setExtents") { section in
            if crossExtent != nil { section.setWidth(old.width, at: k) }
            if extent != nil { section.setHeight(old.height, at: k) }
        }
    }

    /// Sets the height of `section`'s header or footer (`kind`; a
    /// self-sizing header's measured height; 0: none): the section's
    /// extent changes, the later sections move. Returns how far they moved.
    /// - Throws: ``LayoutError`` for a section that does not exist, a
    ///   height that is not finite and from 0 to ``GridLayout/maximumLength``,
    ///   or content that would grow past ``GridLayout/maximumExtent``; the
    ///   layout is then unchanged.
    /// - Complexity: O(sections).
    public mutating func setSupplementaryExtent(_ height: Double, of kind: ElementKind,
                                                inSection section: Int) throws -> Double? {
        let (header, name) = try LayoutError.checkSupplementaryExtent(height, of: kind, inSection: section,
                                                                      sections: sections.count)
        let old = (sections[section].metrics.header, sections[section].overrides.header,
                   sections[section].metrics.footer, sections[section].overrides.footer)
        sections[section].setSupplementaryHeight(height, header: header)
        return try settle(section, path: "\(name).height") {
            ($0.metrics.header, $0.overrides.header, $0.metrics.footer, $0.overrides.footer) = old
        }
    }

    /// Measures `section` again and moves the later sections; when the
    /// content would then be longer than ``GridLayout/maximumExtent``,
    /// undoes the change with `undo` and throws at `path`.
    /// - Complexity: O(sections) + O(log n), and the undo's.
    private mutating func settle(_ section: Int, path: String, undo: (inout FlowSection) -> Void) throws -> Double {
        let height = Self.sectionHeight(sections[section], itemsHeight: sections[section].itemsHeight)
        let end = (sectionTops.last ?? metrics.globalHeaderHeight) + (sectionHeights.last ?? 0)
        let delta = height - sectionHeights[section]
        guard end + delta <= GridLayout.maximumExtent else {
            undo(&sections[section])
            throw LayoutError(path: path, problem: "would make the content \(end + delta) points long: "
                + "at most 2^52 (\(Int(GridLayout.maximumExtent))) points fit")
        }
        return SectionStack.setHeight(height, of: section, tops: &sectionTops, heights: &sectionHeights)
    }

    /// Checks that each section's lines are the greedy wrap of its widths
    /// and the section tops and extents agree with a fresh measurement.
    /// O(n): for tests and debug checks.
    public func _checkInvariants() -> [String] {
        var problems: [String] = []
        var y = metrics.globalHeaderHeight
        for (s, store) in sections.enumerated() {
            let sizes = store.sizes
            let fresh = FlowSection(widths: sizes.widths, heights: sizes.heights, metrics: store.metrics,
                                    overrides: store.overrides, width: viewport.width)
            if !fresh.sameLines(as: store) { problems.append("sections[\(s)]: lines are not the greedy wrap or their extents disagree") }
            if fresh.itemsHeight != store.itemsHeight { problems.append("sections[\(s)]: items extent \(store.itemsHeight), expected \(fresh.itemsHeight)") }
            if sectionTops[s] != y { problems.append("sections[\(s)]: top \(sectionTops[s]), expected \(y)") }
            let h = Self.sectionHeight(store, itemsHeight: store.itemsHeight)
            if sectionHeights[s] != h { problems.append("sections[\(s)]: extent \(sectionHeights[s]), expected \(h)") }
            y += h
        }
        return problems
    }
}
