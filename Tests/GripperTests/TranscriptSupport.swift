import GripperInput
@testable import GripperEditing

/// A journal entry for a transcript line under test: only the sequence, the
/// edit and (for an app batch) the batch are written.
func journalEntry(_ sequence: Int, _ edit: Edit, batch: BatchUpdate = BatchUpdate([])) -> JournalEntry {
    JournalEntry(sequence: sequence, time: .zero, edit: edit, batch: batch, inverse: BatchUpdate([]))
}
