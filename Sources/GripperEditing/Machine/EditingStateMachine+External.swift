// A change to this machine changes the diagram in Documentation/Editing.md too.
import GripperLayout
import GripperInput

extension EditingStateMachine {
    /// Cancels whatever is in flight, keeping the mode: the highlight goes,
    /// an open menu closes, a sliding or open cell shuts, a delete confirmation is cancelled, a
    /// drag is reverted (nothing committed; every item it carries is
    /// reported back, the grabbed one first).
    mutating func cancelInFlight(effects: inout [EditingEffect]) {
        switch state {
        case .idle, .batchEditing(.idle), .scrolling, .batchEditing(.scrolling):
            break
        case .tracking(let t), .batchEditing(.tracking(let t)):
            if t.highlighted != nil { effects.append(.highlight(nil)) }
        case .swiping(let sw):
            effects.append(.swipeShut(sw.setup.item))
        case .open(let o):
            effects.append(.swipeShut(o.setup.item))
        case .batchEditing(.open(let c)):
            effects.append(.deleteConfirmationCancelled(c.item))
        case .dragging(let r), .batchEditing(.dragging(let r)):
            let d = r.value
            effects.append(.dragCancelled(d.item))
            for id in d.companionItems { effects.append(.dragCancelled(id)) }
        case .keyboardMoving(let k), .batchEditing(.keyboardMoving(let k)):
            effects.append(.dragCancelled(k.item))
        case .menu(let m):
            effects.append(.menuDismissed(m.item))
        }
        state = restState(editing: isEditing)
    }

    /// `setEditing(true)` cancels what is in flight and enters batch editing
    /// (nothing when already editing); `setEditing(false)` shuts the open
    /// cell, reverts a drag, clears the selection and leaves batch editing.
    mutating func setEditing(_ on: Bool, effects: inout [EditingEffect]) {
        let was = isEditing
        if on {
            guard !was else { return }
            cancelInFlight(effects: &effects)
            state = .batchEditing(.idle)
            effects.append(.editingChanged(true))
        } else {
            cancelInFlight(effects: &effects)
            state = .idle
            if !selection.isEmpty {
                selection = []
                selectedPaths = []
                effects.append(.selectionChanged([]))
            }
            if was { effects.append(.editingChanged(false)) }
        }
    }

    /// Deletes every selected item in one batch (cancelling what is in flight first).
    /// - Complexity: O(s log s) for s selected items, plus the commit's cost.
    mutating func deleteSelected(at time: EventTime, effects: inout [EditingEffect]) {
        cancelInFlight(effects: &effects)
        guard !selection.isEmpty else { return }
        // The selected paths are kept in step with the model: no scan.
        let paths = selectedPaths.sorted()
        let ids = paths.compactMap { model.item(at: $0) }
        commit(BatchUpdate(paths.map { .deleteItem($0) }), as: .delete(ids), at: time, effects: &effects)
    }

    /// Replaces the model: everything in flight is cancelled, the change is
    /// journaled as the diff between the two models, and the selection keeps
    /// only items that remain.
    mutating func reload(_ newModel: CollectionModel, at time: EventTime, effects: inout [EditingEffect]) {
        cancelInFlight(effects: &effects)
        let batch = model.diff(to: newModel)
        guard !batch.isEmpty else { return }
        commit(batch, as: .reload, at: time, effects: &effects)
    }

    /// Undoes or redoes one journal entry after cancelling what is in flight.
    mutating func undoOrRedo(undo: Bool, effects: inout [EditingEffect]) {
        cancelInFlight(effects: &effects)
        if undo {
            guard let entry = journal.undo() else { return }
            effects.append(.undone(entry))
            pruneSelection(after: entry.inverse, effects: &effects)
        } else {
            guard let entry = journal.redo() else { return }
            effects.append(.redone(entry))
            pruneSelection(after: entry.batch, effects: &effects)
        }
    }
}
