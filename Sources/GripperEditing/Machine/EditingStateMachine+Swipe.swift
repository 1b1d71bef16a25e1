// A change to this machine changes the diagram in Documentation/Editing.md too.
import GripperLayout
import GripperGeometry
import GripperInput

extension EditingStateMachine {
    /// What the cell at `path` can reveal, or nil when it cannot be swiped.
    func swipeSetup(at path: ItemPath, geometry: some CollectionLayout) -> SwipeSetup? {
        guard let item = model.item(at: path), policy.canEdit(item, at: path) else { return nil }
        let trailing = policy.trailingActions(for: item, at: path)
        let leading = policy.leadingActions(for: item, at: path)
        guard !trailing.isEmpty || !leading.isEmpty else { return nil }
        let trailingLayout = trailing.actions.map(\.layoutAction)
        let leadingLayout = leading.actions.map(\.layoutAction)
        guard let trailingGeometry = geometry.swipeGeometry(for: path, actions: trailingLayout),
              let leadingGeometry = geometry.swipeGeometry(for: path, actions: leadingLayout)
        else { return nil }
        return SwipeSetup(item: item, indexPath: path, trailing: trailing, leading: leading,
                          trailingLayout: trailingLayout, leadingLayout: leadingLayout,
                          trailingGeometry: trailingGeometry, leadingGeometry: leadingGeometry)
    }

    /// Slides the swiping cell to `startOffset + translation`, clamped to
    /// what each side can reveal.
    mutating func slide(to translation: Double, effects: inout [EditingEffect]) {
        guard case .swiping(var sw) = state else { return }
        let raw = sw.startOffset + translation
        sw.offset = min(max(raw, -sw.setup.maxTravel(.trailing)), sw.setup.maxTravel(.leading))
        state = .swiping(sw)
    }

    /// Swiping: the cell follows the pan; on lift it settles open or shut, or
    /// performs the default action past the full-swipe breakpoint.
    mutating func swiping(_ sw: Swiping, _ input: ContactInput, at time: EventTime,
                          geometry: some CollectionLayout, effects: inout [EditingEffect]) {
        switch input {
        case .panChanged(let pan), .panBegan(let pan):
            slide(to: pan.translation.x, effects: &effects)
        case .panEnded(let pan):
            slide(to: pan.translation.x, effects: &effects)
            settle(velocity: pan.velocity.x, at: time, effects: &effects)
        case .contactLifted:
            settle(velocity: 0, at: time, effects: &effects)
        case .secondContact:
            // A second finger cancels a swipe: the cell shuts.
            state = .idle
            effects.append(.swipeShut(sw.setup.item))
        case .touchDown, .tap, .longPress, .contactMoved, .secondTap, .scroll, .tick:
            break
        }
    }

    /// Where a released swipe goes: the full-swipe action, open, or shut.
    private mutating func settle(velocity vx: Double, at time: EventTime, effects: inout [EditingEffect]) {
        guard case .swiping(let sw) = state else { return }
        let side: Side = sw.offset < 0 ? .trailing : .leading
        let actions = sw.setup.actions(side)
        let g = sw.setup.geometry(side)
        let travel = abs(sw.offset)
        if let id = actions.fullSwipeAction, let action = actions.action(id),
           let breakpoint = g.fullSwipeBreakpoint, travel >= breakpoint {
            state = .idle
            perform(action, on: sw.setup.item, path: sw.setup.indexPath, at: time, effects: &effects)
            return
        }
        let towardOpening = side == .trailing ? -vx : vx
        let staysOpen: Bool
        if abs(vx) >= configuration.flickVelocity {
            staysOpen = towardOpening > 0
        } else {
            staysOpen = travel >= g.paneWidth * configuration.openFraction
        }
        if staysOpen && !actions.isEmpty && travel > 0 {
            let offset = side == .trailing ? -g.paneWidth : g.paneWidth
            state = .open(Open(setup: sw.setup, offset: offset))
            effects.append(.swipeOpened(sw.setup.item))
        } else {
            state = .idle
            effects.append(.swipeShut(sw.setup.item))
        }
    }

    /// Open: a tap on an action performs it; a tap elsewhere only shuts the
    /// cell; a horizontal pan on the cell slides it again; any other pan
    /// shuts it and scrolls.
    mutating func open(_ o: Open, _ input: ContactInput, at time: EventTime,
                       geometry: some CollectionLayout, effects: inout [EditingEffect]) {
        switch input {
        case .tap(let p):
            let hit = hit(at: p, geometry: geometry)
            state = .idle
            if case .cell(let path, .action(let id)) = hit, path == o.setup.indexPath,
               let action = o.setup.actions(o.offset < 0 ? .trailing : .leading).action(id) {
                perform(action, on: o.setup.item, path: o.setup.indexPath, at: time, effects: &effects)
            } else {
                effects.append(.swipeShut(o.setup.item))
            }
        case .panBegan(let pan):
            let start = pan.location - pan.translation
            let hit = hit(at: start, geometry: geometry)
            if abs(pan.translation.x) > abs(pan.translation.y), case .cell(let path, _) = hit, path == o.setup.indexPath {
                state = .swiping(Swiping(setup: o.setup, startOffset: o.offset, offset: o.offset))
                slide(to: pan.translation.x, effects: &effects)
            } else {
                state = .idle
                effects.append(.swipeShut(o.setup.item))
                decidePan(pan, editing: false, geometry: geometry, effects: &effects)
            }
        case .longPress:
            state = .idle
            effects.append(.swipeShut(o.setup.item))
        case .scroll(let dy):
            state = .idle
            effects.append(.swipeShut(o.setup.item))
            scroll(to: contentOffset + dy, geometry: geometry, effects: &effects)
        case .touchDown, .contactMoved, .contactLifted, .panChanged, .panEnded, .secondContact, .secondTap, .tick:
            break // the cell stays open until a tap or a pan decides
        }
    }

    /// Batch editing's open state: a cell's delete confirmation. A tap on the
    /// confirmation deletes; any other tap, a pan, a long-press or the wheel
    /// cancels it.
    mutating func confirming(_ c: Confirmation, _ input: ContactInput, at time: EventTime,
                             geometry: some CollectionLayout, effects: inout [EditingEffect]) {
        switch input {
        case .tap(let p):
            let hit = hit(at: p, geometry: geometry)
            state = .batchEditing(.idle)
            if case .cell(let path, .deleteConfirmation) = hit, path == c.indexPath {
                perform(c.action, on: c.item, path: c.indexPath, at: time, effects: &effects)
            } else {
                effects.append(.deleteConfirmationCancelled(c.item))
            }
        case .panBegan(let pan):
            state = .batchEditing(.idle)
            effects.append(.deleteConfirmationCancelled(c.item))
            decidePan(pan, editing: true, geometry: geometry, effects: &effects)
        case .longPress:
            state = .batchEditing(.idle)
            effects.append(.deleteConfirmationCancelled(c.item))
        case .scroll(let dy):
            state = .batchEditing(.idle)
            effects.append(.deleteConfirmationCancelled(c.item))
            scroll(to: contentOffset + dy, geometry: geometry, effects: &effects)
        case .touchDown, .contactMoved, .contactLifted, .panChanged, .panEnded, .secondContact, .secondTap, .tick:
            break
        }
    }

    /// Performs a swipe action on `item`: the delegate says what it does
    /// (by default a destructive one deletes the item, a normal one is only
    /// journaled). `path` is where the state that
    /// offered the action last saw `item`; it is checked, and only a stale
    /// one costs a search.
    /// - Complexity: O(1) plus the commit's cost.
    mutating func perform(_ action: EditingAction, on item: ItemID, path seen: ItemPath, at time: EventTime,
                          effects: inout [EditingEffect]) {
        let found = model.item(at: seen) == item ? seen : model.indexPath(of: item)
        guard let path = found else { return }
        let batch: BatchUpdate
        switch policy.perform(action, on: item, at: path) {
        case .deleteItem: batch = BatchUpdate([.deleteItem(path)])
        case .keepItem: batch = BatchUpdate()
        }
        commit(batch, as: .action(action.id, item: item), at: time, effects: &effects)
    }

    /// Commits a batch to the journal, keeping the selection to items that remain.
    mutating func commit(_ batch: BatchUpdate, as edit: Edit, at time: EventTime, effects: inout [EditingEffect]) {
        do {
            let entry = try journal.commit(batch, as: edit, at: time)
            effects.append(.committed(entry))
            pruneSelection(after: batch, effects: &effects)
        } catch {
            effects.append(.rejected(error))
        }
    }
}
