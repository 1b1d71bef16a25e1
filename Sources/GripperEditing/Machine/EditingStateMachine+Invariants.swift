import GripperLayout

extension EditingStateMachine {
    /// What is wrong with the machine's state, if anything; empty when all
    /// holds. For tests and debug checks.
    /// - Parameter modelChecked: the model and the journal are ones an
    ///   earlier call found right; their own checks are skipped (see
    ///   `Engine._invariantViolations(modelChecked:)`).
    /// - Complexity: O(n); O(n · e) for e journal entries unless `modelChecked`.
    package func invariantViolations(modelChecked: Bool = false, replayedFrom checkpoint: JournalCheckpoint? = nil) -> [String] {
        var problems: [String] = []
        let m = model
        if !modelChecked {
            if let error = m.checkInvariants() { problems.append("model: \(error)") }
            if !m.heldIDsAreRight() { problems.append("model: the identity index is not what the sections hold") }
            let sequences = journal.entries.map(\.sequence)
            // The journal replayed onto its start, or only its new entries
            // onto a checkpoint that still stands for its first ones.
            let replayed: CollectionModel?
            if let checkpoint, checkpoint.start == journal.start, checkpoint.sequences.count <= sequences.count,
               sequences.starts(with: checkpoint.sequences) {
                replayed = checkpoint.model.applyingEntries(Array(journal.entries.dropFirst(checkpoint.sequences.count)))
            } else {
                replayed = journal.start.applyingEntries(journal.entries)
            }
            if replayed != m { problems.append("model ≠ start + journal") }
            if sequences != sequences.sorted() || Set(sequences).count != sequences.count {
                problems.append("journal sequence numbers out of order: \(sequences)")
            }
        }
        var paths = Set<ItemPath>()
        for id in selection {
            if let p = m.indexPath(of: id) { paths.insert(p) } else { problems.append("selected \(id) is not in the model") }
        }
        if paths != selectedPaths { problems.append("selected paths \(selectedPaths) ≠ \(paths)") }
        switch state {
        case .idle, .scrolling, .batchEditing(.idle), .batchEditing(.scrolling):
            break
        case .tracking(let t), .batchEditing(.tracking(let t)):
            if let h = t.highlighted, !m.contains(h) { problems.append("highlight \(h) out of range") }
        case .swiping(let sw):
            if m.item(at: sw.setup.indexPath) != sw.setup.item { problems.append("swiped \(sw.setup.item) moved") }
        case .open(let o):
            if m.item(at: o.setup.indexPath) != o.setup.item { problems.append("open \(o.setup.item) moved") }
            if abs(o.offset) != o.setup.geometry(o.offset < 0 ? .trailing : .leading).paneWidth {
                problems.append("open cell not at its pane width")
            }
        case .batchEditing(.open(let c)):
            if m.item(at: c.indexPath) != c.item { problems.append("confirming \(c.item) moved") }
        case .menu(let menu):
            if m.item(at: menu.indexPath) != menu.item { problems.append("menu of \(menu.item) not at \(menu.indexPath)") }
            if menu.actions.isEmpty { problems.append("menu of \(menu.item) without entries") }
            if menu.actions.count != menu.entries.layout.count { problems.append("menu entries and actions differ") }
            if let k = menu.selected, !menu.actions.indices.contains(k) {
                problems.append("menu entry \(k) selected of \(menu.actions.count)")
            }
            if isCovered(menu.indexPath.section) { problems.append("menu of \(menu.item) in a covered section") }
        case .dragging(let r), .batchEditing(.dragging(let r)):
            let d = r.value
            if m.item(at: d.source) != d.item { problems.append("dragged \(d.item) not at its source") }
            if validTarget(d.target, source: d.source) != d.target { problems.append("gap \(d.target) invalid") }
            if d.companionPaths.count != d.companionItems.count { problems.append("companion paths and items differ") }
            for (id, p) in zip(d.companionItems, d.companionPaths) where m.item(at: p) != id {
                problems.append("companion \(id) not at \(p)")
            }
            if zip(d.companionPaths, d.companionPaths.dropFirst()).contains(where: { !($0 < $1) }) {
                problems.append("companions not ascending: \(d.companionPaths)")
            }
            if d.companionPaths.contains(d.source) { problems.append("the grabbed item is its own companion") }
            if let into = d.into {
                if m.item(at: into.path) != into.item { problems.append("into-target \(into.item) not at \(into.path)") }
                if into.path == d.source || d.companionPaths.contains(into.path) {
                    problems.append("into-target \(into.item) is carried")
                }
            }
            var regrouped = d
            regrouped.regroup()
            if regrouped.groupItems != d.groupItems || regrouped.groupPaths != d.groupPaths {
                problems.append("the group's order is stale: \(d.groupItems)")
            }
        case .keyboardMoving(let k), .batchEditing(.keyboardMoving(let k)):
            if m.item(at: k.source) != k.item { problems.append("moved \(k.item) not at its source") }
            if validTarget(k.target, source: k.source) != k.target { problems.append("gap \(k.target) invalid") }
        }
        if let f = keyboard.focus, m.item(at: f.indexPath) != f.item {
            problems.append("focus \(f.item) not at \(f.indexPath)")
        }
        if nextDeadline != nil && draggedItem == nil && !scroller.isMoving {
            problems.append("deadline without a drag or a scroll motion")
        }
        if scroller.isTracking && !holdsScroller { problems.append("the content is held in state \(phase)") }
        if scroller.isMoving && !acceptsProgrammaticScroll {
            problems.append("the content moves by itself in state \(phase)")
        }
        if !contentOffset.isFinite { problems.append("content offset \(contentOffset)") }
        return problems
    }
}

extension CollectionModel {
    /// This model with every entry's batch applied, or nil when one fails.
    func applyingEntries(_ entries: [JournalEntry]) -> CollectionModel? {
        var m = self
        for entry in entries {
            do { try m.apply(entry.batch) } catch { return nil }
        }
        return m
    }
}

/// A journal's start and the sequence numbers of its entries at a moment
/// when its model, `model`, was found to be the start with those entries
/// applied: a later check of the same journal replays only the entries
/// added since (when the start is the same and those entries still lead
/// it), instead of the whole journal, whose cost grows with every entry.
/// For the fuzz targets, which check after every step.
package struct JournalCheckpoint {
    package var model: CollectionModel
    package var start: CollectionModel
    package var sequences: [Int]

    package init(model: CollectionModel, start: CollectionModel, sequences: [Int]) {
        self.model = model
        self.start = start
        self.sequences = sequences
    }
}
