// A change to this machine changes its diagram in Documentation/ContactTracking.md ("Two fingers: scroll or pinch") too.
import GripperGeometry

/// A two-finger pinch on a touchpad, as ``TouchpadTracker`` reports it for
/// one frame (libinput's pinch gesture): what a toolkit's recognized
/// touchpad pinch carries (GTK's `GDK_TOUCHPAD_PINCH`), so the engine feeds
/// both alike.
package struct TouchpadPinch: Hashable, Sendable {
    /// `began` at the frame the two fingers are found to pinch (scale 1),
    /// `moved` while they go on, `ended` when one of them lifts, `cancelled`
    /// when a third finger, a click, a palm or a lost contact breaks it.
    package var phase: ToolkitInput.TouchPhase
    /// The distance between the two fingers over that distance when the
    /// pinch began (each at least ``TouchpadGestureStateMachine/minimumSpanMillimetres``).
    package var scale: Double
    /// The distance between the two fingers now, in millimetres (at least
    /// ``TouchpadGestureStateMachine/minimumSpanMillimetres``).
    package var spanMillimetres: Double
    /// The ids (of the tracker's pointer contacts' numbering) the pinch's
    /// two contacts take when an engine feeds it as two fingers.
    package var firstContactID: Int
    /// See ``firstContactID``.
    package var secondContactID: Int
}

/// Whether two fingers on a touchpad scroll or pinch, decided as libinput's
/// gesture code decides it (facts carried over, the code is Gripper's):
///
/// - two active fingers (not palms, thumbs or resting in the button area)
///   start it *undecided*, from where they are then; while undecided
///   nothing moves (their scroll is held);
/// - both moved less than 1 mm: still undecided;
/// - less than 40 mm apart across and 7 mm down, 150 ms after they started:
///   a scroll;
/// - one moved 4 mm or more while the other is still under 1.5 mm: a
///   scroll (libinput's one-finger scroll; it would suppress a resting
///   thumb, which ``TouchpadTracker`` does by its own thumb rules);
/// - either under 1.5 mm: still undecided;
/// - both past 1.5 mm: moving the same way (their compass octants overlap
///   or neighbour) a scroll, else a pinch;
/// - a scroll within 300 ms of the start turns into a pinch when the two
///   then move different ways, both past 1.5 mm (libinput corrects its
///   guess so);
/// - a pinch's scale is the distance between the fingers over that
///   distance when it began; it ends when one lifts, and is cancelled by a
///   third finger, a click (a button down), a finger that turns palm or is
///   lost; after it, nothing moves until the fingers have lifted.
///
/// A click (a button down) while undecided or scrolling leaves the pair to
/// the pointer's rules, as a clickpad click forces libinput to one finger.
/// Pure, on event time; one mutating function, ``frame(at:fingers:lifted:buttonDown:nextContactID:)``.
package struct TouchpadGestureStateMachine: Sendable {
    /// One active finger: its tracker id and where it is, in millimetres.
    package struct Finger: Hashable, Sendable {
        /// The finger's id.
        package var id: Int
        /// Where it is (mm from the device's origin).
        package var millimetres: Point

        /// A finger `id` at `millimetres`.
        package init(id: Int, millimetres: Point) {
            self.id = id
            self.millimetres = millimetres
        }
    }

    /// What the tracker does with a frame.
    package enum Action: Hashable, Sendable {
        /// Not two fingers (or a button is down): the pointer's rules as
        /// ever (one finger moves it, two fingers moving together scroll).
        case pointer
        /// Two fingers, undecided: nothing moves; their scroll is held.
        case undecided
        /// Two fingers scroll; `releasing`: what was held while they were
        /// undecided goes out with this frame's scroll.
        case scroll(releasing: Bool)
        /// Two fingers pinch.
        case pinch(TouchpadPinch)
        /// After a pinch, until every active finger has lifted: nothing moves.
        case still
    }

    /// Both fingers move less than this (mm) and the pair is undecided.
    package static let decisionMillimetres = 1.0
    /// A finger moved this far (mm) counts for the decision (libinput's
    /// 1.5 mm, its pinch disambiguation threshold too).
    package static let motionMillimetres = 1.5
    /// One finger this far (mm) while the other is still: a scroll.
    package static let oneFingerScrollMillimetres = 4.0
    /// Two fingers closer than this across (mm)…
    package static let scrollGapAcrossMillimetres = 40.0
    /// …and this down (mm) …
    package static let scrollGapDownMillimetres = 7.0
    /// …after this long, scroll.
    package static let scrollDecisionDelay: Duration = .milliseconds(150)
    /// A scroll this young may still turn into a pinch.
    package static let pinchCorrectionWindow: Duration = .milliseconds(300)
    /// The least span a pinch measures (mm): fingers closer (or at one
    /// point) give a finite scale.
    package static let minimumSpanMillimetres = 1.0

    struct Start: Hashable, Sendable {
        var first: Finger
        var second: Finger
        var time: EventTime
    }

    struct Pinch: Hashable, Sendable {
        var first: Int
        var second: Int
        /// The span when it began (mm, at least the minimum).
        var startSpan: Double
        /// The last reported step.
        var last: TouchpadPinch
    }

    enum State: Hashable, Sendable {
        /// Fewer or more than two active fingers.
        case idle
        case undecided(Start)
        case scrolling(Start)
        case pinching(Pinch)
        /// A pinch ended; active fingers remain.
        case over
    }

    private(set) var state: State = .idle

    /// A machine at rest.
    package init() {}

    /// Whether nothing is under way (no pair followed).
    package var isIdle: Bool { state == .idle }

    /// Whether a pinch is under way (began, not yet ended).
    package var isPinching: Bool {
        if case .pinching = state { return true }
        return false
    }

    /// One frame: `fingers` the active fingers after it (oldest first),
    /// `lifted` the fingers that lifted in it (true: ended, false:
    /// cancelled), `buttonDown` whether a button is down after it.
    /// `nextContactID` numbers the two contacts of a pinch that begins (it
    /// is advanced by two then).
    /// - Complexity: O(f) for f fingers.
    package mutating func frame(at time: EventTime, fingers: [Finger], lifted: [Int: Bool], buttonDown: Bool,
                                nextContactID: inout Int) -> Action {
        switch state {
        case .idle:
            return pair(at: time, fingers, buttonDown: buttonDown, nextContactID: &nextContactID)
        case .over:
            if fingers.isEmpty {
                state = .idle
                return .pointer
            }
            return .still
        case .undecided(let start):
            guard !buttonDown, let (a, b) = Self.same(start, fingers) else {
                state = .idle
                return pair(at: time, fingers, buttonDown: buttonDown, nextContactID: &nextContactID)
            }
            return decide(start, a, b, at: time, nextContactID: &nextContactID)
        case .scrolling(let start):
            guard !buttonDown, let (a, b) = Self.same(start, fingers) else {
                state = .idle
                return pair(at: time, fingers, buttonDown: buttonDown, nextContactID: &nextContactID)
            }
            if Self.younger(time, than: start.time, by: Self.pinchCorrectionWindow), Self.isPinch(start, a, b) {
                return beginPinch(a, b, nextContactID: &nextContactID)
            }
            return .scroll(releasing: false)
        case .pinching(var pinch):
            let a = fingers.first { $0.id == pinch.first }, b = fingers.first { $0.id == pinch.second }
            if let a, let b, fingers.count == 2, !buttonDown {
                let span = a.millimetres.distance(to: b.millimetres)
                if span.isFinite {
                    let measured = max(span, Self.minimumSpanMillimetres)
                    pinch.last.phase = .moved
                    pinch.last.scale = measured / pinch.startSpan
                    pinch.last.spanMillimetres = measured
                    state = .pinching(pinch)
                    return .pinch(pinch.last)
                }
            }
            // The pair broke: ended when one of them lifted and nothing
            // else came, cancelled otherwise.
            let liftedOne = lifted[pinch.first] == true || lifted[pinch.second] == true
            let others = fingers.contains { $0.id != pinch.first && $0.id != pinch.second }
            pinch.last.phase = liftedOne && !others && !buttonDown ? .ended : .cancelled
            state = fingers.isEmpty ? .idle : .over
            return .pinch(pinch.last)
        }
    }

    /// A pinch under way is cancelled (the stream ended, the device reset):
    /// its last step as cancelled, and the machine at rest.
    package mutating func cancel() -> TouchpadPinch? {
        defer { state = .idle }
        guard case .pinching(var pinch) = state else { return nil }
        pinch.last.phase = .cancelled
        return pinch.last
    }

    // MARK: - Steps

    /// Exactly two active fingers and no button: a new undecided pair.
    private mutating func pair(at time: EventTime, _ fingers: [Finger], buttonDown: Bool,
                               nextContactID: inout Int) -> Action {
        guard fingers.count == 2, !buttonDown else { return .pointer }
        let start = Start(first: fingers[0], second: fingers[1], time: time)
        return decide(start, fingers[0], fingers[1], at: time, nextContactID: &nextContactID)
    }

    /// The undecided pair's decision at `time` (libinput's rules, above).
    private mutating func decide(_ start: Start, _ a: Finger, _ b: Finger, at time: EventTime,
                                 nextContactID: inout Int) -> Action {
        state = .undecided(start)
        let m1 = start.first.millimetres.distance(to: a.millimetres)
        let m2 = start.second.millimetres.distance(to: b.millimetres)
        // Not a finite number (an absurd resolution): nothing is decided.
        guard m1.isFinite, m2.isFinite else { return .undecided }
        if m1 < Self.decisionMillimetres, m2 < Self.decisionMillimetres { return .undecided }
        let across = abs(a.millimetres.x - b.millimetres.x), down = abs(a.millimetres.y - b.millimetres.y)
        if across < Self.scrollGapAcrossMillimetres, down < Self.scrollGapDownMillimetres,
           !Self.younger(time, than: start.time, by: Self.scrollDecisionDelay + .microseconds(1)) {
            return scroll(start)
        }
        if max(m1, m2) >= Self.oneFingerScrollMillimetres, min(m1, m2) < Self.motionMillimetres { return scroll(start) }
        if m1 < Self.motionMillimetres || m2 < Self.motionMillimetres { return .undecided }
        if Self.sameDirection(a.millimetres - start.first.millimetres, b.millimetres - start.second.millimetres) {
            return scroll(start)
        }
        return beginPinch(a, b, nextContactID: &nextContactID)
    }

    private mutating func scroll(_ start: Start) -> Action {
        state = .scrolling(start)
        return .scroll(releasing: true)
    }

    private mutating func beginPinch(_ a: Finger, _ b: Finger, nextContactID: inout Int) -> Action {
        let span = a.millimetres.distance(to: b.millimetres)
        guard span.isFinite else { return .undecided }
        let measured = max(span, Self.minimumSpanMillimetres)
        let first = nextContactID
        nextContactID &+= 2
        let step = TouchpadPinch(phase: .began, scale: 1, spanMillimetres: measured,
                                 firstContactID: first, secondContactID: first &+ 1)
        state = .pinching(Pinch(first: a.id, second: b.id, startSpan: measured, last: step))
        return .pinch(step)
    }

    // MARK: - Facts

    /// The two fingers of `start`, in its order, when `fingers` is exactly them.
    static func same(_ start: Start, _ fingers: [Finger]) -> (Finger, Finger)? {
        guard fingers.count == 2 else { return nil }
        if fingers[0].id == start.first.id, fingers[1].id == start.second.id { return (fingers[0], fingers[1]) }
        if fingers[1].id == start.first.id, fingers[0].id == start.second.id { return (fingers[1], fingers[0]) }
        return nil
    }

    /// Whether less than `d` has passed from `start` to `time` (a time
    /// before the start counts as none).
    static func younger(_ time: EventTime, than start: EventTime, by d: Duration) -> Bool {
        let (elapsed, overflow) = time.microseconds.subtractingReportingOverflow(start.microseconds)
        if overflow { return start.microseconds > time.microseconds }
        return elapsed < d.microsecondsRounded
    }

    /// libinput's pinch test for a scroll that may be a pinch: both fingers
    /// past 1.5 mm, moving different ways.
    static func isPinch(_ start: Start, _ a: Finger, _ b: Finger) -> Bool {
        let d1 = a.millimetres - start.first.millimetres, d2 = b.millimetres - start.second.millimetres
        guard d1.length >= motionMillimetres, d2.length >= motionMillimetres else { return false }
        return !sameDirection(d1, d2)
    }

    /// Whether two motions go the same way, as libinput's gesture code
    /// reads it: each marks one or two of the eight compass octants (three
    /// for a motion under 2 mm on both axes), and they are the same when
    /// the marks overlap or neighbour.
    package static func sameDirection(_ d1: Point, _ d2: Point) -> Bool {
        let a = octants(d1), b = octants(d2)
        let aNear = a | a >> 1 | (a & 1) << 7, bNear = b | b >> 1 | (b & 1) << 7
        return aNear & b != 0 || bNear & a != 0
    }

    /// The compass octants a motion (mm, y down) marks: bit 0 north, then
    /// clockwise (bit 2 east, 4 south, 6 west). A motion under 2 mm on both
    /// axes marks the three octants of its quadrant (or of its axis); a
    /// longer one the octant it points into, and the neighbour it is
    /// nearer too unless it lies within a tenth of an octant of a compass
    /// point. No motion marks nothing.
    package static func octants(_ d: Point) -> UInt8 {
        let n: UInt8 = 1, ne: UInt8 = 2, e: UInt8 = 4, se: UInt8 = 8, s: UInt8 = 16, sw: UInt8 = 32, w: UInt8 = 64, nw: UInt8 = 128
        guard d.x.isFinite, d.y.isFinite else { return 0 }
        if abs(d.x) < 2, abs(d.y) < 2 {
            switch (d.x > 0 ? 1 : (d.x < 0 ? -1 : 0), d.y > 0 ? 1 : (d.y < 0 ? -1 : 0)) {
            case (1, 1): return s | se | e
            case (1, -1): return n | ne | e
            case (-1, 1): return s | sw | w
            case (-1, -1): return n | nw | w
            case (1, _): return ne | e | se
            case (-1, _): return nw | w | sw
            case (_, 1): return se | s | sw
            case (_, -1): return ne | n | nw
            default: return 0
            }
        }
        // The bearing clockwise from north, in octants: 0 ..< 8.
        let r = bearing(d) * 4 / Double.pi
        let d1 = Int(r + 0.9) % 8, d2 = Int(r + 0.1) % 8
        return UInt8(1) << UInt8(d1) | UInt8(1) << UInt8(d2)
    }

    /// The bearing of a motion (y down), clockwise from north, in radians
    /// 0 ..< 2π, without Glibc (the module is pure).
    static func bearing(_ d: Point) -> Double {
        // The angle from the +x axis towards +y (screen clockwise) …
        let ax = abs(d.x), ay = abs(d.y)
        var t = ax >= ay ? atan(ay / ax) : Double.pi / 2 - atan(ax / ay)
        if d.x < 0 { t = Double.pi - t }
        if d.y < 0 { t = 2 * Double.pi - t }
        // … turned a quarter back: north (−y) is 0.
        var r = t + Double.pi / 2
        if r >= 2 * Double.pi { r -= 2 * Double.pi }
        return r
    }

    /// atan of 0 ≤ z ≤ 1: reduced below tan(π/12) with atan(z) = π/6 +
    /// atan((√3 z − 1)/(√3 + z)), then its series (13 terms: exact to
    /// double precision there).
    package static func atan(_ z: Double) -> Double {
        guard z.isFinite, z > 0 else { return 0 }
        let root3 = 1.732_050_807_568_877_2
        var x = z, base = 0.0
        if x > 0.267_949_192_431_122_7 {
            x = (root3 * x - 1) / (root3 + x)
            base = Double.pi / 6
        }
        let x2 = x * x
        var term = x, sum = 0.0
        for k in 0..<13 {
            sum += (k % 2 == 0 ? term : -term) / Double(2 * k + 1)
            term *= x2
        }
        return base + sum
    }
}
