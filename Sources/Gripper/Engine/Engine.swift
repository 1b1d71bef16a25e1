@_spi(Benchmarks) import GripperEditing
import GripperGeometry
@_spi(Benchmarks) import GripperGestures
@_spi(Benchmarks) import GripperInput
@_spi(Benchmarks) import GripperLayout

/// The whole interaction on one device and the app's data: contact
/// tracking → viewport mapping → gesture arena → editing state machine →
/// layout (a `GridLayout` by default, or any `CollectionLayout`), with
/// a transcript of what happened.
///
/// Feed it input frames in time order (``handle(_:)``), outside stimuli
/// when they happen (``apply(_:at:)-(Stimulus,_)``), the app's batch
/// updates at any moment (``apply(_:at:)-(BatchUpdate,_)``), device loss
/// (``deviceLost(at:)``) and the end of input (``finish()``). Before each
/// later frame it fires every deadline due — the recognizers' timers and
/// the auto-scroll ticks — each at its own time; a live loop calls
/// ``fire(until:)`` at ``nextDeadline``. A track of stimuli by time (a
/// scene's) is not the engine's: an ``EngineDriver`` runs it. Nothing here
/// reads a clock or does I/O, so a replay and a live run of the same input
/// give the same ``transcript``, byte for byte.
public struct Engine: Sendable {
    /// The app's data, as the engine opened it (read lazily; see `CollectionDataSource`).
    public let dataSource: any CollectionDataSource
    /// The app's rules.
    public var delegate: any CollectionDelegate { machine.policy }
    /// The viewport's size in screen points; input maps onto it (the
    /// layout sees it in scroll space: ``orientation``), and
    /// ``resizeViewport(to:at:)`` changes it.
    public private(set) var viewportSize: Size
    /// The layout metrics (``changeLayout(_:at:)`` changes them).
    public internal(set) var metrics: LayoutMetrics
    /// The device the engine was opened with (``InputDeviceID/first``);
    /// ``devices`` lists every device, ``attach(_:)`` adds one.
    public var device: DeviceDescription { inputs.channels[0].description }
    /// Each input device's contact tracker and viewport mapping, and which
    /// one drives the gesture arena.
    var inputs: InputDevices
    /// How many key events of keyboard devices reached
    /// ``routeKey(code:value:at:)``, and the latest.
    package internal(set) var keysRouted = 0
    /// The Shift keys held (bit 0 KEY_LEFTSHIFT, bit 1 KEY_RIGHTSHIFT), for
    /// Shift+F10 and Shift+Tab; forgotten when an input device goes away.
    var shiftKeys: UInt8 = 0
    package internal(set) var lastKeyRouted: KeyRouted?
    var arena: GestureArena
    private var adapter = GestureInputAdapter()
    /// The editing state machine the gestures drive (its `+Concern` files reach it).
    var machine: EditingStateMachine
    /// Keeps ``layout`` in step with the model after each commit.
    var sync: LayoutSync
    /// Turns what happens into transcript entries.
    private var recorder: TranscriptRecorder
    /// The editing machine's effects of one input, emptied after each with
    /// its capacity kept: a frame's effects allocate nothing.
    private var effectBuffer: [EditingEffect] = []
    /// The layout, in step with ``model``.
    /// - Complexity: O(1).
    public var layout: any CollectionLayout { sync.layout }
    /// How the layout's scroll space maps onto the screen; the engine maps
    /// every input point into scroll space before the editing machine sees it.
    public internal(set) var orientation: LayoutOrientation
    /// What has happened so far, when the engine was created with
    /// `recordingTranscript: true` (a replay, a test, `gripper live`); empty
    /// otherwise, so an engine that runs for weeks keeps flat memory. Every
    /// call that feeds the engine also returns the entries it produced,
    /// recorded or not.
    public var transcript: Transcript { recorder.transcript }
    /// Whether ``transcript`` keeps what happened.
    public var recordsTranscript: Bool { recorder.keepsTranscript }
    /// Whether the engine makes an ``EngineTransition`` for every change to
    /// what is shown (see ``takeTransitions()``).
    public let makesTransitions: Bool
    /// What was shown after the last public call (transitions start there).
    var shownBefore: LayoutState?
    /// What ``takeDisplayChanges()`` last found on screen, in layout order.
    var displayed: [DisplayedElement] = []
    /// The index path edits committed since the last public call.
    var transitionEdits: [ItemPathMapping.Edit] = []
    /// Transitions made and not yet taken.
    var pendingTransitions: [EngineTransition] = []
    /// How many transcript entries the engine has produced, recorded or not.
    package var entriesProduced: Int { recorder.entriesProduced }
    /// The latest entry worth a picture (see
    /// ``Transcript/Event/isWorthAPicture``) and its position among the
    /// entries produced: a replay pictures a step when it made one.
    package var lastPictured: (index: Int, entry: Transcript.Entry)? { recorder.lastPictured }
    /// The time of the first frame (or of the first call that carries a
    /// time): transcript times, and a driver's stimuli, count from it. Nil
    /// before.
    public internal(set) var origin: EventTime?
    /// The latest time the engine has seen.
    public internal(set) var now: EventTime?
    /// Where the primary contact (or the mouse pointer with a button down)
    /// is, viewport coordinates; nil when nothing is down.
    public private(set) var contactLocation: Point?
    private var finished = false
    /// The layout changes a pinch makes (``setPinchLayouts(_:)``); nil: none.
    public internal(set) var pinchLayouts: PinchLayouts?
    /// The app's own layouts a closing and a spreading pinch make instead
    /// (``setPinchLayouts(closingInto:spreadingInto:)``).
    var pinchAppLayouts: (closing: (any CollectionLayout)?, spreading: (any CollectionLayout)?) = (nil, nil)
    /// The layout change a pinch is making now, if one is under way: draw
    /// ``pinchedAttributes()`` while it is.
    public internal(set) var layoutPinch: LayoutPinch?
    /// What the pinch showed when it was let go (viewport coordinates): the
    /// next transition starts there.
    var pinchRelease: [LayoutAttributes]?
    /// The words the engine says what happens in — an `announce` entry
    /// (``SpokenAnnouncement``) after each lift, gap move, drop and
    /// cancellation of a drag or a keyboard move, each refused move, swipe
    /// actions revealed or performed, a batch delete — or nil (the
    /// default) for none. Set it to ``AnnouncementStrings/english`` or the
    /// app's own table; see `Documentation/Announcements.md`.
    public var announcementStrings: AnnouncementStrings? {
        get { announcementTable }
        set {
            // A computed setter, not an observer: it runs from a delegating
            // initializer too (`Engine(scene:device:)`).
            announcementTable = newValue
            machine.announces = newValue != nil
        }
    }
    private var announcementTable: AnnouncementStrings?
    /// The data source's loading machine (see `Engine+Loading.swift`).
    var loading = LoadingStateMachine()
    /// The loading machines of the composed source's children, and their
    /// content held back while any of them loads; made by the first
    /// ``Stimulus/loadingChild(_:_:content:)``.
    var childLoading: LoadingGroup?
    /// The sections a child's no-content or error placeholder covers, as
    /// of the last loading step or content change: what the editing
    /// machine keeps every gesture, key and command off (see
    /// `Engine+Loading.swift`).
    var coveredByChildPlaceholders: [Range<Int>] {
        get { machine.coveredSections }
        set { machine.coveredSections = newValue }
    }

    /// Opens an engine at rest on the app's data and rules, for input from
    /// `device`: the model is a lazy view of `dataSource` (see
    /// `CollectionModel/init(dataSource:)`) and the layout is built from
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
    /// - Parameter dataSource: the app's sections and items, asked lazily.
    /// - Parameter delegate: the app's rules (what may move, be deleted,
    ///   accept a drop …); the defaults where it says nothing.
    /// - Parameter viewport: the viewport's size on screen, in points.
    /// - Parameter metrics: row height, columns, headers and the rest of
    ///   the layout's measures (used when `layout` is nil).
    /// - Parameter layout: the layout to lay the data out with (its
    ///   sections are replaced by the data source's); nil for a
    ///   `GridLayout` of `metrics`. Its viewport must be `viewport` in its
    ///   own scroll space (`LayoutOrientation/scrollSize(_:)`).
    /// - Parameter recordingTranscript: keep every entry in ``transcript``
    ///   (memory grows with what happens); without it the entries are only
    ///   returned by the calls that produce them.
    /// - Parameter makingTransitions: make an ``EngineTransition`` for every
    ///   change to what is shown (a renderer that animates asks for them with
    ///   ``takeTransitions()``); each costs what is on screen.
    /// - Parameter device: the input device the frames come from (its axes
    ///   map onto the viewport).
    /// - Parameter gestures: the recognizers' thresholds.
    /// - Complexity: O(s) for s sections with fixed row heights; O(n) for n
    ///   items when the source has heights of its own (two answers and one
    ///   `Double` per item).
    public init(dataSource: any CollectionDataSource, delegate: any CollectionDelegate, viewport: Size,
                metrics: LayoutMetrics = LayoutMetrics(), layout: (any CollectionLayout)? = nil,
                device: DeviceDescription, gestures: GestureConfiguration = .default, recordingTranscript: Bool = false,
                makingTransitions: Bool = false) throws(EngineError) {
        self.dataSource = dataSource
        viewportSize = viewport
        self.metrics = metrics
        recorder = TranscriptRecorder(keepingTranscript: recordingTranscript)
        makesTransitions = makingTransitions
        let model: CollectionModel
        do { model = try CollectionModel(dataSource: dataSource) } catch { throw .dataSource(error) }
        inputs = InputDevices(device: device, rect: Rect(x: 0, y: 0, width: viewport.width, height: viewport.height))
        arena = GestureArena(configuration: gestures, deviceKind: device.kind)
        let chosen: any CollectionLayout
        do {
            chosen = try layout ?? GridLayout(sections: [], metrics: metrics,
                                              viewport: metrics.orientation.scrollSize(viewport))
        } catch {
            throw .layout("\(error)")
        }
        orientation = chosen.orientation
        let scrollViewport = orientation.scrollSize(viewport)
        guard chosen.viewport == scrollViewport else {
            throw .layout("the layout's viewport \(chosen.viewport) is not the engine's \(scrollViewport) in scroll space")
        }
        machine = EditingStateMachine(model: model, policy: delegate,
                                      configuration: EditingConfiguration(viewportHeight: scrollViewport.height))
        do {
            sync = try LayoutSync(model: model, dataSource: dataSource, metrics: metrics, layout: chosen)
        } catch {
            throw .layout("\(error)")
        }
        if makingTransitions { shownBefore = shownState }
    }

    // MARK: - State

    /// The current model.
    public var model: CollectionModel { machine.model }
    /// Every committed edit.
    public var journal: Journal { machine.journal }
    /// The selected items.
    public var selection: Set<ItemID> { machine.selection }
    /// The vertical content offset: in `0 … content height − viewport
    /// height` at rest; past an end only while a finger holds the content
    /// (rubber band) or it springs back.
    public var contentOffset: Double { machine.contentOffset }
    /// Whether the content moves by itself: a fling, a bounce back, an
    /// animated scroll (each frame is a deadline, see ``nextDeadline``).
    /// - Complexity: O(1).
    public var isScrollMoving: Bool { machine.scroller.isMoving }
    /// The editing machine's state (without its payload): what to compare
    /// and switch on.
    /// - Complexity: O(1).
    public var phase: EditingPhase { machine.phase }
    /// The editing machine's state name (`idle`, `batchEditing.dragging` …),
    /// as the transcript and the pictures print it: ``phase``'s description.
    public var stateName: String { machine.stateName }
    /// Whether batch editing is on.
    public var isEditing: Bool { machine.isEditing }
    /// What the layout shows now (editing, selection, swipe, drag …). The
    /// per-item traits (movable, deletable) are the delegate's answers in
    /// batch editing, where grippers and delete controls show them, and
    /// `.fixed` outside it: the delegate is not asked about every cell shown.
    /// - Complexity: O(1) whatever the selection (the editing machine keeps
    ///   the selected index paths in step with the model).
    public var presentation: LayoutPresentation { machine.presentation }

    /// The earliest time at which ``fire(until:)`` has something to do: a
    /// recognizer timer, an auto-scroll tick or the next frame of a fling,
    /// a bounce or an animated scroll. Nil when nothing waits.
    /// - Complexity: O(1).
    public var nextDeadline: EventTime? {
        var best = arena.nextDeadline
        if let t = machine.nextDeadline { best = best.map { min($0, t) } ?? t }
        return best
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
    ///   entry; read ``contentOffset`` for the offset of every frame. The
    ///   engine takes back the storage of the entries it handed over once
    ///   the caller has let go of them: a loop that handles each frame's
    ///   entries and drops them allocates nothing for them; entries a caller
    ///   keeps stay as they were.
    @discardableResult
    public mutating func handle(_ frame: EventFrame) -> [Transcript.Entry] {
        handle(frame, from: .first)
    }

    /// Hands the arena a frame of contacts (tracked and mapped) of the
    /// device that drives it.
    mutating func handleContacts(_ contacts: ContactFrame) {
        if let c = contacts.contacts.first(where: { !$0.phase.isFinal }) {
            contactLocation = c.location
        } else {
            contactLocation = nil
        }
        process(arena.handle(contacts))
    }

    /// Hands over the entries produced since the last public call (and makes
    /// their transition); ``Replay`` calls it after each deadline it fires
    /// itself, so each picture gets the transition of its own step.
    /// `measured`: the call changed what is shown at that time without an
    /// entry to say so (a measured height).
    package mutating func takeOutbox(measured: EventTime? = nil) -> [Transcript.Entry] {
        let out = recorder.takeEntries()
        if makesTransitions { makeTransition(for: out, measured: measured) }
        return out
    }

    /// Fires every deadline at or before `time`, each at its own time and in
    /// time order (at one time: recognizer timers, then an auto-scroll tick).
    /// - Complexity: O(1) per deadline fired, plus the cost of what it does.
    /// - Returns: the transcript entries produced, recorded or not.
    @discardableResult
    public mutating func fire(until time: EventTime) -> [Transcript.Entry] {
        fireDue(until: time)
        return takeOutbox()
    }

    /// ``fire(until:)`` without handing over the entries: they stay for the
    /// next public call.
    package mutating func fireDue(until time: EventTime) {
        while fireNext(until: time) != nil {}
        if let t = now, time > t { now = time }
    }

    /// Fires the earliest deadline if it is due at or before `time` — the
    /// recognizer timers due at that instant, or one auto-scroll tick — and
    /// returns its time (``now`` is then that time); nil, with nothing done,
    /// when none is due. ``fire(until:)`` is this in a loop; a replay calls
    /// it (through ``EngineDriver``) to picture each step at its own time.
    /// The entries stay for the next public call.
    /// - Complexity: O(1) plus the cost of what it does.
    @discardableResult
    package mutating func fireNext(until time: EventTime) -> EventTime? {
        guard let deadline = nextDeadline, deadline <= time else { return nil }
        if let a = arena.nextDeadline, a == deadline {
            now = max(now ?? a, a)
            process(arena.fire(until: a))
        } else {
            now = max(now ?? deadline, deadline)
            transact(at: deadline) { $0.handle(.contact(.tick), at: deadline, geometry: $1, into: &$2) }
        }
        return deadline
    }

    /// Applies an outside stimulus at `time` (after firing what is due
    /// before it). A stimulus that cancels an interaction in flight also
    /// cancels the gesture, so the rest of that contact is ignored until it lifts.
    /// - Complexity: O(1) for setEditing; O(n) for edits and reloads.
    /// - Returns: the transcript entries produced, recorded or not.
    @discardableResult
    public mutating func apply(_ stimulus: Stimulus, at time: EventTime) -> [Transcript.Entry] {
        if origin == nil { origin = time }
        fireDue(until: time)
        applyDue(stimulus, at: time)
        return takeOutbox()
    }

    /// Applies a stimulus at `time` with the deadlines before it already
    /// fired by the caller (an ``EngineDriver``: at one time its track's
    /// stimuli come before the engine's own deadlines). The first call that
    /// carries a time sets ``origin``. The entries stay for the next public call.
    /// - Complexity: as ``apply(_:at:)-(Stimulus,_)``.
    package mutating func applyDue(_ stimulus: Stimulus, at time: EventTime) {
        if origin == nil { origin = time }
        if now.map({ time > $0 }) ?? true { now = time }
        if case .key(let key) = stimulus {
            // A key on a track is a key press, written as one (Tab only in
            // an open menu, as from a keyboard).
            if key == .tab || key == .shiftTab, machine.phase != .menu { return }
            pressKey(key, repeated: false, at: time)
            return
        }
        if case .batch(let batch) = stimulus {
            // Written as the app's own call writes it; a replay of a
            // recording only holds batches that applied.
            try? applyBatchDue(batch, at: time)
            return
        }
        append(.stimulus(stimulus), at: time)
        let input: EditingInput
        switch stimulus {
        case .setEditing(let on): input = .command(.setEditing(on))
        case .deleteSelected: input = .command(.deleteSelected)
        case .reload(let sections):
            guard let newModel = try? CollectionModel(sections: sections) else {
                append(.rejected("reload: the sections repeat an identity"), at: time)
                return
            }
            input = .command(.reload(newModel))
        case .undo: input = .command(.undo)
        case .redo: input = .command(.redo)
        case .deviceLost:
            loseDevice(at: time)
            return
        case .scroll(let target, let animated):
            scrollDue(to: target, animated: animated, at: time)
            return
        case .resizeViewport(let size):
            resizeDue(to: size, at: time)
            return
        case .key, .batch:
            return // applied above
        case .move(let command):
            moveDue(command, at: time)
            return
        case .focus(let indexPath):
            focusDue(indexPath, at: time)
            return
        case .loading(let event, let content):
            loadDue(event, content: content, at: time)
            return
        case .changeLayout(let change):
            changeLayoutDue(change, at: time)
            return
        case .measured(let measurement):
            measureDue(measurement, at: time)
            return
        case .switchSegment(let index):
            switchSegmentDue(index, at: time)
            return
        case .loadingChild(let key, let event, let content):
            loadChildDue(key, event, content: content, at: time)
            return
        }
        transact(at: time, endedBy: .command) { $0.handle(input, at: time, geometry: $1, into: &$2) }
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
    /// item or goes; the selection follows. A section the batch moves
    /// (`BatchUpdate.Operation.moveSection(from:to:)`) takes what is in
    /// flight in it along — a drag there goes on in the moved section,
    /// between the same neighbours — and keeps its measured heights; one it
    /// reloads (`reloadSection`) keeps its items and places, and its heights,
    /// widths and metrics are asked of the data source again. See
    /// `EditingStateMachine/apply(_:at:)` for the rules. When the batch
    /// ends an interaction (a drag, a swiped or open cell, a confirmation)
    /// the gesture is cancelled too, as for a stimulus, so the rest of that
    /// contact is ignored until it lifts.
    ///
    /// ```swift
    /// var engine = try Engine(dataSource: inbox, delegate: rules, viewport: size, device: device)
    /// // … frames: the user is dragging item "b" …
    /// let entries = try engine.apply(BatchUpdate([.insertItem("new", at: ItemPath(section: 0, item: 0))]),
    ///                                at: frame.time)
    /// for entry in entries { print(entry.textLine) }
    /// // 1.200000 appBatch #1 insert new at [0,0]
    /// ```
    ///
    /// - Throws: `BatchUpdateError` naming the operation at fault (its
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
    ///   changes (O(s) with fixed row heights; O(n) with per-item heights,
    ///   the kept sections' heights copied from the layout).
    /// - Returns: the transcript entries produced, recorded or not: an
    ///   `appBatch` entry, then what it cost (`dragCancelled`, `swipeShut`,
    ///   `selection`, `gapMoved`, a state transition …).
    @discardableResult
    public mutating func apply(_ batch: BatchUpdate, at time: EventTime) throws(BatchUpdateError) -> [Transcript.Entry] {
        if origin == nil { origin = time }
        fireDue(until: time)
        try applyBatchDue(batch, at: time)
        return takeOutbox()
    }

    /// ``apply(_:at:)-(BatchUpdate,_)`` without firing what is due before it
    /// or handing over the entries.
    package mutating func applyBatchDue(_ batch: BatchUpdate, at time: EventTime) throws(BatchUpdateError) {
        if origin == nil { origin = time }
        if now.map({ time > $0 }) ?? true { now = time }
        do {
            try transact(at: time, endedBy: .appChange) { machine, _, effects throws(BatchUpdateError) in
                effects = try machine.apply(batch, at: time)
            }
        } catch {
            // The app hears of it by the error; a source that contradicts
            // itself is also on the record (with the next call's entries).
            if case .dataSource(let problem) = error.reason { noteContradiction(problem, at: time) }
            throw error
        }
    }

    /// The input device went away at `time` — every device, when the engine
    /// has several (``deviceLost(_:at:)`` loses one): what is in flight is
    /// cancelled and contacts still down are forgotten.
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
        inputs.loseAll()
        cancelInFlightForDeviceLoss(at: time)
    }

    /// Cancels the gesture and the interaction in flight after the device
    /// that drove them went away.
    mutating func cancelInFlightForDeviceLoss(at time: EventTime) {
        shiftKeys = 0
        recordGestures(arena.cancel(at: time))
        adapter = GestureInputAdapter()
        contactLocation = nil
        transact(at: time) { $0.handle(.command(.cancelInteraction), at: time, geometry: $1, into: &$2) }
    }

    /// Ends the input: contacts still down are cancelled, the recognizers'
    /// last timers fire at their times, and the final sections are
    /// recorded. Later calls do nothing (but hand over entries not yet
    /// handed over).
    /// - Returns: the transcript entries produced, recorded or not (the
    ///   final sections are ``model``'s sections).
    @discardableResult
    public mutating func finish() -> [Transcript.Entry] {
        finish { _ in }
        return takeOutbox()
    }

    /// ``finish()``, handing `step` the engine after each thing it does at
    /// its own time: each recognizer timer fired, and the cancellation of
    /// the contacts still down. A replay pictures each one. The entries
    /// stay for the next public call.
    /// - Complexity: as ``finish()``, plus `step` once per deadline.
    package mutating func finish(afterEach step: (Engine) -> Void) {
        guard !finished else { return }
        finished = true
        if let frame = inputs.finish() {
            while fireNext(until: frame.time) != nil { step(self) }
            process(arena.handle(frame))
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
        // A fling, a bounce or an animated scroll runs to its end, each
        // frame at its own time (a drag cannot outlive its contact).
        while machine.draggedItem == nil, let d = machine.nextDeadline {
            now = max(now ?? d, d)
            transact(at: d) { $0.handle(.contact(.tick), at: d, geometry: $1, into: &$2) }
            step(self)
        }
        recorder.flushScroll()
        recorder.finish(with: model.sections)
    }

    // MARK: - Plumbing

    /// Who ended an interaction in flight: the user's own command (a key,
    /// a stimulus such as `setEditing`) or a change of the app's (a batch,
    /// a load, a segment switch). For the user's command a dropped
    /// highlight ends it too; for the app's it does not: the touch that
    /// highlighted is still tracked.
    enum Ender { case command, appChange }

    /// Whether `effect` ends the interaction a gesture drives (back to rest),
    /// for `ender`: the one classifier behind ``cancelGesture(ifEnded:by:at:)``.
    private static func endsInteraction(_ effect: EditingEffect, by ender: Ender) -> Bool {
        switch effect {
        case .dragCancelled, .swipeShut, .deleteConfirmationCancelled, .menuDismissed: true
        case .highlight(nil): ender == .command
        case .highlight, .selectionChanged, .scrolled, .swipeBegan, .swipeOpened, .deleteConfirmationOpened,
             .dragBegan, .gapMoved, .dragEnded, .editingChanged, .committed, .undone, .redone, .appBatchApplied,
             .rejected, .scheduleTick, .scrollMotionBegan, .scrollMotionEnded, .focusChanged, .moveRefused,
             .announcement, .dropTargetChanged, .droppedInto, .menuOpened, .menuEntrySelected, .headerTapped:
            false
        }
    }

    /// Cancels the gesture in flight when `effects` ended the interaction
    /// it drove, so the rest of that contact is ignored until it lifts: the
    /// one rule for every entry point where the user's command or the app
    /// ends an interaction (Engine.md).
    mutating func cancelGesture(ifEnded effects: [EditingEffect], by ender: Ender, at time: EventTime) {
        if !arena.isIdle, effects.contains(where: { Self.endsInteraction($0, by: ender) }) {
            recordGestures(arena.cancel(at: time))
        }
    }

    private mutating func process(_ events: [GestureEvent]) {
        for event in events {
            recorder.record(event, offset: offset(of: event.time))
            if case .pinch(let phase, let motion) = event.gesture {
                pinchDue(phase, motion, at: event.time)
                continue
            }
            // A placeholder (no content, error) takes no editing gesture.
            guard let raw = adapter.input(for: event), !showsPlaceholder else { continue }
            let input = scrollSpace(raw)
            transact(at: event.time) { $0.handle(input, at: event.time, geometry: $1, into: &$2) }
            // A tap on the global header's segment control, once the machine took it.
            if case .contact(.tap(let p)) = input { segmentTap(at: p, time: event.time) }
        }
    }

    /// The engine's one calling convention for the editing machine, behind
    /// every entry point: runs `body` on the machine with the layout as it
    /// is (`body` appends the machine's effects to the buffer it is given),
    /// records the effects, notes the state change, and — when `ender` says
    /// who ends interactions here — cancels the gesture in flight if the
    /// effects ended one, so the rest of that contact is ignored until it
    /// lifts (Engine.md). A `body` that throws changes nothing recorded.
    ///
    /// The effects go through ``effectBuffer``, emptied with its capacity
    /// kept: a frame allocates nothing for them.
    /// - Complexity: what `body` costs, plus O(e) for e effects.
    mutating func transact<Failure: Error>(
        at time: EventTime, endedBy ender: Ender? = nil,
        _ body: (inout EditingStateMachine, any CollectionLayout, inout [EditingEffect]) throws(Failure) -> Void
    ) throws(Failure) {
        var effects: [EditingEffect] = []
        swap(&effects, &effectBuffer)
        defer {
            effects.removeAll(keepingCapacity: true)
            swap(&effects, &effectBuffer)
        }
        let before = machine.phase
        try body(&machine, layout, &effects)
        record(effects, at: time)
        noteTransition(from: before, at: time)
        if let ender { cancelGesture(ifEnded: effects, by: ender, at: time) }
    }

    /// Records a request the engine refused; nothing changed.
    mutating func appendRejected(_ why: String, at time: EventTime) {
        append(.rejected(why), at: time)
    }

    /// Moves the contact the engine reports (after a resize remapped it).
    mutating func setContactLocation(_ p: Point) { contactLocation = p }

    /// Where the pointer is, viewport coordinates.
    var pointerLocation: Point { inputs.pointer }

    /// Lays the content out for a viewport of `size` and maps input onto it.
    /// - Throws: what the layout rejects; nothing changes then.
    mutating func resizeLayout(to size: Size) throws {
        try sync.resize(to: orientation.scrollSize(size), model: machine.model)
        viewportSize = size
        inputs.resize(to: size)
    }

    private mutating func recordGestures(_ events: [GestureEvent]) {
        for event in events { recorder.record(event, offset: offset(of: event.time)) }
    }

    mutating func noteTransition(from before: EditingPhase, at time: EventTime) {
        let after = machine.phase
        if after != before { append(.transition(from: before, to: after), at: time) }
    }

    /// Microseconds from ``origin`` to `time`, clamped (a corrupt trace may
    /// hold times far apart; the transcript must not trap on them).
    private func offset(of time: EventTime) -> Int64 {
        time.microseconds(since: origin ?? time)
    }

    mutating func append(_ event: Transcript.Event, at time: EventTime) {
        recorder.append(event, offset: offset(of: time))
    }

    /// Records the editing machine's effects and, for each change to the
    /// model (a commit, an undo, a redo, the app's batch), brings the layout
    /// in step and notes what the transition animates.
    mutating func record(_ effects: [EditingEffect], at time: EventTime) {
        let offset = offset(of: time)
        var contentChanged = false
        defer {
            // The content may have shrunk under the offset: at rest it comes
            // back into range now, not at the next scroll.
            if contentChanged {
                if childLoading != nil { reserveChildPlaceholderRoom(at: time) }
                for effect in machine.contentChanged(geometry: layout) { recorder.record(effect, offset: offset) }
            }
        }
        for effect in effects {
            let batch: BatchUpdate
            switch effect {
            case .committed(let entry), .redone(let entry), .appBatchApplied(let entry): batch = entry.batch
            case .undone(let entry): batch = entry.inverse
            case .rejected(let error):
                // The cause first: the source contradicted itself, so the edit was refused.
                if case .dataSource(let problem) = error.reason { noteContradiction(problem, at: time) }
                recorder.record(effect, offset: offset)
                continue
            case .highlight, .selectionChanged, .scrolled, .swipeBegan, .swipeOpened, .swipeShut,
                 .deleteConfirmationOpened, .deleteConfirmationCancelled, .dragBegan, .gapMoved, .dragEnded,
                 .dragCancelled, .editingChanged, .scheduleTick, .scrollMotionBegan, .scrollMotionEnded,
                 .focusChanged, .moveRefused, .dropTargetChanged, .droppedInto, .menuOpened, .menuEntrySelected,
                 .menuDismissed, .headerTapped:
                recorder.record(effect, offset: offset)
                continue
            case .announcement(let a):
                append(.announcement(spoken(a)), at: time)
                continue
            }
            recorder.record(effect, offset: offset)
            contentChanged = true
            let problems: [LayoutSync.Problem]
            if case .appBatchApplied(let entry) = effect, case .replaced(let r) = entry.edit {
                // The whole content replaced (a segment switch): no batch; rebuilt.
                if makesTransitions { transitionEdits += Self.mappingEdits(replacing: r) }
                problems = sync.reload(machine.model)
            } else {
                if makesTransitions { transitionEdits += Self.mappingEdits(of: batch) }
                problems = sync.follow(batch, model: machine.model)
            }
            for problem in problems {
                switch problem {
                case .layoutRejected(let why): append(.rejected(why), at: time)
                case .dataSource(let error): append(.dataSource(error), at: time)
                }
            }
        }
    }

    /// Records that the data source contradicted itself, once per contradiction.
    private mutating func noteContradiction(_ problem: DataSourceError, at time: EventTime) {
        if sync.firstReport(of: problem) { append(.dataSource(problem), at: time) }
    }

    /// `layout` (nil: a ``GridLayout`` of `metrics`) laid out with `model`
    /// as `dataSource` describes it, as an engine opens it. A scene reader
    /// checks a scene's layouts with it before an engine opens.
    /// - Complexity: O(s) for s sections, O(n) with item heights or widths.
    package static func makeLayout(_ model: CollectionModel, dataSource: any CollectionDataSource, metrics: LayoutMetrics,
                                   viewport: Size, layout: (any CollectionLayout)? = nil) throws -> any CollectionLayout {
        let chosen = try layout ?? GridLayout(sections: [], metrics: metrics,
                                              viewport: metrics.orientation.scrollSize(viewport))
        return try LayoutSync(model: model, dataSource: dataSource, metrics: metrics, layout: chosen).layout
    }
}
