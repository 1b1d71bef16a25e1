import GripperGeometry

/// A flow layout seen through one presentation: the drag resolved into the
/// presented views of the (at most two) sections it touches, and the
/// section tops shifted by their extent changes. Built once per query.
struct FlowContext: StackedSectionsContext {
    struct Drag {
        let source: ItemPath
        let target: ItemPath
        let size: Size
        let proxyFrame: Rect
        let sourceView: FlowView
        let targetView: FlowView
        let sourceDelta: Double
        let targetDelta: Double
    }

    let layout: FlowLayout
    let presentation: LayoutPresentation
    let drag: Drag?

    init(_ layout: FlowLayout, _ presentation: LayoutPresentation) {
        self.layout = layout
        self.presentation = presentation
        drag = presentation.drag.flatMap { Self.resolve($0, in: layout) }
    }

    /// Checks a drag against the layout; an impossible one is ignored.
    private static func resolve(_ d: DragState, in layout: FlowLayout) -> Drag? {
        guard layout.isValid(d.source), layout.sections.indices.contains(d.target.section) else { return nil }
        let s = d.source.section, t = d.target.section
        let source = layout.sections[s]
        let size = Size(width: source.width(d.source.item), height: source.height(d.source.item))
        let proxy = Rect(x: d.proxyCenter.x - size.width / 2, y: d.proxyCenter.y - size.height / 2,
                         width: size.width, height: size.height)
        func delta(_ view: FlowView, _ section: Int) -> Double {
            FlowLayout.sectionHeight(layout.sections[section], itemsHeight: view.itemsHeight) - layout.sectionHeights[section]
        }
        if s == t {
            guard d.target.item >= 0, d.target.item < source.count else { return nil }
            let view = FlowView(source, removed: d.source.item, placeholder: d.target.item, placeholderSize: size)
            return Drag(source: d.source, target: d.target, size: size, proxyFrame: proxy, sourceView: view,
                        targetView: view, sourceDelta: 0, targetDelta: delta(view, s))
        }
        guard d.target.item >= 0, d.target.item <= layout.sections[t].count else { return nil }
        let sv = FlowView(source, removed: d.source.item)
        let tv = FlowView(layout.sections[t], placeholder: d.target.item, placeholderSize: size)
        return Drag(source: d.source, target: d.target, size: size, proxyFrame: proxy, sourceView: sv, targetView: tv,
                    sourceDelta: delta(sv, s), targetDelta: delta(tv, t))
    }

    /// How many items the drag carries (0 with no drag).
    var itemCount: Int { drag == nil ? 0 : presentation.drag?.itemCount ?? 0 }

    func view(_ section: Int) -> FlowView {
        if let drag {
            if section == drag.target.section { return drag.targetView }
            if section == drag.source.section { return drag.sourceView }
        }
        return FlowView(layout.sections[section])
    }

    // MARK: DraggedSections (sectionTop, sectionHeight, firstSection)

    var sectionCount: Int { layout.sections.count }
    func restingTop(_ section: Int) -> Double { layout.sectionTops[section] }
    func restingHeight(_ section: Int) -> Double { layout.sectionHeights[section] }
    var sectionShift: (source: Int, sourceDelta: Double, target: Int, targetDelta: Double)? {
        drag.map { ($0.source.section, $0.sourceDelta, $0.target.section, $0.targetDelta) }
    }

    var dragEnds: (source: ItemPath, target: ItemPath, proxyFrame: Rect)? {
        drag.map { ($0.source, $0.target, $0.proxyFrame) }
    }

    /// The frame of the gap, content coordinates.
    /// - Complexity: O(log n).
    var gapFrame: Rect? {
        guard let drag else { return nil }
        let view = drag.targetView
        guard let at = view.locate(position: drag.target.item) else { return nil }
        return view.frame(position: drag.target.item, in: view.line(run: at.run, at.line))
            .offsetBy(itemsOrigin(drag.target.section))
    }

    /// The top-left of `section`'s items area.
    func itemsOrigin(_ section: Int) -> Point {
        let m = layout.sections[section].metrics
        return Point(x: m.insets.left, y: sectionTop(section) + m.header.space + m.insets.top)
    }
}
