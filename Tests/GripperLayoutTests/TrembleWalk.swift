import GripperGeometry
@_spi(Benchmarks) import GripperLayout
import GripperScripting
import GripperTesting
import Testing

/// The walk both layouts' tremble tests take (`DropRulePropertyTests`,
/// `FlowDropRulePropertyTests`): from the drag's source, to twelve random
/// rest points in `size` (a few frames to get there each), then thirty
/// points of ±2-point tremble at each. At every rest the gap must settle —
/// never go back to a gap it left, move at most twice, and once the tremble
/// is over every one of its points proposes the settled gap — and `wrong`
/// (the layout's own check of where it settled) must find nothing.
/// - Parameter follow: the layout's drop rule: the gap after a frame at a point.
func checkTheGapSettles(seed: Int, generator: UInt64, source: ItemPath, start: Point, size: Size,
                        follow: (ItemPath, Point) -> ItemPath, wrong: (ItemPath, Point) -> String?) {
    var g = SeededGenerator(seed: generator)
    var target = source
    var point = start
    for rest in 0..<12 {
        // Get somewhere in a few frames, then tremble there.
        let goal = Point(x: g.half(0, size.width), y: g.half(-20, size.height + 20))
        for step in 1...6 {
            let f = Double(step) / 6
            target = follow(target, Point(x: point.x + (goal.x - point.x) * f, y: point.y + (goal.y - point.y) * f))
        }
        point = goal
        var samples = [goal]
        for _ in 0..<30 { samples.append(Point(x: goal.x + g.half(-2, 2), y: goal.y + g.half(-2, 2))) }
        var left: [ItemPath] = []
        for p in samples {
            let next = follow(target, p)
            if next != target {
                #expect(!left.contains(next), "seed \(seed) rest \(rest) at \(goal): back to \(next) after \(left)")
                left.append(target)
            }
            target = next
        }
        #expect(left.count <= 2, "seed \(seed) rest \(rest) at \(goal): \(left) then \(target)")
        for p in samples {
            #expect(follow(target, p) == target, "seed \(seed) rest \(rest): \(p) moves \(target)")
        }
        let problem = wrong(target, goal)
        #expect(problem == nil, "seed \(seed) rest \(rest): \(problem ?? "")")
    }
}

/// The walk both layouts' "a finger at rest over a cell brings the gap
/// there" tests take: fifteen times, aim at a random slot's gap (`gap`),
/// come to rest at its centre or anywhere more than the hysteresis and the
/// tremble inside it (five frames to get there), tremble ±2 points twenty
/// times, then `settled` (the layout's own check of the gap it settled on,
/// a problem or nil) and `wrong` must find nothing.
func checkRestingBringsTheGap(seed: Int, generator g: inout SeededGenerator, source: ItemPath, start: Point,
                              slots: [ItemPath], gap: (ItemPath) -> Rect?, follow: (ItemPath, Point) -> ItemPath,
                              settled: (_ aim: ItemPath, _ cell: Rect, _ target: ItemPath, _ goal: Point) -> String?,
                              wrong: (ItemPath, Point) -> String?) throws {
    var target = source
    var point = start
    for rest in 0..<15 {
        let aim = slots[g.int(0...(slots.count - 1))]
        let cell = try #require(gap(aim))
        let margin = GridLayout.dropHysteresis + 2
        let goal = g.chance(0.5) ? cell.center
            : Point(x: g.half(cell.minX + margin + 0.5, cell.maxX - margin - 0.5),
                    y: g.half(cell.minY + margin + 0.5, cell.maxY - margin - 0.5))
        for step in 1...5 {
            let f = Double(step) / 5
            target = follow(target, Point(x: point.x + (goal.x - point.x) * f, y: point.y + (goal.y - point.y) * f))
        }
        point = goal
        for _ in 0..<20 {
            target = follow(target, Point(x: goal.x + g.half(-2, 2), y: goal.y + g.half(-2, 2)))
        }
        if let problem = settled(aim, cell, target, goal) {
            Issue.record("seed \(seed) rest \(rest): \(problem)")
        }
        let problem = wrong(target, goal)
        #expect(problem == nil, "seed \(seed) rest \(rest): \(problem ?? "")")
    }
}
