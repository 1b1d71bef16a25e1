import GripperLayout

/// A ``CollectionDelegate`` described by data: the rules of tests and of
/// simple embeddings.
@_spi(Benchmarks) public struct StaticEditingPolicy: CollectionDelegate, Hashable {
    /// Items that cannot be swiped or deleted.
    public var notEditable: Set<ItemID> = []
    /// Items that cannot be dragged.
    public var notMovable: Set<ItemID> = []
    /// Items that cannot be selected.
    public var notSelectable: Set<ItemID> = []
    /// Whether a dragged item may land in another section; when false a
    /// target in another section is redirected to the nearest end of the source section.
    public var movesBetweenSections = true
    /// Sections (by index) no item may be dropped into: such targets are vetoed.
    public var closedSections: Set<Int> = []
    /// Trailing actions of every item not in ``trailingOverrides``.
    public var trailing = SwipeActions([.delete], fullSwipeAction: "delete")
    /// Leading actions of every item not in ``leadingOverrides``.
    public var leading = SwipeActions.none
    /// Per-item trailing actions.
    public var trailingOverrides: [ItemID: SwipeActions] = [:]
    /// Per-item leading actions.
    public var leadingOverrides: [ItemID: SwipeActions] = [:]
    /// Every item's menu entries (none by default: a long press drags).
    public var menu: [EditingAction] = []
    /// Per-item menu entries in place of ``menu``.
    public var menuOverrides: [ItemID: [EditingAction]] = [:]
    /// The selection mode.
    public var selectionMode: SelectionMode = .single
    /// Items that accept drops into them (folders): any dragged items.
    public var acceptsDrops: Set<ItemID> = []
    /// The dwell before a hover proposes dropping into an item.
    public var dropIntoDelay: Duration = .milliseconds(500)

    /// A policy that allows everything, with a trailing Delete that a full swipe performs.
    public init() {}

    /// Whether `target` accepts drops: when it is in ``acceptsDrops``.
    /// - Complexity: O(1).
    public func canAcceptDrop(of items: [ItemID], into target: ItemID) -> Bool { acceptsDrops.contains(target) }
    /// Whether ``acceptsDrops`` names any item.
    /// - Complexity: O(1).
    public var acceptsDropsIntoItems: Bool { !acceptsDrops.isEmpty }
    /// ``dropIntoDelay``, for every target.
    /// - Complexity: O(1).
    public func dropIntoDelay(for target: ItemID) -> Duration { dropIntoDelay }

    /// Whether `item` may be swiped or deleted: unless it is in ``notEditable``.
    /// - Complexity: O(1).
    public func canEdit(_ item: ItemID, at indexPath: ItemPath) -> Bool { !notEditable.contains(item) }
    /// Whether `item` may be dragged: unless it is in ``notMovable``.
    /// - Complexity: O(1).
    public func canMove(_ item: ItemID, at indexPath: ItemPath) -> Bool { !notMovable.contains(item) }
    /// Whether a touch highlights `item`: unless it is in ``notSelectable``.
    /// - Complexity: O(1).
    public func canHighlight(_ item: ItemID, at indexPath: ItemPath) -> Bool { !notSelectable.contains(item) }
    /// Whether `item` may be selected: unless it is in ``notSelectable``.
    /// - Complexity: O(1).
    public func canSelect(_ item: ItemID, at indexPath: ItemPath) -> Bool { !notSelectable.contains(item) }

    /// Vetoes a target in a ``closedSections`` section other than the
    /// source's; without ``movesBetweenSections`` redirects a target in
    /// another section to the source section's top (target above) or bottom
    /// (below); accepts the rest.
    /// - Complexity: O(1).
    public func target(forMoving item: ItemID, from source: ItemPath, proposed: ItemPath) -> MoveTarget {
        if closedSections.contains(proposed.section) && proposed.section != source.section { return .veto }
        if !movesBetweenSections && proposed.section != source.section {
            // Nearest end of the source section: its top when above, its
            // bottom when below (the item count is unknown here, so the
            // machine clamps "bottom" to the section's last slot).
            return .redirect(ItemPath(section: source.section, item: proposed.section < source.section ? 0 : Int.max))
        }
        return .accept
    }

    /// The item's entry in ``trailingOverrides``, else ``trailing``.
    /// - Complexity: O(1).
    /// A group: accepted at once when no section is closed and items may
    /// change sections; otherwise the one-item answer for each item in turn
    /// (the first veto vetoes, the first redirect redirects).
    /// - Complexity: O(1) with no rule that depends on the sections; O(k)
    ///   for k items otherwise.
    public func target(forMovingItems items: [ItemID], from sources: [ItemPath],
                       proposed: ItemPath) -> MoveTarget {
        if closedSections.isEmpty && movesBetweenSections { return .accept }
        return targetAskingEachItem(forMovingItems: items, from: sources, proposed: proposed)
    }

    public func trailingActions(for item: ItemID, at indexPath: ItemPath) -> SwipeActions {
        trailingOverrides[item] ?? trailing
    }

    /// The item's entry in ``leadingOverrides``, else ``leading``.
    /// - Complexity: O(1).
    public func leadingActions(for item: ItemID, at indexPath: ItemPath) -> SwipeActions {
        leadingOverrides[item] ?? leading
    }

    /// The item's entries in ``menuOverrides``, else ``menu``.
    /// - Complexity: O(1).
    public func menuActions(for item: ItemID, at indexPath: ItemPath) -> [EditingAction] {
        menuOverrides[item] ?? menu
    }
}
