// gestures-bench: the cost of GestureArena.handle per contact frame, with
// every recognizer installed (and the double tap), in release mode.
import BenchmarkSupport
#if canImport(Glibc)
import Glibc
#endif
import GripperGeometry
@_spi(Benchmarks) import GripperGestures
@_spi(Benchmarks) import GripperInput

/// One-finger streams, frames 4 ms apart, positions in millimetres (points = 4 × mm).
func contact(_ id: Int, _ phase: ContactPhase, _ p: Point) -> Contact {
    Contact(id: id, phase: phase, position: p, millimetres: p, location: p * 4)
}

/// Strokes: down, 60 moves of 0.8 mm (a pan, often a swipe), up, 50 ms gap.
func panStream(strokes: Int) -> [ContactFrame] {
    var frames: [ContactFrame] = []
    var t: Int64 = 0
    for s in 0..<strokes {
        let id = s + 1
        let start = Point(x: 10, y: Double(s % 50))
        let dir = s % 2 == 0 ? Point(x: 0.8, y: 0.1) : Point(x: 0.1, y: -0.8)
        frames.append(ContactFrame(time: EventTime(microseconds: t), contacts: [contact(id, .began, start)]))
        for i in 1...60 {
            t += 4000
            frames.append(ContactFrame(time: EventTime(microseconds: t),
                                       contacts: [contact(id, .moved, start + dir * Double(i))]))
        }
        t += 4000
        frames.append(ContactFrame(time: EventTime(microseconds: t), contacts: [contact(id, .ended, start + dir * 60)]))
        t += 50_000
    }
    return frames
}

/// Presses: taps (down, 15 still frames, up), long-press drags (still 600 ms, then 40 moves), alternating.
func pressStream(presses: Int) -> [ContactFrame] {
    var frames: [ContactFrame] = []
    var t: Int64 = 0
    for s in 0..<presses {
        let id = s + 1
        let p = Point(x: 20, y: 20)
        frames.append(ContactFrame(time: EventTime(microseconds: t), contacts: [contact(id, .began, p)]))
        let still = s % 2 == 0 ? 15 : 150
        for _ in 0..<still {
            t += 4000
            frames.append(ContactFrame(time: EventTime(microseconds: t), contacts: [contact(id, .stationary, p)]))
        }
        var q = p
        if s % 2 == 1 {
            for _ in 0..<40 {
                t += 4000
                q = q + Point(x: 0.5, y: 0.5)
                frames.append(ContactFrame(time: EventTime(microseconds: t), contacts: [contact(id, .moved, q)]))
            }
        }
        t += 4000
        frames.append(ContactFrame(time: EventTime(microseconds: t), contacts: [contact(id, .ended, q)]))
        t += 400_000
    }
    return frames
}

/// This thread's CPU time in nanoseconds: unlike wall time, it does not
/// count the time other processes on the shared 2-core machine hold the CPU.
func threadCPUNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Median and p99 nanoseconds per frame, wall and CPU time: each sample
/// handles the whole stream once with a fresh arena.
func bench(_ name: String, _ frames: [ContactFrame], configuration: GestureConfiguration) {
    var eventCount = 0
    var cpu: [Double] = []
    let timings = measure(iterations: 300, warmup: 5) {
        let c0 = threadCPUNanoseconds()
        var arena = GestureArena(configuration: configuration)
        var n = 0
        for f in frames { n &+= arena.handle(f).count }
        n &+= arena.finish().count
        eventCount = n
        blackHole(arena)
        cpu.append(Double(threadCPUNanoseconds() - c0) / Double(frames.count))
    }
    let wall = Timings(timings.samples.map { $0 / Double(frames.count) })
    let cpuTimings = Timings(Array(cpu.suffix(300)))
    print("\(name): \(frames.count) frames, \(eventCount) events")
    print("  per frame: median \(fmt(wall.median)) ns wall, \(fmt(cpuTimings.median)) ns CPU; p99 \(fmt(wall.p99)) ns wall, \(fmt(cpuTimings.p99)) ns CPU")
}

var all = GestureConfiguration.withDoubleTap
all.recognizers = GestureKind.all
print("gestures-bench: GestureArena.handle per contact frame, all recognizers installed, double tap on")
bench("pans and swipes (every frame reports)", panStream(strokes: 200), configuration: all)
bench("taps and long-press drags", pressStream(presses: 100), configuration: all)
