import Foundation
@_spi(Benchmarks) import GripperInput
import GripperScripting
import GripperTesting
import Testing
import GripperTraces

/// SYN_DROPPED and device removal on an emulated copy of a real touchscreen,
/// driven step by step through libumockdev's testbed (the harness's `feed`
/// mode under umockdev-wrapper), so nothing depends on timing.
@Suite struct ResyncAndLossTests {
    static let file = "real/ts_atmel-maxtouch_1-finger-drag-up-down.evemu"

    /// The trace, and the index of the frame where its touch begins and ends.
    static func drag() throws -> (trace: Trace, begin: Int, end: Int) {
        let trace = try Recordings.evemu(file)
        let contacts = ContactTracker.track(trace.frames, device: trace.device)
        let begin = contacts.firstIndex { $0.contacts.contains { $0.phase == .began } }
        let end = contacts.firstIndex { $0.contacts.contains { $0.phase == .ended } }
        guard let begin, let end, end > begin + 60 else {
            throw TestSetupError("the drag recording should hold one long touch")
        }
        return (trace, begin, end)
    }

    struct TestSetupError: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }

    /// Feeds `chunks` of events through the harness with `resync` as the
    /// state the device reports after SYN_DROPPED.
    static func feed(_ trace: Trace, events: [RawEvent], resync: EmulatedDeviceState?,
                     removeAfter: Int? = nil) throws -> Emulation.Output {
        let dir = try Emulation.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fixture = UmockdevFixture(device: trace.device, resyncState: resync)
        let script = UmockdevEventScript.text(events: events, lead: .zero)
        let device = try Emulation.write(fixture, script: script, name: "dev", in: dir)
        var command = ["umockdev-wrapper", Emulation.harness, "feed", device.umockdev, device.ioctl,
                       device.events ?? ""]
        if let removeAfter { command += ["--remove-after", String(removeAfter)] }
        return try Emulation.run(command, timeout: 30)
    }

    /// The `contacts` lines, one per frame read.
    static func contactLines(_ out: Emulation.Output) -> [String] {
        out.lines.filter { $0.hasPrefix("contacts") }.map(String.init)
    }

    @Test func fingerStillDownAfterTheGapKeepsItsContact() throws {
        let (trace, begin, _) = try Self.drag()
        let frames = trace.frames
        let cut = begin + 30, resume = begin + 34
        // Frames cut..<resume are lost; half of frame `cut` came before SYN_DROPPED.
        let lostTime = frames[resume - 1].time
        var events = UmockdevEventScript.events(of: Array(frames[..<cut]))
        events += frames[cut].events
        events.append(RawEvent(time: lostTime, type: EventType.syn, code: SynCode.dropped, value: 0))
        events += UmockdevEventScript.events(of: Array(frames[resume...]))
        let state = EmulatedDeviceState(after: UmockdevEventScript.events(of: Array(frames[..<resume])),
                                        device: trace.device)
        let out = try Self.feed(trace, events: events, resync: state)
        #expect(!out.timedOut)
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        #expect(out.lines.last == "idle")

        let frameLines = out.lines.filter { $0.hasPrefix("frame ") }
        let resyncs = frameLines.filter { $0.contains("resync=1") }
        #expect(resyncs.count == 1)
        // Read: the script's t = 0 frame, the frames before the cut, one resync, the rest.
        #expect(frameLines.count == 1 + cut + 1 + (frames.count - resume))

        // After the resync the contact is where the device says, under the same id,
        // and everything after equals tracking the uncut recording.
        let read = Self.contactLines(out)
        let full = ContactTracker.track(frames, device: trace.device).map { ReaderTranscript.line(for: $0) }
        let resyncIndex = 1 + cut
        #expect(read[resyncIndex] == full[resume - 1].replacingOccurrences(of: "began", with: "moved"))
        #expect(Array(read[(resyncIndex + 1)...]) == Array(full[resume...]))
        #expect(read.last?.contains(":ended:") == true)
        #expect(!read.contains { $0.contains("cancelled") })
    }

    @Test func fingerLiftedDuringTheGapIsCancelled() throws {
        let (trace, begin, end) = try Self.drag()
        let frames = trace.frames
        let cut = begin + 30
        // Everything from frame `cut` to after the lift is lost.
        var events = UmockdevEventScript.events(of: Array(frames[..<cut]))
        events.append(RawEvent(time: frames[end].time, type: EventType.syn, code: SynCode.dropped, value: 0))
        events += UmockdevEventScript.events(of: Array(frames[(end + 1)...]))
        let state = EmulatedDeviceState(after: UmockdevEventScript.events(of: Array(frames[...end])),
                                        device: trace.device)
        #expect(state.slots.values.allSatisfy { ($0[AbsCode.mtTrackingID] ?? -1) == -1 })
        let out = try Self.feed(trace, events: events, resync: state)
        #expect(!out.timedOut)
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")

        let read = Self.contactLines(out)
        let resyncIndex = 1 + cut
        #expect(read[resyncIndex - 1].contains(":moved:") || read[resyncIndex - 1].contains(":stationary:"))
        #expect(read[resyncIndex].hasPrefix("contacts 1:cancelled:"))
        #expect(!read.contains { $0.contains(":ended:") })
        #expect(read[(resyncIndex + 1)...].allSatisfy { $0 == "contacts" })
    }

    @Test func removalInTheMiddleOfATouchCancelsItAndEnds() throws {
        let (trace, begin, _) = try Self.drag()
        let frames = trace.frames
        let events = UmockdevEventScript.events(of: frames)
        // Chunk 0 is the script's t = 0 frame; remove after `begin + 10` frames of the recording.
        let out = try Self.feed(trace, events: events, resync: nil, removeAfter: 1 + begin + 10)
        #expect(!out.timedOut)
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        let lines = out.lines.map(String.init)
        guard let removing = lines.firstIndex(of: "removing") else {
            Issue.record("the harness never removed the device: \(out.stdout)")
            return
        }
        #expect(Array(lines[(removing + 1)...].prefix(1)) == ["lost"])
        #expect(lines[removing + 2].hasPrefix("contacts 1:cancelled:"))
        #expect(lines.last == "end")
        #expect(lines.filter { $0 == "lost" }.count == 1)
    }
}
