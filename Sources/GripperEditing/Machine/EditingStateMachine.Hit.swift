// A change to this machine changes the diagram in Documentation/Editing.md too.
import GripperGeometry
import GripperLayout

/// What lies under a point, in the machine's terms: a cell and the part of it.
enum EditingHit: Hashable, Sendable {
    /// Which part of a cell was hit.
    enum Region: Hashable, Sendable {
        case content
        case deleteControl
        case gripper
        case action(ActionID)
        case deleteConfirmation
        /// An entry of the item's open menu.
        case menuEntry(ActionID)
        /// The item's open menu, between its entries.
        case menu
    }

    case cell(ItemPath, Region)
}

extension EditingStateMachine {
    /// What lies under viewport point `p`, as the layout shows the current
    /// presentation; nothing in a section a placeholder covers.
    /// - Complexity: O(log n + k), the layout's hit test.
    func hit(at p: Point, geometry: some CollectionLayout) -> EditingHit? {
        guard let hit = layoutHit(at: p, geometry: geometry) else { return nil }
        if case .cell(let ip, _) = hit, isCovered(ip.section) { return nil }
        return hit
    }

    private func layoutHit(at p: Point, geometry: some CollectionLayout) -> EditingHit? {
        switch geometry.hitTest(contentPoint(p), presentation: presentation(askingTraits: isEditing, forHitTest: true),
                                  contentOffset: contentOffset) {
        case .cell(let ip): .cell(ip, .content)
        case .action(let ip, let id): .cell(ip, .action(ActionID(id)))
        case .deleteControl(let ip): .cell(ip, .deleteControl)
        case .gripper(let ip): .cell(ip, .gripper)
        case .deleteConfirmation(let ip): .cell(ip, .deleteConfirmation)
        case .menuEntry(let ip, let id): .cell(ip, .menuEntry(ActionID(id)))
        case .menu(let ip): .cell(ip, .menu)
        case .globalHeader, .header, .footer, .placeholder, nil: nil
        }
    }
}
