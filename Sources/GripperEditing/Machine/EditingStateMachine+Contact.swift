// A change to this machine changes the diagram in Documentation/Editing.md too.
import GripperLayout
import GripperGeometry
import GripperInput

extension EditingStateMachine {
    /// Routes a contact input by state.
    mutating func handleContact(_ input: ContactInput, at time: EventTime, geometry: some CollectionLayout,
                                effects: inout [EditingEffect]) {
        if case .touchDown(let p) = input, scroller.isMoving, catchesScroll {
            catchScroll(at: p, effects: &effects)
            return
        }
        switch state {
        case .idle:
            rest(input, editing: false, at: time, geometry: geometry, effects: &effects)
        case .batchEditing(.idle):
            rest(input, editing: true, at: time, geometry: geometry, effects: &effects)
        case .tracking(let t):
            track(t, input, editing: false, at: time, geometry: geometry, effects: &effects)
        case .batchEditing(.tracking(let t)):
            track(t, input, editing: true, at: time, geometry: geometry, effects: &effects)
        case .scrolling(let s):
            scrolling(s, input, editing: false, at: time, geometry: geometry, effects: &effects)
        case .batchEditing(.scrolling(let s)):
            scrolling(s, input, editing: true, at: time, geometry: geometry, effects: &effects)
        case .swiping(let sw):
            swiping(sw, input, at: time, geometry: geometry, effects: &effects)
        case .open(let o):
            open(o, input, at: time, geometry: geometry, effects: &effects)
        case .batchEditing(.open(let c)):
            confirming(c, input, at: time, geometry: geometry, effects: &effects)
        case .dragging:
            dragging(input, editing: false, at: time, geometry: geometry, effects: &effects)
        case .batchEditing(.dragging):
            dragging(input, editing: true, at: time, geometry: geometry, effects: &effects)
        case .keyboardMoving, .batchEditing(.keyboardMoving):
            keyboardMovingPointer(input, geometry: geometry, effects: &effects)
        case .menu(let m):
            menu(m, input, at: time, geometry: geometry, effects: &effects)
        }
    }

    /// Whether a touch now may catch a moving scroll: at rest, or with a
    /// cell open or a delete confirmation (which the touch then shuts).
    private var catchesScroll: Bool {
        switch state {
        case .idle, .open, .batchEditing(.idle), .batchEditing(.open): true
        case .tracking, .scrolling, .swiping, .dragging, .keyboardMoving, .menu, .batchEditing(.tracking),
             .batchEditing(.scrolling), .batchEditing(.dragging), .batchEditing(.keyboardMoving):
            false
        }
    }

    /// A touch lands on moving content: the motion stops where it is, an
    /// open cell or confirmation shuts, and the touch is tracked as one that
    /// caught the scroll — it may pan on, but it is not a tap, a
    /// long-press or a press on a cell (no highlight, no gripper).
    private mutating func catchScroll(at p: Point, effects: inout [EditingEffect]) {
        let editing = isEditing
        scroller.hold(effects: &effects)
        cancelInFlight(effects: &effects)
        let tracking = Tracking(location: p, hit: nil, highlighted: nil, caughtScroll: true)
        state = editing ? .batchEditing(.tracking(tracking)) : .tracking(tracking)
    }

    /// Idle (either mode): a touch starts tracking (or, on a gripper in batch
    /// editing, a drag at once); a tap without a touch-down is handled as one.
    private mutating func rest(_ input: ContactInput, editing: Bool, at time: EventTime,
                               geometry: some CollectionLayout, effects: inout [EditingEffect]) {
        switch input {
        case .touchDown(let p):
            let hit = hit(at: p, geometry: geometry)
            if editing, case .cell(let path, .gripper) = hit, let item = model.item(at: path),
               policy.canMove(item, at: path) {
                beginDrag(item, at: path, contact: p, editing: true, geometry: geometry, effects: &effects)
                return
            }
            let highlighted = highlightable(hit, editing: editing)
            let tracking = Tracking(location: p, hit: hit, highlighted: highlighted)
            state = editing ? .batchEditing(.tracking(tracking)) : .tracking(tracking)
            if highlighted != nil { effects.append(.highlight(highlighted)) }
        case .tap(let p):
            performTap(at: p, editing: editing, at: time, geometry: geometry, effects: &effects)
        case .longPress(let p):
            longPressAtRest(at: p, editing: editing, geometry: geometry, effects: &effects)
        case .panBegan(let pan):
            decidePan(pan, editing: editing, geometry: geometry, effects: &effects)
        case .scroll(let dy):
            scroll(to: contentOffset + dy, geometry: geometry, effects: &effects)
        case .contactMoved, .contactLifted, .panChanged, .panEnded, .secondContact, .secondTap, .tick:
            break
        }
    }

    /// The cell to highlight for a touch on `hit`, if the policy allows.
    private func highlightable(_ hit: EditingHit?, editing: Bool) -> ItemPath? {
        // The selection mode first: with none nothing highlights, and the
        // item need not be looked up.
        guard policy.selectionMode != .none, case .cell(let path, .content) = hit,
              let item = model.item(at: path), policy.canHighlight(item, at: path) else { return nil }
        return path
    }

    /// Tracking: wait for the gesture to declare itself.
    private mutating func track(_ t: Tracking, _ input: ContactInput, editing: Bool, at time: EventTime,
                                geometry: some CollectionLayout, effects: inout [EditingEffect]) {
        func unhighlight(_ effects: inout [EditingEffect]) {
            if t.highlighted != nil { effects.append(.highlight(nil)) }
        }
        switch input {
        case .tap(let p):
            unhighlight(&effects)
            state = restState(editing: editing)
            // A touch that caught a moving scroll only stopped it.
            guard !t.caughtScroll else { return }
            performTap(at: p, editing: editing, at: time, geometry: geometry, effects: &effects)
        case .longPress(let p):
            unhighlight(&effects)
            state = restState(editing: editing)
            guard !t.caughtScroll else { return }
            longPressAtRest(at: p, editing: editing, geometry: geometry, effects: &effects)
        case .panBegan(let pan):
            // The highlight is cancelled when the touch becomes a pan.
            unhighlight(&effects)
            state = restState(editing: editing)
            decidePan(pan, editing: editing, mayswipe: !t.caughtScroll, geometry: geometry, effects: &effects)
        case .contactLifted, .secondContact:
            // A second finger cancels an undecided touch.
            unhighlight(&effects)
            state = restState(editing: editing)
        case .touchDown(let p):
            // A new touch without the old one ending: start over.
            unhighlight(&effects)
            state = restState(editing: editing)
            handleContact(.touchDown(p), at: time, geometry: geometry, effects: &effects)
        case .scroll(let dy):
            scroll(to: contentOffset + dy, geometry: geometry, effects: &effects)
        case .contactMoved, .panChanged, .panEnded, .secondTap, .tick:
            break
        }
    }

    /// A tap at rest: select, toggle, open a delete confirmation.
    /// A tap on a section's header the delegate reports: true, with the
    /// `headerTapped` effect, when `p` is on such a header (not one a
    /// placeholder covers).
    /// - Complexity: O(log n + k), the layout's hit test.
    private func headerTap(at p: Point, geometry: some CollectionLayout, effects: inout [EditingEffect]) -> Bool {
        guard case .header(let s)? = geometry.hitTest(contentPoint(p), presentation: presentation(askingTraits: false),
                                                      contentOffset: contentOffset),
              model.sections.indices.contains(s), !isCovered(s) else { return false }
        let id = model.sections[s].id
        guard policy.canTapHeader(of: id, at: s) else { return false }
        effects.append(.headerTapped(id))
        return true
    }

    private mutating func performTap(at p: Point, editing: Bool, at time: EventTime,
                                     geometry: some CollectionLayout, effects: inout [EditingEffect]) {
        // Out of batch editing a tap only selects: with nothing selectable
        // it does nothing, and nothing is asked (no hit test, no delegate
        // question), as UIKit asks nothing of a collection that does not
        // allow selection.
        if policy.tapsOnHeaders, headerTap(at: p, geometry: geometry, effects: &effects) { return }
        if !editing, policy.selectionMode == .none { return }
        let hit = hit(at: p, geometry: geometry)
        guard case .cell(let path, let region) = hit, let item = model.item(at: path) else { return }
        if editing {
            switch region {
            case .deleteControl where policy.canEdit(item, at: path):
                let trailing = policy.trailingActions(for: item, at: path)
                let action = trailing.actions.first { $0.style == .destructive } ?? .delete
                state = .batchEditing(.open(Confirmation(item: item, indexPath: path, action: action)))
                effects.append(.deleteConfirmationOpened(item))
            case .gripper, .action, .deleteConfirmation, .menuEntry, .menu:
                break
            case .content, .deleteControl:
                guard policy.selectionMode != .none, policy.canSelect(item, at: path),
                      toggleSelection(item, at: path) else { return }
                effects.append(.selectionChanged(selection))
            }
            return
        }
        guard case .content = region, policy.canSelect(item, at: path) else { return }
        switch policy.selectionMode {
        case .none:
            return
        case .single:
            guard selection != [item] else { return }
            selection = [item]
            selectedPaths = [path]
        case .multiple:
            guard toggleSelection(item, at: path) else { return }
        }
        effects.append(.selectionChanged(selection))
    }

    /// Adds or removes `item` (at `path`) from the selection; false, with
    /// nothing changed, when the delegate says a selected item may not be deselected.
    private mutating func toggleSelection(_ item: ItemID, at path: ItemPath) -> Bool {
        if selection.contains(item) {
            guard policy.canDeselect(item, at: path) else { return false }
            selection.remove(item)
            selectedPaths.remove(path)
        } else {
            selection.insert(item)
            selectedPaths.insert(path)
        }
        return true
    }

    /// A pan from rest: a mostly horizontal pan on an editable cell with
    /// actions on that side swipes (never in batch editing, never for a
    /// touch that caught a moving scroll); anything else scrolls, the
    /// finger taking hold of the content where it is (past an end, where
    /// the rubber band put it).
    mutating func decidePan(_ pan: ContactInput.Pan, editing: Bool, mayswipe: Bool = true,
                            geometry: some CollectionLayout, effects: inout [EditingEffect]) {
        let start = pan.location - pan.translation
        if !editing, mayswipe, abs(pan.translation.x) > abs(pan.translation.y),
           case .cell(let path, .content) = hit(at: start, geometry: geometry),
           let setup = swipeSetup(at: path, geometry: geometry) {
            let side: Side = pan.translation.x < 0 ? .trailing : .leading
            if !setup.actions(side).isEmpty {
                state = .swiping(Swiping(setup: setup, startOffset: 0, offset: 0))
                effects.append(.swipeBegan(setup.item))
                slide(to: pan.translation.x, effects: &effects)
                return
            }
        }
        let raw = scroller.rawOffset(maxOffset: maxOffset(geometry), dimension: configuration.viewportHeight,
                                     configuration: configuration)
        let scrolling = Scrolling(startOffset: raw)
        state = editing ? .batchEditing(.scrolling(scrolling)) : .scrolling(scrolling)
        track(scrolling, pan, geometry: geometry, effects: &effects)
    }

    /// The finger drags the content: past an end, with the rubber band.
    private mutating func track(_ s: Scrolling, _ pan: ContactInput.Pan, geometry: some CollectionLayout,
                                effects: inout [EditingEffect]) {
        scroller.track(raw: s.startOffset - pan.translation.y, maxOffset: maxOffset(geometry),
                       dimension: configuration.viewportHeight, configuration: configuration, effects: &effects)
    }

    /// Scrolling follows the pan's vertical translation until it ends; the
    /// pan's end lets the content go with its speed (a fling, a bounce back).
    private mutating func scrolling(_ s: Scrolling, _ input: ContactInput, editing: Bool, at time: EventTime,
                                    geometry: some CollectionLayout, effects: inout [EditingEffect]) {
        switch input {
        case .panChanged(let pan), .panBegan(let pan):
            track(s, pan, geometry: geometry, effects: &effects)
        case .panEnded(let pan):
            track(s, pan, geometry: geometry, effects: &effects)
            state = restState(editing: editing)
            releaseScroller(velocity: -pan.velocity.y, at: time, geometry: geometry, effects: &effects)
        case .contactLifted:
            state = restState(editing: editing)
        case .touchDown, .tap, .longPress, .contactMoved, .secondContact, .secondTap, .scroll, .tick:
            break // a second finger does not disturb a scroll
        }
    }
}
