// engine-bench --layout-change: the layout changed while the user watches
// (`Engine.changeLayout(_:at:)`) at 10k and 1M items, scrolled to the middle:
// new metrics (1 ↔ 3 columns, a new row height) and a switch of layout
// (grid ↔ flow). Goal (issue 35): a change at 1M items costs what is on
// screen, within 1.5× of 10k items, and ≤ 2 ms.
import BenchmarkSupport
@_spi(Benchmarks) import Gripper
import GripperLayout
import GripperScene
import GripperScripting

/// One section of `items` items of fixed row height.
private func listScene(items: Int) -> Scene {
    let section = Scene.Section(id: SectionID("all"),
                                items: (0..<items).map { Scene.Item(id: ItemID("i\($0)"), label: "Item \($0)") })
    return Scene(viewport: Size(width: 400, height: 640), metrics: LayoutMetrics(rowHeight: 56), sections: [section])
}

/// Times `rounds` changes that alternate between `changes`, each on an engine
/// over `items` items scrolled to the middle; the median and p99 in µs.
private func time(_ changes: [LayoutChange], items: Int, rounds: Int) throws -> Timings {
    var engine = try Engine(scene: listScene(items: items), device: TestDevices.probeTouchscreen)
    var t = EventTime.milliseconds(1)
    engine.scroll(to: .offset(Double(items) * 56 / 2 + 17), animated: false, at: t)
    var samples: [Double] = []
    samples.reserveCapacity(rounds)
    for k in 0..<(rounds + 4) {
        t = t + .milliseconds(16)
        let a = nanoseconds()
        let entries = engine.changeLayout(changes[k % changes.count], at: t)
        let dt = Double(nanoseconds() - a)
        if entries.contains(where: { if case .rejected = $0.event { true } else { false } }) {
            fatalError("engine-bench: the change \(changes[k % changes.count]) was refused: \(entries.map(\.textLine))")
        }
        if k >= 4 { samples.append(dt) }  // the first 4 warm up
    }
    blackHole(engine.contentOffset)
    return Timings(samples)
}

/// Prints the figures of new metrics and of a switch of layout at 10k and 1M items.
func layoutChangeBenchmark() throws {
    let cases: [(String, [LayoutChange], Int)] = [
        ("new metrics (1 <-> 3 columns, 56 <-> 80-point rows)",
         [LayoutChange(columns: 3, rowHeight: 80), LayoutChange(columns: 1, rowHeight: 56)], 200),
        ("a switch of layout (grid <-> flow)", [LayoutChange(kind: .flow), LayoutChange(kind: .grid)], 10),
    ]
    for (name, changes, rounds) in cases {
        let small = try time(changes, items: 10_000, rounds: rounds)
        let large = try time(changes, items: 1_000_000, rounds: rounds)
        let ratio = large.median / max(small.median, 1)
        let met = ratio <= 1.5 && large.median <= 2e6 ? "met" : "not met"
        say("layout change, \(name): 10k items median \(fmt(small.median / 1e3, 1)) µs (p99 \(fmt(small.p99 / 1e3, 1))); "
            + "1M items median \(fmt(large.median / 1e3, 1)) µs (p99 \(fmt(large.p99 / 1e3, 1))); "
            + "1M / 10k \(fmt(ratio, 2))x (goal ≤ 1.5x and ≤ 2000 µs at 1M: \(met))")
    }
}
