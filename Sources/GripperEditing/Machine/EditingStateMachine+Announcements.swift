import GripperLayout

extension EditingStateMachine {
    /// What the announcements of a step need from before it: the move in
    /// flight (its item, place and gap) and the actions a swiped, open or
    /// confirming cell offered.
    struct AnnouncementContext {
        var move: (item: ItemID, source: ItemPath, target: ItemPath)?
        var actions: [EditingAction] = []
    }

    /// The move in flight — a pointer drag or a keyboard move — if any.
    /// - Complexity: O(1).
    package var moveInFlight: (item: ItemID, source: ItemPath, target: ItemPath)? {
        switch state {
        case .dragging(let r), .batchEditing(.dragging(let r)): (r.value.item, r.value.source, r.value.target)
        case .keyboardMoving(let k), .batchEditing(.keyboardMoving(let k)): (k.item, k.source, k.target)
        case .idle, .tracking, .scrolling, .swiping, .open, .menu, .batchEditing(.idle), .batchEditing(.tracking),
             .batchEditing(.scrolling), .batchEditing(.open):
            nil
        }
    }

    /// Reads ``AnnouncementContext`` before a step.
    /// - Complexity: O(1) plus the offered actions.
    func announcementContext() -> AnnouncementContext {
        var context = AnnouncementContext(move: moveInFlight)
        switch state {
        case .swiping(let sw): context.actions = sw.setup.trailing.actions + sw.setup.leading.actions
        case .open(let o): context.actions = o.setup.trailing.actions + o.setup.leading.actions
        case .batchEditing(.open(let c)): context.actions = [c.action]
        case .menu(let m): context.actions = m.actions
        case .idle, .tracking, .scrolling, .dragging, .keyboardMoving, .batchEditing(.idle), .batchEditing(.tracking),
             .batchEditing(.scrolling), .batchEditing(.dragging), .batchEditing(.keyboardMoving):
            break
        }
        return context
    }

    /// Where `p` is as a person counts it, in the model as it is.
    func listPosition(_ p: ItemPath, extra: Int = 0) -> ListPosition? {
        guard let count = model.numberOfItems(inSection: p.section), p.section < model.numberOfSections else { return nil }
        return ListPosition(indexPath: p, count: count + extra, section: model.sections[p.section].id)
    }

    /// Puts an ``EditingEffect/announcement(_:)`` after each effect that a
    /// person should hear of: a lift, a gap move, a drop, a cancellation, a
    /// refusal, a proposal to drop into an item and a drop into it, a swipe's actions revealed or performed, a batch delete,
    /// a menu opened, an entry of it selected, a menu closed.
    /// - Complexity: O(e) for e effects; a cancelled move whose item is no
    ///   longer at its place (a reload moved it) costs a search of the model.
    mutating func announce(_ effects: inout [EditingEffect], seen: AnnouncementContext) {
        var out: [EditingEffect] = []
        out.reserveCapacity(effects.count * 2)
        for effect in effects {
            out.append(effect)
            if let a = announcement(for: effect, seen: seen) { out.append(.announcement(a)) }
        }
        effects = out
    }

    private func announcement(for effect: EditingEffect, seen: AnnouncementContext) -> Announcement? {
        switch effect {
        case .dragBegan(let item, let from):
            return listPosition(from).map { .pickedUp(item, at: $0) }
        case .gapMoved(let to):
            guard let move = moveInFlight ?? seen.move else { return nil }
            return listPosition(to, extra: to.section == move.source.section ? 0 : 1).map { .moved(move.item, to: $0) }
        case .dragEnded(let item, let committed):
            guard let move = seen.move else { return nil }
            return listPosition(committed ? move.target : move.source).map { .dropped(item, at: $0) }
        case .dragCancelled(let item):
            if let source = seen.move?.source, model.item(at: source) == item {
                return .cancelled(item, returnedTo: listPosition(source))
            }
            return .cancelled(item, returnedTo: model.indexPath(of: item).flatMap { listPosition($0) })
        case .moveRefused(let refusal):
            return .refused(refusal)
        case .dropTargetChanged(let target):
            // Back to "between" says nothing: the next gap move is heard.
            guard let target, let move = moveInFlight ?? seen.move else { return nil }
            return .proposedInto(move.item, into: target)
        case .droppedInto(let items, let target):
            return .droppedInto(items, into: target)
        case .swipeOpened(let item):
            guard case .open(let o) = state else { return nil }
            let actions = o.offset < 0 ? o.setup.trailing : o.setup.leading
            return .actionsRevealed(item, actions: actions.actions.map(\.title))
        case .committed(let entry):
            switch entry.edit {
            case .action(let id, let item):
                let title = seen.actions.first { $0.id == id }?.title ?? id.rawValue
                return .actionPerformed(title, on: item)
            case .delete(let ids):
                return .deleted(ids)
            case .move, .moveItems, .dropInto, .reload, .batch, .app, .replaced:
                return nil
            }
        case .menuOpened(let item, let ids):
            guard case .menu(let m) = state else { return nil }
            return .menuOpened(item, actions: ids.compactMap { id in m.actions.first { $0.id == id }?.title })
        case .menuEntrySelected(let item, let id):
            guard case .menu(let m) = state, let k = m.actions.firstIndex(where: { $0.id == id }) else { return nil }
            return .menuEntrySelected(m.actions[k].title, on: item, position: k + 1, count: m.actions.count)
        case .menuDismissed(let item):
            return .menuDismissed(item)
        case .highlight, .selectionChanged, .scrolled, .swipeBegan, .swipeShut, .deleteConfirmationOpened,
             .deleteConfirmationCancelled, .editingChanged, .undone, .redone, .appBatchApplied, .rejected,
             .scrollMotionBegan, .scrollMotionEnded, .scheduleTick, .focusChanged, .announcement, .headerTapped:
            return nil
        }
    }
}
