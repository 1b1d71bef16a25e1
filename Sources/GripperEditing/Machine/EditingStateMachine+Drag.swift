// A change to this machine changes the diagram in Documentation/Editing.md too.
import GripperLayout
import GripperGeometry
import GripperInput

extension EditingStateMachine {
    /// Starts a drag when the cell under `p` may move.
    mutating func beginDragIfMovable(at p: Point, editing: Bool, geometry: some CollectionLayout,
                                     effects: inout [EditingEffect]) {
        guard case .cell(let path, let region) = hit(at: p, geometry: geometry) else { return }
        switch region {
        case .content, .gripper: break
        case .deleteControl, .action, .deleteConfirmation: return
        }
        guard let item = model.item(at: path), policy.canMove(item, at: path) else { return }
        beginDrag(at: path, contact: p, editing: editing, geometry: geometry, effects: &effects)
    }

    /// Starts a drag of the cell at `path` (movable, checked by the caller):
    /// the source is hidden, the gap opens at its own place, and the proxy
    /// keeps the grab offset.
    mutating func beginDrag(at path: IndexPath, contact p: Point, editing: Bool, geometry: some CollectionLayout,
                            effects: inout [EditingEffect]) {
        guard let item = model.item(at: path) else { return }
        // A drag holds the content: an animated scroll under way stops.
        if scroller.isMoving { scroll(to: contentOffset, geometry: geometry, effects: &effects) }
        let center = geometry.attributes(for: path, presentation: .resting)?.frame.center ?? contentPoint(p)
        let drag = Dragging(item: item, source: path, target: path, lastProposed: path,
                            grabOffset: center - contentPoint(p), contact: p)
        state = editing ? .batchEditing(.dragging(drag)) : .dragging(drag)
        effects.append(.dragBegan(item, from: path))
    }

    /// Dragging (either mode): the proxy follows the contact, the gap follows
    /// the policy's say, auto-scroll runs near the edges, and a lift commits.
    mutating func dragging(_ d: Dragging, _ input: EditingInput, editing: Bool, at time: EventTime,
                           geometry: some CollectionLayout, effects: inout [EditingEffect]) {
        var d = d
        switch input {
        case .contactMoved(let p):
            d.contact = p
            d.intent.note(p.y, distance: configuration.autoScrollIntentDistance)
            follow(&d, at: time, geometry: geometry, effects: &effects)
        case .panBegan(let pan), .panChanged(let pan):
            d.contact = pan.location
            d.intent.note(pan.location.y, distance: configuration.autoScrollIntentDistance)
            follow(&d, at: time, geometry: geometry, effects: &effects)
        case .panEnded, .contactLifted, .tap:
            // The lift commits at the gap the user saw last; its own
            // position does not move the gap again.
            drop(d, editing: editing, at: time, effects: &effects)
        case .tick:
            autoScrollStep(&d, at: time, geometry: geometry, effects: &effects)
        case .scroll(let dy):
            scroll(to: contentOffset + dy, geometry: geometry, effects: &effects)
            follow(&d, at: time, geometry: geometry, effects: &effects)
        case .touchDown, .longPress, .secondContact:
            break // a second finger is ignored: the drag stays with the first
        case .setEditing, .deleteSelected, .reload, .deviceLost, .contactCancelled, .undo, .redo:
            break // handled before routing
        }
    }

    private mutating func store(_ d: Dragging, editing: Bool) {
        state = editing ? .batchEditing(.dragging(d)) : .dragging(d)
    }

    private func isEditingDrag() -> Bool {
        if case .batchEditing(.dragging) = state { return true }
        return false
    }

    /// Moves the gap to the proposed target (after the policy's say) and
    /// starts or stops auto-scroll.
    mutating func follow(_ d: inout Dragging, at time: EventTime, geometry: some CollectionLayout,
                         effects: inout [EditingEffect]) {
        let editing = isEditingDrag()
        retarget(&d, geometry: geometry, effects: &effects)
        let v = autoScrollVelocity(d, geometry: geometry)
        if v == 0 {
            d.deadline = nil
            d.lastTick = nil
            d.rampStart = nil
        } else {
            if d.rampStart == nil || d.rampForward != (v > 0) {
                // Entering a zone (or the other one): the ramp starts over.
                d.rampStart = time
                d.rampForward = v > 0
                d.lastTick = time
            }
            if d.deadline == nil {
                if d.lastTick == nil { d.lastTick = time }
                let deadline = time + configuration.tickInterval
                d.deadline = deadline
                effects.append(.scheduleTick(at: deadline))
            }
        }
        store(d, editing: editing)
    }

    /// The auto-scroll velocity for the contact at full speed: zero outside
    /// the edge zones, toward an edge the user has not moved toward, and
    /// when the content cannot scroll further that way.
    private func autoScrollVelocity(_ d: Dragging, geometry: some CollectionLayout) -> Double {
        let v = configuration.autoScrollVelocity(atViewportY: d.contact.y)
        if v < 0 && (contentOffset <= 0 || !d.intent.backward) { return 0 }
        if v > 0 && (contentOffset >= maxOffset(geometry) || !d.intent.forward) { return 0 }
        return v
    }

    /// The ramp-up's integral: how many seconds of full speed `elapsed`
    /// seconds in a zone are worth when the speed grows linearly from 0 to
    /// full over `rampUp` seconds (τ²/2T before T, τ − T/2 after).
    static func rampedSeconds(_ elapsed: Double, rampUp: Double) -> Double {
        let t = max(0, elapsed)
        guard rampUp > 0, rampUp.isFinite else { return t }
        return t < rampUp ? t * t / (2 * rampUp) : t - rampUp / 2
    }

    /// One auto-scroll tick: advance the offset by the velocity over the
    /// time since the last tick, ramped up from the zone's entry, move the
    /// gap, and ask for the next tick while still in an edge zone.
    private mutating func autoScrollStep(_ d: inout Dragging, at time: EventTime, geometry: some CollectionLayout,
                                         effects: inout [EditingEffect]) {
        let editing = isEditingDrag()
        guard let deadline = d.deadline, time >= deadline, let last = d.lastTick else { return }
        let v = autoScrollVelocity(d, geometry: geometry)
        let start = d.rampStart ?? last
        let rampUp = configuration.autoScrollRampUp.secondsDouble
        let seconds = Self.rampedSeconds(Double(time.microseconds(since: start)) / 1_000_000, rampUp: rampUp)
            - Self.rampedSeconds(Double(last.microseconds(since: start)) / 1_000_000, rampUp: rampUp)
        scroll(to: contentOffset + v * seconds, geometry: geometry, effects: &effects)
        d.lastTick = time
        retarget(&d, geometry: geometry, effects: &effects)
        if autoScrollVelocity(d, geometry: geometry) != 0 {
            let next = time + configuration.tickInterval
            d.deadline = next
            effects.append(.scheduleTick(at: next))
        } else {
            d.deadline = nil
            d.lastTick = nil
            d.rampStart = nil
        }
        store(d, editing: editing)
    }

    /// The proxy's centre, content coordinates.
    func proxyCenter(_ d: Dragging) -> Point { contentPoint(d.contact) + d.grabOffset }

    /// Asks the geometry for the target under the proxy and, when it changed,
    /// the policy for its say.
    /// - Complexity: O(log n), the layout's query; the presentation it is
    ///   asked with carries only the drag (all a drop target depends on), so
    ///   a drag frame builds no traits closure and copies no selection.
    private func retarget(_ d: inout Dragging, geometry: some CollectionLayout, effects: inout [EditingEffect]) {
        let shown = LayoutPresentation(isEditing: isEditing,
                                       drag: DragState(source: d.source, target: d.target, proxyCenter: proxyCenter(d)))
        guard let raw = geometry.dropTarget(at: proxyCenter(d), presentation: shown),
              let proposed = validTarget(raw, source: d.source),
              proposed != d.lastProposed else { return }
        d.lastProposed = proposed
        let approved: IndexPath?
        switch policy.target(forMoving: d.item, from: d.source, proposed: proposed) {
        case .accept: approved = proposed
        case .redirect(let path): approved = validTarget(path, source: d.source)
        case .veto: approved = nil
        }
        if let approved, approved != d.target {
            d.target = approved
            effects.append(.gapMoved(to: approved))
        }
    }

    /// `path` clamped to the after-move range, or nil when its section does not exist.
    /// In the source's section the item may take 0 ..< count; elsewhere 0 ... count.
    func validTarget(_ path: IndexPath, source: IndexPath) -> IndexPath? {
        guard let count = model.numberOfItems(inSection: path.section) else { return nil }
        let last = path.section == source.section ? count - 1 : count
        guard last >= 0 else { return nil }
        return IndexPath(section: path.section, item: min(max(0, path.item), last))
    }

    /// Ends the drag: commits one move landing at the gap, or nothing for a
    /// drop on its own place.
    private mutating func drop(_ d: Dragging, editing: Bool, at time: EventTime, effects: inout [EditingEffect]) {
        state = restState(editing: editing)
        guard d.target != d.source else {
            effects.append(.dragEnded(d.item, committed: false))
            return
        }
        let before = effects.count
        commit(BatchUpdate([.moveItem(from: d.source, to: d.target)]),
               as: .move(d.item, from: d.source, to: d.target), at: time, effects: &effects)
        let committed = effects[before...].contains { if case .committed = $0 { true } else { false } }
        effects.append(committed ? .dragEnded(d.item, committed: true) : .dragCancelled(d.item))
    }
}
