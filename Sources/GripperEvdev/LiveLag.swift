import GripperInput

/// How far behind its input a live session ran: for each frame, the time
/// from the kernel's stamp to the moment the engine had handled it, on the
/// reader's clock. libinput logs a warning when it processes events more
/// than 20 ms after they happened; a session counts such frames here, beside
/// the transcript — never in it, so the transcript stays what a replay of
/// the same frames prints, byte for byte, and lag changes nothing that
/// happens.
///
/// A device whose stamps are on another clock (an emulated device replaying
/// a script) has no measurable lag: nothing is counted.
public struct LiveLag: Hashable, Sendable {
    /// The lag past which a frame counts as late: 20 ms, libinput's.
    public static let threshold = Duration.milliseconds(20)

    /// The frames measured.
    public private(set) var frames = 0
    /// The frames handled more than ``threshold`` after their stamp.
    public private(set) var lateFrames = 0
    /// The largest lag seen.
    public private(set) var worst: Duration = .zero
    /// The stamp of the latest late frame, in event time.
    public private(set) var lastLateAt: EventTime?

    /// Nothing measured yet.
    public init() {}

    /// Counts a frame stamped `time` and handled `lag` after it.
    /// - Complexity: O(1).
    package mutating func record(_ lag: Duration, frameAt time: EventTime) {
        frames += 1
        worst = max(worst, lag)
        if lag > Self.threshold {
            lateFrames += 1
            lastLateAt = time
        }
    }

    /// A warning like libinput's, or nil when no frame was late:
    /// `3 of 1200 frames were handled more than 20 ms after the kernel stamped them (worst 35.2 ms)`.
    public var warning: String? {
        guard lateFrames > 0 else { return nil }
        let worstMilliseconds = Double(worst.microsecondsRounded) / 1000
        return "\(lateFrames) of \(frames) frames were handled more than \(Int(Self.threshold.microsecondsRounded / 1000)) ms "
            + "after the kernel stamped them (worst \((worstMilliseconds * 10).rounded() / 10) ms): "
            + "the machine is too busy, or something blocks the loop"
    }
}
