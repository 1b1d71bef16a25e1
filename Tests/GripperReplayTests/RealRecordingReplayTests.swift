import Foundation
import Testing
@_spi(Benchmarks) import Gripper
import GripperTesting
import GripperFiles
import GripperReplay
import GripperReplayCases
import GripperScene

@Suite struct RealRecordingReplayTests {
    static let recordings = [
        "mouse_ultrathin-touch-mouse_motion-clicks-wheel.evemu", "tp_alps-glidepoint_double-tap.evemu",
        "ts_atmel-maxtouch_1-finger-drag-up-down.evemu", "ts_atmel-maxtouch_1-finger-fast-taps.evemu",
        "ts_ep0430m09_2-finger-scroll-down.evemu", "ts_ntrig_protoA_1-finger-drag-NW-SE.events",
        "ts_wacom-isdv4-e6_1-finger-horizontal-swipe.events", "ts_wacom-isdv4-e6_single-tap.events",
    ]

    static func replay(_ file: String) throws -> Engine {
        let trace = try TraceFile.load(path: Fixtures.recording("real/\(file)").path)
        return try Replay(trace: trace, scene: Recordings.scene("real-replays/scene.json")).engine
    }

    /// Each recording replays to its expected transcript, checked with the
    /// replay assertion; and the case convention finds every one of them
    /// (`real-replays/case.json` points at `../real`).
    @Test(arguments: recordings)
    func replaysToItsExpectedTranscript(_ file: String) throws {
        let trace = try TraceFile.load(path: Fixtures.recording("real/\(file)").path)
        let name = (file as NSString).deletingPathExtension
        try assertReplay(trace, scene: Recordings.scene("real-replays/scene.json"),
                         matches: Fixtures.recording("real-replays/\(name).expected.txt").path)
        #expect(try Self.replay(file).nextDeadline == nil)
        let cases = try ReplayCaseLibrary.find(in: [Fixtures.recording("real-replays").path])
        let found = try #require(cases.first { $0.name.hasSuffix("/" + name) })
        #expect(found.tracePath == Fixtures.recording("real-replays").path + "/../real/" + file)
        #expect(try found.load().case.replay().transcript.text == found.load().expected)
    }

    @Test func eachRecordingDoesWhatItShould() throws {
        func events(_ e: Engine) -> [Transcript.Event] { e.transcript.entries.map(\.event) }
        func count(_ e: Engine, _ match: (Transcript.Event) -> Bool) -> Int { events(e).filter(match).count }
        let taps: (Transcript.Event) -> Bool = { if case .gesture(.tap) = $0 { true } else { false } }
        let swipes: (Transcript.Event) -> Bool = { if case .effect(.swipeBegan) = $0 { true } else { false } }
        let scrolls: (Transcript.Event) -> Bool = { if case .effect(.scrolled) = $0 { true } else { false } }

        var e = try Self.replay("ts_wacom-isdv4-e6_single-tap.events")
        #expect(count(e, taps) == 1 && e.selection == ["r4"] && e.journal.entries.isEmpty)

        e = try Self.replay("ts_wacom-isdv4-e6_1-finger-horizontal-swipe.events")
        #expect(e.journal.entries.map(\.edit) == [.action("archive", item: "r1")] && e.model.numberOfItems == 40)

        e = try Self.replay("ts_ntrig_protoA_1-finger-drag-NW-SE.events")
        #expect(e.journal.entries.map(\.edit) == [.action("archive", item: "r1")])

        e = try Self.replay("ts_atmel-maxtouch_1-finger-fast-taps.evemu")
        #expect(count(e, taps) >= 8 && count(e, swipes) == 0 && e.journal.entries.isEmpty)

        e = try Self.replay("ts_atmel-maxtouch_1-finger-drag-up-down.evemu")
        #expect(count(e, scrolls) >= 2 && count(e, swipes) == 0 && e.journal.entries.isEmpty)

        e = try Self.replay("ts_ep0430m09_2-finger-scroll-down.evemu")
        #expect(count(e, swipes) == 0 && count(e, taps) == 0 && e.journal.entries.isEmpty)

        e = try Self.replay("mouse_ultrathin-touch-mouse_motion-clicks-wheel.evemu")
        #expect(events(e).contains(.effect(.scrolled(to: 48))) && e.journal.entries.isEmpty)

        // A touchpad is a pointer: two taps at the pointer (near the centre,
        // where it starts), the second undoing the first's selection; no pan.
        e = try Self.replay("tp_alps-glidepoint_double-tap.evemu")
        #expect(count(e, taps) == 2 && count(e, scrolls) == 0 && e.selection.isEmpty)
        #expect(e.journal.entries.isEmpty && e.model.numberOfItems == 40)
    }
}
