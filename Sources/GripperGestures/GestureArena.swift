// A change to this machine changes its diagram in Documentation/Gestures.md (Arena) too.
import GripperGeometry
@_spi(Benchmarks) import GripperInput

/// The installed gesture recognizers and the rules between them: what the
/// editing state machine listens to.
///
/// Feed it `ContactFrame`s in time order with ``handle(_:)``; between
/// frames, call ``fire(until:)`` when ``nextDeadline`` comes (a live loop's
/// timer), or let ``handle(_:)`` fire the deadlines due first (it always
/// does). Nothing here reads a clock: time is the frames' own, and a time
/// earlier than one already seen is taken as that one (time never goes
/// back).
///
/// The recognizers follow one contact, the *primary*: the first to go down
/// while none was down. The rules (see `Documentation/Gestures.md`):
/// - movement past the slop before the long-press deadline begins a pan
///   (horizontal or vertical, by the larger displacement) and fails the tap
///   and the long-press;
/// - at the long-press deadline, a press still within the slop begins a
///   long-press, fails the tap, the pan and the swipe; later movement is
///   the long-press's `changed` (a drag);
/// - a press that lifts before any of these failed its tap is a tap,
///   however long it was held (so, with a long-press installed, any
///   press lifted still within the slop before the long-press deadline);
/// - a quick tap (lifted before ``GestureConfiguration/maximumTapDuration``)
///   waits for a following tap only when ``GestureConfiguration/maximumTapCount``
///   is above 1; a held one is recognized at its lift with count 1;
/// - at the lift, a pan ends, and a swipe is recognized or fails;
/// - extra contacts act as ``GestureConfiguration/extraContacts`` says;
///   with the pinch installed (``GestureKind/pinch``), a second direct
///   contact that goes down while no long-press is active ends the
///   one-finger gestures as an extra contact does and the arena follows the
///   two: once their distance changed by more than
///   ``GestureConfiguration/pinchSlopMillimetres``, and by more than
///   their midpoint moved, a pinch begins, and it
///   ends when either lifts (cancelled by a third contact).
///
/// Every frame also yields touch notices (``Gesture/touch(_:_:)``) for every
/// contact: `began` ones open the frame's events, `ended`/`cancelled` ones
/// close them; and a wheel movement yields a ``Gesture/scroll(by:at:isPointer:)``.
@_spi(Benchmarks) public struct GestureArena: Sendable {
    /// The configuration the arena was made with.
    public let configuration: GestureConfiguration
    /// The kind of device the frames come from, when known: it decides which
    /// slop a pointer contact gets (see ``init(configuration:deviceKind:)``).
    public let deviceKind: DeviceKind?

    /// The primary contact followed.
    struct Track: Hashable, Sendable {
        var contactID: Int
        var start: GestureSample
        var last: GestureSample
        var isPointer: Bool
        var crossedSlop: Bool
    }

    enum State: Hashable, Sendable {
        /// No contact followed (a tap may still wait for its successor).
        case idle
        /// The recognizers follow the primary contact.
        case tracking(Track)
        /// The sequence was cancelled or cannot be ours: ignore contacts until none is down.
        case waitingForLift
        /// Two contacts followed as a pinch (begun or not yet).
        case pinching(Pinch)
    }

    /// Two contacts followed as a pinch.
    struct Pinch: Hashable, Sendable {
        var first: Int
        var second: Int
        /// The span when the second contact went down, millimetres (at
        /// least the minimum span).
        var startSpan: Double
        /// The two contacts' midpoint when the second went down, millimetres.
        var startCentre: Point
        /// Whether the span has changed past the slop (the pinch began).
        var began: Bool
        /// The motion last reported (or measured, before it began).
        var last: PinchMotion
    }

    private var state: State = .idle
    private var tap: TapStateMachine
    private var longPress: LongPressStateMachine
    private var pan = PanStateMachine()
    private var swipe: SwipeStateMachine
    private var velocity = VelocityEstimator()
    private var lastTime: EventTime?
    private var lastLocation: Point = .zero
    /// The events ``handle(_:)`` or ``fire(until:)`` handed over last: their
    /// storage becomes the next call's when the caller has let go of them.
    private var handedOver: [GestureEvent] = []
    private let hasTouch: Bool
    private let hasTap: Bool
    private let hasLongPress: Bool
    private let hasPan: Bool
    private let hasSwipe: Bool
    private let hasScroll: Bool
    /// Whether a second direct contact starts a pinch (``GestureKind/pinch``
    /// installed); the engine turns it on when the app gives it layouts
    /// to pinch between.
    package var recognizesPinch: Bool
    /// Recent (time, scale) samples of a pinch, for its velocity (at most
    /// ``scaleSampleLimit``, those in the velocity window).
    private var scaleSamples: [ScaleSample] = []
    private static let scaleSampleLimit = 32
    struct ScaleSample: Hashable, Sendable {
        var time: EventTime
        var scale: Double
    }
    /// Whether pointer contacts get the pointer slop (not from a touchpad).
    private let usesPointerSlop: Bool

    /// Creates an arena with the recognizers `configuration` installs.
    ///
    /// `deviceKind` says where the frames come from. A pointer contact
    /// (`ContactFrame.isPointer`) moves in mouse counts unless the device is a
    /// touchpad, whose fingers move in real millimetres: so pointer contacts
    /// get ``GestureConfiguration/pointerSlopMillimetres``, except from a
    /// `.touchpad`, whose fingers get the touch slop. Direct touches always
    /// get the touch slop.
    public init(configuration: GestureConfiguration = .default, deviceKind: DeviceKind? = nil) {
        self.configuration = configuration
        self.deviceKind = deviceKind
        usesPointerSlop = deviceKind != .touchpad
        tap = TapStateMachine(configuration: configuration)
        longPress = LongPressStateMachine(configuration: configuration)
        swipe = SwipeStateMachine(configuration: configuration)
        let r = configuration.recognizers
        hasTouch = r.contains(.touch)
        hasTap = r.contains(.tap)
        hasLongPress = r.contains(.longPress)
        hasPan = r.contains(.pan)
        hasSwipe = r.contains(.swipe)
        hasScroll = r.contains(.scroll)
        recognizesPinch = r.contains(.pinch)
    }

    /// The earliest time at which ``fire(until:)`` has something to do: a
    /// long-press deadline, a tap's maximum duration, or the end of a
    /// double-tap wait. Nil when nothing waits.
    /// - Complexity: O(1).
    public var nextDeadline: EventTime? {
        let a = hasTap ? tap.deadline : nil
        let b = hasLongPress ? longPress.deadline : nil
        switch (a, b) {
        case let (a?, b?): return min(a, b)
        case let (a?, nil): return a
        case let (nil, b?): return b
        case (nil, nil): return nil
        }
    }

    /// Whether nothing is in progress: no contact followed, no deadline
    /// pending, no gesture begun. A stream that ended with every contact
    /// lifted leaves the arena idle after ``finish()``.
    public var isIdle: Bool {
        if case .idle = state, nextDeadline == nil, !longPress.isActive, !pan.isActive { return true }
        // A pinch being followed is not idle, begun or not.
        return false
    }

    /// Handles one frame: fires the deadlines due at or before its time,
    /// then reports what the frame changes.
    /// - Complexity: O(c + k) for the frame's c contacts and the k velocity
    ///   samples in the window (at most 64); no allocation beyond the result,
    ///   and none for it either when the caller let go of the events the
    ///   arena handed over before (their storage is taken back; events a
    ///   caller keeps stay as they were).
    public mutating func handle(_ frame: ContactFrame) -> [GestureEvent] {
        let time = max(frame.time, lastTime ?? frame.time)
        var out = takeBackStorage()
        defer { handedOver = out }
        fireDeadlines(until: time, into: &out)
        lastTime = time
        if hasTouch {
            for c in frame.contacts where c.phase == .began {
                out.append(GestureEvent(time: time, .touch(.began, GestureContact(id: c.id, location: c.location,
                                                                                  isPointer: frame.isPointer))))
            }
        }
        if hasScroll, frame.scroll != .zero {
            let location = frame.isPointer ? (frame.contacts.first?.location ?? lastLocation) : lastLocation
            out.append(GestureEvent(time: time, .scroll(by: frame.scroll * configuration.scrollPointsPerDetent,
                                                         at: location, isPointer: frame.isPointer)))
        }
        switch state {
        case .idle:
            begin(frame, at: time, into: &out)
        case .tracking(let track):
            follow(track, in: frame, at: time, into: &out)
        case .waitingForLift:
            if !frame.contacts.contains(where: { !$0.phase.isFinal }) { state = .idle }
        case .pinching(let pinch):
            followPinch(pinch, in: frame, at: time, into: &out)
        }
        if let last = frame.contacts.last { lastLocation = last.location }
        if hasTouch {
            for c in frame.contacts where c.phase.isFinal {
                let contact = GestureContact(id: c.id, location: c.location, isPointer: frame.isPointer)
                out.append(GestureEvent(time: time, .touch(c.phase == .ended ? .ended : .cancelled, contact)))
            }
        }
        _checkInvariants()
        return out
    }

    /// Fires every deadline at or before `time`, each at its own time, in
    /// time order (a tap's before a long-press's at the same time).
    /// - Complexity: O(1) per deadline fired; the result's storage is taken
    ///   back as ``handle(_:)`` takes it back.
    public mutating func fire(until time: EventTime) -> [GestureEvent] {
        var out = takeBackStorage()
        defer { handedOver = out }
        let time = max(time, lastTime ?? time)
        fireDeadlines(until: time, into: &out)
        lastTime = time
        _checkInvariants()
        return out
    }

    /// Cancels the given recognizers from outside (device lost, the editing
    /// machine took over …) at `time`, after firing the deadlines due then.
    /// A long-press or pan in progress reports `cancelled`; a possible tap,
    /// long-press or swipe fails; a tap waiting for its successor is dropped.
    /// Cancelling every recognizer also stops following the primary: the
    /// contacts still down are ignored until they have all lifted.
    /// - Complexity: O(1).
    public mutating func cancel(_ kinds: Set<GestureKind> = GestureKind.all, at time: EventTime) -> [GestureEvent] {
        var out = fire(until: time)
        let time = lastTime ?? time
        let track: Track? = { if case .tracking(let t) = state { return t } else { return nil } }()
        if kinds.contains(.pinch), case .pinching(let pinch) = state {
            if pinch.began { out.append(GestureEvent(time: time, .pinch(.cancelled, pinch.last))) }
            // Idle, as after cancelling every recognizer: the contacts still
            // down are not followed until all have lifted.
            state = .idle
        }
        if kinds.contains(.longPress), hasLongPress { 
            let action = longPress.cancel()
            report(action, track, time, &out)
        }
        if kinds.contains(.pan), hasPan { 
            let action = pan.cancel()
            report(action, track, time, &out)
        }
        if kinds.contains(.swipe), hasSwipe { 
            let action = swipe.cancel()
            report(action, track, time, &out)
        }
        if kinds.contains(.tap), hasTap { 
            let action = tap.cancel()
            report(action, track, time, &out)
        }
        let recognizers: Set<GestureKind> = [.tap, .longPress, .pan, .swipe]
        if recognizers.isSubset(of: kinds) {
            tap.abandonPress()
            longPress.reset()
            pan.reset()
            swipe.reset()
            // Idle, not waiting: with no more frames (device lost) nothing
            // would end the wait; a contact still down in the next frame
            // that did not begin there is ignored until all lift.
            state = .idle
        }
        _checkInvariants()
        return out
    }

    /// Empty storage for a call's events: the storage of the events handed
    /// over last, emptied in place when the caller has let go of them (new
    /// storage of the same capacity otherwise).
    /// - Complexity: O(e) for the e events handed over last.
    private mutating func takeBackStorage() -> [GestureEvent] {
        var out: [GestureEvent] = []
        swap(&out, &handedOver)
        out.removeAll(keepingCapacity: true)
        return out
    }

    /// Ends a stream: a contact still followed is cancelled at the last
    /// time seen, then every remaining deadline fires (a tap waiting for its
    /// successor is recognized at the end of its wait).
    /// - Complexity: O(1).
    public mutating func finish() -> [GestureEvent] {
        var out: [GestureEvent] = []
        switch state {
        case .tracking, .pinching: if let t = lastTime { out += cancel(at: t) }
        case .idle, .waitingForLift: break
        }
        while let d = nextDeadline { out += fire(until: d) }
        if case .waitingForLift = state { state = .idle }
        _checkInvariants()
        return out
    }

    /// Checks that the machines agree with the arena's state; runs in
    /// debug builds (and so in tests) after every call, not in release.
    func _checkInvariants() {
        switch state {
        case .idle, .waitingForLift, .pinching:
            assert(!tap.followsPress && longPress.isIdle && pan.isIdle && swipe.isIdle,
                   "recognizers follow a press while the arena follows none")
        case .tracking:
            assert(!(longPress.isActive && pan.isActive), "a long-press and a pan at once")
        }
    }

    // MARK: - Transitions

    private mutating func fireDeadlines(until time: EventTime, into out: inout [GestureEvent]) {
        while let d = nextDeadline, d <= time {
            let track: Track? = { if case .tracking(let t) = state { return t } else { return nil } }()
            if hasTap, tap.deadline == d {
                let action = tap.deadlineFired(at: d)
                report(action, track, d, &out)
            } else if hasLongPress, longPress.deadline == d {
                let action = longPress.deadlineFired(at: d)
                if action == .began {
                    if hasTap { 
                        let action = tap.fail()
                        report(action, track, d, &out)
                    }
                    if hasPan { _ = pan.fail() }
                    if hasSwipe { 
                        let action = swipe.fail()
                        report(action, track, d, &out)
                    }
                }
                report(action, track, d, &out)
            } else {
                return // Unreachable: a deadline belongs to one of the two.
            }
        }
    }

    /// Idle: a frame with one new contact starts following it.
    private mutating func begin(_ frame: ContactFrame, at time: EventTime, into out: inout [GestureEvent]) {
        var down = 0
        var first: Contact?
        for c in frame.contacts where !c.phase.isFinal {
            down += 1
            if first == nil, c.phase == .began { first = c }
        }
        guard down > 0 else { return }
        guard let c = first, down == 1 || configuration.extraContacts == .ignore else {
            // Several contacts at once, or one we did not see begin: not ours.
            if hasTap { 
                let action = tap.interrupt()
                report(action, nil, time, &out)
            }
            state = .waitingForLift
            return
        }
        let sample = GestureSample(c, at: time)
        let track = Track(contactID: c.id, start: sample, last: sample, isPointer: frame.isPointer, crossedSlop: false)
        velocity.reset()
        velocity.add(sample)
        if hasTap {
            let action = tap.touchDown(contactID: c.id, sample: sample, isPointer: frame.isPointer)
            report(action, track, time, &out)
        }
        if hasLongPress { _ = longPress.touchDown(at: time) }
        if hasPan { _ = pan.touchDown() }
        if hasSwipe { _ = swipe.touchDown() }
        state = .tracking(track)
    }

    /// Tracking: extra contacts, then the primary's move, lift or cancellation.
    private mutating func follow(_ original: Track, in frame: ContactFrame, at time: EventTime,
                                 into out: inout [GestureEvent]) {
        var track = original
        var extra = false
        var primary: Contact?
        var extraContact: Contact?
        var down = 0
        for c in frame.contacts {
            if !c.phase.isFinal { down += 1 }
            if c.id == track.contactID { primary = c } else if c.phase == .began { extra = true; extraContact = c }
        }
        if extra, recognizesPinch, !longPress.isActive, !track.isPointer, !frame.isPointer, down == 2,
           let p = primary, !p.phase.isFinal, let second = extraContact {
            // A second finger: the one-finger gestures end as for any extra
            // contact, and the two are followed as a pinch.
            abandon(track, at: time, into: &out)
            beginPinch(p, second, at: time)
            return
        }
        if extra {
            switch configuration.extraContacts {
            case .ignore:
                break
            case .cancelUnlessLongPress:
                if !longPress.isActive { return abandon(track, at: time, into: &out) }
            case .cancelAll:
                return abandon(track, at: time, into: &out)
            }
        }
        guard let c = primary else {
            // The primary vanished without a final phase: its fate is unknown.
            return abandon(track, at: time, into: &out)
        }
        let sample = GestureSample(c, at: time)
        velocity.add(sample)
        switch c.phase {
        case .began, .moved, .stationary:
            move(&track, to: sample, at: time, into: &out)
            state = .tracking(track)
        case .ended:
            move(&track, to: sample, at: time, into: &out)
            lift(track, at: time, into: &out)
            let othersDown = frame.contacts.contains { $0.id != track.contactID && !$0.phase.isFinal }
            state = othersDown ? .waitingForLift : .idle
        case .cancelled:
            track.last = sample
            abandon(track, at: time, into: &out)
            let othersDown = frame.contacts.contains { $0.id != track.contactID && !$0.phase.isFinal }
            state = othersDown ? .waitingForLift : .idle
        }
    }

    private mutating func move(_ track: inout Track, to sample: GestureSample, at time: EventTime,
                               into out: inout [GestureEvent]) {
        let moved = sample.location != track.last.location || sample.millimetres != track.last.millimetres
        track.last = sample
        if !track.crossedSlop {
            let slop = track.isPointer && usesPointerSlop ? configuration.pointerSlopMillimetres
                : configuration.touchSlopMillimetres
            if sample.millimetres.distance(to: track.start.millimetres) > slop {
                track.crossedSlop = true
                if !longPress.isActive {
                    if hasTap { 
                        let action = tap.fail()
                        report(action, track, time, &out)
                    }
                    if hasLongPress { 
                        let action = longPress.fail()
                        report(action, track, time, &out)
                    }
                    if hasPan {
                        let action = pan.slopCrossed(translation: sample.millimetres - track.start.millimetres)
                        report(action, track, time, &out)
                        return
                    }
                }
            }
        }
        guard moved else { return }
        if hasLongPress { 
            let action = longPress.touchMoved()
            report(action, track, time, &out)
        }
        if hasPan { 
            let action = pan.touchMoved()
            report(action, track, time, &out)
        }
    }

    private mutating func lift(_ track: Track, at time: EventTime, into out: inout [GestureEvent]) {
        if hasLongPress { 
            let action = longPress.touchUp()
            report(action, track, time, &out)
        }
        if hasPan { 
            let action = pan.touchUp()
            report(action, track, time, &out)
        }
        if hasSwipe {
            let action = swipe.touchUp(translation: track.last.millimetres - track.start.millimetres,
                                       duration: time.durationSaturating(since: track.start.time))
            report(action, track, time, &out)
        }
        if hasTap { 
            let action = tap.touchUp(sample: track.last)
            report(action, track, time, &out)
        }
    }

    /// Cancels the sequence: gestures in progress are cancelled, possible
    /// ones fail (a tap waiting on this press is recognized), and the
    /// contacts are ignored until all have lifted.
    private mutating func abandon(_ track: Track, at time: EventTime, into out: inout [GestureEvent]) {
        if hasLongPress { 
            let action = longPress.cancel()
            report(action, track, time, &out)
        }
        if hasPan { 
            let action = pan.cancel()
            report(action, track, time, &out)
        }
        if hasSwipe { 
            let action = swipe.cancel()
            report(action, track, time, &out)
        }
        if hasTap { 
            let action = tap.fail()
            report(action, track, time, &out)
        }
        tap.abandonPress()
        longPress.reset()
        pan.reset()
        swipe.reset()
        state = .waitingForLift
    }

    // MARK: - Pinch

    /// Starts following `first` and `second` as a pinch (not begun yet).
    private mutating func beginPinch(_ first: Contact, _ second: Contact, at time: EventTime) {
        let span = max(first.millimetres.distance(to: second.millimetres), configuration.minimumPinchSpanMillimetres)
        let motion = PinchMotion(firstContactID: first.id, secondContactID: second.id,
                                 centre: Self.midpoint(first.location, second.location), scale: 1,
                                 spanMillimetres: first.millimetres.distance(to: second.millimetres))
        scaleSamples.removeAll(keepingCapacity: true)
        scaleSamples.append(ScaleSample(time: time, scale: 1))
        state = .pinching(Pinch(first: first.id, second: second.id, startSpan: span,
                                startCentre: Self.midpoint(first.millimetres, second.millimetres), began: false,
                                last: motion))
    }

    /// Pinching: both contacts move on (the pinch begins past the slop,
    /// then changes), one lifts (it ends), a third comes or one vanishes
    /// (it is cancelled).
    private mutating func followPinch(_ original: Pinch, in frame: ContactFrame, at time: EventTime,
                                      into out: inout [GestureEvent]) {
        var pinch = original
        var a: Contact?, b: Contact?
        var third = false
        for c in frame.contacts {
            if c.id == pinch.first { a = c } else if c.id == pinch.second { b = c } else if c.phase == .began { third = true }
        }
        func end(_ phase: Gesture.Phase) {
            if pinch.began { out.append(GestureEvent(time: time, .pinch(phase, pinch.last))) }
            // The other finger (or any) still down is not followed until all lift.
            let othersDown = frame.contacts.contains { !$0.phase.isFinal }
            state = othersDown ? .waitingForLift : .idle
        }
        guard let a, let b, !third, a.phase != .cancelled, b.phase != .cancelled else {
            // A third contact, a cancelled one, or one gone without a
            // final phase: the pinch's fate is unknown.
            return end(.cancelled)
        }
        let spanNow = a.millimetres.distance(to: b.millimetres)
        let scale = max(spanNow, configuration.minimumPinchSpanMillimetres) / pinch.startSpan
        scaleSamples.append(ScaleSample(time: time, scale: scale))
        let window = configuration.velocityWindow
        scaleSamples.removeAll { time.durationSaturating(since: $0.time) > window }
        if scaleSamples.count > Self.scaleSampleLimit { scaleSamples.removeFirst(scaleSamples.count - Self.scaleSampleLimit) }
        let motion = PinchMotion(firstContactID: pinch.first, secondContactID: pinch.second,
                                 centre: Self.midpoint(a.location, b.location), scale: scale,
                                 velocity: scaleVelocity(), spanMillimetres: spanNow)
        let changed = motion.centre != pinch.last.centre || motion.scale != pinch.last.scale
        pinch.last = motion
        // It begins when the span changed past the slop and by more than
        // the two moved together: two fingers scrolling side by side keep
        // their span within a few per cent while they travel far (the
        // recorded two-finger scroll: 2.7 mm of span over 40 mm of travel).
        let spanChange = abs(max(spanNow, configuration.minimumPinchSpanMillimetres) - pinch.startSpan)
        let travel = Self.midpoint(a.millimetres, b.millimetres).distance(to: pinch.startCentre)
        if !pinch.began, spanChange > configuration.pinchSlopMillimetres, spanChange > travel {
            pinch.began = true
            out.append(GestureEvent(time: time, .pinch(.began, motion)))
        } else if pinch.began, changed {
            out.append(GestureEvent(time: time, .pinch(.changed, motion)))
        }
        if a.phase == .ended || b.phase == .ended {
            return end(.ended)
        }
        state = .pinching(pinch)
    }

    /// The scale's rate of change, per second: the least-squares slope of
    /// the samples in the velocity window; 0 with fewer than two.
    private func scaleVelocity() -> Double {
        guard scaleSamples.count >= 2, let t0 = scaleSamples.first?.time.microseconds else { return 0 }
        var n = 0.0, sx = 0.0, sy = 0.0, sxx = 0.0, sxy = 0.0
        for s in scaleSamples {
            let x = Double(s.time.microseconds &- t0) / 1_000_000
            n += 1; sx += x; sy += s.scale; sxx += x * x; sxy += x * s.scale
        }
        let d = n * sxx - sx * sx
        guard d > 0 else { return 0 }
        let v = (n * sxy - sx * sy) / d
        return v.isFinite ? v : 0
    }

    private static func midpoint(_ a: Point, _ b: Point) -> Point {
        Point(x: a.x / 2 + b.x / 2, y: a.y / 2 + b.y / 2)
    }

    // MARK: - Reporting
    //
    // Callers take a recognizer's action into a local before calling
    // `report`: written as `report(tap.fail(), …)`, the argument mutates the
    // arena while the call borrows it, and Swift copies the whole arena (its
    // velocity rings included) to keep the two apart — about 700
    // instructions on every lift.

    /// The followed contact's motion at `time`.
    private func motion(_ track: Track, _ time: EventTime) -> GestureMotion {
        let v = velocity.velocity(at: time, window: configuration.velocityWindow)
        return GestureMotion(contactID: track.contactID, location: track.last.location,
                             startLocation: track.start.location,
                             translation: track.last.location - track.start.location,
                             translationMillimetres: track.last.millimetres - track.start.millimetres,
                             velocity: v.points, velocityMillimetres: v.millimetres, isPointer: track.isPointer)
    }

    private func report(_ action: TapStateMachine.Action, _ track: Track?, _ time: EventTime,
                        _ out: inout [GestureEvent]) {
        func tapEvent(_ tap: TapStateMachine.Tap) -> GestureEvent {
            GestureEvent(time: time, .tap(count: tap.count, GestureContact(id: tap.contactID, location: tap.location,
                                                                           isPointer: tap.isPointer)))
        }
        func failed() {
            if configuration.reportsFailures, let track { out.append(GestureEvent(time: time, .tapFailed(motion(track, time)))) }
        }
        switch action {
        case .none:
            break
        case .recognize(let tap):
            out.append(tapEvent(tap))
        case .fail:
            failed()
        case .failAndRecognize(let tap):
            failed()
            out.append(tapEvent(tap))
        case .recognizeBoth(let first, let second):
            out.append(tapEvent(first))
            out.append(tapEvent(second))
        }
    }

    private func report(_ action: LongPressStateMachine.Action, _ track: Track?, _ time: EventTime,
                        _ out: inout [GestureEvent]) {
        guard let track else { return }
        let gesture: Gesture
        switch action {
        case .none: return
        case .began: gesture = .longPress(.began, motion(track, time))
        case .changed: gesture = .longPress(.changed, motion(track, time))
        case .ended: gesture = .longPress(.ended, motion(track, time))
        case .cancelled: gesture = .longPress(.cancelled, motion(track, time))
        case .failed:
            guard configuration.reportsFailures else { return }
            gesture = .longPressFailed(motion(track, time))
        }
        out.append(GestureEvent(time: time, gesture))
    }

    private func report(_ action: PanStateMachine.Action, _ track: Track?, _ time: EventTime,
                        _ out: inout [GestureEvent]) {
        guard let track else { return }
        let gesture: Gesture
        switch action {
        case .none: return
        case .began(let axis): gesture = .pan(.began, axis: axis, motion(track, time))
        case .changed(let axis): gesture = .pan(.changed, axis: axis, motion(track, time))
        case .ended(let axis): gesture = .pan(.ended, axis: axis, motion(track, time))
        case .cancelled(let axis): gesture = .pan(.cancelled, axis: axis, motion(track, time))
        }
        out.append(GestureEvent(time: time, gesture))
    }

    private func report(_ action: SwipeStateMachine.Action, _ track: Track?, _ time: EventTime,
                        _ out: inout [GestureEvent]) {
        guard let track else { return }
        switch action {
        case .none:
            break
        case .recognized(let direction):
            out.append(GestureEvent(time: time, .swipe(direction, motion(track, time))))
        case .failed:
            if configuration.reportsFailures { out.append(GestureEvent(time: time, .swipeFailed(motion(track, time)))) }
        }
    }
}
