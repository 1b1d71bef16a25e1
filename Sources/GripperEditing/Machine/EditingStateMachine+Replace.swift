// A change to this machine changes the diagram in Documentation/Editing.md too.
import GripperLayout
import GripperInput

extension EditingStateMachine {
    /// Puts `newModel` in place of the whole content at `time` — the app's
    /// wholesale change, a segment switch — and ends what is in flight, as
    /// a batch that deletes every section would: every item the user was
    /// touching leaves.
    ///
    /// - a drag (and every item it carries), a keyboard move: cancelled
    ///   (`dragCancelled`), nothing committed;
    /// - a swiped or open cell: shut (`swipeShut`); a delete confirmation:
    ///   cancelled (`deleteConfirmationCancelled`); a highlight: gone;
    /// - the selection: emptied (identities are unique over every segment,
    ///   so none of the new content was selected; an app that breaks that
    ///   promise loses the selection of such an item, nothing else);
    /// - the keyboard focus: on the new content's item nearest its place.
    ///
    /// The journal restarts at `newModel` with one app entry
    /// (``Journal/replaceContent(with:as:at:)``): no inverse, so the user's
    /// undo stops there. The caller brings its layout in step (a reload).
    /// `newModel` is taken as it is: the caller checked what opening a
    /// model checks (section identities, counts); item identities are the
    /// data source's promise, checked where an edit meets a repeat.
    /// - Complexity: O(s log s) for the s sections shown before, O(1) per
    ///   thing in flight; never a read of an item's identity beyond those
    ///   in flight.
    package mutating func replaceContent(with newModel: CollectionModel, as replacement: ContentReplacement,
                                         at time: EventTime) -> [EditingEffect] {
        // What leaves: every section shown, as a batch (section operations
        // only, no item read) that the in-flight rules already follow.
        let leaving = BatchUpdate((0..<model.numberOfSections).map { .deleteSection($0) })
        let seen = seenInFlight()
        let heard = keyboard.announces ? announcementContext() : nil
        let entry = journal.replaceContent(with: newModel, as: replacement, at: time)
        var effects: [EditingEffect] = [.appBatchApplied(entry)]
        if !selection.isEmpty {
            selection = []
            selectedPaths = []
            effects.append(.selectionChanged([]))
        }
        rebaseInFlight(BatchUpdate.Rebase(leaving), seen: seen, effects: &effects)
        followFocus(leaving, effects: &effects)
        finishKeyboardStep(&effects, seen: heard)
        return effects
    }
}
