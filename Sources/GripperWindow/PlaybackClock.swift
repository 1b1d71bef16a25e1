/// Maps the wall clock to playback time for a replay in a window: plays at
/// the recorded speed or half of it, pauses, and jumps (a step while
/// paused). Pure: the wall time comes in with every call (microseconds on
/// any monotonic clock), so tests step it to either side of every change.
public struct PlaybackClock: Hashable, Sendable {
    /// Whether playback is paused.
    public private(set) var isPaused = false
    /// Whether playback runs at half the recorded speed.
    public private(set) var isHalfSpeed = false
    private var wallAnchor: Int64
    private var mediaAnchor: Int64

    /// A clock at playback time `media` at wall time `wall`, playing.
    public init(wall: Int64, media: Int64 = 0) {
        wallAnchor = wall
        mediaAnchor = media
    }

    /// The playback time at wall time `wall` (never before the last anchor;
    /// saturating at the ends of `Int64`).
    /// - Complexity: O(1).
    public func media(at wall: Int64) -> Int64 {
        if isPaused { return mediaAnchor }
        let elapsed = wall.subtractingReportingOverflow(wallAnchor)
        guard !elapsed.overflow else { return wall > wallAnchor ? .max : mediaAnchor }
        let scaled = isHalfSpeed ? max(0, elapsed.partialValue) / 2 : max(0, elapsed.partialValue)
        let sum = mediaAnchor.addingReportingOverflow(scaled)
        return sum.overflow ? .max : sum.partialValue
    }

    /// Pauses or resumes at wall time `wall`.
    public mutating func togglePause(at wall: Int64) {
        rebase(at: wall)
        isPaused.toggle()
    }

    /// Switches between recorded and half speed at wall time `wall`.
    public mutating func toggleHalfSpeed(at wall: Int64) {
        rebase(at: wall)
        isHalfSpeed.toggle()
    }

    /// Pauses (if playing) and moves playback to `media` (a step).
    public mutating func step(to media: Int64, at wall: Int64) {
        rebase(at: wall)
        isPaused = true
        mediaAnchor = max(mediaAnchor, media)
    }

    private mutating func rebase(at wall: Int64) {
        mediaAnchor = media(at: wall)
        wallAnchor = wall
    }
}
