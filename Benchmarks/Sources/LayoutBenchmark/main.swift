// layout-bench: GripperLayout's preparation, rect queries and gap moves at
// 10k, 100k and 1M items (10 sections, 2 columns, pinned headers, a 390 × 844
// viewport), against the naive reference (a filter over every attribute).
// Run: swift run -c release --package-path Benchmarks layout-bench
import BenchmarkSupport
import GripperGeometry
@_spi(Benchmarks) import GripperLayout
#if canImport(Glibc)
import Glibc
#endif

let viewport = Size(width: 390, height: 844)
let metrics = LayoutMetrics(columns: 2, rowHeight: 88, interItemSpacing: 8, lineSpacing: 8,
                            sectionInsets: EdgeInsets(top: 8, left: 8, bottom: 8, right: 8),
                            header: SupplementaryMetrics(height: 44, isPinned: true),
                            rowSeparator: SeparatorMetrics(thickness: 1, startInset: 16),
                            globalHeaderHeight: 56)

/// A deterministic pseudo-random sequence (no clock, no global state).
struct LCG {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(max(1, bound)))
    }
}

func heights(_ count: Int, seed: UInt64) -> [Double] {
    var g = LCG(state: seed)
    return (0..<count).map { _ in Double(44 + g.next(100)) }
}

func sections(total: Int, perItem: Bool) -> [SectionContent] {
    (0..<10).map { s in
        perItem ? SectionContent(itemHeights: heights(total / 10, seed: UInt64(s)))
                : SectionContent(count: total / 10)
    }
}

/// Resident memory in bytes, from /proc/self/statm.
func residentBytes() -> Int {
    guard let f = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(f) }
    var line = [CChar](repeating: 0, count: 256)
    guard fgets(&line, Int32(line.count), f) != nil else { return 0 }
    let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let fields = text.split(separator: " ").compactMap { Int($0) }
    return fields.count >= 2 ? fields[1] * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

/// Makes glibc map every allocation over 64 KiB on its own and unmap it when
/// freed (`mallopt(M_MMAP_THRESHOLD)` fixes the threshold, which glibc would
/// otherwise raise as big blocks are freed), so a resident-memory delta
/// around building a layout is what the layout keeps. `mallopt` is not in
/// the Glibc module: found with dlsym.
func fixMallocThresholds() {
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "mallopt") else { return }
    let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
    _ = mallopt(-3, 64 * 1024)   // M_MMAP_THRESHOLD
    _ = mallopt(-1, 128 * 1024)  // M_TRIM_THRESHOLD
}

func us(_ ns: Double) -> String { fmt(ns / 1000, 2) }

struct Row {
    var items: Int
    var kind: String
    var prepareMs: Double
    var queryNs: Double
    var queryP99Ns: Double
    var gapNs: Double
    var gapP99Ns: Double
    var naiveNs: Double
    var bytesPerItem: Double
}

func run(total: Int, perItem: Bool) throws -> Row {
    let content = sections(total: total, perItem: perItem)
    let prepare = measure(iterations: perItem ? 7 : 200, warmup: 1) {
        blackHole(try! GridLayout(sections: content, metrics: metrics, viewport: viewport))
    }
    // Memory: what a layout retains, its own copy of the heights included.
    let before = residentBytes()
    var layout: GridLayout? = try GridLayout(sections: sections(total: total, perItem: perItem), metrics: metrics,
                                             viewport: viewport)
    let retained = residentBytes() - before
    let grid = layout!
    layout = nil

    let height = grid.contentSize.height
    var g = LCG(state: 42)
    let offsets = (0..<4096).map { _ in Double(g.next(Int(height - viewport.height))) }
    var i = 0
    let query = measure(iterations: 20_000) {
        let y = offsets[i & 4095]
        i += 1
        blackHole(grid.attributes(in: Rect(x: 0, y: y, width: 390, height: 844), contentOffset: y))
    }

    i = 0
    var visited = 0
    let visit = measure(iterations: 20_000) {
        let y = offsets[i & 4095]
        i += 1
        grid.forEachAttributes(in: Rect(x: 0, y: y, width: 390, height: 844), contentOffset: y) { a in
            visited &+= a.zIndex
        }
    }
    blackHole(visited)
    let perQuery = grid.attributes(in: Rect(x: 0, y: offsets[0], width: 390, height: 844), contentOffset: offsets[0]).count
    print("  \(total) \(perItem ? "per-item" : "fixed"): \(perQuery) elements per query; forEachAttributes without collecting: \(us(visit.median)) µs")

    // Gap moves: a drag from section 3 to random targets in any section,
    // each followed by the query of the viewport around the new gap.
    let source = ItemPath(section: 3, item: total / 20)
    let targets: [(ItemPath, Double)] = (0..<4096).map { _ in
        let s = g.next(10)
        let limit = s == source.section ? total / 10 - 1 : total / 10
        let ip = ItemPath(section: s, item: g.next(limit + 1))
        let y = grid.attributes(for: ItemPath(section: s, item: min(ip.item, total / 10 - 1)))!.frame.minY
        return (ip, max(0, y - 400))
    }
    var presentation = LayoutPresentation(isEditing: true, drag: DragState(source: source, target: source,
                                                                           proxyCenter: Point(x: 195, y: 400)))
    i = 0
    let gap = measure(iterations: 20_000) {
        let (target, y) = targets[i & 4095]
        i += 1
        presentation.drag!.target = target
        presentation.drag!.proxyCenter = Point(x: 195, y: y + 400)
        blackHole(grid.attributes(in: Rect(x: 0, y: y, width: 390, height: 844), presentation: presentation,
                                  contentOffset: y))
    }

    // The naive reference: every attribute precomputed, filtered per query.
    let everything = grid.attributes(in: Rect(x: 0, y: 0, width: 390, height: height))
    i = 0
    let naive = measure(iterations: total >= 1_000_000 ? 15 : 60, warmup: 1) {
        let y = offsets[i & 4095]
        i += 1
        let r = Rect(x: 0, y: y, width: 390, height: 844)
        blackHole(everything.filter { $0.frame.intersects(r) })
    }
    return Row(items: total, kind: perItem ? "per-item" : "fixed", prepareMs: prepare.median / 1e6,
               queryNs: query.median, queryP99Ns: query.p99, gapNs: gap.median, gapP99Ns: gap.p99,
               naiveNs: naive.median, bytesPerItem: Double(retained) / Double(total))
}

// `layout-bench --transition`: the transition of a gap move with 1,000
// cells on screen (a 20-column grid of 10k items, 1,000 × 640 viewport, row
// and column separators), the work an engine making transitions does on
// such a frame (issue 35: p99 ≤ 200 µs): the before and after queries and
// the match, each part timed apart.
if CommandLine.arguments.contains("--transition") {
    let wide = Size(width: 1000, height: 640)
    let m = LayoutMetrics(columns: 20, rowHeight: 12, interItemSpacing: 1, lineSpacing: 1,
                          rowSeparator: SeparatorMetrics(thickness: 0.5), columnSeparator: SeparatorMetrics(thickness: 0.5))
    let grid = try GridLayout(sections: [SectionContent(count: 10_000)], metrics: m, viewport: wide)
    func state(_ target: Int) -> LayoutState {
        LayoutState(layout: grid, presentation: LayoutPresentation(drag: DragState(
            source: ItemPath(section: 0, item: 30), target: ItemPath(section: 0, item: target),
            proxyCenter: Point(x: 500, y: 300))), contentOffset: 0)
    }
    let visible = grid.attributes(in: Rect(x: 0, y: 0, width: 1000, height: 640), presentation: state(500).presentation)
    print("layout-bench --transition: \(visible.filter { $0.kind == .cell }.count) cells and \(visible.count) elements on screen")
    var k = 0
    let targets = [520, 900, 40, 610, 300, 880]
    let query = measure(iterations: 400) {
        blackHole(grid.attributes(in: Rect(x: 0, y: 0, width: 1000, height: 640), presentation: state(targets[k % 6]).presentation).count)
        k += 1
    }
    let whole = measure(iterations: 400) {
        let t = LayoutTransition(from: state(targets[k % 6]), to: state(targets[(k + 1) % 6]))
        blackHole(t.moving.count)
        k += 1
    }
    print("  one rect query of the viewport: median \(fmt(query.median / 1e3)) µs, p99 \(fmt(query.p99 / 1e3)) µs")
    print("  a gap move's transition (two queries and the match): median \(fmt(whole.median / 1e3)) µs, "
          + "p99 \(fmt(whole.p99 / 1e3)) µs (issue 35's goal for the engine's frame: p99 ≤ 200 µs)")
    exit(0)
}

// `layout-bench --profile` runs only rect queries (for perf record).
if CommandLine.arguments.contains("--profile") {
    let grid = try GridLayout(sections: sections(total: 1_000_000, perItem: true), metrics: metrics, viewport: viewport)
    var presentation = LayoutPresentation(isEditing: true, drag: DragState(
        source: ItemPath(section: 3, item: 5), target: ItemPath(section: 3, item: 5), proxyCenter: .zero))
    var g = LCG(state: 1)
    var n = 0
    for _ in 0..<400_000 {
        let y = Double(g.next(Int(grid.contentSize.height) - 900))
        presentation.drag!.target.item = g.next(100_000)
        n &+= grid.attributes(in: Rect(x: 0, y: y, width: 390, height: 844), presentation: presentation,
                              contentOffset: y).count
    }
    print(n)
    exit(0)
}

fixMallocThresholds()
print("layout-bench: 10 sections, 2 columns, pinned headers, row separators, 390×844 viewport")
print("heights | items | prepare ms | query µs (p99) | gap move + query µs (p99) | naive µs | naive/query | bytes/item")
var rows: [Row] = []
for perItem in [false, true] {
    for total in [10_000, 100_000, 1_000_000] {
        let r = try run(total: total, perItem: perItem)
        rows.append(r)
        print("\(r.kind) | \(r.items) | \(fmt(r.prepareMs, 3)) | \(us(r.queryNs)) (\(us(r.queryP99Ns))) | "
            + "\(us(r.gapNs)) (\(us(r.gapP99Ns))) | \(us(r.naiveNs)) | \(fmt(r.naiveNs / r.queryNs, 0))× | "
            + "\(fmt(r.bytesPerItem, 1))")
    }
}
// Model changes at 1M items (10 sections of 100k): one insertion followed by
// one deletion, and one height change.
for perItem in [false, true] {
    var grid = try GridLayout(sections: sections(total: 1_000_000, perItem: perItem), metrics: metrics,
                              viewport: viewport)
    var g = LCG(state: 7)
    let edit = measure(iterations: perItem ? 40 : 2000) {
        let ip = ItemPath(section: g.next(10), item: g.next(100_000))
        try! grid.insertItem(at: ip, height: 60)
        try! grid.deleteItem(at: ip)
    }
    var line = "edits at 1M (\(perItem ? "per-item" : "fixed")): insert + delete \(us(edit.median)) µs"
    if perItem {
        let change = measure(iterations: 2000) {
            try! grid.setHeight(Double(44 + g.next(100)), of: ItemPath(section: g.next(10), item: g.next(100_000)))
        }
        line += ", height change \(us(change.median)) µs"
    }
    print(line)
}
// Self-sizing at 1M items (10 sections of 100k, every item at the estimated
// height): one measured height, as the app reports it when a cell comes on
// screen (the rows of the three row trees, the section's height, the later
// sections' tops).
do {
    var estimated = metrics
    estimated.estimatedItemHeight = 60
    var grid = try GridLayout(sections: sections(total: 1_000_000, perItem: false), metrics: estimated,
                              viewport: viewport)
    var g = LCG(state: 9)
    let measured = measure(iterations: 20_000) {
        blackHole(try! grid.setExtent(Double(44 + g.next(100)), of: ItemPath(section: g.next(10), item: g.next(100_000))))
    }
    print("self-sizing at 1M: measured-height update \(us(measured.median)) µs (p99 \(us(measured.p99)))")
}
// The flow layout at 1M items (10 sections of 100k, widths 40…199 and
// heights 44…143 at random, 2-4 items a line in 390 points), against the
// per-item grid at 1M above: rect queries and gap moves (a drag from
// section 3 to random targets anywhere, each followed by the query around
// the new gap), as the grid's are measured.
do {
    let flowSections: [SectionContent] = (0..<10).map { s in
        var g = LCG(state: UInt64(100 + s))
        return SectionContent(itemSizes: (0..<100_000).map { _ in
            Size(width: Double(40 + g.next(160)), height: Double(44 + g.next(100)))
        })
    }
    let prepare = measure(iterations: 5, warmup: 1) {
        blackHole(try! FlowLayout(sections: flowSections, metrics: metrics, viewport: viewport))
    }
    let flow = try FlowLayout(sections: flowSections, metrics: metrics, viewport: viewport)
    let height = flow.contentSize.height
    var g = LCG(state: 42)
    let offsets = (0..<4096).map { _ in Double(g.next(Int(height - viewport.height))) }
    var i = 0
    let query = measure(iterations: 20_000) {
        let y = offsets[i & 4095]
        i += 1
        blackHole(flow.attributes(in: Rect(x: 0, y: y, width: 390, height: 844), contentOffset: y))
    }
    let source = ItemPath(section: 3, item: 50_000)
    let targets: [(ItemPath, Double)] = (0..<4096).map { _ in
        let s = g.next(10)
        let limit = s == source.section ? 99_999 : 100_000
        let ip = ItemPath(section: s, item: g.next(limit + 1))
        let y = flow.attributes(for: ItemPath(section: s, item: min(ip.item, 99_999)))!.frame.minY
        return (ip, max(0, y - 400))
    }
    var presentation = LayoutPresentation(isEditing: true, drag: DragState(source: source, target: source,
                                                                           proxyCenter: Point(x: 195, y: 400)))
    i = 0
    let gap = measure(iterations: 20_000) {
        let (target, y) = targets[i & 4095]
        i += 1
        presentation.drag!.target = target
        presentation.drag!.proxyCenter = Point(x: 195, y: y + 400)
        blackHole(flow.attributes(in: Rect(x: 0, y: y, width: 390, height: 844), presentation: presentation,
                                  contentOffset: y))
    }
    // Self-sizing in both dimensions at 1M (issue 35): a measured height,
    // a measured width (the section's width sums after the item and the
    // lines until they fall back into step), and a header's height, at
    // random items of the 10 sections of 100k.
    var measuredFlow = flow
    var m = LCG(state: 77)
    let flowHeight = measure(iterations: 20_000) {
        blackHole(try! measuredFlow.setExtent(Double(44 + m.next(100)), of: ItemPath(section: m.next(10), item: m.next(100_000))))
    }
    let flowWidth = measure(iterations: 20_000) {
        blackHole(try! measuredFlow.setExtents(nil, crossExtent: Double(40 + m.next(160)),
                                               of: ItemPath(section: m.next(10), item: m.next(100_000))))
    }
    let flowHeader = measure(iterations: 20_000) {
        blackHole(try! measuredFlow.setSupplementaryExtent(Double(20 + m.next(60)), of: .header, inSection: m.next(10)))
    }
    print("self-sizing at 1M (flow, 10 sections of 100k): measured height \(us(flowHeight.median)) µs "
        + "(p99 \(us(flowHeight.p99))), measured width \(us(flowWidth.median)) µs (p99 \(us(flowWidth.p99))), "
        + "header height \(us(flowHeader.median)) µs (p99 \(us(flowHeader.p99)))")
    let grid = rows.first { $0.kind == "per-item" && $0.items == 1_000_000 }!
    print("flow | 1000000 | \(fmt(prepare.median / 1e6, 3)) | \(us(query.median)) (\(us(query.p99))) | "
        + "\(us(gap.median)) (\(us(gap.p99))) | flow/grid (per-item): query \(fmt(query.median / grid.queryNs))×, "
        + "gap move \(fmt(gap.median / grid.gapNs))×")
}
// A drag of 1,000 items at 1M (issue 12): the layout answers a group through
// a derived layout (the carried items taken out), built on the group's first
// query and kept while the layout and the group stay. "build" alternates two
// groups, so every query builds; "cached" asks the same group again.
do {
    for perItem in [false, true] {
        let grid = try GridLayout(sections: sections(total: 1_000_000, perItem: perItem), metrics: metrics,
                                  viewport: viewport)
        let source = ItemPath(section: 3, item: 50_000)
        func group(_ offset: Int) -> [ItemPath] {
            (0..<1_000).map { ItemPath(section: $0 / 100, item: ($0 % 100) * 1_000 + offset) }.filter { $0 != source }
        }
        let groups = [group(1), group(2)]
        func presentation(_ k: Int, y: Double) -> LayoutPresentation {
            LayoutPresentation(isEditing: true, drag: DragState(source: source, target: ItemPath(section: 3, item: 10),
                                                                proxyCenter: Point(x: 195, y: y), companions: groups[k]))
        }
        var k = 0
        let build = measure(iterations: perItem ? 20 : 200, warmup: 1) {
            k ^= 1
            blackHole(grid.dropTarget(at: Point(x: 195, y: 400), presentation: presentation(k, y: 400)))
        }
        // The drop target for points anywhere in the first 200,000 points
        // (a gap that may jump sections), the group's and one item's.
        var g = LCG(state: 7)
        let cached = measure(iterations: 20_000) {
            let y = Double(g.next(200_000))
            blackHole(grid.dropTarget(at: Point(x: 195, y: y), presentation: presentation(0, y: y)))
        }
        g = LCG(state: 7)
        let one = measure(iterations: 20_000) {
            let y = Double(g.next(200_000))
            var p = presentation(0, y: y)
            p.drag?.companions = []
            blackHole(grid.dropTarget(at: Point(x: 195, y: y), presentation: p))
        }
        print("group of 1000 at 1M (\(perItem ? "per-item" : "fixed")): derived layout build + drop target "
            + "\(fmt(build.median / 1e6, 3)) ms (p99 \(fmt(build.p99 / 1e6, 3))); drop target, derived layout kept: "
            + "\(us(cached.median)) µs (p99 \(us(cached.p99))), one item's \(us(one.median)) µs (p99 \(us(one.p99)))")
    }
}
for kind in ["fixed", "per-item"] {
    let small = rows.first { $0.kind == kind && $0.items == 10_000 }!
    let large = rows.first { $0.kind == kind && $0.items == 1_000_000 }!
    print("growth 10k → 1M (\(kind)): query \(fmt(large.queryNs / small.queryNs))×, "
        + "gap move \(fmt(large.gapNs / small.gapNs))×")
}
