@_spi(Benchmarks) import GripperEditing
import GripperInput
@_spi(Benchmarks) import GripperLayout

extension Engine {
    /// The transitions made since the last call, oldest first, and forgets
    /// them. Only an engine created with `makingTransitions: true` makes
    /// them; it keeps at most ``transitionBacklog`` untaken (the oldest go),
    /// so one that is never asked keeps bounded memory.
    public mutating func takeTransitions() -> [EngineTransition] {
        let out = pendingTransitions
        pendingTransitions.removeAll(keepingCapacity: true)
        return out
    }

    /// The most transitions kept untaken.
    public static var transitionBacklog: Int { 64 }

    /// What is shown now.
    package var shownState: LayoutState {
        LayoutState(layout: layout, presentation: presentation, contentOffset: contentOffset)
    }

    /// Turns what a call produced into at most one transition, from what was
    /// shown before the call to what is shown now.
    /// - Complexity: O(k × (log n + edits)) for the k elements on screen,
    ///   and only when something worth animating happened.
    /// `measured`: the call changed what is shown without a transcript
    /// entry to say so (a measured height), at that time.
    mutating func makeTransition(for entries: [Transcript.Entry], measured: EventTime? = nil) {
        let now = shownState
        defer {
            shownBefore = now
            transitionEdits.removeAll(keepingCapacity: true)
        }
        let measuredOffset = measured.map { $0.microseconds(since: origin ?? $0) }
        guard let before = shownBefore, let lastOffset = entries.last?.offset ?? measuredOffset,
              let cause = Self.cause(of: entries.map(\.event)) ?? (measured != nil ? .measured : nil) else { return }
        if cause == .scrollAnimation, let motion = Self.animation(in: entries) {
            // Nothing moves in content coordinates: the offset does.
            append(EngineTransition(cause: cause, time: .zero + .microseconds(lastOffset),
                                    layout: LayoutTransition(from: now, to: now),
                                    duration: machine.configuration.scrollAnimationDuration, curve: .easeInOut,
                                    initialContentOffset: motion.from, finalContentOffset: motion.to))
            return
        }
        var layoutTransition = LayoutTransition(from: before, to: now, mapping: ItemPathMapping(transitionEdits))
        if let released = pinchRelease {
            // A pinch let go: everything starts where the pinch showed it.
            pinchRelease = nil
            layoutTransition = Self.fromPinch(released, beforeOffset: before.contentOffset, to: now,
                                              viewport: orientation.scrollSize(viewportSize), transition: layoutTransition)
        }
        // The proxy follows the contact directly.
        layoutTransition.moving.removeAll { $0.final.kind == .dragProxy }
        layoutTransition.appearing.removeAll { $0.final.kind == .dragProxy }
        layoutTransition.disappearing.removeAll { $0.final.kind == .dragProxy }
        guard !layoutTransition.isEmpty else { return }
        let timing = EngineTransition.defaultTiming(for: cause)
        append(EngineTransition(cause: cause, time: .zero + .microseconds(lastOffset),
                                layout: layoutTransition, duration: timing.duration, curve: timing.curve,
                                initialContentOffset: before.contentOffset, finalContentOffset: now.contentOffset))
    }

    /// `transition` with every element the pinch showed starting where it
    /// showed it (`released`, viewport coordinates; content coordinates at
    /// `beforeOffset` in the transition), and the elements shown now that
    /// did not move (a cancelled pinch) moving back from there.
    /// - Complexity: O(k) for the k elements on screen.
    static func fromPinch(_ released: [LayoutAttributes], beforeOffset: Double, to now: LayoutState,
                          viewport: Size, transition: LayoutTransition) -> LayoutTransition {
        var shown: [ElementID: LayoutAttributes] = [:]
        for var a in released {
            a.frame = Rect(x: a.frame.minX, y: a.frame.minY + beforeOffset, width: a.frame.size.width,
                           height: a.frame.size.height)
            shown[a.id] = a
        }
        var out = transition
        var placed = Set<ElementID>()
        out.moving = out.moving.map { change in
            placed.insert(change.final.id)
            guard let start = shown[change.final.id] else { return change }
            return LayoutTransition.Change(initial: start, final: change.final)
        }
        out.appearing = out.appearing.compactMap { change in
            placed.insert(change.final.id)
            guard let start = shown[change.final.id] else { return change }
            out.moving.append(LayoutTransition.Change(initial: start, final: change.final))
            return nil
        }
        for change in out.disappearing { placed.insert(change.initial.id) }
        // What did not change layout (a cancelled pinch) goes back from where the pinch left it.
        let visible = now.layout.attributes(in: Rect(x: 0, y: now.contentOffset, width: viewport.width,
                                                     height: viewport.height),
                                            presentation: now.presentation, contentOffset: now.contentOffset)
        for final in visible where !placed.contains(final.id) {
            if let start = shown[final.id], start.frame != final.frame || start.alpha != final.alpha {
                out.moving.append(LayoutTransition.Change(initial: start, final: final))
            }
        }
        return out
    }

    /// Keeps a transition, at most ``transitionBacklog`` of them.
    private mutating func append(_ transition: EngineTransition) {
        pendingTransitions.append(transition)
        if pendingTransitions.count > Self.transitionBacklog {
            pendingTransitions.removeFirst(pendingTransitions.count - Self.transitionBacklog)
        }
    }

    /// The animated scroll the entries began, if any.
    private static func animation(in entries: [Transcript.Entry]) -> ScrollMotion? {
        for entry in entries.reversed() {
            if case .effect(.scrollMotionBegan(let m)) = entry.event, m.kind == .animation { return m }
        }
        return nil
    }

    /// The index path edits of a batch, for matching elements across it: a
    /// single move exactly; otherwise the batch's rebase as edits
    /// (`ItemPathRebase.edits`: removals descending, then insertions
    /// ascending), a moved item counting as removed and inserted (it fades
    /// rather than travels).
    /// - Complexity: O(k log k) for k operations.
    static func mappingEdits(of batch: BatchUpdate) -> [ItemPathMapping.Edit] {
        if batch.operations.count == 1, case .moveItem(let from, let to) = batch.operations[0] {
            return [.moveItem(from: from, to: to)]
        }
        return BatchUpdate.Rebase(batch).edits
    }

    /// The most telling cause among a call's events, or nil when nothing
    /// shown changed in a way worth animating.
    static func cause(of events: [Transcript.Event]) -> EngineTransition.Cause? {
        var causes: Set<EngineTransition.Cause> = []
        for event in events {
            switch event {
            case .stimulus(.changeLayout), .layoutSet: causes.insert(.layoutChanged)
            case .stimulus(.resizeViewport): causes.insert(.resized)
            case .stimulus(.measured): causes.insert(.measured)
            case .loading: causes.insert(.placeholder)
            case .layoutPinch(.finished), .layoutPinch(.finishedInto), .layoutPinch(.cancelled): causes.insert(.layoutChanged)
            default: break
            }
            guard case .effect(let effect) = event else { continue }
            switch effect {
            case .dragEnded(_, let committed): causes.insert(committed ? .dropped : .dropCancelled)
            case .dragCancelled: causes.insert(.dropCancelled)
            case .droppedInto: causes.insert(.dropped)
            case .committed: causes.insert(.committed)
            case .appBatchApplied: causes.insert(.appChanged)
            case .undone, .redone: causes.insert(.undoRedo)
            case .editingChanged: causes.insert(.editingChanged)
            case .swipeOpened: causes.insert(.swipeOpened)
            case .swipeShut: causes.insert(.swipeShut)
            case .deleteConfirmationOpened, .deleteConfirmationCancelled: causes.insert(.deleteConfirmation)
            case .gapMoved, .dropTargetChanged: causes.insert(.gapMoved)
            case .selectionChanged: causes.insert(.selection)
            case .scrollMotionBegan(let m) where m.kind == .animation: causes.insert(.scrollAnimation)
            case .menuOpened, .menuDismissed, .menuEntrySelected: causes.insert(.menu)
            case .dragBegan: causes.insert(.lift)
            case .focusChanged: causes.insert(.focus)
            case .highlight: causes.insert(.highlight)
            case .scrolled, .swipeBegan, .rejected, .scheduleTick, .scrollMotionBegan, .scrollMotionEnded, .moveRefused,
                 .announcement, .headerTapped:
                continue
            }
        }
        let order: [EngineTransition.Cause] = [.dropped, .dropCancelled, .undoRedo, .committed, .appChanged, .layoutChanged,
                                                .resized, .editingChanged, .swipeOpened, .swipeShut, .deleteConfirmation,
                                                .lift, .gapMoved, .selection, .measured, .placeholder, .focus, .highlight,
                                                .scrollAnimation, .menu]
        return order.first { causes.contains($0) }
    }
}
