import GripperGeometry

/// A layout seen through one presentation: the drag resolved into slot
/// arrangements of the (at most two) sections it touches, and section tops
/// shifted by their height changes. Built in O(log n) per query.
struct QueryContext: DraggedSections {
    /// A drag checked against the layout; a class, so the context and its
    /// copies share it instead of copying the two sections' geometry.
    final class Drag {
        let source: ItemPath
        let target: ItemPath
        let sourceArrangement: SlotArrangement
        let targetArrangement: SlotArrangement
        /// The dragged item's height.
        let height: Double
        let proxyFrame: Rect
        /// Height change of the source section (0 when source and target share it).
        let sourceDelta: Double
        /// Height change of the target section.
        let targetDelta: Double
        /// The two sections' geometry, measured once per query.
        let sourceView: SectionView
        let targetView: SectionView

        init(source: ItemPath, target: ItemPath, sourceArrangement: SlotArrangement,
             targetArrangement: SlotArrangement, height: Double, proxyFrame: Rect, sourceDelta: Double,
             targetDelta: Double, sourceView: SectionView, targetView: SectionView) {
            self.source = source
            self.target = target
            self.sourceArrangement = sourceArrangement
            self.targetArrangement = targetArrangement
            self.height = height
            self.proxyFrame = proxyFrame
            self.sourceDelta = sourceDelta
            self.targetDelta = targetDelta
            self.sourceView = sourceView
            self.targetView = targetView
        }
    }

    let layout: GridLayout
    let presentation: LayoutPresentation
    let drag: Drag?

    init(_ layout: GridLayout, _ presentation: LayoutPresentation) {
        self.layout = layout
        self.presentation = presentation
        self.drag = presentation.drag.flatMap { Self.resolve($0, in: layout) }
    }

    /// Checks a drag against the layout; an impossible drag (out of range)
    /// is ignored, as if no drag were in progress.
    private static func resolve(_ drag: DragState, in layout: GridLayout) -> Drag? {
        guard layout.isValid(drag.source), layout.sections.indices.contains(drag.target.section) else { return nil }
        let sourceStore = layout.sections[drag.source.section]
        let height = sourceStore.heights?.values[drag.source.item] ?? sourceStore.metrics.rowHeight
        let proxySize = Size(width: sourceStore.metrics.cellWidth, height: height)
        let proxy = Rect(x: drag.proxyCenter.x - proxySize.width / 2, y: drag.proxyCenter.y - proxySize.height / 2,
                         width: proxySize.width, height: proxySize.height)
        let s = drag.source.section, t = drag.target.section
        let group = layout.groupGap != nil
        let gapHeight = group ? layout.gapHeight(inSection: t, itemHeight: height) : height
        if s == t {
            guard drag.target.item >= 0, drag.target.item < sourceStore.count else { return nil }
            let a = SlotArrangement.within(count: sourceStore.count, source: drag.source.item, target: drag.target.item)
            let view = layout.view(section: s, arrangement: a, placeholderHeight: gapHeight, groupGap: group)
            let delta = sourceStore.heights == nil && view.gapExtra == 0
                ? 0 : GridLayout.sectionHeight(view) - layout.sectionHeights[s]
            return Drag(source: drag.source, target: drag.target, sourceArrangement: a, targetArrangement: a,
                        height: height, proxyFrame: proxy, sourceDelta: 0, targetDelta: delta,
                        sourceView: view, targetView: view)
        }
        let targetCount = layout.sections[t].count
        guard drag.target.item >= 0, drag.target.item <= targetCount else { return nil }
        let sa = SlotArrangement.leaving(count: sourceStore.count, source: drag.source.item)
        let ta = SlotArrangement.entering(count: targetCount, target: drag.target.item)
        let sourceView = layout.view(section: s, arrangement: sa, placeholderHeight: height)
        let targetView = layout.view(section: t, arrangement: ta, placeholderHeight: gapHeight, groupGap: group)
        return Drag(source: drag.source, target: drag.target, sourceArrangement: sa, targetArrangement: ta,
                    height: height, proxyFrame: proxy,
                    sourceDelta: GridLayout.sectionHeight(sourceView) - layout.sectionHeights[s],
                    targetDelta: GridLayout.sectionHeight(targetView) - layout.sectionHeights[t],
                    sourceView: sourceView, targetView: targetView)
    }

    /// How many items the drag carries (0 with no drag).
    var itemCount: Int {
        guard drag != nil, let d = presentation.drag else { return 0 }
        return layout.groupGap?.count ?? d.itemCount
    }

    /// The slot arrangement of `section`.
    @inline(__always) func arrangement(_ section: Int) -> SlotArrangement {
        if let drag {
            if section == drag.target.section { return drag.targetArrangement }
            if section == drag.source.section { return drag.sourceArrangement }
        }
        return .resting(count: layout.sections[section].count)
    }

    /// The geometry of `section`.
    func view(_ section: Int) -> SectionView {
        if let drag {
            if section == drag.target.section { return drag.targetView }
            if section == drag.source.section { return drag.sourceView }
        }
        return layout.view(section: section, arrangement: .resting(count: layout.sections[section].count))
    }

    // MARK: DraggedSections (sectionTop, sectionHeight, firstSection)

    var sectionCount: Int { layout.sections.count }
    func restingTop(_ section: Int) -> Double { layout.sectionTops[section] }
    func restingHeight(_ section: Int) -> Double { layout.sectionHeights[section] }
    var sectionShift: (source: Int, sourceDelta: Double, target: Int, targetDelta: Double)? {
        drag.map { ($0.source.section, $0.sourceDelta, $0.target.section, $0.targetDelta) }
    }
}
