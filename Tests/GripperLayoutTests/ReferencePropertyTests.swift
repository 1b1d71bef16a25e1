import GripperGeometry
@_spi(Benchmarks) @testable import GripperLayout
import GripperScripting
import GripperTesting
import Testing

/// The fast queries against the slow reference, on seeded random layouts,
/// presentations and rects: they must agree exactly.
@Suite struct ReferencePropertyTests {
    static func byID(_ list: [LayoutAttributes]) -> [ElementID: LayoutAttributes] {
        var out: [ElementID: LayoutAttributes] = [:]
        for a in list { out[a.id] = a }
        return out
    }

    static func diff(_ a: [ElementID: LayoutAttributes], _ b: [ElementID: LayoutAttributes]) -> String {
        "extra \(Set(a.keys).subtracting(b.keys)) missing \(Set(b.keys).subtracting(a.keys))"
    }

    @Test(arguments: 0..<400)
    func rectQueriesAgreeWithReference(seed: Int) throws {
        try check(seed: UInt64(seed), maxItems: 40)
    }

    /// Sections of hundreds of items: row trees of several blocks, gaps that
    /// span blocks.
    @Test(arguments: 0..<40)
    func rectQueriesAgreeWithReferenceOnLargeSections(seed: Int) throws {
        try check(seed: UInt64(seed) &+ 50_000, maxItems: 700)
    }

    func check(seed: UInt64, maxItems: Int) throws {
        let scenario = RandomScenario(seed: seed, maxItems: maxItems)
        let layout = try scenario.layout()
        let reference = scenario.reference.compute(scenario.presentation, contentOffset: scenario.contentOffset)
        let size = layout.contentSize(for: scenario.presentation)
        #expect(size.height == reference.contentHeight, "seed \(seed)")
        var g = SeededGenerator(seed: seed ^ 0xABCDEF)
        var rects = [Rect(x: -10, y: -10, width: scenario.viewport.width + 20, height: size.height + 20)]
        for _ in 0..<12 {
            rects.append(Rect(x: g.half(-20, 400), y: g.half(-50, max(0, size.height + 50)),
                              width: g.half(0.5, 500), height: g.half(0.5, 900)))
        }
        for rect in rects {
            let fast = layout.attributes(in: rect, presentation: scenario.presentation,
                                         contentOffset: scenario.contentOffset)
            let slow = reference.all.filter { $0.frame.intersects(rect) }
            #expect(fast.count == Set(fast.map(\.id)).count, "seed \(seed): duplicate elements in \(rect)")
            let fastByID = Self.byID(fast), slowByID = Self.byID(slow)
            #expect(Set(fastByID.keys) == Set(slowByID.keys), "seed \(seed) rect \(rect): \(Self.diff(fastByID, slowByID))")
            for (id, a) in fastByID where slowByID[id] != nil && slowByID[id] != a {
                Issue.record("seed \(seed) \(id): fast \(a) reference \(slowByID[id]!)")
            }
        }
    }

    @Test(arguments: 0..<200)
    func singleItemAttributesAgreeWithReference(seed: Int) throws {
        let scenario = RandomScenario(seed: UInt64(seed) &+ 10_000)
        let layout = try scenario.layout()
        let reference = scenario.reference.compute(scenario.presentation, contentOffset: scenario.contentOffset)
        for (s, section) in scenario.sections.enumerated() {
            for k in 0..<section.count {
                let ip = ItemPath(section: s, item: k)
                let fast = layout.attributes(for: ip, presentation: scenario.presentation)
                #expect(fast == reference.cells[ip], "seed \(seed + 10_000) \(ip)")
            }
        }
        // Every element the reference makes is found by identity too.
        for a in reference.all {
            let found = layout.attributes(for: a.id, presentation: scenario.presentation,
                                          contentOffset: scenario.contentOffset)
            #expect(found == a, "seed \(seed + 10_000) \(a.id)")
        }
    }

    /// The hit a renderer would compute from the reference's attributes:
    /// the topmost hittable element containing the point, then the control
    /// inside a cell.
    static func referenceHit(_ all: [LayoutAttributes], _ p: Point) -> HitTarget? {
        let hittable = all.filter { a in
            guard a.frame.contains(p), !a.isHidden, !a.kind.isDecoration else { return false }
            if case .dragProxy = a.kind { return false }
            return true
        }
        guard let top = hittable.max(by: { $0.zIndex < $1.zIndex }) else { return nil }
        let ip = top.indexPath ?? ItemPath(section: -1, item: -1)
        switch top.kind {
        case .globalHeader: return .globalHeader
        case .header: return .header(section: ip.section)
        case .footer: return .footer(section: ip.section)
        case .placeholder: return .placeholder(ip)
        case .action(let index): return top.swipe.map { .action(ip, id: $0.actions[index].id) }
        case .menu: return .menu(ip)
        case .menuEntry: return top.menuEntry.map { .menuEntry(ip, id: $0.id) }
        case .cell:
            let c = top.editingControls
            if let r = c?.deleteConfirmation, r.contains(p) { return .deleteConfirmation(ip) }
            if let r = c?.deleteControl, r.contains(p) { return .deleteControl(ip) }
            if let r = c?.gripper, r.contains(p) { return .gripper(ip) }
            return .cell(ip)
        case .sectionBackground, .rowSeparator, .columnSeparator, .dragProxy, .supplementary, .decoration: return nil
        }
    }

    @Test(arguments: 0..<150)
    func hitTestsAgreeWithReference(seed: Int) throws {
        let scenario = RandomScenario(seed: UInt64(seed) &+ 60_000)
        let layout = try scenario.layout()
        let all = scenario.reference.compute(scenario.presentation, contentOffset: scenario.contentOffset).all
        let height = layout.contentSize(for: scenario.presentation).height
        var g = SeededGenerator(seed: UInt64(seed))
        // Random points, and points on the edges of elements (where probes go wrong).
        var points = (0..<40).map { _ in Point(x: g.half(-5, scenario.viewport.width + 5), y: g.half(-5, height + 5)) }
        for a in all.shuffled(using: &g).prefix(20) {
            points.append(a.frame.origin)
            points.append(Point(x: a.frame.maxX, y: a.frame.midY))
        }
        for p in points {
            let fast = layout.hitTest(p, presentation: scenario.presentation, contentOffset: scenario.contentOffset)
            #expect(fast == Self.referenceHit(all, p), "seed \(seed + 60_000) point \(p)")
        }
    }

    @Test(arguments: 0..<200)
    func dropTargetUnderTheGapIsTheTarget(seed: Int) throws {
        let scenario = RandomScenario(seed: UInt64(seed) &+ 20_000)
        guard let drag = scenario.presentation.drag else { return }
        let layout = try scenario.layout()
        guard let gap = layout.attributes(for: ElementID(kind: .placeholder, indexPath: drag.target),
                                          presentation: scenario.presentation),
              gap.frame.height > 0 else { return }
        #expect(layout.dropTarget(at: gap.frame.center, presentation: scenario.presentation) == drag.target,
                "seed \(seed + 20_000)")
    }
}
