import GripperGeometry
@_spi(Benchmarks) import GripperLayout

extension EditingStateMachine {
    /// What the layout must show now: editing mode, selection, highlight,
    /// the keyboard focus, the swiped or open cell, the delete confirmation,
    /// the drag (hidden source, gap, proxy), and — in batch editing, where
    /// they show as grippers and delete controls — per-item traits from the
    /// policy. Outside batch editing every item is `.fixed`: nothing shows
    /// the traits there, and asking the delegate about every cell on every
    /// frame would cost each paint a thousand delegate calls on a large
    /// grid (UIKit too asks `canMoveItemAt` for the reorder control only).
    /// - Complexity: O(1) in the item count and the selection (the selected
    ///   paths are kept in step with the model and shared, not copied), plus
    ///   the open cell's actions.
    package var presentation: LayoutPresentation { presentation(askingTraits: isEditing) }

    /// The presentation, with the per-item traits asked of the policy only
    /// when `askingTraits` (otherwise every item is `.fixed`). A hit test
    /// outside batch editing passes false: the traits only shape the editing
    /// controls (delete control, gripper), which exist only while editing, so
    /// it need not build the closure nor ask the policy about the cell.
    /// A hit test (`forHitTest`) leaves out the touch's highlight: the
    /// highlight is what an earlier hit test found, not something a later
    /// one may depend on, and it would allocate a set on every touch.
    package func presentation(askingTraits: Bool, forHitTest: Bool = false) -> LayoutPresentation {
        var p: LayoutPresentation
        if askingTraits {
            let model = self.model
            let policy = self.policy
            p = LayoutPresentation(isEditing: isEditing, traits: { path in
                guard let item = model.item(at: path) else { return .fixed }
                return ItemTraits(isMovable: policy.canMove(item, at: path), isDeletable: policy.canEdit(item, at: path))
            })
        } else {
            p = LayoutPresentation(isEditing: isEditing, traits: { _ in .fixed })
        }
        p.selected = selectedPaths
        p.focused = keyboard.focus?.indexPath
        switch state {
        case .idle, .scrolling, .batchEditing(.idle), .batchEditing(.scrolling):
            break
        case .tracking(let t), .batchEditing(.tracking(let t)):
            if !forHitTest, let h = t.highlighted { p.highlighted = [h] }
        case .swiping(let sw):
            p.swipe = swipeState(sw.setup, offset: sw.offset)
        case .open(let o):
            p.swipe = swipeState(o.setup, offset: o.offset)
        case .batchEditing(.open(let c)):
            p.deleteConfirmation = c.indexPath
        case .dragging(let d), .batchEditing(.dragging(let d)):
            p.drag = dragState(d.value)
        case .keyboardMoving(let k), .batchEditing(.keyboardMoving(let k)):
            p.drag = DragState(source: k.source, target: k.target, proxyCenter: k.proxyCenter)
        case .menu(let m):
            p.menu = MenuState(indexPath: m.indexPath, entries: m.entries.layout, selectedEntry: m.selected)
        }
        return p
    }

    private func swipeState(_ setup: SwipeSetup, offset: Double) -> SwipeState {
        SwipeState(indexPath: setup.indexPath, offset: offset,
                   trailingActions: setup.trailingLayout, leadingActions: setup.leadingLayout)
    }

    /// Every item a drag in flight carries, in the order they land; empty
    /// with no drag.
    /// - Complexity: O(1).
    package var draggedItems: [ItemID] {
        switch state {
        case .dragging(let r), .batchEditing(.dragging(let r)): r.value.companionItems.isEmpty ? [r.value.item] : r.value.groupItems
        case .keyboardMoving(let k), .batchEditing(.keyboardMoving(let k)): [k.item]
        case .idle, .tracking, .scrolling, .swiping, .open, .menu,
             .batchEditing(.idle), .batchEditing(.tracking), .batchEditing(.scrolling), .batchEditing(.open):
            []
        }
    }

    /// The item being dragged (the grabbed one), if a drag is in flight.
    package var draggedItem: ItemID? {
        switch state {
        case .dragging(let r), .batchEditing(.dragging(let r)): r.value.item
        case .keyboardMoving(let k), .batchEditing(.keyboardMoving(let k)): k.item
        case .idle, .tracking, .scrolling, .swiping, .open, .menu,
             .batchEditing(.idle), .batchEditing(.tracking), .batchEditing(.scrolling), .batchEditing(.open):
            nil
        }
    }
}
