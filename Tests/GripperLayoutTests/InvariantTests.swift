import GripperGeometry
@testable import GripperLayout
import GripperScripting
import GripperTesting
import Testing
@_spi(Benchmarks) import GripperLayout

/// Invariants over seeded random layouts and presentations.
@Suite struct InvariantTests {
    @Test(arguments: 0..<300)
    func invariantsHold(seed: Int) throws {
        let scenario = RandomScenario(seed: UInt64(seed) &+ 30_000)
        let layout = try scenario.layout()
        let p = scenario.presentation
        let size = layout.contentSize(for: p)
        let all = layout.attributes(in: Rect(x: -1, y: -1, width: size.width + 2, height: size.height + 2),
                                    presentation: p, contentOffset: scenario.contentOffset)
        let tag = "seed \(seed + 30_000)"

        // No two visible cells (or a cell and the gap) overlap.
        let slots = all.filter { a in
            switch a.kind {
            case .cell, .placeholder: !a.isHidden
            case .header, .footer, .globalHeader, .sectionBackground, .rowSeparator, .columnSeparator, .dragProxy,
                 .action, .menu, .menuEntry, .supplementary, .decoration: false
            }
        }.sorted { $0.frame.minY < $1.frame.minY }
        for (i, a) in slots.enumerated() {
            for b in slots[(i + 1)...] {
                if b.frame.minY >= a.frame.maxY { break }
                // Columns are placed by multiplication: neighbours may touch within an ulp.
                #expect(!a.frame.inset(left: 1e-9, right: 1e-9).intersects(b.frame), "\(tag): \(a.id) overlaps \(b.id)")
            }
        }

        // Exactly one placeholder and one proxy while dragging, none otherwise.
        let placeholders = all.filter { $0.kind == .placeholder }
        let proxies = layout.attributes(in: Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6), presentation: p,
                                        contentOffset: scenario.contentOffset).filter { $0.kind == .dragProxy }
        if let drag = p.drag {
            #expect(placeholders.count == 1, "\(tag)")
            #expect(placeholders.first?.indexPath == drag.target, "\(tag)")
            #expect(proxies.count == 1 && proxies.first!.zIndex > all.map(\.zIndex).filter { $0 < ZIndex.dragProxy }.max() ?? 0, "\(tag)")
            // The hidden source is never returned as visible.
            #expect(!all.contains { $0.kind == .cell && $0.indexPath == drag.source }, "\(tag)")
            let hidden = layout.attributes(for: drag.source, presentation: p)
            #expect(hidden?.isHidden == true && hidden?.alpha == 0, "\(tag)")
            #expect(hidden?.frame == placeholders.first?.frame, "\(tag)")
        } else {
            #expect(placeholders.isEmpty && proxies.isEmpty, "\(tag)")
        }
        #expect(!all.contains { $0.isHidden }, "\(tag)")

        // The action pane stays inside its cell; its actions inside the pane.
        for a in all where a.kind == .cell && a.swipe != nil {
            let swipe = a.swipe!
            #expect(swipe.paneFrame.minX >= a.frame.minX - 1e-9 && swipe.paneFrame.maxX <= a.frame.maxX + 1e-9
                    && swipe.paneFrame.minY == a.frame.minY && swipe.paneFrame.height == a.frame.height,
                    "\(tag): pane \(swipe.paneFrame) cell \(a.frame)")
            for action in swipe.actions {
                #expect(action.frame.minX >= swipe.paneFrame.minX - 1e-9
                        && action.frame.maxX <= swipe.paneFrame.maxX + 1e-9, "\(tag): \(action.id)")
            }
            let total = swipe.actions.reduce(0) { $0 + $1.frame.width }
            #expect(swipe.actions.isEmpty || abs(total - swipe.paneFrame.width) < 1e-9, "\(tag)")
            #expect(abs(swipe.contentOffset) <= a.frame.width, "\(tag)")
        }

        // Every item but the dragged source has exactly one visible cell.
        let visibleCells = all.filter { $0.kind == .cell }.count
        let expected = layout.numberOfItems - (p.drag == nil ? 0 : 1)
        #expect(visibleCells == expected, "\(tag)")
    }

    @Test(arguments: 0..<100)
    func gapMovesNeverChangeTheItemsOutsideTheStretch(seed: Int) throws {
        // With fixed row heights every item outside source…target keeps its frame.
        var g = SeededGenerator(seed: UInt64(seed))
        let count = g.int(2...60)
        let layout = try GridLayout(sections: [SectionContent(count: count)],
                                    metrics: LayoutMetrics(columns: g.int(1...3), rowHeight: 40, lineSpacing: 2),
                                    viewport: Size(width: 390, height: 844))
        let source = g.int(0...(count - 1)), target = g.int(0...(count - 1))
        let p = LayoutPresentation(drag: DragState(source: ItemPath(section: 0, item: source),
                                                   target: ItemPath(section: 0, item: target), proxyCenter: .zero))
        for k in 0..<count where k < min(source, target) || k > max(source, target) {
            let ip = ItemPath(section: 0, item: k)
            #expect(layout.attributes(for: ip, presentation: p)?.frame == layout.attributes(for: ip)?.frame,
                    "seed \(seed) item \(k)")
        }
    }
}
