// cabi-bench: what the C face costs. The same drag — a long press and a
// thousand and more frames that move the gap up and down over 1M items — is
// fed to libgripper.so through its C ABI (linked as an app links it: gripper.h,
// -lgripper, the release library) and to a ToolkitSession called from Swift,
// in turns, in one run; each frame's call is timed. Then the attributes of a
// rect with 1,000 items in it, copied into a caller's buffer through the ABI.
//
//   scripts/libgripper --configuration release --strip
//   swift build -c release --package-path Benchmarks --product cabi-bench
//   Benchmarks/.build/release/cabi-bench [--items N] [--rounds R]
import BenchmarkSupport
import Glibc
import CGripperABI
import Gripper

var items = 1_000_000
var rounds = 5
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    switch a {
    case "--items": items = Int(args.popFirst() ?? "") ?? items
    case "--rounds": rounds = Int(args.popFirst() ?? "") ?? rounds
    default:
        print("usage: cabi-bench [--items N] [--rounds R]")
        exit(2)
    }
}

let sectionCount = 100
let perSection = items / sectionCount
let ids: [[String]] = (0..<sectionCount).map { s in (0..<perSection).map { "s\(s)i\($0)" } }
let viewport = Size(width: 400, height: 800)
let ppm = 96 / 25.4
let base: Int64 = 1_000_000_000_000

/// The drag every round plays: a long press mid-collection, then frames
/// moving the finger down and up (the gap follows), then the lift.
struct Script {
    static let frames = 1200
    static func y(_ k: Int) -> Double {
        let phase = k % 400
        return 300 + Double(phase < 200 ? phase : 400 - phase) * 1.5
    }
}

struct ArrayItems: CollectionDataSource {
    let ids: [[ItemID]]
    var numberOfSections: Int { ids.count }
    func sectionID(at section: Int) -> SectionID { SectionID("s\(section)") }
    func numberOfItems(inSection section: Int) -> Int { ids[section].count }
    func itemID(at p: ItemPath) -> ItemID { ids[p.section][p.item] }
}

struct Everything: CollectionDelegate {
    var selectionMode: SelectionMode { .multiple }
    var acceptsDropsIntoItems: Bool { false }
    // As libgripper's delegate with no callbacks.
    func canHighlight(_ item: ItemID, at indexPath: ItemPath) -> Bool { true }
}

/// One round through the C ABI: the per-frame times, nanoseconds.
@MainActor func cRound(_ t0: Int64) -> [Double] {
    var config = gripper_config()
    gripper_config_init(&config)
    config.viewport_width = viewport.width
    config.viewport_height = viewport.height
    config.points_per_millimetre = ppm
    var engine: OpaquePointer?
    // The identities as C strings, kept alive for the open.
    var storage: [[UnsafeMutablePointer<CChar>?]] = ids.map { $0.map { strdup($0) } }
    let sectionNames: [UnsafeMutablePointer<CChar>?] = (0..<sectionCount).map { strdup("s\($0)") }
    var sections: [gripper_section_data] = []
    for s in 0..<sectionCount {
        storage[s].withUnsafeBufferPointer { b in
            sections.append(gripper_section_data(id: sectionNames[s], item_ids: UnsafePointer(OpaquePointer(b.baseAddress)),
                                                 item_count: b.count, item_heights: nil))
        }
    }
    let opened = sections.withUnsafeBufferPointer { gripper_engine_open_arrays(&config, $0.baseAddress, $0.count, nil, &engine, nil, 0) }
    precondition(opened == GRIPPER_OK, "open: \(opened)")
    for list in storage { for p in list { free(p) } }
    for p in sectionNames { free(p) }
    _ = gripper_scroll_to(engine, t0, Double(items / 2) * 56, 0)
    _ = gripper_touch(engine, t0 + 1000, Int32(GRIPPER_TOUCH_BEGIN.rawValue), 1, 200, 300)
    _ = gripper_fire(engine, t0 + 600_000)
    var out: [Double] = []
    out.reserveCapacity(Script.frames)
    var lines = [CChar](repeating: 0, count: 1 << 16)
    var length = 0
    for k in 1...Script.frames {
        let t = t0 + 600_000 + Int64(k) * 8000
        let y = Script.y(k)
        let start = nanoseconds()
        let st = gripper_touch(engine, t, Int32(GRIPPER_TOUCH_UPDATE.rawValue), 1, 200, y)
        out.append(Double(nanoseconds() - start))
        precondition(st == GRIPPER_OK)
        if k % 64 == 0 { _ = gripper_take_lines(engine, &lines, lines.count, &length) }
    }
    _ = gripper_touch(engine, t0 + 600_000 + Int64(Script.frames + 1) * 8000, Int32(GRIPPER_TOUCH_END.rawValue), 1, 200, 300)
    var state = String(cString: gripper_state(engine))
    if state != "idle" { state = "(\(state))" }
    gripper_engine_close(engine)
    return out
}

/// The same round called from Swift.
@MainActor func swiftRound(_ t0: Int64) -> [Double] {
    var session = try! ToolkitSession(dataSource: ArrayItems(ids: ids.map { $0.map { ItemID($0) } }), delegate: Everything(),
                                      viewport: viewport, metrics: LayoutMetrics(rowHeight: 56), pointsPerMillimetre: ppm)
    func time(_ us: Int64) -> EventTime { EventTime(microseconds: us) }
    try! session.apply(.scroll(.offset(Double(items / 2) * 56), animated: false), at: time(t0))
    try! session.touch(.began, sequence: 1, at: Point(x: 200, y: 300), time: time(t0 + 1000))
    session.fire(until: time(t0 + 600_000))
    var out: [Double] = []
    out.reserveCapacity(Script.frames)
    var kept = 0
    for k in 1...Script.frames {
        let t = t0 + 600_000 + Int64(k) * 8000
        let y = Script.y(k)
        let start = nanoseconds()
        let entries = try! session.touch(.moved, sequence: 1, at: Point(x: 200, y: y), time: time(t))
        out.append(Double(nanoseconds() - start))
        kept &+= entries.count
    }
    try! session.touch(.ended, sequence: 1, at: Point(x: 200, y: 300), time: time(t0 + 600_000 + Int64(Script.frames + 1) * 8000))
    blackHole(kept)
    return out
}

print("cabi-bench: \(items) items in \(sectionCount) sections, \(rounds) rounds of each path in turns, \(Script.frames) drag frames a round")
var cTimes: [Double] = [], swiftTimes: [Double] = []
for r in 0..<rounds {
    let t0 = base + Int64(r) * 1_000_000_000
    if r % 2 == 0 {
        cTimes += cRound(t0)
        swiftTimes += swiftRound(t0)
    } else {
        swiftTimes += swiftRound(t0)
        cTimes += cRound(t0)
    }
}
let c = Timings(cTimes), s = Timings(swiftTimes)
print("  drag frame, C ABI:  median \(fmt(c.median / 1000, 3)) µs, p99 \(fmt(c.p99 / 1000, 3)) µs")
print("  drag frame, Swift:  median \(fmt(s.median / 1000, 3)) µs, p99 \(fmt(s.p99 / 1000, 3)) µs")
print("  C ABI / Swift:      median \(fmt(c.median / s.median, 3))×, p99 \(fmt(c.p99 / s.p99, 3))× (goal ≤ 1.2×)")

// Attributes of a rect with 1,000 items in it: a 10-column grid, 100 rows on screen.
do {
    var config = gripper_config()
    gripper_config_init(&config)
    config.viewport_width = 1000
    config.viewport_height = 2000
    config.row_height = 20
    config.columns = 10
    var engine: OpaquePointer?
    let names = (0..<100_000).map { strdup("g\($0)") }
    let gridName = strdup("grid")
    let opened = names.withUnsafeBufferPointer { b -> gripper_status in
        var section = gripper_section_data(id: gridName, item_ids: UnsafePointer(OpaquePointer(b.baseAddress)), item_count: b.count,
                                           item_heights: nil)
        return gripper_engine_open_arrays(&config, &section, 1, nil, &engine, nil, 0)
    }
    precondition(opened == GRIPPER_OK)
    for p in names { free(p) }
    free(gridName)
    var buffer = [gripper_attributes](repeating: gripper_attributes(), count: 4096)
    var count = 0
    var cells = 0
    let timings = measure(iterations: 2000, warmup: 50) {
        _ = gripper_attributes_in_rect(engine, 0, 0, 1000, 2000, &buffer, buffer.count, &count)
    }
    for k in 0..<count where buffer[k].kind == GRIPPER_ELEMENT_CELL.rawValue { cells += 1 }
    gripper_engine_close(engine)
    print("  attributes in a rect: \(cells) cells (\(count) elements) in \(fmt(timings.median / 1000, 1)) µs median, p99 \(fmt(timings.p99 / 1000, 1)) µs (goal ≤ 50 µs)")
    // What the layout itself takes for the same rect, called from Swift.
    var metrics = LayoutMetrics(rowHeight: 20)
    metrics.columns = 10
    let swiftEngine = try! Engine(dataSource: ArrayItems(ids: [(0..<100_000).map { ItemID("g\($0)") }]), delegate: Everything(),
                             viewport: Size(width: 1000, height: 2000), metrics: metrics,
                             device: ToolkitInput(viewport: Size(width: 1000, height: 2000), pointsPerMillimetre: ppm).touchDevices[0])
    var n = 0
    let swift = measure(iterations: 2000, warmup: 50) {
        let list = swiftEngine.layout.attributes(in: Rect(x: 0, y: 0, width: 1000, height: 2000), presentation: swiftEngine.presentation,
                                            contentOffset: 0)
        n = list.count
    }
    print("  the layout's own attributes(in:) for that rect, from Swift: \(n) in \(fmt(swift.median / 1000, 1)) µs median, p99 \(fmt(swift.p99 / 1000, 1)) µs")
}
