import GripperEditing
import GripperInput

/// Runs an ``Engine`` together with a track of timed stimuli — a scene's,
/// a test's, a script's: the engine knows no track, the driver owns it and
/// its cursor and hands each stimulus to the engine when it is due.
///
/// Feed the driver what you would feed the engine (frames, batches, device
/// loss, the end of input); before each it fires everything due at or
/// before its time, each at its own time and in time order — at one time:
/// the track's stimuli, then the recognizers' timers, then an auto-scroll
/// tick. A live loop waits until ``nextDeadline`` and calls
/// ``fire(until:)``. Pure, like the engine: a replay of the frames a live
/// run saw gives the same transcript, byte for byte.
///
/// ```swift
/// var driver = EngineDriver(engine: engine, track: [
///     TimedStimulus(offset: .zero, stimulus: .setEditing(true)),
///     TimedStimulus(offset: .seconds(2), stimulus: .deleteSelected),
/// ])
/// for frame in trace.frames { driver.handle(frame) }
/// driver.finish()
/// print(driver.engine.transcript.text)
/// ```
///
/// Stimuli count from the engine's time origin, the first frame's time (or
/// the time of the first call that carries one); before it, none is due.
public struct EngineDriver: Sendable {
    /// The engine. Read it freely (its model, its snapshot, its
    /// transcript); feed it through the driver, or stimuli due before what
    /// you feed it fire after it.
    public var engine: Engine
    /// The stimuli, in time order.
    public let track: [TimedStimulus]
    /// The index in ``track`` of the next stimulus to fire.
    package private(set) var nextStimulusIndex = 0
    private var finished = false

    /// A driver of `engine` (at rest, before its first frame) with `track`,
    /// a list of stimuli in time order. A negative offset counts as 0; a
    /// stimulus listed after a later one fires right after it.
    /// - Complexity: O(t) for t stimuli.
    public init(engine: Engine, track: [TimedStimulus] = []) {
        self.engine = engine
        self.track = track.map { $0.offset < .zero ? TimedStimulus(offset: .zero, stimulus: $0.stimulus) : $0 }
    }

    /// When the next stimulus of the track is due, measured from the time
    /// origin; nil when every stimulus has fired. Before the first frame
    /// this is when the first one will be due once the input starts.
    package var nextStimulusOffset: Duration? {
        nextStimulusIndex < track.count ? track[nextStimulusIndex].offset : nil
    }

    /// The earliest time at which ``fire(until:)`` has something to do: the
    /// next stimulus of the track, a recognizer timer or an auto-scroll
    /// tick. Nil when nothing waits (and before the first frame: stimuli
    /// wait for the time origin; see `nextStimulusOffset`).
    /// - Complexity: O(1).
    public var nextDeadline: EventTime? {
        let engineDue = engine.nextDeadline
        guard let s = stimulusDeadline(origin: engine.origin) else { return engineDue }
        return engineDue.map { min($0, s) } ?? s
    }

    /// The next stimulus's time for a time origin: the origin plus its
    /// offset (`EventTime + Duration` never traps).
    private func stimulusDeadline(origin: EventTime?) -> EventTime? {
        guard let origin, let offset = nextStimulusOffset else { return nil }
        return origin + offset
    }

    // MARK: - Input

    /// Fires what is due at or before the frame's time, then hands the
    /// frame to the engine (``Engine/handle(_:)``). The first frame sets the
    /// time origin, so a stimulus at offset 0 fires just before it.
    /// - Complexity: as ``Engine/handle(_:)``, plus O(1) per stimulus fired.
    /// - Returns: the transcript entries produced, recorded or not.
    @discardableResult
    public mutating func handle(_ frame: EventFrame) -> [Transcript.Entry] {
        fireDue(until: frame.time, origin: engine.origin ?? frame.time)
        return engine.handle(frame)
    }

    /// Fires every stimulus and engine deadline at or before `time`, each at
    /// its own time and in time order (see ``Engine/fire(until:)``).
    /// - Complexity: O(1) per deadline fired, plus the cost of what it does.
    /// - Returns: the transcript entries produced, recorded or not.
    @discardableResult
    public mutating func fire(until time: EventTime) -> [Transcript.Entry] {
        fireDue(until: time, origin: engine.origin)
        return engine.fire(until: time)
    }

    /// Applies a stimulus from outside the track at `time`, after firing
    /// what is due before it (see ``Engine/apply(_:at:)-(Stimulus,_)``).
    /// - Returns: the transcript entries produced, recorded or not.
    @discardableResult
    public mutating func apply(_ stimulus: Stimulus, at time: EventTime) -> [Transcript.Entry] {
        fireDue(until: time, origin: engine.origin ?? time)
        return engine.apply(stimulus, at: time)
    }

    /// Applies the app's batch at `time`, after firing what is due before it
    /// (see ``Engine/apply(_:at:)-(BatchUpdate,_)``).
    /// - Throws: `BatchUpdateError`; the engine is then as it was, and the
    ///   entries of what fired before the batch come with the next call.
    /// - Returns: the transcript entries produced, recorded or not.
    @discardableResult
    public mutating func apply(_ batch: BatchUpdate, at time: EventTime) throws(BatchUpdateError) -> [Transcript.Entry] {
        fireDue(until: time, origin: engine.origin ?? time)
        return try engine.apply(batch, at: time)
    }

    /// The input device went away at `time`, after what is due before it
    /// fired (see ``Engine/deviceLost(at:)``).
    /// - Returns: the transcript entries produced, recorded or not.
    @discardableResult
    public mutating func deviceLost(at time: EventTime) -> [Transcript.Entry] {
        fireDue(until: time, origin: engine.origin ?? time)
        return engine.deviceLost(at: time)
    }

    /// Ends the input: the track's remaining stimuli fire at their times
    /// (after the last frame too: a recording that stopped because the
    /// device went away ends with the track's `deviceLost`), then the engine
    /// finishes (``Engine/finish()``). Later calls do nothing.
    /// - Complexity: O(remaining stimuli and timers), plus their work.
    /// - Returns: the transcript entries produced, recorded or not.
    @discardableResult
    public mutating func finish() -> [Transcript.Entry] {
        finish { _ in }
        return engine.finish()
    }

    /// ``finish()``, handing `step` the engine after each thing it does at
    /// its own time: each stimulus or engine deadline fired, and the
    /// cancellation of the contacts still down. A replay pictures each one.
    /// The entries stay with the engine until its next public call.
    /// - Complexity: as ``finish()``, plus `step` once per deadline.
    package mutating func finish(afterEach step: (Engine) -> Void) {
        guard !finished else { return }
        finished = true
        if let origin = engine.origin, let last = track.last {
            let end = max(origin + last.offset, engine.now ?? origin)
            while fireNext(until: end) != nil { step(engine) }
            engine.fireDue(until: end)
        }
        engine.finish(afterEach: step)
    }

    /// Fires the earliest stimulus or engine deadline if it is due at or
    /// before `time` and returns its time; nil, with nothing done, when none
    /// is due. A replay calls it to picture each step at its own time. The
    /// entries stay with the engine until its next public call.
    /// - Complexity: O(1) plus the cost of what it does.
    @discardableResult
    package mutating func fireNext(until time: EventTime) -> EventTime? {
        fireNext(until: time, origin: engine.origin)
    }

    mutating func fireDue(until time: EventTime, origin: EventTime?) {
        while fireNext(until: time, origin: origin) != nil {}
    }

    /// One step: at one time a stimulus comes before the engine's deadlines.
    private mutating func fireNext(until time: EventTime, origin: EventTime?) -> EventTime? {
        if let s = stimulusDeadline(origin: origin), s <= time, engine.nextDeadline.map({ s <= $0 }) ?? true {
            let stimulus = track[nextStimulusIndex].stimulus
            nextStimulusIndex += 1
            engine.applyDue(stimulus, at: s)
            return s
        }
        return engine.fireNext(until: time)
    }
}
