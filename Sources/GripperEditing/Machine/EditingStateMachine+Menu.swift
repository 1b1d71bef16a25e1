// A change to this machine changes the diagram in Documentation/Editing.md too.
import GripperGeometry
import GripperInput
import GripperLayout

extension EditingStateMachine {
    /// A long press at rest: on the content of a cell whose item has menu
    /// entries (``CollectionDelegate/menuActions(for:at:)``), outside batch
    /// editing, it opens the item's menu; otherwise it drags the item when
    /// it may move, as it did before menus.
    /// - Complexity: O(log n), the layout's hit test, plus the delegate's answer.
    mutating func longPressAtRest(at p: Point, editing: Bool, geometry: some CollectionLayout,
                                  effects: inout [EditingEffect]) {
        if !editing, case .cell(let path, .content)? = hit(at: p, geometry: geometry), let item = model.item(at: path) {
            let actions = policy.menuActions(for: item, at: path)
            if !actions.isEmpty {
                openMenu(item, at: path, actions: actions, press: p, selecting: nil, geometry: geometry,
                         effects: &effects)
                return
            }
        }
        beginDragIfMovable(at: p, editing: editing, geometry: geometry, effects: &effects)
    }

    /// The Menu key (or Shift+F10) at rest, outside batch editing: opens
    /// the focused item's menu with its first entry selected; nothing
    /// without a focus, for an item without entries or in a section a
    /// placeholder covers.
    mutating func openMenuForFocus(geometry: some CollectionLayout, effects: inout [EditingEffect]) {
        guard let f = keyboard.focus, model.item(at: f.indexPath) == f.item, !isCovered(f.indexPath.section) else { return }
        let actions = policy.menuActions(for: f.item, at: f.indexPath)
        guard !actions.isEmpty else { return }
        openMenu(f.item, at: f.indexPath, actions: actions, press: nil, selecting: 0, geometry: geometry,
                 effects: &effects)
    }

    private mutating func openMenu(_ item: ItemID, at path: ItemPath, actions: [EditingAction], press: Point?,
                                   selecting selected: Int?, geometry: some CollectionLayout,
                                   effects: inout [EditingEffect]) {
        // A menu holds the content where it is: an animated scroll stops.
        if scroller.isMoving { scroll(to: contentOffset, geometry: geometry, effects: &effects) }
        let menu = Menu(item: item, indexPath: path, entries: Menu.Entries(actions), selected: selected, press: press)
        state = .menu(menu)
        effects.append(.menuOpened(item, actions: actions.map(\.id)))
        if let selected { effects.append(.menuEntrySelected(item, actions[selected].id)) }
    }

    /// What a viewport point hits of the open menu: an entry (its action),
    /// the panel between entries, or nothing of the menu.
    private enum MenuHit: Equatable { case entry(EditingAction), panel }

    private func menuHit(_ m: Menu, at p: Point, geometry: some CollectionLayout) -> MenuHit? {
        switch hit(at: p, geometry: geometry) {
        case .cell(let path, .menuEntry(let id))? where path == m.indexPath:
            return m.actions.first { $0.id == id }.map(MenuHit.entry) ?? .panel
        case .cell(let path, .menu)? where path == m.indexPath:
            return .panel
        case .cell, nil:
            return nil
        }
    }

    /// The menu closes without performing anything.
    private mutating func dismissMenu(_ m: Menu, effects: inout [EditingEffect]) {
        state = .idle
        effects.append(.menuDismissed(m.item))
    }

    /// An open menu: a tap on an entry performs it; a touch or a tap
    /// outside it, a pan from outside it, another finger and the wheel
    /// close it; the finger that opened it lifts the item into a drag once
    /// it moves farther than ``EditingConfiguration/menuDragDistance``, and
    /// lifting it without that leaves the menu open.
    mutating func menu(_ m: Menu, _ input: ContactInput, at time: EventTime, geometry: some CollectionLayout,
                       effects: inout [EditingEffect]) {
        switch input {
        case .touchDown(let p):
            // A touch on the menu is its own (its tap performs an entry);
            // one outside closes it and does nothing else: no highlight,
            // its tap selects nothing, its long press opens nothing (it may
            // still scroll, as a touch that caught a fling).
            guard menuHit(m, at: p, geometry: geometry) == nil else { return }
            dismissMenu(m, effects: &effects)
            state = .tracking(Tracking(location: p, hit: nil, highlighted: nil, caughtScroll: true))
        case .tap(let p):
            switch menuHit(m, at: p, geometry: geometry) {
            case .entry(let action)?:
                state = .idle
                perform(action, on: m.item, path: m.indexPath, at: time, effects: &effects)
            case .panel?:
                break
            case nil:
                dismissMenu(m, effects: &effects)
            }
        case .contactMoved(let p):
            guard let start = m.press else { return }
            let d = p - start
            guard (d.x * d.x + d.y * d.y).squareRoot() > configuration.menuDragDistance,
                  !isCovered(m.indexPath.section), policy.canMove(m.item, at: m.indexPath) else { return }
            // iOS 13: moving from the menu lifts the item. The drag starts
            // where the long press began, so the proxy keeps its grab, and
            // follows the finger at once.
            dismissMenu(m, effects: &effects)
            beginDrag(m.item, at: m.indexPath, contact: start, editing: false, geometry: geometry, effects: &effects)
            handleContact(.contactMoved(p), at: time, geometry: geometry, effects: &effects)
        case .contactLifted:
            var left = m
            left.press = nil
            state = .menu(left)
        case .panBegan(let pan):
            guard menuHit(m, at: pan.location - pan.translation, geometry: geometry) == nil else { return }
            dismissMenu(m, effects: &effects)
            decidePan(pan, editing: false, geometry: geometry, effects: &effects)
        case .secondContact:
            dismissMenu(m, effects: &effects)
        case .scroll(let dy):
            dismissMenu(m, effects: &effects)
            scroll(to: contentOffset + dy, geometry: geometry, effects: &effects)
        case .longPress, .panChanged, .panEnded, .secondTap, .tick:
            break
        }
    }

    /// A key in an open menu: the arrows, Tab and Shift+Tab select an
    /// entry (wrapping around; the first or last when none is selected),
    /// Home and End the first and last; Space or Enter performs the
    /// selected entry (nothing when none is); Escape and the Menu key close it.
    mutating func menuKey(_ m: Menu, _ key: KeyboardInput, at time: EventTime, effects: inout [EditingEffect]) {
        let count = m.actions.count
        func select(_ k: Int) {
            guard k != m.selected else { return }
            var moved = m
            moved.selected = k
            state = .menu(moved)
            effects.append(.menuEntrySelected(m.item, m.actions[k].id))
        }
        switch key {
        case .up, .left, .previous:
            select(m.selected.map { ($0 - 1 + count) % count } ?? count - 1)
        case .down, .right, .next:
            select(m.selected.map { ($0 + 1) % count } ?? 0)
        case .home:
            select(0)
        case .end:
            select(count - 1)
        case .activate:
            guard let k = m.selected else { return }
            state = .idle
            perform(m.actions[k], on: m.item, path: m.indexPath, at: time, effects: &effects)
        case .cancel, .menu:
            dismissMenu(m, effects: &effects)
        }
    }
}
