@_spi(Benchmarks) import GripperEditing
import GripperGeometry
import GripperLayout

/// An element an app makes a view for, by identity: an item's cell, a
/// section's header or footer, the global header. An item keeps its
/// identity when an edit renumbers it, so a cell that moves is not one that
/// went and came.
public enum DisplayedElement: Hashable, Sendable, CustomStringConvertible {
    /// An item's cell (a dragged item counts as shown while it is carried).
    case item(ItemID)
    /// A section's header.
    case header(SectionID)
    /// A section's footer.
    case footer(SectionID)
    /// The header above all sections.
    case globalHeader
    /// An element of a kind an app's own layout defines
    /// (``/GripperLayout/ElementKind/supplementary(_:)``): the kind's
    /// name, its section and the app's index of it there.
    case supplementary(String, section: SectionID, index: Int)

    /// `item i3`, `header inbox`, `footer inbox`, `globalHeader`, `badge inbox 2`.
    public var description: String {
        switch self {
        case .item(let id): "item \(id)"
        case .header(let id): "header \(id)"
        case .footer(let id): "footer \(id)"
        case .globalHeader: "globalHeader"
        case .supplementary(let kind, let section, let index): "\(kind) \(section) \(index)"
        }
    }
}

/// What came onto the screen and what left it between two calls of
/// ``Engine/takeDisplayChanges()`` (UIKit's `willDisplay` and
/// `didEndDisplaying`): an app makes views for the one and recycles the
/// other's, or starts and cancels the loads behind them.
public struct DisplayChanges: Hashable, Sendable {
    /// Came into the viewport, in layout order.
    public var appeared: [DisplayedElement]
    /// Went out of it (scrolled away, deleted, its section gone), in the
    /// order they were shown.
    public var disappeared: [DisplayedElement]

    /// Nothing came or went.
    public var isEmpty: Bool { appeared.isEmpty && disappeared.isEmpty }
}

extension Engine {
    /// The elements on screen now, by identity and in layout order: the
    /// cells, headers and footers the viewport shows (pinned ones
    /// included), an app's own layout's supplementary elements, and the
    /// items a drag carries.
    /// - Complexity: O(log n + k) for the k elements on screen.
    public var displayedElements: [DisplayedElement] {
        let model = self.model
        let shown = presentation
        let scrollViewport = orientation.scrollSize(viewportSize)
        let rect = Rect(x: 0, y: contentOffset, width: scrollViewport.width, height: scrollViewport.height)
        var out: [DisplayedElement] = []
        var seen: Set<DisplayedElement> = []
        func add(_ e: DisplayedElement) { if seen.insert(e).inserted { out.append(e) } }
        for a in layout.attributes(in: rect, presentation: shown, contentOffset: contentOffset) {
            switch a.kind {
            case .cell:
                if let p = a.indexPath, let id = model.item(at: p) { add(.item(id)) }
            case .header:
                if let s = a.indexPath?.section, model.sections.indices.contains(s) { add(.header(model.sections[s].id)) }
            case .footer:
                if let s = a.indexPath?.section, model.sections.indices.contains(s) { add(.footer(model.sections[s].id)) }
            case .globalHeader:
                add(.globalHeader)
            case .supplementary(let kind):
                if let p = a.indexPath, model.sections.indices.contains(p.section) {
                    add(.supplementary(kind, section: model.sections[p.section].id, index: p.item))
                }
            case .sectionBackground, .rowSeparator, .columnSeparator, .placeholder, .dragProxy, .action, .menu, .menuEntry,
                 .decoration:
                continue
            }
        }
        for id in machine.draggedItems { add(.item(id)) }
        return out
    }

    /// What came onto the screen and what left it since the last call —
    /// scrolled in or out, inserted, deleted, a resize, a layout change —
    /// by identity (an item an edit renumbers, or a drag carries, stays);
    /// the first call reports everything on screen as appearing. A pull: the
    /// engine keeps only what the last call found, and an app that never
    /// asks pays nothing. Call it once per drawn frame.
    ///
    /// ```swift
    /// let changes = engine.takeDisplayChanges()
    /// for case .item(let id) in changes.appeared { thumbnails.startLoading(id) }
    /// for case .item(let id) in changes.disappeared { thumbnails.cancel(id) }
    /// ```
    /// - Complexity: O(log n + k) for the k elements on screen.
    public mutating func takeDisplayChanges() -> DisplayChanges {
        let now = displayedElements
        let changes = displayChanges(to: now)
        displayed = now
        return changes
    }

    /// What ``takeDisplayChanges()`` would say were `now` on screen, without
    /// taking it (a caller whose buffer may be too small takes it with
    /// ``markDisplayed(_:)`` once it has room).
    /// - Complexity: O(k) for the k elements before and now.
    package func displayChanges(to now: [DisplayedElement]) -> DisplayChanges {
        let before = Set(displayed), after = Set(now)
        return DisplayChanges(appeared: now.filter { !before.contains($0) },
                              disappeared: displayed.filter { !after.contains($0) })
    }

    /// Takes `now` as what is on screen (the next changes count from it).
    package mutating func markDisplayed(_ now: [DisplayedElement]) {
        displayed = now
    }
}
