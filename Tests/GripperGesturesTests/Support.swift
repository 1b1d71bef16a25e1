import GripperGeometry
@_spi(Benchmarks) import GripperGestures
@_spi(Benchmarks) import GripperInput
import GripperTesting

/// Layout points per millimetre in scripted frames: deliberately not 1, so
/// a test notices points and millimetres mixed up.
let pointsPerMillimetre = 4.0

/// Milliseconds (fractions allowed) as an event time.
func ms(_ value: Double) -> EventTime { EventTime(microseconds: Int64((value * 1000).rounded())) }

/// Builds contact frames from a script of touches in millimetres: each call
/// adds one frame holding every contact down (the others stationary).
struct Script {
    var frames: [ContactFrame] = []
    var isPointer = false
    private var positions: [Int: Point] = [:]

    init(pointer: Bool = false) { isPointer = pointer }

    private mutating func frame(_ t: Double, _ changed: Int?, _ phase: ContactPhase, scroll: Point = .zero) {
        var contacts: [Contact] = []
        for id in positions.keys.sorted() {
            let p = positions[id] ?? .zero
            let ph: ContactPhase = id == changed ? phase : .stationary
            contacts.append(Contact(id: id, phase: ph, position: p, millimetres: p, location: p * pointsPerMillimetre))
        }
        frames.append(ContactFrame(time: ms(t), contacts: contacts, scroll: scroll, isPointer: isPointer))
        if phase.isFinal, let changed { positions[changed] = nil }
    }

    mutating func down(_ x: Double, _ y: Double, at t: Double, id: Int = 1) {
        positions[id] = Point(x: x, y: y)
        frame(t, id, .began)
    }

    mutating func move(_ x: Double, _ y: Double, at t: Double, id: Int = 1) {
        positions[id] = Point(x: x, y: y)
        frame(t, id, .moved)
    }

    mutating func up(at t: Double, id: Int = 1) { frame(t, id, .ended) }

    mutating func cancel(at t: Double, id: Int = 1) { frame(t, id, .cancelled) }

    mutating func wheel(_ dx: Double, _ dy: Double, at t: Double) {
        frame(t, nil, .stationary, scroll: Point(x: dx, y: dy))
    }

    /// Down at (x0, y0), moving in `steps` equal steps to (x1, y1) over
    /// `duration` ms starting at `t`, then up `lift` ms after the last move.
    mutating func stroke(id: Int = 1, from x0: Double, _ y0: Double, to x1: Double, _ y1: Double,
                         at t: Double, duration: Double, steps: Int = 10, lift: Double? = 0) {
        down(x0, y0, at: t, id: id)
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            move(x0 + (x1 - x0) * f, y0 + (y1 - y0) * f, at: t + duration * f, id: id)
        }
        if let lift { up(at: t + duration + lift, id: id) }
    }
}

/// Drives an arena the way a live loop would, with a ``ManualClock``: the
/// arena's next deadline is armed on the clock, and before each frame the
/// clock runs to the frame's time, firing the armed deadlines one by one.
struct Driver {
    var arena: GestureArena
    var clock = ManualClock<EventTime>()
    var events: [GestureEvent] = []

    init(_ configuration: GestureConfiguration = .default) {
        arena = GestureArena(configuration: configuration)
    }

    private mutating func arm() {
        if let d = arena.nextDeadline { clock.schedule(d, at: d) }
    }

    /// Runs the clock to `time`, firing every deadline due by then.
    mutating func advance(to time: EventTime) {
        var c = clock
        var a = arena
        var fired: [GestureEvent] = []
        c.run(until: time) { clock, item in
            fired += a.fire(until: item.deadline)
            if let d = a.nextDeadline { clock.schedule(d, at: d) }
        }
        clock = c
        arena = a
        events += fired
    }

    mutating func feed(_ frame: ContactFrame) {
        advance(to: frame.time)
        events += arena.handle(frame)
        arm()
    }

    mutating func feed(_ script: Script) {
        for f in script.frames { feed(f) }
    }

    /// The events other than touch notices.
    var gestures: [GestureEvent] { events.filter { $0.kind != .touch } }
}

/// The events for a script, from a fresh arena, stream finished.
func run(_ script: Script, _ configuration: GestureConfiguration = .default) -> [GestureEvent] {
    GestureArena.events(for: script.frames, configuration: configuration)
}

/// "kind.state" for each non-touch event: compact expectations.
func summary(_ events: [GestureEvent]) -> [String] {
    events.filter { $0.kind != .touch }.map { "\($0.kind.rawValue).\($0.state.rawValue)" }
}

extension Point {
    /// Whether two points are within `tolerance` of each other on each axis.
    func isClose(to other: Point, tolerance: Double) -> Bool {
        abs(x - other.x) <= tolerance && abs(y - other.y) <= tolerance
    }
}

extension GestureEvent {
    /// A tap's count; nil for any other case.
    var tapCount: Int? { if case .tap(let count, _) = gesture { count } else { nil } }
    /// A pan's axis; nil for any other case.
    var axis: PanAxis? { if case .pan(_, let axis, _) = gesture { axis } else { nil } }
    /// A recognized swipe's direction; nil for any other case.
    var direction: SwipeDirection? { if case .swipe(let direction, _) = gesture { direction } else { nil } }
    /// A scroll's distance; nil for any other case.
    var scrollDistance: Point? { if case .scroll(let by, _, _) = gesture { by } else { nil } }
}
