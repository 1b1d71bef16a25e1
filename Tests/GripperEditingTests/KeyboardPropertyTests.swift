import GripperTesting
import Testing
import GripperGeometry
import GripperInput
import GripperLayout
@testable import GripperEditing
import GripperScripting
@_spi(Benchmarks) import GripperEditing

/// Seeded random keyboard moves and move commands interleaved with the app's
/// batches (valid and spoiled), pointer touches, undo, redo, batch editing and
/// device loss, checked after every step: the model changes only by what a
/// step committed (a keyboard move or command is exactly one move of one
/// item), nothing is lost or duplicated, the focus and any move in flight are
/// where the machine says, and the machine's invariants hold.
@Suite struct KeyboardPropertyTests {
    static func randomCommand(using rng: inout SeededGenerator) -> MoveCommand {
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: .up
        case 1: .down
        case 2: .toTop
        case 3: .toBottom
        case 4: .toSection(Int.random(in: -1...4, using: &rng))
        case 5: .by([Int.min, Int.max, -1_000_000].randomElement(using: &rng)!)
        default: .by(Int.random(in: -7...7, using: &rng))
        }
    }

    @Test(arguments: [UInt64(401), 402, 403, 404, 405, 406])
    func randomKeyboardMovesAndAppBatchesNeverLoseDuplicateOrReorderAnItem(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var policy = StaticEditingPolicy()
        policy.notMovable = ["i3", "i11"]
        policy.closedSections = Int.random(in: 0..<2, using: &rng) == 0 ? [1] : []
        policy.movesBetweenSections = Int.random(in: 0..<4, using: &rng) != 0
        var h = MachineHarness(randomModel(sections: 3, maxItems: 8, using: &rng), policy: policy)
        if Bool.random(using: &rng) { h.metrics = LayoutMetrics(columns: 3, rowHeight: 44) }
        var fresh = 0
        for step in 0..<600 {
            let before = plain(h.machine.model)
            let beforeIDs = before.flatMap { $0 }
            var effects: [EditingEffect] = []
            var what = ""
            switch Int.random(in: 0..<20, using: &rng) {
            case 0..<10:
                let key = KeyboardInput.allCases.randomElement(using: &rng)!
                what = "key \(key)"
                effects = h.key(key)
            case 10..<13:
                let command = Self.randomCommand(using: &rng)
                what = "command \(command)"
                effects = h.command(command)
            case 13..<16:
                let (batch, valid) = AppBatchPropertyTests.randomAppBatch(h, fresh: &fresh, using: &rng)
                what = "app batch \(batch.operations) valid \(valid)"
                do {
                    effects = try h.apply(batch.operations)
                    #expect(valid, "seed \(seed) step \(step): an invalid batch was applied")
                } catch {
                    #expect(!valid, "seed \(seed) step \(step): \(error)")
                    #expect(plain(h.machine.model) == before, "seed \(seed) step \(step): a refused batch changed the model")
                }
            case 16:
                let input = [EditingCommand.undo, .redo, .cancelInteraction, .setEditing(Bool.random(using: &rng))]
                    .randomElement(using: &rng)!
                what = "\(input)"
                effects = h.send(input)
            case 17:
                let row = Int.random(in: 0..<12, using: &rng)
                what = "touch row \(row)"
                effects = h.send(.touchDown(h.point(row: row)))
                if Bool.random(using: &rng) { effects += h.send(.longPress(h.point(row: row)), after: 500) }
            case 18:
                what = "lift"
                effects = h.send(.contactLifted(h.point(row: Int.random(in: 0..<12, using: &rng))))
            default:
                let p = Int.random(in: 0..<4, using: &rng)
                let path = ip(p, Int.random(in: 0..<9, using: &rng))
                what = "focus \(path)"
                let (accepted, more) = h.machine.setFocus(path)
                #expect(accepted == h.machine.model.contains(path), "seed \(seed) step \(step)")
                effects = more
            }
            let context = "seed \(seed) step \(step) (\(what))"
            #expect(h.machine.invariantViolations() == [], "\(context)")
            let after = plain(h.machine.model)
            let changers = effects.filter {
                switch $0 {
                case .committed, .undone, .redone, .appBatchApplied: true
                default: false
                }
            }
            if changers.isEmpty {
                #expect(after == before, "\(context): the model changed without a commit")
            } else if changers.count == 1, case .committed(let entry) = changers[0], case .move(let id, let from, let to) = entry.edit {
                // One move of one item, nothing else: the plain arrays with it taken out and put in.
                var expected = before
                #expect(expected[from.section][from.item] == id.rawValue, "\(context)")
                expected[from.section].remove(at: from.item)
                expected[to.section].insert(id.rawValue, at: to.item)
                #expect(after == expected, "\(context): \(entry.edit)")
            }
            let ids = after.flatMap { $0 }
            #expect(Set(ids).count == ids.count, "\(context): an item is duplicated")
            if !changers.contains(where: { if case .committed(let e) = $0, case .move = e.edit { false } else { true } }) {
                #expect(Set(ids) == Set(beforeIDs), "\(context): an item was lost")
            }
            if let f = h.machine.focus {
                #expect(h.machine.model.item(at: f.indexPath) == f.item, "\(context)")
            } else if !ids.isEmpty, effects.contains(where: { if case .focusChanged(nil) = $0 { true } else { false } }) {
                Issue.record("\(context): the focus went with items left")
            }
            if h.machine.phase == .keyboardMoving || h.machine.phase == .batchEditingKeyboardMoving {
                let drag = try #require(h.machine.presentation.drag, "\(context)")
                #expect(h.machine.model.item(at: drag.source) == h.machine.draggedItem, "\(context)")
            }
        }
    }
}
