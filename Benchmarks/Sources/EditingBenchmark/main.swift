// editing-bench: the editing machine's per-event cost and the model's batch,
// diff and journal costs. Run: swift run -c release --package-path Benchmarks editing-bench
import BenchmarkSupport
@_spi(Benchmarks) import GripperEditing
import GripperGeometry
import GripperInput
@_spi(Benchmarks) import GripperLayout
import GripperScripting


func makeModel(_ n: Int, sections: Int = 10) throws -> CollectionModel {
    let per = n / sections
    return try CollectionModel(sections: (0..<sections).map { s in
        CollectionSection(id: SectionID("S\(s)"), items: (0..<per).map { ItemID("i\(s * per + $0)") })
    })
}

func layout(for model: CollectionModel) throws -> GridLayout {
    try GridLayout(sections: model.sections.map { SectionContent(count: $0.items.count) },
                   metrics: LayoutMetrics(rowHeight: 44), viewport: Size(width: 390, height: 844))
}

func report(_ name: String, _ t: Timings, unit: String = "µs", scale: Double = 1000) {
    print("\(name): median \(fmt(t.median / scale)) \(unit), p99 \(fmt(t.p99 / scale)) \(unit)")
}

var rng = SeededGenerator(seed: 7)
let n = 100_000
let model = try makeModel(n)
let grid = try layout(for: model)
let config = EditingConfiguration(viewportHeight: 844)
print("editing-bench: \(n) items in 10 sections, one column of 44-point rows, 390×844 viewport")

// Per event: a drag frame (contact moves, gap retargets, policy asked).
do {
    var machine = EditingStateMachine(model: model, policy: StaticEditingPolicy(), configuration: config)
    var time = EventTime.milliseconds(0)
    _ = machine.handle(.contact(.longPress(Point(x: 100, y: 300))), at: time, geometry: grid)
    var y = 300.0
    let t = measure(iterations: 20_000) {
        time = time + Duration.milliseconds(8)
        y = y >= 700 ? 150 : y + 3
        blackHole(machine.handle(.contact(.contactMoved(Point(x: 100, y: y))), at: time, geometry: grid))
    }
    report("drag frame (contactMoved)", t)
}

// Per event: a swipe frame (pan changed on a sliding cell).
do {
    var machine = EditingStateMachine(model: model, policy: StaticEditingPolicy(), configuration: config)
    var time = EventTime.milliseconds(0)
    let start = Point(x: 300, y: 300)
    _ = machine.handle(.contact(.panBegan(.init(location: start, translation: Point(x: -20, y: 0)))), at: time, geometry: grid)
    var x = -20.0
    let t = measure(iterations: 20_000) {
        time = time + Duration.milliseconds(8)
        x = x <= -150 ? -20 : x - 1
        blackHole(machine.handle(.contact(.panChanged(.init(location: start + Point(x: x, y: 0), translation: Point(x: x, y: 0)))),
                                 at: time, geometry: grid))
    }
    report("swipe frame (panChanged)", t)
}

// Per event: a tap (hit test, selection).
do {
    var machine = EditingStateMachine(model: model, policy: StaticEditingPolicy(), configuration: config)
    var time = EventTime.milliseconds(0)
    var row = 0.0
    let t = measure(iterations: 20_000) {
        time = time + Duration.milliseconds(8)
        row = row >= 18 ? 0 : row + 1
        blackHole(machine.handle(.contact(.tap(Point(x: 100, y: row * 44 + 22))), at: time, geometry: grid))
    }
    report("tap (hit test + single selection)", t)
}

// Model: a batch of 1000 random deletes, moves and inserts on 100k items.
do {
    var ops: [BatchUpdate.Operation] = []
    var used = Set<ItemPath>()
    while ops.count < 1000 {
        let p = ItemPath(section: Int.random(in: 0..<10, using: &rng), item: Int.random(in: 0..<(n / 10), using: &rng))
        guard used.insert(p).inserted else { continue }
        ops.append(ops.count % 2 == 0 ? .deleteItem(p) : .moveItem(from: p, to: ItemPath(section: p.section, item: 0)))
    }
    // Moves to item 0 of a section collide; keep one per section.
    var seen = Set<Int>()
    ops = ops.filter { op in
        if case .moveItem(_, let to) = op { return seen.insert(to.section).inserted }
        return true
    }
    let batch = BatchUpdate(ops)
    let t = measure(iterations: 30) { blackHole(try? model.applying(batch)) }
    report("apply batch (\(ops.count) ops, 100k items)", t, unit: "ms", scale: 1e6)
}

// Model: diff after 1 % of the items moved.
do {
    var sections = model.sections
    for _ in 0..<(n / 100) {
        let s = Int.random(in: 0..<10, using: &rng)
        let from = Int.random(in: 0..<sections[s].items.count, using: &rng)
        let item = sections[s].items.remove(at: from)
        sections[s].items.insert(item, at: Int.random(in: 0...sections[s].items.count, using: &rng))
    }
    let target = try CollectionModel(sections: sections)
    var moves = 0
    let t = measure(iterations: 20) {
        let d = model.diff(to: target)
        moves = d.moveCount
        blackHole(d)
    }
    report("diff (1 % moved, 100k items, \(moves) moves)", t, unit: "ms", scale: 1e6)
}

// Model: diff after one move in one section (a typical reload): unchanged sections are skipped.
do {
    var sections = model.sections
    let item = sections[3].items.remove(at: 10)
    sections[3].items.insert(item, at: 9_000)
    let target = try CollectionModel(sections: sections)
    var moves = 0
    let t = measure(iterations: 50) {
        let d = model.diff(to: target)
        moves = d.moveCount
        blackHole(d)
    }
    report("diff (one move in one section, 100k items, \(moves) move)", t, unit: "ms", scale: 1e6)
}

// Journal: committing one move (applied in place, inverted as the move back) on 100k items.
do {
    var journal = Journal(start: model)
    var k = 0
    let t = measure(iterations: 50) {
        k += 1
        let batch = BatchUpdate([.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 5))])
        blackHole(try? journal.commit(batch, as: .batch, at: .milliseconds(Int64(k))))
    }
    report("journal commit of one move (100k items)", t)
}

// Journal: committing a one-item delete and undoing it (the undo inserts the
// recorded identity back at its path, with no scan of every identity).
do {
    var journal = Journal(start: model)
    var k = 0
    var undo: [Double] = []
    let t = measure(iterations: 50) {
        k += 1
        let batch = BatchUpdate([.deleteItem(ItemPath(section: 4, item: 5_000))])
        blackHole(try? journal.commit(batch, as: .batch, at: .milliseconds(Int64(k))))
        let a = nanoseconds()
        blackHole(journal.undo())
        undo.append(Double(nanoseconds() - a))
    }
    report("journal commit + undo of one delete (100k items)", t)
    report("  of which the undo", Timings(undo))
}

// Multi-item drag: 1,000 selected items at 1M items (10 sections of 100k,
// one column of 44-point rows). Batch editing; every 1,000th item is
// selected by a tap (the wheel brings it into view first); item 500,500 is
// long-pressed, so the other 999 go along, hidden in place.
/// A delegate that rules nothing: the group question is its default, the
/// one-item question asked of every item (O(k) per gap change).
struct DefaultGroupQuestion: CollectionDelegate {
    var selectionMode: SelectionMode { .multiple }
}

func multiDrag(_ policy: any CollectionDelegate, name: String, commits: Bool) throws {
    let big = 1_000_000, per = big / 10
    let model = try makeModel(big)
    let grid = try layout(for: model)
    var machine = EditingStateMachine(model: model, policy: policy, configuration: config)
    var time = EventTime.milliseconds(0)
    var offset = 0.0
    func send(_ input: EditingInput) -> [EditingEffect] {
        time = time + Duration.milliseconds(8)
        let effects = machine.handle(input, at: time, geometry: grid)
        for case .scrolled(let to) in effects { offset = to }
        return effects
    }
    func send(_ input: ContactInput) -> [EditingEffect] { send(.contact(input)) }
    func send(_ command: EditingCommand) -> [EditingEffect] { send(.command(command)) }
    /// Scrolls `path`'s row to viewport height 300 and returns its centre in the viewport.
    func bringIntoView(_ path: ItemPath) -> Point {
        let frame = grid.attributes(for: path)!.frame
        _ = send(.scroll(frame.midY - 300 - offset))
        return Point(x: 150, y: frame.midY - offset)
    }
    _ = send(.setEditing(true))
    var selected = 0
    for k in 0..<1000 {
        let g = k * 1000 + 500
        for case .selectionChanged(let s) in send(.tap(bringIntoView(ItemPath(section: g / per, item: g % per)))) {
            selected = s.count
        }
    }
    let grabbed = ItemPath(section: 5, item: 500)
    let grab = bringIntoView(grabbed)
    let began = send(.longPress(grab)).filter { if case .dragBegan = $0 { true } else { false } }.count
    print("\(name): \(selected) selected of \(big), \(began) items dragged")
    var y = grab.y
    let frames = measure(iterations: 20_000) {
        time = time + Duration.milliseconds(8)
        y = y >= 700 ? 150 : y + 3
        blackHole(machine.handle(.contact(.contactMoved(Point(x: 150, y: y))), at: time, geometry: grid))
    }
    report("  multi-drag frame (contactMoved, \(began) items, 1M)", frames)
    guard commits else { return }
    // The commit: one batch of 1,000 moves gathering the group from ten
    // sections, journaled as one entry (timed); then undone (not timed) so
    // every round drags the same spread-out selection.
    _ = send(.contactLifted(Point(x: 150, y: y)))
    _ = send(.undo)
    var committed = 0
    var times: [Double] = []
    for round in 0..<32 {
        let p = bringIntoView(grabbed)
        _ = send(.longPress(p))
        _ = send(.contactMoved(Point(x: 150, y: p.y + 5 * 44)))
        time = time + Duration.milliseconds(8)
        let t0 = nanoseconds()
        let effects = machine.handle(.contact(.contactLifted(Point(x: 150, y: p.y + 5 * 44))), at: time, geometry: grid)
        let t1 = nanoseconds()
        blackHole(effects)
        for case .committed(let entry) in effects { committed = entry.batch.operations.count }
        _ = send(.undo)
        if round >= 2 { times.append(Double(t1 - t0)) }  // two rounds of warm-up
    }
    report("  multi-drag commit (\(committed) moves from 10 sections, one journal entry, 1M)", Timings(times),
           unit: "ms", scale: 1e6)
}

print("multi-item drag: 1M items in 10 sections, 1,000 selected; goals: frame p99 <= 10 µs, commit <= 2 ms")
try multiDrag(StaticEditingPolicy(), name: "StaticEditingPolicy (group question O(1))", commits: true)
try multiDrag(DefaultGroupQuestion(), name: "a delegate with the default group question (O(k))", commits: false)
