// testrunner-bench: `gripper test`'s work over every bundled replay case
// (Recordings/scenarios and Recordings/real-replays), found, read, replayed
// and compared on one thread per core as the command does, against the same
// on one thread: wall time and CPU time of each (with both cores busy the
// wall time is about half the CPU time). Then `gripper trace minimize` of a
// ten-second recording of nine touches down to the one that commits an edit.
import BenchmarkSupport
import Foundation
import GripperInput
import GripperReplay
import GripperReplayCases
import GripperScene
import GripperScripting
import GripperTesting
import Synchronization
#if canImport(Glibc)
import Glibc
import GripperTraces
#endif

func say(_ line: String = "") {
    print(line)
    fflush(nil)
}

/// The process's CPU time (user and system, every thread), in seconds.
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
}

func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }

func format(_ x: Double, _ places: Int = 3) -> String { String(format: "%.\(places)f", x) }

let cases = try ReplayCaseLibrary.find(in: [Fixtures.recording("scenarios").path, Fixtures.recording("real-replays").path])
let cores = ProcessInfo.processInfo.activeProcessorCount
say("testrunner-bench: \(cases.count) bundled cases, \(cores) cores")
say("(the machine is shared: other builds run at the same time, so the figures are upper bounds)")

/// The calling thread's CPU time, in seconds.
func threadCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// The CPU time the jobs took, by the thread that ran them.
let perThread = Mutex<[UInt: Double]>([:])

/// One `gripper test` pass on `workers` threads, every case `copies` times:
/// wall and CPU seconds, and the failures.
func pass(workers: Int, copies: Int) -> (wall: Double, cpu: Double, failed: Int) {
    let clock = ContinuousClock()
    let start = clock.now, cpu = cpuSeconds()
    var failed = 0
    ReplayCaseRunner.run(count: cases.count * copies, workers: workers, job: { index -> Bool in
        let before = threadCPUSeconds()
        defer {
            let used = threadCPUSeconds() - before
            perThread.withLock { $0[UInt(pthread_self()), default: 0] += used }
        }
        guard let loaded = try? cases[index % cases.count].load(),
              let verdict = try? loaded.case.check(expected: loaded.expected).verdict else { return false }
        return verdict == .passed
    }, deliver: { _, passed in if !passed { failed += 1 } })
    return (seconds(clock.now - start), cpuSeconds() - cpu, failed)
}

_ = pass(workers: cores, copies: 1)   // warm the file cache
// A single pass is some 15 ms of work, where the scheduler's noise on a
// shared machine is as large as the work; every case 20 times over makes
// a pass long enough to measure.
for (copies, rounds) in [(1, 50), (20, 5)] {
    var wallByWorkers: [Int: Double] = [:]
    for workers in [cores, 1] {
        var walls: [Double] = [], cpus: [Double] = []
        perThread.withLock { $0.removeAll() }
        for _ in 0..<rounds {
            let r = pass(workers: workers, copies: copies)
            precondition(r.failed == 0, "a bundled case failed")
            walls.append(r.wall)
            cpus.append(r.cpu)
        }
        let wall = walls.reduce(0, +), cpu = cpus.reduce(0, +)
        let median = walls.sorted()[rounds / 2]
        say("gripper test, \(cases.count) cases × \(copies), \(workers) thread\(workers == 1 ? "" : "s"), \(rounds) passes: "
            + "wall \(format(wall)) s, CPU \(format(cpu)) s, CPU/wall \(format(cpu / wall, 2)) "
            + "(median pass: wall \(format(median * 1000, 1)) ms)")
        wallByWorkers[workers] = median
        // Which threads did the work (the pool may hand a job to any of its threads).
        let shares = perThread.withLock { $0.values.sorted(by: >) }
        let total = shares.reduce(0, +)
        let busiest = shares.prefix(workers).reduce(0, +)
        say("  jobs' CPU by thread: " + shares.prefix(4).map { format($0) + " s" }.joined(separator: ", ")
            + (shares.count > 4 ? " … (\(shares.count) threads)" : "")
            + "; the busiest \(workers): \(format(total > 0 ? 100 * busiest / total : 0, 0))% of it")
    }
    if cores > 1, let many = wallByWorkers[cores], let one = wallByWorkers[1] {
        say("  speed-up from 1 to \(cores) threads: \(format(one / many, 2))× (median pass wall)")
    }
}

// MARK: - Minimize

let viewport = (width: 400.0, height: 640.0)
func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location { .fraction(x / viewport.width, y / viewport.height) }
var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 7)
for k in 0..<4 {
    b.tap(at: pt(200, Double(60 + 56 * k)))
    b.pause(.milliseconds(450))
}
b.perform([TraceBuilder.Stroke(at: pt(200, 560)).moving(to: pt(205, 300), over: .milliseconds(400))])
// Long enough for the rubber band's spring back to settle: a touch on moving
// content only stops it (as in TraceMinimizerTests).
b.pause(.milliseconds(1_500))
b.drag(from: pt(200, 84), to: pt(200, 320))
b.pause(.milliseconds(600))
b.tap(at: pt(100, 400))
b.pause(.milliseconds(700))
b.perform([TraceBuilder.Stroke(at: pt(210, 200)).moving(to: pt(215, 500), over: .milliseconds(500))])
b.pause(.milliseconds(9_930 - Int64(b.now.microseconds / 1000)))
b.tap(at: pt(300, 150))
let trace = b.trace
let items = (1...8).map { "{\"id\":\"i\($0)\",\"label\":\"Item \($0)\"}" }.joined(separator: ",")
let scene = try Scene.decode("""
    {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"separator":1},
     "sections":[{"id":"list","items":[\(items)]}]}
    """)
let summary = TraceSummary(trace: trace)
say("")
say("gripper trace minimize: \(format(summary.durationSeconds, 1)) s, \(summary.contactCount) touches, \(trace.frames.count) frames, keep '^committed'")
let clock = ContinuousClock()
let start = clock.now, cpu = cpuSeconds()
let result = try TraceMinimizer(trace: trace, scene: scene) { $0.hasPrefix("committed") }.minimize()
let wall = seconds(clock.now - start), used = cpuSeconds() - cpu
say("  kept \(result.frames) of \(result.originalFrames) frames, \(TraceSummary(trace: result.trace).contactCount) touch, "
    + "\(result.replays) replays: wall \(format(wall)) s, CPU \(format(used)) s (target: under 10 s)")
for line in result.kept { say("  kept entry: \(line)") }
