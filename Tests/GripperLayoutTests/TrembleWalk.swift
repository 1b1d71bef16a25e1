import GripperGeometry
import GripperLayout
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
func checkTheGapSettles(seed: Int, generator: UInt64, source: IndexPath, start: Point, size: Size,
                        follow: (IndexPath, Point) -> IndexPath, wrong: (IndexPath, Point) -> String?) {
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
        var left: [IndexPath] = []
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
