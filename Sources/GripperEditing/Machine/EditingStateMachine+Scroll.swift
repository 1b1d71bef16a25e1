// A change to this machine changes the diagrams in Documentation/Editing.md and Documentation/Scrolling.md too.
import GripperGeometry
import GripperInput
import GripperLayout

extension EditingStateMachine {
    /// Whether the app may scroll now: not while the user's finger moves the
    /// content (a pan that scrolls) or drags an item — the user wins.
    /// - Complexity: O(1).
    package var acceptsProgrammaticScroll: Bool {
        switch state {
        case .scrolling, .dragging, .keyboardMoving, .menu, .batchEditing(.scrolling), .batchEditing(.dragging),
             .batchEditing(.keyboardMoving):
            false
        case .idle, .tracking, .swiping, .open, .batchEditing(.idle), .batchEditing(.tracking), .batchEditing(.open):
            true
        }
    }

    /// Scrolls to `offset` (clamped to the content) because the app asks:
    /// at once, or animated over ``EditingConfiguration/scrollAnimationDuration``
    /// on the machine's ticks. Stops a motion under way. Nothing when
    /// ``acceptsProgrammaticScroll`` is false (the caller says so).
    /// - Complexity: O(1).
    package mutating func scrollProgrammatically(to offset: Double, animated: Bool, at time: EventTime,
                                                 geometry: some CollectionLayout) -> [EditingEffect] {
        guard acceptsProgrammaticScroll else { return [] }
        var effects: [EditingEffect] = []
        if animated {
            scroller.animate(to: offset, at: time, maxOffset: maxOffset(geometry), configuration: configuration,
                             effects: &effects)
        } else {
            scroller.jump(to: offset, maxOffset: maxOffset(geometry), effects: &effects)
        }
        return effects
    }

    /// The content's size changed (a commit, an undo, the app's batch): at
    /// rest an offset now past the end comes back into range at once.
    /// - Complexity: O(1).
    package mutating func contentChanged(geometry: some CollectionLayout) -> [EditingEffect] {
        var effects: [EditingEffect] = []
        scroller.rangeChanged(maxOffset: maxOffset(geometry), effects: &effects)
        return effects
    }

    /// The viewport changed to `height` points (a resize, a rotation) and
    /// `geometry` is already laid out for it: the content moves to
    /// `offset` (where the first visible item is where it was; the caller
    /// works it out), clamped to the new range, and what is in flight goes
    /// on — a finger scrolling keeps dragging from there, a drag's gap
    /// follows the proxy in the new geometry, a swiped or open cell keeps
    /// its side with the panes of its new width (or shuts when it can no
    /// longer be swiped). A motion under way stops.
    /// - Complexity: O(log n), the drag's retarget.
    /// `contact` is where the contact still down is in the new viewport
    /// (a drag's proxy follows it from there).
    package mutating func viewportChanged(height: Double, offset: Double, contact: Point?, at time: EventTime,
                                          geometry: some CollectionLayout) -> [EditingEffect] {
        var effects: [EditingEffect] = []
        configuration.viewportHeight = height
        let before = contentOffset
        scroller.shift(to: offset, maxOffset: maxOffset(geometry), effects: &effects)
        switch state {
        case .scrolling(var s):
            s.startOffset += contentOffset - before
            state = .scrolling(s)
        case .batchEditing(.scrolling(var s)):
            s.startOffset += contentOffset - before
            state = .batchEditing(.scrolling(s))
        case .dragging, .batchEditing(.dragging):
            guard var d = currentDrag else { break }
            let editing = isEditing
            if let contact {
                d.contact = contact
                // The intent's directions stay; its extremes start again here.
                d.intent.lowest = contact.y
                d.intent.highest = contact.y
            }
            follow(&d, at: time, geometry: geometry, effects: &effects)
            store(d, editing: editing)
        case .swiping(var sw):
            if let setup = swipeSetup(at: sw.setup.indexPath, geometry: geometry) {
                sw.setup = setup
                sw.offset = min(max(sw.offset, -setup.maxTravel(.trailing)), setup.maxTravel(.leading))
                state = .swiping(sw)
            } else {
                state = .idle
                effects.append(.swipeShut(sw.setup.item))
            }
        case .menu(var m):
            // The layout places the menu again for the new viewport; the
            // finger still down is measured from where it now is.
            if m.press != nil, let contact { m.press = contact }
            state = .menu(m)
        case .open(var o):
            let side: Side = o.offset < 0 ? .trailing : .leading
            if let setup = swipeSetup(at: o.setup.indexPath, geometry: geometry), !setup.actions(side).isEmpty {
                o.setup = setup
                o.offset = side == .trailing ? -setup.geometry(side).paneWidth : setup.geometry(side).paneWidth
                state = .open(o)
            } else {
                state = .idle
                effects.append(.swipeShut(o.setup.item))
            }
        case .keyboardMoving(var k), .batchEditing(.keyboardMoving(var k)):
            k.proxyCenter = gapCenter(k, geometry: geometry)
            state = isEditing ? .batchEditing(.keyboardMoving(k)) : .keyboardMoving(k)
        case .idle, .tracking, .batchEditing(.idle), .batchEditing(.tracking), .batchEditing(.open):
            break
        }
        return effects
    }
}
