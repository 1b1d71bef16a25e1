@_spi(Benchmarks) import GripperEditing
import GripperGeometry
import GripperLayout

extension Engine {
    /// What is wrong with the engine's state, if anything; empty when all
    /// holds. The editing machine's and the layout's own checks, and the
    /// layout in step with the model: the same sections and item counts, and
    /// while a drag is on exactly one hidden cell per item it carries (the
    /// source and a multi-item drag's companions: the items a query of all
    /// the content leaves out, each carried item among them) and one
    /// placeholder (none otherwise), and the proxy and the gap carry that count. For tests and the fuzz targets (`GripperTesting`'s
    /// `FuzzTarget`), never per frame.
    /// - Parameter modelChecked: the model and the journal are the very ones
    ///   an earlier call found right (a caller that checks after every step
    ///   knows when neither changed): their own checks — the model's, the
    ///   journal replayed onto its start, whose cost grows with the journal —
    ///   are not made again.
    /// - Parameter checkpoint: the journal as an earlier call found it
    ///   right: when the journal has only grown since, only its new entries
    ///   are replayed (onto the checkpoint's model).
    /// - Complexity: O(n) for n items; O(n · e) for e journal entries
    ///   unless `modelChecked` (e: the entries since `checkpoint` when it
    ///   still stands).
    package func _invariantViolations(modelChecked: Bool = false, replayedFrom checkpoint: JournalCheckpoint? = nil) -> [String] {
        var problems = machine.invariantViolations(modelChecked: modelChecked, replayedFrom: checkpoint).map { "machine: \($0)" }
        problems += layout._checkInvariants().map { "layout: \($0)" }
        let model = self.model
        guard layout.numberOfSections == model.numberOfSections,
              model.sections.indices.allSatisfy({ layout.numberOfItems(inSection: $0) == model.sections[$0].items.count })
        else {
            return problems + ["layout (\(layout.numberOfItems) items in \(layout.numberOfSections) sections) out of step with the model (\(model.numberOfItems) in \(model.numberOfSections))"]
        }
        let maxOffset = max(0, layout.contentSize.height - orientation.scrollSize(viewportSize).height)
        if !machine.scroller.isMoving, !machine.scroller.isTracking, !(0...maxOffset).contains(contentOffset) {
            problems.append("content offset \(contentOffset) outside 0…\(maxOffset) at rest")
        }
        let presentation = self.presentation
        let dragging = machine.draggedItem != nil
        if (presentation.drag != nil) != dragging { problems.append("presentation's drag \(String(describing: presentation.drag)) while dragging is \(dragging)") }
        let carried = presentation.drag?.itemCount ?? 0
        if carried != machine.draggedItems.count {
            problems.append("the presentation carries \(carried) items, the drag \(machine.draggedItems.count)")
        }
        // An app's own layout may place elements anywhere: its query spans
        // every finite place (only an empty frame then goes unreturned).
        let appLayout = layoutKind == nil
        let all = appLayout ? Rect(x: -0x1p60, y: -0x1p60, width: 0x1p61, height: 0x1p61)
            : Rect(x: 0, y: -1000, width: layout.viewport.width,  // scroll space
                   height: layout.contentSize(for: presentation).height + 2000)
        let attributes = layout.attributes(in: all, presentation: presentation, contentOffset: contentOffset)
        // Hidden cells: a query of all the content leaves them out, so the
        // items it does not return are the hidden ones — unless an app's own
        // layout gave a cell an empty frame (which no query meets): each item
        // the drag carries must be one of them (then the hidden ones are those).
        var shown = 0
        for a in attributes where a.kind == .cell { shown += 1 }
        var hidden = model.numberOfItems - shown
        if hidden != carried, appLayout {
            // Which items the query left out, and why.
            var returned = Set<ItemPath>()
            for a in attributes where a.kind == .cell { if let p = a.indexPath { returned.insert(p) } }
            hidden = 0
            for (s, section) in model.sections.enumerated() {
                for i in section.items.indices {
                    let p = ItemPath(section: s, item: i)
                    guard !returned.contains(p) else { continue }
                    guard let a = layout.attributes(for: p, presentation: presentation) else {
                        problems.append("no attributes for \(p)")
                        continue
                    }
                    if a.isHidden { hidden += 1 } else if a.frame.intersects(all) {
                        problems.append("the cell at \(p) \(a.frame) meets the content but a query of it leaves it out")
                    }
                }
            }
        }
        if hidden != carried { problems.append("\(hidden) hidden cells while the drag carries \(carried)") }
        for id in machine.draggedItems {
            if let path = model.indexPath(of: id), layout.attributes(for: path, presentation: presentation)?.isHidden != true {
                problems.append("the carried item \(id) at \(path) is not hidden")
            }
        }
        var placeholders = attributes.filter { $0.kind == .placeholder }.count
        if appLayout, dragging, placeholders == 0, let target = presentation.drag?.target,
           let gap = layout.attributes(for: ElementID(kind: .placeholder, indexPath: target), presentation: presentation,
                                       contentOffset: contentOffset), !gap.frame.intersects(all) {
            placeholders = 1   // an app's gap with an empty frame: there, and met by no query
        }
        if placeholders != (dragging ? 1 : 0) { problems.append("\(placeholders) placeholders while dragging is \(dragging)") }
        for a in attributes where (a.kind == .placeholder || a.kind == .dragProxy) && a.dragItemCount != carried {
            problems.append("\(a.kind) shows \(a.dragItemCount) items, the drag carries \(carried)")
        }
        // A drag proposing "into" marks that one cell, an existing item the drag does not carry.
        let marked = attributes.filter { $0.kind == .cell && $0.isDropTarget }.compactMap(\.indexPath)
        if let into = presentation.drag?.intoTarget {
            if into.section >= model.sections.count || into.item >= model.sections[into.section].items.count
                || into.item < 0 {
                problems.append("the into-target \(into) is not in the model")
            }
            if marked != [into] { problems.append("cells \(marked) marked as the drop target, the drag proposes \(into)") }
        } else if !marked.isEmpty {
            problems.append("cells \(marked) marked as the drop target while none is proposed")
        }
        // At most one menu, for an item in the model, never beside a drag;
        // the layout draws it (one panel and an entry for each of its entries).
        let menus = attributes.filter { $0.kind == .menu }
        let entries = attributes.filter { if case .menuEntry = $0.kind { true } else { false } }
        if let menu = presentation.menu {
            if machine.phase != .menu { problems.append("a menu shown in state \(machine.phase)") }
            if presentation.drag != nil { problems.append("a menu and a drag at once") }
            if model.item(at: menu.indexPath) == nil { problems.append("the menu's item \(menu.indexPath) is not in the model") }
            if menus.count != 1 || menus.first?.indexPath != menu.indexPath {
                problems.append("\(menus.count) menus drawn for the menu of \(menu.indexPath)")
            }
            if entries.count != menu.entries.count || entries.contains(where: { $0.indexPath != menu.indexPath }) {
                problems.append("\(entries.count) menu entries drawn for \(menu.entries.count)")
            }
        } else {
            if machine.phase == .menu { problems.append("state menu without a menu shown") }
            if !menus.isEmpty || !entries.isEmpty { problems.append("menu elements drawn without a menu") }
        }
        let swiped = attributes.filter { $0.kind == .cell && $0.swipe != nil }.count
        if swiped > 1 { problems.append("\(swiped) cells swiped open at once") }
        let strays = selection.filter { model.indexPath(of: $0) == nil }
        if !strays.isEmpty { problems.append("selection \(strays) not in the model") }
        if presentation.selected != Set(selection.compactMap { model.indexPath(of: $0) }) {
            problems.append("presentation's selection out of step with the selection")
        }
        return problems
    }
}
