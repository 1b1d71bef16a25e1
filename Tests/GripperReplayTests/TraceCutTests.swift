import Foundation
import Testing
@_spi(Benchmarks) import Gripper
import GripperFiles
import GripperGeometry
@_spi(Benchmarks) import GripperInput
import GripperReplay
import GripperScene
import GripperScripting
import GripperTesting
import GripperTraces

/// `TraceCut` on the real recordings: a cut replays as that part of the
/// whole did — the same gestures at the same places, at the same times
/// counted from the cut's start — starts and ends between touches unless
/// asked, and keeps the device description.
@Suite struct TraceCutTests {
    static func load(_ file: String) throws -> Trace {
        try TraceFile.load(path: Fixtures.recording("real/\(file)").path)
    }

    static let scene: Scene = try! Recordings.scene("real-replays/scene.json")

    /// The gesture entries of a replay: offset and text without the time.
    static func gestures(_ trace: Trace) throws -> [(offset: Int64, text: String)] {
        try ReplayCase(name: "cut", trace: trace, scene: scene).replay().transcript.entries
            .filter { $0.event.name == "gesture" }.map { ($0.offset, TraceMinimizer.text(of: $0)) }
    }

    /// Checks that the cut's gestures are the whole's within the cut's frames, shifted to its start.
    static func expectSameGestures(_ trace: Trace, _ selection: TraceCut.Selection,
                                   sourceLocation: SourceLocation = #_sourceLocation) throws {
        let range = try TraceCut.frameRange(of: trace, keeping: selection)
        let cut = try TraceCut.cut(trace, keeping: selection)
        let start = trace.frames[0].time
        let origin = trace.frames[range.lowerBound].time.microseconds(since: start)
        let end = trace.frames[range.upperBound].time.microseconds(since: start)
        let whole = try gestures(trace).filter { $0.offset >= origin && $0.offset <= end }
        let part = try gestures(cut)
        #expect(!part.isEmpty, sourceLocation: sourceLocation)
        #expect(part.map(\.text) == whole.map(\.text), sourceLocation: sourceLocation)
        #expect(part.map(\.offset) == whole.map { $0.offset - origin }, sourceLocation: sourceLocation)
        #expect(cut.frames.first?.time == .zero, sourceLocation: sourceLocation)
        #expect(cut.device == trace.device, sourceLocation: sourceLocation)
        // Between touches: every contact of the cut ends (none is cut off).
        let summary = TraceSummary(trace: cut)
        #expect(summary.contacts.allSatisfy { $0.outcome == .ended }, sourceLocation: sourceLocation)
    }

    /// Nine taps; the kernel sends no x or y for a tap where the one before
    /// was: the cut's opening frame must set them.
    @Test(arguments: 1...9)
    func eachFastTapCutsToTheSameTapAtTheSamePlace(_ contact: Int) throws {
        let trace = try Self.load("ts_atmel-maxtouch_1-finger-fast-taps.evemu")
        try Self.expectSameGestures(trace, .contacts([contact]))
        let cut = try TraceCut.cut(trace, keeping: .contacts([contact]))
        #expect(TraceSummary(trace: cut).contactCount == 1)
    }

    /// A mouse moves by relative counts: the cut starts where the pointer was.
    @Test func aMouseCutKeepsThePointersPosition() throws {
        let trace = try Self.load("mouse_ultrathin-touch-mouse_motion-clicks-wheel.evemu")
        try Self.expectSameGestures(trace, .time(from: .seconds(3), to: .seconds(7)))
    }

    /// A range that starts and ends inside touches grows to whole touches.
    @Test func aRangeGrowsToWholeTouches() throws {
        let trace = try Self.load("ts_atmel-maxtouch_1-finger-drag-up-down.evemu")
        let selection = TraceCut.Selection.time(from: .milliseconds(1000), to: .milliseconds(1200))
        try Self.expectSameGestures(trace, selection)
        let range = try TraceCut.frameRange(of: trace, keeping: selection)
        #expect(range.count > 100)   // the whole 2.2 s drag, not 0.2 s of it
        let swipe = try Self.load("ts_wacom-isdv4-e6_1-finger-horizontal-swipe.events")
        try Self.expectSameGestures(swipe, .time(from: .milliseconds(300), to: .milliseconds(400)))
        let protocolA = try Self.load("ts_ntrig_protoA_1-finger-drag-NW-SE.events")
        try Self.expectSameGestures(protocolA, .time(from: .milliseconds(500), to: .milliseconds(600)))
    }

    /// `exact` cuts inside a touch: it begins in the opening frame where
    /// the whole had it, and is cancelled at the end (the recording stops
    /// with it down).
    @Test func anExactCutStartsMidTouch() throws {
        let trace = try Self.load("ts_atmel-maxtouch_1-finger-drag-up-down.evemu")
        let selection = TraceCut.Selection.time(from: .milliseconds(1000), to: .milliseconds(1200))
        let range = try TraceCut.frameRange(of: trace, keeping: selection, exact: true)
        let cut = try TraceCut.cut(trace, keeping: selection, exact: true)
        #expect(cut.frames.count == range.count + 1)   // the opening frame, then the frames kept
        let summary = TraceSummary(trace: cut)
        #expect(summary.contactCount == 1 && summary.contacts[0].outcome == .cancelled)
        #expect(summary.contacts[0].startSeconds == 0)
        // Where the whole had the finger just before the cut.
        var tracker = ContactTracker(device: trace.device)
        var position = Point.zero
        for frame in trace.frames[..<range.lowerBound] { if let c = tracker.process(frame).contacts.first { position = c.millimetres } }
        #expect(summary.contacts[0].startMillimetres == position)
    }

    @Test func cutsThatCoverNothingAreErrors() throws {
        let trace = try Self.load("ts_wacom-isdv4-e6_single-tap.events")
        #expect(throws: TraceCut.Failure.self) { try TraceCut.cut(trace, keeping: .time(from: .seconds(100), to: nil)) }
        do {
            _ = try TraceCut.cut(trace, keeping: .contacts([2]))
            Issue.record("no error")
        } catch {
            #expect(error.description == "no contact 2: the trace has 1 contacts, numbered from 1 (see gripper trace info)")
        }
    }

    /// Both formats: a libinput-record cut written and read back is the same trace.
    @Test func aLibinputRecordCutRoundTrips() throws {
        let trace = try TraceFile.load(path: Fixtures.recording("tool-output/drag.libinput-record.yml").path)
        let cut = try TraceCut.cut(trace, keeping: .time(from: .milliseconds(550), to: .milliseconds(600)), exact: true)
        #expect(TraceSummary(trace: cut).contactCount == 1)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-cut-\(getpid()).yml").path
        defer { unlink(path) }
        try TraceFile.save(trace: cut, to: path)
        let back = try TraceFile.load(path: path)
        #expect(back.frames == cut.frames)
        #expect(back.device.name == trace.device.name && back.device.absInfo == trace.device.absInfo)
    }
}

/// `TraceMinimizer`: the fewest frames that still give the entries that matter.
@Suite struct TraceMinimizerTests {
    static func list(_ count: Int) -> Scene {
        let items = (1...count).map { "{\"id\":\"i\($0)\",\"label\":\"Item \($0)\"}" }.joined(separator: ",")
        return try! Scene.decode("""
            {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"separator":1},
             "sections":[{"id":"list","items":[\(items)]}]}
            """)
    }

    /// Ten seconds, nine touches (taps, pans, a swipe that shuts again), one
    /// of them a long-press drag that moves an item: minimized to that drag.
    static func nineTouches() -> Trace {
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 7)
        func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location { .fraction(x / 400, y / 640) }
        for k in 0..<4 {
            b.tap(at: pt(200, Double(60 + 56 * k)))
            b.pause(.milliseconds(450))
        }
        b.perform([TraceBuilder.Stroke(at: pt(200, 560)).moving(to: pt(205, 300), over: .milliseconds(400))])
        // Long enough for the rubber band's spring back to settle: a touch on
        // moving content only stops it.
        b.pause(.milliseconds(1_500))
        b.drag(from: pt(200, 84), to: pt(200, 320))
        b.pause(.milliseconds(600))
        b.tap(at: pt(100, 400))
        b.pause(.milliseconds(700))
        b.perform([TraceBuilder.Stroke(at: pt(210, 200)).moving(to: pt(215, 500), over: .milliseconds(500))])
        // The last tap ends ten seconds after the first touch.
        b.pause(.milliseconds(9_930 - Int64(b.now.microseconds / 1000)))
        b.tap(at: pt(300, 150))
        return b.trace
    }

    @Test func aTenSecondRecordingOfNineTouchesShrinksToTheOneThatCommits() throws {
        let trace = Self.nineTouches()
        #expect(TraceSummary(trace: trace).contactCount == 9)
        #expect(trace.duration >= .seconds(9.9), "\(trace.duration)")
        // Eight rows fit the viewport: the pans do not scroll, so only the drag matters.
        let scene = Self.list(8)
        let whole = try ReplayCase(name: "whole", trace: trace, scene: scene).replay()
        let committed = whole.transcript.entries.map(TraceMinimizer.text).filter { $0.hasPrefix("committed") }
        #expect(committed.count == 1, "\(whole.transcript.text)")
        let result = try TraceMinimizer(trace: trace, scene: scene) { $0.hasPrefix("committed") }.minimize()
        #expect(result.kept == committed && result.complete)
        #expect(TraceSummary(trace: result.trace).contactCount == 1)
        #expect(result.frames * 4 < result.originalFrames, "\(result.frames) of \(result.originalFrames)")
        // What it promises: the result gives the same entries.
        let small = try ReplayCase(name: "small", trace: result.trace, scene: scene).replay()
        #expect(small.transcript.entries.map(TraceMinimizer.text).filter { $0.hasPrefix("committed") } == committed)
        // 1-minimal: without any one of its frames (the opening one aside) it no longer does.
        let frames = result.trace.frames
        for i in 1..<frames.count where i % 3 == 0 {
            var fewer = frames
            fewer.remove(at: i)
            let engine = Replay.run(try EngineDriver(scene: scene, device: trace.device, recordingTranscript: true), frames: fewer)
            #expect(engine.transcript.entries.map(TraceMinimizer.text).filter { $0.hasPrefix("committed") } != committed,
                    "frame \(i) could go")
        }
    }

    @Test func aRealSwipeKeepsItsArchive() throws {
        let trace = try TraceFile.load(path: Fixtures.recording("real/ts_wacom-isdv4-e6_1-finger-horizontal-swipe.events").path)
        let scene = TraceCutTests.scene
        let result = try TraceMinimizer(trace: trace, scene: scene) { $0.hasPrefix("committed") }.minimize()
        #expect(result.kept == ["committed #1 action archive on r1"])
        #expect(result.frames < result.originalFrames)
        let small = try ReplayCase(name: "small", trace: result.trace, scene: scene).replay()
        #expect(small.journal.entries.map(\.edit) == [.action("archive", item: "r1")])
    }

    @Test func nothingToKeepIsAnError() throws {
        let trace = try TraceFile.load(path: Fixtures.recording("real/ts_wacom-isdv4-e6_single-tap.events").path)
        #expect(throws: TraceMinimizer.Failure.self) {
            try TraceMinimizer(trace: trace, scene: TraceCutTests.scene) { $0.contains("dragBegan") }.minimize()
        }
    }

    @Test func ddminFindsTheSmallestSublist() {
        let units = Array(0..<100)
        var tests = 0
        let result = TraceMinimizer.ddmin(units) { subset in
            tests += 1
            return subset.contains(17) && subset.contains(63)
        }
        #expect(result == [17, 63])
        #expect(tests < 200)
    }
}
