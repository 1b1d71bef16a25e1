import GripperLayout

/// A data source that shows one of its children at a time, with a header
/// (the layout's global header) whose control switches between them — the
/// segmented data source of the WWDC 2014 talk *Advanced User Interfaces with Collection Views*.
///
/// It answers every data and delegate question as a
/// ``ComposedDataSource`` of the selected child alone would: sections are
/// `key/id`, rules are the selected child's. `Engine.switchSegment(of:to:at:)`
/// switches: the engine's content is replaced wholesale by the new
/// segment (lazy views, no item read, one bounded transcript line, a
/// transition a renderer animates), and what is in flight (a drag, an
/// open cell, a delete confirmation) is cancelled, since its item leaves.
/// `switchBatch(to:)` spells the same change out as a batch.
///
/// ```swift
/// var mail = try SegmentedDataSource([
///     ChildDataSource(key: "inbox", Inbox(messages: inbox)),
///     ChildDataSource(key: "sent", Sent(messages: sent)),
/// ])
/// var engine = try Engine(dataSource: mail, delegate: mail, viewport: size, device: panel)
/// try engine.switchSegment(of: &mail, to: 1, at: now)   // "sent" is shown
/// ```
public struct SegmentedDataSource: CollectionDataSource, CollectionDelegate {
    /// Every segment, shown or not, in the order the header lists them.
    public private(set) var segments: [ChildDataSource]
    /// The index of the segment shown.
    public private(set) var selectedIndex: Int
    /// The segment shown, as a composition of one.
    public private(set) var shown: ComposedDataSource

    /// Creates a segmented source showing `segments[selectedIndex]`.
    /// - Throws: ``CompositionError`` for no segments, a selection outside
    ///   them, or a repeated or malformed key.
    /// - Complexity: O(c + s) for c segments and the shown one's s sections.
    public init(_ segments: [ChildDataSource], selectedIndex: Int = 0,
                selectionMode: SelectionMode = .single) throws(CompositionError) {
        guard !segments.isEmpty else { throw .noChildren }
        guard selectedIndex >= 0, selectedIndex < segments.count else {
            throw .noSuchChild(selectedIndex, count: segments.count)
        }
        _ = try ComposedDataSource(segments)  // checks the keys
        self.segments = segments
        self.selectedIndex = selectedIndex
        shown = try ComposedDataSource([segments[selectedIndex]], selectionMode: selectionMode)
    }

    /// The keys of the segments, the header's titles.
    public var titles: [String] { segments.map(\.key) }

    /// The batch that turns what is shown into segment `index`: the shown
    /// sections deleted, the new segment's inserted with their items (read
    /// now). Nil for no such segment; empty when it is already shown.
    /// - Complexity: O(s + n) for the new segment's s sections and n items
    ///   (each identity read once).
    package func switchBatch(to index: Int) -> BatchUpdate? {
        guard index >= 0, index < segments.count else { return nil }
        guard index != selectedIndex else { return BatchUpdate() }
        var ops: [BatchUpdate.Operation] = []
        let old = shown.numberOfSections
        ops.reserveCapacity(old + segments[index].dataSource.numberOfSections)
        for s in 0..<old { ops.append(.deleteSection(s)) }
        let next = segments[index]
        let sections = max(0, next.dataSource.numberOfSections)
        for s in 0..<sections {
            let count = max(0, next.dataSource.numberOfItems(inSection: s))
            var items: [ItemID] = []
            items.reserveCapacity(count)
            for i in 0..<count { items.append(next.dataSource.itemID(at: ItemPath(section: s, item: i))) }
            ops.append(.insertSection(CollectionSection(id: next.composedSectionID(next.dataSource.sectionID(at: s)),
                                                        items: items), at: s))
        }
        return BatchUpdate(ops)
    }

    /// Shows segment `index` (after the engine has applied
    /// ``switchBatch(to:)``).
    /// - Throws: ``CompositionError`` for no such segment; nothing changes.
    /// - Complexity: O(s) for its s sections.
    package mutating func select(_ index: Int) throws(CompositionError) {
        guard index >= 0, index < segments.count else { throw .noSuchChild(index, count: segments.count) }
        shown = try ComposedDataSource([segments[index]], selectionMode: shown.selectionMode)
        selectedIndex = index
    }

    /// Replaces segment `index` (its data changed). For the shown segment
    /// the engine must have applied the change first, as a batch in its
    /// own paths (a one-child composition's paths are the child's).
    /// - Throws: ``CompositionError``; nothing changes then.
    package mutating func replaceSegment(_ index: Int, with segment: ChildDataSource) throws(CompositionError) {
        guard index >= 0, index < segments.count else { throw .noSuchChild(index, count: segments.count) }
        var copy = segments
        copy[index] = segment
        _ = try ComposedDataSource(copy)
        if index == selectedIndex { try shown.replaceChild(0, with: segment) }
        segments = copy
    }

    // MARK: - CollectionDataSource (the shown segment's)

    /// The shown segment's.
    public var numberOfSections: Int { shown.numberOfSections }
    /// The shown segment's, as `key/id`.
    public func sectionID(at section: Int) -> SectionID { shown.sectionID(at: section) }
    /// The shown segment's.
    public func numberOfItems(inSection section: Int) -> Int { shown.numberOfItems(inSection: section) }
    /// The shown segment's.
    public func itemID(at indexPath: ItemPath) -> ItemID { shown.itemID(at: indexPath) }
    /// Whether any segment has heights of its own (a switch may bring one in).
    public var hasItemHeights: Bool { segments.contains { $0.dataSource.hasItemHeights } }
    /// The height in the segment shown, or in any that holds `item` (a
    /// switch asks for the new segment's items before it is shown).
    public func height(ofItem item: ItemID, at indexPath: ItemPath) -> Double? {
        for segment in segments {
            if let h = segment.dataSource.height(ofItem: item, at: indexPath) { return h }
        }
        return nil
    }
    /// The shown segment's.
    public func height(ofItemAt indexPath: ItemPath) -> Double? { shown.height(ofItemAt: indexPath) }
    /// The shown segment's.
    public var locatesItems: Bool { shown.locatesItems }
    /// The shown segment's.
    public func indexPath(ofItem item: ItemID) -> ItemPath? { shown.indexPath(ofItem: item) }
    /// The column count of any segment's section (`key/id`).
    public func columns(ofSection section: SectionID) -> Int? {
        guard let slash = section.rawValue.firstIndex(of: "/") else { return nil }
        let key = String(section.rawValue[..<slash])
        guard let segment = segments.first(where: { $0.key == key }) else { return nil }
        return segment.dataSource.columns(ofSection: SectionID(String(section.rawValue[section.rawValue.index(after: slash)...])))
    }
    /// The metrics of any segment's section (`key/id`): each segment brings
    /// its own row height, header, insets ….
    public func metrics(ofSection section: SectionID) -> SectionMetrics {
        guard let slash = section.rawValue.firstIndex(of: "/") else { return .inherited }
        let key = String(section.rawValue[..<slash])
        guard let segment = segments.first(where: { $0.key == key }) else { return .inherited }
        return segment.dataSource.metrics(ofSection: SectionID(String(section.rawValue[section.rawValue.index(after: slash)...])))
    }
    /// Whether any segment has widths of its own.
    public var hasItemWidths: Bool { segments.contains { $0.dataSource.hasItemWidths } }
    /// The width in any segment that gives one for `item`.
    public func width(ofItem item: ItemID, at indexPath: ItemPath) -> Double? {
        for segment in segments {
            if let w = segment.dataSource.width(ofItem: item, at: indexPath) { return w }
        }
        return nil
    }

    // MARK: - CollectionDelegate (the shown segment's)

    /// The shown segment's answer.
    public func canHighlight(_ item: ItemID, at indexPath: ItemPath) -> Bool { shown.canHighlight(item, at: indexPath) }
    /// The shown segment's answer.
    public func canSelect(_ item: ItemID, at indexPath: ItemPath) -> Bool { shown.canSelect(item, at: indexPath) }
    /// The shown segment's answer.
    public func canDeselect(_ item: ItemID, at indexPath: ItemPath) -> Bool { shown.canDeselect(item, at: indexPath) }
    /// The shown segment's answer.
    public func canEdit(_ item: ItemID, at indexPath: ItemPath) -> Bool { shown.canEdit(item, at: indexPath) }
    /// The shown segment's answer.
    public func canMove(_ item: ItemID, at indexPath: ItemPath) -> Bool { shown.canMove(item, at: indexPath) }
    /// The shown segment's answer.
    public func target(forMoving item: ItemID, from source: ItemPath, proposed: ItemPath) -> MoveTarget {
        shown.target(forMoving: item, from: source, proposed: proposed)
    }
    /// The shown segment's actions.
    public func trailingActions(for item: ItemID, at indexPath: ItemPath) -> SwipeActions {
        shown.trailingActions(for: item, at: indexPath)
    }
    /// The shown segment's actions.
    public func leadingActions(for item: ItemID, at indexPath: ItemPath) -> SwipeActions {
        shown.leadingActions(for: item, at: indexPath)
    }
    /// The shown segment's outcome.
    public func perform(_ action: EditingAction, on item: ItemID, at indexPath: ItemPath) -> ActionOutcome {
        shown.perform(action, on: item, at: indexPath)
    }
    /// The shown segment's group rule.
    public func target(forMovingItems items: [ItemID], from sources: [ItemPath],
                       proposed: ItemPath) -> MoveTarget {
        shown.target(forMovingItems: items, from: sources, proposed: proposed)
    }
    /// Whether the shown segment takes drops into its items.
    public var acceptsDropsIntoItems: Bool { shown.acceptsDropsIntoItems }
    /// The shown segment's answer.
    public func canAcceptDrop(of items: [ItemID], into target: ItemID) -> Bool {
        shown.canAcceptDrop(of: items, into: target)
    }
    /// The shown segment's dwell.
    public func dropIntoDelay(for target: ItemID) -> Duration { shown.dropIntoDelay(for: target) }
    /// Tells the shown segment.
    public func didDrop(_ items: [ItemID], into target: ItemID) { shown.didDrop(items, into: target) }
    /// The shown segment's name for the item.
    public func accessibilityLabel(for item: ItemID) -> String { shown.accessibilityLabel(for: item) }
    /// The shown segment's name for its section.
    public func accessibilityLabel(forSection section: SectionID) -> String {
        shown.accessibilityLabel(forSection: section)
    }
    /// The composition's own mode.
    public var selectionMode: SelectionMode { shown.selectionMode }
}
