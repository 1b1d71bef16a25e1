import GripperInput
import GripperTesting
import Testing
import GripperFiles
import GripperScripting
import GripperTraces

/// Keyboards in traces: a keyboard is classified as one, and its key events
/// (presses, autorepeats, releases with their scan codes) survive a round
/// trip through evemu and libinput record, alone and beside a touchscreen.
@Suite struct KeyboardTraceTests {
    /// Shift down, A down, A repeated twice, A up, Shift up: what a person
    /// typing a capital A holding the key a little long sends.
    static let events: [RawEvent] = {
        var out: [RawEvent] = []
        var t = EventTime.milliseconds(10)
        func frame(_ scan: Int32, _ code: UInt16, _ value: Int32) {
            out.append(RawEvent(time: t, type: EventType.msc, code: 4, value: scan))
            out.append(RawEvent(time: t, type: EventType.key, code: code, value: value))
            out.append(RawEvent(time: t, type: EventType.syn, code: SynCode.report, value: 0))
            t = t + .milliseconds(33)
        }
        frame(0x700e1, 42, 1)
        frame(0x70004, 30, 1)
        frame(0x70004, 30, 2)
        frame(0x70004, 30, 2)
        frame(0x70004, 30, 0)
        frame(0x700e1, 42, 0)
        return out
    }()

    @Test func aKeyboardIsAKeyboardAndOtherDevicesAreNot() {
        #expect(TestDevices.probeKeyboard.kind == .keyboard)
        #expect(TestDevices.probeMouse.kind == .mouse)
        #expect(TestDevices.probeTouchscreen.kind == .touchscreen)
        // A power button or a few media keys are not a keyboard.
        var buttons = TestDevices.probeKeyboard
        buttons.codes[EventType.key] = [116, 113, 114, 115]
        #expect(buttons.kind == .other)
        // One key short of udev's first 31: not a keyboard either.
        var short = TestDevices.probeKeyboard
        short.codes[EventType.key]?.remove(31)
        #expect(short.kind == .other)
    }

    @Test func keyEventsRoundTripThroughEvemu() throws {
        let trace = Trace(device: TestDevices.probeKeyboard, events: Self.events)
        let text = EvemuFormat.write(trace)
        let back = try EvemuFormat.read(text, fileName: "kbd.evemu")
        #expect(back.device.kind == .keyboard)
        #expect(back.device.codes[EventType.key] == TestDevices.probeKeyboard.codes[EventType.key])
        #expect(back.events == Self.events)
        #expect(back.frames.count == 6)
        #expect(back.frames.map { $0.events.last?.value } == [1, 1, 2, 2, 0, 0])
    }

    @Test func keyEventsRoundTripThroughLibinputRecordBesideATouchscreen() throws {
        var touch = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 2)
        touch.tap(at: .fraction(0.5, 0.5))
        let keyboard = Trace(device: TestDevices.probeKeyboard, events: Self.events)
        let screen = Trace(device: TestDevices.probeTouchscreen, events: touch.events)
        let text = LibinputRecordFormat.write([screen, keyboard])
        #expect(text.contains("ID_INPUT_KEYBOARD=1"))
        let back = try LibinputRecordFormat.readAll(Array(text.utf8), fileName: "two.yml")
        #expect(back.count == 2)
        #expect(back.map(\.device.kind) == [.touchscreen, .keyboard])
        #expect(back[1].events == Self.events)
        #expect(back[0].events == screen.events)
    }
}
