// A change to this machine changes the diagram in Documentation/Editing.md too.
import GripperGeometry
import GripperInput
@_spi(Benchmarks) import GripperLayout

extension EditingStateMachine {
    /// What the keyboard side keeps across states: the focus, and whether
    /// the machine says what happens in words (``Announcement``).
    struct KeyboardContext: Hashable, Sendable {
        var focus: EditingFocus?
        var announces = false
    }

    /// A keyboard move in flight: the item lifted by Space or Enter, its
    /// place and its gap. The layout draws it as a drag (hidden source, gap,
    /// a proxy over the gap).
    struct KeyboardMove: Hashable, Sendable {
        var item: ItemID
        var source: ItemPath
        /// The approved after-move target (the gap).
        var target: ItemPath
        /// The proxy's centre, content coordinates: over the gap.
        var proxyCenter: Point
    }

    /// The keyboard focus, if any.
    /// - Complexity: O(1).
    package var focus: EditingFocus? { keyboard.focus }

    /// Whether the machine adds ``EditingEffect/announcement(_:)`` effects.
    package var announces: Bool {
        get { keyboard.announces }
        set { keyboard.announces = newValue }
    }

    // MARK: - Keys

    /// Handles one key press (already in scroll space) at `time`.
    ///
    /// At rest the arrows, Home and End move the focus and ``KeyboardInput/activate``
    /// lifts the focused item (refused with a reason when it cannot move);
    /// during a keyboard move they move the gap, activate drops and cancel
    /// reverts; in any other state the arrows still move the focus, activate
    /// is refused (``MoveRefusal/busy(_:)``) and cancel cancels what is in
    /// flight (a pointer drag, a swipe, an open cell, a confirmation).
    /// - Complexity: O(c log n) for a step, c the section's columns (the
    ///   layout's queries); a section crossing adds O(c') for the other
    ///   section; a drop costs the commit.
    public mutating func handle(_ key: KeyboardInput, at time: EventTime, geometry: some CollectionLayout) -> [EditingEffect] {
        var effects: [EditingEffect] = []
        let seen = announces ? announcementContext() : nil
        let editing = isEditing
        switch state {
        case .keyboardMoving(let k):
            keyboardMoving(k, key, editing: false, at: time, geometry: geometry, effects: &effects)
        case .batchEditing(.keyboardMoving(let k)):
            keyboardMoving(k, key, editing: true, at: time, geometry: geometry, effects: &effects)
        case .menu(let m):
            menuKey(m, key, at: time, effects: &effects)
        case .idle, .batchEditing(.idle):
            switch key {
            case .activate: lift(editing: editing, geometry: geometry, effects: &effects)
            case .cancel, .next, .previous: break
            case .menu: if !editing { openMenuForFocus(geometry: geometry, effects: &effects) }
            case .up, .down, .left, .right, .home, .end: moveFocus(key, geometry: geometry, effects: &effects)
            }
        case .swiping, .open, .dragging, .batchEditing(.open), .batchEditing(.dragging):
            switch key {
            case .activate: effects.append(.moveRefused(.busy(phase)))
            case .cancel: cancelInFlight(effects: &effects)
            case .menu, .next, .previous: break
            case .up, .down, .left, .right, .home, .end: moveFocus(key, geometry: geometry, effects: &effects)
            }
        case .tracking, .scrolling, .batchEditing(.tracking), .batchEditing(.scrolling):
            // A finger is on the content: Escape leaves it be.
            switch key {
            case .activate: effects.append(.moveRefused(.busy(phase)))
            case .cancel, .menu, .next, .previous: break
            case .up, .down, .left, .right, .home, .end: moveFocus(key, geometry: geometry, effects: &effects)
            }
        }
        finishKeyboardStep(&effects, seen: seen)
        return effects
    }

    /// The focus, when there is one and its item may move; otherwise nil,
    /// with the refusal said.
    private func movableFocus(effects: inout [EditingEffect]) -> EditingFocus? {
        guard let f = validFocus() else {
            effects.append(.moveRefused(.noFocus))
            return nil
        }
        guard !isCovered(f.indexPath.section), policy.canMove(f.item, at: f.indexPath) else {
            effects.append(.moveRefused(.notMovable(f.item)))
            return nil
        }
        return f
    }

    /// Space or Enter at rest: lifts the focused item when it may move.
    private mutating func lift(editing: Bool, geometry: some CollectionLayout, effects: inout [EditingEffect]) {
        guard let f = movableFocus(effects: &effects) else { return }
        // A move holds the content: an animated scroll under way stops.
        if scroller.isMoving { scroll(to: contentOffset, geometry: geometry, effects: &effects) }
        var k = KeyboardMove(item: f.item, source: f.indexPath, target: f.indexPath, proxyCenter: .zero)
        k.proxyCenter = gapCenter(k, geometry: geometry)
        state = editing ? .batchEditing(.keyboardMoving(k)) : .keyboardMoving(k)
        effects.append(.dragBegan(f.item, from: f.indexPath))
    }

    /// A keyboard move: the arrows, Home and End move the gap, activate
    /// drops, cancel reverts.
    private mutating func keyboardMoving(_ k: KeyboardMove, _ key: KeyboardInput, editing: Bool, at time: EventTime,
                                         geometry: some CollectionLayout, effects: inout [EditingEffect]) {
        switch key {
        case .activate:
            dropKeyboardMove(k, editing: editing, at: time, effects: &effects)
        case .cancel:
            cancelInFlight(effects: &effects)
        case .menu, .next, .previous:
            break
        case .up, .down, .left, .right, .home, .end:
            guard let proposed = gapStep(k, key, geometry: geometry) else { return }
            moveGap(k, to: proposed, editing: editing, geometry: geometry, effects: &effects)
        }
    }

    /// Asks the delegate about `proposed` and moves the gap there (or where
    /// it redirects); a veto keeps the gap and is reported.
    private mutating func moveGap(_ k: KeyboardMove, to proposed: ItemPath, editing: Bool,
                                  geometry: some CollectionLayout, effects: inout [EditingEffect]) {
        guard proposed != k.target else { return }
        let approved: ItemPath?
        switch allowedTarget(k.item, from: k.source, proposed: proposed) {
        case .accept: approved = proposed
        case .redirect(let p): approved = validTarget(p, source: k.source)
        case .veto: approved = nil
        }
        guard let approved else {
            effects.append(.moveRefused(.vetoed(k.item, proposed: proposed)))
            return
        }
        guard approved != k.target else { return }
        var moved = k
        moved.target = approved
        // One query for the placeholder: the proxy's centre and what to keep in view.
        let frame = placeholderFrame(moved, geometry: geometry)
        moved.proxyCenter = frame?.center ?? gapCenter(moved, geometry: geometry)
        state = editing ? .batchEditing(.keyboardMoving(moved)) : .keyboardMoving(moved)
        effects.append(.gapMoved(to: approved))
        if let frame { reveal(frame, geometry: geometry, effects: &effects) }
    }

    /// Ends a keyboard move: one move committed at the gap, or nothing for a
    /// drop on its own place.
    private mutating func dropKeyboardMove(_ k: KeyboardMove, editing: Bool, at time: EventTime,
                                           effects: inout [EditingEffect]) {
        state = restState(editing: editing)
        guard k.target != k.source else {
            effects.append(.dragEnded(k.item, committed: false))
            return
        }
        let before = effects.count
        commit(BatchUpdate([.moveItem(from: k.source, to: k.target)]),
               as: .move(k.item, from: k.source, to: k.target), at: time, effects: &effects)
        let committed = effects[before...].contains { if case .committed = $0 { true } else { false } }
        effects.append(committed ? .dragEnded(k.item, committed: true) : .dragCancelled(k.item))
    }

    /// Pointer input during a keyboard move: the wheel scrolls; a touch,
    /// a press, a long-press, a pan start no drag and no swipe.
    mutating func keyboardMovingPointer(_ input: ContactInput, geometry: some CollectionLayout,
                                        effects: inout [EditingEffect]) {
        switch input {
        case .scroll(let dy):
            scroll(to: contentOffset + dy, geometry: geometry, effects: &effects)
        case .touchDown, .tap, .longPress, .contactMoved, .contactLifted, .panBegan, .panChanged, .panEnded,
             .secondContact, .secondTap, .tick:
            break
        }
    }

    // MARK: - Commands

    /// Applies an app's move command at `time`: to the keyboard move in
    /// flight (its gap moves, after the delegate's say), or at rest to the
    /// focused item (one move committed at once). Refused, with the reason
    /// (``EditingEffect/moveRefused(_:)``), in any other state, without a
    /// focus, for an item that cannot move, a vetoed target or a section
    /// that does not exist; a command that lands on the item's own place
    /// does nothing.
    /// - Complexity: O(s) for s sections (positions along the order), plus
    ///   the layout's query for the proxy, plus the commit at rest.
    public mutating func handle(_ command: MoveCommand, at time: EventTime, geometry: some CollectionLayout) -> [EditingEffect] {
        var effects: [EditingEffect] = []
        let seen = announces ? announcementContext() : nil
        switch state {
        case .keyboardMoving(let k):
            commandInFlight(k, command, editing: false, geometry: geometry, effects: &effects)
        case .batchEditing(.keyboardMoving(let k)):
            commandInFlight(k, command, editing: true, geometry: geometry, effects: &effects)
        case .idle, .batchEditing(.idle):
            commandAtRest(command, at: time, effects: &effects)
        case .tracking, .scrolling, .swiping, .open, .dragging, .menu,
             .batchEditing(.tracking), .batchEditing(.scrolling), .batchEditing(.open), .batchEditing(.dragging):
            effects.append(.moveRefused(.busy(phase)))
        }
        finishKeyboardStep(&effects, seen: seen)
        return effects
    }

    private mutating func commandInFlight(_ k: KeyboardMove, _ command: MoveCommand, editing: Bool,
                                          geometry: some CollectionLayout, effects: inout [EditingEffect]) {
        switch commandTarget(command, item: k.item, source: k.source, from: k.target) {
        case .success(let proposed):
            moveGap(k, to: proposed, editing: editing, geometry: geometry, effects: &effects)
        case .failure(let refusal):
            effects.append(.moveRefused(refusal))
        }
    }

    private mutating func commandAtRest(_ command: MoveCommand, at time: EventTime, effects: inout [EditingEffect]) {
        guard let f = movableFocus(effects: &effects) else { return }
        let proposed: ItemPath
        switch commandTarget(command, item: f.item, source: f.indexPath, from: f.indexPath) {
        case .success(let p): proposed = p
        case .failure(let refusal):
            effects.append(.moveRefused(refusal))
            return
        }
        guard proposed != f.indexPath else { return }
        let target: ItemPath
        switch allowedTarget(f.item, from: f.indexPath, proposed: proposed) {
        case .accept: target = proposed
        case .redirect(let p):
            guard let valid = validTarget(p, source: f.indexPath) else { return }
            target = valid
        case .veto:
            effects.append(.moveRefused(.vetoed(f.item, proposed: proposed)))
            return
        }
        guard target != f.indexPath else { return }
        let before = effects.count
        commit(BatchUpdate([.moveItem(from: f.indexPath, to: target)]),
               as: .move(f.item, from: f.indexPath, to: target), at: time, effects: &effects)
        if announces, effects[before...].contains(where: { if case .committed = $0 { true } else { false } }),
           let position = listPosition(target) {
            effects.append(.announcement(.moved(f.item, to: position)))
        }
    }

    /// Where `command` proposes to put `item` (at `source` in the model)
    /// whose gap is now `from`.
    private func commandTarget(_ command: MoveCommand, item: ItemID, source: ItemPath,
                               from: ItemPath) -> Result<ItemPath, MoveRefusal> {
        switch command {
        case .up: .success(slot(byMoving: -1, from: from, source: source))
        case .down: .success(slot(byMoving: 1, from: from, source: source))
        case .by(let n): .success(slot(byMoving: n, from: from, source: source))
        case .toTop: .success(ItemPath(section: from.section, item: 0))
        case .toBottom: .success(ItemPath(section: from.section, item: lastSlot(from.section, source: source)))
        case .toSection(let s):
            s >= 0 && s < model.numberOfSections
                ? .success(ItemPath(section: s, item: lastSlot(s, source: source)))
                : .failure(.noSuchSection(item, s))
        }
    }

    // MARK: - Positions of a gap

    /// The last after-move position in section `s` for an item at `source`:
    /// its count in another section (the end), one less in its own.
    func lastSlot(_ s: Int, source: ItemPath) -> Int {
        let count = model.numberOfItems(inSection: s) ?? 0
        return s == source.section ? count - 1 : count
    }

    /// The position `n` places from `from` along the collection's order
    /// (every section's slots 0 … last in turn), clamped to the first and
    /// the last; no overflow for any `n`.
    /// - Complexity: O(s) for s sections.
    func slot(byMoving n: Int, from: ItemPath, source: ItemPath) -> ItemPath {
        var index = from.item
        var total = 0
        for s in 0..<model.numberOfSections {
            let slots = lastSlot(s, source: source) + 1
            if s < from.section { index += slots }
            total += slots
        }
        let (sum, overflow) = index.addingReportingOverflow(n)
        var wanted = overflow ? (n > 0 ? total - 1 : 0) : min(max(sum, 0), total - 1)
        for s in 0..<model.numberOfSections {
            let slots = lastSlot(s, source: source) + 1
            if wanted < slots { return ItemPath(section: s, item: wanted) }
            wanted -= slots
        }
        return from
    }

    /// The number of items in the first row of section `s` as `geometry`
    /// lays it out (at least 1): a grid's columns; a flow layout's first line.
    /// - Complexity: O(1) for the grid (its metrics); see
    ///   ``CollectionLayout/columnCount(inSection:)``.
    func columns(inSection s: Int, geometry: some CollectionLayout) -> Int {
        max(1, geometry.columnCount(inSection: s))
    }

    /// Where a key puts the gap of `k`, or nil at an edge (nothing happens).
    /// Rows are runs of the section's columns; up and down keep the column,
    /// clamped to the row they reach, and cross into the neighbouring
    /// section (an empty one too: it takes the item at its top).
    private func gapStep(_ k: KeyboardMove, _ key: KeyboardInput, geometry: some CollectionLayout) -> ItemPath? {
        let t = k.target
        let last = lastSlot(t.section, source: k.source)
        let cols = columns(inSection: t.section, geometry: geometry)
        let column = t.item % cols
        switch key {
        case .left:
            return column > 0 ? ItemPath(section: t.section, item: t.item - 1) : nil
        case .right:
            return column < cols - 1 && t.item < last ? ItemPath(section: t.section, item: t.item + 1) : nil
        case .home:
            return ItemPath(section: t.section, item: 0)
        case .end:
            return ItemPath(section: t.section, item: last)
        case .up:
            if t.item >= cols { return ItemPath(section: t.section, item: t.item - cols) }
            guard t.section > 0 else { return nil }
            let s = t.section - 1
            let l = lastSlot(s, source: k.source)
            let c = columns(inSection: s, geometry: geometry)
            return ItemPath(section: s, item: min(l / c * c + min(column, c - 1), l))
        case .down:
            if t.item / cols < last / cols { return ItemPath(section: t.section, item: min(t.item + cols, last)) }
            guard t.section + 1 < model.numberOfSections else { return nil }
            let s = t.section + 1
            let c = columns(inSection: s, geometry: geometry)
            return ItemPath(section: s, item: min(column, c - 1, lastSlot(s, source: k.source)))
        case .activate, .cancel, .menu, .next, .previous:
            return nil
        }
    }

    /// The centre of the gap's placeholder, content coordinates (the source
    /// cell's centre when the layout has none).
    func gapCenter(_ k: KeyboardMove, geometry: some CollectionLayout) -> Point {
        if let frame = placeholderFrame(k, geometry: geometry) { return frame.center }
        return geometry.attributes(for: k.source, presentation: .resting)?.frame.center ?? k.proxyCenter
    }

    /// The frame of the gap's placeholder, content coordinates, if the layout draws one.
    /// - Complexity: O(log n), one layout query.
    private func placeholderFrame(_ k: KeyboardMove, geometry: some CollectionLayout) -> Rect? {
        let shown = LayoutPresentation(isEditing: isEditing,
                                       drag: DragState(source: k.source, target: k.target, proxyCenter: k.proxyCenter))
        return geometry.attributes(for: ElementID(kind: .placeholder, indexPath: k.target), presentation: shown,
                                   contentOffset: contentOffset)?.frame
    }

    /// Scrolls (at once, the least) so `frame` (content coordinates) is in view.
    private mutating func reveal(_ frame: Rect, geometry: some CollectionLayout, effects: inout [EditingEffect]) {
        let height = configuration.viewportHeight
        if frame.minY < contentOffset {
            scroll(to: frame.minY, geometry: geometry, effects: &effects)
        } else if frame.maxY > contentOffset + height {
            scroll(to: frame.maxY - height, geometry: geometry, effects: &effects)
        }
    }

    // MARK: - Focus

    /// The focus, checked against the model: nil when there is none or its
    /// item is not where it says (never, after ``followFocus(_:)``).
    private func validFocus() -> EditingFocus? {
        guard let f = keyboard.focus, model.item(at: f.indexPath) == f.item else { return nil }
        return f
    }

    /// Sets the focus on the item at `indexPath` (nil: none), as the app
    /// asks; a path outside the model is refused (false, nothing changed).
    /// - Complexity: O(log n), the model's lookup.
    package mutating func setFocus(_ indexPath: ItemPath?) -> (accepted: Bool, effects: [EditingEffect]) {
        var effects: [EditingEffect] = []
        guard let indexPath else {
            if keyboard.focus != nil {
                keyboard.focus = nil
                effects.append(.focusChanged(nil))
            }
            return (true, effects)
        }
        guard let item = model.item(at: indexPath) else { return (false, []) }
        focus(EditingFocus(item: item, indexPath: indexPath), effects: &effects)
        return (true, effects)
    }

    private mutating func focus(_ f: EditingFocus, effects: inout [EditingEffect]) {
        guard f != keyboard.focus else { return }
        keyboard.focus = f
        effects.append(.focusChanged(f))
    }

    /// Moves the focus with a key: without a focus any key focuses the
    /// first item (End the last); Home and End go to the collection's first
    /// and last item; the arrows step through the grid (rows keep their
    /// column, across sections; empty sections, and sections a placeholder
    /// covers, are skipped). The focused cell is scrolled into view.
    private mutating func moveFocus(_ key: KeyboardInput, geometry: some CollectionLayout,
                                    effects: inout [EditingEffect]) {
        let target: ItemPath?
        if let f = validFocus() {
            target = focusStep(f.indexPath, key, geometry: geometry)
        } else {
            target = key == .end ? lastItem() : firstItem()
        }
        guard let p = target, let item = model.item(at: p) else { return }
        focus(EditingFocus(item: item, indexPath: p), effects: &effects)
        if let frame = geometry.attributes(for: p, presentation: .resting)?.frame {
            reveal(frame, geometry: geometry, effects: &effects)
        }
    }

    private func firstItem() -> ItemPath? {
        for s in 0..<model.numberOfSections where (model.numberOfItems(inSection: s) ?? 0) > 0 && !isCovered(s) {
            return ItemPath(section: s, item: 0)
        }
        return nil
    }

    private func lastItem() -> ItemPath? {
        for s in (0..<model.numberOfSections).reversed() {
            let count = model.numberOfItems(inSection: s) ?? 0
            if count > 0, !isCovered(s) { return ItemPath(section: s, item: count - 1) }
        }
        return nil
    }

    /// Where a key moves the focus from `p`, or nil at an edge.
    private func focusStep(_ p: ItemPath, _ key: KeyboardInput, geometry: some CollectionLayout) -> ItemPath? {
        let count = model.numberOfItems(inSection: p.section) ?? 0
        let last = count - 1
        let cols = columns(inSection: p.section, geometry: geometry)
        let column = p.item % cols
        switch key {
        case .left: return column > 0 ? ItemPath(section: p.section, item: p.item - 1) : nil
        case .right: return column < cols - 1 && p.item < last ? ItemPath(section: p.section, item: p.item + 1) : nil
        case .home: return firstItem()
        case .end: return lastItem()
        case .up:
            if p.item >= cols { return ItemPath(section: p.section, item: p.item - cols) }
            var s = p.section - 1
            while s >= 0 {
                let n = model.numberOfItems(inSection: s) ?? 0
                if n > 0, !isCovered(s) {
                    let c = columns(inSection: s, geometry: geometry)
                    return ItemPath(section: s, item: min((n - 1) / c * c + min(column, c - 1), n - 1))
                }
                s -= 1
            }
            return nil
        case .down:
            if p.item / cols < last / cols { return ItemPath(section: p.section, item: min(p.item + cols, last)) }
            var s = p.section + 1
            while s < model.numberOfSections {
                let n = model.numberOfItems(inSection: s) ?? 0
                if n > 0, !isCovered(s) {
                    let c = columns(inSection: s, geometry: geometry)
                    return ItemPath(section: s, item: min(column, c - 1, n - 1))
                }
                s += 1
            }
            return nil
        case .activate, .cancel, .menu, .next, .previous: return nil
        }
    }

    /// Keeps the focus on its item after the model changed by `batch`; when
    /// the item went, on the item that took its place (the one now at its
    /// path, the section's last, or the nearest section's), none only in an
    /// empty collection.
    /// - Complexity: O(k log k) for the batch's k operations (nothing
    ///   without a focus); O(s) more when the item went.
    mutating func followFocus(_ batch: BatchUpdate, effects: inout [EditingEffect]) {
        guard let f = keyboard.focus else { return }
        if let p = BatchUpdate.Rebase(batch).indexPath(f.indexPath, item: f.item) {
            keyboard.focus?.indexPath = p
            return
        }
        let replacement = nearestItem(to: f.indexPath)
        keyboard.focus = replacement
        effects.append(.focusChanged(replacement))
    }

    /// The item nearest to `p` in the model: at `p`, the last of its
    /// section, or the first non-empty section's nearest end around it.
    private func nearestItem(to p: ItemPath) -> EditingFocus? {
        let sections = model.numberOfSections
        guard sections > 0 else { return nil }
        let home = min(max(p.section, 0), sections - 1)
        for distance in 0..<sections {
            for s in distance == 0 ? [home] : [home + distance, home - distance] where s >= 0 && s < sections {
                let n = model.numberOfItems(inSection: s) ?? 0
                guard n > 0 else { continue }
                let item = s == home ? min(p.item, n - 1) : (s > home ? 0 : n - 1)
                let path = ItemPath(section: s, item: item)
                if let id = model.item(at: path) { return EditingFocus(item: id, indexPath: path) }
            }
        }
        return nil
    }

    /// After a step: the focus follows every model change of `effects`, and
    /// announcements go in after the effects they tell of.
    mutating func finishKeyboardStep(_ effects: inout [EditingEffect], seen: AnnouncementContext?) {
        if keyboard.focus != nil {
            var extra: [EditingEffect] = []
            for effect in effects {
                switch effect {
                case .committed(let entry), .redone(let entry), .appBatchApplied(let entry):
                    followFocus(entry.batch, effects: &extra)
                case .undone(let entry):
                    followFocus(entry.inverse, effects: &extra)
                case .highlight, .selectionChanged, .scrolled, .swipeBegan, .swipeOpened, .swipeShut,
                     .deleteConfirmationOpened, .deleteConfirmationCancelled, .dragBegan, .gapMoved, .dragEnded,
                     .dragCancelled, .editingChanged, .rejected, .scrollMotionBegan, .scrollMotionEnded,
                     .scheduleTick, .focusChanged, .moveRefused, .announcement, .dropTargetChanged, .droppedInto,
                     .menuOpened, .menuEntrySelected, .menuDismissed, .headerTapped:
                    continue
                }
            }
            effects += extra
        }
        if let seen { announce(&effects, seen: seen) }
    }

    // MARK: - App batches

    /// A keyboard move goes on with its source and gap re-based, or is
    /// cancelled when its item went; the same rules as a drag's (see
    /// ``apply(_:at:)``). The proxy stays where it was until the next step.
    func rebasedKeyboardMove(_ k: KeyboardMove, rebase: BatchUpdate.Rebase, seen: Seen) -> (KeyboardMove?, [EditingEffect]) {
        guard let source = rebase.indexPath(k.source, item: k.item) else { return (nil, [.dragCancelled(k.item)]) }
        var moved = k
        moved.source = source
        let gap = rebaseGap(k.target, neighbours: seen.targetNeighbours, from: k.source, to: source,
                            rebase: rebase, seen: seen)
        var target = gap.path
        let changedSection = rebase.section(k.source.section) != source.section
        if target != source, !gap.kept || changedSection {
            switch allowedTarget(k.item, from: source, proposed: target) {
            case .accept: break
            case .redirect(let p): target = validTarget(p, source: source) ?? source
            case .veto: target = source
            }
        }
        moved.target = target
        let effects: [EditingEffect] = !gap.kept || target != gap.path ? [.gapMoved(to: target)] : []
        return (moved, effects)
    }
}
