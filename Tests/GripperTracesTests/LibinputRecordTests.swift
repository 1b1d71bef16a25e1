import Testing
import GripperInput
import GripperFiles
import GripperTesting
import GripperTraces

@Suite struct LibinputRecordTests {
    static let file = "tool-output/drag.libinput-record.yml"

    @Test func toolRecordingIsRead() throws {
        let trace = try LibinputRecordFormat.read(Recordings.bytes(Self.file), fileName: Self.file)
        let d = trace.device
        #expect(d.name == "Probe Touchscreen")
        #expect(d.id == DeviceID(bustype: 3, vendor: 0x1234, product: 0x5678, version: 0x111))
        #expect(d.properties == [InputProperty.direct])
        #expect(d.codes[EventType.abs] == [0, 1, 0x2f, 0x35, 0x36, 0x39])
        #expect(d.absInfo[AbsCode.mtPositionY] == AbsInfo(minimum: 0, maximum: 4095, resolution: 16))
        #expect(d.kind == .touchscreen)
        #expect(trace.metadata.libinputVersion == "1.22.1")
        #expect(trace.metadata.os == "debian:12")
        #expect(trace.metadata.deviceNode == "/dev/input/event20")
        #expect(trace.metadata.udevProperties == ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"])
        #expect(trace.frames.count == 23)
        #expect(trace.events.count == 1 + 8 + 20 * 5 + 3)
        #expect(trace.events[1] == RawEvent(time: .milliseconds(500), type: EventType.abs, code: AbsCode.mtSlot, value: 0))
        #expect(trace.warnings.isEmpty)
    }

    /// The same drag recorded by evemu-record and libinput record has the same
    /// events (the tools' time origins differ by 1 µs).
    @Test func sameEventsAsTheEvemuRecording() throws {
        let yml = try LibinputRecordFormat.read(Recordings.bytes(Self.file), fileName: Self.file)
        let evemu = try Recordings.evemu("tool-output/drag.evemu-record.txt")
        #expect(yml.events.count == evemu.events.count)
        #expect(zip(yml.events, evemu.events).allSatisfy { a, b in
            a.type == b.type && a.code == b.code && a.value == b.value && b.time.microseconds - a.time.microseconds == 1
        })
        #expect(yml.device == evemu.device || yml.device.codes[EventType.syn] != evemu.device.codes[EventType.syn])
        var a = yml.device, b = evemu.device
        a.codes[EventType.syn] = nil
        b.codes[EventType.syn] = nil
        #expect(a == b)
    }

    /// Writing what libinput record wrote gives back the file, except the
    /// wall-clock "# Current time is" comment, which a trace does not keep.
    @Test func toolRecordingRoundTrips() throws {
        let original = try Recordings.text(Self.file)
        let written = LibinputRecordFormat.write(try LibinputRecordFormat.read(Recordings.bytes(Self.file), fileName: Self.file))
        let a = original.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("# Current time is") }
        let b = written.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(a.count == b.count)
        for (n, (x, y)) in zip(a, b).enumerated() where x != y {
            Issue.record("line \(n + 1): expected \(x.debugDescription), wrote \(y.debugDescription)")
            break
        }
    }
}

@Suite struct LibinputRecordLayoutTests {
    /// `libinput record --with-libinput` adds libinput's own events, as a
    /// `libinput:` key beside `evdev:` or as a frame of their own.
    @Test func libinputEntriesAreSkipped() throws {
        let text = """
        version: 1
        ndevices: 1
        devices:
        - node: /dev/input/event1
          evdev:
            name: "Mouse"
            id: [3, 1, 2, 3]
            codes:
              0: [0]
              2: [0, 1]
            properties: []
          events:
          - evdev:
            - [  0,      1,   2,   0,       1] # EV_REL / REL_X                 1
            - [  0,      1,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms
            libinput:
            - {time: 0.000001, type: POINTER_MOTION, delta: [  1.00,   0.00], unaccel: [  1.00,   0.00]}
          - libinput:
            - {time: 0.000002, type: POINTER_BUTTON, button: 272, state: pressed, seat_count: 1}
          - evdev:
            - [  0,      9,   2,   1,      -2] # EV_REL / REL_Y                -2
            - [  0,      9,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms

        """
        let trace = try LibinputRecordFormat.read(text, fileName: "with-libinput.yml")
        #expect(trace.events.map(\.value) == [1, 0, -2, 0])
        #expect(trace.warnings.count == 1)
        #expect(trace.warnings.first?.message.hasPrefix("2 non-evdev entries") == true)
        #expect(trace.warnings.first?.line == 12)
    }
}
