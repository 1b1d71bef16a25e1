// A change to this machine changes the diagram in Documentation/Editing.md too.
@_spi(Benchmarks) import GripperLayout
import GripperGeometry
import GripperInput

extension EditingStateMachine {
    /// A drag's hover over an item that accepts drops (a folder, a group):
    /// waiting out the delegate's dwell, or proposing "into" that item.
    enum Into: Hashable, Sendable {
        /// The proxy's centre is in the item's middle band; at `deadline`
        /// (event time) the drag proposes "into" it.
        case dwelling(ItemPath, ItemID, deadline: EventTime)
        /// The drag proposes "into" the item: a lift drops every carried
        /// item into it.
        case proposed(ItemPath, ItemID)

        /// The hovered item's index path in the model.
        var path: ItemPath {
            switch self {
            case .dwelling(let p, _, _), .proposed(let p, _): p
            }
        }

        /// The hovered item.
        var item: ItemID {
            switch self {
            case .dwelling(_, let id, _), .proposed(_, let id): id
            }
        }

        /// The same hover at another index path (after an app batch).
        func at(_ path: ItemPath) -> Into {
            switch self {
            case .dwelling(_, let id, let deadline): .dwelling(path, id, deadline: deadline)
            case .proposed(_, let id): .proposed(path, id)
            }
        }
    }

    /// The share of an item's extent along the scroll axis, at each end,
    /// that stays "between": the proxy's centre must be in the middle band,
    /// from a quarter to three quarters of the item (start inclusive, end
    /// exclusive), to hover "into" it.
    static let dropIntoEdgeShare = 0.25

    /// The item under the proxy's centre (not one the drag carries) in its
    /// middle band (`inBand`), or in its quarter nearest the gap — the gap
    /// above it, its top quarter; below it, its bottom quarter — or nil.
    /// In the near quarter the drag is "between", on the gap's side, so the
    /// gap holds there too: the drop rule would otherwise bring the gap to
    /// the item's slot as soon as the proxy is over the item, and the item
    /// would slide away before the proxy reached its middle.
    /// - Complexity: O(log n), the layout's cell under the point and the gap.
    func intoCandidate(_ d: Dragging, geometry: some CollectionLayout) -> (ItemPath, ItemID, inBand: Bool)? {
        let c = proxyCenter(d)
        guard c.x.isFinite, c.y.isFinite else { return nil }
        let drag = dragState(d)
        let shown = LayoutPresentation(isEditing: isEditing, drag: drag)
        guard let (path, frame) = geometry.visibleCell(at: c, presentation: shown), !isCovered(path.section) else {
            return nil
        }
        guard path != d.source, !d.companionPaths.contains(path), let item = model.item(at: path) else {
            return nil
        }
        let edge = frame.height * Self.dropIntoEdgeShare
        if c.y >= frame.minY + edge, c.y < frame.maxY - edge { return (path, item, true) }
        guard let gap = geometry.attributes(for: ElementID(kind: .placeholder, indexPath: drag.target),
                                            presentation: shown, contentOffset: 0)?.frame else { return nil }
        let near = gap.maxY <= frame.minY ? c.y < frame.minY + edge : gap.minY >= frame.maxY && c.y >= frame.maxY - edge
        return near ? (path, item, false) : nil
    }

    /// The items a drag carries, in the order they would land.
    func carriedItems(_ d: Dragging) -> [ItemID] { d.companionPaths.isEmpty ? [d.item] : d.groupItems }

    /// Follows the proxy over items that accept drops: entering an
    /// accepting item's middle band starts its dwell (a deadline), leaving
    /// it ends the hover (and a proposal). Returns whether the proxy hovers
    /// such a band, or the accepting item's quarter nearest the gap: the
    /// gap then holds still, so the item stays under the proxy. The
    /// delegate is asked once as the proxy enters the item's near quarter
    /// or band; one that takes no drops into items is not asked at all.
    /// - Complexity: that of ``intoCandidate(_:geometry:)``; O(1) when the
    ///   delegate's ``CollectionDelegate/acceptsDropsIntoItems`` is false.
    mutating func hoverInto(_ d: inout Dragging, at time: EventTime, geometry: some CollectionLayout,
                            effects: inout [EditingEffect]) -> Bool {
        guard policy.acceptsDropsIntoItems, let (path, item, inBand) = intoCandidate(d, geometry: geometry) else {
            leaveInto(&d, effects: &effects)
            return false
        }
        if item == d.refusedInto { return false }
        if let into = d.into, into.item == item {
            guard inBand else {
                // Back in the near quarter: "between" again; the gap holds.
                endHover(&d, effects: &effects)
                return true
            }
            d.into = into.at(path)
            return true
        }
        if d.acceptedInto != item {
            leaveInto(&d, effects: &effects)
            guard policy.canAcceptDrop(of: carriedItems(d), into: item) else {
                // Asked once per hover: the refusal holds until the proxy leaves.
                d.refusedInto = item
                return false
            }
            d.acceptedInto = item
        }
        guard inBand else { return true }
        let delay = policy.dropIntoDelay(for: item)
        if delay <= .zero {
            d.into = .proposed(path, item)
            effects.append(.dropTargetChanged(item))
        } else {
            let deadline = time + delay
            d.into = .dwelling(path, item, deadline: deadline)
            effects.append(.scheduleTick(at: deadline))
        }
        return true
    }

    /// Ends a hover: a proposal goes back to "between".
    mutating func leaveInto(_ d: inout Dragging, effects: inout [EditingEffect]) {
        d.refusedInto = nil
        d.acceptedInto = nil
        endHover(&d, effects: &effects)
    }

    /// Ends a dwell or a proposal, keeping what the delegate said.
    private func endHover(_ d: inout Dragging, effects: inout [EditingEffect]) {
        guard let into = d.into else { return }
        d.into = nil
        switch into {
        case .dwelling: break
        case .proposed: effects.append(.dropTargetChanged(nil))
        }
    }

    /// A tick: a dwell whose deadline has come proposes "into" its item.
    /// Returns whether it did.
    mutating func fireDwell(_ d: inout Dragging, at time: EventTime, effects: inout [EditingEffect]) -> Bool {
        guard case .dwelling(let path, let item, let deadline)? = d.into, time >= deadline else { return false }
        d.into = .proposed(path, item)
        effects.append(.dropTargetChanged(item))
        return true
    }

    /// A lift while proposing "into" `target` at `path`: every carried item
    /// is removed in one batch (one journal entry, undone as one), the
    /// delegate is told (``CollectionDelegate/didDrop(_:into:)``) and
    /// ``EditingEffect/droppedInto(_:into:)`` ends the drag. When the
    /// commit is refused, every item goes back (``EditingEffect/dragCancelled(_:)``).
    /// - Complexity: O(k) for k carried items, plus the commit.
    mutating func dropInto(_ d: Dragging, target: ItemID, at path: ItemPath, at time: EventTime,
                           effects: inout [EditingEffect]) {
        let items = carriedItems(d)
        let paths = d.companionPaths.isEmpty ? [d.source] : d.groupPaths
        var committed = false
        if model.item(at: path) == target {
            let before = effects.count
            commit(BatchUpdate(paths.map { .deleteItem($0) }), as: .dropInto(items, into: target), at: time,
                   effects: &effects)
            committed = effects[before...].contains { if case .committed = $0 { true } else { false } }
        }
        if committed {
            policy.didDrop(items, into: target)
            effects.append(.droppedInto(items, into: target))
        } else {
            for id in [d.item] + d.companionItems { effects.append(.dragCancelled(id)) }
        }
    }
}
