@_spi(Benchmarks) import GripperInput

extension GestureArena {
    /// Drives the arena through a whole stream: each frame is handled after
    /// every deadline due at or before its time has fired (``handle(_:)``
    /// does that), and after the last frame the stream is finished
    /// (``finish()``): a contact still followed is cancelled and the
    /// remaining deadlines fire. Frames should come in time order; an
    /// earlier one is taken at the latest time seen.
    /// - Complexity: O(n) for n frames.
    public mutating func replay<Frames: Sequence>(_ frames: Frames) -> [GestureEvent]
        where Frames.Element == ContactFrame {
        var out: [GestureEvent] = []
        for frame in frames { out += handle(frame) }
        out += finish()
        return out
    }

    /// The events a fresh arena with `configuration` reports for `frames`
    /// of a `deviceKind` device, from the first frame to the end of the
    /// stream (see ``replay(_:)``).
    /// - Complexity: O(n) for n frames.
    public static func events<Frames: Sequence>(for frames: Frames,
                                                configuration: GestureConfiguration = .default,
                                                deviceKind: DeviceKind? = nil) -> [GestureEvent]
        where Frames.Element == ContactFrame {
        var arena = GestureArena(configuration: configuration, deviceKind: deviceKind)
        return arena.replay(frames)
    }
}
