// A change to this machine changes the diagram in Documentation/Editing.md too.
import GripperGeometry
import GripperInput
import GripperLayout

/// The editing interaction: listens to recognized gestures and outside
/// stimuli, takes the app's batch updates at any moment (`apply(_:at:)`),
/// asks the ``CollectionDelegate`` what is allowed, commits edits to the
/// ``Journal`` (and so the ``CollectionModel``), and says what the layout
/// must show (`presentation`).
///
/// States: idle, tracking, scrolling, swiping, open, dragging, keyboard
/// moving, menu (an item's menu open), and batch editing with its own idle, tracking, scrolling, open
/// (delete confirmation), dragging and keyboard moving sub-states; see
/// `Documentation/Editing.md` for the diagram. Keys and the app's move
/// commands come in through ``handle(_:at:geometry:)-(KeyboardInput,_,_)``
/// and ``handle(_:at:geometry:)-(MoveCommand,_,_)``.
/// Time is the events' own: auto-scroll returns a deadline
/// (`nextDeadline`, ``EditingEffect/scheduleTick(at:)``) and the driver
/// sends ``ContactInput/tick`` when it is due.
@_spi(Benchmarks) public struct EditingStateMachine: Sendable {
    /// Internal, not private, only because the transitions live in `+Concern` files.
    var state: State
    /// Every committed edit, and the model they produce.
    package internal(set) var journal: Journal
    /// The selected items (context kept across states).
    package internal(set) var selection: Set<ItemID> = []
    /// Where the selected items are: kept in step with ``selection`` and the
    /// model, so the presentation costs no scan.
    var selectedPaths: Set<ItemPath> = []
    /// The keyboard focus and whether the machine announces (see `+Keyboard`).
    var keyboard = KeyboardContext()
    /// The content offset and how it moves (fling, rubber band, bounce,
    /// animated scroll); see `Documentation/Scrolling.md`.
    package internal(set) var scroller = ScrollStateMachine()
    /// The vertical content offset: in the scrollable range at rest, past
    /// an end only while a finger holds the content or it springs back.
    package var contentOffset: Double { scroller.offset }
    /// The data source's voice.
    package var policy: any CollectionDelegate
    /// The sections a placeholder covers (a composed source's child that
    /// loaded empty or failed; the engine keeps them): no item in them may
    /// be touched, lifted or moved (no hit test finds them, no gap opens in
    /// them, no drop goes into them), and no move by key or command lands
    /// in them.
    package var coveredSections: [Range<Int>] = []

    /// Whether a placeholder covers `section`.
    /// - Complexity: O(c) for c covered spans; O(1) when none.
    @inline(__always) func isCovered(_ section: Int) -> Bool {
        !coveredSections.isEmpty && coveredSections.contains { $0.contains(section) }
    }

    /// The delegate's say on moving `item` to `proposed` (by pointer, key
    /// or command), with a covered section's answer first: a place in a
    /// covered section, or a redirect into one, is a veto.
    func allowedTarget(_ item: ItemID, from source: ItemPath, proposed: ItemPath) -> MoveTarget {
        guard !isCovered(proposed.section) else { return .veto }
        let answer = policy.target(forMoving: item, from: source, proposed: proposed)
        if case .redirect(let p) = answer, isCovered(p.section) { return .veto }
        return answer
    }
    /// Thresholds and viewport size (a new `undoLimit` trims the journal).
    package var configuration: EditingConfiguration {
        didSet { journal.limit = configuration.undoLimit }
    }

    /// Creates a machine at rest on `model`.
    public init(model: CollectionModel, policy: any CollectionDelegate, configuration: EditingConfiguration) {
        self.state = .idle
        self.journal = Journal(start: model, limit: configuration.undoLimit)
        self.policy = policy
        self.configuration = configuration
    }

    /// The current model (the journal's start with its entries applied).
    package var model: CollectionModel { journal.model }

    /// Whether batch editing is on.
    package var isEditing: Bool {
        switch state {
        case .batchEditing: true
        case .idle, .tracking, .scrolling, .swiping, .open, .dragging, .keyboardMoving, .menu: false
        }
    }

    /// When the machine wants a ``ContactInput/tick`` (auto-scroll, or a
    /// frame of a fling, a bounce or an animated scroll), if at all.
    /// - Complexity: O(1).
    package var nextDeadline: EventTime? {
        switch state {
        case .dragging(let d), .batchEditing(.dragging(let d)):
            // Asked several times a frame: no array.
            func earlier(_ a: EventTime?, _ b: EventTime?) -> EventTime? {
                guard let a else { return b }
                guard let b else { return a }
                return min(a, b)
            }
            return earlier(earlier(d.value.deadline, d.value.dwellDeadline), scroller.nextDeadline)
        case .idle, .tracking, .scrolling, .swiping, .open, .keyboardMoving, .menu,
             .batchEditing(.idle), .batchEditing(.tracking), .batchEditing(.scrolling), .batchEditing(.open),
             .batchEditing(.keyboardMoving):
            return scroller.nextDeadline
        }
    }

    /// The state's name, for transcripts and tests (`idle`, `swiping`, `batchEditing.dragging` …).
    package var stateName: String { phase.rawValue }

    /// The state without its payload: what the transcript's `state` entries
    /// and the diagrams in `Documentation/Editing.md` name.
    /// - Complexity: O(1).
    package var phase: EditingPhase {
        switch state {
        case .idle: .idle
        case .tracking: .tracking
        case .scrolling: .scrolling
        case .swiping: .swiping
        case .open: .open
        case .dragging: .dragging
        case .keyboardMoving: .keyboardMoving
        case .menu: .menu
        case .batchEditing(.idle): .batchEditingIdle
        case .batchEditing(.tracking): .batchEditingTracking
        case .batchEditing(.scrolling): .batchEditingScrolling
        case .batchEditing(.open): .batchEditingOpen
        case .batchEditing(.dragging): .batchEditingDragging
        case .batchEditing(.keyboardMoving): .batchEditingKeyboardMoving
        }
    }

    /// Handles one input at `time` (the event's own time) and returns what changed.
    ///
    /// `geometry` is the layout of `model` as it is now: after an effect
    /// that changed the model (``EditingEffect/committed(_:)``,
    /// ``EditingEffect/undone(_:)``, ``EditingEffect/redone(_:)``, and
    /// ``EditingEffect/appBatchApplied(_:)`` from `apply(_:at:)`) the caller
    /// updates its layout before the next input.
    /// - Complexity: O(log n) for gesture inputs (the layout's queries; the
    ///   selected paths are kept, never rebuilt per input); a commit costs
    ///   what ``Journal/commit(_:as:at:)``
    ///   costs, plus O(s) to carry s selected paths along (O(n) for a reload).
    public mutating func handle(_ input: EditingInput, at time: EventTime, geometry: some CollectionLayout) -> [EditingEffect] {
        var effects: [EditingEffect] = []
        handle(input, at: time, geometry: geometry, into: &effects)
        return effects
    }

    /// ``handle(_:at:geometry:)`` with what changed appended to `effects`,
    /// which must come in empty: a caller that keeps one buffer across
    /// inputs (emptied, its capacity kept) allocates nothing for them.
    ///
    /// Not specialized for the shipped layouts on purpose: measured with
    /// callgrind (2026-11-28), a frame through an exported specialization
    /// for `GridLayout` cost 117 instructions less in the machine but 481
    /// more to cast the engine's layout to its concrete type (BENCHMARKS.md,
    /// "The engine").
    package mutating func handle(_ input: EditingInput, at time: EventTime, geometry: some CollectionLayout,
                                 into effects: inout [EditingEffect]) {
        assert(effects.isEmpty, "the effects buffer must come in empty")
        let seen = keyboard.announces ? announcementContext() : nil
        switch input {
        case .command(let command):
            switch command {
            case .setEditing(let on): setEditing(on, effects: &effects)
            case .deleteSelected: deleteSelected(at: time, effects: &effects)
            case .reload(let newModel): reload(newModel, at: time, effects: &effects)
            case .cancelInteraction: cancelInFlight(effects: &effects)
            case .undo: undoOrRedo(undo: true, effects: &effects)
            case .redo: undoOrRedo(undo: false, effects: &effects)
            }
        case .contact(.tick):
            if let due = scroller.nextDeadline, due <= time {
                scroller.tick(at: time, maxOffset: maxOffset(geometry), configuration: configuration, effects: &effects)
            }
            handleContact(.tick, at: time, geometry: geometry, effects: &effects)
        case .contact(let contact):
            handleContact(contact, at: time, geometry: geometry, effects: &effects)
        }
        releaseScrollerIfLetGo(at: time, geometry: geometry, effects: &effects)
        finishKeyboardStep(&effects, seen: seen)
    }

    /// The largest content offset `geometry` allows: the content's height
    /// less the viewport's, 0 when it all fits.
    /// - Complexity: O(1).
    func maxOffset(_ geometry: some CollectionLayout) -> Double {
        let m = geometry.contentSize.height - configuration.viewportHeight
        return m.isFinite ? max(0, m) : 0
    }

    /// A finger that held the content has let go without a pan's end (a
    /// lift, a cancellation, an interruption): the content rests where it
    /// is, or springs back when past an end.
    private mutating func releaseScrollerIfLetGo(at time: EventTime, geometry: some CollectionLayout,
                                                 effects: inout [EditingEffect]) {
        guard scroller.isTracking, !holdsScroller else { return }
        releaseScroller(velocity: 0, at: time, geometry: geometry, effects: &effects)
    }

    /// The finger lets go of the content with `velocity`: the scroll
    /// machine rests, flings or bounces, where the layout's snapping says.
    /// - Complexity: O(1), and one snapping question to the layout.
    mutating func releaseScroller(velocity: Double, at time: EventTime, geometry: some CollectionLayout,
                                  effects: inout [EditingEffect]) {
        let extent = configuration.viewportHeight
        scroller.release(velocity: velocity, at: time, maxOffset: maxOffset(geometry), configuration: configuration,
                         effects: &effects) { proposed, current, velocity in
            geometry.targetContentOffset(forProposed: proposed, from: current, velocity: velocity, viewportExtent: extent)
        }
    }

    /// Whether the state is one where a finger holds the content: scrolling,
    /// or a touch that caught a moving scroll.
    var holdsScroller: Bool {
        switch state {
        case .scrolling, .batchEditing(.scrolling): true
        case .tracking(let t), .batchEditing(.tracking(let t)): t.caughtScroll
        case .idle, .swiping, .open, .dragging, .keyboardMoving, .menu, .batchEditing(.idle), .batchEditing(.open),
             .batchEditing(.dragging), .batchEditing(.keyboardMoving):
            false
        }
    }

    /// The state at rest for the current mode.
    func restState(editing: Bool) -> State { editing ? .batchEditing(.idle) : .idle }

    /// A viewport point in content coordinates.
    func contentPoint(_ p: Point) -> Point { Point(x: p.x, y: p.y + contentOffset) }

    /// Scrolls to `offset` at once, clamped to the content (stopping a
    /// motion under way), and reports a change.
    mutating func scroll(to offset: Double, geometry: some CollectionLayout, effects: inout [EditingEffect]) {
        scroller.jump(to: offset, maxOffset: maxOffset(geometry), effects: &effects)
    }
}
