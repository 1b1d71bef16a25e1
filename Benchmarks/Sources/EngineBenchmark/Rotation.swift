// engine-bench --rotation: a viewport resize (a rotation, portrait ↔
// landscape) through `Engine.resizeViewport(to:at:)` at 1M items: the layout
// laid out for the new size, the first visible item kept in place, the
// offset clamped. Target: ≤ 1 ms.
import BenchmarkSupport
import Gripper
import GripperScene
import GripperScripting

/// A list of `items` in sections of `perSection`.
private func rotationScene(items: Int, perSection: Int) -> Scene {
    var sections: [Scene.Section] = []
    var n = 0
    while n < items {
        let count = min(perSection, items - n)
        sections.append(Scene.Section(id: SectionID("s\(sections.count)"),
                                      items: (n..<(n + count)).map { Scene.Item(id: ItemID("i\($0)"), label: "Item \($0)") }))
        n += count
    }
    return Scene(viewport: Size(width: 400, height: 640), metrics: LayoutMetrics(rowHeight: 56), sections: sections)
}

/// Times `rounds` resizes, alternating portrait and landscape, of an engine
/// over `items` items scrolled to the middle; prints the figures.
func rotationBenchmark(items: Int = 1_000_000, rounds: Int = 400) throws {
    let portrait = Size(width: 400, height: 640), landscape = Size(width: 640, height: 400)
    for perSection in [items, 10_000] {
        var engine = try Engine(scene: rotationScene(items: items, perSection: perSection),
                                device: TestDevices.probeTouchscreen)
        var t = EventTime.milliseconds(1)
        engine.scroll(to: .offset(Double(items) * 56 / 2 + 17), animated: false, at: t)
        let first = engine.layout.numberOfItems
        var samples: [Double] = [], cpu: [Double] = []
        samples.reserveCapacity(rounds)
        cpu.reserveCapacity(rounds)
        for k in 0..<(rounds + 20) {
            t = t + .milliseconds(16)
            let c = cpuNanoseconds()
            let a = nanoseconds()
            engine.resizeViewport(to: k.isMultiple(of: 2) ? landscape : portrait, at: t)
            let dt = Double(nanoseconds() - a)
            let dc = cpuNanoseconds() - c
            if k >= 20 {  // the first 20 warm up
                samples.append(dt)
                cpu.append(dc)
            }
        }
        let s = Timings(samples), c = Timings(cpu)
        say("rotation at \(first) items in \(items / perSection) section\(items / perSection == 1 ? "" : "s") of \(perSection): median \(fmt(s.median / 1e3, 1)) µs, p99 \(fmt(s.p99 / 1e3, 1)) µs, max \(fmt((s.samples.last ?? 0) / 1e3, 1)) µs (target ≤ 1000 µs); CPU time (not counting other processes) median \(fmt(c.median / 1e3, 1)) µs, p99 \(fmt(c.p99 / 1e3, 1)) µs, max \(fmt((c.samples.last ?? 0) / 1e3, 1)) µs; content offset \(fmt(engine.contentOffset, 0))")
        blackHole(engine.contentOffset)
    }
}

/// engine-bench --rotation also times the frames of flings: 20 flicks up
/// over `items` items, each followed by 4 s without input, every deadline
/// fired alone with `Engine.fire(until:)` as a live loop fires them.
func flingBenchmark(items: Int = 1_000_000) throws {
    func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location { .fraction(x / 400, y / 640) }
    var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 9)
    for _ in 0..<20 {
        b.perform([TraceBuilder.Stroke(at: pt(205, 560)).moving(to: pt(200, 200), over: .milliseconds(150),
                                                                 easing: .linear)])
        b.pause(.milliseconds(4000))
    }
    var engine = try Engine(scene: rotationScene(items: items, perSection: 10_000), device: TestDevices.probeTouchscreen)
    var ticks: [Double] = [], cpu: [Double] = []
    var flings = 0
    for frame in b.frames {
        while let d = engine.nextDeadline, d <= frame.time {
            let c = cpuNanoseconds()
            let a = nanoseconds()
            engine.fire(until: d)
            ticks.append(Double(nanoseconds() - a))
            cpu.append(cpuNanoseconds() - c)
        }
        let wasMoving = engine.isScrollMoving
        engine.handle(frame)
        if engine.isScrollMoving && !wasMoving { flings += 1 }
    }
    let t = Timings(ticks), c = Timings(cpu)
    say("fling frames at \(items) items: \(ticks.count) deadlines over \(flings) flings; per frame median \(fmt(t.median / 1e3, 2)) µs, p99 \(fmt(t.p99 / 1e3, 2)) µs, max \(fmt((t.samples.last ?? 0) / 1e3, 1)) µs; CPU time median \(fmt(c.median / 1e3, 2)) µs, p99 \(fmt(c.p99 / 1e3, 2)) µs; content offset \(fmt(engine.contentOffset, 0))")
}
