@_spi(Benchmarks) import Gripper
import GripperGestures
@_spi(Benchmarks) import GripperInput
import GripperScene
import GripperTraces

/// Shrinks a trace to the fewest frames whose replay still produces the
/// entries that matter (`gripper trace minimize`): the entries a predicate
/// picks (`committed`, `dragBegan` …) must come out the same, in the same
/// order, as in the whole trace's replay. Delta debugging (Zeller's ddmin,
/// as fuzzers minimize a crash) in two passes: whole interactions first
/// (the frames from one moment with no touch down to the next), then
/// single frames of what is left. Pure: every test is a replay in memory.
public struct TraceMinimizer {
    /// The trace to shrink.
    public let trace: Trace
    /// The case it is replayed as (scene and gestures).
    public let scene: Scene
    /// The recognizers' thresholds.
    public let gestures: GestureConfiguration
    /// Whether an entry matters, given its text without the time
    /// (`committed #1 move pear [0,1] -> [1,2]`).
    public let keeps: (String) -> Bool
    /// The most replays tried; past it the smallest trace found so far is
    /// the result (and ``Result/complete`` is false).
    public var replayLimit = 50_000

    /// What a minimization found.
    public struct Result: Sendable {
        /// The smallest trace found, rebased to start at 0.
        public var trace: Trace
        /// The entries that matter, as the whole trace's replay gave them
        /// (and this one's does).
        public var kept: [String]
        /// The frames of the whole trace.
        public var originalFrames: Int
        /// The frames kept (an empty opening frame at the original start,
        /// when added, not counted).
        public var frames: Int
        /// How many replays it took.
        public var replays: Int
        /// False when ``TraceMinimizer/replayLimit`` stopped it early.
        public var complete: Bool
        /// The other devices, minimized with ``trace`` (empty for one device).
        public var moreDevices: [Trace] = []
    }

    /// Why there is nothing to minimize.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// What was wrong, in words.
        public var description: String
    }

    /// A minimizer of `trace` replayed on `scene`, keeping the entries `keeps` picks.
    /// The other devices of a recording of several (replayed with
    /// ``trace``, merged by time); empty for one device.
    public var moreDevices: [Trace] = []

    public init(trace: Trace, scene: Scene, gestures: GestureConfiguration = .default, keeps: @escaping (String) -> Bool) {
        self.trace = trace
        self.scene = scene
        self.gestures = gestures
        self.keeps = keeps
    }

    /// The text of an entry without its time, as ``keeps`` sees it.
    public static func text(of entry: Transcript.Entry) -> String {
        entry.event.name + " " + entry.event.textDetail
    }

    /// Runs the minimization.
    /// - Throws: ``Failure`` when the whole trace's replay has no entry
    ///   that matters; ``/GripperScene/SceneError`` for an invalid scene.
    /// - Complexity: O(k² ) replays of at most n frames in the worst case,
    ///   far fewer when the entries come from a few interactions.
    public func minimize() throws -> Result {
        let traces = [trace] + moreDevices
        let frames = DeviceFrame.merged(traces.map(\.frames))
        var driver = try EngineDriver(scene: scene, device: trace.device, gestures: gestures, recordingTranscript: true)
        for more in moreDevices { _ = driver.engine.attach(more.device) }
        let origin = frames.first?.frame.time ?? .zero
        var replays = 0
        func signature(_ indices: [Int]) -> [String] {
            replays += 1
            var chosen: [DeviceFrame] = []
            chosen.reserveCapacity(indices.count + 1)
            // Stimuli count from the first frame: keep the original start.
            if indices.first != 0 { chosen.append(DeviceFrame(EventFrame(time: origin, events: []))) }
            for i in indices { chosen.append(frames[i]) }
            return Replay.run(driver, frames: chosen).transcript.entries.map(Self.text).filter(keeps)
        }
        let all = Array(frames.indices)
        let target = signature(all)
        guard !target.isEmpty else {
            throw Failure(description: "no entry of the replay matches what is to be kept (\(replays) replay)")
        }
        func holds(_ indices: [Int]) -> Bool { replays < replayLimit && signature(indices) == target }

        // Pass 1: interactions, split where no device has a contact down.
        var trackers = traces.map { ContactTracker(device: $0.device) }
        var units: [[Int]] = []
        var current: [Int] = []
        for (i, input) in frames.enumerated() {
            _ = trackers[input.device.index].process(input.frame)
            current.append(i)
            if trackers.allSatisfy({ $0.contactsDown == 0 }) {
                units.append(current)
                current = []
            }
        }
        if !current.isEmpty { units.append(current) }
        let interactions = Self.ddmin(units) { holds($0.flatMap { $0 }) }
        // Pass 2: single frames of what is left.
        let single = Self.ddmin(interactions.flatMap { $0 }.map { [$0] }) { holds($0.flatMap { $0 }) }
        let kept = single.flatMap { $0 }
        var chosen = kept.map { frames[$0] }
        if kept.first != 0 { chosen.insert(DeviceFrame(EventFrame(time: origin, events: [])), at: 0) }
        let start = chosen.first?.frame.time ?? .zero
        let results = traces.indices.map { d in
            let mine = chosen.filter { $0.device.index == d }.map(\.frame)
            return TraceCut.rebased(mine[...], before: [], device: traces[d].device, metadata: traces[d].metadata,
                                    origin: traces.count == 1 ? nil : start)
        }
        var result = Result(trace: results[0], kept: target, originalFrames: frames.count, frames: kept.count, replays: replays,
                            complete: replays < replayLimit)
        result.moreDevices = Array(results.dropFirst())
        return result
    }

    package static func ddmin<U>(_ units: [U], _ test: ([U]) -> Bool) -> [U] {
        var units = units
        var n = 2
        while units.count >= 2 {
            let chunks = split(units.count, into: n)
            var reduced = false
            // A chunk on its own.
            for chunk in chunks where chunk.count < units.count {
                let subset = Array(units[chunk])
                if test(subset) {
                    units = subset
                    n = 2
                    reduced = true
                    break
                }
            }
            // Or everything but a chunk.
            if !reduced, n > 2 || chunks.count > 2 {
                for chunk in chunks {
                    let complement = Array(units[..<chunk.lowerBound]) + Array(units[chunk.upperBound...])
                    if !complement.isEmpty, test(complement) {
                        units = complement
                        n = max(n - 1, 2)
                        reduced = true
                        break
                    }
                }
            }
            if !reduced {
                if n >= units.count { break }
                n = min(units.count, n * 2)
            }
        }
        if units.count == 1, test([]) { return [] }
        return units
    }

    /// `count` items in `n` nearly equal consecutive ranges.
    static func split(_ count: Int, into n: Int) -> [Range<Int>] {
        let n = max(1, min(n, count))
        var ranges: [Range<Int>] = []
        var start = 0
        for k in 0..<n {
            let end = start + (count - start) / (n - k)
            ranges.append(start..<end)
            start = end
        }
        return ranges
    }
}
