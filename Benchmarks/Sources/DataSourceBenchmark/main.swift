// Composed and segmented data sources (issue 13):
// - index-path mapping in a composed source of 1,000 children and 1M items
//   (target ≤ 1 µs per lookup);
// - a segment switch at 100k items through the engine (target ≤ 5 ms).
import BenchmarkSupport
import Gripper
import GripperEditing
import GripperLayout
import GripperScripting

/// A child whose identities are made once, up front (as an app's storage
/// would hold them): `counts[s]` items in section s.
struct Stored: CollectionDataSource, CollectionDelegate {
    let ids: [[ItemID]]
    init(prefix: String, counts: [Int]) {
        ids = counts.enumerated().map { s, n in (0..<n).map { ItemID("\(prefix).\(s).\($0)") } }
    }
    var numberOfSections: Int { ids.count }
    func sectionID(at section: Int) -> SectionID { SectionID("s\(section)") }
    func numberOfItems(inSection section: Int) -> Int { ids[section].count }
    func itemID(at indexPath: ItemPath) -> ItemID { ids[indexPath.section][indexPath.item] }
}

// MARK: - Mapping

var rng = SeededGenerator(seed: 13)
var children: [ChildDataSource] = []
var total = 0
for c in 0..<1_000 {
    // 1 to 4 sections per child, 1M items in all (1,000 per child).
    let sections = rng.next(in: 1...4)
    var counts = [Int](repeating: 1_000 / sections, count: sections)
    counts[0] += 1_000 - counts.reduce(0, +)
    total += counts.reduce(0, +)
    children.append(ChildDataSource(key: "c\(c)", Stored(prefix: "c\(c)", counts: counts)))
}
let composed = try ComposedDataSource(children)
let sectionCount = composed.numberOfSections
let lookups = 1_000_000
var paths: [ItemPath] = []
paths.reserveCapacity(lookups)
for _ in 0..<lookups {
    let s = rng.next(in: 0...(sectionCount - 1))
    paths.append(ItemPath(section: s, item: rng.next(in: 0...(composed.numberOfItems(inSection: s) - 1))))
}
print("composed: \(children.count) children, \(sectionCount) sections, \(total) items; \(lookups) random lookups per run")

let toChild = measure(iterations: 9) {
    var sum = 0
    for p in paths { if let l = composed.childIndexPath(for: p) { sum &+= l.child &+ l.indexPath.section } }
    blackHole(sum)
}
print("global → child index path: median \(fmt(toChild.median / Double(lookups), 1)) ns per lookup "
      + "(p99 of runs \(fmt(toChild.p99 / Double(lookups), 1)) ns; target ≤ 1000 ns)")

let locals = paths.map { composed.childIndexPath(for: $0)! }
let toGlobal = measure(iterations: 9) {
    var sum = 0
    for l in locals { if let p = composed.globalIndexPath(for: l) { sum &+= p.section } }
    blackHole(sum)
}
print("child → global index path: median \(fmt(toGlobal.median / Double(lookups), 1)) ns per lookup "
      + "(p99 of runs \(fmt(toGlobal.p99 / Double(lookups), 1)) ns; target ≤ 1000 ns)")

let identity = measure(iterations: 9) {
    var sum = 0
    for p in paths { sum &+= composed.itemID(at: p).rawValue.utf8.count }
    blackHole(sum)
}
print("itemID(at:) through the composition: median \(fmt(identity.median / Double(lookups), 1)) ns per lookup")

let rules = measure(iterations: 9) {
    var n = 0
    for p in paths where composed.canMove("x", at: p) { n += 1 }
    blackHole(n)
}
print("a delegate question forwarded (canMove): median \(fmt(rules.median / Double(lookups), 1)) ns per question")

// MARK: - Segment switch

let segmentItems = 100_000
let segments = try SegmentedDataSource([
    ChildDataSource(key: "inbox", Stored(prefix: "in", counts: [segmentItems])),
    ChildDataSource(key: "sent", Stored(prefix: "out", counts: [segmentItems])),
    // The same count spread over 100 sections of 1,000.
    ChildDataSource(key: "archive", Stored(prefix: "ar", counts: [Int](repeating: segmentItems / 100, count: 100))),
])
let phone = Size(width: 390, height: 844)

/// The median and max of `rounds` switches (the first two are warm-up), each
/// on a fresh engine showing segment 0, to segment `to`; `prepare` runs on
/// the engine before the clock starts (a drag in flight, …).
func switchTimes(to index: Int, rounds: Int = 14, transcript: Bool = false, transitions: Bool = false,
                 prepare: (inout Engine) -> Void = { _ in }) throws -> Timings {
    var times: [Double] = []
    for round in 0..<rounds {
        var mail = segments
        var engine = try Engine(dataSource: mail, delegate: mail, viewport: phone, device: TestDevices.probeTouchscreen,
                                recordingTranscript: transcript, makingTransitions: transitions)
        prepare(&engine)
        let t = EventTime(microseconds: 10_000_000)
        let t0 = nanoseconds()
        let entries = try engine.switchSegment(of: &mail, to: index, at: t)
        let t1 = nanoseconds()
        blackHole(entries.count)
        blackHole(engine.takeTransitions().count)
        precondition(engine.model.numberOfItems == segmentItems && mail.selectedIndex == index)
        if round >= 2 { times.append(Double(t1 - t0)) }
    }
    return Timings(times)
}

func report(_ what: String, _ t: Timings) {
    print("segment switch at \(segmentItems) items, \(what): median \(fmt(t.median / 1e6, 3)) ms, "
          + "max \(fmt(t.percentile(100) / 1e6, 3)) ms (target ≤ 5 ms)")
}
report("1 section (engine.switchSegment, grid, no transcript)", try switchTimes(to: 1))
report("100 sections (engine.switchSegment, grid, no transcript)", try switchTimes(to: 2))
report("1 section, transcript and transitions on", try switchTimes(to: 1, transcript: true, transitions: true))
report("1 section, during a drag (cancelled), transcript and transitions on",
       try switchTimes(to: 1, transcript: true, transitions: true) { engine in
           var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 13)
           b.drag(from: .fraction(0.5, 0.05), to: .fraction(0.5, 0.4))
           let frames = b.frames
           for f in frames[..<(frames.count * 3 / 4)] { engine.handle(f) }
           precondition(engine.stateName == "dragging")
           _ = engine.takeTransitions()
       })
