import Gripper
import GripperEditing
import GripperGeometry
import GripperInput
@_spi(Benchmarks) import GripperLayout
import GripperScene
import GripperScripting

/// The engine fuzz target: a scene made from the input's first bytes, then
/// one step per operation byte — a touch or mouse frame, a wait, a timer
/// firing, a stimulus, an app batch (valid or not), device loss, raw event
/// noise — with every invariant checked after every step and after
/// ``Engine/finish()``.
///
/// The checks: the engine's own (``Engine/_invariantViolations()``: the
/// editing machine's and the layout's invariants, one hidden source and one
/// placeholder while dragging and none otherwise, the selection in the
/// model), no item lost, made up or duplicated (the items change only when
/// the journal does; an app batch changes exactly the items it inserts and
/// deletes, and a refused one changes nothing), every transition's "after"
/// equal to what is shown next, time never going back, and nothing pending
/// once the input is finished. A violation stops the run with the step and
/// what broke: the fuzz target traps on it, a test reports it.
package struct EngineFuzzDriver {
    /// The most steps one input drives, so one input stays quick.
    static let stepLimit = 2_000

    private var engine: Engine
    private let mouse: Bool
    private var now = EventTime(microseconds: 1_000_000)
    /// Touch: the tracking id and position of each of two slots.
    private var slots: [(id: Int32, x: Int32, y: Int32)?] = [nil, nil]
    private var nextTrackingID: Int32 = 1
    private var buttons: (left: Bool, right: Bool) = (false, false)
    private var reloads = 0
    private var items: Set<ItemID>
    private var journalMark: [Int]
    /// The model and journal (its start and its entries' sequence numbers)
    /// the last check found right.
    private var checked: (model: CollectionModel, start: CollectionModel, sequences: [Int])?
    private var step = 0
    private var appBatches = 0
    /// The first invariant broken, which ends the run.
    private var failure: String?
    private var outcome = Outcome()

    /// What one script did, so a test can tell that its scripts reach what
    /// they are meant to check.
    package struct Outcome: Sendable {
        /// The first invariant broken (its step and what broke), or nil.
        package var failure: String?
        /// The steps performed.
        package var steps = 0
        /// App batches the engine applied, and refused.
        package var appliedBatches = 0, refusedBatches = 0
        /// Steps after which a drag was in flight.
        package var stepsDragging = 0
        /// Transitions checked against what was shown next.
        package var transitions = 0
        /// Keys, move commands, focus changes, loading events and segment
        /// switches given.
        package var commands = 0
        /// Layout changes given (some refused).
        package var layoutChanges = 0

        /// An outcome with nothing done yet (or only a failure).
        package init(failure: String? = nil) { self.failure = failure }
    }

    /// Drives an engine with the script `bytes`, trapping on the first
    /// broken invariant (the fuzz target).
    static func run(_ bytes: [UInt8]) {
        if let failure = outcome(of: bytes).failure { fatalError(failure) }
    }

    /// Drives an engine with the script `bytes`, stopping at the first
    /// broken invariant.
    package static func outcome(of bytes: [UInt8]) -> Outcome {
        var input = FuzzInput(bytes)
        guard var driver = EngineFuzzDriver(&input) else { return Outcome(failure: "the fuzz scene is invalid") }
        driver.check("at rest")
        while !input.isAtEnd && driver.step < stepLimit && driver.failure == nil {
            driver.perform(&input)
            driver.step += 1
        }
        if driver.failure == nil { driver.finish() }
        driver.outcome.failure = driver.failure
        driver.outcome.steps = driver.step
        return driver.outcome
    }

    /// Notes the first broken invariant.
    private mutating func fail(_ message: String) {
        if failure == nil { failure = message }
    }

    /// Traps with `what` when the engine's invariants do not hold.
    static func checkOrTrap(_ engine: Engine, _ what: @autoclosure () -> String) {
        let problems = engine._invariantViolations()
        if !problems.isEmpty { fatalError("\(what()): \(problems.joined(separator: "; "))") }
    }

    // MARK: - The scene

    private init?(_ input: inout FuzzInput) {
        let flags = input.byte()
        mouse = flags & 1 != 0
        let selection: [SelectionMode] = [.none, .single, .multiple, .multiple]
        let grid = flags & 32 != 0
        let heights = flags & 16 != 0
        let shape = input.byte()
        let sectionCount = Int(shape % 3) + 1
        var sections: [Scene.Section] = []
        var n = 0
        for s in 0..<sectionCount {
            var items: [Scene.Item] = []
            for _ in 0..<Int(input.byte() % 13) {
                items.append(Self.item(n, flags: flags, heights: heights))
                n += 1
            }
            sections.append(Scene.Section(id: SectionID("s\(s)"), title: "Section \(s)",
                                          columns: grid && s == 0 ? 3 : nil, items: items))
        }
        var metrics = LayoutMetrics(rowHeight: 56)
        metrics.header = SupplementaryMetrics(height: 32)
        var scene = Scene(viewport: Size(width: 320, height: 440), metrics: metrics, sections: sections,
                          selectionMode: selection[Int(flags >> 1 & 3)], movesBetweenSections: flags & 8 == 0)
        // The section count's byte's top bit: taps on headers reported.
        scene.headerTaps = shape & 0x80 != 0
        guard let engine = try? Engine(scene: scene, device: mouse ? TestDevices.probeMouse : TestDevices.probeTouchscreen,
                                       makingTransitions: true)
        else { return nil }
        self.engine = engine
        items = Set(engine.model.allItems)
        journalMark = Self.mark(engine.journal)
    }

    private static func item(_ n: Int, flags: UInt8, heights: Bool) -> Scene.Item {
        var item = Scene.Item(id: ItemID("i\(n)"), label: "Item \(n)",
                              height: heights ? [44, 56, 88, 130][n % 4] : nil)
        if flags & 128 != 0 {
            item.isMovable = n % 5 != 3
            item.isEditable = n % 7 != 2
            item.isSelectable = n % 3 != 1
        }
        if flags & 64 != 0 {
            item.leadingActions = SwipeActions([EditingAction(id: "flag", title: "Flag")],
                                               fullSwipeAction: n % 2 == 0 ? "flag" : nil)
        }
        return item
    }

    // MARK: - Steps

    private mutating func perform(_ input: inout FuzzInput) {
        let op = input.byte()
        switch op % 16 {
        case 0, 1, 2, 3, 14, 15:
            // Move: the primary contact (or the pointer) by a signed step.
            let scale: Int32 = op & 0x80 != 0 ? 2 : 24
            move(dx: input.signed() * scale, dy: input.signed() * scale, input: &input)
        case 4:
            if mouse { button(KeyCode.btnLeft, down: !buttons.left) } else { toggle(slot: 0, input: &input) }
        case 5:
            if mouse { button(KeyCode.btnRight, down: !buttons.right) } else { toggle(slot: 1, input: &input) }
        case 6:
            now = now + .milliseconds(Int64(input.byte()))
        case 7:
            // A long wait: long-press, tap and auto-scroll timers.
            now = now + .milliseconds(Int64(input.byte()) * 20)
            engine.fire(until: now)
            check("a wait")
        case 8:
            stimulus(input.byte(), &input)
        case 9:
            now = now + .milliseconds(1)
            engine.deviceLost(at: now)
            slots = [nil, nil]
            buttons = (false, false)
            check("device lost")
        case 10:
            if let deadline = engine.nextDeadline, deadline >= now {
                now = deadline
                engine.fire(until: deadline)
                check("a deadline")
            }
        case 11:
            // Noise: a frame of raw events with any type, code and value.
            var events: [RawEvent] = []
            for _ in 0..<Int(input.byte() % 6) {
                let type = UInt16(input.byte() % 6)
                let code = UInt16(input.byte()) | (type == EventType.key ? 0x100 : 0)
                let value = Int32(Int16(bitPattern: input.word()))
                events.append(RawEvent(time: now, type: type, code: code, value: value))
            }
            frame(events)
        case 12:
            if mouse {
                frame([RawEvent(time: now, type: EventType.rel, code: RelCode.wheel, value: input.signed() % 4)])
            } else {
                // A resync after SYN_DROPPED that ends whatever is down.
                var events: [RawEvent] = []
                for s in slots.indices where slots[s] != nil {
                    events += [abs(AbsCode.mtSlot, Int32(s)), abs(AbsCode.mtTrackingID, -1)]
                    slots[s] = nil
                }
                events.append(RawEvent(time: now, type: EventType.key, code: KeyCode.btnTouch, value: 0))
                frame(events, resync: true)
            }
        default:
            // 13: a frame that changes nothing.
            frame([])
        }
    }

    private func abs(_ code: UInt16, _ value: Int32) -> RawEvent {
        RawEvent(time: now, type: EventType.abs, code: code, value: value)
    }

    private mutating func move(dx: Int32, dy: Int32, input: inout FuzzInput) {
        if mouse {
            frame([RawEvent(time: now, type: EventType.rel, code: RelCode.x, value: dx / 8),
                   RawEvent(time: now, type: EventType.rel, code: RelCode.y, value: dy / 8)])
            return
        }
        guard var s = slots[0] else {
            toggle(slot: 0, input: &input)
            return
        }
        // Up to 5 % beyond the screen's edges, as real screens report.
        s.x = min(4300, max(-200, s.x + dx))
        s.y = min(4300, max(-200, s.y + dy))
        slots[0] = s
        frame([abs(AbsCode.mtSlot, 0), abs(AbsCode.mtPositionX, s.x), abs(AbsCode.mtPositionY, s.y),
               abs(AbsCode.x, s.x), abs(AbsCode.y, s.y)])
    }

    private mutating func toggle(slot: Int, input: inout FuzzInput) {
        var events = [abs(AbsCode.mtSlot, Int32(slot))]
        let wasDown = slots.contains { $0 != nil }
        if slots[slot] != nil {
            slots[slot] = nil
            events.append(abs(AbsCode.mtTrackingID, -1))
            if !slots.contains(where: { $0 != nil }) {
                events.append(RawEvent(time: now, type: EventType.key, code: KeyCode.btnTouch, value: 0))
            }
        } else {
            let x = Int32(input.byte()) * 16, y = Int32(input.byte()) * 16
            slots[slot] = (nextTrackingID, x, y)
            events += [abs(AbsCode.mtTrackingID, nextTrackingID), abs(AbsCode.mtPositionX, x),
                       abs(AbsCode.mtPositionY, y)]
            nextTrackingID = nextTrackingID == 65535 ? 1 : nextTrackingID + 1
            if !wasDown {
                events += [RawEvent(time: now, type: EventType.key, code: KeyCode.btnTouch, value: 1),
                           abs(AbsCode.x, x), abs(AbsCode.y, y)]
            }
        }
        frame(events)
    }

    private mutating func button(_ code: UInt16, down: Bool) {
        if code == KeyCode.btnLeft { buttons.left = down } else { buttons.right = down }
        frame([RawEvent(time: now, type: EventType.key, code: code, value: down ? 1 : 0)])
    }

    /// Hands the engine one frame 8 ms after the last.
    private mutating func frame(_ events: [RawEvent], resync: Bool = false) {
        now = now + .milliseconds(8)
        let stamped = events.map { RawEvent(time: now, type: $0.type, code: $0.code, value: $0.value) }
        engine.handle(EventFrame(time: now, events: stamped, isResync: resync))
        check("a frame", frame: true)
    }

    private mutating func stimulus(_ kind: UInt8, _ input: inout FuzzInput) {
        if kind < 240, kind % 10 >= 8 {
            appBatch(&input)
            return
        }
        let action: Stimulus
        if kind >= 240 {
            // The app's keyboard and loading commands (bytes 240...255, so
            // the scripts kept from before keep their meaning).
            action = command(kind, &input)
            outcome.commands += 1
        } else {
        switch kind % 10 {
        case 0: action = .setEditing(true)
        case 1: action = .setEditing(false)
        case 2: action = .deleteSelected
        case 3: action = .undo
        case 4: action = .redo
        case 5: action = .deviceLost
        default:
            guard kind >= 200 else { action = .reload(reloaded(input.byte())); break }
            guard let a = scrollOrResize(&input) else {
                check("an app's own layout set")
                return
            }
            action = a
        }
        }
        now = now + .milliseconds(1)
        engine.apply(action, at: now)
        if case .changeLayout = action { outcome.layoutChanges += 1 }
        if case .deviceLost = action {
            slots = [nil, nil]
            buttons = (false, false)
        }
        check("stimulus \(action)")
    }

    /// A key, a move command, a focus, a loading event (with or without
    /// content) or a segment switch (which an engine without segments
    /// refuses): every stimulus the app gives that is not a reload, a
    /// batch, a scroll or a resize.
    private mutating func command(_ kind: UInt8, _ input: inout FuzzInput) -> Stimulus {
        let choice = input.byte()
        switch kind % 5 {
        case 0:
            return .key(KeyboardKey.allCases[Int(choice) % KeyboardKey.allCases.count])
        case 1:
            let commands: [MoveCommand] = [.up, .down, .toTop, .toBottom, .toSection(Int(choice >> 3) % 4 - 1),
                                           .by(Int(Int8(bitPattern: input.byte()))), .by(choice & 1 == 0 ? Int.max : Int.min)]
            return .move(commands[Int(choice) % commands.count])
        case 2:
            return .focus(choice & 1 == 0 ? nil : ItemPath(section: Int(choice >> 1 & 3), item: Int(input.byte() % 16) - 1))
        case 3:
            let placeholder = LoadingPlaceholder(title: "Nothing", message: "here")
            let events: [LoadingEvent] = [.beginLoading, .loadedContent, .loadedEmpty(placeholder), .failed(placeholder), .refresh]
            let event = events[Int(choice) % events.count]
            let withContent = choice & 0x80 != 0
            return .loading(event, content: withContent ? reloaded(input.byte()) : nil)
        default:
            return .switchSegment(Int(choice % 4) - 1)
        }
    }

    /// The app scrolling (to an offset or an item, maybe animated), the
    /// viewport changing size or the layout changing, with values at the
    /// edges of `Double` too.
    private mutating func scrollOrResize(_ input: inout FuzzInput) -> Stimulus? {
        func value(_ b: UInt8) -> Double {
            let edges: [Double] = [0, -1, 1e308, .nan, .infinity, -.infinity, 320, 640, 1e-300, 57.5, 400, 2000]
            return Int(b) < edges.count ? edges[Int(b)] : Double(Int(b) * 13 - 600)
        }
        let choice = input.byte()
        if choice & 1 != 0 {
            return .resizeViewport(Size(width: value(input.byte() % 16), height: value(input.byte() % 16)))
        }
        if choice & 8 != 0 {
            // A layout change: a kind, columns (fixed or adaptive), a row
            // height, spacing or the scroll axis, some at the edges.
            let a = input.byte(), b = input.byte()
            var change = LayoutChange()
            if a & 3 == 3, b & 0x40 != 0 {
                // The app's own layout instead of the flow layout: a
                // placement chosen by the input, some of them hostile.
                setAppLayout(FuzzPlacement(choice: b, spacing: value(input.byte() % 16)))
                return nil
            }
            if a & 1 != 0 { change.kind = a & 2 != 0 ? .flow : .grid }
            if a & 4 != 0 { change.columns = Int(b % 5) + 1 }
            if a & 8 != 0 { change.minimumItemWidth = b & 0x80 != 0 ? .some(value(b % 16)) : .some(nil) }
            if a & 16 != 0 { change.rowHeight = value(input.byte() % 16) }
            if a & 32 != 0 { change.interItemSpacing = Double(b % 4) * 6 }
            if a & 64 != 0 { change.scrollDirection = b & 1 != 0 ? .horizontal : .vertical }
            if a & 128 != 0 { change.headerHeight = Double(b % 3) * 20 }
            return .changeLayout(change)
        }
        let target: ScrollTarget = choice & 4 != 0
            ? .offset(value(input.byte() % 24))
            : .item(ItemPath(section: Int(input.byte() % 4), item: Int(input.word() % 64)),
                    ScrollPosition.allCases[Int(choice >> 4) % ScrollPosition.allCases.count])
        return .scroll(target, animated: choice & 2 != 0)
    }

    /// Sets a `PlacementLayout` of `placement` (`Engine.setLayout`) with
    /// the engine's metrics; a placement the layout refuses is refused.
    private mutating func setAppLayout(_ placement: FuzzPlacement) {
        now = now + .milliseconds(1)
        let scroll = engine.metrics.orientation.scrollSize(engine.viewportSize)
        guard let layout = try? PlacementLayout(placement: placement, metrics: engine.metrics, viewport: scroll) else { return }
        engine.setLayout(layout, at: now)
        outcome.layoutChanges += 1
    }

    /// The model's sections with a few items dropped, a section's items
    /// reversed, maybe one new item, chosen by `choice`.
    private mutating func reloaded(_ choice: UInt8) -> [CollectionSection] {
        reloads += 1
        return engine.model.sections.enumerated().map { s, section in
            var ids = Array(section.items)
            if choice & 1 != 0 { ids = ids.enumerated().filter { $0.offset % 3 != Int(choice >> 4) % 3 }.map(\.element) }
            if choice & 2 != 0 && s == 0 { ids.reverse() }
            if choice & 4 != 0 && s == Int(choice >> 3) % 3 { ids.append(ItemID("r\(reloads)")) }
            return CollectionSection(id: section.id, items: ids)
        }
    }

    /// An app batch of one to four operations chosen by the input (item
    /// inserts, deletes, moves and reloads; section deletes, inserts, moves
    /// and reloads), aimed at the model's index paths (and one past them,
    /// so some are refused): a valid one changes exactly the items it
    /// inserts and deletes (a moved or reloaded section keeps its own), a
    /// refused one changes nothing at all.
    private mutating func appBatch(_ input: inout FuzzInput) {
        let model = engine.model
        func section(_ byte: UInt8) -> Int { Int(byte) % (model.numberOfSections + 1) }
        func path(_ a: UInt8, _ b: UInt8, extra: Int = 1) -> ItemPath {
            let s = section(a)
            return ItemPath(section: s, item: Int(b) % ((model.numberOfItems(inSection: s) ?? 0) + extra))
        }
        var operations: [BatchUpdate.Operation] = []
        var inserted: Set<ItemID> = []
        for _ in 0...Int(input.byte() % 4) {
            let kind = input.byte()
            switch kind % 8 {
            case 0, 1, 2:
                appBatches += 1
                let id = ItemID("a\(appBatches)")
                inserted.insert(id)
                operations.append(.insertItem(id, at: path(input.byte(), input.byte(), extra: 2)))
            case 3, 4:
                operations.append(.deleteItem(path(input.byte(), input.byte())))
            case 5:
                operations.append(.moveItem(from: path(input.byte(), input.byte()), to: path(input.byte(), input.byte())))
            case 6:
                operations.append(.reloadItem(path(input.byte(), input.byte())))
            default:
                if kind & 0x80 != 0 {
                    operations.append(.deleteSection(section(input.byte())))
                } else if kind & 0x40 != 0 {
                    // A section moved (its items along) or reloaded (in place).
                    if kind & 0x20 != 0 {
                        operations.append(.moveSection(from: section(input.byte()), to: section(input.byte())))
                    } else {
                        operations.append(.reloadSection(section(input.byte())))
                    }
                } else {
                    appBatches += 1
                    let ids = (0..<Int(input.byte() % 3)).map { ItemID("a\(appBatches)-\($0)") }
                    inserted.formUnion(ids)
                    operations.append(.insertSection(CollectionSection(id: SectionID("as\(appBatches)"), items: ids),
                                                     at: section(input.byte())))
                }
            }
        }
        let batch = BatchUpdate(operations)
        now = now + .milliseconds(1)
        let before = (model: engine.model, journal: engine.journal, selection: engine.selection,
                      presentation: engine.presentation)
        do {
            try engine.apply(batch, at: now)
        } catch {
            // Deadlines due before the batch may have fired; the batch itself changed nothing.
            if engine.model != before.model || engine.journal.entries.count != before.journal.entries.count {
                fail("step \(step): a refused batch (\(error)) changed the model or the journal")
            }
            outcome.refusedBatches += 1
            check("refused app batch \(batch)")
            return
        }
        outcome.appliedBatches += 1
        var deleted: Set<ItemID> = []
        for op in operations {
            switch op {
            case .deleteItem(let p): if let id = before.model.item(at: p) { deleted.insert(id) }
            case .deleteSection(let s): if before.model.sections.indices.contains(s) { deleted.formUnion(before.model.sections[s].items) }
            default: break
            }
        }
        check("app batch \(batch)", expecting: Set(before.model.allItems).subtracting(deleted).union(inserted))
    }

    // MARK: - Checks

    /// Checks every invariant after a step. `what` names the step, and is
    /// only worked out for a message: describing a batch or a reload on
    /// every step cost more than the step.
    private mutating func check(_ what: @autoclosure () -> String, frame: Bool = false,
                                expecting expected: Set<ItemID>? = nil) {
        let step = self.step
        var at: String { "step \(step) (\(what()))" }
        let model = engine.model
        let journal = engine.journal
        let sequences = journal.entries.map(\.sequence)
        // The model's and the journal's own checks again only when either
        // changed since they last passed (they are pure functions of the two;
        // an unchanged array compares at once, by its storage).
        let unchanged = checked.map { $0.model == model && $0.start == journal.start && $0.sequences == sequences } ?? false
        let problems = engine._invariantViolations(
            modelChecked: unchanged,
            replayedFrom: checked.map { JournalCheckpoint(model: $0.model, start: $0.start, sequences: $0.sequences) })
        if !problems.isEmpty { fail("\(at): \(problems.joined(separator: "; "))") }
        let mark = Self.mark(journal)
        if !unchanged || expected != nil {
            let present = Set(model.allItems)
            if present.count != model.numberOfItems { fail("\(at): an item is in the model twice") }
            if let expected, present != expected {
                fail("\(at): items \(expected.subtracting(present).sorted()) lost, \(present.subtracting(expected).sorted()) made up")
            } else if expected == nil && mark == journalMark && present != items {
                fail("\(at): items \(items.subtracting(present).sorted()) lost, \(present.subtracting(items).sorted()) made up with no edit")
            }
            items = present
        }
        if problems.isEmpty { checked = (model, journal.start, sequences) }
        if let t = engine.now, t < self.now, engine.origin != nil, frame {
            fail("\(at): the engine's time \(t) is behind the frame's \(self.now)")
        }
        checkTransitions(at)
        if engine.presentation.drag != nil { outcome.stepsDragging += 1 }
        journalMark = mark
    }

    /// Every transition made by the step ends where the engine now shows
    /// its elements: what moves or appears at its attributes, what
    /// disappears transparent or out of its place.
    private mutating func checkTransitions(_ at: @autoclosure () -> String) {
        let transitions = engine.takeTransitions()
        guard !transitions.isEmpty else { return }
        let shown = engine.shownState
        for transition in transitions {
            outcome.transitions += 1
            for change in transition.layout.moving + transition.layout.appearing
            where shown.attributes(for: change.final.id) != change.final {
                fail("\(at()): a \(transition.cause) transition ends \(change.final.id) at \(change.final.frame), "
                     + "shown at \(shown.attributes(for: change.final.id).map { "\($0.frame)" } ?? "nowhere")")
            }
            // Gone: transparent, or moved out of its place (a layout's
            // appearance slides or shrinks what disappears).
            for change in transition.layout.disappearing
            where change.final.alpha != 0 && change.final.frame == change.initial.frame {
                fail("\(at()): a \(transition.cause) transition leaves \(change.final.id) visible in place")
            }
        }
    }

    /// What changes whenever the journal commits, undoes or redoes.
    private static func mark(_ journal: Journal) -> [Int] {
        [journal.entries.count, journal.undone.count, journal.entries.last?.sequence ?? -1,
         journal.undone.last?.sequence ?? -1]
    }

    private mutating func finish() {
        engine.finish()
        check("finish")
        // A pointer's drag ends with its contact; an item lifted with the
        // keyboard has no contact to lose and stays lifted until a key (or
        // the app) drops or cancels it — the end of input is not one.
        let keyboardMove = engine.phase == .keyboardMoving || engine.phase == .batchEditingKeyboardMoving
        if engine.presentation.drag != nil, !keyboardMove { fail("a drag is still on after finish") }
        if let t = engine.nextDeadline { fail("a deadline at \(t) is left after finish") }
        _ = engine.transcript.text
    }
}

/// An app's own placement for the engine fuzz target, chosen by a byte:
/// rows of one to four tiles, a ring (every slot moves with the count),
/// every slot on one point, or frames and extents from the edges of
/// `Double` (`spacing`, which the layout refuses or draws nowhere), with a
/// decoration and a supplementary element of its own per section.
struct FuzzPlacement: ItemPlacement {
    var choice: UInt8
    var spacing: Double

    private var columns: Int { Int(choice % 4) + 1 }
    private var side: Double { spacing.isFinite && spacing > 0 && spacing < 1e6 ? spacing : 40 }

    func extent(ofSlots count: Int, width: Double) -> Double {
        switch (choice >> 2) % 4 {
        case 0: return Double((count + columns - 1) / columns) * side
        case 1: return count == 0 ? 0 : width
        case 2: return side
        default: return spacing
        }
    }

    func frame(ofSlot slot: Int, count: Int, width: Double) -> Rect {
        switch (choice >> 2) % 4 {
        case 0:
            let w = width / Double(columns)
            return Rect(x: Double(slot % columns) * w, y: Double(slot / columns) * side, width: w, height: side)
        case 1:
            // A diamond through the four edges' middles, by the slot's share of the count.
            let t = 4 * Double(slot) / Double(max(1, count)), r = width / 2, tile = width / 8
            let (x, y): (Double, Double) = t < 1 ? (t, t - 1) : t < 2 ? (2 - t, t - 1) : t < 3 ? (2 - t, 3 - t) : (t - 4, 3 - t)
            return Rect(x: r + (r - tile) * x - tile / 2, y: r + (r - tile) * y - tile / 2, width: tile, height: tile)
        case 2: return Rect(x: 0, y: 0, width: side, height: side)
        default: return Rect(x: spacing, y: -spacing, width: spacing, height: spacing * 2)
        }
    }

    func slots(intersecting rect: Rect, count: Int, width: Double) -> Range<Int> {
        guard (choice >> 2) % 4 == 0, rect.minY.isFinite, rect.maxY.isFinite else { return choice & 0x80 != 0 ? -3..<Int.max : 0..<count }
        let first = Int(max(0, min(rect.minY / side, 1e15)).rounded(.down))
        let last = Int(max(0, min(rect.maxY / side, 1e15)).rounded(.down))
        return min(count, first * columns)..<min(count, (last + 1) * columns)
    }

    func elements(in rect: Rect, section: Int, count: Int, width: Double) -> [LayoutAttributes] {
        guard choice & 0x20 != 0 else { return [] }
        return [LayoutAttributes(kind: .decoration("band"), indexPath: ItemPath(section: section, item: 0),
                                 frame: Rect(x: 0, y: 0, width: width, height: side / 4), zIndex: ZIndex.background),
                LayoutAttributes(kind: .supplementary("count"), indexPath: ItemPath(section: section, item: count),
                                 frame: Rect(x: width - 30, y: spacing, width: 30, height: 12), zIndex: ZIndex.cell + 1)]
    }

    func adjustCell(_ cell: inout LayoutAttributes, slot: Int, count: Int, width: Double) {
        guard choice & 0x20 != 0 else { return }
        cell.transform = ElementTransform(scale: spacing, rotation: Double(slot))
        cell.alpha = spacing
    }
}
