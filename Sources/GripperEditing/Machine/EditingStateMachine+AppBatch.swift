// A change to this machine changes the diagram in Documentation/Editing.md too.
import GripperLayout
import GripperInput

extension EditingStateMachine {
    /// Applies a batch from the app at `time`, whatever the user is doing,
    /// and re-bases what is in flight onto the new model.
    ///
    /// The batch is validated whole (``BatchUpdate``'s ordering rules); an
    /// invalid one throws and changes nothing — model, journal, state,
    /// selection. A valid one is journaled as an app entry (``Edit/app``:
    /// the user's undo stops before it, and it forgets what was undone) and
    /// the state follows it by identity:
    ///
    /// | state | the item still in the model | the item deleted |
    /// |---|---|---|
    /// | tracking | the highlight (and the hit) move to its new path | the highlight goes (`highlight(nil)`); still tracking |
    /// | swiping, open | the cell's path is re-based, it stays as it was | the cell shuts (`swipeShut`) |
    /// | delete confirmation | re-based, kept open | cancelled (`deleteConfirmationCancelled`) |
    /// | dragging | the drag goes on: source re-based, gap re-based (below) | cancelled (`dragCancelled`), nothing committed |
    /// | a multi-item drag's other items | each re-based, still carried | it leaves the group (silently: the `appBatch` entry names the delete) |
    ///
    /// The selection follows the batch (items deleted leave it). A drag's gap
    /// stays next to the same neighbour: just above the item that was below
    /// it, or, when that one went or left the section (or the gap was at the
    /// section's end), just below the item that was above it; a gap at the
    /// dragged item's own place stays at its own place. Only when neither
    /// neighbour is left in the gap's section (the gap is then clamped to a
    /// valid after-move path in that section, or goes back to the own place
    /// when the section went) or the batch moved the dragged item to another
    /// section is the policy asked again; a veto then puts the gap at the
    /// own place, the one target that needs no approval. A gap that had to
    /// move says so (`gapMoved`). An item the batch deletes and brings back
    /// under the same identity counts as kept. A section the batch moves
    /// (``BatchUpdate/Operation/moveSection(from:to:)``) takes what is in
    /// flight in it along: the drag's source and gap (still between the same
    /// neighbours, no question to the policy: the same section, at a new
    /// index), an open cell, a menu, a confirmation, the selection and the
    /// focus; a section it reloads (``BatchUpdate/Operation/reloadSection(_:)``)
    /// keeps its items where they are, so nothing in it changes.
    ///
    /// An empty batch changes nothing and journals nothing.
    ///
    /// ```swift
    /// // The user is dragging "b"; the app inserts "new" at the top.
    /// let effects = try machine.apply(BatchUpdate([.insertItem("new", at: ItemPath(section: 0, item: 0))]),
    ///                                 at: now)
    /// // effects == [.appBatchApplied(entry)]; the drag goes on, its source
    /// // and gap one row further down, between the same neighbours.
    /// ```
    /// The caller brings its layout in step with the model (as after a
    /// commit) before the next input.
    /// - Throws: ``BatchUpdateError`` naming the operation at fault, its
    ///   index in the batch and the rule it breaks (with the index path).
    /// - Complexity: the journal's commit (``Journal/commit(_:as:at:)``),
    ///   plus O(k log k) for the batch's k operations to re-base what is in
    ///   flight and O(selected) for the selection (O(n) for a batch with
    ///   section changes and a selection); no scan of the model otherwise.
    package mutating func apply(_ batch: BatchUpdate, at time: EventTime) throws(BatchUpdateError) -> [EditingEffect] {
        guard !batch.isEmpty else { return [] }
        let seen = seenInFlight()
        let heard = keyboard.announces ? announcementContext() : nil
        let entry = try journal.commit(batch, as: .app, at: time)
        var effects: [EditingEffect] = [.appBatchApplied(entry)]
        pruneSelection(after: batch, effects: &effects)
        rebaseInFlight(BatchUpdate.Rebase(batch), seen: seen, effects: &effects)
        finishKeyboardStep(&effects, seen: heard)
        return effects
    }

    /// What re-basing needs from the model before the batch: the identities
    /// at the paths the state names (beyond the items it keeps itself), and
    /// a drag's gap neighbours.
    struct Seen {
        var items: [ItemPath: ItemID] = [:]
        var targetNeighbours = Neighbours()
        var proposedNeighbours = Neighbours()
    }

    /// The items either side of a drag's gap, before-paths in the model.
    struct Neighbours {
        var above: ItemPath?
        var below: ItemPath?
    }

    /// Reads what ``Seen`` holds, before the batch changes the model.
    /// - Complexity: O(1).
    func seenInFlight() -> Seen {
        var seen = Seen()
        func note(_ p: ItemPath?) {
            if let p, let id = model.item(at: p) { seen.items[p] = id }
        }
        switch state {
        case .idle, .scrolling, .swiping, .open, .menu, .batchEditing(.idle), .batchEditing(.scrolling),
             .batchEditing(.open):
            break
        case .tracking(let t), .batchEditing(.tracking(let t)):
            note(t.highlighted)
            if case .cell(let p, _)? = t.hit { note(p) }
        case .dragging(let r), .batchEditing(.dragging(let r)):
            let d = r.value
            seen.targetNeighbours = neighbours(of: d.target, source: d.source)
            seen.proposedNeighbours = neighbours(of: d.lastProposed, source: d.source)
            for n in [seen.targetNeighbours, seen.proposedNeighbours] {
                note(n.above)
                note(n.below)
            }
        case .keyboardMoving(let k), .batchEditing(.keyboardMoving(let k)):
            seen.targetNeighbours = neighbours(of: k.target, source: k.source)
            note(seen.targetNeighbours.above)
            note(seen.targetNeighbours.below)
        }
        return seen
    }

    /// The items either side of `gap` in its section with the dragged item
    /// (at `source`) left out; nil at a section's ends.
    private func neighbours(of gap: ItemPath, source: ItemPath) -> Neighbours {
        guard let count = model.numberOfItems(inSection: gap.section) else { return Neighbours() }
        func modelPath(_ index: Int) -> ItemPath? {
            guard index >= 0 else { return nil }
            let item = gap.section == source.section && index >= source.item ? index + 1 : index
            return item < count ? ItemPath(section: gap.section, item: item) : nil
        }
        return Neighbours(above: modelPath(gap.item - 1), below: modelPath(gap.item))
    }

    /// Moves what is in flight onto the model after the batch, or ends it
    /// when its item went; see ``apply(_:at:)``.
    mutating func rebaseInFlight(_ rebase: BatchUpdate.Rebase, seen: Seen, effects: inout [EditingEffect]) {
        let editing = isEditing
        func follow(_ p: ItemPath) -> ItemPath? {
            seen.items[p].flatMap { rebase.indexPath(p, item: $0) }
        }
        switch state {
        case .idle, .scrolling, .batchEditing(.idle), .batchEditing(.scrolling):
            break
        case .tracking(var t), .batchEditing(.tracking(var t)):
            if let h = t.highlighted {
                t.highlighted = follow(h)
                if t.highlighted == nil { effects.append(.highlight(nil)) }
            }
            if case .cell(let p, let region)? = t.hit {
                t.hit = follow(p).map { .cell($0, region) }
            }
            state = editing ? .batchEditing(.tracking(t)) : .tracking(t)
        case .swiping(var sw):
            if let p = rebase.indexPath(sw.setup.indexPath, item: sw.setup.item) {
                sw.setup.indexPath = p
                state = .swiping(sw)
            } else {
                state = .idle
                effects.append(.swipeShut(sw.setup.item))
            }
        case .open(var o):
            if let p = rebase.indexPath(o.setup.indexPath, item: o.setup.item) {
                o.setup.indexPath = p
                state = .open(o)
            } else {
                state = .idle
                effects.append(.swipeShut(o.setup.item))
            }
        case .menu(var m):
            if let p = rebase.indexPath(m.indexPath, item: m.item) {
                m.indexPath = p
                state = .menu(m)
            } else {
                state = .idle
                effects.append(.menuDismissed(m.item))
            }
        case .batchEditing(.open(var c)):
            if let p = rebase.indexPath(c.indexPath, item: c.item) {
                c.indexPath = p
                state = .batchEditing(.open(c))
            } else {
                state = .batchEditing(.idle)
                effects.append(.deleteConfirmationCancelled(c.item))
            }
        case .dragging(let d), .batchEditing(.dragging(let d)):
            rebaseDrag(d.value, editing: editing, rebase: rebase, seen: seen, effects: &effects)
        case .keyboardMoving(let k), .batchEditing(.keyboardMoving(let k)):
            let (moved, more) = rebasedKeyboardMove(k, rebase: rebase, seen: seen)
            if let moved {
                state = editing ? .batchEditing(.keyboardMoving(moved)) : .keyboardMoving(moved)
            } else {
                state = restState(editing: editing)
            }
            effects += more
        }
    }

    /// A drag goes on with its source and gap re-based, or is cancelled when
    /// the grabbed item went (every item it carries goes back); a
    /// multi-item drag's other items follow by identity, and one the batch
    /// deleted leaves the group. See ``apply(_:at:)`` for the gap's rule.
    /// - Complexity: O(k log k) for k items carried, besides the gap's.
    private mutating func rebaseDrag(_ d: Dragging, editing: Bool, rebase: BatchUpdate.Rebase, seen: Seen,
                                     effects: inout [EditingEffect]) {
        guard let source = rebase.indexPath(d.source, item: d.item) else {
            state = restState(editing: editing)
            effects.append(.dragCancelled(d.item))
            for id in d.companionItems { effects.append(.dragCancelled(id)) }
            return
        }
        var moved = d
        moved.source = source
        var groupChanged = false
        if !d.companionPaths.isEmpty {
            var companions: [(path: ItemPath, item: ItemID)] = []
            companions.reserveCapacity(d.companionPaths.count)
            for (id, p) in zip(d.companionItems, d.companionPaths) {
                if let q = rebase.indexPath(p, item: id) { companions.append((q, id)) } else { groupChanged = true }
            }
            companions.sort { $0.path < $1.path }
            moved.companionPaths = companions.map(\.path)
            moved.companionItems = companions.map(\.item)
        }
        moved.regroup()
        let gap = rebaseGap(d.target, neighbours: seen.targetNeighbours, from: d.source, to: source,
                            rebase: rebase, seen: seen)
        moved.lastProposed = rebaseGap(d.lastProposed, neighbours: seen.proposedNeighbours, from: d.source, to: source,
                                       rebase: rebase, seen: seen).path
        var target = gap.path
        let changedSection = rebase.section(d.source.section) != source.section
        if target != source, !gap.kept || changedSection || groupChanged {
            target = approve(moved, proposed: target) ?? source
        }
        moved.target = target
        if let into = d.into {
            // The hovered item follows; when the batch deleted it, the
            // proposal goes back to "between" (the next move retargets).
            if let p = rebase.indexPath(into.path, item: into.item) {
                moved.into = into.at(p)
            } else {
                leaveInto(&moved, effects: &effects)
            }
        }
        state = editing ? .batchEditing(.dragging(DragRef(moved))) : .dragging(DragRef(moved))
        if !gap.kept || target != gap.path { effects.append(.gapMoved(to: shownGap(moved, target))) }
    }

    /// Where a gap (an after-move path, `from` the dragged item's old
    /// source) is after the batch, with the dragged item now `to`; `kept`
    /// when it is still next to the same neighbour (or at the own place).
    func rebaseGap(_ gap: ItemPath, neighbours: Neighbours, from old: ItemPath, to source: ItemPath,
                           rebase: BatchUpdate.Rebase, seen: Seen) -> (path: ItemPath, kept: Bool) {
        if gap == old { return (source, true) }
        guard let section = rebase.section(gap.section), let count = model.numberOfItems(inSection: section) else {
            return (source, false)
        }
        /// A neighbour's new path, if it is still in the gap's section.
        func follow(_ p: ItemPath?) -> ItemPath? {
            guard let p, let id = seen.items[p], let q = rebase.indexPath(p, item: id), q.section == section else {
                return nil
            }
            return q
        }
        /// The index of `q` in its section with the dragged item left out.
        func withoutSource(_ q: ItemPath) -> Int {
            q.section == source.section && q.item > source.item ? q.item - 1 : q.item
        }
        if let below = follow(neighbours.below) {
            return (ItemPath(section: section, item: withoutSource(below)), true)
        }
        if let above = follow(neighbours.above) {
            return (ItemPath(section: section, item: withoutSource(above) + 1), true)
        }
        // The gap was alone in its section: it stays at the section's top.
        if neighbours.above == nil && neighbours.below == nil {
            return (ItemPath(section: section, item: 0), true)
        }
        let last = section == source.section ? count - 1 : count
        return (ItemPath(section: section, item: min(gap.item, last)), false)
    }
}
