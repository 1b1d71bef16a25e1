import GripperInput
import Testing

/// The one fold of a device's state after its events (`EvdevDeviceState`):
/// the rules its doc comment writes down.
struct EvdevDeviceStateTests {
    static func device(slots: Bool, slotValue: Int32 = 0) -> DeviceDescription {
        var absInfo: [UInt16: AbsInfo] = [AbsCode.x: AbsInfo(minimum: 0, maximum: 100),
                                          AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 100),
                                          AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 100)]
        if slots {
            absInfo[AbsCode.mtSlot] = AbsInfo(value: slotValue, minimum: 0, maximum: 9)
            absInfo[AbsCode.mtTrackingID] = AbsInfo(minimum: 0, maximum: 65535)
        }
        return DeviceDescription(name: "fold", codes: [EventType.abs: Set(absInfo.keys)], absInfo: absInfo)
    }

    static func e(_ type: UInt16, _ code: UInt16, _ value: Int32) -> RawEvent {
        RawEvent(time: .zero, type: type, code: code, value: value)
    }

    @Test func slotsAxesAndTheFirstSlot() {
        var state = EvdevDeviceState(device: Self.device(slots: true, slotValue: 3))
        state.absorb(Self.e(EventType.abs, AbsCode.mtPositionX, 7))
        #expect(state.slots == [3: [AbsCode.mtPositionX: 7]])
        #expect(state.axes[AbsCode.mtSlot] == nil)
        state.absorb(Self.e(EventType.abs, AbsCode.mtSlot, 1))
        state.absorb(Self.e(EventType.abs, AbsCode.mtTrackingID, 5))
        state.absorb(Self.e(EventType.abs, AbsCode.x, 40))
        state.absorb(Self.e(EventType.abs, 0x3f, 2))
        #expect(state.slot == 1)
        #expect(state.slots[1] == [AbsCode.mtTrackingID: 5])
        #expect(state.axes == [AbsCode.mtSlot: 1, AbsCode.x: 40, 0x3f: 2])
    }

    @Test func protocolACodesAreAxes() {
        var state = EvdevDeviceState(device: Self.device(slots: false))
        state.absorb(Self.e(EventType.abs, AbsCode.mtPositionX, 9))
        #expect(state.slots.isEmpty)
        #expect(state.axes == [AbsCode.mtPositionX: 9])
    }

    @Test func keysLedsSwitchesAndMotion() {
        var state = EvdevDeviceState(device: Self.device(slots: false))
        for event in [Self.e(EventType.key, KeyCode.btnTouch, 1), Self.e(EventType.key, KeyCode.btnLeft, 1),
                      Self.e(EventType.key, KeyCode.btnLeft, 0), Self.e(EventType.led, 1, 1), Self.e(EventType.sw, 0, 1),
                      Self.e(EventType.sw, 0, 0), Self.e(EventType.rel, RelCode.x, 5), Self.e(EventType.rel, RelCode.x, -2),
                      Self.e(EventType.rel, RelCode.wheel, 1), Self.e(EventType.syn, SynCode.report, 0)] {
            state.absorb(event)
        }
        #expect(state.keys == [KeyCode.btnTouch: true, KeyCode.btnLeft: false])
        #expect(state.leds == [1: true])
        #expect(state.switches == [0: false])
        #expect(state.motion == [RelCode.x: 3])
    }
}
