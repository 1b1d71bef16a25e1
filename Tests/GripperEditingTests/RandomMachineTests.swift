import GripperTesting
import Testing
import GripperGeometry
@_spi(Benchmarks) import GripperInput
import GripperLayout
@testable import GripperEditing
import GripperScripting
@_spi(Benchmarks) import GripperGestures
@_spi(Benchmarks) import GripperEditing

/// Seeded random long input sequences with random stimuli, checked after every step.
@Suite struct RandomMachineTests {
    /// One random gesture (or stimulus) as a list of inputs; stimuli may also
    /// be spliced into the middle of a gesture.
    static func randomInputs(_ h: MachineHarness, using rng: inout SeededGenerator) -> [EditingInput] {
        func point() -> Point {
            Point(x: Double.random(in: 0..<320, using: &rng), y: Double.random(in: -20..<460, using: &rng))
        }
        func stimulus() -> EditingInput {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: return .command(.setEditing(Bool.random(using: &rng)))
            case 1: return .command(.deleteSelected)
            case 2, 3: return .command(.cancelInteraction)
            case 4: return .contact(.secondContact)
            case 5: return .command(.undo)
            case 6: return .command(.redo)
            case 7: return .contact(.scroll(Double.random(in: -200...200, using: &rng)))
            case 8:
                // A reload: the model with a few items shuffled, dropped or added.
                var sections = h.machine.model.sections.map { ($0.id.rawValue, $0.items.map(\.rawValue)) }
                for s in sections.indices {
                    sections[s].1 = sections[s].1.filter { _ in Int.random(in: 0..<8, using: &rng) > 0 }
                    if Bool.random(using: &rng) { sections[s].1.shuffle(using: &rng) }
                    if Int.random(in: 0..<3, using: &rng) == 0 {
                        sections[s].1.append("r\(UInt32.random(in: 0...UInt32.max, using: &rng))")
                    }
                }
                return .command(.reload(model(sections)))
            default: return .contact(.tick)
            }
        }
        let start = point()
        var inputs: [ContactInput]
        switch Int.random(in: 0..<6, using: &rng) {
        case 0, 1:
            // Taps often land on the trailing edge, where actions and confirmations are.
            let at = Bool.random(using: &rng) ? Point(x: Double.random(in: 250..<320, using: &rng), y: start.y) : start
            inputs = [.touchDown(at), .tap(at)]
        case 2, 3:
            var t = Point.zero
            let horizontal = Bool.random(using: &rng)
            let direction = Bool.random(using: &rng) ? 1.0 : -1.0
            inputs = [.touchDown(start)]
            for k in 0..<Int.random(in: 1...6, using: &rng) {
                t = t + (horizontal ? Point(x: direction * Double.random(in: -10...80, using: &rng), y: Double.random(in: -5...5, using: &rng))
                                    : Point(x: Double.random(in: -5...5, using: &rng), y: Double.random(in: -80...80, using: &rng)))
                let pan = ContactInput.Pan(location: start + t, translation: t)
                inputs.append(k == 0 ? .panBegan(pan) : .panChanged(pan))
            }
            let v = Point(x: Double.random(in: -400...400, using: &rng), y: 0)
            inputs.append(.panEnded(.init(location: start + t, translation: t, velocity: v)))
        default:
            inputs = [.touchDown(start), .longPress(start)]
            var p = start
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                p = Point(x: p.x, y: min(470, max(-30, p.y + Double.random(in: -90...90, using: &rng))))
                inputs.append(.contactMoved(p))
                if Bool.random(using: &rng) { inputs.append(.tick) }
            }
            inputs.append(.contactLifted(p))
        }
        var all = inputs.map(EditingInput.contact)
        if Int.random(in: 0..<4, using: &rng) == 0 {
            all.insert(stimulus(), at: Int.random(in: 0...inputs.count, using: &rng))
        }
        return all
    }

    /// The checks after every step.
    static func check(_ h: MachineHarness, lastGap: ItemPath?, effects: [EditingEffect],
                      idsBefore: Set<ItemID>, seed: UInt64, step: Int) {
        let where_ = "seed \(seed) step \(step)"
        let m = h.machine.model
        #expect(h.machine.invariantViolations() == [], "\(where_)")
        // No item duplicated; model = start + journal.
        #expect(m.checkInvariants() == nil, "\(where_)")
        #expect((try? h.machine.journal.replay().get()) == m, "\(where_)")
        // No item lost: the ids change only as the committed edits say.
        var expected = idsBefore
        var lastGap = lastGap  // the gap before the step, then as the step's effects move it
        var began = false
        for effect in effects {
            if case .gapMoved(let to) = effect { lastGap = to }
            // The grabbed item's dragBegan comes first; a group's others follow.
            if case .dragBegan(_, let from) = effect, !began { lastGap = from; began = true }
            switch effect {
            case .committed(let entry):
                switch entry.edit {
                case .delete(let ids), .dropInto(let ids, _): expected.subtract(ids)
                case .action(let action, let item):
                    if h.machine.policy.trailingActions(for: item, at: ip(0, 0)).action(action)?.style == .destructive {
                        expected.remove(item)
                    }
                case .move(let item, _, let to):
                    // A drag's commit lands where its last gap was.
                    #expect(to == lastGap, "\(where_)")
                    #expect(m.indexPath(of: item) == to || effects.last != effect, "\(where_)")
                case .moveItems(let ids, _, let to):
                    // A group lands together, in its order, from its landing.
                    for (j, id) in ids.enumerated() {
                        #expect(m.indexPath(of: id) == ItemPath(section: to.section, item: to.item + j), "\(where_)")
                    }
                case .reload, .batch, .app, .replaced:
                    expected = Set(m.allItems)  // the reload's model (checked equal to replay above)
                }
            case .appBatchApplied:
                expected = Set(m.allItems)  // checked against a plain-array reference in AppBatchPropertyTests
            case .undone, .redone:
                expected = Set(m.allItems)  // checked by replay
            case .highlight, .selectionChanged, .scrolled, .swipeBegan, .swipeOpened, .swipeShut,
                 .deleteConfirmationOpened, .deleteConfirmationCancelled, .dragBegan, .gapMoved, .dragEnded, .dragCancelled,
                 .editingChanged, .rejected, .scheduleTick, .scrollMotionBegan, .scrollMotionEnded, .focusChanged,
                 .moveRefused, .announcement, .dropTargetChanged, .droppedInto, .menuOpened, .menuEntrySelected,
                 .menuDismissed, .headerTapped:
                break
            }
        }
        #expect(Set(m.allItems) == expected, "\(where_): items lost or made up")
        #expect(m.allItems.count == Set(m.allItems).count, "\(where_)")
        // One placeholder while dragging, none otherwise.
        let p = h.machine.presentation
        let layout = h.layout
        let all = Rect(x: 0, y: -1000, width: 320, height: layout.contentSize.height + 2000)
        let attributes = layout.attributes(in: all, presentation: p, contentOffset: h.machine.contentOffset)
        let placeholders = attributes.filter { $0.kind == .placeholder }.count
        var hidden = 0
        for (s, section) in m.sections.enumerated() {
            for i in section.items.indices where layout.attributes(for: ip(s, i), presentation: p)?.isHidden == true {
                hidden += 1
            }
        }
        let dragging = h.machine.draggedItem != nil
        // One hidden cell per item the drag carries (a group's companions too).
        #expect(hidden == h.machine.draggedItems.count, "\(where_): \(hidden) hidden")
        #expect(attributes.filter { $0.kind == .dragProxy }.allSatisfy { $0.dragItemCount == hidden }, "\(where_)")
        #expect(placeholders == (dragging ? 1 : 0), "\(where_): \(placeholders) placeholders")
        #expect((p.drag != nil) == dragging, "\(where_)")
        #expect(dragging || h.machine.scroller.isMoving || h.machine.nextDeadline == nil,
                "\(where_): deadline without a drag or a scroll motion")
        // At most one open cell.
        let swiped = attributes.filter { $0.kind == .cell && $0.swipe != nil }.count
        #expect(swiped <= 1, "\(where_): \(swiped) swiped cells")
        // Selection only names items that exist.
        #expect(h.machine.selection.isSubset(of: Set(m.allItems)), "\(where_)")
        let selectedPaths = Set(h.machine.selection.compactMap { m.indexPath(of: $0) })
        #expect(p.selected == selectedPaths, "\(where_): presentation's selection out of step")
    }

    @Test(arguments: [UInt64(101), 102, 103, 104])
    func randomSequencesKeepEveryInvariant(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var policy = StaticEditingPolicy()
        policy.selectionMode = SelectionMode.allCases.randomElement(using: &rng)!
        policy.leading = Bool.random(using: &rng) ? SwipeActions([EditingAction(id: "flag", title: "Flag")]) : .none
        policy.notMovable = ["a3", "b1"]
        policy.notEditable = ["a5"]
        policy.closedSections = Bool.random(using: &rng) ? [1] : []
        policy.movesBetweenSections = Int.random(in: 0..<3, using: &rng) > 0
        var h = MachineHarness(model([("A", (0..<14).map { "a\($0)" }), ("B", (0..<8).map { "b\($0)" }), ("C", [])]),
                               policy: policy)
        var step = 0
        for _ in 0..<120 {
            for input in Self.randomInputs(h, using: &rng) {
                let idsBefore = Set(h.machine.model.allItems)
                let lastGap = h.machine.presentation.drag?.target
                let effects: [EditingEffect]
                if case .contact(.tick) = input {
                    effects = h.tickWhenDue()
                } else {
                    effects = h.send(input, after: Int64.random(in: 1...40, using: &rng))
                }
                Self.check(h, lastGap: lastGap, effects: effects, idsBefore: idsBefore, seed: seed, step: step)
                step += 1
            }
        }
        // Nothing left pending once everything is cancelled and the content has come to rest.
        h.send(.cancelInteraction)
        h.settle()
        #expect(h.machine.nextDeadline == nil && h.machine.draggedItem == nil, "seed \(seed)")
    }
}

/// Seeded random contact frames through the real gesture arena, by touch and
/// by mouse, with random stimuli; the same checks after every frame.
@Suite struct RandomFrameTests {
    @Test(arguments: [(UInt64(201), false), (202, true), (203, false), (204, true)])
    func randomFramesKeepEveryInvariant(seed: UInt64, pointer: Bool) {
        var rng = SeededGenerator(seed: seed)
        var policy = StaticEditingPolicy()
        policy.selectionMode = .multiple
        policy.leading = SwipeActions([EditingAction(id: "flag", title: "Flag")], fullSwipeAction: "flag")
        policy.notMovable = ["a4"]
        var a = ArenaHarness(MachineHarness(model([("A", (0..<16).map { "a\($0)" }), ("B", (0..<6).map { "b\($0)" })]),
                                            policy: policy), pointer: pointer)
        var frame = 0
        func check(_ a: ArenaHarness, before: Set<ItemID>, gap: ItemPath?, from: Int) {
            RandomMachineTests.check(a.h, lastGap: gap, effects: Array(a.h.log[from...]), idsBefore: before,
                                     seed: seed, step: frame)
            frame += 1
        }
        for _ in 0..<60 {
            // One contact's life: down, a random walk with holds, then up or cancelled.
            var p = Point(x: Double.random(in: 5..<315, using: &rng), y: Double.random(in: 5..<435, using: &rng))
            var phase = ContactPhase.began
            // Each life drifts one way (or not), so swipes, full swipes and long drags happen.
            let drift = [Point.zero, Point(x: -30, y: 0), Point(x: 30, y: 0), Point(x: 0, y: 40), Point(x: 0, y: -40)]
                .randomElement(using: &rng)!
            let holdsFirst = Int.random(in: 0..<3, using: &rng) == 0
            for k in 0..<Int.random(in: 1...25, using: &rng) {
                if k == 1 && holdsFirst {
                    let before = Set(a.h.machine.model.allItems), gap = a.h.machine.presentation.drag?.target, from = a.h.log.count
                    a.frame(after: 520, .stationary, p)  // past the long-press duration
                    check(a, before: before, gap: gap, from: from)
                }
                let before = Set(a.h.machine.model.allItems), gap = a.h.machine.presentation.drag?.target, from = a.h.log.count
                var extra: [Contact] = []
                if phase != .began, !pointer, Int.random(in: 0..<30, using: &rng) == 0 {
                    let q = Point(x: 200, y: 200)
                    extra = [Contact(id: 2, phase: .began, position: q, millimetres: q * 0.16, location: q)]
                }
                a.frame(after: Int64.random(in: 4...120, using: &rng), phase, p, extra: extra)
                if !extra.isEmpty {
                    let q = Point(x: 200, y: 200)
                    a.frame(after: 5, .stationary, p, extra: [Contact(id: 2, phase: .ended, position: q, millimetres: q * 0.16, location: q)])
                }
                check(a, before: before, gap: gap, from: from)
                if Int.random(in: 0..<12, using: &rng) == 0 {
                    let stimuli: [EditingCommand] = [.setEditing(true), .setEditing(false), .deleteSelected, .undo, .redo, .cancelInteraction]
                    let before = Set(a.h.machine.model.allItems), gap = a.h.machine.presentation.drag?.target, from = a.h.log.count
                    a.h.send(stimuli.randomElement(using: &rng)!, after: 1)
                    check(a, before: before, gap: gap, from: from)
                }
                phase = Bool.random(using: &rng) ? .stationary : .moved
                if phase == .moved {
                    p = p + drift + Point(x: Double.random(in: -20...20, using: &rng), y: Double.random(in: -20...20, using: &rng))
                }
            }
            let before = Set(a.h.machine.model.allItems), gap = a.h.machine.presentation.drag?.target, from = a.h.log.count
            a.frame(after: 10, Int.random(in: 0..<10, using: &rng) == 0 ? .cancelled : .ended, p)
            check(a, before: before, gap: gap, from: from)
            a.frame(after: 400, nil, p)  // let waits run out
        }
        #expect(a.arena.isIdle, "seed \(seed)")
        a.h.settle()
        #expect(a.h.machine.draggedItem == nil && a.h.machine.nextDeadline == nil, "seed \(seed)")
    }
}
