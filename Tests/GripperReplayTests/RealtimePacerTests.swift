import Testing
@testable import Gripper
import GripperTesting
@testable import GripperReplay
@testable import GripperScene
import GripperTraces

/// `--realtime`'s pacing: each step waits its gap in the trace, a gap longer
/// than the cap waits the cap — checked with a recorded "sleep", no real one.
@Suite struct RealtimePacerTests {
    private func time(_ ms: Int64) -> EventTime { EventTime(microseconds: 1_000_000_000 + ms * 1000) }

    @Test func aGapUpToTheCapIsWaitedInFullAndALongerOneIsCut() {
        var pacer = RealtimePacer(maxGap: .seconds(2))
        #expect(pacer.step(at: time(0)) == (0, nil))
        #expect(pacer.step(at: time(2000)) == (2_000_000, nil)) // exactly the cap: waited in full
        let cut = pacer.step(at: EventTime(microseconds: time(4000).microseconds + 1)) // the cap and a microsecond
        #expect(cut.due == 4_000_000)
        #expect(cut.capped == RealtimePacer.CappedGap(time: EventTime(microseconds: time(4000).microseconds + 1),
                                                      gap: 2_000_001, waited: 2_000_000))
        #expect(pacer.step(at: time(36_004_000)).due == 6_000_000) // ten hours: two seconds
        #expect(pacer.step(at: time(36_004_500)) == (6_500_000, nil))
        #expect(pacer.step(at: time(36_004_400)) == (6_500_000, nil)) // a step back in time waits nothing
    }

    @Test func extremeTimesAndCapsDoNotTrap() {
        var pacer = RealtimePacer(maxGap: .seconds(-1))
        #expect(pacer.maxGap == 0)
        #expect(pacer.step(at: EventTime(microseconds: .min)).due == 0)
        let far = pacer.step(at: EventTime(microseconds: .max))
        #expect(far.due == 0 && far.capped?.gap == .max)
        var huge = RealtimePacer(maxGap: .seconds(Int64.max))
        _ = huge.step(at: EventTime(microseconds: .min))
        #expect(huge.step(at: EventTime(microseconds: .max)).due > 0)
    }

    /// A scenario with a ten-hour pause in the middle of it.
    private func pausedTrace() throws -> (Trace, Scene) {
        let folder = try ScenarioFolder("long-press-drag-down-up")
        let frames = folder.trace.frames
        let cut = frames[frames.count / 2].time
        let events = folder.trace.events.map { e -> RawEvent in
            var e = e
            if e.time >= cut { e.time = e.time + .seconds(36_000) }
            return e
        }
        return (Trace(device: folder.trace.device, events: events), folder.scene)
    }

    @Test func aPacedReplayWaitsEachGapUpToTheCapAndGivesTheSameTranscript() throws {
        let (trace, scene) = try pausedTrace()
        var dues: [Int64] = []
        var capped: [RealtimePacer.CappedGap] = []
        var steps = 0
        var streamed: [Transcript.Entry] = []
        let engine = Replay.paced(try EngineDriver(scene: scene, device: trace.device, recordingTranscript: true), frames: trace.frames,
                                  maxGap: .seconds(2), wait: { dues.append($0) }, capped: { capped.append($0) },
                                  step: { entries, _ in steps += 1; streamed += entries })
        #expect(engine.transcript == (try Replay(trace: trace, scene: scene).engine.transcript))
        // Each step hands over what it made: the whole transcript, in order, once.
        #expect(streamed == engine.transcript.entries)
        #expect(capped.count == 1 && capped.first.map { $0.gap > 36_000_000_000 && $0.waited == 2_000_000 } == true)
        #expect(zip(dues, dues.dropFirst()).allSatisfy { $1 - $0 >= 0 && $1 - $0 <= 2_000_000 })
        let total = trace.frames.last!.time.microseconds - trace.frames.first!.time.microseconds
        #expect(dues.last == total - capped[0].gap + capped[0].waited)
        #expect(steps == dues.count + 1) // every step, and the finish
        #expect(dues.count > trace.frames.count) // the long-press timers are paced too
    }

    @Test func aPacedReplayWithoutLongGapsCapsNothing() throws {
        let folder = try ScenarioFolder("full-swipe")
        var capped = 0
        let engine = Replay.paced(try EngineDriver(scene: folder.scene, device: folder.trace.device, recordingTranscript: true), frames: folder.trace.frames,
                                  maxGap: .seconds(2), wait: { _ in }, capped: { _ in capped += 1 }, step: { _, _ in })
        #expect(capped == 0 && engine.transcript.text == folder.expected)
    }
}
