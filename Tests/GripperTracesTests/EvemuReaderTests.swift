import Testing
import GripperInput
import GripperTesting
import GripperTraces

@Suite struct EvemuReaderTests {
    @Test(arguments: Recordings.evemuFiles)
    func everyRecordingParses(_ file: String) throws {
        let trace = try Recordings.evemu(file)
        #expect(!trace.device.name.isEmpty)
        if file.hasSuffix(".desc") || file.hasSuffix("describe.txt") {
            #expect(trace.events.isEmpty)
        } else {
            #expect(!trace.events.isEmpty)
            #expect(trace.events.last?.isSynReport == true)
        }
    }

    @Test func eventCountsMatchTheManifest() throws {
        let manifest = try Recordings.manifest()
        #expect(manifest.count == 10)
        for entry in manifest {
            let trace = try Recordings.evemu("real/\(entry.file)")
            #expect(trace.events.count == entry.events, "\(entry.file)")
        }
    }

    @Test func headerOfARecordingIsRead() throws {
        let trace = try Recordings.evemu("tool-output/drag.evemu-record.txt")
        let d = trace.device
        #expect(d.name == "Probe Touchscreen")
        #expect(d.id == DeviceID(bustype: 3, vendor: 0x1234, product: 0x5678, version: 0x111))
        #expect(d.properties == [InputProperty.direct])
        #expect(d.codes[EventType.key] == [KeyCode.btnTouch])
        #expect(d.codes[EventType.abs] == [0, 1, 0x2f, 0x35, 0x36, 0x39])
        #expect(d.absInfo[AbsCode.mtPositionX] == AbsInfo(minimum: 0, maximum: 4095, resolution: 16))
        #expect(d.absInfo[AbsCode.mtTrackingID] == AbsInfo(minimum: 0, maximum: 65535))
        #expect(d.kind == .touchscreen)
        #expect(trace.metadata.formatVersion == "1.3")
        #expect(trace.metadata.kernel == "6.18.44-fc-v657")
        #expect(trace.startTime == EventTime(microseconds: 1))
        #expect(trace.events[1] == RawEvent(time: EventTime(microseconds: 500_001), type: EventType.abs, code: AbsCode.mtSlot, value: 0))
        #expect(trace.events.contains { $0.code == AbsCode.mtTrackingID && $0.value == -1 })
        #expect(trace.warnings.isEmpty)
    }

    @Test func oldFilesWithoutResolutionAndEpochTimes() throws {
        let trace = try Recordings.evemu("real/ts_ntrig_protoA_1-finger-drag-NW-SE.events")
        #expect(trace.device.name == "N-Trig MultiTouch")
        #expect(trace.device.absInfo[AbsCode.x] == AbsInfo(minimum: 0, maximum: 9600))
        #expect(trace.hasAbsoluteTimes)
        #expect(trace.startTime == EventTime(seconds: 1357751027, microseconds: 90934))
        #expect(trace.events.contains { $0.type == EventType.syn && $0.code == SynCode.mtReport })
        #expect(trace.frames.allSatisfy { !$0.events.contains(where: \.isSynReport) })
    }

    @Test func framesTakeTheSynReportTime() throws {
        // Old files stamp every event of a frame differently.
        let trace = try Recordings.evemu("real/ts_wacom-isdv4-e6_single-tap.events")
        #expect(trace.frames.count == 2)
        #expect(trace.frames[0].time == EventTime(seconds: 1330495931, microseconds: 101135))
        #expect(trace.frames[0].events.count == 6)
        #expect(trace.frames[0].events[0].time == EventTime(seconds: 1330495931, microseconds: 101111))
        #expect(trace.frames[1].events.map(\.value) == [-1, 0])
        #expect(trace.duration == .microseconds(125122 - 101111))
    }

    @Test func eventLineVariants() throws {
        let text = """
        N: Dev
        I: 0003 0001 0002 0003
        E: 0.000001 0003 0039 0006\t# EV_ABS / ABS_MT_TRACKING_ID   6
        E: 0.000002 3 39 -1
        E: 0.000003 0003 0039 -001
        E: 0.000004 0003 0000 +12   # comment
        E: 1.5 0000 0000 0000
        """
        let trace = try EvemuFormat.read(text, fileName: "variants.evemu")
        #expect(trace.events.map(\.value) == [6, -1, -1, 12, 0])
        #expect(trace.events[4].time == EventTime(seconds: 1, microseconds: 5))
        #expect(trace.warnings.isEmpty)
    }

    @Test func splitMasksAndFourNumberAbsLines() throws {
        let trace = try Recordings.evemu("real/ts_ntrig_protoA.desc")
        #expect(trace.device.codes[EventType.key] == [KeyCode.btnTouch, KeyCode.btnToolDoubleTap])
        #expect(trace.device.absInfo.count == 8)
        #expect(trace.device.absInfo[AbsCode.pressure] == nil)
        #expect(trace.device.absInfo[0x28] == AbsInfo(minimum: 0, maximum: 255))
    }

    @Test func trailingIncompleteFrameIsKeptWithAWarning() throws {
        let text = "N: D\nI: 0 0 0 0\nE: 0.000001 0003 0000 1\nE: 0.000001 0000 0000 0\nE: 0.000002 0003 0000 2\n"
        let trace = try EvemuFormat.read(text, fileName: "tail.evemu")
        #expect(trace.frames.count == 2)
        #expect(trace.frames[1].events.map(\.value) == [2])
        #expect(trace.frames[1].time == EventTime(microseconds: 2))
        #expect(trace.warnings.count == 1)
        #expect(trace.warnings[0].description.contains("tail.evemu"))
    }

    @Test func unknownHeaderLinesAreWarnings() throws {
        let text = "# EVEMU 1.3\nN: D\nI: 0 0 0 0\nX: something new\nE: 0.000001 0000 0000 0\n"
        let trace = try EvemuFormat.read(text, fileName: "unknown.evemu")
        #expect(trace.warnings.map(\.line) == [4])
        #expect(trace.events.count == 1)
    }
}
