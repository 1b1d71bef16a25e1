import Gripper
import GripperInput
import GripperScene
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The engine on a live device: owns an ``EvdevReader`` and an
/// `EngineDriver` (an `Engine` and a track of timed stimuli, a scene's or
/// none), waits for input or the next deadline (never busy-waiting), feeds
/// frames, fires deadlines and stimuli on time, tells the engine when the
/// device goes away, and returns after each change so the caller can redraw.
///
/// ```swift
/// let session = try LiveSession(reader: EvdevReader(path: node), scene: scene)
/// while running {
///     switch try session.step(until: session.now + .milliseconds(16), wakingOn: pipeFD) {
///     case .frame, .deadlinesFired, .deviceLost: redraw(session.engine.snapshot(labels: labels))
///     case .woken, .deadlineReached, .finished: break
///     }
/// }
/// session.finish()
/// ```
///
/// **Time.** The session's time origin is the moment it was created, on the
/// reader's clock (``EvdevReader/now``: `CLOCK_MONOTONIC` for a real device,
/// whose kernel stamps events on that same clock). Transcript time 0 and the
/// track's stimuli count from it, so a stimulus at `t` fires `t` after the
/// session was created, whether or not input came. The origin is handed to
/// the engine as an empty frame, the first thing it sees (and the first frame
/// of ``frames``), so a replay of ``frames`` gives the same transcript
/// (with `deviceLost(at:)` at each of ``deviceLosses`` when the device went
/// away).
///
/// **Several devices.** A session made with several sources
/// (``init(readers:driver:keepingFrames:deliveryGrace:)``: a touchscreen, a
/// mouse and a keyboard) reads them together: the engine has one device per
/// source, in order (`InputDeviceID`), and gets their frames merged in
/// event-time order (as far as they have arrived); the loss of one cancels
/// only what that device has in flight (`Engine/deviceLost(_:at:)`) and
/// the others go on; a source that reconnects comes back on its own.
/// ``lastSource`` says which device the latest step's frame, loss or return
/// came from. The session's clock is the first source's.
///
/// **Hotplug.** On a source that ``LiveInputSource/reconnects`` (a
/// ``DeviceFollower``), the session goes on reading after a loss; when a
/// device comes back the step is ``Step/deviceReturned(_:)`` and its frames
/// go to the same engine on the same clock.
///
/// A device whose event times are on another clock (an emulated device
/// replaying a script stamps the script's times) is recognised at its first
/// frame — a time before the session or after the frame's arrival — and the
/// session then converts with the offset between the two clocks, measured
/// at each frame's arrival; the origin is then the first frame's time less
/// the time since the session started (never below 0).
///
/// Not thread-safe: use a session from one thread at a time.
public final class LiveSession {
    /// What one ``step(until:wakingOn:)`` did.
    public enum Step: Hashable, Sendable {
        /// The engine handled this frame (and, before it, every deadline due
        /// at or before its time): redraw.
        case frame(EventFrame)
        /// The engine fired deadlines that came due — the track's stimuli,
        /// recognizer timers, auto-scroll ticks: redraw.
        case deadlinesFired
        /// The device went away; the engine was told (what was in flight is
        /// cancelled): redraw. Later steps go on firing the engine's
        /// deadlines (the track's stimuli still come); they read nothing
        /// more, unless the source ``LiveInputSource/reconnects``.
        case deviceLost
        /// After a loss, a device came back (the same or another that
        /// matches, described here; a ``DeviceFollower`` maps its frames onto
        /// the first device's axes): the session reads it from now on, with
        /// the same engine and the same clock.
        case deviceReturned(DeviceDescription)
        /// The descriptor passed as `wakingOn` became readable (a key, a
        /// signal's self-pipe); nothing changed. The session does not read it.
        case woken
        /// The caller's deadline passed and nothing changed.
        case deadlineReached
        /// ``finish()`` was called: nothing more happens.
        case finished
    }

    /// The input the session owns (closed by ``finish()``): an
    /// ``EvdevReader`` for a device; with several, the first.
    public var reader: any LiveInputSource { readers[0] }
    /// Every source the session reads (closed by ``finish()``), in the
    /// order of the engine's devices.
    public var readers: [any LiveInputSource] { merger.sources }
    /// The device the latest step's frame, loss or return came from.
    public private(set) var lastSource = InputDeviceID.first
    private let merger: SourceMerger
    /// Which sources are lost (and not back).
    private var lost: [Bool]
    /// The engine and its stimulus track, as of the latest step.
    public private(set) var driver: EngineDriver
    /// The engine, as of the latest step: draw `engine.snapshot(labels:)`,
    /// read `engine.transcript`.
    public var engine: Engine { driver.engine }
    /// When the session was created, on the reader's clock: its time origin.
    public let start: EventTime
    /// When the device went away, in event time (what the engine was told);
    /// nil while it is there (again). With several sources: when the last
    /// of them went away, nil while any is there.
    public private(set) var deviceLostAt: EventTime?
    /// Every time the (first) device went away, in event time, when created
    /// with `keepingFrames`; empty otherwise. A replay hands the engine
    /// `deviceLost(at:)` at each, among ``frames`` in time order (a loss
    /// comes after the frames stamped at or before it).
    public var deviceLosses: [EventTime] { losses.filter { $0.device == .first }.map(\.time) }
    /// Every time a device went away, when created with `keepingFrames`.
    public private(set) var losses: [DeviceLoss] = []

    /// A device that went away, and when (event time).
    public struct DeviceLoss: Hashable, Sendable {
        /// The device.
        public var device: InputDeviceID
        /// When, in event time.
        public var time: EventTime
    }
    /// How far behind its input the session ran: frames handled more than
    /// 20 ms after the kernel stamped them (libinput's warning), the worst
    /// lag. Kept beside the transcript, not in it: a replay has no lag.
    public private(set) var lag = LiveLag()
    /// Whether the device went away (or the reader was closed from
    /// outside); with several sources, whether all of them did.
    public var isDeviceLost: Bool { deviceLostAt != nil }
    /// Whether ``finish()`` was called.
    public private(set) var isFinished = false
    /// Every frame of the (first) device handed to the engine, starting with
    /// the empty frame at the origin, when created with `keepingFrames`
    /// (less those taken with ``takeKeptFrames()``); empty otherwise. A trace of them replays to the same transcript (with
    /// a device loss at each of ``deviceLosses`` among them).
    /// - Complexity: O(frames kept).
    public var frames: [EventFrame] {
        readers.count == 1 ? kept.map(\.frame) : kept.filter { $0.device == .first }.map(\.frame)
    }
    /// Every frame handed to the engine and its device, in the order handed
    /// in, when created with `keepingFrames`: with several sources, what a
    /// replay of all of them takes (`EngineDriver.handle(_:)` with a `DeviceFrame`).
    public var deviceFrames: [DeviceFrame] { kept }
    private var kept: [DeviceFrame] = []

    /// The frames kept (``deviceFrames``) since the last call, in the order
    /// handed to the engine, which the session then forgets: a caller that
    /// writes them as they come (`gripper live --record`) keeps the memory
    /// of a long session bounded by one step's frames. ``frames`` and
    /// ``deviceFrames`` hold only what was not taken.
    /// - Complexity: O(frames returned).
    public func takeKeptFrames() -> [DeviceFrame] {
        defer { kept.removeAll(keepingCapacity: true) }
        return kept
    }
    /// What the engine reported during the latest ``step(until:wakingOn:)``
    /// (or ``finish()``): the transcript entries it produced, whether or not
    /// the transcript records them.
    public private(set) var lastEntries: [Transcript.Entry] = []
    private let keepsFrames: Bool
    private var clock: LiveClockStateMachine
    /// How long a due deadline waits for frames stamped before it that the
    /// device has not delivered yet (see ``init(reader:driver:keepingFrames:deliveryGrace:)``).
    public let deliveryGrace: Duration

    /// The grace a session gives late frames unless told otherwise: 10 ms,
    /// well above a kernel device's delivery latency (microseconds) and
    /// umockdev's (a few milliseconds), well below what a person notices on
    /// a long-press (500 ms) or an auto-scroll tick (16 ms of motion that is
    /// computed from event time anyway).
    public static let defaultDeliveryGrace = Duration.milliseconds(10)

    /// Starts a session on `reader` running `driver` (its engine at rest,
    /// made for the reader's device); its time origin is now.
    ///
    /// - Parameter reader: the device's live input.
    /// - Parameter driver: the engine and its stimulus track.
    /// - Parameter keepingFrames: keep every frame handed to the engine in
    ///   ``frames`` (to record the session).
    /// - Parameter deliveryGrace: how long a deadline that came due waits
    ///   before it fires, so that a frame the device stamped before it but
    ///   delivers a little later is handled first, as a replay of the frames
    ///   handles it. The deadline still fires at its own event time (the
    ///   transcript is exact); only the screen sees it up to this much later.
    ///   Live equals replay whenever every frame arrives within the grace of
    ///   its stamp. Negative values count as 0.
    ///   Without `recordingTranscript` on the engine, every
    ///   ``step(until:wakingOn:)`` still reports what happened in
    ///   ``lastEntries``, and memory stays flat however long the session runs.
    public convenience init(reader: any LiveInputSource, driver: EngineDriver, keepingFrames: Bool = false,
                            deliveryGrace: Duration = LiveSession.defaultDeliveryGrace) {
        self.init(readers: [reader], driver: driver, keepingFrames: keepingFrames, deliveryGrace: deliveryGrace)
    }

    /// Starts a session on several sources at once (a touchscreen, a mouse
    /// and a keyboard) running `driver`, whose engine has one device per
    /// source in the same order (the first it was opened with, the others
    /// attached: `Engine/attach(_:)`); its time origin is now, on the
    /// first source's clock. See ``init(reader:driver:keepingFrames:deliveryGrace:)``
    /// for the options. An empty `readers` is a programming error.
    public init(readers: [any LiveInputSource], driver: EngineDriver, keepingFrames: Bool = false,
                deliveryGrace: Duration = LiveSession.defaultDeliveryGrace) {
        merger = SourceMerger(readers)
        lost = Array(repeating: false, count: readers.count)
        self.deliveryGrace = max(.zero, deliveryGrace)
        self.driver = driver
        keepsFrames = keepingFrames
        start = merger.now
        clock = LiveClockStateMachine(start: start)
    }

    /// Starts a session on `reader` running `scene` and its stimulus track
    /// (see ``init(reader:driver:keepingFrames:deliveryGrace:)``); its time
    /// origin is now.
    ///
    /// - Parameter reader: the device's live input.
    /// - Parameter scene: the items, rules, layout and stimulus track.
    /// - Parameter gestures: the recognizers' thresholds.
    /// - Parameter keepingFrames: keep every frame handed to the engine in
    ///   ``frames``.
    /// - Parameter deliveryGrace: see ``init(reader:driver:keepingFrames:deliveryGrace:)``.
    /// - Parameter recordingTranscript: keep the engine's transcript (memory
    ///   grows with what happens; `gripper live` prints it at the end).
    ///   Without it every ``step(until:wakingOn:)`` still reports what
    ///   happened in ``lastEntries``, and memory stays flat however long the
    ///   session runs.
    /// - Throws: `SceneError` when the scene's model or layout is invalid.
    public convenience init(reader: any LiveInputSource, scene: Scene, gestures: GestureConfiguration = .default,
                            keepingFrames: Bool = false,
                            deliveryGrace: Duration = LiveSession.defaultDeliveryGrace,
                            recordingTranscript: Bool = false) throws(SceneError) {
        try self.init(readers: [reader], scene: scene, gestures: gestures, keepingFrames: keepingFrames,
                      deliveryGrace: deliveryGrace, recordingTranscript: recordingTranscript)
    }

    /// Starts a session on several sources at once running `scene` (the
    /// engine gets one device per source, in order); see
    /// ``init(reader:scene:gestures:keepingFrames:deliveryGrace:recordingTranscript:)``.
    /// An empty `readers` is a programming error.
    /// - Throws: `SceneError` when the scene's model or layout is invalid.
    public convenience init(readers: [any LiveInputSource], scene: Scene, gestures: GestureConfiguration = .default,
                            keepingFrames: Bool = false,
                            deliveryGrace: Duration = LiveSession.defaultDeliveryGrace,
                            recordingTranscript: Bool = false) throws(SceneError) {
        precondition(!readers.isEmpty, "a live session reads at least one source")
        var driver = try EngineDriver(scene: scene, device: readers[0].device, gestures: gestures,
                                      recordingTranscript: recordingTranscript)
        for other in readers.dropFirst() { _ = driver.engine.attach(other.device) }
        self.init(readers: readers, driver: driver, keepingFrames: keepingFrames, deliveryGrace: deliveryGrace)
    }

    /// The current time on the reader's clock (to compute the deadline of a
    /// ``step(until:wakingOn:)``).
    public var now: EventTime { merger.now }

    /// The current time in event time: what the engine's times are on.
    public var eventNow: EventTime { clock.eventTime(now) }

    /// When the session will next fire deadlines, on the reader's clock:
    /// the driver's next deadline (before the origin is handed over, the
    /// track's first stimulus counted from ``start``) plus the
    /// ``deliveryGrace``.
    /// - Complexity: O(1).
    public var nextDeadline: EventTime? {
        let due: EventTime?
        if clock.origin == nil {
            due = driver.nextStimulusOffset.map { start + $0 }
        } else {
            due = driver.nextDeadline.map { clock.readerTime($0) }
        }
        return due.map { $0 + deliveryGrace }
    }

    /// Waits for the next change, no longer than until `deadline` (on the
    /// reader's clock, see ``now``; nil waits for a change or `wakingOn`),
    /// and returns what it was. The wait ends early at the engine's own next
    /// deadline, which is fired on time; input already available comes first
    /// (so frames and deadlines reach the engine in time order). After the
    /// device is lost (or the reader closed from outside, which counts as a
    /// loss) only `deadline`, the engine's deadlines and `wakingOn` end the
    /// wait; with none of them the step returns ``Step/deadlineReached`` at
    /// once rather than wait forever.
    ///
    /// - Parameter deadline: when to stop waiting; nil waits for input.
    /// - Parameter wakeFD: an extra descriptor to watch (a terminal, a
    ///   signal's self-pipe); readable, it ends the wait with ``Step/woken``.
    /// - Throws: ``EvdevError`` when reading or polling fails other than by
    ///   the device going away (that is ``Step/deviceLost``).
    /// - Complexity: O(events read + work of what is fired or handled); one
    ///   `poll` per wait.
    public func step(until deadline: EventTime? = nil, wakingOn wakeFD: Int32? = nil) throws(EvdevError) -> Step {
        if isFinished { return .finished }
        lastEntries.removeAll(keepingCapacity: true)
        var wake = deadline
        if let due = nextDeadline { wake = wake.map { min($0, due) } ?? due }
        var event: EvdevReader.Event?
        var index = 0
        if isDeviceLost && !readers.contains(where: \.reconnects) {
            event = try wait(until: wake, wakingOn: wakeFD)
        } else {
            (index, event) = try merger.next(until: wake, wakingOn: wakeFD)
            // A reconnecting source closed from outside: nothing more comes.
            if event == nil && isDeviceLost { event = try wait(until: wake, wakingOn: wakeFD) }
        }
        lastSource = InputDeviceID(index: index)
        switch event {
        case .frame(let frame)?:
            perform(clock.frameArrived(stamped: frame.time, at: now))
            feed(DeviceFrame(frame, from: lastSource))
            if !clock.isForeign { lag.record(now - frame.time, frameAt: frame.time) }
            return .frame(frame)
        case .deadlineReached?:
            return fireDue() ? .deadlinesFired : .deadlineReached
        case .woken?:
            return .woken
        case .deviceArrived(let device)?:
            lost[index] = false
            deviceLostAt = nil
            return .deviceReturned(device)
        case .deviceLost?, nil:
            // nil: the reader (every reader) was closed from outside, as good as gone.
            perform(clock.originNeeded())
            let time = eventNow
            if readers.count == 1 {
                lastEntries += driver.deviceLost(at: time)
                lost[0] = true
                if keepsFrames { losses.append(DeviceLoss(device: .first, time: time)) }
            } else {
                for i in lost.indices where !lost[i] && (event == nil || i == index) {
                    let device = InputDeviceID(index: i)
                    lastEntries += driver.deviceLost(device, at: time)
                    lost[i] = true
                    if keepsFrames { losses.append(DeviceLoss(device: device, time: time)) }
                }
            }
            if !lost.contains(false) { deviceLostAt = time }
            return .deviceLost
        }
    }

    /// Ends the session: the engine finishes as a replay of ``frames`` would
    /// (the track's remaining stimuli fire at their times, contacts still
    /// down are cancelled, the final sections are recorded) and the reader is
    /// closed. Later calls do nothing.
    /// - Complexity: O(remaining stimuli and timers), plus their work.
    public func finish() {
        guard !isFinished else { return }
        isFinished = true
        lastEntries.removeAll(keepingCapacity: true)
        perform(clock.originNeeded())
        lastEntries += driver.finish()
        merger.close()
    }

    /// The engine's transitions made since the last call (an engine made
    /// with `makingTransitions: true`), oldest first, for a renderer that
    /// animates them (see `Engine.takeTransitions()`).
    /// - Complexity: O(transitions taken).
    public func takeTransitions() -> [EngineTransition] {
        driver.engine.takeTransitions()
    }

    /// Fires what has been due for the grace; returns whether anything was.
    /// Deadlines inside the last grace still wait: a frame stamped before
    /// them may yet arrive.
    private func fireDue() -> Bool {
        guard let due = nextDeadline, due <= now else { return false }
        perform(clock.originNeeded())
        lastEntries += driver.fire(until: eventNow - deliveryGrace)
        return true
    }

    /// Does what the clock machine asks: hands the engine its origin as an
    /// empty frame.
    private func perform(_ action: LiveClockStateMachine.Action) {
        switch action {
        case .handOrigin(let origin): feed(DeviceFrame(EventFrame(time: origin, events: [])))
        case .none: break
        }
    }

    private func feed(_ frame: DeviceFrame) {
        if keepsFrames { kept.append(frame) }
        lastEntries += driver.handle(frame)
    }

    /// After the device is lost: waits for `wakeFD` or `deadline` alone
    /// (neither: returns at once).
    private func wait(until deadline: EventTime?, wakingOn wakeFD: Int32?) throws(EvdevError) -> EvdevReader.Event {
        if deadline == nil && wakeFD == nil { return .deadlineReached }
        var fds = wakeFD.map { [pollfd(fd: $0, events: Int16(POLLIN), revents: 0)] } ?? []
        while true {
            if let deadline, now >= deadline { return .deadlineReached }
            if try waitReady(&fds, until: deadline, now: { self.now }, path: reader.path) > 0 { return .woken }
        }
    }
}
