@_spi(Benchmarks) import GripperEditing
@_spi(Benchmarks) import GripperGestures

/// Turns what the engine's pipeline says — gesture events, editing effects,
/// the engine's own notes — into transcript entries: hands every entry to
/// the caller of the public call that produced it and, when the caller
/// opted in, keeps it in a ``Transcript``.
///
/// Editing effects are wrapped as they are (``Transcript/Event/effect(_:)``),
/// not copied case by case; the recorder's own work is to coalesce a run of
/// scroll steps into one entry at the last step's time (written before the
/// next other entry) and to leave out what is no news (continuous gestures'
/// `changed` events, the machine's tick requests).
struct TranscriptRecorder: Sendable {
    /// Everything recorded so far; empty unless ``keepsTranscript``.
    private(set) var transcript = Transcript()
    /// Whether ``transcript`` keeps the entries (memory grows with what happens).
    let keepsTranscript: Bool
    /// How many entries the recorder has produced, kept or not.
    private(set) var entriesProduced = 0
    /// The latest entry worth a picture (see ``Replay``) and its position
    /// among the entries produced.
    private(set) var lastPictured: (index: Int, entry: Transcript.Entry)?
    /// The entries produced since ``takeEntries()`` last ran.
    private var outbox: [Transcript.Entry] = []
    /// The entries ``takeEntries()`` handed over last: their storage
    /// becomes the next outbox's when the caller has let go of them.
    private var handedOver: [Transcript.Entry] = []
    /// A scroll not written yet: the last of a run, at its time.
    private var pendingScroll: (offset: Int64, value: Double)?

    /// A recorder that keeps a transcript when `keepingTranscript`.
    init(keepingTranscript: Bool) {
        keepsTranscript = keepingTranscript
    }

    /// Records `event` at `offset` microseconds from the origin, after a
    /// pending scroll.
    /// - Complexity: amortized O(1).
    mutating func append(_ event: consuming Transcript.Event, offset: Int64) {
        flushScroll()
        keep(Transcript.Entry(offset: offset, event: event))
    }

    /// Records a gesture event (not a continuous gesture's `changed`: its
    /// effects say what it did).
    /// - Complexity: amortized O(1).
    mutating func record(_ event: GestureEvent, offset: Int64) {
        switch event.gesture {
        case .longPress(.changed, _), .pan(.changed, _, _), .pinch(.changed, _):
            return
        case .touch, .tap, .tapFailed, .longPress, .longPressFailed, .pan, .swipe, .swipeFailed, .scroll, .pinch:
            append(.gesture(event.gesture), offset: offset)
        }
    }

    /// Records one editing effect: a scroll is held back until the next
    /// other entry (so a run of them is written once), a tick request is the
    /// driver's business, everything else is wrapped as it is.
    /// - Complexity: amortized O(1).
    mutating func record(_ effect: EditingEffect, offset: Int64) {
        switch effect {
        case .scrolled(let y):
            pendingScroll = (offset, y)
            return
        case .scheduleTick:
            return
        case .scrollMotionEnded(_, let at, _):
            // The entry says where the content came to rest: a scroll to
            // the same offset before it is no news.
            if pendingScroll?.value == at { pendingScroll = nil }
        case .scrollMotionBegan, .highlight, .selectionChanged, .swipeBegan, .swipeOpened, .swipeShut, .deleteConfirmationOpened,
             .deleteConfirmationCancelled, .dragBegan, .gapMoved, .dragEnded, .dragCancelled, .editingChanged,
             .committed, .undone, .redone, .appBatchApplied, .rejected, .focusChanged, .moveRefused, .announcement,
             .dropTargetChanged, .droppedInto, .menuOpened, .menuEntrySelected, .menuDismissed, .headerTapped:
            break
        }
        append(.effect(effect), offset: offset)
    }

    /// Writes a held-back scroll, if any.
    /// - Complexity: O(1).
    mutating func flushScroll() {
        guard let pending = pendingScroll else { return }
        pendingScroll = nil
        keep(Transcript.Entry(offset: pending.offset, event: .effect(.scrolled(to: pending.value))))
    }

    /// Hands over the entries produced since the last call, and forgets them.
    /// - Complexity: O(e) for the e entries handed over the time before.
    ///   The recorder keeps the array it hands over (shared, not copied) and
    ///   takes the one before back as the next outbox: when the caller has
    ///   let go of it, as a loop that handles each frame's entries and drops
    ///   them does, its storage is emptied in place and reused, so a frame
    ///   allocates nothing; when the caller still holds it, the caller's
    ///   array is left as it was and the outbox gets new storage of the same
    ///   capacity. A call with nothing to hand over allocates nothing. The
    ///   recorder holds at most the entries of the last call that handed
    ///   some over.
    mutating func takeEntries() -> [Transcript.Entry] {
        guard !outbox.isEmpty else { return [] }
        swap(&outbox, &handedOver)
        outbox.removeAll(keepingCapacity: true)
        return handedOver
    }

    /// Records the final sections, when keeping a transcript.
    mutating func finish(with sections: [CollectionSection]) {
        if keepsTranscript { transcript.finish(with: sections) }
    }

    /// Takes `entry` in (consumed: the outbox gets it without a copy when
    /// no transcript keeps it too).
    private mutating func keep(_ entry: consuming Transcript.Entry) {
        if entry.event.isWorthAPicture { lastPictured = (entriesProduced, copy entry) }
        entriesProduced += 1
        if keepsTranscript { transcript.append(copy entry) }
        outbox.append(entry)
    }
}
