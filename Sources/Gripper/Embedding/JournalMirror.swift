@_spi(Benchmarks) import GripperEditing
/// Brings the user's edits into an app's own storage (``MirroredStorage``),
/// from the entries each engine call returns: a commit's batch, an undo's
/// inverse, a redo's batch again. The app's own changes are not followed —
/// the app made them in its storage when it applied them — and neither is
/// the app's reload going forward (``/GripperEditing/Edit/reload``: the app
/// replaced its content itself); the user's undo and redo of a reload are.
/// An app batch that moves or reloads sections is the app's like any other:
/// the app moves the section in its storage when the batch applies, and
/// the user's later edits name paths in the model after it.
///
/// Each batch is applied to the storage as single steps: the removals (a
/// delete, a move's source) from the last path up, then the insertions (an
/// insert, a move's destination) from the first path down, which is how a
/// batch's index paths are meant (deletes against the model before, inserts
/// against the model after). A move carries its element; an element the
/// user's edit took away (a delete, a drop into a folder, a swipe's
/// Delete) is kept, so an undo puts the same element back. What is kept is
/// let go when no undo can bring it back: at the app's own change (the
/// user's undo stops there), and when the journal no longer holds the entry.
///
/// An edit applies whole or not at all: every path and every element is
/// checked before the storage changes. When one cannot be followed (a
/// section added or removed by the undo of a reload, an item the mirror
/// never saw, a storage out of step with the model), the mirror throws,
/// changes nothing, and stops following until ``resume()`` — rebuild the
/// storage from ``Engine/model`` first.
///
/// ```swift
/// var mirror = JournalMirror<Message>()
/// let entries = engine.handle(frame)
/// try mirror.follow(entries, journal: engine.journal, into: &inbox)
/// ```
/// ``EngineLoop`` does this after every step.
public struct JournalMirror<Element> {
    /// Why an entry could not be followed; nothing changed in the storage.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The entry adds, removes or moves sections (the undo or redo of a
        /// reload that changed them; a user's edit never moves a section):
        /// rebuild the storage from the model.
        case sectionsChanged(sequence: Int)
        /// The entry inserts an item the mirror did not see leave and the
        /// storage has no element for (``MirroredStorage/element(for:)``).
        case unknownItem(ItemID, sequence: Int)
        /// A path of the entry is not in the storage: the storage is not
        /// the model the entry was made on (changed behind the engine's back).
        case outOfStep(ItemPath, sequence: Int)
        /// An earlier failure stopped the mirror; ``resume()`` after
        /// rebuilding the storage.
        case stopped

        /// The failure in a sentence.
        public var description: String {
            switch self {
            case .sectionsChanged(let s): "journal entry #\(s) adds or removes sections; rebuild the storage from the model"
            case .unknownItem(let id, let s): "journal entry #\(s) inserts item \(id), which the storage has no element for"
            case .outOfStep(let p, let s): "journal entry #\(s) names \(p), which the storage does not hold"
            case .stopped: "the mirror stopped at an entry it could not follow; rebuild the storage and resume"
            }
        }
    }

    /// Elements taken away by the user's edits, by identity, for an undo.
    private var kept: [ItemID: Element] = [:]
    /// Which entry took which kept elements away, oldest first.
    private var keptBy: [(sequence: Int, items: [ItemID])] = []
    /// How many elements are kept for an undo (for tests of the bound).
    package var keptCount: Int { kept.count }
    /// Whether a failure stopped the mirror.
    public private(set) var isStopped = false

    /// A mirror of a storage that holds the engine's model now.
    public init() {}

    /// Follows the user's commits, undos and redos among `entries`, in
    /// order, into `storage`.
    /// - Parameters:
    ///   - entries: what one engine call returned.
    ///   - journal: the engine's journal after the call: what is kept for
    ///     an undo is let go once it holds neither the entry nor its undo.
    ///   - storage: the app's storage, holding the model from before the call.
    /// - Throws: ``Failure``; the entries before the failing one are
    ///   followed, the failing one and those after it are not.
    /// - Complexity: O(1) per entry that is not an edit; an edit costs what
    ///   its k single steps cost the storage, plus O(k log k), plus O(j) for
    ///   the j entries the journal holds (only when something was followed).
    public mutating func follow<Storage: MirroredStorage<Element>>(
        _ entries: [Transcript.Entry], journal: Journal, into storage: inout Storage
    ) throws(Failure) {
        var followed = false
        for entry in entries {
            guard case .effect(let effect) = entry.event else { continue }
            switch effect {
            case .committed(let e):
                // The app's reload is its own change going forward.
                if case .reload = e.edit { continue }
                try apply(e.batch, of: e.sequence, to: &storage)
                followed = true
            case .redone(let e):
                try apply(e.batch, of: e.sequence, to: &storage)
                followed = true
            case .undone(let e):
                try apply(e.inverse, of: e.sequence, to: &storage)
                followed = true
            case .appBatchApplied:
                // The app's change is in its storage already, and the
                // user's undo never reaches past it.
                guard !isStopped else { throw .stopped }
                kept = [:]
                keptBy = []
            default:
                continue
            }
        }
        if followed { letGo(beyond: journal) }
    }

    /// Follows again after a failure, for a storage the app has rebuilt to
    /// hold the engine's model; nothing taken away before is kept.
    public mutating func resume() {
        isStopped = false
        kept = [:]
        keptBy = []
    }

    /// Lets go of the elements kept for entries `journal` no longer holds
    /// (folded into its start, forgotten by a new commit), except those a
    /// later entry it holds took away again.
    /// - Complexity: O(g) for the g groups kept; O(k) for the k elements
    ///   kept when a group goes.
    private mutating func letGo(beyond journal: Journal) {
        guard !keptBy.isEmpty else { return }
        var live = Set(journal.entries.lazy.map(\.sequence))
        live.formUnion(journal.undone.lazy.map(\.sequence))
        var dropped: [ItemID] = []
        keptBy.removeAll { group in
            guard !live.contains(group.sequence) else { return false }
            dropped += group.items
            return true
        }
        guard !dropped.isEmpty else { return }
        // An element an undo put back and a later entry took away again is
        // kept for that entry: only what no entry left holds goes.
        var claimed = Set<ItemID>()
        for group in keptBy { claimed.formUnion(group.items) }
        for id in dropped where !claimed.contains(id) { kept[id] = nil }
    }

    /// One single step of a batch on the storage.
    private enum Removal { case delete, moveSource(Int) }
    private enum Insertion { case insert(ItemID), moveDestination(Int) }

    /// Applies `batch` (of journal entry `sequence`) to `storage` as single
    /// steps, after checking every one.
    private mutating func apply<Storage: MirroredStorage<Element>>(
        _ batch: BatchUpdate, of sequence: Int, to storage: inout Storage
    ) throws(Failure) {
        guard !isStopped else { throw .stopped }
        var removals: [(path: ItemPath, kind: Removal)] = []
        var insertions: [(path: ItemPath, kind: Insertion)] = []
        for (index, operation) in batch.operations.enumerated() {
            switch operation {
            case .deleteItem(let p): removals.append((p, .delete))
            case .insertItem(let id, let p): insertions.append((p, .insert(id)))
            case .moveItem(let from, let to):
                removals.append((from, .moveSource(index)))
                insertions.append((to, .moveDestination(index)))
            case .reloadItem, .reloadSection:
                continue // the same items, the app's to redraw
            case .deleteSection, .insertSection, .moveSection:
                isStopped = true
                throw .sectionsChanged(sequence: sequence)
            }
        }
        removals.sort { $0.path > $1.path }
        insertions.sort { $0.path < $1.path }
        do {
            try check(removals: removals, insertions: insertions, of: sequence, in: storage)
        } catch {
            isStopped = true
            throw error
        }

        var moving: [Int: Element] = [:]
        var taken: [ItemID] = []
        for removal in removals {
            let id = storage.itemID(at: removal.path)
            let element = storage.removeElement(at: removal.path)
            switch removal.kind {
            case .delete:
                kept[id] = element
                taken.append(id)
            case .moveSource(let index):
                moving[index] = element
            }
        }
        for insertion in insertions {
            switch insertion.kind {
            case .insert(let id):
                // Checked above: kept, or the storage's own.
                if let element = kept.removeValue(forKey: id) ?? storage.element(for: id) {
                    storage.insertElement(element, at: insertion.path)
                }
            case .moveDestination(let index):
                if let element = moving.removeValue(forKey: index) {
                    storage.insertElement(element, at: insertion.path)
                }
            }
        }
        // An item taken out and put back by the same batch is not kept.
        taken.removeAll { kept[$0] == nil }
        if !taken.isEmpty { keptBy.append((sequence, taken)) }
    }

    /// Checks that every removal names an item the storage holds and every
    /// insertion a place it has and an element the mirror can give, with
    /// the counts as the steps before leave them.
    private func check<Storage: MirroredStorage<Element>>(
        removals: [(path: ItemPath, kind: Removal)], insertions: [(path: ItemPath, kind: Insertion)],
        of sequence: Int, in storage: Storage
    ) throws(Failure) {
        var counts: [Int: Int] = [:]
        func count(_ section: Int) -> Int? {
            guard section >= 0, section < storage.numberOfSections else { return nil }
            if let c = counts[section] { return c }
            return storage.numberOfItems(inSection: section)
        }
        var leaving = Set<ItemID>()
        for removal in removals {
            // From the last path up: each is still where it was.
            guard let c = count(removal.path.section), removal.path.item >= 0, removal.path.item < c else {
                throw .outOfStep(removal.path, sequence: sequence)
            }
            counts[removal.path.section] = c - 1
            if case .delete = removal.kind { leaving.insert(storage.itemID(at: removal.path)) }
        }
        for insertion in insertions {
            guard let c = count(insertion.path.section), insertion.path.item >= 0, insertion.path.item <= c else {
                throw .outOfStep(insertion.path, sequence: sequence)
            }
            counts[insertion.path.section] = c + 1
            if case .insert(let id) = insertion.kind, kept[id] == nil, !leaving.contains(id),
               storage.element(for: id) == nil {
                throw .unknownItem(id, sequence: sequence)
            }
        }
    }
}

extension JournalMirror: Sendable where Element: Sendable {}
