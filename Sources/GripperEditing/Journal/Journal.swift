import GripperInput

/// The record of committed edits, and the model they produce.
///
/// At every moment ``model`` equals ``start`` with ``entries`` applied in
/// order (`replay()`); the journal is the only way the model changes.
/// Undo takes the last entry off (applying its inverse) and keeps it for
/// redo; a new commit forgets what was undone.
///
/// The app's own changes are entries of their own kind (``Edit/app``,
/// ``JournalEntry/isAppChange``): they count in ``model`` like any entry,
/// but `undo()` never takes one off — undo stops at the latest app entry —
/// and, being commits, they forget what was undone. So the user's undo and
/// redo never cross a change the app made.
///
/// With a ``limit`` the journal keeps the most recent `limit` entries: a
/// commit beyond it folds the oldest entry into ``start`` (which then is the
/// model before the oldest entry kept), so a panel that runs for weeks keeps
/// bounded memory and `limit` levels of undo. Sequence numbers keep counting.
public struct Journal: Hashable, Sendable {
    /// The model before the first entry kept.
    public private(set) var start: CollectionModel
    /// The most entries kept (and levels of undo); nil keeps every entry.
    public var limit: Int? {
        didSet { trim() }
    }
    /// The current model: ``start`` with ``entries`` applied.
    public private(set) var model: CollectionModel
    /// The applied entries, oldest first.
    public private(set) var entries: [JournalEntry] = []
    /// Entries taken off by undo, most recently undone last.
    public private(set) var undone: [JournalEntry] = []
    private var nextSequence = 1

    /// Starts a journal at `model`.
    @_spi(Benchmarks) public init(start model: CollectionModel, limit: Int? = nil) {
        self.start = model
        // The start keeps no identity index: sharing it with the model
        // would make the first commit copy it whole. (It only takes
        // batches known to be valid, or the replay's checks, which read.)
        start.heldIDs = nil
        self.model = model
        self.limit = limit.map { max(0, $0) }
    }

    /// Folds the oldest entries into ``start`` until at most ``limit`` are kept.
    /// - Complexity: O(m) per entry folded for the m items it touches (the
    ///   first fold copies the model once: `start` stops sharing `model`'s storage).
    private mutating func trim() {
        guard let limit else { return }
        let excess = entries.count - max(0, limit)
        guard excess > 0 else { return }
        for entry in entries.prefix(excess) {
            // The batch applied to exactly this model when it was committed.
            try? start.apply(entry.batch, checkingIdentities: false)
        }
        entries.removeFirst(excess)
    }

    /// Commits `batch` as `edit` at `time`: applies it to the model and
    /// appends an entry, or throws and changes nothing. Every commit, the
    /// app's (``Edit/app``) included, forgets what was undone.
    /// An item batch (a move, a delete, an action) is inverted operation by
    /// operation and applied to the model in place; a batch with section
    /// operations (a reload) is inverted by a diff, O(n log n).
    /// - Complexity: that of ``CollectionModel/apply(_:)`` plus O(k) for the
    ///   inverse of k item operations.
    @discardableResult
    @_spi(Benchmarks) public mutating func commit(_ batch: BatchUpdate, as edit: Edit, at time: EventTime) throws(BatchUpdateError) -> JournalEntry {
        let inverse: BatchUpdate
        if let direct = batch.directInverse(before: model) {
            try model.apply(batch)
            inverse = direct
        } else {
            let after = try model.applying(batch)
            inverse = after.diff(to: model)
            model = after
        }
        let entry = JournalEntry(sequence: nextSequence, time: time, edit: edit, batch: batch, inverse: inverse)
        nextSequence += 1
        entries.append(entry)
        undone.removeAll()
        trim()
        return entry
    }

    /// Puts `model` in place of the whole content, as the app's change
    /// `replacement` (``Edit/replaced(_:)``), at `time`, and returns its
    /// entry: a segment switch. There is no batch to apply and no inverse
    /// to keep — reading the old content's identities to invert it would
    /// cost the whole collection — so the journal restarts at `model`:
    /// ``start`` is `model`, and the entry (with empty batches) is the only
    /// one kept. Undo stops at it, as at any app change (the entries before
    /// it could not be undone past it anyway), and what was undone is
    /// forgotten, as by any commit. Sequence numbers keep counting.
    /// - Complexity: O(1) besides releasing the entries dropped.
    @discardableResult
    package mutating func replaceContent(with model: CollectionModel, as replacement: ContentReplacement,
                                        at time: EventTime) -> JournalEntry {
        var start = model
        start.heldIDs = nil
        self.start = start
        self.model = model
        let entry = JournalEntry(sequence: nextSequence, time: time, edit: .replaced(replacement),
                                 batch: BatchUpdate(), inverse: BatchUpdate())
        nextSequence += 1
        entries = [entry]
        undone.removeAll()
        trim()
        return entry
    }

    /// Whether there is an entry to undo: the last entry, unless the app made it.
    public var canUndo: Bool { entries.last.map { !$0.isAppChange } ?? false }
    /// Whether there is an entry to redo.
    public var canRedo: Bool { !undone.isEmpty }

    /// Undoes the last entry and returns it, or nil when there is none or
    /// the app made it (the user's undo stops at an app change).
    /// - Complexity: O(s + m + k log k) for s sections, the m items of the
    ///   sections the inverse touches and its k operations; never a scan of
    ///   every item.
    @discardableResult
    @_spi(Benchmarks) public mutating func undo() -> JournalEntry? {
        guard let entry = entries.last, !entry.isAppChange else { return nil }
        // The inverse was computed on exactly this model, so it applies and
        // brings back only identities this model lacks: no identity scan.
        do { try model.apply(entry.inverse, checkingIdentities: false) } catch { return nil }
        entries.removeLast()
        undone.append(entry)
        return entry
    }

    /// Redoes the last undone entry and returns it, or nil when there is none.
    /// - Complexity: as ``undo()``, for the entry's batch.
    @discardableResult
    package mutating func redo() -> JournalEntry? {
        guard let entry = undone.last else { return nil }
        // The batch applied to exactly this model before: no identity scan.
        do { try model.apply(entry.batch, checkingIdentities: false) } catch { return nil }
        undone.removeLast()
        entries.append(entry)
        return entry
    }

    /// ``start`` with every entry applied again from scratch; equals ``model``
    /// (checked by the tests after every step).
    package func replay() -> Result<CollectionModel, BatchUpdateError> {
        var m = start
        for entry in entries {
            do { try m.apply(entry.batch) } catch { return .failure(error) }
        }
        return .success(m)
    }
}
