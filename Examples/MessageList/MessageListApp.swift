import Gripper
import GripperTraces

/// The app around the engine: its storage follows the engine's model
/// through an ``EngineLoop`` (every deadline fired at its own time, the
/// user's edits mirrored after every step), it applies its own changes as
/// batches, and it prints what a renderer would animate.
struct MessageListApp {
    /// The engine and the app's storage (also the data source the engine opened), in one loop.
    var loop: EngineLoop<MessageStore>
    /// The app's storage.
    var store: MessageStore { loop.storage }
    /// The first frame's time: printed times count from it.
    private var origin: EventTime?
    /// Whether the new mail has arrived.
    private var mailDelivered = false

    /// The viewport the recording was made for (400 × 640 points).
    static let viewport = Size(width: 400, height: 640)
    /// Rows of 56 points with a 1-point separator, as the recording's scene.
    static let metrics = LayoutMetrics(rowHeight: 56, rowSeparator: SeparatorMetrics(thickness: 1))

    /// Opens the engine on `store` for input from `device`, making transitions.
    init(store: MessageStore, device: DeviceDescription) throws {
        let engine = try Engine(dataSource: store, delegate: MessageRules(), viewport: Self.viewport,
                                metrics: Self.metrics, device: device, makingTransitions: true)
        loop = EngineLoop(engine: engine, storage: store)
    }

    /// Replays `reader`'s frames; three new messages arrive at the top of
    /// the inbox `mailAfter` the first frame (at the first frame from then on).
    mutating func run(_ reader: TraceFrameReader, mailAfter: Duration) throws {
        while let frame = try reader.next() {
            if origin == nil { origin = frame.time }
            if !mailDelivered, let origin, frame.time >= origin + mailAfter {
                // What is due before the frame fires at its own time first
                // (the long-press timer starts the drag there).
                observe(try loop.fire(until: frame.time - .microseconds(1)))
                try deliverNewMail(at: frame.time)
            }
            observe(try loop.handle(frame))
        }
        // The trace ended: the recognizers' last timers.
        observe(try loop.settle())
    }

    /// The app's own change: three messages arrive at the top of the inbox,
    /// whatever the user is doing. The engine first (a rejected batch changes
    /// nothing), then the app's storage.
    mutating func deliverNewMail(at time: EventTime) throws {
        let arrived = (0..<3).map { Message(id: "new\($0)", subject: "New message \($0)") }
        let batch = BatchUpdate(arrived.indices.map { .insertItem(ItemID(arrived[$0].id), at: ItemPath(section: 1, item: $0)) })
        let dragBefore = loop.engine.presentation.drag
        let step = try loop.apply(batch, at: time) { $0.inbox.insert(contentsOf: arrived, at: 0) }
        mailDelivered = true
        var line = "\(stamp(time)) newMail \(arrived.map(\.id).joined(separator: " ")) inserted at [1,0]"
        if let before = dragBefore, let after = loop.engine.presentation.drag {
            line += " during the drag: source \(path(before.source)) -> \(path(after.source)), "
                + "gap \(path(before.target)) -> \(path(after.target))"
        } else if dragBefore != nil {
            line += " cancelled the drag"
        }
        print(line)
        printTransitions(step.transitions)
    }

    /// Reports what each step did: a drag's beginning, its gap, its end
    /// (with the journal's commit, which the loop mirrored into the store),
    /// and the transitions to animate.
    private func observe(_ steps: [EngineLoop<MessageStore>.Step]) {
        for step in steps {
            for entry in step.entries {
                guard let effect = entry.effect else { continue }
                switch effect {
                case .dragBegan(let item, let from):
                    print("\(stamp(step.time)) dragBegan \(item) from \(path(from))")
                case .gapMoved(let to):
                    print("\(stamp(step.time)) gapMoved to \(path(to))")
                case .committed(let entry):
                    if case .move(let item, let from, let to) = entry.edit {
                        print("\(stamp(step.time)) dropped #\(entry.sequence) \(item) \(path(from)) -> \(path(to))")
                    }
                case .dragEnded(_, committed: false):
                    print("\(stamp(step.time)) dropped in place")
                case .dragCancelled:
                    print("\(stamp(step.time)) dragCancelled")
                default:
                    break
                }
            }
            printTransitions(step.transitions)
        }
    }

    /// Prints `transitions`: each one's cause, time, duration and curve, and
    /// each element's frame before and after (cells with the item shown;
    /// separators counted).
    private func printTransitions(_ transitions: [EngineTransition]) {
        for transition in transitions {
            let ms = transition.duration.components.seconds * 1000
                + transition.duration.components.attoseconds / 1_000_000_000_000_000
            let changes = transition.layout
            print("\(stamp(transition.time, fromOrigin: false)) animate \(transition.cause.rawValue) \(ms) ms "
                  + "\(transition.curve.rawValue): \(changes.moving.count) moving, "
                  + "\(changes.appearing.count) appearing, \(changes.disappearing.count) disappearing")
            var separators = 0
            for (verb, list) in [("move", changes.moving), ("appear", changes.appearing), ("disappear", changes.disappearing)] {
                for change in list {
                    if case .rowSeparator = change.final.kind { separators += 1; continue }
                    print("    \(verb) \(describe(change.final, isAfter: verb != "disappear")) "
                          + "\(frame(change.initial)) -> \(frame(change.final))")
                }
            }
            if separators > 0 { print("    (and \(separators) row separators)") }
        }
    }

    /// Ends the run: prints the final order's start and checks that the
    /// app's storage equals the engine's model with every identity once.
    /// - Returns: whether the check passed.
    func finish() -> Bool {
        let engine = loop.engine
        let storage = store.sections
        let all = storage.flatMap { $0 }
        print("final pinned: \(storage[0].map(\.rawValue).joined(separator: " ")) | inbox: "
              + storage[1].prefix(10).map(\.rawValue).joined(separator: " ") + " … (\(storage[1].count) messages)")
        print("journal: " + engine.journal.entries.map { "#\($0.sequence) \($0.isAppChange ? "app" : "\($0.edit)")" }
                .joined(separator: ", "))
        let undoable = engine.journal.entries.reversed().prefix { !$0.isAppChange }.count
        print("the user's undo can take off \(undoable) edit(s); it stops at the app's entries")
        let ok = store.holdsItems(of: engine.model) && Set(all).count == all.count
        print(ok ? "checked: \(all.count) messages, each once; the app's storage equals the engine's model"
                 : "MISMATCH: the app's storage and the engine's model differ")
        return ok
    }

    // MARK: - Formatting

    /// Seconds from the first frame, six decimals, by integer arithmetic.
    private func stamp(_ time: EventTime, fromOrigin: Bool = true) -> String {
        let us = fromOrigin ? time.microseconds - (origin?.microseconds ?? time.microseconds) : time.microseconds
        let fraction = String(us % 1_000_000)
        return "\(us / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
    }

    private func path(_ p: ItemPath) -> String { "[\(p.section),\(p.item)]" }

    private func frame(_ a: LayoutAttributes) -> String {
        "(\(number(a.frame.minX)),\(number(a.frame.minY)) \(number(a.frame.size.width))x\(number(a.frame.size.height)) α\(number(a.alpha)))"
    }

    private func number(_ v: Double) -> String {
        let hundredths = (v * 100).rounded()
        if hundredths.truncatingRemainder(dividingBy: 100) == 0 { return String(Int(hundredths / 100)) }
        return String(Double(hundredths) / 100)
    }

    private func describe(_ a: LayoutAttributes, isAfter: Bool) -> String {
        let at = a.indexPath.map(path) ?? "-"
        switch a.kind {
        case .cell:
            if isAfter, let p = a.indexPath, let item = loop.engine.model.item(at: p) { return "cell \(item) \(at)" }
            return "cell \(at)"
        case .placeholder: return "placeholder \(at)"
        default: return "\(a.kind) \(at)"
        }
    }
}
