// engine-bench: a long synthesized session (taps, swipes that open and shut,
// vertical pans, long-press drags with auto-scroll) replayed through the
// Engine over lists of 10k, 100k and 1M items. Prints replay throughput
// (frames per second, commits included), the per-frame cost (median, p99,
// max) with a histogram, and the growth of the cost from 10k to 1M items.
import BenchmarkSupport
import Gripper
import GripperTesting

let viewport = Size(width: 400, height: 640)
func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location { .fraction(x / viewport.width, y / viewport.height) }
func row(_ r: Int) -> Double { Double(r) * 56 + 28 }

/// The session: `cycles` rounds of tap, swipe open, tap to shut, a
/// scrolling pan, and a long-press drag that auto-scrolls at the bottom edge.
func session(cycles: Int) -> [EventFrame] {
    var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 42)
    for c in 0..<cycles {
        b.tap(at: pt(200, row(1 + c % 5)))
        b.pause(.milliseconds(250))
        b.swipe(from: pt(340, row(3)), to: pt(150, row(3)), duration: .milliseconds(260))
        b.pause(.milliseconds(300))
        b.tap(at: pt(100, row(7)))
        b.pause(.milliseconds(250))
        b.perform([TraceBuilder.Stroke(at: pt(210, 560)).moving(to: pt(215, 200), over: .milliseconds(400))])
        b.pause(.milliseconds(300))
        b.perform([TraceBuilder.Stroke(at: pt(200, row(2))).holding(.milliseconds(650))
            .moving(to: pt(200, 628), over: .milliseconds(400)).holding(.milliseconds(900))
            .moving(to: pt(200, 400), over: .milliseconds(300)).holding(.milliseconds(100))])
        b.pause(.milliseconds(400))
    }
    return b.frames
}

func scene(items: Int) -> Scene {
    let perSection = 10_000
    var sections: [Scene.Section] = []
    var n = 0
    while n < items {
        let count = min(perSection, items - n)
        sections.append(Scene.Section(id: SectionID("s\(sections.count)"),
                                      items: (n..<(n + count)).map { Scene.Item(id: ItemID("i\($0)"), label: "Item \($0)") }))
        n += count
    }
    return Scene(viewport: viewport, metrics: LayoutMetrics(rowHeight: 56), sections: sections)
}

func histogram(_ samples: [Double]) -> String {
    let edges: [(Double, String)] = [(1_000, "<1 µs"), (2_000, "1–2 µs"), (5_000, "2–5 µs"), (10_000, "5–10 µs"),
                                     (20_000, "10–20 µs"), (50_000, "20–50 µs"), (100_000, "50–100 µs"),
                                     (1_000_000, "0.1–1 ms"), (.infinity, "≥1 ms")]
    var counts = Array(repeating: 0, count: edges.count)
    for s in samples { counts[edges.firstIndex { s < $0.0 } ?? edges.count - 1] += 1 }
    let total = Double(max(1, samples.count))
    var out = ""
    for (i, (_, label)) in edges.enumerated() {
        let share = Double(counts[i]) / total
        let bar = String(repeating: "#", count: Int((share * 50).rounded(.up)))
        out += "    \(label.padding(toLength: 10, withPad: " ", startingAt: 0)) \(String(counts[i]).padding(toLength: 7, withPad: " ", startingAt: 0)) \(bar)\n"
    }
    return out
}

let cycles = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 24
let frames = session(cycles: cycles)
let seconds = Double((frames.last?.time.microseconds ?? 0) - (frames.first?.time.microseconds ?? 0)) / 1e6
print("engine-bench: a \(fmt(seconds, 1)) s session of \(frames.count) frames (\(cycles) cycles of tap, swipe open, tap to shut, pan, drag with auto-scroll)")
var medians: [Int: Double] = [:]
var p99s: [Int: Double] = [:]
for items in [10_000, 100_000, 1_000_000] {
    let s = scene(items: items)
    let t0 = nanoseconds()
    var engine = try Engine(scene: s, device: TestDevices.probeTouchscreen)
    let setup = Double(nanoseconds() - t0)
    var samples: [Double] = []
    samples.reserveCapacity(frames.count)
    let start = nanoseconds()
    for frame in frames {
        let a = nanoseconds()
        engine.handle(frame)
        samples.append(Double(nanoseconds() - a))
    }
    engine.finish()
    let total = Double(nanoseconds() - start)
    let t = Timings(samples)
    medians[items] = t.median
    p99s[items] = t.p99
    let commits = engine.journal.entries.count
    print("")
    print("\(items) items (setup \(fmt(setup / 1e6, 1)) ms): \(fmt(Double(frames.count) / (total / 1e9), 0)) frames/s; per frame median \(fmt(t.median / 1e3)) µs, p99 \(fmt(t.p99 / 1e3)) µs, max \(fmt((t.samples.last ?? 0) / 1e6, 2)) ms; \(commits) moves committed, content offset \(fmt(engine.contentOffset, 0))")
    print(histogram(samples), terminator: "")
    blackHole(engine.transcript.entries.count)
}
if let a = medians[10_000], let b = medians[1_000_000], let c = p99s[10_000], let d = p99s[1_000_000] {
    print("")
    print("growth 10k → 1M: median ×\(fmt(b / a)), p99 ×\(fmt(d / c))")
}
