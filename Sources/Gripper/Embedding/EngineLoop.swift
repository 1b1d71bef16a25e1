/// The loop every app around an engine runs, written once: each deadline
/// fired at its own time before the next frame (the long-press that lifts
/// an item, an auto-scroll tick), the frame handed over, the user's edits
/// mirrored into the app's storage (``JournalMirror``) after every step,
/// and each step's transcript entries and transitions handed back to draw.
/// The app's own changes go through it too: the engine first, and the
/// storage only when the engine took the batch.
///
/// ```swift
/// var loop = EngineLoop(engine: engine, storage: inbox)
/// while let frame = try reader.next() {
///     for step in try loop.handle(frame) { screen.draw(step) }
/// }
/// for step in try loop.settle() { screen.draw(step) }
/// try loop.apply(newMail, at: now) { $0.messages.insert(contentsOf: arrived, at: 0) }
/// assert(loop.storage.holdsItems(of: loop.engine.model))
/// ```
///
/// A live loop waits for input or ``Engine/nextDeadline``, whichever comes
/// first, and calls ``handle(_:)`` or ``fire(until:)``. For any other engine
/// call (a key, a stimulus, a resize) use ``call(_:)``, so what it commits
/// is mirrored too.
public struct EngineLoop<Storage: MirroredStorage> {
    /// What one step did: the engine call at `time` and what it produced.
    public struct Step {
        /// When the step happened: a deadline's own time, or the frame's.
        public var time: EventTime
        /// The transcript entries the call produced (recorded or not).
        public var entries: [Transcript.Entry]
        /// The transitions it made to animate (none unless the engine was
        /// opened `makingTransitions`).
        public var transitions: [EngineTransition]
    }

    /// Why a call to the loop failed.
    public enum Failure: Error, CustomStringConvertible {
        /// The engine refused the app's batch: nothing changed, in the
        /// engine or the storage.
        case batch(BatchUpdateError)
        /// The storage could not follow an edit (see ``JournalMirror``):
        /// rebuild it from ``Engine/model`` and call ``EngineLoop/resume(with:)``.
        case mirror(JournalMirror<Storage.Element>.Failure)

        /// The failure in a sentence.
        public var description: String {
            switch self {
            case .batch(let e): "the engine refused the batch: \(e)"
            case .mirror(let e): "the storage could not follow: \(e)"
            }
        }
    }

    /// The engine. Read it freely; change it through the loop
    /// (``call(_:)``), so that what it commits reaches the storage.
    public private(set) var engine: Engine
    /// The app's storage, following the engine's model.
    public private(set) var storage: Storage
    /// What follows the journal into ``storage``.
    private var mirror = JournalMirror<Storage.Element>()

    /// A loop around `engine`, whose model `storage` holds now (the
    /// engine was opened on it as its data source).
    public init(engine: Engine, storage: Storage) {
        self.engine = engine
        self.storage = storage
    }

    /// Hands `frame` to the engine: first every deadline due before it,
    /// each at its own time, then the frame; the storage follows after
    /// each step.
    /// - Returns: the steps, in time order (the frame's last).
    /// - Complexity: what the engine's calls cost, plus the mirror's.
    public mutating func handle(_ frame: EventFrame) throws(Failure) -> [Step] {
        var steps: [Step] = []
        while let deadline = engine.nextDeadline, deadline < frame.time {
            let entries = engine.fire(until: deadline)
            steps.append(try step(at: deadline, entries))
        }
        let entries = engine.handle(frame)
        steps.append(try step(at: frame.time, entries))
        return steps
    }

    /// Fires every deadline at or before `time`, each at its own time (a
    /// live loop woken by ``Engine/nextDeadline`` rather than by input).
    /// - Returns: the steps, one a deadline.
    public mutating func fire(until time: EventTime) throws(Failure) -> [Step] {
        var steps: [Step] = []
        while let deadline = engine.nextDeadline, deadline <= time {
            let entries = engine.fire(until: deadline)
            steps.append(try step(at: deadline, entries))
        }
        return steps
    }

    /// After the last input: fires what is still due (the recognizers'
    /// last timers, a fling running out), at most `maxSteps` deadlines.
    /// - Returns: the steps, one a deadline.
    public mutating func settle(maxSteps: Int = 1_000) throws(Failure) -> [Step] {
        var steps: [Step] = []
        while steps.count < maxSteps, let deadline = engine.nextDeadline {
            let entries = engine.fire(until: deadline)
            steps.append(try step(at: deadline, entries))
        }
        return steps
    }

    /// The app's own change at `time`, whatever the user is doing: the
    /// engine takes `batch` first (what is due before it fires first, and
    /// what the user committed by then is mirrored), and only when it does
    /// is `change` run on the storage to make the same change there. A
    /// batch the engine refuses changes nothing and throws
    /// ``Failure/batch(_:)``. `anchor` says what stays in place on screen
    /// (``Engine/apply(_:keeping:at:)``; by default the offset).
    /// - Returns: the step.
    @discardableResult
    public mutating func apply(_ batch: BatchUpdate, keeping anchor: ContentAnchor = .offset, at time: EventTime,
                               toStorage change: (inout Storage) -> Void) throws(Failure) -> Step {
        let entries: [Transcript.Entry]
        do { entries = try engine.apply(batch, keeping: anchor, at: time) } catch { throw .batch(error) }
        let done = try step(at: time, entries)
        change(&storage)
        return done
    }

    /// Any other engine call (a key press, a stimulus such as `undo`, a
    /// resize, a focus change), with what it commits mirrored.
    ///
    /// ```swift
    /// try loop.call { $0.apply(.undo, at: now) }
    /// ```
    /// - Returns: the step, at the engine's time after the call.
    @discardableResult
    public mutating func call(_ body: (inout Engine) -> [Transcript.Entry]) throws(Failure) -> Step {
        let entries = body(&engine)
        return try step(at: engine.now ?? .zero, entries)
    }

    /// Follows again after ``Failure/mirror(_:)``, with `storage` rebuilt
    /// by the app to hold the engine's model.
    public mutating func resume(with storage: Storage) {
        self.storage = storage
        mirror.resume()
    }

    /// Mirrors `entries` and makes them a step at `time`.
    private mutating func step(at time: EventTime, _ entries: [Transcript.Entry]) throws(Failure) -> Step {
        do {
            try mirror.follow(entries, journal: engine.journal, into: &storage)
        } catch {
            throw .mirror(error)
        }
        return Step(time: time, entries: entries, transitions: engine.takeTransitions())
    }
}

extension EngineLoop: Sendable where Storage: Sendable, Storage.Element: Sendable {}
extension EngineLoop.Step: Sendable {}
