import GripperInput

/// One input frame and the device it comes from: what an engine with several
/// devices is fed (``EngineDriver/handle(_:)-(DeviceFrame)``), and what a
/// replay of several traces merges them into (`DeviceFrame/merged(_:)`).
public struct DeviceFrame: Hashable, Sendable {
    /// The device the frame comes from.
    public var device: InputDeviceID
    /// The frame.
    public var frame: EventFrame

    /// A frame of `device`.
    public init(_ frame: EventFrame, from device: InputDeviceID = .first) {
        self.device = device
        self.frame = frame
    }

    /// The frames of several devices (the i-th list: device i) in one time
    /// order, as they would have reached the engine live: by time, a tie
    /// going to the lower device, each device's frames in their own order
    /// (a device's frames out of time order stay in its order: the merge
    /// never reorders one device).
    ///
    /// - Complexity: O(n × d) for n frames of d devices.
    package static func merged(_ devices: [[EventFrame]]) -> [DeviceFrame] {
        var next = Array(repeating: 0, count: devices.count)
        var result: [DeviceFrame] = []
        result.reserveCapacity(devices.reduce(0) { $0 + $1.count })
        while let b = earliest(devices.count, { d in next[d] < devices[d].count ? devices[d][next[d]].time : nil }) {
            result.append(DeviceFrame(devices[b][next[b]], from: InputDeviceID(index: b)))
            next[b] += 1
        }
        return result
    }

    /// Which of `count` devices' next frames reaches the engine first, given
    /// each one's time (nil: the device has no more): the earliest, a tie
    /// going to the lower device. The one rule of every merge of devices'
    /// frames — ``merged(_:)``, and the CLI's streaming merge of readers.
    /// - Complexity: O(count).
    package static func earliest(_ count: Int, _ time: (Int) -> EventTime?) -> Int? {
        var best: (index: Int, time: EventTime)?
        for d in 0..<count {
            guard let t = time(d) else { continue }
            if let b = best, b.time <= t { continue }
            best = (d, t)
        }
        return best?.index
    }
}

extension EngineDriver {
    /// Handles one frame of one of the engine's devices: fires what is due
    /// before it (the track's stimuli, the engine's deadlines), then hands
    /// it to ``Engine/handle(_:from:)``.
    /// - Returns: the transcript entries produced, recorded or not.
    @discardableResult
    public mutating func handle(_ input: DeviceFrame) -> [Transcript.Entry] {
        if input.device == .first { return handle(input.frame) }
        fireDue(until: input.frame.time, origin: engine.origin ?? input.frame.time)
        return engine.handle(input.frame, from: input.device)
    }

    /// Input device `device` went away at `time` (after what is due before
    /// it): see ``Engine/deviceLost(_:at:)``.
    /// - Returns: the transcript entries produced, recorded or not.
    @discardableResult
    public mutating func deviceLost(_ device: InputDeviceID, at time: EventTime) -> [Transcript.Entry] {
        fireDue(until: time, origin: engine.origin ?? time)
        return engine.deviceLost(device, at: time)
    }
}
