import Gripper
import GripperInput

/// Feeds a recorded trace to an `EngineDriver` up to a playback time, for a
/// renderer that draws the engine as time passes (rather than as fast as
/// possible): each call hands over the frames and fires the deadlines due
/// by then, in the order a replay does, and returns the transitions the
/// engine made. Pure: time is the caller's (microseconds since the trace's
/// first frame, the engine's own time origin), so a replay drawn at any
/// frame rate leaves the engine as `Replay` (GripperReplay) does.
public struct ReplayPlayer: Sendable {
    /// The driver; its engine is the state to draw.
    public private(set) var driver: EngineDriver
    private let frames: [EventFrame]
    private var cursor = 0
    /// Whether every frame has been handed over and the driver finished.
    public private(set) var isFinished = false
    /// How long after the last frame the player waits for the engine's
    /// deadlines before it finishes the driver (microseconds).
    public static let tail: Int64 = 5_000_000
    /// The first frame's time: playback time 0.
    public let origin: EventTime

    /// A player of `frames` through `driver` (its engine at rest, made with
    /// `makingTransitions: true` to animate).
    public init(driver: EngineDriver, frames: [EventFrame]) {
        self.driver = driver
        self.frames = frames
        origin = frames.first?.time ?? .zero
    }

    /// The engine.
    public var engine: Engine { driver.engine }

    /// The playback time of the last frame (the trace's length).
    public var length: Int64 { (frames.last?.time).map { $0.microseconds(since: origin) } ?? 0 }

    /// When the next step (a frame, or a deadline before it) is due, in
    /// playback time; nil when finished.
    public var nextStep: Int64? {
        if isFinished { return nil }
        let frame = cursor < frames.count ? frames[cursor].time : nil
        let deadline = driver.nextDeadline
        let next = [frame, deadline].compactMap { $0 }.min()
        return next.map { $0.microseconds(since: origin) } ?? length
    }

    /// Hands over every frame and fires every deadline at or before
    /// playback time `time`; finishes the driver once the frames are done
    /// and nothing more is due. Returns the transitions made.
    /// - Complexity: O(frames and deadlines due) engine steps.
    public mutating func advance(to time: Int64) -> [EngineTransition] {
        guard !isFinished else { return [] }
        let until = origin + .microseconds(max(0, time))
        while cursor < frames.count, frames[cursor].time <= until {
            driver.handle(frames[cursor])
            cursor += 1
        }
        if cursor > 0 { driver.fire(until: until) }
        // The end: every frame handed over and nothing left to fire (or the
        // tail has run ``tail`` past the last frame: a contact still down
        // at the end of the trace is then cancelled, as a replay's finish does).
        if cursor == frames.count, time >= length, driver.nextDeadline == nil || time >= length &+ Self.tail {
            driver.finish()
            isFinished = true
        }
        return driver.engine.takeTransitions()
    }
}
