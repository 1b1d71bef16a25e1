/// A ``Stimulus`` at a time on a track: when it happens, measured from the
/// start of the input (the first frame), and what it is. An
/// ``EngineDriver`` fires a track of them.
public struct TimedStimulus: Hashable, Sendable {
    /// When, measured from the start of the input (the first frame).
    public var offset: Duration
    /// What happens.
    public var stimulus: Stimulus

    /// Creates a timed stimulus.
    public init(offset: Duration, stimulus: Stimulus) {
        self.offset = offset
        self.stimulus = stimulus
    }
}
