// A change to this machine changes the diagram in Documentation/Editing.md too.
@_spi(Benchmarks) import GripperLayout
import GripperGeometry
import GripperInput

extension EditingStateMachine {
    /// Starts a drag when the cell under `p` may move.
    mutating func beginDragIfMovable(at p: Point, editing: Bool, geometry: some CollectionLayout,
                                     effects: inout [EditingEffect]) {
        guard case .cell(let path, let region) = hit(at: p, geometry: geometry) else { return }
        switch region {
        case .content, .gripper: break
        case .deleteControl, .action, .deleteConfirmation, .menuEntry, .menu: return
        }
        guard let item = model.item(at: path), policy.canMove(item, at: path) else { return }
        beginDrag(item, at: path, contact: p, editing: editing, geometry: geometry, effects: &effects)
    }

    /// Starts a drag of `item`, the cell at `path` (movable, checked by the caller):
    /// the source is hidden, the gap opens at its own place, and the proxy
    /// keeps the grab offset. In batch editing, grabbing a selected item
    /// drags every selected movable item with it (its companions, hidden in
    /// place); one `dragBegan` is reported per item, the grabbed one first.
    /// - Complexity: O(log n), plus O(s log s) for s selected items when
    ///   the grabbed one is selected in batch editing.
    mutating func beginDrag(_ item: ItemID, at path: ItemPath, contact p: Point, editing: Bool,
                            geometry: some CollectionLayout, effects: inout [EditingEffect]) {
        // A drag holds the content: an animated scroll under way stops.
        if scroller.isMoving { scroll(to: contentOffset, geometry: geometry, effects: &effects) }
        let center = geometry.attributes(for: path, presentation: .resting)?.frame.center ?? contentPoint(p)
        var drag = Dragging(item: item, source: path, target: path, lastProposed: path,
                            grabOffset: center - contentPoint(p), contact: p)
        if editing, selectedPaths.count > 1, selection.contains(item) {
            for other in selectedPaths.sorted() where other != path {
                guard let id = model.item(at: other), policy.canMove(id, at: other) else { continue }
                drag.companionPaths.append(other)
                drag.companionItems.append(id)
            }
            drag.regroup()
        }
        state = editing ? .batchEditing(.dragging(DragRef(drag))) : .dragging(DragRef(drag))
        effects.append(.dragBegan(item, from: path))
        for (id, from) in zip(drag.companionItems, drag.companionPaths) { effects.append(.dragBegan(id, from: from)) }
    }

    /// Dragging (either mode): the proxy follows the contact, the gap follows
    /// the policy's say, auto-scroll runs near the edges, a tap by another
    /// finger adds its item, and a lift commits.
    ///
    /// The drag is copied out of the state once and put back once, into
    /// the same box (the state keeps the drag as it was until then, for
    /// whatever reads it meanwhile): a drag frame copies it twice and
    /// allocates nothing.
    mutating func dragging(_ input: ContactInput, editing: Bool, at time: EventTime,
                           geometry: some CollectionLayout, effects: inout [EditingEffect]) {
        guard var d = currentDrag else { return }
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
            return // the state is at rest now
        case .tick:
            _ = fireDwell(&d, at: time, effects: &effects)
            autoScrollStep(&d, at: time, geometry: geometry, effects: &effects)
        case .scroll(let dy):
            scroll(to: contentOffset + dy, geometry: geometry, effects: &effects)
            follow(&d, at: time, geometry: geometry, effects: &effects)
        case .secondTap(let p):
            addToDrag(&d, at: p, geometry: geometry, effects: &effects)
        case .touchDown, .longPress, .secondContact:
            return // a second finger's touch is ignored: the drag stays with the first
        }
        store(d, editing: editing)
    }

    /// The drag in flight (a copy), or nil when none is.
    var currentDrag: Dragging? {
        switch state {
        case .dragging(let r), .batchEditing(.dragging(let r)): r.value
        case .idle, .tracking, .scrolling, .swiping, .open, .keyboardMoving, .menu, .batchEditing(.idle),
             .batchEditing(.tracking), .batchEditing(.scrolling), .batchEditing(.open), .batchEditing(.keyboardMoving):
            nil
        }
    }

    /// Makes `d` the state's drag (batch editing's when `editing`), into
    /// the state's own box when nothing else shares it (a drag frame
    /// allocates nothing).
    mutating func store(_ d: consuming Dragging, editing: Bool) {
        state.store(d, editing: editing)
    }

    /// A tap by another finger during the drag (UIKit's adding to a drag
    /// session): the movable item under it joins the drag and leaves its
    /// slot (gathered into the proxy); the group still lands between the
    /// same neighbours, its gap one item larger, and the delegate is asked
    /// about it again for the new group. A tap on no cell, on an item that
    /// may not move, or on a hidden one (the grabbed item, a companion) does
    /// nothing.
    /// - Complexity: O(log n + k) for k companions.
    private mutating func addToDrag(_ d: inout Dragging, at p: Point, geometry: some CollectionLayout,
                                    effects: inout [EditingEffect]) {
        guard case .cell(let path, let region) = hit(at: p, geometry: geometry) else { return }
        switch region {
        case .content, .gripper: break
        case .deleteControl, .action, .deleteConfirmation, .menuEntry, .menu: return
        }
        guard path != d.source, let item = model.item(at: path), policy.canMove(item, at: path) else { return }
        let at = d.companionPaths.countBelow(path)
        guard at == d.companionPaths.count || d.companionPaths[at] != path else { return }
        d.companionPaths.insert(path, at: at)
        d.companionItems.insert(item, at: at)
        d.regroup()
        effects.append(.dragBegan(item, from: path))
        // A hover "into" is asked about again for the new group on the next move.
        leaveInto(&d, effects: &effects)
        // The group changed under the gap: its landing is asked about again;
        // a veto sends the gap to the grabbed item's own place.
        let approved = d.target == d.source ? d.source : approve(d, proposed: d.target) ?? d.source
        d.lastProposed = d.target
        if approved != d.target {
            d.target = approved
            effects.append(.gapMoved(to: shownGap(d, approved)))
        }
    }

    /// Moves the gap to the proposed target (after the policy's say) and
    /// starts or stops auto-scroll; the caller stores `d`.
    mutating func follow(_ d: inout Dragging, at time: EventTime, geometry: some CollectionLayout,
                         effects: inout [EditingEffect]) {
        track(&d, at: time, geometry: geometry, effects: &effects)
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
        guard let deadline = d.deadline, time >= deadline, let last = d.lastTick else { return }
        let v = autoScrollVelocity(d, geometry: geometry)
        let start = d.rampStart ?? last
        let rampUp = configuration.autoScrollRampUp.secondsDouble
        let seconds = Self.rampedSeconds(Double(time.microseconds(since: start)) / 1_000_000, rampUp: rampUp)
            - Self.rampedSeconds(Double(last.microseconds(since: start)) / 1_000_000, rampUp: rampUp)
        scroll(to: contentOffset + v * seconds, geometry: geometry, effects: &effects)
        d.lastTick = time
        track(&d, at: time, geometry: geometry, effects: &effects)
        if autoScrollVelocity(d, geometry: geometry) != 0 {
            let next = time + configuration.tickInterval
            d.deadline = next
            effects.append(.scheduleTick(at: next))
        } else {
            d.deadline = nil
            d.lastTick = nil
            d.rampStart = nil
        }
    }

    /// Follows the proxy: over the middle band, or the quarter nearest the
    /// gap, of an item that accepts the drop the gap holds still (see
    /// ``hoverInto(_:at:geometry:effects:)``), elsewhere it follows the
    /// geometry's target.
    private mutating func track(_ d: inout Dragging, at time: EventTime, geometry: some CollectionLayout,
                                effects: inout [EditingEffect]) {
        if !hoverInto(&d, at: time, geometry: geometry, effects: &effects) {
            retarget(&d, geometry: geometry, effects: &effects)
        }
    }

    /// The proxy's centre, content coordinates.
    func proxyCenter(_ d: Dragging) -> Point { contentPoint(d.contact) + d.grabOffset }

    /// The layout's view of a drag: the grabbed item's source and gap and
    /// the proxy; for a group, its companions and where it lands (the
    /// layout closes the group up and opens one gap for it there).
    func dragState(_ d: Dragging) -> DragState {
        var into: ItemPath?
        if case .proposed(let path, _)? = d.into { into = path }
        var target = d.target
        if !d.companionPaths.isEmpty { target = groupLanding(d, gap: target) }
        return DragState(source: d.source, target: target, proxyCenter: proxyCenter(d), companions: d.companionPaths,
                         intoTarget: into)
    }

    /// Asks the geometry for the target under the proxy and, when it changed,
    /// the policy for its say.
    /// - Complexity: O(log n), the layout's query, plus O(log k) for a
    ///   group's landing (and the group question when the target changed);
    ///   the presentation it is asked with carries only the drag (all a drop
    ///   target depends on), so a drag frame builds no traits closure and
    ///   copies no selection.
    private func retarget(_ d: inout Dragging, geometry: some CollectionLayout, effects: inout [EditingEffect]) {
        let shown = LayoutPresentation(isEditing: isEditing, drag: dragState(d))
        guard let raw = geometry.dropTarget(at: proxyCenter(d), presentation: shown), !isCovered(raw.section) else { return }
        // A group's drop target is where it lands (see groupGap(_:landing:)).
        let proposal = d.companionPaths.isEmpty ? validTarget(raw, source: d.source) : groupGap(d, landing: raw)
        guard let proposed = proposal, proposed != d.lastProposed else { return }
        d.lastProposed = proposed
        if let approved = approve(d, proposed: proposed), approved != d.target {
            d.target = approved
            effects.append(.gapMoved(to: shownGap(d, approved)))
        }
    }

    /// The delegate's say on the gap at `proposed` (a valid target of the
    /// grabbed item): the approved target, or nil for a veto. A drag of one
    /// item asks ``CollectionDelegate/target(forMoving:from:proposed:)``; a
    /// group asks ``CollectionDelegate/target(forMovingItems:from:proposed:)``
    /// with where the group would land, and a redirect names where it lands.
    /// A place in a section a placeholder covers, or a redirect into one,
    /// is a veto, as for keys and commands.
    func approve(_ d: Dragging, proposed: ItemPath) -> ItemPath? {
        guard !d.companionPaths.isEmpty else {
            switch allowedTarget(d.item, from: d.source, proposed: proposed) {
            case .accept: return proposed
            case .redirect(let path): return validTarget(path, source: d.source)
            case .veto: return nil
            }
        }
        switch policy.target(forMovingItems: d.groupItems, from: d.groupPaths,
                             proposed: groupLanding(d, gap: proposed)) {
        case .accept: return isCovered(proposed.section) ? nil : proposed
        case .redirect(let path): return isCovered(path.section) ? nil : gap(d, landing: path)
        case .veto: return nil
        }
    }

    /// `path` clamped to the after-move range, or nil when its section does not exist.
    /// In the source's section the item may take 0 ..< count; elsewhere 0 ... count.
    func validTarget(_ path: ItemPath, source: ItemPath) -> ItemPath? {
        guard let count = model.numberOfItems(inSection: path.section) else { return nil }
        let last = path.section == source.section ? count - 1 : count
        guard last >= 0 else { return nil }
        return ItemPath(section: path.section, item: min(max(0, path.item), last))
    }

    // MARK: - A group

    /// Where a group lands with the grabbed item's gap at `gap` (an
    /// after-move path counting the companions as if they stayed): the path its first
    /// item takes after the move, counting only the items that stay in
    /// that section (the group lands together, before the first item that
    /// stays after the gap).
    /// - Complexity: O(log k).
    func groupLanding(_ d: Dragging, gap: ItemPath) -> ItemPath {
        let range = companionRange(d, section: gap.section)
        // Companions of the section whose index with the grabbed item left
        // out is below the gap's: they leave from before the gap.
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let mid = (low + high) / 2
            if withoutSource(d.companionPaths[mid], d.source) < gap.item { low = mid + 1 } else { high = mid }
        }
        return ItemPath(section: gap.section, item: gap.item - (low - range.lowerBound))
    }

    /// The gap as `gapMoved` names it and the layout shows it: the
    /// grabbed item's target, or where a group lands.
    func shownGap(_ d: Dragging, _ target: ItemPath) -> ItemPath {
        d.companionPaths.isEmpty ? target : groupLanding(d, gap: target)
    }

    /// The grabbed item's gap for a group's drop target (where the layout
    /// says it lands): the last proposed gap while it still lands there (a
    /// gap next to a companion lands where its neighbour does, and the gap
    /// must not seem to move when the landing did not), else the first gap
    /// that lands it there.
    private func groupGap(_ d: Dragging, landing: ItemPath) -> ItemPath? {
        if groupLanding(d, gap: d.lastProposed) == landing { return d.lastProposed }
        return gap(d, landing: landing)
    }

    /// The grabbed item's gap for a group landing at `landing` (clamped to
    /// the items that stay in its section): the first such gap, before
    /// any companions that sit there. Nil when the section does not exist.
    /// - Complexity: O(k) for the companions of that section.
    func gap(_ d: Dragging, landing: ItemPath) -> ItemPath? {
        guard let count = model.numberOfItems(inSection: landing.section) else { return nil }
        let range = companionRange(d, section: landing.section)
        let staying = count - range.count - (landing.section == d.source.section ? 1 : 0)
        var p = min(max(0, landing.item), max(0, staying))
        for i in range {
            if withoutSource(d.companionPaths[i], d.source) < p { p += 1 } else { break }
        }
        return validTarget(ItemPath(section: landing.section, item: p), source: d.source)
    }

    /// The index of `path` in its section with the grabbed item (at `source`) left out.
    private func withoutSource(_ path: ItemPath, _ source: ItemPath) -> Int {
        path.section == source.section && path.item > source.item ? path.item - 1 : path.item
    }

    /// The companions in `section`: a range of ``Dragging/companionPaths``.
    /// - Complexity: O(log k).
    private func companionRange(_ d: Dragging, section: Int) -> Range<Int> {
        let lower = d.companionPaths.countBelow(ItemPath(section: section, item: Int.min))
        let upper = section == Int.max ? d.companionPaths.count
            : d.companionPaths.countBelow(ItemPath(section: section + 1, item: Int.min))
        return lower..<upper
    }


    // MARK: - The drop

    /// Ends the drag: commits one batch landing every item at the gap, or
    /// nothing when that changes nothing (a drop on its own place).
    private mutating func drop(_ d: Dragging, editing: Bool, at time: EventTime, effects: inout [EditingEffect]) {
        state = restState(editing: editing)
        if case .proposed(let path, let target)? = d.into {
            dropInto(d, target: target, at: path, at: time, effects: &effects)
            return
        }
        let batch: BatchUpdate
        let edit: Edit
        if d.companionPaths.isEmpty {
            guard d.target != d.source else {
                effects.append(.dragEnded(d.item, committed: false))
                return
            }
            batch = BatchUpdate([.moveItem(from: d.source, to: d.target)])
            edit = .move(d.item, from: d.source, to: d.target)
        } else {
            let landing = groupLanding(d, gap: d.target)
            var operations: [BatchUpdate.Operation] = []
            operations.reserveCapacity(d.groupPaths.count)
            var changes = false
            for (j, from) in d.groupPaths.enumerated() {
                let to = ItemPath(section: landing.section, item: landing.item + j)
                if to != from { changes = true }
                operations.append(.moveItem(from: from, to: to))
            }
            guard changes else {
                effects.append(.dragEnded(d.item, committed: false))
                for id in d.companionItems { effects.append(.dragEnded(id, committed: false)) }
                return
            }
            batch = BatchUpdate(operations)
            edit = .moveItems(d.groupItems, from: d.groupPaths, to: landing)
        }
        let before = effects.count
        commit(batch, as: edit, at: time, effects: &effects)
        let committed = effects[before...].contains { if case .committed = $0 { true } else { false } }
        for id in [d.item] + d.companionItems {
            effects.append(committed ? .dragEnded(id, committed: true) : .dragCancelled(id))
        }
    }
}
