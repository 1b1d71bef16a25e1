// batch-bench: an app's batch of 1,000 inserts applied while the user drags,
// at 10k and 1M items (goal at 1M: <= 1 ms), and what the transitions of a
// gap move, a commit and such a batch cost at 10k and at 1M items (goal:
// the same within 1.5x). See BENCHMARKS.md.
import BenchmarkSupport
import Gripper
import GripperEditing
import GripperGeometry
@_spi(Benchmarks) import GripperLayout
import GripperScripting
#if canImport(Glibc)
import Glibc
#endif

/// One section of `count` messages whose identities are their numbers
/// ("17"); items the app inserts later have identities of their own ("b3.17").
/// It locates an identity by parsing it (what an app with a dictionary from
/// identity to index does) unless `locating` is off.
struct Messages: CollectionDataSource {
    var count: Int
    var locating = true
    var numberOfSections: Int { 1 }
    func sectionID(at section: Int) -> SectionID { "inbox" }
    func numberOfItems(inSection section: Int) -> Int { count }
    func itemID(at indexPath: ItemPath) -> ItemID { ItemID(String(indexPath.item)) }
    var locatesItems: Bool { locating }
    func indexPath(ofItem item: ItemID) -> ItemPath? {
        guard let i = Int(item.rawValue), i >= 0, i < count else { return nil }
        return ItemPath(section: 0, item: i)
    }
}

struct Rules: CollectionDelegate {}

let device = TestDevices.probeTouchscreen
let viewport = Size(width: 400, height: 640)
let metrics = LayoutMetrics(rowHeight: 56)
func pt(_ x: Double, _ y: Double) -> TraceBuilder.Location { .fraction(x / viewport.width, y / viewport.height) }

/// A long-press on the third row, a move down by four rows, then a long
/// hold: the frames up to the end of the move (the finger stays down).
let dragFrames: [EventFrame] = {
    var b = TraceBuilder(device: device, seed: 7)
    b.perform([TraceBuilder.Stroke(at: pt(200, 2 * 56 + 28)).holding(.milliseconds(650))
        .moving(to: pt(200, 6 * 56 + 28), over: .milliseconds(300)).holding(.seconds(600))])
    let frames = b.frames
    let end = frames[0].time + .milliseconds(1_050)
    return frames.filter { $0.time <= end }
}()

/// An engine on `items` messages with the user dragging the third row.
func draggingEngine(items: Int, transitions: Bool, locating: Bool = true) -> (engine: Engine, time: EventTime) {
    var engine = try! Engine(dataSource: Messages(count: items, locating: locating), delegate: Rules(), viewport: viewport,
                             metrics: metrics, device: device, makingTransitions: transitions)
    for frame in dragFrames { engine.handle(frame) }
    precondition(engine.presentation.drag != nil, "no drag in flight: \(engine.stateName)")
    _ = engine.takeTransitions()
    return (engine, dragFrames.last!.time)
}

/// 1,000 inserts at distinct random after-paths of section 0 (which has
/// `count` items before the batch; among the first `within` paths when
/// given), or a block at the top.
func inserts(round: Int, count: Int, random: Bool, within: Int? = nil, rng: inout SeededGenerator) -> BatchUpdate {
    let k = 1_000
    var places: [Int]
    if random {
        var chosen = Set<Int>()
        while chosen.count < k { chosen.insert(Int.random(in: 0..<min(within ?? .max, count + k), using: &rng)) }
        places = chosen.sorted()
    } else {
        places = Array(0..<k)
    }
    return BatchUpdate(places.enumerated().map { j, i in
        .insertItem(ItemID("b\(round).\(j)"), at: ItemPath(section: 0, item: i))
    })
}

// batch-bench [--sizes 10000,1000000] [--batches-only]
let arguments = Array(CommandLine.arguments.dropFirst())
let sizes: [Int] = arguments.firstIndex(of: "--sizes").flatMap { i in
    i + 1 < arguments.count ? arguments[i + 1].split(separator: ",").compactMap { Int($0) } : nil
} ?? [10_000, 1_000_000]
print("batch-bench: one section of n items (fixed row height, identities made on demand); the user drags row 2; the app inserts 1,000 items")
for items in sizes {
    let cases = arguments.contains("--random-only") ? [(true, true)] : [(true, true), (false, true), (true, false)]
    for (random, locating) in cases {
        var (engine, time) = draggingEngine(items: items, transitions: true, locating: locating)
        var rng = SeededGenerator(seed: 42)
        var samples: [Double] = []
        var transitions = 0
        for round in 0..<11 {
            let batch = inserts(round: round, count: engine.model.numberOfItems, random: random, rng: &rng)
            time = time + .milliseconds(5)
            let a = nanoseconds()
            try! engine.apply(batch, at: time)
            let dt = Double(nanoseconds() - a)
            if round > 0 { samples.append(dt) }   // the first is a warm-up
            transitions += engine.takeTransitions().count
        }
        precondition(engine.presentation.drag != nil, "the drag ended: \(engine.stateName)")
        precondition(engine.model.numberOfItems == items + 11_000)
        let t = Timings(samples)
        print("app batch of 1000 inserts during a drag at \(items) items: \(fmt(t.median / 1e6, 3)) ms (\(random ? "at random places" : "a block at the top")\(locating ? "" : ", a source that cannot locate items"); median of 10, max \(fmt(t.samples.last! / 1e6, 3)) ms; \(transitions) transitions made; goal <= 1 ms at 1M)")
    }
}

/// Times `LayoutTransition(from:to:mapping:)`: the median of 2,000.
func timeTransition(from a: LayoutState, to b: LayoutState, mapping: ItemPathMapping) -> (Timings, Int) {
    let first = LayoutTransition(from: a, to: b, mapping: mapping)
    let changed = first.appearing.count + first.disappearing.count + first.moving.count
    let t = measure(iterations: 2_000, warmup: 50) { blackHole(LayoutTransition(from: a, to: b, mapping: mapping)) }
    return (t, changed)
}

func state(_ e: Engine) -> LayoutState {
    LayoutState(layout: e.layout, presentation: e.presentation, contentOffset: e.contentOffset)
}

if arguments.contains("--batches-only") { exit(0) }
print("")
print("transitions (LayoutTransition over the 640-point viewport; median of 2000):")
var medians: [String: [Int: Double]] = [:]
for items in sizes {
    let (engine, time) = draggingEngine(items: items, transitions: false)
    let before = state(engine)
    let drag = engine.presentation.drag!
    // A gap move: the gap goes two rows further down.
    var moved = before
    moved.presentation.drag?.target = ItemPath(section: 0, item: drag.target.item + 2)
    let (gap, gapChanged) = timeTransition(from: before, to: moved, mapping: .identity)
    // A commit: the dragged item lands at the gap, the drag is over.
    var committedLayout = engine.layout
    try! committedLayout.applyItemChanges(removing: [drag.source], inserting: [ItemInsertion(drag.target)])
    let committed = LayoutState(layout: committedLayout, presentation: .resting, contentOffset: engine.contentOffset)
    let (commit, commitChanged) = timeTransition(from: before, to: committed,
                                                 mapping: ItemPathMapping([.moveItem(from: drag.source, to: drag.target)]))
    // An app batch of 1,000 inserts at random places among the first
    // 3,000 rows (so that the screen changes), the drag going on.
    var after = engine
    var rng = SeededGenerator(seed: 42)
    let batch = inserts(round: 0, count: items, random: true, within: 3_000, rng: &rng)
    try! after.apply(batch, at: time + .milliseconds(5))
    let edits: [ItemPathMapping.Edit] = batch.operations.compactMap {
        if case .insertItem(_, let p) = $0 { return .insertItem(p) } else { return nil }
    }
    let (app, appChanged) = timeTransition(from: before, to: state(after), mapping: ItemPathMapping(edits))
    for (name, t, changed) in [("gap move", gap, gapChanged), ("commit", commit, commitChanged),
                               ("app batch of 1000 inserts", app, appChanged)] {
        medians[name, default: [:]][items] = t.median
        print("  \(name) at \(items) items: \(fmt(t.median / 1e3)) µs (p99 \(fmt(t.p99 / 1e3)) µs; \(changed) elements change)")
    }
}
for name in ["gap move", "commit", "app batch of 1000 inserts"] {
    if let a = medians[name]?[10_000], let b = medians[name]?[1_000_000] {
        print("  \(name): 1M / 10k = \(fmt(b / a))x (goal <= 1.5x)")
    }
}
