import GripperEditing
import GripperGeometry
import GripperGestures
import GripperInput
import GripperLayout

/// The whole interaction on one device and one scene: contact tracking →
/// viewport mapping → gesture arena → editing state machine → grid layout,
/// with a transcript of what happened.
///
/// Feed it input frames in time order (``handle(_:)``), outside stimuli
/// (``apply(_:at:)``; the scene's own track fires by itself), the app's
/// batch updates at any moment (`apply(_:at:)` with a ``BatchUpdate``), device loss
/// (``deviceLost(at:)``) and the end of input (``finish()``). Before each
/// later frame it fires every deadline due — the scene's stimuli, the
/// recognizers' timers and the auto-scroll ticks — each at its own time;
/// a live loop calls ``fire(until:)`` at ``nextDeadline``. Nothing here reads
/// a clock or does I/O, so a replay and a live run of the same input give the
/// same ``transcript``, byte for byte.
public struct Engine: Sendable {
    /// The scene the engine runs, when it was opened with
    /// ``init(scene:device:gestures:recordingTranscript:makingTransitions:)``;
    /// nil for an app's data source.
    public private(set) var scene: Scene?
    /// The app's data, as the engine opened it (read lazily; see ``CollectionDataSource``).
    public let dataSource: any CollectionDataSource
    /// The app's rules.
    public var delegate: any CollectionDelegate { machine.policy }
    /// The viewport's size in layout points; input maps onto it.
    public let viewportSize: Size
    /// The layout metrics.
    public let metrics: LayoutMetrics
    /// The track of outside stimuli by time (a scene's; empty for a data
    /// source). It still lives in the engine, which fires it as deadlines.
    public private(set) var stimuli: [Scene.Stimulus] = []
    /// The device the frames come from.
    public let device: DeviceDescription
    private var tracker: ContactTracker
    private var viewport: Viewport
    private var arena: GestureArena
    private var adapter = GestureInputAdapter()
    private(set) var machine: EditingStateMachine
    /// The layout, in step with ``model``.
    public private(set) var layout: GridLayout
    /// What has happened so far, when the engine was created with
    /// `recordingTranscript: true` (a replay, a test, `gripper live`); empty
    /// otherwise, so an engine that runs for weeks keeps flat memory. Every
    /// call that feeds the engine also returns the entries it produced,
    /// recorded or not.
    public private(set) var transcript = Transcript()
    /// Whether ``transcript`` keeps what happened.
    public let recordsTranscript: Bool
    /// The entries produced since the last public call returned.
    private var outbox: [Transcript.Entry] = []
    /// Whether the engine makes an ``EngineTransition`` for every change to
    /// what is shown (see ``takeTransitions()``).
    public let makesTransitions: Bool
    /// What was shown after the last public call (transitions start there).
    var shownBefore: LayoutState?
    /// The index path edits committed since the last public call.
    var transitionEdits: [IndexPathMapping.Edit] = []
    /// Transitions made and not yet taken.
    var pendingTransitions: [EngineTransition] = []
    /// How many transcript entries the engine has produced, recorded or not.
    var entriesProduced = 0
    /// The latest entry worth a picture (see ``Replay``) and its position
    /// among the entries produced.
    var lastPictured: (index: Int, entry: Transcript.Entry)?
    /// The time of the first frame: transcript times and the scene's
    /// stimuli count from it. Nil before the first frame.
    public private(set) var origin: EventTime?
    /// The latest time the engine has seen.
    public private(set) var now: EventTime?
    /// Where the primary contact (or the mouse pointer with a button down)
    /// is, viewport coordinates; nil when nothing is down.
    public private(set) var contactLocation: Point?
    /// Every item the scene defines, by identity (labels for pictures);
    /// empty for a data source.
    public private(set) var items: [ItemID: Scene.Item] = [:]
    private let hasItemHeights: Bool
    private var nextStimulus = 0
    private var pendingScroll: (offset: Int64, value: Double)?
    private var finished = false

    /// Opens an engine at rest on the app's data and rules, for input from
    /// `device`: the model is a lazy view of `dataSource` (see
    /// ``CollectionModel/init(dataSource:)``) and the layout is built from
    /// the sections' counts — and each item's height when the source has
    /// heights of its own.
    ///
    /// ```swift
    /// var engine = try Engine(dataSource: Inbox(messages: messages), delegate: InboxRules(),
    ///                         viewport: Size(width: 390, height: 844), device: panel)
    /// ```
    /// - Throws: ``EngineError`` when the data source contradicts itself
    ///   (a repeated section identity, a negative count) or the layout
    ///   rejects the metrics or a height.
    /// - Parameter recordingTranscript: keep every entry in ``transcript``
    ///   (memory grows with what happens); without it the entries are only
    ///   returned by the calls that produce them.
    /// - Parameter makingTransitions: make an ``EngineTransition`` for every
    ///   change to what is shown (a renderer that animates asks for them with
    ///   ``takeTransitions()``); each costs what is on screen.
    /// - Complexity: O(s) for s sections with fixed row heights; O(n) for n
    ///   items when the source has heights of its own (two answers and one
    ///   `Double` per item).
    public init(dataSource: any CollectionDataSource, delegate: any CollectionDelegate, viewport: Size,
                metrics: LayoutMetrics = LayoutMetrics(), device: DeviceDescription,
                gestures: GestureConfiguration = .default, recordingTranscript: Bool = false,
                makingTransitions: Bool = false) throws(EngineError) {
        self.dataSource = dataSource
        viewportSize = viewport
        self.metrics = metrics
        recordsTranscript = recordingTranscript
        makesTransitions = makingTransitions
        self.device = device
        hasItemHeights = dataSource.hasItemHeights
        let model: CollectionModel
        do { model = try CollectionModel(dataSource: dataSource) } catch { throw .dataSource(error) }
        tracker = ContactTracker(device: device)
        self.viewport = Viewport(device: device, rect: Rect(x: 0, y: 0, width: viewport.width, height: viewport.height))
        arena = GestureArena(configuration: gestures, deviceKind: device.kind)
        machine = EditingStateMachine(model: model, policy: delegate,
                                      configuration: EditingConfiguration(viewportHeight: viewport.height))
        do {
            layout = try Self.makeLayout(model, dataSource: dataSource, metrics: metrics, viewport: viewport,
                                         heights: hasItemHeights)
        } catch {
            throw .layout("\(error)")
        }
        if makingTransitions { shownBefore = shownState }
    }

    /// Creates an engine at rest on `scene` for input from `device`: the
    /// scene's ``SceneDataSource`` and ``ScenePolicy`` opened with
    /// ``init(dataSource:delegate:viewport:metrics:device:gestures:recordingTranscript:makingTransitions:)``,
    /// plus the scene's stimulus track and its item labels for pictures.
    /// - Throws: ``SceneError`` when the scene's model or layout is invalid.
    /// - Parameter recordingTranscript: keep every entry in ``transcript``.
    /// - Parameter makingTransitions: make an ``EngineTransition`` for every
    ///   change to what is shown.
    /// - Complexity: O(n) over the scene's items (it checks their identities).
    public init(scene: Scene, device: DeviceDescription,
                gestures: GestureConfiguration = .default, recordingTranscript: Bool = false,
                makingTransitions: Bool = false) throws(SceneError) {
        _ = try scene.model()
        let items = scene.itemsByID
        do {
            try self.init(dataSource: SceneDataSource(scene: scene, items: items),
                          delegate: ScenePolicy(scene: scene, items: items), viewport: scene.viewport,
                          metrics: scene.metrics, device: device, gestures: gestures,
                          recordingTranscript: recordingTranscript, makingTransitions: makingTransitions)
        } catch {
            switch error {
            case .dataSource(let e): throw SceneError(path: "sections", problem: "\(e)")
            case .layout(let e): throw SceneError(path: "layout", problem: "the layout rejects the scene: \(e)")
            }
        }
        self.scene = scene
        self.items = items
        stimuli = scene.stimuli
    }

    // MARK: - State

    /// The current model.
    public var model: CollectionModel { machine.model }
    /// Every committed edit.
    public var journal: Journal { machine.journal }
    /// The selected items.
    public var selection: Set<ItemID> { machine.selection }
    /// The vertical content offset.
    public var contentOffset: Double { machine.contentOffset }
    /// The editing machine's state name (`idle`, `batchEditing.dragging` …).
    public var stateName: String { machine.stateName }
    /// Whether batch editing is on.
    public var isEditing: Bool { machine.isEditing }
    /// What the layout shows now (editing, selection, swipe, drag …).
    /// - Complexity: O(1) whatever the selection (the editing machine keeps
    ///   the selected index paths in step with the model).
    public var presentation: LayoutPresentation { machine.presentation }

    /// The earliest time at which ``fire(until:)`` has something to do: a
    /// scene stimulus, a recognizer timer or an auto-scroll tick. Nil when
    /// nothing waits (and before the first frame, stimuli wait for it).
    /// - Complexity: O(1).
    public var nextDeadline: EventTime? {
        var best = arena.nextDeadline
        if let t = machine.nextDeadline { best = best.map { min($0, t) } ?? t }
        if let t = stimulusDeadline { best = best.map { min($0, t) } ?? t }
        return best
    }

    /// The next scene stimulus's time: the origin plus its offset, clamped
    /// to the representable range (`EventTime + Duration` never traps).
    private var stimulusDeadline: EventTime? {
        guard let origin, nextStimulus < stimuli.count else { return nil }
        return origin + stimuli[nextStimulus].offset
    }

    // MARK: - Input

    /// Handles one input frame: fires the deadlines due at or before its
    /// time, then tracks, maps and recognizes it and drives the editing
    /// machine with the result. The first frame sets ``origin``.
    /// - Complexity: O(c + log n) for the frame's c contacts and n items; a
    ///   frame that commits an edit adds the commit: O(m) for the m items of
    ///   the sections it touches, O(k × s) for the layout to follow its k
    ///   changes over s sections (a rebuild for a large batch or a reload),
    ///   and O(selected) to carry the selection along (O(n) for a reload).
    /// - Returns: the transcript entries the frame (and the deadlines fired
    ///   before it) produced, recorded or not. `scrolled` entries are
    ///   coalesced: a run of them is reported once, with the next other
    ///   entry; read ``contentOffset`` for the offset of every frame.
    @discardableResult
    public mutating func handle(_ frame: EventFrame) -> [Transcript.Entry] {
        if origin == nil { origin = frame.time }
        fireDue(until: frame.time)
        now = max(now ?? frame.time, frame.time)
        let contacts = viewport.map(tracker.process(frame))
        if let c = contacts.contacts.first(where: { !$0.phase.isFinal }) {
            contactLocation = c.location
        } else {
            contactLocation = nil
        }
        process(arena.handle(contacts))
        return takeOutbox()
    }

    /// Hands over the entries produced since the last public call.
    private mutating func takeOutbox() -> [Transcript.Entry] {
        let out = outbox
        outbox.removeAll(keepingCapacity: true)
        if makesTransitions { makeTransition(for: out) }
        return out
    }

    /// Fires every deadline at or before `time`, each at its own time and in
    /// time order (at one time: stimuli, then recognizer timers, then an
    /// auto-scroll tick).
    /// - Complexity: O(1) per deadline fired, plus the cost of what it does.
    /// - Returns: the transcript entries produced, recorded or not.
    @discardableResult
    public mutating func fire(until time: EventTime) -> [Transcript.Entry] {
        fireDue(until: time)
        return takeOutbox()
    }

    private mutating func fireDue(until time: EventTime) {
        while fireNext(until: time) != nil {}
        if let t = now, time > t { now = time }
    }

    /// Fires the earliest deadline if it is due at or before `time` — one
    /// scene stimulus, the recognizer timers due at that instant, or one
    /// auto-scroll tick — and returns its time (``now`` is then that time);
    /// nil, with nothing done, when none is due. ``fire(until:)`` is this in
    /// a loop; ``Replay`` calls it itself to picture each step at its own time.
    /// - Complexity: O(1) plus the cost of what it does.
    @discardableResult
    mutating func fireNext(until time: EventTime) -> EventTime? {
        guard let deadline = nextDeadline, deadline <= time else { return nil }
        if let s = stimulusDeadline, s == deadline {
            let action = stimuli[nextStimulus].action
            nextStimulus += 1
            applyNow(action, at: s)
        } else if let a = arena.nextDeadline, a == deadline {
            now = max(now ?? a, a)
            process(arena.fire(until: a))
        } else {
            now = max(now ?? deadline, deadline)
            let before = machine.phase
            record(machine.handle(.tick, at: deadline, geometry: layout), at: deadline)
            noteTransition(from: before, at: deadline)
        }
        return deadline
    }

    /// Applies an outside stimulus at `time` (after firing what is due
    /// before it). A stimulus that cancels an interaction in flight also
    /// cancels the gesture, so the rest of that contact is ignored until it lifts.
    /// - Complexity: O(1) for setEditing; O(n) for edits and reloads.
    /// - Returns: the transcript entries produced, recorded or not.
    @discardableResult
    public mutating func apply(_ action: Scene.Stimulus.Action, at time: EventTime) -> [Transcript.Entry] {
        if origin == nil { origin = time }
        fireDue(until: time)
        applyNow(action, at: time)
        return takeOutbox()
    }

    /// Applies a stimulus at `time`, with the deadlines before it already fired.
    private mutating func applyNow(_ action: Scene.Stimulus.Action, at time: EventTime) {
        if now.map({ time > $0 }) ?? true { now = time }
        append(.stimulus(action), at: time)
        let input: EditingInput
        switch action {
        case .setEditing(let on): input = .setEditing(on)
        case .deleteSelected: input = .deleteSelected
        case .reload(let sections):
            guard let newModel = try? Scene.model(of: sections, path: "reload") else {
                append(.rejected("reload: the sections repeat an identity"), at: time)
                return
            }
            input = .reload(newModel)
        case .undo: input = .undo
        case .redo: input = .redo
        case .deviceLost:
            loseDevice(at: time)
            return
        }
        let before = machine.phase
        let effects = machine.handle(input, at: time, geometry: layout)
        record(effects, at: time)
        noteTransition(from: before, at: time)
        if effects.contains(where: Self.cancelsGesture), !arena.isIdle {
            recordGestures(arena.cancel(at: time))
        }
    }

    /// Applies a batch update from the app at `time`, whatever the user is
    /// doing: fires the deadlines due before it (as every call does), then
    /// validates the batch, journals it as an app entry (the user's undo
    /// stops before it), re-bases what is in flight onto the new model and
    /// brings the layout in step.
    ///
    /// A drag in flight goes on (its source and gap re-based, the gap next
    /// to the same neighbour) and is cancelled only when the batch deletes
    /// the dragged item; an open cell shuts, and a delete confirmation is
    /// cancelled, only when its item is deleted; a highlight moves with its
    /// item or goes; the selection follows. See
    /// ``EditingStateMachine/apply(_:at:)`` for the rules. When the batch
    /// ends an interaction (a drag, a swiped or open cell, a confirmation)
    /// the gesture is cancelled too, as for a stimulus, so the rest of that
    /// contact is ignored until it lifts.
    ///
    /// ```swift
    /// var engine = try Engine(scene: scene, device: device)
    /// // … frames: the user is dragging item "b" …
    /// let entries = try engine.apply(BatchUpdate([.insertItem("new", at: IndexPath(section: 0, item: 0))]),
    ///                                at: frame.time)
    /// for entry in entries { print(entry.textLine) }
    /// // 1.200000 appBatch #1 insert new at [0,0]
    /// ```
    ///
    /// - Throws: ``BatchUpdateError`` naming the operation at fault (its
    ///   index and the operation) and the rule it breaks with the index
    ///   path; the model, the journal, the editing state, the gesture and
    ///   the layout are then as they were. Entries of deadlines fired before
    ///   the batch are not lost: the next call returns them.
    /// - Complexity: the journal's commit (O(m) for the m items of the
    ///   sections the batch touches, O(p + k) for the p runs of a large
    ///   section read from the data source; plus the check of the identities
    ///   an inserting batch brings in: one question each to a source that
    ///   locates items, O(n) reads otherwise) and O(k log k) to re-base what is in flight for its
    ///   k operations; the layout follows an item batch at once (O(k log k
    ///   + s) with fixed row heights) and is rebuilt for one with section
    ///   changes.
    /// - Returns: the transcript entries produced, recorded or not: an
    ///   `appBatch` entry, then what it cost (`dragCancelled`, `swipeShut`,
    ///   `selection`, `gapMoved`, a state transition …).
    @discardableResult
    public mutating func apply(_ batch: BatchUpdate, at time: EventTime) throws(BatchUpdateError) -> [Transcript.Entry] {
        if origin == nil { origin = time }
        fireDue(until: time)
        if now.map({ time > $0 }) ?? true { now = time }
        let before = machine.phase
        let effects = try machine.apply(batch, at: time)
        record(effects, at: time)
        noteTransition(from: before, at: time)
        if effects.contains(where: Self.endsInteraction), !arena.isIdle {
            recordGestures(arena.cancel(at: time))
        }
        return takeOutbox()
    }

    /// The input device went away at `time`: what is in flight is cancelled
    /// and contacts still down are forgotten.
    /// - Complexity: O(1) plus the cancellation's effects.
    /// - Returns: the transcript entries produced, recorded or not.
    @discardableResult
    public mutating func deviceLost(at time: EventTime) -> [Transcript.Entry] {
        if origin == nil { origin = time }
        fireDue(until: time)
        loseDevice(at: time)
        return takeOutbox()
    }

    private mutating func loseDevice(at time: EventTime) {
        append(.deviceLost, at: time)
        recordGestures(arena.cancel(at: time))
        tracker = ContactTracker(device: device)
        adapter = GestureInputAdapter()
        contactLocation = nil
        let before = machine.phase
        record(machine.handle(.deviceLost, at: time, geometry: layout), at: time)
        noteTransition(from: before, at: time)
    }

    /// Ends the input: the scene's remaining stimuli fire at their times,
    /// then contacts still down are cancelled, the recognizers' last timers
    /// fire at theirs, and the final sections are recorded. Later calls do nothing.
    /// - Returns: the transcript entries produced, recorded or not (the
    ///   final sections are ``model``'s sections).
    @discardableResult
    public mutating func finish() -> [Transcript.Entry] {
        finish { _ in }
        return takeOutbox()
    }

    /// ``finish()``, handing `step` the engine after each thing it does at
    /// its own time: each deadline fired (a stimulus, a recognizer timer),
    /// and the cancellation of the contacts still down. ``Replay`` pictures
    /// each one.
    /// - Complexity: as ``finish()``, plus `step` once per deadline.
    mutating func finish(afterEach step: (Engine) -> Void) {
        guard !finished else { return }
        finished = true
        // Stimuli after the last frame come first: a recording that stopped
        // because the device went away ends with the scene's deviceLost.
        if let origin, let last = stimuli.last {
            let end = max(origin + last.offset, now ?? origin)
            while fireNext(until: end) != nil { step(self) }
            if let t = now, end > t { now = end }
        }
        if let frame = tracker.finish() {
            while fireNext(until: frame.time) != nil { step(self) }
            process(arena.handle(viewport.map(frame)))
            contactLocation = nil
            step(self)
        }
        contactLocation = nil
        // No contact is followed any more (the frame above lifted the last),
        // so what the arena has left are timers: each at its own time.
        while let d = arena.nextDeadline {
            now = max(now ?? d, d)
            process(arena.fire(until: d))
            step(self)
        }
        process(arena.finish())
        flushScroll()
        if recordsTranscript { transcript.finish(with: model.sections) }
    }

    // MARK: - Plumbing

    private static func cancelsGesture(_ effect: EditingEffect) -> Bool {
        switch effect {
        case .dragCancelled, .swipeShut, .deleteConfirmationCancelled, .highlight(nil): true
        case .highlight, .selectionChanged, .scrolled, .swipeBegan, .swipeOpened, .deleteConfirmationOpened,
             .dragBegan, .gapMoved, .dragEnded, .editingChanged, .committed, .undone, .redone, .appBatchApplied,
             .rejected, .scheduleTick:
            false
        }
    }

    /// Whether an app batch's effect ended an interaction (back to rest).
    /// A dropped highlight does not: the touch is still tracked.
    private static func endsInteraction(_ effect: EditingEffect) -> Bool {
        switch effect {
        case .dragCancelled, .swipeShut, .deleteConfirmationCancelled: true
        case .highlight, .selectionChanged, .scrolled, .swipeBegan, .swipeOpened, .deleteConfirmationOpened,
             .dragBegan, .gapMoved, .dragEnded, .editingChanged, .committed, .undone, .redone, .appBatchApplied,
             .rejected, .scheduleTick:
            false
        }
    }

    private mutating func process(_ events: [GestureEvent]) {
        for event in events {
            if event.state != .changed { append(.gesture(event.kind, event.state, event.location), at: event.time) }
            let before = machine.phase
            for input in adapter.inputs(for: event) {
                record(machine.handle(input, at: event.time, geometry: layout), at: event.time)
            }
            noteTransition(from: before, at: event.time)
        }
    }

    private mutating func recordGestures(_ events: [GestureEvent]) {
        for event in events where event.state != .changed {
            append(.gesture(event.kind, event.state, event.location), at: event.time)
        }
    }

    private mutating func noteTransition(from before: EditingPhase, at time: EventTime) {
        let after = machine.phase
        if after != before { append(.transition(from: before, to: after), at: time) }
    }

    /// Microseconds from ``origin`` to `time`, clamped (a corrupt trace may
    /// hold times far apart; the transcript must not trap on them).
    private func offset(of time: EventTime) -> Int64 {
        time.microseconds(since: origin ?? time)
    }

    private mutating func append(_ event: Transcript.Event, at time: EventTime) {
        flushScroll()
        keep(Transcript.Entry(offset: offset(of: time), event: event))
    }

    /// Hands an entry to the caller's outbox and, when recording, the transcript.
    private mutating func keep(_ entry: Transcript.Entry) {
        if Replay.isWorthy(entry.event) { lastPictured = (entriesProduced, entry) }
        entriesProduced += 1
        outbox.append(entry)
        if recordsTranscript { transcript.append(entry) }
    }

    private mutating func flushScroll() {
        guard let pending = pendingScroll else { return }
        pendingScroll = nil
        keep(Transcript.Entry(offset: pending.offset, event: .scrolled(pending.value)))
    }

    private mutating func record(_ effects: [EditingEffect], at time: EventTime) {
        for effect in effects {
            switch effect {
            case .highlight(let p): append(.highlight(p), at: time)
            case .selectionChanged(let s): append(.selection(s.sorted()), at: time)
            case .scrolled(let y): pendingScroll = (offset(of: time), y)
            case .swipeBegan(let id): append(.swipeBegan(id), at: time)
            case .swipeOpened(let id): append(.swipeOpened(id), at: time)
            case .swipeShut(let id): append(.swipeShut(id), at: time)
            case .deleteConfirmationOpened(let id): append(.deleteConfirmation(id), at: time)
            case .deleteConfirmationCancelled(let id): append(.deleteConfirmationCancelled(id), at: time)
            case .dragBegan(let id, let from): append(.dragBegan(id, from: from), at: time)
            case .gapMoved(let p): append(.gapMoved(p), at: time)
            case .dragEnded(let id, let committed): append(.dragEnded(id, committed: committed), at: time)
            case .dragCancelled(let id): append(.dragCancelled(id), at: time)
            case .editingChanged(let on): append(.editing(on), at: time)
            case .committed(let entry):
                if makesTransitions { transitionEdits += Self.mappingEdits(of: entry.batch) }
                append(.committed(sequence: entry.sequence, entry.edit), at: time)
                relayout(following: entry.batch, at: time)
            case .undone(let entry):
                if makesTransitions { transitionEdits += Self.mappingEdits(of: entry.inverse) }
                append(.undone(sequence: entry.sequence, entry.edit), at: time)
                relayout(following: entry.inverse, at: time)
            case .redone(let entry):
                if makesTransitions { transitionEdits += Self.mappingEdits(of: entry.batch) }
                append(.redone(sequence: entry.sequence, entry.edit), at: time)
                relayout(following: entry.batch, at: time)
            case .appBatchApplied(let entry):
                if makesTransitions { transitionEdits += Self.mappingEdits(of: entry.batch) }
                append(.appBatch(sequence: entry.sequence, entry.batch), at: time)
                relayout(following: entry.batch, at: time)
            case .rejected(let error): append(.rejected("\(error)"), at: time)
            case .scheduleTick: break
            }
        }
    }

    /// Brings the layout in step with the model after `batch` was applied to
    /// it: a batch of item deletes, inserts and moves (a drag's move, a
    /// swipe's delete, their undo, an app's batch) is applied to the layout
    /// at once — O(k log k + sections) for its k operations with fixed row
    /// heights, independent of the item count; anything else rebuilds the
    /// layout from the model.
    /// - Complexity: as ``GridLayout/applyItemChanges(removing:inserting:)``
    ///   for an item batch, else as ``makeLayout``.
    private mutating func relayout(following batch: BatchUpdate, at time: EventTime) {
        if follow(batch) { return }
        relayout(at: time)
    }

    /// Applies `batch`'s item changes to the layout (removals at
    /// before-paths, then insertions at after-paths); false, with the layout
    /// unchanged, when the batch holds section changes or the layout rejects it.
    private mutating func follow(_ batch: BatchUpdate) -> Bool {
        var removals: [IndexPath] = []
        var insertions: [(indexPath: IndexPath, height: Double?)] = []
        let model = machine.model
        for op in batch.operations {
            switch op {
            case .deleteItem(let p): removals.append(p)
            case .insertItem(let id, let q):
                insertions.append((q, hasItemHeights ? dataSource.height(ofItem: id, at: q) ?? metrics.rowHeight : nil))
            case .moveItem(let p, let q):
                removals.append(p)
                guard let id = model.item(at: q) else { return false }
                insertions.append((q, hasItemHeights ? dataSource.height(ofItem: id, at: q) ?? metrics.rowHeight : nil))
            case .reloadItem: continue
            case .deleteSection, .insertSection: return false
            }
        }
        do { try layout.applyItemChanges(removing: removals, inserting: insertions) } catch { return false }
        return true
    }

    /// Rebuilds the layout from the model after a commit.
    private mutating func relayout(at time: EventTime) {
        do {
            layout = try Self.makeLayout(machine.model, dataSource: dataSource, metrics: metrics,
                                         viewport: viewportSize, heights: hasItemHeights)
        } catch {
            append(.rejected("layout: \(error)"), at: time)
        }
    }

    /// The grid layout of `model`: the metrics, each section's columns as
    /// the data source says, and item heights where it has them.
    /// - Complexity: O(s) for s sections, O(n) when the source has item heights.
    static func makeLayout(_ model: CollectionModel, dataSource: any CollectionDataSource, metrics: LayoutMetrics,
                           viewport: Size, heights anyHeights: Bool) throws -> GridLayout {
        var contents: [SectionContent] = []
        contents.reserveCapacity(model.sections.count)
        for (s, section) in model.sections.enumerated() {
            let sectionMetrics = SectionMetrics(columns: dataSource.columns(ofSection: section.id))
            if anyHeights {
                var heights: [Double] = []
                heights.reserveCapacity(section.items.count)
                if section.items.isLazy {
                    // Untouched: asked of the source by its own index paths,
                    // so no identity need be made (a source that changed its
                    // count behind the engine's back gets the row height).
                    let consistent = section.items.isConsistentLazyView
                    for i in 0..<section.items.count {
                        let h = consistent ? section.items.sourceHeight(at: i) ?? nil : nil
                        heights.append(h ?? metrics.rowHeight)
                    }
                } else {
                    for (i, id) in section.items.enumerated() {
                        heights.append(dataSource.height(ofItem: id, at: IndexPath(section: s, item: i)) ?? metrics.rowHeight)
                    }
                }
                contents.append(SectionContent(itemHeights: heights, metrics: sectionMetrics))
            } else {
                contents.append(SectionContent(count: section.items.count, metrics: sectionMetrics))
            }
        }
        return try GridLayout(sections: contents, metrics: metrics, viewport: viewport)
    }
}
