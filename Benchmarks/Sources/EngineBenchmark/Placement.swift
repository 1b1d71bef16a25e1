// engine-bench --placement: the default session (taps, swipes, pans,
// long-press drags with auto-scroll) replayed over an app's own layout — a
// `PlacementLayout` whose placement puts rows of 56 points one under the
// other, the geometry of the default run's grid list — at 10k and 1M items,
// set with `Engine.setLayout` before the first frame. Prints each size's
// per-frame median and p99 (the best of three replays), beside the same
// session over the grid, to show what the skeleton costs against the
// shipped grid. Goal: the shipped layouts' (every frame's p99 ≤ 5 µs at 1M).
import BenchmarkSupport
import Gripper
import GripperScene
import GripperScripting

/// Rows of 56 points, one item each, across the whole width; O(1) slots for a rect.
private struct Rows: ItemPlacement {
    func extent(ofSlots count: Int, width: Double) -> Double { Double(count) * 56 }
    func frame(ofSlot slot: Int, count: Int, width: Double) -> Rect {
        Rect(x: 0, y: Double(slot) * 56, width: width, height: 56)
    }
    func slots(intersecting rect: Rect, count: Int, width: Double) -> Range<Int> {
        let first = Int(max(0, min(rect.minY / 56, 1e15)).rounded(.down))
        let last = Int(max(0, min(rect.maxY / 56, 1e15)).rounded(.down))
        return min(first, count)..<min(last + 1, count)
    }
}

/// One replay of `frames` over `items` items, the layout placed by `Rows`
/// (or the grid): every frame's time (ns).
private func replay(items: Int, frames: [EventFrame], placed: Bool) throws -> Timings {
    var engine = try Engine(scene: scene(items: items, selection: .none), device: TestDevices.probeTouchscreen)
    if placed {
        let layout = try PlacementLayout(placement: Rows(), metrics: engine.metrics, viewport: viewport)
        engine.setLayout(layout, at: .zero)
        guard (engine.layout as? PlacementLayout)?.placement is Rows else { fatalError("engine-bench: setLayout refused the placement") }
    }
    var samples: [Double] = []
    samples.reserveCapacity(frames.count)
    for frame in frames {
        let a = nanoseconds()
        let produced = engine.handle(frame)
        samples.append(Double(nanoseconds() - a))
        blackHole(produced.count)
    }
    engine.finish()
    guard engine.journal.entries.count > 0 else { fatalError("engine-bench: the session's drags committed nothing") }
    return Timings(samples)
}

/// Prints the figures at 10k and 1M items, the placement beside the grid.
func placementBenchmark() throws {
    let frames = session(cycles: 12)
    _ = try replay(items: 1_000, frames: frames, placed: true)   // warm-up
    for items in [10_000, 1_000_000] {
        func best(_ placed: Bool) throws -> Timings {
            var out: Timings?
            for _ in 0..<3 {
                let t = try replay(items: items, frames: frames, placed: placed)
                if out == nil || t.p99 < out!.p99 { out = t }
            }
            return out!
        }
        let placed = try best(true), grid = try best(false)
        let met = items < 1_000_000 ? "" : (placed.p99 <= 5_000 ? " (goal ≤ 5 µs at 1M: met)" : " (goal ≤ 5 µs at 1M: not met)")
        say("placement layout at \(items) items: \(frames.count) frames, median \(fmt(placed.median / 1e3)) µs, "
            + "p99 \(fmt(placed.p99 / 1e3)) µs\(met); the grid on the same session: median \(fmt(grid.median / 1e3)) µs, "
            + "p99 \(fmt(grid.p99 / 1e3)) µs")
    }
}
