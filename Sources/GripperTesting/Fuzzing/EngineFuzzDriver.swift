import Gripper
import GripperEditing
import GripperGeometry
import GripperInput
import GripperLayout
import GripperScene

/// The engine fuzz target: a scene made from the input's first bytes, then
/// one step per operation byte — a touch or mouse frame, a wait, a timer
/// firing, a stimulus from the app, device loss, raw event noise — with every
/// invariant checked after every step and after ``Engine/finish()``.
///
/// The checks: the engine's own (``Engine/_invariantViolations()``: the
/// editing machine's and the layout's invariants, one hidden source and one
/// placeholder while dragging and none otherwise, the selection in the
/// model), no item lost, made up or duplicated (the items change only when
/// the journal does), time never going back, and nothing pending once the
/// input is finished. Any violation traps with the step and what broke.
struct EngineFuzzDriver {
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
    private var step = 0

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        guard var driver = EngineFuzzDriver(&input) else { return }
        driver.check("at rest")
        while !input.isAtEnd && driver.step < stepLimit {
            driver.perform(&input)
            driver.step += 1
        }
        driver.finish()
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
        let sectionCount = Int(input.byte() % 3) + 1
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
        let scene = Scene(viewport: Size(width: 320, height: 440), metrics: metrics, sections: sections,
                          selectionMode: selection[Int(flags >> 1 & 3)], movesBetweenSections: flags & 8 == 0)
        guard let engine = try? Engine(scene: scene, device: mouse ? TestDevices.probeMouse : TestDevices.probeTouchscreen)
        else { fatalError("the fuzz scene is invalid") }
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
        check("a frame")
    }

    private mutating func stimulus(_ kind: UInt8, _ input: inout FuzzInput) {
        let action: Stimulus
        switch kind % 8 {
        case 0: action = .setEditing(true)
        case 1: action = .setEditing(false)
        case 2: action = .deleteSelected
        case 3: action = .undo
        case 4: action = .redo
        case 5: action = .deviceLost
        default: action = .reload(reloaded(input.byte()))
        }
        now = now + .milliseconds(1)
        engine.apply(action, at: now)
        if case .deviceLost = action {
            slots = [nil, nil]
            buttons = (false, false)
        }
        check("stimulus \(action)")
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

    // MARK: - Checks

    private mutating func check(_ what: String) {
        let at = "step \(step) (\(what))"
        Self.checkOrTrap(engine, at)
        let model = engine.model
        let present = Set(model.allItems)
        if present.count != model.numberOfItems { fatalError("\(at): an item is in the model twice") }
        let mark = Self.mark(engine.journal)
        if mark == journalMark && present != items {
            fatalError("\(at): items \(items.subtracting(present).sorted()) lost, \(present.subtracting(items).sorted()) made up with no edit")
        }
        if let t = engine.now, t < self.now, engine.origin != nil, what == "a frame" {
            fatalError("\(at): the engine's time \(t) is behind the frame's \(self.now)")
        }
        items = present
        journalMark = mark
    }

    /// What changes whenever the journal commits, undoes or redoes.
    private static func mark(_ journal: Journal) -> [Int] {
        [journal.entries.count, journal.undone.count, journal.entries.last?.sequence ?? -1,
         journal.undone.last?.sequence ?? -1]
    }

    private mutating func finish() {
        engine.finish()
        check("finish")
        if engine.presentation.drag != nil { fatalError("a drag is still on after finish") }
        if let t = engine.nextDeadline { fatalError("a deadline at \(t) is left after finish") }
        _ = engine.transcript.text
    }
}
