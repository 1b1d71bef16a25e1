// engine-bench --keyboard: one step of a keyboard move (an arrow key while an
// item is lifted: the gap moves, the delegate is asked, the proxy follows,
// the gap is kept in view) through `Engine.handleKey(code:value:at:)` at 1M
// items, in one section and in sections of 10,000, without and with
// announcements. Target (issue 12): ≤ 5 µs per step.
import BenchmarkSupport
import Gripper
import GripperScene
import GripperScripting

/// A list of `items` in sections of `perSection`.
private func keyboardScene(items: Int, perSection: Int) -> Scene {
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

/// Times `rounds` arrow presses (down, down, up, up …) of an item lifted in
/// the middle of `items` items; prints the figures.
func keyboardBenchmark(items: Int = 1_000_000, rounds: Int = 20_000) throws {
    let down: UInt16 = 108, up: UInt16 = 103, space: UInt16 = 57
    for perSection in [items, 10_000] {
        for announcing in [false, true] {
            var engine = try Engine(scene: keyboardScene(items: items, perSection: perSection),
                                    device: TestDevices.probeTouchscreen)
            if announcing { engine.announcementStrings = .english }
            var t = EventTime.milliseconds(1)
            // The middle item, at a section's last place so the steps cross sections too.
            let section = (items / perSection) / 2
            let item = items / perSection == 1 ? perSection / 2 : perSection - 1
            engine.setFocus(ItemPath(section: section, item: item), at: t)
            engine.handleKey(code: space, value: 1, at: t)
            var samples: [Double] = [], cpu: [Double] = []
            samples.reserveCapacity(rounds)
            cpu.reserveCapacity(rounds)
            var said = 0
            for k in 0..<(rounds + 200) {
                t = t + .milliseconds(16)
                let code = (k / 2).isMultiple(of: 2) ? down : up
                let c = cpuNanoseconds()
                let a = nanoseconds()
                let entries = engine.handleKey(code: code, value: 1, at: t)
                let dt = Double(nanoseconds() - a)
                let dc = cpuNanoseconds() - c
                said += entries.count
                if k >= 200 {  // the first 200 warm up
                    samples.append(dt)
                    cpu.append(dc)
                }
            }
            let s = Timings(samples), c = Timings(cpu)
            let where_ = items / perSection == 1 ? "one section" : "\(items / perSection) sections of \(perSection)"
            say("keyboard move step at \(items) items in \(where_)\(announcing ? ", announcing" : ""): median \(fmt(s.median / 1e3, 2)) µs, p99 \(fmt(s.p99 / 1e3, 2)) µs, max \(fmt((s.samples.last ?? 0) / 1e3, 1)) µs (target ≤ 5 µs); CPU time median \(fmt(c.median / 1e3, 2)) µs, p99 \(fmt(c.p99 / 1e3, 2)) µs; state \(engine.stateName), \(said) entries")
            blackHole(engine.contentOffset)
        }
    }
}
