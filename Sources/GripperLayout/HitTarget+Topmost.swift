import GripperGeometry

extension HitTarget {
    /// The topmost element at `point` among those `visit` reports, and
    /// inside a cell the control under the point before the cell; the drag
    /// proxy, hidden elements and decorations are never hit, and an app's
    /// own supplementary element above the point takes the touch and is
    /// no target.
    /// - Complexity: O(k) for the k elements visited.
    static func topmost(at point: Point, _ visit: ((LayoutAttributes) -> Void) -> Void) -> HitTarget? {
        var best: LayoutAttributes?
        visit { a in
            guard a.frame.contains(point), !a.isHidden, !a.kind.isDecoration else { return }
            if case .dragProxy = a.kind { return }
            if best.map({ a.zIndex > $0.zIndex }) ?? true { best = a }
        }
        guard let hit = best else { return nil }
        let ip = hit.indexPath ?? ItemPath(section: 0, item: 0)
        switch hit.kind {
        case .globalHeader: return .globalHeader
        case .header: return .header(section: ip.section)
        case .footer: return .footer(section: ip.section)
        case .placeholder: return .placeholder(ip)
        case .action: return hit.actionID.map { .action(ip, id: $0) }
        case .menuEntry: return hit.menuEntry.map { .menuEntry(ip, id: $0.id) } ?? .menu(ip)
        case .menu: return .menu(ip)
        case .cell:
            if let c = hit.editingControls {
                if let r = c.deleteConfirmation, r.contains(point) { return .deleteConfirmation(ip) }
                if let r = c.deleteControl, r.contains(point) { return .deleteControl(ip) }
                if let r = c.gripper, r.contains(point) { return .gripper(ip) }
            }
            return .cell(ip)
        case .sectionBackground, .rowSeparator, .columnSeparator, .dragProxy, .supplementary, .decoration:
            return nil
        }
    }
}
