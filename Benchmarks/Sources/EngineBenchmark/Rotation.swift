// engine-bench --rotation: a viewport resize (a rotation, portrait ↔
// landscape) through `Engine.resizeViewport(to:at:)` at 1M items: the layout
// laid out for the new size, the first visible item kept in place, the
// offset clamped. Target: ≤ 1 ms.
import BenchmarkSupport
import Gripper
import GripperScene
import GripperTesting

/// A list of `items` in sections of `perSection`.
private func rotationScene(items: Int, perSection: Int) -> Scene {
    var sections: [Scene.Section] = []
    var n = 0
    while n < items {
        let count = min(perSection, items - n)
        sections.append(Scene.Section(id: SectionID("s\(sections.count)"),
                                      items: (n..<(n + count)).map { Scene.Item(id: ItemID("i\($0)")) }))
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
        var samples: [Double] = []
        samples.reserveCapacity(rounds)
        for k in 0..<(rounds + 20) {
            t = t + .milliseconds(16)
            let a = nanoseconds()
            engine.resizeViewport(to: k.isMultiple(of: 2) ? landscape : portrait, at: t)
            let dt = Double(nanoseconds() - a)
            if k >= 20 { samples.append(dt) }  // the first 20 warm up
        }
        let s = Timings(samples)
        say("rotation at \(first) items in \(items / perSection) section\(items / perSection == 1 ? "" : "s") of \(perSection): median \(fmt(s.median / 1e3, 1)) µs, p99 \(fmt(s.p99 / 1e3, 1)) µs, max \(fmt((s.samples.last ?? 0) / 1e3, 1)) µs (target ≤ 1000 µs); content offset \(fmt(engine.contentOffset, 0))")
        blackHole(engine.contentOffset)
    }
}
