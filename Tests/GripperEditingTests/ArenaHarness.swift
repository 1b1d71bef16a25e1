import GripperGeometry
@_spi(Benchmarks) import GripperGestures
@_spi(Benchmarks) import GripperInput
@testable import GripperEditing
@_spi(Benchmarks) import GripperEditing

/// Drives the machine through a real ``GestureArena`` from contact frames,
/// firing both the arena's and the machine's deadlines in time order before
/// each frame, as the engine does.
struct ArenaHarness {
    var h: MachineHarness
    var arena = GestureArena()
    var adapter = GestureInputAdapter()
    /// Touch: 1 point = 1/160 inch (0.15875 mm). Mouse: 1 point = 1 count at 1000 counts per inch.
    let isPointer: Bool
    var time = EventTime.milliseconds(1000)
    var gestures: [GestureEvent] = []

    init(_ h: MachineHarness, pointer: Bool) {
        self.h = h
        self.isPointer = pointer
    }

    var millimetresPerPoint: Double { isPointer ? 25.4 / 1000 : 25.4 / 160 }

    private mutating func deliver(_ events: [GestureEvent]) {
        gestures += events
        for event in events {
            if let input = adapter.input(for: event) {
                h.time = max(h.time, event.time)
                h.log += h.machine.handle(input, at: h.time, geometry: h.layout)
            }
        }
    }

    /// Fires every deadline at or before `t`, earliest first.
    mutating func advance(to t: EventTime) {
        while true {
            let a = arena.nextDeadline.flatMap { $0 <= t ? $0 : nil }
            let m = h.machine.nextDeadline.flatMap { $0 <= t ? $0 : nil }
            if let a, m == nil || a <= m! {
                deliver(arena.fire(until: a))
            } else if let m {
                h.time = max(h.time, m)
                h.log += h.machine.handle(.contact(.tick), at: h.time, geometry: h.layout)
            } else {
                return
            }
        }
    }

    /// One frame `after` ms later with one contact (id 1) in `phase` at `p`
    /// (viewport points), plus optional extra contacts and wheel detents.
    mutating func frame(after ms: Int64, _ phase: ContactPhase?, _ p: Point, extra: [Contact] = [], wheel: Point = .zero) {
        frame(after: .milliseconds(ms), phase, p, extra: extra, wheel: wheel)
    }

    /// The same, `delay` later (to the microsecond).
    mutating func frame(after delay: Duration, _ phase: ContactPhase?, _ p: Point, extra: [Contact] = [],
                        wheel: Point = .zero) {
        time = time + delay
        advance(to: time)
        var contacts: [Contact] = []
        if let phase {
            contacts.append(Contact(id: 1, phase: phase, position: p, millimetres: p * millimetresPerPoint, location: p))
        }
        contacts += extra
        deliver(arena.handle(ContactFrame(time: time, contacts: contacts, scroll: wheel, isPointer: isPointer)))
    }

    /// Press at `p`, move along `path` (each step 10 ms apart), lift.
    mutating func press(at p: Point, holdMs: Int64 = 0, path: [Point] = [], liftAfter: Int64 = 10) {
        frame(after: 10, .began, p)
        var last = p
        if holdMs > 0 { frame(after: holdMs, .stationary, p) }
        for q in path {
            frame(after: 10, .moved, q)
            last = q
        }
        frame(after: liftAfter, .ended, last)
    }

    /// Press at `p` and lift there exactly `duration` later, without moving.
    mutating func press(at p: Point, lasting duration: Duration) {
        frame(after: 10, .began, p)
        frame(after: duration, .ended, p)
    }

    /// A straight path from `p` by `delta` in `steps` steps.
    static func line(from p: Point, by delta: Point, steps: Int = 8) -> [Point] {
        (1...steps).map { p + delta * (Double($0) / Double(steps)) }
    }
}
