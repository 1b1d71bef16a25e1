import GripperGeometry

/// The animation between two layout states: every element visible in either
/// state that appears, disappears or moves (changes any attribute), with its
/// attributes before and after. Elements that stay as they were are left out.
///
/// Elements are matched by identity through the `ItemPathMapping` of the
/// edits between the states (identity for presentation changes: gap moved,
/// editing toggled, cell opened or shut). The placeholder and the drag proxy
/// are matched as single elements whatever their index paths. Appearing
/// elements start, and disappearing ones end, where their layout says
/// (``CollectionLayout/initialAttributes(forAppearing:)``,
/// ``CollectionLayout/finalAttributes(forDisappearing:)``: faded in place
/// unless ``LayoutMetrics/appearance`` says otherwise).
public struct LayoutTransition: Sendable {
    /// One element's change.
    public struct Change: Hashable, Sendable {
        /// The attributes to animate from.
        public var initial: LayoutAttributes
        /// The attributes to animate to.
        public var final: LayoutAttributes

        /// Creates a change.
        package init(initial: LayoutAttributes, final: LayoutAttributes) {
            self.initial = initial
            self.final = final
        }
    }

    /// Elements that exist only after.
    public var appearing: [Change]
    /// Elements that exist only before.
    public var disappearing: [Change]
    /// Elements that exist in both states with different attributes.
    public var moving: [Change]

    /// Whether nothing changes.
    public var isEmpty: Bool { appearing.isEmpty && disappearing.isEmpty && moving.isEmpty }

    /// The transition from `old` to `new`, over the elements visible in
    /// either state's viewport.
    /// - Complexity: O((k_old + k_new) × (log n + edits)).
    @_spi(Benchmarks) public init(from old: LayoutState, to new: LayoutState, mapping: ItemPathMapping = .identity) {
        appearing = []
        disappearing = []
        moving = []
        let before = old.layout.attributes(in: old.visibleRect, presentation: old.presentation,
                                           contentOffset: old.contentOffset)
        let after = new.layout.attributes(in: new.visibleRect, presentation: new.presentation,
                                          contentOffset: new.contentOffset)
        // Each element before by its key, as its place in `before` (the
        // attributes are large: the table holds indices, not copies).
        var beforeByKey: [ElementID: Int] = [:]
        beforeByKey.reserveCapacity(before.count)
        // Two elements of one key (an app's layout may make them): a match
        // of the key matches both, so the keys matched are kept too.
        var repeatedKeys = false
        for (i, a) in before.enumerated() {
            if beforeByKey.updateValue(i, forKey: Self.key(a.id)) != nil { repeatedKeys = true }
        }
        var matched = [Bool](repeating: false, count: before.count)
        var matchedKeys: Set<ElementID> = []
        for a in after {
            guard let oldKey = Self.map(Self.key(a.id), mapping: mapping, forward: false) else {
                appearing.append(Change(initial: new.layout.initialAttributes(forAppearing: a), final: a))
                continue
            }
            if let i = beforeByKey[oldKey] {
                matched[i] = true
                if repeatedKeys { matchedKeys.insert(oldKey) }
                if !Self.same(before[i], a) { moving.append(Change(initial: before[i], final: a)) }
                continue
            }
            guard let initial = old.attributes(for: oldKey) else {
                appearing.append(Change(initial: new.layout.initialAttributes(forAppearing: a), final: a))
                continue
            }
            if !Self.same(initial, a) { moving.append(Change(initial: initial, final: a)) }
        }
        for (i, a) in before.enumerated() where !matched[i] && !(repeatedKeys && matchedKeys.contains(Self.key(a.id))) {
            if let newKey = Self.map(Self.key(a.id), mapping: mapping, forward: true), let final = new.attributes(for: newKey) {
                if !Self.same(a, final) { moving.append(Change(initial: a, final: final)) }
            } else {
                disappearing.append(Change(initial: a, final: old.layout.finalAttributes(forDisappearing: a)))
            }
        }
    }

    /// Whether two counterparts look the same (an item renumbered by an edit
    /// but drawn in the same place does not move).
    private static func same(_ a: LayoutAttributes, _ b: LayoutAttributes) -> Bool {
        var a = a
        a.indexPath = b.indexPath
        return a == b
    }

    /// The matching key: placeholder and proxy are singletons.
    private static func key(_ id: ElementID) -> ElementID {
        switch id.kind {
        case .placeholder, .dragProxy: ElementID(kind: id.kind, indexPath: nil)
        case .cell, .header, .footer, .globalHeader, .sectionBackground, .rowSeparator, .columnSeparator, .action,
             .menu, .menuEntry, .supplementary, .decoration: id
        }
    }

    /// An element's key in the other state, or `nil` if it has none there.
    private static func map(_ id: ElementID, mapping: ItemPathMapping, forward: Bool) -> ElementID? {
        guard let p = id.indexPath else { return id }
        switch id.kind {
        case .cell, .action, .menu, .menuEntry:
            return (forward ? mapping.forward(p) : mapping.backward(p)).map { ElementID(kind: id.kind, indexPath: $0) }
        case .header, .footer, .sectionBackground, .rowSeparator, .columnSeparator:
            return (forward ? mapping.forward(section: p.section) : mapping.backward(section: p.section))
                .map { ElementID(kind: id.kind, indexPath: ItemPath(section: $0, item: 0)) }
        case .supplementary, .decoration:
            // The app's index within the section stays.
            return (forward ? mapping.forward(section: p.section) : mapping.backward(section: p.section))
                .map { ElementID(kind: id.kind, indexPath: ItemPath(section: $0, item: p.item)) }
        case .placeholder, .dragProxy, .globalHeader:
            return id
        }
    }
}
