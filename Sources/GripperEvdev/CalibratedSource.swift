import GripperInput

/// A ``LiveInputSource`` whose frames come out of another through a
/// `FrameCalibrator`: a panel mounted rotated or needing calibration, as
/// the engine should see it. Its ``device`` is the device as mounted (axes
/// swapped for a quarter turn); make the session's engine for it.
///
/// ```swift
/// let matrix = CalibrationMatrix.rotation(degrees: 90)!
/// let source = CalibratedSource(try EvdevReader(path: node), matrix: matrix)
/// let session = try LiveSession(reader: source, scene: scene)
/// ```
public final class CalibratedSource: LiveInputSource {
    /// The source read.
    public let inner: any LiveInputSource
    private var calibrator: FrameCalibrator

    /// `inner`'s frames through `matrix`.
    public init(_ inner: any LiveInputSource, matrix: CalibrationMatrix) {
        self.inner = inner
        calibrator = FrameCalibrator(matrix: matrix, device: inner.device)
    }

    /// The matrix applied.
    public var matrix: CalibrationMatrix { calibrator.matrix }
    /// `inner`'s name.
    public var path: String { inner.path }
    /// The device as mounted.
    public var device: DeviceDescription { calibrator.device }
    /// `inner`'s clock.
    public var now: EventTime { inner.now }
    /// Whether `inner` reconnects.
    public var reconnects: Bool { inner.reconnects }
    /// The inner source's descriptors.
    public var descriptors: [Int32] { inner.descriptors }

    /// `inner`'s next event, a frame through the matrix. A loss or a return
    /// starts the calibrator afresh (the positions it remembered are gone).
    /// - Complexity: as `inner`'s, plus O(events in a frame).
    public func next(until deadline: EventTime?, wakingOn wakeFD: Int32?) throws(EvdevError) -> EvdevReader.Event? {
        let event = try inner.next(until: deadline, wakingOn: wakeFD)
        switch event {
        case .frame(let frame)?:
            return .frame(calibrator.map(frame))
        case .deviceLost?, .deviceArrived?:
            calibrator.reset()
            return event
        case .deadlineReached?, .woken?, nil:
            return event
        }
    }

    /// Closes `inner`.
    public func close() { inner.close() }
}
