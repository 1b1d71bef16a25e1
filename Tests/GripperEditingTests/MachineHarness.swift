import GripperGeometry
import GripperInput
@_spi(Benchmarks) import GripperLayout
@testable import GripperEditing
@_spi(Benchmarks) import GripperEditing

/// A machine with a one-column layout of 44-point rows in a 320×440 viewport
/// (ten rows visible), rebuilt from the model after every input, and a clock
/// that only moves forward.
struct MachineHarness {
    static let viewport = Size(width: 320, height: 440)
    static let rowHeight = 44.0

    var machine: EditingStateMachine
    var metrics = LayoutMetrics(rowHeight: MachineHarness.rowHeight)
    var time = EventTime.milliseconds(1000)
    /// Every effect so far.
    var log: [EditingEffect] = []

    init(_ model: CollectionModel, policy: any CollectionDelegate = StaticEditingPolicy()) {
        machine = EditingStateMachine(model: model, policy: policy,
                                      configuration: EditingConfiguration(viewportHeight: Self.viewport.height))
    }

    /// Two sections: 20 items a0… and 10 items b0….
    static func standard(policy: StaticEditingPolicy = StaticEditingPolicy()) -> MachineHarness {
        MachineHarness(model([("A", (0..<20).map { "a\($0)" }), ("B", (0..<10).map { "b\($0)" })]), policy: policy)
    }

    var layout: GridLayout {
        // Counts come from a valid model and metrics are fixed: this cannot fail.
        try! GridLayout(sections: machine.model.sections.map { SectionContent(count: $0.items.count) },
                        metrics: metrics, viewport: Self.viewport)
    }

    /// Sends one input `after` milliseconds after the previous one.
    @discardableResult
    mutating func send(_ input: EditingInput, after ms: Int64 = 10) -> [EditingEffect] {
        time = time + Duration.milliseconds(ms)
        let effects = machine.handle(input, at: time, geometry: layout)
        log += effects
        return effects
    }

    /// Sends one contact input `after` milliseconds after the previous one.
    @discardableResult
    mutating func send(_ input: ContactInput, after ms: Int64 = 10) -> [EditingEffect] {
        send(.contact(input), after: ms)
    }

    /// Sends one command `after` milliseconds after the previous input.
    @discardableResult
    mutating func send(_ command: EditingCommand, after ms: Int64 = 10) -> [EditingEffect] {
        send(.command(command), after: ms)
    }

    /// Applies an app batch `after` milliseconds after the previous input.
    @discardableResult
    mutating func apply(_ operations: [BatchUpdate.Operation], after ms: Int64 = 10) throws(BatchUpdateError) -> [EditingEffect] {
        time = time + Duration.milliseconds(ms)
        let effects = try machine.apply(BatchUpdate(operations), at: time)
        log += effects
        return effects
    }

    /// Sends the tick the machine asked for, if any.
    @discardableResult
    mutating func tickWhenDue() -> [EditingEffect] {
        guard let deadline = machine.nextDeadline else { return [] }
        time = max(time, deadline)
        let effects = machine.handle(.contact(.tick), at: time, geometry: layout)
        log += effects
        return effects
    }

    /// Sends every tick the machine asks for until nothing moves by itself
    /// (a fling, a bounce, an animated scroll has come to rest); at most
    /// 10,000 ticks.
    mutating func settle() {
        var ticks = 0
        while machine.scroller.isMoving, ticks < 10_000 {
            tickWhenDue()
            ticks += 1
        }
    }

    /// The viewport point at the middle of row `row` of the whole list (no
    /// headers), at x.
    func point(row: Int, x: Double = 100) -> Point {
        Point(x: x, y: Double(row) * Self.rowHeight + Self.rowHeight / 2 - machine.contentOffset)
    }

    /// Pans from `start` by `translation`, in `steps` changes, optionally ending with `velocity`.
    mutating func pan(from start: Point, by translation: Point, velocity: Point = .zero, end: Bool = true) {
        let steps = 4
        for k in 1...steps {
            let t = translation * (Double(k) / Double(steps))
            let pan = ContactInput.Pan(location: start + t, translation: t, velocity: k == steps ? velocity : .zero)
            send(k == 1 ? .panBegan(pan) : .panChanged(pan))
        }
        if end { send(.panEnded(.init(location: start + translation, translation: translation, velocity: velocity))) }
    }

    var committed: [JournalEntry] {
        log.compactMap { if case .committed(let e) = $0 { e } else { nil } }
    }

    var items: [[String]] { plain(machine.model) }
}
