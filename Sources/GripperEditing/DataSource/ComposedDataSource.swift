import GripperLayout

/// A data source made of other data sources: its sections are its
/// children's, one child after the other, and every question about an item
/// goes to the child that owns it, asked in that child's own index paths —
/// the composed data source of the WWDC 2014 talk *Advanced User Interfaces with Collection Views*.
///
/// ```swift
/// var home = try ComposedDataSource([
///     ChildDataSource(key: "pinned", Pinned(notes: pinned)),   // 1 section
///     ChildDataSource(key: "recent", Recent(notes: recent)),   // 2 sections
/// ])
/// home.childIndexPath(for: ItemPath(section: 2, item: 5))
/// // ChildItemPath(child: 1, indexPath: [1, 5])
/// var engine = try Engine(dataSource: home, delegate: home, viewport: size, device: panel)
/// ```
///
/// **Identities.** A child's section `id` is `key/id` in the composition,
/// so two children may use the same section names; item identities pass
/// through unchanged and must be unique over all children (the app's
/// promise, checked where an edit meets a repeat, as for any source).
///
/// **Rules.** Each delegate question (may highlight, select, deselect,
/// edit, move; the swipe actions; what performing one does) goes to the
/// child that owns the item, with the item's path in that child. A move
/// inside one child asks that child's `target(forMoving:from:proposed:)`
/// (a redirect out of its sections is a veto); a move between two children
/// asks both: the source child whether the item may leave
/// (``CrossChildMoveRules/canMoveOut(_:from:toChild:)``) and the
/// destination where it may land
/// (``CrossChildMoveRules/target(forMovingIn:fromChild:proposed:)``); a
/// child that does not conform to ``CrossChildMoveRules`` vetoes. The
/// selection mode is the composition's own (``selectionMode``).
///
/// **Changes.** A child's change reaches the engine as one batch in global
/// index paths (`globalBatch(_:inChild:)`): `Engine.apply(_:toChild:of:…)`
/// maps it, applies it with the same validation as any batch, and only then
/// takes the child's new data source (see Documentation/DataSources.md).
///
/// Index-path mapping is by section only: the item index is the same in the
/// composition and in the child, so a path maps in O(1) (a table of the
/// owning child per global section), and stays right while the user moves
/// and deletes items (which never changes sections).
public struct ComposedDataSource: CollectionDataSource, CollectionDelegate {
    /// The children, in display order.
    public private(set) var children: [ChildDataSource]
    /// `sectionStart[c]` is the global index of child `c`'s first section;
    /// one more entry, the total.
    private var sectionStart: [Int]
    /// The child that owns each global section.
    private var owner: [Int32]
    /// The index of each child by key.
    private var childIndex: [String: Int]
    /// How many items a tap selects (the composition's own, not a child's).
    public var selectionMode: SelectionMode

    /// Composes `children` in order.
    /// - Throws: ``CompositionError`` for a repeated or malformed key or a
    ///   negative section count.
    /// - Complexity: O(c + s) for c children and s sections (one section
    ///   count asked of each child).
    public init(_ children: [ChildDataSource], selectionMode: SelectionMode = .single) throws(CompositionError) {
        var index: [String: Int] = [:]
        for (c, child) in children.enumerated() {
            guard !child.key.isEmpty, !child.key.contains("/") else { throw .badKey(child.key, child: c) }
            if let other = index.updateValue(c, forKey: child.key) { throw .duplicateKey(child.key, children: other, c) }
        }
        self.children = children
        self.childIndex = index
        self.selectionMode = selectionMode
        sectionStart = []
        owner = []
        try rebuildSections()
    }

    /// Recomputes ``sectionStart`` and ``owner`` from the children's counts.
    private mutating func rebuildSections() throws(CompositionError) {
        var start: [Int] = [0]
        start.reserveCapacity(children.count + 1)
        var owner: [Int32] = []
        for (c, child) in children.enumerated() {
            let n = child.dataSource.numberOfSections
            guard n >= 0 else { throw .negativeSectionCount(child: c, count: n) }
            owner.append(contentsOf: repeatElement(Int32(c), count: n))
            start.append(start[start.count - 1] + n)
        }
        self.sectionStart = start
        self.owner = owner
    }

    // MARK: - Mapping

    /// The child index of the child keyed `key`, if any.
    /// - Complexity: O(key) (a dictionary).
    public func child(keyed key: String) -> Int? { childIndex[key] }

    /// The child that owns global section `section`, or nil outside the
    /// sections.
    /// - Complexity: O(1).
    public func child(ofSection section: Int) -> Int? {
        guard section >= 0, section < owner.count else { return nil }
        return Int(owner[section])
    }

    /// The child and the path in it of global `indexPath`; nil when the
    /// section is outside the composition or the item index is negative.
    /// The item index is not checked against the count (an after-move path
    /// may be one past the end).
    /// - Complexity: O(1).
    public func childIndexPath(for indexPath: ItemPath) -> ChildItemPath? {
        guard indexPath.item >= 0, let c = child(ofSection: indexPath.section) else { return nil }
        return ChildItemPath(child: c, indexPath: ItemPath(section: indexPath.section - sectionStart[c],
                                                             item: indexPath.item))
    }

    /// The global path of `local`; nil when its child or its section does
    /// not exist or the item index is negative.
    /// - Complexity: O(1).
    public func globalIndexPath(for local: ChildItemPath) -> ItemPath? {
        guard let s = globalSection(child: local.child, section: local.indexPath.section),
              local.indexPath.item >= 0 else { return nil }
        return ItemPath(section: s, item: local.indexPath.item)
    }

    /// The global index of section `section` of child `child`; nil when
    /// either does not exist.
    /// - Complexity: O(1).
    public func globalSection(child: Int, section: Int) -> Int? {
        guard child >= 0, child < children.count, section >= 0 else { return nil }
        let s = sectionStart[child] + section
        return s < sectionStart[child + 1] ? s : nil
    }

    /// The global sections of child `child` (empty for no such child).
    /// - Complexity: O(1).
    public func sections(ofChild child: Int) -> Range<Int> {
        guard child >= 0, child < children.count else { return 0..<0 }
        return sectionStart[child]..<sectionStart[child + 1]
    }

    // MARK: - CollectionDataSource

    /// The children's sections, together.
    public var numberOfSections: Int { owner.count }

    /// `key/id` for the child's section `id`.
    public func sectionID(at section: Int) -> SectionID {
        let c = Int(owner[section])
        let child = children[c]
        return child.composedSectionID(child.dataSource.sectionID(at: section - sectionStart[c]))
    }

    /// The owning child's count.
    public func numberOfItems(inSection section: Int) -> Int {
        let c = Int(owner[section])
        return children[c].dataSource.numberOfItems(inSection: section - sectionStart[c])
    }

    /// The owning child's identity.
    public func itemID(at indexPath: ItemPath) -> ItemID {
        let c = Int(owner[indexPath.section])
        return children[c].dataSource.itemID(at: ItemPath(section: indexPath.section - sectionStart[c],
                                                            item: indexPath.item))
    }

    /// Whether any child has heights of its own.
    public var hasItemHeights: Bool { children.contains { $0.dataSource.hasItemHeights } }

    /// The owning child's height (nil outside the sections).
    public func height(ofItem item: ItemID, at indexPath: ItemPath) -> Double? {
        guard let l = childIndexPath(for: indexPath) else { return nil }
        return children[l.child].dataSource.height(ofItem: item, at: l.indexPath)
    }

    /// The owning child's height by index.
    public func height(ofItemAt indexPath: ItemPath) -> Double? {
        guard let l = childIndexPath(for: indexPath) else { return nil }
        return children[l.child].dataSource.height(ofItemAt: l.indexPath)
    }

    /// Whether every child locates items.
    public var locatesItems: Bool { children.allSatisfy { $0.dataSource.locatesItems } }

    /// The first child that locates `item`, mapped to a global path.
    /// - Complexity: O(c) questions for c children.
    public func indexPath(ofItem item: ItemID) -> ItemPath? {
        for (c, child) in children.enumerated() {
            if let p = child.dataSource.indexPath(ofItem: item) {
                return globalIndexPath(for: ChildItemPath(child: c, indexPath: p))
            }
        }
        return nil
    }

    /// The child's column count for its section (the identity is `key/id`).
    /// - Complexity: O(id) (a split and a dictionary).
    public func columns(ofSection section: SectionID) -> Int? {
        guard let (c, id) = split(section) else { return nil }
        return children[c].dataSource.columns(ofSection: id)
    }

    /// The child's metrics for its section (the identity is `key/id`): each
    /// child brings its own row height, header, insets …; nothing outside
    /// every child.
    /// - Complexity: O(id) (a split and a dictionary), plus the child's answer.
    public func metrics(ofSection section: SectionID) -> SectionMetrics {
        guard let (c, id) = split(section) else { return .inherited }
        return children[c].dataSource.metrics(ofSection: id)
    }

    /// Whether any child has widths of its own.
    public var hasItemWidths: Bool { children.contains { $0.dataSource.hasItemWidths } }

    /// The owning child's width.
    public func width(ofItem item: ItemID, at indexPath: ItemPath) -> Double? {
        guard let l = childIndexPath(for: indexPath) else { return nil }
        return children[l.child].dataSource.width(ofItem: item, at: l.indexPath)
    }

    /// The child and the child's section identity of a composed identity.
    func split(_ section: SectionID) -> (Int, SectionID)? {
        guard let slash = section.rawValue.firstIndex(of: "/"),
              let c = childIndex[String(section.rawValue[..<slash])] else { return nil }
        return (c, SectionID(String(section.rawValue[section.rawValue.index(after: slash)...])))
    }

    // MARK: - CollectionDelegate

    /// Asks `body` of the owning child with the child's path; `fallback`
    /// outside the sections.
    @inline(__always)
    private func ask<T>(_ indexPath: ItemPath, _ fallback: T,
                        _ body: (any CollectionDelegate, ItemPath) -> T) -> T {
        guard let l = childIndexPath(for: indexPath) else { return fallback }
        return body(children[l.child].delegate, l.indexPath)
    }

    /// The owning child's answer.
    public func canHighlight(_ item: ItemID, at indexPath: ItemPath) -> Bool {
        ask(indexPath, false) { $0.canHighlight(item, at: $1) }
    }

    /// The owning child's answer.
    public func canSelect(_ item: ItemID, at indexPath: ItemPath) -> Bool {
        ask(indexPath, false) { $0.canSelect(item, at: $1) }
    }

    /// The owning child's answer.
    public func canDeselect(_ item: ItemID, at indexPath: ItemPath) -> Bool {
        ask(indexPath, true) { $0.canDeselect(item, at: $1) }
    }

    /// The owning child's answer.
    public func canEdit(_ item: ItemID, at indexPath: ItemPath) -> Bool {
        ask(indexPath, false) { $0.canEdit(item, at: $1) }
    }

    /// The owning child's answer.
    public func canMove(_ item: ItemID, at indexPath: ItemPath) -> Bool {
        ask(indexPath, false) { $0.canMove(item, at: $1) }
    }

    /// Inside one child, that child's answer (a redirect mapped back, a
    /// veto when it leaves the child's sections); between two children,
    /// both children's (see ``CrossChildMoveRules``).
    public func target(forMoving item: ItemID, from source: ItemPath, proposed: ItemPath) -> MoveTarget {
        guard let from = childIndexPath(for: source), let to = childIndexPath(for: proposed) else { return .veto }
        if from.child == to.child {
            let answer = children[from.child].delegate.target(forMoving: item, from: from.indexPath,
                                                              proposed: to.indexPath)
            return mapped(answer, inChild: from.child)
        }
        guard let out = children[from.child].delegate as? any CrossChildMoveRules,
              let into = children[to.child].delegate as? any CrossChildMoveRules,
              out.canMoveOut(item, from: from.indexPath, toChild: children[to.child].key) else { return .veto }
        return mapped(into.target(forMovingIn: item, fromChild: children[from.child].key, proposed: to.indexPath),
                      inChild: to.child)
    }

    /// A child's move answer in global paths.
    private func mapped(_ answer: MoveTarget, inChild c: Int) -> MoveTarget {
        switch answer {
        case .accept, .veto: answer
        case .redirect(let p):
            globalIndexPath(for: ChildItemPath(child: c, indexPath: p)).map(MoveTarget.redirect) ?? .veto
        }
    }

    /// The owning child's actions.
    public func trailingActions(for item: ItemID, at indexPath: ItemPath) -> SwipeActions {
        ask(indexPath, .none) { $0.trailingActions(for: item, at: $1) }
    }

    /// The owning child's actions.
    public func leadingActions(for item: ItemID, at indexPath: ItemPath) -> SwipeActions {
        ask(indexPath, .none) { $0.leadingActions(for: item, at: $1) }
    }

    /// What the owning child says performing `action` does.
    public func perform(_ action: EditingAction, on item: ItemID, at indexPath: ItemPath) -> ActionOutcome {
        ask(indexPath, .keepItem) { $0.perform(action, on: item, at: $1) }
    }

    /// The group's rule: when every carried item and the proposed landing
    /// are in one child, that child's answer (in its own paths, a redirect
    /// mapped back); across children, the one-item question per item, so
    /// each item's own child (and ``CrossChildMoveRules``) has its say.
    /// - Complexity: O(k) for k items.
    public func target(forMovingItems items: [ItemID], from sources: [ItemPath],
                       proposed: ItemPath) -> MoveTarget {
        if let to = childIndexPath(for: proposed) {
            var local: [ItemPath] = []
            local.reserveCapacity(sources.count)
            for source in sources {
                guard let from = childIndexPath(for: source), from.child == to.child else {
                    return targetAskingEachItem(forMovingItems: items, from: sources, proposed: proposed)
                }
                local.append(from.indexPath)
            }
            let answer = children[to.child].delegate.target(forMovingItems: items, from: local, proposed: to.indexPath)
            return mapped(answer, inChild: to.child)
        }
        return targetAskingEachItem(forMovingItems: items, from: sources, proposed: proposed)
    }

    /// The child that holds `item`: the first child whose data source
    /// locates it (``CollectionDataSource/indexPath(ofItem:)``), or nil.
    /// - Complexity: O(c) questions for c children.
    private func owner(of item: ItemID) -> Int? {
        children.indices.first { children[$0].dataSource.indexPath(ofItem: item) != nil }
    }

    /// Whether any child takes drops into its items.
    /// - Complexity: O(c) for c children.
    public var acceptsDropsIntoItems: Bool { children.contains { $0.delegate.acceptsDropsIntoItems } }

    /// The answer of the child that holds `target` (found by
    /// ``CollectionDataSource/indexPath(ofItem:)``); when no child locates
    /// it, the first child that takes drops and says yes.
    /// - Complexity: O(c) questions for c children.
    public func canAcceptDrop(of items: [ItemID], into target: ItemID) -> Bool {
        if let c = owner(of: target) { return children[c].delegate.canAcceptDrop(of: items, into: target) }
        return children.contains { $0.delegate.acceptsDropsIntoItems && $0.delegate.canAcceptDrop(of: items, into: target) }
    }

    /// The dwell of the child that holds `target` (else of the first child
    /// that takes drops into items); 500 ms when none does.
    /// - Complexity: O(c) questions for c children.
    public func dropIntoDelay(for target: ItemID) -> Duration {
        let c = owner(of: target) ?? children.indices.first { children[$0].delegate.acceptsDropsIntoItems }
        return c.map { children[$0].delegate.dropIntoDelay(for: target) } ?? .milliseconds(500)
    }

    /// Tells the child that holds `target` (else the first child that
    /// accepts these items into it).
    public func didDrop(_ items: [ItemID], into target: ItemID) {
        let c = owner(of: target) ?? children.indices.first {
            children[$0].delegate.acceptsDropsIntoItems && children[$0].delegate.canAcceptDrop(of: items, into: target)
        }
        if let c { children[c].delegate.didDrop(items, into: target) }
    }

    /// The name the child that holds `item` gives it; when no child locates
    /// it, the first name a child gives that is not the bare identity.
    /// - Complexity: O(c) questions for c children.
    public func accessibilityLabel(for item: ItemID) -> String {
        if let c = owner(of: item) { return children[c].delegate.accessibilityLabel(for: item) }
        for child in children {
            let label = child.delegate.accessibilityLabel(for: item)
            if label != item.rawValue { return label }
        }
        return item.rawValue
    }

    /// The owning child's name for its section (the identity is `key/id`).
    /// - Complexity: O(id) (a split and a dictionary).
    public func accessibilityLabel(forSection section: SectionID) -> String {
        guard let (c, id) = split(section) else { return section.rawValue }
        return children[c].delegate.accessibilityLabel(forSection: id)
    }

    // MARK: - Changes

    /// `batch`, a change of child `child` in its own index paths, in global
    /// index paths: its sections move by the child's first global section
    /// (the same before and after the batch: only later children's sections
    /// shift), and a section it inserts is renamed `key/id`. Nil when there
    /// is no such child. The result is checked where it is applied, as any
    /// batch; that the child's batch stays inside the child's own sections
    /// (and so reaches no other child) is ``sectionCount(afterBatch:inChild:)``'s check.
    /// - Complexity: O(k) for k operations.
    package func globalBatch(_ batch: BatchUpdate, inChild child: Int) -> BatchUpdate? {
        guard child >= 0, child < children.count else { return nil }
        let offset = sectionStart[child]
        let key = children[child]
        func g(_ p: ItemPath) -> ItemPath { ItemPath(section: p.section + offset, item: p.item) }
        return BatchUpdate(batch.operations.map { op in
            switch op {
            case .deleteSection(let s): .deleteSection(s + offset)
            case .insertSection(let section, let s):
                .insertSection(CollectionSection(id: key.composedSectionID(section.id), items: section.items),
                               at: s + offset)
            case .deleteItem(let p): .deleteItem(g(p))
            case .insertItem(let id, let p): .insertItem(id, at: g(p))
            case .reloadItem(let p): .reloadItem(g(p))
            case .moveItem(let from, let to): .moveItem(from: g(from), to: g(to))
            case .moveSection(let from, let to): .moveSection(from: from + offset, to: to + offset)
            case .reloadSection(let s): .reloadSection(s + offset)
            }
        })
    }

    /// The number of sections child `child` has after `batch`, if every
    /// section `batch` names (before or after) is the child's; nil when one
    /// is outside it (the batch would reach another child) or the numbers
    /// would overflow.
    /// - Complexity: O(k) for k operations.
    package func sectionCount(afterBatch batch: BatchUpdate, inChild child: Int) -> Int? {
        let range = sections(ofChild: child)
        guard child >= 0, child < children.count else { return nil }
        let before = range.count
        var deleted = 0, inserted = 0
        for op in batch.operations {
            switch op {
            case .deleteSection: deleted += 1
            case .insertSection: inserted += 1
            case .deleteItem, .insertItem, .reloadItem, .moveItem, .moveSection, .reloadSection: break
            }
        }
        let (after, o1) = before.subtractingReportingOverflow(deleted)
        let (total, o2) = after.addingReportingOverflow(inserted)
        guard !o1, !o2, total >= 0 else { return nil }
        for op in batch.operations {
            switch op {
            case .deleteSection(let s), .reloadSection(let s): guard s >= 0, s < before else { return nil }
            case .insertSection(_, let s): guard s >= 0, s < total else { return nil }
            case .moveSection(let from, let to): guard from >= 0, from < before, to >= 0, to < total else { return nil }
            case .deleteItem(let p), .reloadItem(let p): guard p.section >= 0, p.section < before else { return nil }
            case .insertItem(_, let p): guard p.section >= 0, p.section < total else { return nil }
            case .moveItem(let from, let to):
                guard from.section >= 0, from.section < before, to.section >= 0, to.section < total else { return nil }
            }
        }
        return total
    }

    /// Replaces child `child` with `newChild` (same key or a new unique
    /// one), re-reading its section count: after a batch the engine has
    /// applied, or for a child the engine does not show (a segment).
    /// - Throws: ``CompositionError``; the source is then unchanged.
    /// - Complexity: O(c + s).
    package mutating func replaceChild(_ child: Int, with newChild: ChildDataSource) throws(CompositionError) {
        guard child >= 0, child < children.count else { throw .noSuchChild(child, count: children.count) }
        guard !newChild.key.isEmpty, !newChild.key.contains("/") else { throw .badKey(newChild.key, child: child) }
        if let other = childIndex[newChild.key], other != child {
            throw .duplicateKey(newChild.key, children: other, child)
        }
        var copy = self
        copy.childIndex[copy.children[child].key] = nil
        copy.childIndex[newChild.key] = child
        copy.children[child] = newChild
        try copy.rebuildSections()
        self = copy
    }
}

/// Where a global index path of a ``ComposedDataSource`` is: which child,
/// and the path in that child.
public struct ChildItemPath: Hashable, Sendable, CustomStringConvertible {
    /// The child's index among the composition's children.
    public var child: Int
    /// The path in the child's own sections.
    public var indexPath: ItemPath

    /// Creates a child path.
    public init(child: Int, indexPath: ItemPath) {
        self.child = child
        self.indexPath = indexPath
    }

    /// `child 2 [1, 5]`.
    public var description: String { "child \(child) \(indexPath)" }
}
