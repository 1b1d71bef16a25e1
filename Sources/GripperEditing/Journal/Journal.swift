import GripperInput

/// The record of every committed edit, and the model it produces.
///
/// At every moment ``model`` equals ``start`` with ``entries`` applied in
/// order (``replay()``); the journal is the only way the model changes.
/// Undo takes the last entry off (applying its inverse) and keeps it for
/// redo; a new commit forgets what was undone.
public struct Journal: Hashable, Sendable {
    /// The model before the first entry.
    public let start: CollectionModel
    /// The current model: ``start`` with ``entries`` applied.
    public private(set) var model: CollectionModel
    /// The applied entries, oldest first.
    public private(set) var entries: [JournalEntry] = []
    /// Entries taken off by undo, most recently undone last.
    public private(set) var undone: [JournalEntry] = []
    private var nextSequence = 1

    /// Starts a journal at `model`.
    public init(start model: CollectionModel) {
        self.start = model
        self.model = model
    }

    /// Commits `batch` as `edit` at `time`: applies it to the model and
    /// appends an entry, or throws and changes nothing.
    /// An item batch (a move, a delete, an action) is inverted operation by
    /// operation and applied to the model in place; a batch with section
    /// operations (a reload) is inverted by a diff, O(n log n).
    /// - Complexity: that of ``CollectionModel/apply(_:)`` plus O(k) for the
    ///   inverse of k item operations.
    @discardableResult
    public mutating func commit(_ batch: BatchUpdate, as edit: Edit, at time: EventTime) throws(BatchUpdateError) -> JournalEntry {
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
        return entry
    }

    /// Whether there is an entry to undo.
    public var canUndo: Bool { !entries.isEmpty }
    /// Whether there is an entry to redo.
    public var canRedo: Bool { !undone.isEmpty }

    /// Undoes the last entry and returns it, or nil when there is none.
    /// - Complexity: O(s + m + k log k) for s sections, the m items of the
    ///   sections the inverse touches and its k operations; never a scan of
    ///   every item.
    @discardableResult
    public mutating func undo() -> JournalEntry? {
        guard let entry = entries.last else { return nil }
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
    public mutating func redo() -> JournalEntry? {
        guard let entry = undone.last else { return nil }
        // The batch applied to exactly this model before: no identity scan.
        do { try model.apply(entry.batch, checkingIdentities: false) } catch { return nil }
        undone.removeLast()
        entries.append(entry)
        return entry
    }

    /// ``start`` with every entry applied again from scratch; equals ``model``
    /// (checked by the tests after every step).
    public func replay() -> Result<CollectionModel, BatchUpdateError> {
        var m = start
        for entry in entries {
            do { try m.apply(entry.batch) } catch { return .failure(error) }
        }
        return .success(m)
    }
}
