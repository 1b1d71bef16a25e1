import GripperGeometry
@_spi(Benchmarks) import GripperInput
import GripperScripting
import GripperTesting
import Testing

/// A panel mounted rotated (each quarter turn) or needing calibration: its
/// frames through `FrameCalibrator`, tracked and mapped on the mounted
/// device, put contacts where the finger is on the viewport.
@Suite struct CalibrationTests {
    /// A 200 × 100 mm panel: x 0…4000, y 0…2000 at 20 units/mm, protocol B.
    static let panel: DeviceDescription = {
        var device = TestDevices.probeTouchscreen
        let x = AbsInfo(minimum: 0, maximum: 4000, resolution: 20)
        let y = AbsInfo(minimum: 0, maximum: 2000, resolution: 20)
        device.absInfo[AbsCode.x] = x
        device.absInfo[AbsCode.mtPositionX] = x
        device.absInfo[AbsCode.y] = y
        device.absInfo[AbsCode.mtPositionY] = y
        return device
    }()

    static func event(_ type: UInt16, _ code: UInt16, _ value: Int32, at ms: Int64) -> RawEvent {
        RawEvent(time: EventTime(microseconds: ms * 1000), type: type, code: code, value: value)
    }

    /// A finger down at (x, y) units, then moved to `movedX` (x only), then up.
    static func frames(x: Int32, y: Int32, movedX: Int32) -> [EventFrame] {
        let abs = EventType.abs
        return [
            EventFrame(time: EventTime(microseconds: 10_000), events: [
                event(abs, AbsCode.mtSlot, 0, at: 10), event(abs, AbsCode.mtTrackingID, 1, at: 10),
                event(abs, AbsCode.mtPositionX, x, at: 10), event(abs, AbsCode.mtPositionY, y, at: 10),
                event(EventType.key, KeyCode.btnTouch, 1, at: 10), event(abs, AbsCode.x, x, at: 10), event(abs, AbsCode.y, y, at: 10),
            ]),
            EventFrame(time: EventTime(microseconds: 20_000), events: [
                event(abs, AbsCode.mtPositionX, movedX, at: 20), event(abs, AbsCode.x, movedX, at: 20),
            ]),
            EventFrame(time: EventTime(microseconds: 30_000), events: [
                event(abs, AbsCode.mtTrackingID, -1, at: 30), event(EventType.key, KeyCode.btnTouch, 0, at: 30),
            ]),
        ]
    }

    /// Where the finger lands on a viewport of `size`, frame by frame.
    static func locations(_ matrix: CalibrationMatrix, device: DeviceDescription = panel, size: Size,
                          x: Int32 = 1000, y: Int32 = 200, movedX: Int32 = 2000) -> [Point] {
        var calibrator = FrameCalibrator(matrix: matrix, device: device)
        var tracker = ContactTracker(device: calibrator.device)
        var viewport = Viewport(device: calibrator.device, rect: Rect(x: 0, y: 0, width: size.width, height: size.height))
        return frames(x: x, y: y, movedX: movedX).compactMap { frame in
            viewport.map(tracker.process(calibrator.map(frame))).contacts.first?.location
        }
    }

    // A finger at 1/4 across and 1/10 down the panel as the device reports it,
    // then moved to 1/2 across.

    @Test func unrotated() {
        #expect(Self.locations(.identity, size: Size(width: 800, height: 400))
                == [Point(x: 200, y: 40), Point(x: 400, y: 40), Point(x: 400, y: 40)])
    }

    @Test func quarterTurnClockwise() throws {
        let matrix = try #require(CalibrationMatrix.rotation(degrees: 90))
        // Mounted portrait: 100 mm wide, 200 mm tall.
        let mounted = FrameCalibrator(matrix: matrix, device: Self.panel).device
        #expect(mounted.sizeInMillimetres.map { [$0.width, $0.height] } == [100, 200])
        // (x, y) → (1 − y, x); a move along the device's x is a move down the screen.
        #expect(Self.locations(matrix, size: Size(width: 400, height: 800))
                == [Point(x: 360, y: 200), Point(x: 360, y: 400), Point(x: 360, y: 400)])
    }

    @Test func halfTurn() throws {
        let matrix = try #require(CalibrationMatrix.rotation(degrees: 180))
        #expect(FrameCalibrator(matrix: matrix, device: Self.panel).device == Self.panel)
        #expect(Self.locations(matrix, size: Size(width: 800, height: 400))
                == [Point(x: 600, y: 360), Point(x: 400, y: 360), Point(x: 400, y: 360)])
    }

    @Test func threeQuarterTurn() throws {
        let matrix = try #require(CalibrationMatrix.rotation(degrees: 270))
        // (x, y) → (y, 1 − x)
        #expect(Self.locations(matrix, size: Size(width: 400, height: 800))
                == [Point(x: 40, y: 600), Point(x: 40, y: 400), Point(x: 40, y: 400)])
        #expect(CalibrationMatrix.rotation(degrees: 45) == nil)
    }

    @Test func calibratedDevice() throws {
        // A calibration tool's output: 10 % larger across, 10 % smaller down, shifted.
        let matrix = try CalibrationMatrix(parsing: "1.1 0 -0.05 0 0.9 0.05")
        let points = Self.locations(matrix, size: Size(width: 800, height: 400))
        // (0.25, 0.1) → (0.225, 0.14); (0.5, 0.1) → (0.5, 0.14).
        #expect(points.count == 3)
        #expect(abs(points[0].x - 180) < 0.5 && abs(points[0].y - 56) < 0.5, "\(points)")
        #expect(abs(points[1].x - 400) < 0.5 && abs(points[1].y - 56) < 0.5, "\(points)")
    }

    @Test func rotationsCompose() throws {
        let quarter = try #require(CalibrationMatrix.rotation(degrees: 90))
        #expect(quarter.followed(by: quarter) == CalibrationMatrix.rotation(degrees: 180))
        #expect(quarter.followed(by: try #require(CalibrationMatrix.rotation(degrees: 270))) == .identity)
        #expect(CalibrationMatrix.identity.followed(by: quarter) == quarter)
    }

    @Test func parsingSaysWhatIsWrong() throws {
        #expect(try CalibrationMatrix(parsing: "0 -1 1\t1 0 0") == CalibrationMatrix.rotation(degrees: 90))
        #expect(throws: CalibrationMatrix.ParseError(text: "1 0 0 0 1", problem: "expected 6 numbers, found 5")) {
            try CalibrationMatrix(parsing: "1 0 0 0 1")
        }
        #expect(throws: CalibrationMatrix.ParseError(text: "1 0 x 0 1 0", problem: "value 3 (x) is not a finite number")) {
            try CalibrationMatrix(parsing: "1 0 x 0 1 0")
        }
        #expect(throws: CalibrationMatrix.ParseError.self) { try CalibrationMatrix(parsing: "1 0 1e999 0 1 0") }
        #expect(throws: CalibrationMatrix.ParseError.self) { try CalibrationMatrix(parsing: "nan 0 0 0 1 0") }
    }

    @Test func extremeValuesNeverTrap() throws {
        let huge = try CalibrationMatrix(parsing: "1e300 1e300 0 -1e300 0 1e300")
        let points = Self.locations(huge, size: Size(width: 800, height: 400), x: Int32.max, y: Int32.min, movedX: Int32.min)
        #expect(points.count == 3)
        let tiny = AbsInfo(minimum: 5, maximum: 5)
        var flat = Self.panel
        flat.absInfo[AbsCode.mtPositionX] = tiny
        #expect(Self.locations(.rotation(degrees: 180)!, device: flat, size: Size(width: 800, height: 400)).count == 3)
    }
}
