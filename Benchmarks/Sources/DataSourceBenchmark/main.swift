// Composed and segmented data sources (issue 13):
// - index-path mapping in a composed source of 1,000 children and 1M items
//   (target ≤ 1 µs per lookup);
// - a segment switch at 100k items through the engine (target ≤ 5 ms).
import BenchmarkSupport
import Gripper
import GripperEditing
import GripperLayout
import GripperTesting

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
    func itemID(at indexPath: IndexPath) -> ItemID { ids[indexPath.section][indexPath.item] }
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
var paths: [IndexPath] = []
paths.reserveCapacity(lookups)
for _ in 0..<lookups {
    let s = rng.next(in: 0...(sectionCount - 1))
    paths.append(IndexPath(section: s, item: rng.next(in: 0...(composed.numberOfItems(inSection: s) - 1))))
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
])
var switches: [Double] = []
var batchOnly: [Double] = []
for round in 0..<12 {
    var mail = segments
    var engine = try Engine(dataSource: mail, delegate: mail, viewport: Size(width: 390, height: 844),
                            device: TestDevices.probeTouchscreen)
    let t = EventTime(microseconds: 1_000_000)
    let b0 = nanoseconds()
    blackHole(mail.switchBatch(to: 1))
    let b1 = nanoseconds()
    let t0 = nanoseconds()
    try engine.switchSegment(of: &mail, to: 1, at: t)
    let t1 = nanoseconds()
    precondition(engine.model.numberOfItems == segmentItems)
    if round >= 2 {
        switches.append(Double(t1 - t0))
        batchOnly.append(Double(b1 - b0))
    }
}
let sw = Timings(switches), bo = Timings(batchOnly)
print("segment switch at \(segmentItems) items (engine.switchSegment, grid, no transcript): median \(fmt(sw.median / 1e6, 2)) ms, "
      + "max \(fmt(sw.percentile(100) / 1e6, 2)) ms (target ≤ 5 ms); of which the batch (read the new segment's "
      + "identities): median \(fmt(bo.median / 1e6, 2)) ms")
