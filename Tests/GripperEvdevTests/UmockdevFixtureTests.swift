import GripperInput
import GripperScripting
import GripperTesting
import Testing

/// The umockdev files the fixture writer makes, checked line by line against
/// what libevdev 1.13 asks for (sizes) and what umockdev parses.
@Suite struct UmockdevFixtureTests {
    static let touch = DeviceDescription(
        name: "Probe Touchscreen", id: DeviceID(bustype: 3, vendor: 0x1234, product: 0x5678, version: 0x111),
        properties: [InputProperty.direct],
        codes: [EventType.syn: [0, 1, 3], EventType.key: [KeyCode.btnTouch],
                EventType.abs: [AbsCode.x, AbsCode.y, AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtTrackingID]],
        absInfo: [AbsCode.x: AbsInfo(minimum: 0, maximum: 4095, resolution: 16),
                  AbsCode.y: AbsInfo(minimum: 0, maximum: 4095, resolution: 16),
                  AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 9),
                  AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 4095, resolution: 16),
                  AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 4095, resolution: 16),
                  AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535)])

    /// `NAME → hex payload` of every ioctl line, in order.
    static func ioctls(_ text: String) -> [(name: String, ret: String, hex: String)] {
        text.split(separator: "\n").filter { !$0.hasPrefix("@") && !$0.hasPrefix("#") }.compactMap { line in
            let f = line.split(separator: " ")
            guard f.count == 3 else { return nil }
            return (String(f[0]), String(f[1]), String(f[2]))
        }
    }

    @Test func ioctlAnswersHaveTheSizesLibevdevPasses() {
        let fixture = UmockdevFixture(device: Self.touch, eventNumber: 7)
        #expect(fixture.node == "/dev/input/event7")
        #expect(fixture.ioctlText.hasPrefix("@DEV /dev/input/event7\n"))
        let lines = Self.ioctls(fixture.ioctlText)
        func bytes(_ name: String) -> [Int] { lines.filter { $0.name == name }.map { $0.hex.count / 2 } }
        #expect(bytes("EVIOCGNAME(0)") == [255])
        #expect(bytes("EVIOCGBIT(0)") == [8])
        #expect(bytes("EVIOCGBIT(1)") == [96])
        #expect(bytes("EVIOCGBIT(21)") == [16])
        #expect(bytes("EVIOCGKEY(0)") == [96])
        #expect(bytes("EVIOCGABS(0)") == [24])
        #expect(bytes("EVIOCGMTSLOTS(0)") == [1028, 1028, 1028])  // X, Y, tracking id
        #expect(lines.first { $0.name == "EVIOCGNAME(0)" }?.ret == "18")  // "Probe Touchscreen" + NUL
        // Types: SYN, KEY, ABS → 0b; props: DIRECT → 02.
        #expect(lines.first { $0.name == "EVIOCGBIT(0)" }?.hex.hasPrefix("0B00") == true)
        #expect(lines.first { $0.name == "EVIOCGPROP(0)" }?.hex.hasPrefix("0200") == true)
        // ABS_X: value 0, min 0, max 4095 (FF0F0000 little-endian), fuzz, flat, resolution 16.
        #expect(lines.first { $0.name == "EVIOCGABS(0)" }?.hex == "00000000" + "00000000" + "FF0F0000" + "00000000" + "00000000" + "10000000")
        // Empty slots report tracking id -1.
        let tracking = lines.first { $0.name == "EVIOCGMTSLOTS(0)" && $0.hex.hasPrefix("39000000") }
        #expect(tracking?.hex.dropFirst(8).prefix(16) == "FFFFFFFFFFFFFFFF")
        #expect(!fixture.ioctlText.contains("resync"))
    }

    @Test func aResyncSnapshotFollowsInLibevdevsSyncOrder() throws {
        var state = EmulatedDeviceState()
        state.keysDown = [KeyCode.btnTouch]
        state.absValues = [AbsCode.x: 1500]
        state.slots = [0: [AbsCode.mtTrackingID: 7, AbsCode.mtPositionX: 1500]]
        let fixture = UmockdevFixture(device: Self.touch, resyncState: state)
        let text = fixture.ioctlText
        let marker = try #require(text.range(of: "# --- the device's state on the resync after SYN_DROPPED ---"))
        let after = Self.ioctls(String(text[marker.upperBound...]))
        #expect(after.map(\.name) == ["EVIOCGMTSLOTS(0)", "EVIOCGMTSLOTS(0)", "EVIOCGMTSLOTS(0)",
                                      "EVIOCGKEY(0)", "EVIOCGABS(0)", "EVIOCGABS(1)"])
        // BTN_TOUCH (0x14a = 330): byte 41, bit 2.
        let key = after[3].hex
        #expect(key.dropFirst(82).prefix(2) == "04")
        #expect(after[4].hex.hasPrefix("DC050000"))  // 1500
        let tracking = after.first { $0.hex.hasPrefix("39000000") }
        #expect(tracking?.hex.dropFirst(8).prefix(16) == "07000000FFFFFFFF")
    }

    @Test func sysfsDescriptionNamesNodeKindAndIds() {
        let text = UmockdevFixture(device: Self.touch, eventNumber: 20).deviceText
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "P: /devices/virtual/input/input20/event20")
        #expect(lines.contains("N: input/event20"))
        #expect(lines.contains("E: ID_INPUT_TOUCHSCREEN=1"))
        #expect(lines.contains("E: PRODUCT=3/1234/5678/111"))
        #expect(lines.contains("A: properties=2"))
        #expect(lines.contains("E: SUBSYSTEM=input"))
        let mouse = DeviceDescription(name: "M", codes: [EventType.rel: [RelCode.x, RelCode.y], EventType.key: [KeyCode.btnLeft]])
        #expect(UmockdevFixture(device: mouse).deviceText.contains("E: ID_INPUT_MOUSE=1"))
        #expect(!UmockdevFixture(device: mouse).ioctlText.contains("EVIOCGMTSLOTS"))
    }

    @Test func eventScriptAvoidsUmockdevPitfalls() {
        let events = [
            RawEvent(time: EventTime(seconds: 1_330_495_931, microseconds: 10_000), type: EventType.abs, code: AbsCode.x, value: -5),
            RawEvent(time: EventTime(seconds: 1_330_495_931, microseconds: 10_000), type: EventType.syn, code: SynCode.report, value: 0),
            RawEvent(time: EventTime(seconds: 1_330_495_932, microseconds: 10_001), type: EventType.key, code: KeyCode.btnTouch, value: 1),
        ]
        let lines = UmockdevEventScript.text(events: events, lead: .milliseconds(500)).split(separator: "\n")
        #expect(lines == [
            "E: 0.0 0000 0000 0",            // the harmless frame at t = 0
            "E: 0.500000 0003 0000 -5",      // relative, after the lead
            "E: 0.500000 0000 0000 0",
            "E: 1.500001 0001 014a 1",       // µs without leading zeros (not octal)
        ])
        let noMarker = UmockdevEventScript.text(events: events, lead: .zero, startMarker: false).split(separator: "\n")
        #expect(noMarker.first == "E: 0.0 0003 0000 -5")
        #expect(noMarker.count == 3)
        #expect(UmockdevEventScript.text(events: []) == "E: 0.0 0000 0000 0\n")
    }

    @Test func stateAfterEventsFollowsSlotsKeysAndAxes() {
        let e: [(UInt16, UInt16, Int32)] = [
            (EventType.abs, AbsCode.mtSlot, 1), (EventType.abs, AbsCode.mtTrackingID, 4), (EventType.abs, AbsCode.mtPositionX, 10),
            (EventType.key, KeyCode.btnTouch, 1), (EventType.abs, AbsCode.x, 10), (EventType.syn, SynCode.report, 0),
            (EventType.abs, AbsCode.mtSlot, 0), (EventType.abs, AbsCode.mtTrackingID, 5),
            (EventType.abs, AbsCode.mtSlot, 1), (EventType.abs, AbsCode.mtTrackingID, -1), (EventType.syn, SynCode.report, 0),
        ]
        let events = e.map { RawEvent(time: .zero, type: $0.0, code: $0.1, value: $0.2) }
        let state = EmulatedDeviceState(after: events, device: Self.touch)
        #expect(state.keysDown == [KeyCode.btnTouch])
        #expect(state.absValues[AbsCode.x] == 10)
        #expect(state.slots[0]?[AbsCode.mtTrackingID] == 5)
        #expect(state.slots[1]?[AbsCode.mtTrackingID] == -1)
        #expect(state.slots[1]?[AbsCode.mtPositionX] == 10)  // kept, as the kernel keeps it
        let released = EmulatedDeviceState(after: events + [RawEvent(time: .zero, type: EventType.key, code: KeyCode.btnTouch, value: 0)],
                                           device: Self.touch)
        #expect(released.keysDown.isEmpty)
    }
}
