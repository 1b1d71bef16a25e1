import GripperInput
import GripperScripting
import GripperTesting
import Testing

/// `AxisMapping`: a replacement device's positions onto the first device's axes.
@Suite struct AxisMappingTests {
    static let screen = TestDevices.probeTouchscreen  // 0…4095 on both axes

    static func with(_ range: ClosedRange<Int32>) -> DeviceDescription {
        var device = screen
        for code in AxisMapping.positionAxes { device.absInfo[code] = AbsInfo(minimum: range.lowerBound, maximum: range.upperBound) }
        return device
    }

    static func frame(_ events: [(UInt16, UInt16, Int32)]) -> EventFrame {
        EventFrame(time: EventTime(microseconds: 10), events: events.map {
            RawEvent(time: EventTime(microseconds: 10), type: $0.0, code: $0.1, value: $0.2)
        })
    }

    @Test func sameAxesPassUnchanged() {
        let mapping = AxisMapping(from: Self.screen, to: Self.screen)
        #expect(mapping.isIdentity)
        let f = Self.frame([(EventType.abs, AbsCode.mtPositionX, 1234)])
        #expect(mapping.map(f) == f)
    }

    @Test func positionsKeepTheirFractionOfTheRange() {
        // 0…8190 onto 0…4095: half the value; a range with an offset too.
        let mapping = AxisMapping(from: Self.with(0...8190), to: Self.screen)
        let f = Self.frame([(EventType.abs, AbsCode.mtSlot, 1), (EventType.abs, AbsCode.mtPositionX, 8190),
                            (EventType.abs, AbsCode.mtPositionY, 4096), (EventType.abs, AbsCode.x, 0),
                            (EventType.key, KeyCode.btnTouch, 1), (EventType.abs, AbsCode.mtTrackingID, 7)])
        #expect(mapping.map(f).events.map(\.value) == [1, 4095, 2048, 0, 1, 7])
        let shifted = AxisMapping(from: Self.with(100...200), to: Self.with(-50...50))
        #expect(shifted.map(Self.frame([(EventType.abs, AbsCode.y, 150)])).events.first?.value == 0)
    }

    @Test func valuesAtTheEdgesOfInt32NeverTrap() {
        let mapping = AxisMapping(from: Self.with(0...1), to: Self.with(Int32.min...Int32.max))
        let f = Self.frame([(EventType.abs, AbsCode.x, Int32.max), (EventType.abs, AbsCode.y, Int32.min)])
        #expect(mapping.map(f).events.map(\.value) == [Int32.max, Int32.min])
        // A source axis of one value maps to the target's minimum.
        let flat = AxisMapping(from: Self.with(5...5), to: Self.screen)
        #expect(flat.map(Self.frame([(EventType.abs, AbsCode.x, 9)])).events.first?.value == 0)
    }
}
