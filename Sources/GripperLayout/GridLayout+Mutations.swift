import GripperGeometry

/// Changes that follow the model. Each checks its arguments first and throws
/// a ``LayoutError`` without changing anything when they are wrong. In a
/// section of fixed row height an item change is arithmetic (O(1) for the
/// section, plus O(sections) to move the sections below); in a section with
/// per-item heights inserting, deleting or moving an item recomputes the
/// rows from that item to the end of its section, in place (O(n) in the
/// section at worst: a tight loop), and changing one height costs O(log n).
/// A length past ``GridLayout/maximumLength`` is refused, and so is a change
/// that would make the content longer than ``GridLayout/maximumExtent``
/// (closing up or opening a slot can make a grid's rows taller): it is
/// applied, found too long and undone, and the error names the change
/// (`insert`, `delete`, `move`, `setHeight.height`, …).
extension GridLayout {
    /// Inserts an item at `indexPath` (`item` may equal the section's count).
    /// `height` is used in a section with per-item heights (its row height
    /// when `nil`) and ignored otherwise.
    public mutating func insertItem(at indexPath: ItemPath, height: Double? = nil) throws {
        let s = try checkedSection(indexPath.section, path: "insert.section")
        guard indexPath.item >= 0, indexPath.item <= sections[s].count else {
            throw LayoutError(path: "insert.item", problem: "\(indexPath.item) is outside 0...\(sections[s].count)")
        }
        if let height { try checkHeight(height, path: "insert.height") }
        guard sections[s].count < Self.maximumItemsPerSection else {
            throw LayoutError(path: "insert.section", problem: "section \(s) is full")
        }
        insert(at: indexPath, height: height ?? sections[s].metrics.rowHeight)
        try settle(from: s, path: "insert") { _ = $0.remove(at: indexPath) }
    }

    /// Deletes the item at `indexPath`.
    public mutating func deleteItem(at indexPath: ItemPath) throws {
        try checkItem(indexPath, path: "delete")
        let height = remove(at: indexPath)
        // Closing up can make rows of a grid taller (items change rows).
        try settle(from: indexPath.section, path: "delete") { $0.insert(at: indexPath, height: height) }
    }

    /// Moves an item from `source` to `destination`, the index path it has
    /// after the move (as ``DragState/target``). Its height goes with it into
    /// a section with per-item heights.
    public mutating func moveItem(from source: ItemPath, to destination: ItemPath) throws {
        try checkItem(source, path: "move.from")
        let t = try checkedSection(destination.section, path: "move.to.section")
        let limit = t == source.section ? sections[t].count - 1 : sections[t].count
        guard destination.item >= 0, destination.item <= limit else {
            throw LayoutError(path: "move.to.item", problem: "\(destination.item) is outside 0...\(limit)")
        }
        guard t == source.section || sections[t].count < Self.maximumItemsPerSection else {
            throw LayoutError(path: "move.to.section", problem: "section \(t) is full")
        }
        let height = remove(at: source)
        insert(at: destination, height: height)
        try settle(from: min(source.section, t), path: "move") {
            _ = $0.remove(at: destination)
            $0.insert(at: source, height: height)
        }
    }

    /// Sets the height of one item of a section with per-item heights.
    /// - Complexity: O(log n + sections).
    public mutating func setHeight(_ height: Double, of indexPath: ItemPath) throws {
        try checkItem(indexPath, path: "setHeight")
        try checkHeight(height, path: "setHeight.height")
        guard sections[indexPath.section].heights != nil else {
            throw LayoutError(path: "setHeight.section",
                              problem: "section \(indexPath.section) has a fixed row height, not per-item heights")
        }
        let old = sections[indexPath.section].heights?.values[indexPath.item] ?? height
        sections[indexPath.section].heights?.setHeight(height, at: indexPath.item)
        try settle(from: indexPath.section, path: "setHeight.height") {
            $0.sections[indexPath.section].heights?.setHeight(old, at: indexPath.item)
        }
    }

    /// Inserts a section at `index` (which may equal the section count).
    public mutating func insertSection(_ content: SectionContent, at index: Int) throws {
        guard index >= 0, index <= sections.count else {
            throw LayoutError(path: "insertSection.index", problem: "\(index) is outside 0...\(sections.count)")
        }
        let store = try Self.store(content, metrics: metrics, width: viewport.width, path: "insertSection.content")
        sections.insert(store, at: index)
        try settle(from: index, path: "insertSection.content") { _ = $0.sections.remove(at: index) }
    }

    /// Deletes the section at `index`.
    public mutating func deleteSection(at index: Int) throws {
        _ = try checkedSection(index, path: "deleteSection.index")
        sections.remove(at: index)
        recomputeSectionTops(from: index)
    }

    /// Replaces the section at `index` (a reload: new count, heights or metrics).
    public mutating func reloadSection(_ content: SectionContent, at index: Int) throws {
        _ = try checkedSection(index, path: "reloadSection.index")
        let old = sections[index]
        sections[index] = try Self.store(content, metrics: metrics, width: viewport.width, path: "reloadSection.content")
        try settle(from: index, path: "reloadSection.content") { $0.sections[index] = old }
    }

    /// Changes the metrics or the viewport (rotation, resize); the sections
    /// keep their items, heights and overrides.
    public mutating func update(metrics newMetrics: LayoutMetrics? = nil, viewport newViewport: Size? = nil) throws {
        let contents = sections.map { store in
            store.heights.map { SectionContent(itemHeights: $0.values, metrics: store.overrides) }
                ?? SectionContent(count: store.count, metrics: store.overrides)
        }
        self = try GridLayout(sections: contents, metrics: newMetrics ?? metrics, viewport: newViewport ?? viewport)
    }

    // MARK: - Helpers

    private func checkedSection(_ section: Int, path: String) throws -> Int {
        guard sections.indices.contains(section) else {
            throw LayoutError(path: path, problem: "section \(section) does not exist (there are \(sections.count))")
        }
        return section
    }

    private func checkItem(_ indexPath: ItemPath, path: String) throws {
        let s = try checkedSection(indexPath.section, path: "\(path).section")
        guard indexPath.item >= 0, indexPath.item < sections[s].count else {
            throw LayoutError(path: "\(path).item",
                              problem: "\(indexPath.item) is outside 0..<\(sections[s].count)")
        }
    }

    private func checkHeight(_ height: Double, path: String) throws {
        try LayoutError.checkLength(height, path: path)
    }

    /// Inserts without checks; updates the section's rows if it has heights.
    mutating func insert(at indexPath: ItemPath, height: Double) {
        let s = indexPath.section
        sections[s].count += 1
        sections[s].heights?.insert(height, at: indexPath.item)
    }

    /// Removes without checks; returns the item's height.
    mutating func remove(at indexPath: ItemPath) -> Double {
        let s = indexPath.section
        sections[s].count -= 1
        return sections[s].heights?.remove(at: indexPath.item) ?? sections[s].metrics.rowHeight
    }
}
