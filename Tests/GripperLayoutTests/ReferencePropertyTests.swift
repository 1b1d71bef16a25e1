import GripperGeometry
@testable import GripperLayout
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
        let scenario = RandomScenario(seed: UInt64(seed))
        let layout = try scenario.layout()
        let reference = scenario.reference.compute(scenario.presentation, contentOffset: scenario.contentOffset)
        let size = layout.contentSize(for: scenario.presentation)
        #expect(size.height == reference.contentHeight, "seed \(seed)")
        var g = SeededGenerator(seed: UInt64(seed) ^ 0xABCDEF)
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
                let ip = IndexPath(section: s, item: k)
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
