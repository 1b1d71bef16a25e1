// A change to this machine changes the diagram in Documentation/Scrolling.md too.
#if canImport(Glibc)
import Glibc // log, pow, exp only: math, no I/O
#elseif canImport(Darwin)
import Darwin
#endif
import GripperInput

/// The content offset along the scroll axis and how it moves: held by a
/// finger (rubber-banded past either end), decelerating after a fling,
/// springing back from past an end, or animating to where the app asked.
///
/// One scalar offset, so the same machine serves either scroll axis. Time
/// is the events' own: a moving state keeps a deadline (``nextDeadline``,
/// one frame apart) and the caller sends ``tick(at:maxOffset:configuration:)``
/// when it is due; every position is a closed form of the time since the
/// motion began, so when the ticks come does not change where the content
/// is. The editing machine owns one and drives it (see
/// `Documentation/Scrolling.md` for the diagram and the formulas).
package struct ScrollStateMachine: Hashable, Sendable {
    /// The machine's states; each carries what that state needs.
    enum State: Hashable, Sendable {
        /// At rest: the offset is in range.
        case idle
        /// A finger holds the content; the offset may be past an end (rubber band).
        case tracking
        /// A fling decelerates.
        case decelerating(Fling)
        /// The content springs back to an end.
        case bouncing(Bounce)
        /// An animated scroll the app asked for.
        case animating(Animation)
    }

    /// A fling: `from` at `start` with `velocity`, decelerating.
    struct Fling: Hashable, Sendable {
        var start: EventTime
        var from: Double
        var velocity: Double
        /// When the speed falls below the stop speed.
        var stop: EventTime
        /// The last time the offset was computed.
        var lastTick: EventTime
        var nextTick: EventTime
        /// Where an aimed fling (a layout's snapping) ends exactly; nil for
        /// a free one.
        var end: Double?
    }

    /// A critically damped spring toward `edge`: `x0` past it with `v0` at `start`.
    struct Bounce: Hashable, Sendable {
        /// What set the content moving (a fling that ran into an end stays a fling).
        var kind: ScrollMotion.Kind
        var start: EventTime
        var edge: Double
        var x0: Double
        var v0: Double
        var nextTick: EventTime
    }

    /// An eased scroll from `from` to `to` between `start` and `end`.
    struct Animation: Hashable, Sendable {
        var start: EventTime
        var end: EventTime
        var from: Double
        var to: Double
        var nextTick: EventTime
    }

    private(set) var state: State = .idle
    /// The content offset along the scroll axis.
    package private(set) var offset: Double = 0

    /// Creates a machine at rest at offset 0.
    package init() {}

    /// When the machine wants a tick, if it is moving.
    /// - Complexity: O(1).
    package var nextDeadline: EventTime? {
        switch state {
        case .idle, .tracking: nil
        case .decelerating(let f): f.nextTick
        case .bouncing(let b): b.nextTick
        case .animating(let a): a.nextTick
        }
    }

    /// Whether the content moves on its own (a fling, a bounce, an animation).
    package var isMoving: Bool { nextDeadline != nil }

    /// Whether a finger holds the content.
    package var isTracking: Bool { state == .tracking }

    /// The kind of motion under way, if any.
    package var motionKind: ScrollMotion.Kind? {
        switch state {
        case .idle, .tracking: nil
        case .decelerating: .fling
        case .bouncing(let b): b.kind
        case .animating: .animation
        }
    }

    // MARK: - Events

    /// A finger takes hold of the content: a motion under way stops where it is.
    /// - Complexity: O(1).
    package mutating func hold(effects: inout [EditingEffect]) {
        stopMotion(effects: &effects)
        state = .tracking
    }

    /// The finger moved the content to `raw` (the offset it would have with
    /// no ends): past an end the content follows with the rubber band's
    /// resistance.
    /// - Complexity: O(1).
    package mutating func track(raw: Double, maxOffset: Double, dimension: Double,
                                configuration: EditingConfiguration, effects: inout [EditingEffect]) {
        if state != .tracking { hold(effects: &effects) }
        let c = configuration.rubberBandCoefficient
        let banded: Double
        if raw < 0 {
            banded = -Self.rubberBand(-raw, dimension: dimension, coefficient: c)
        } else if raw > maxOffset {
            banded = maxOffset + Self.rubberBand(raw - maxOffset, dimension: dimension, coefficient: c)
        } else {
            banded = raw
        }
        set(banded, effects: &effects)
    }

    /// The offset a finger taking hold now would have dragged to with no
    /// ends: the rubber band undone (``offset`` itself when in range).
    /// - Complexity: O(1).
    package func rawOffset(maxOffset: Double, dimension: Double, configuration: EditingConfiguration) -> Double {
        let c = configuration.rubberBandCoefficient
        if offset < 0 { return -Self.unband(-offset, dimension: dimension, coefficient: c) }
        if offset > maxOffset { return maxOffset + Self.unband(offset - maxOffset, dimension: dimension, coefficient: c) }
        return offset
    }

    /// The finger lets go with `velocity` (points/s; positive: the offset
    /// grows). Past an end the content springs back; in range, fast enough,
    /// it flings; otherwise it rests where it is. `snap` (the layout's
    /// ``CollectionLayout/targetContentOffset(forProposed:from:velocity:viewportExtent:)``)
    /// moves where it rests, from where it would (the proposed offset, the
    /// current one, the velocity): the fling is then aimed to end exactly
    /// there, whatever the release's speed.
    /// - Complexity: O(1), and one `snap`.
    package mutating func release(velocity: Double, at time: EventTime, maxOffset: Double,
                                  configuration: EditingConfiguration, effects: inout [EditingEffect],
                                  snap: (Double, Double, Double) -> Double = { proposed, _, _ in proposed }) {
        let cap = configuration.maximumFlingSpeed
        let v = velocity.isFinite ? min(max(velocity, -cap), cap) : 0
        let interval = Self.interval(configuration)
        if offset < 0 || offset > maxOffset {
            let edge = offset < 0 ? 0.0 : maxOffset
            state = .bouncing(Bounce(kind: .bounce, start: time, edge: edge, x0: offset - edge, v0: v,
                                     nextTick: time + interval))
            effects.append(.scrollMotionBegan(ScrollMotion(kind: .bounce, from: offset, to: edge, velocity: v)))
            return
        }
        let rate = configuration.decelerationRate
        guard rate > 0, rate < 1, configuration.scrollStopSpeed > 0 else {
            state = .idle
            return
        }
        let flings = abs(v) >= configuration.minimumFlingSpeed && abs(v) > configuration.scrollStopSpeed
        // Where it would rest: the fling's end (its speed falls to the stop
        // speed), or here.
        let natural = flings ? Self.end(from: offset, velocity: v, rate: rate, stopSpeed: configuration.scrollStopSpeed)
                             : offset
        // A release too slow to fling is no motion to keep the direction of.
        let snapped = snap(natural, offset, flings ? v : 0)
        // A free fling may run into an end and bounce; an aimed one stays in range.
        let aimed = snapped != natural && snapped.isFinite
        let target = aimed ? min(max(snapped, 0), maxOffset) : natural
        var speed = v
        if aimed {
            // Aimed: the initial speed whose fling ends at the target.
            let distance = target - offset
            guard distance != 0 else {
                state = .idle
                return
            }
            speed = (distance > 0 ? 1 : -1)
                * (abs(distance) * 1000 * abs(log(rate)) + configuration.scrollStopSpeed)
        } else if !flings {
            state = .idle
            return
        }
        let stopMilliseconds = log(configuration.scrollStopSpeed / abs(speed)) / log(rate)
        let stop = time + .microseconds(Int64((stopMilliseconds * 1000).rounded(.up)))
        var fling = Fling(start: time, from: offset, velocity: speed, stop: stop, lastTick: time,
                          nextTick: min(time + interval, stop))
        if aimed { fling.end = target }
        let end = fling.end ?? Self.position(fling, at: stop, rate: rate)
        state = .decelerating(fling)
        effects.append(.scrollMotionBegan(ScrollMotion(kind: .fling, from: offset, to: min(max(end, 0), maxOffset),
                                                       velocity: speed)))
    }

    /// Where a fling from `from` at `velocity` comes to rest: its speed
    /// v · rateᵗ falls to `stopSpeed`, having gone (v − sign(v) · stop) / (1000 · |ln rate|).
    /// - Complexity: O(1).
    static func end(from: Double, velocity v: Double, rate: Double, stopSpeed: Double) -> Double {
        from + (v - (v > 0 ? stopSpeed : -stopSpeed)) / (1000 * abs(log(rate)))
    }

    /// A frame of the motion under way, at `time` (nothing before its deadline).
    /// - Complexity: O(1).
    package mutating func tick(at time: EventTime, maxOffset: Double, configuration: EditingConfiguration,
                               effects: inout [EditingEffect]) {
        guard let deadline = nextDeadline, time >= deadline else { return }
        let interval = Self.interval(configuration)
        switch state {
        case .idle, .tracking:
            return
        case .decelerating(var f):
            let rate = configuration.decelerationRate
            let t = min(time, f.stop)
            let p = Self.position(f, at: t, rate: rate)
            if p < 0 || p > maxOffset {
                // It ran into an end: from the moment it crossed, a spring
                // takes it past the end and back.
                let edge = p < 0 ? 0.0 : maxOffset
                let crossing = Self.crossing(f, edge: edge, rate: rate, until: t) ?? f.lastTick
                let bounce = Bounce(kind: .fling, start: crossing, edge: edge,
                                    x0: Self.position(f, at: crossing, rate: rate) - edge,
                                    v0: Self.velocity(f, at: crossing, rate: rate), nextTick: time)
                state = .bouncing(bounce)
                tick(at: time, maxOffset: maxOffset, configuration: configuration, effects: &effects)
                return
            }
            set(t >= f.stop ? f.end ?? p : p, effects: &effects)
            if t >= f.stop {
                state = .idle
                effects.append(.scrollMotionEnded(.fling, at: offset, settled: true))
            } else {
                f.lastTick = time
                f.nextTick = min(time + interval, f.stop)
                state = .decelerating(f)
            }
        case .bouncing(var b):
            let (x, v) = Self.spring(b, at: time, omega: configuration.bounceAngularFrequency)
            if abs(x) < configuration.bounceRestDistance && abs(v) < configuration.scrollStopSpeed {
                set(min(max(b.edge, 0), maxOffset), effects: &effects)
                state = .idle
                effects.append(.scrollMotionEnded(b.kind, at: offset, settled: true))
            } else {
                set(b.edge + x, effects: &effects)
                b.nextTick = time + interval
                state = .bouncing(b)
            }
        case .animating(var a):
            let t = min(time, a.end)
            let span = Double(a.end.microseconds(since: a.start))
            let fraction = span > 0 ? Double(t.microseconds(since: a.start)) / span : 1
            let eased = fraction * fraction * (3 - 2 * fraction)
            set(min(max(a.from + (a.to - a.from) * eased, 0), maxOffset), effects: &effects)
            if t >= a.end {
                state = .idle
                effects.append(.scrollMotionEnded(.animation, at: offset, settled: true))
            } else {
                a.nextTick = min(time + interval, a.end)
                state = .animating(a)
            }
        }
    }

    /// Moves the content to `target` (clamped to the range) at once,
    /// stopping a motion under way: the wheel, auto-scroll, a scroll the
    /// app asks for without animation.
    /// - Complexity: O(1).
    package mutating func jump(to target: Double, maxOffset: Double, effects: inout [EditingEffect]) {
        stopMotion(effects: &effects)
        state = .idle
        guard target.isFinite else { return }
        set(min(max(target, 0), maxOffset), effects: &effects)
    }

    /// Starts an eased animation to `target` (clamped to the range) from
    /// where the content is, stopping a motion under way; nothing when it is
    /// there already.
    /// - Complexity: O(1).
    package mutating func animate(to target: Double, at time: EventTime, maxOffset: Double,
                                  configuration: EditingConfiguration, effects: inout [EditingEffect]) {
        stopMotion(effects: &effects)
        state = .idle
        guard target.isFinite else { return }
        let to = min(max(target, 0), maxOffset)
        let start = min(max(offset, 0), maxOffset)
        set(start, effects: &effects)
        guard to != start else { return }
        let end = time + max(configuration.scrollAnimationDuration, .microseconds(1))
        state = .animating(Animation(start: time, end: end, from: start, to: to,
                                     nextTick: min(time + Self.interval(configuration), end)))
        effects.append(.scrollMotionBegan(ScrollMotion(kind: .animation, from: start, to: to, velocity: 0)))
    }

    /// The content's range changed (an edit, the app's batch, a resize): at
    /// rest, an offset now past the end is brought back at once; a motion
    /// under way comes to rest in the new range by itself, and a finger
    /// holding the content keeps it until it lets go.
    /// - Complexity: O(1).
    package mutating func rangeChanged(maxOffset: Double, effects: inout [EditingEffect]) {
        guard state == .idle else { return }
        set(min(max(offset, 0), maxOffset), effects: &effects)
    }

    /// Moves the content to `target` (a resize keeping the first visible
    /// item in place): under a finger as it is (the finger goes on from
    /// there), otherwise clamped to the range, stopping a motion under way.
    /// - Complexity: O(1).
    package mutating func shift(to target: Double, maxOffset: Double, effects: inout [EditingEffect]) {
        if state == .tracking {
            guard target.isFinite else { return }
            set(target, effects: &effects)
        } else {
            jump(to: target, maxOffset: maxOffset, effects: &effects)
        }
    }

    // MARK: - Formulas

    /// How far past an end the content goes when dragged `overshoot`
    /// points past it: (1 − 1 / (x·c/d + 1)) · d — linear with slope c at
    /// first, never reaching d.
    /// - Complexity: O(1).
    package static func rubberBand(_ overshoot: Double, dimension d: Double, coefficient c: Double) -> Double {
        guard overshoot > 0, d > 0, c > 0 else { return 0 }
        let r = (1 - 1 / (overshoot * c / d + 1)) * d
        return r.isFinite ? min(r, d) : d
    }

    /// The inverse of ``rubberBand(_:dimension:coefficient:)``: the drag
    /// past an end that puts the content `banded` points past it.
    /// - Complexity: O(1).
    package static func unband(_ banded: Double, dimension d: Double, coefficient c: Double) -> Double {
        guard banded > 0, d > 0, c > 0 else { return 0 }
        guard banded < d else { return banded }  // out of the band's reach: taken as it is
        return banded * d / (c * (d - banded))
    }

    private static func milliseconds(from start: EventTime, to time: EventTime) -> Double {
        Double(time.microseconds(since: start)) / 1000
    }

    /// The fling's offset at `time`: from + v/1000 · (rateᵗ − 1) / ln rate, t in ms.
    static func position(_ f: Fling, at time: EventTime, rate: Double) -> Double {
        let t = milliseconds(from: f.start, to: time)
        return f.from + f.velocity / 1000 * (pow(rate, t) - 1) / log(rate)
    }

    /// The fling's speed at `time`: v · rateᵗ.
    static func velocity(_ f: Fling, at time: EventTime, rate: Double) -> Double {
        f.velocity * pow(rate, milliseconds(from: f.start, to: time))
    }

    /// When the fling reaches `edge`, if it does between its start and `limit`.
    static func crossing(_ f: Fling, edge: Double, rate: Double, until limit: EventTime) -> EventTime? {
        let k = f.velocity / 1000 / log(rate)
        guard k != 0 else { return nil }
        let r = 1 + (edge - f.from) / k
        guard r > 0, r <= 1 else { return nil }
        let ms = log(r) / log(rate)
        guard ms.isFinite, ms >= 0 else { return nil }
        let t = f.start + .microseconds(Int64((ms * 1000).rounded()))
        return t <= limit ? max(t, f.start) : nil
    }

    /// The spring's displacement from its edge and its speed at `time`:
    /// x = (x₀ + (v₀ + ω x₀) t) e^(−ωt), v = (v₀ − ω (v₀ + ω x₀) t) e^(−ωt).
    static func spring(_ b: Bounce, at time: EventTime, omega: Double) -> (x: Double, v: Double) {
        let t = max(0, Double(time.microseconds(since: b.start)) / 1_000_000)
        let w = omega.isFinite && omega > 0 ? omega : 200.0.squareRoot()
        let e = exp(-w * t)
        let bTerm = b.v0 + w * b.x0
        let x = (b.x0 + bTerm * t) * e
        let v = (b.v0 - w * bTerm * t) * e
        return (x.isFinite ? x : 0, v.isFinite ? v : 0)
    }

    private static func interval(_ configuration: EditingConfiguration) -> Duration {
        max(configuration.tickInterval, .microseconds(1))
    }

    private mutating func stopMotion(effects: inout [EditingEffect]) {
        if let kind = motionKind {
            effects.append(.scrollMotionEnded(kind, at: offset, settled: false))
        }
        if state != .tracking { state = .idle }
    }

    private mutating func set(_ value: Double, effects: inout [EditingEffect]) {
        guard value.isFinite, value != offset else { return }
        offset = value
        effects.append(.scrolled(to: value))
    }
}
