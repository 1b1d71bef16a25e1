@_spi(Benchmarks) import GripperEditing
import GripperGeometry
@_spi(Benchmarks) import GripperLayout

extension Engine {
    /// Changes the layout while the user watches: another of the shipped
    /// layouts (grid ↔ flow; a grid of one column is a list), new metrics
    /// (columns, adaptive columns, row height, spacing, insets, headers,
    /// the scroll axis …), or both, as one step:
    ///
    /// - the model, the journal, the selection, the focus and batch
    ///   editing do not change; the first visible item stays where it was
    ///   on screen (as for ``resizeViewport(to:at:)``), the offset clamped
    ///   to the new content;
    /// - what is in flight goes on in the new layout: a drag follows its
    ///   contact (its gap moves to the slot under it), a keyboard move's
    ///   proxy goes to its gap, a scroll keeps its finger, an open cell
    ///   stays open when it still has room for its actions and shuts
    ///   otherwise (`swipeShut`);
    /// - an engine that makes transitions makes one (`layoutChanged`),
    ///   every element going from where it was to where it is now.
    ///
    /// Written as a `stimulus layout …` line naming the fields the change
    /// gives. A grid that stays a grid keeps its measured heights; a switch
    /// to another layout lays the items out from the data source again
    /// (heights it gives, else the estimate or the row height).
    ///
    /// While an app's ``/GripperLayout/PlacementLayout`` is shown, a change
    /// without a kind lays its placement out anew with the new metrics.
    ///
    /// A change the new layout refuses (columns that do not fit the
    /// viewport, a negative or non-finite value, metrics without a kind for
    /// an app's whole layout of its own) is a `rejected` entry, and nothing
    /// changes.
    /// - Complexity: O(s) for s sections of fixed row height in a grid
    ///   (O(n) with item heights, or a switch to a flow layout), plus what
    ///   is on screen.
    /// - Returns: the transcript entries produced, recorded or not.
    @discardableResult
    public mutating func changeLayout(_ change: LayoutChange, at time: EventTime) -> [Transcript.Entry] {
        apply(.changeLayout(change), at: time)
    }

    /// Switches to `layout` while the user watches: an app's own layout
    /// (a ``/GripperLayout/PlacementLayout`` with the app's placement, or a
    /// whole ``/GripperLayout/CollectionLayout`` of the app's), or one it made itself. As
    /// ``changeLayout(_:at:)`` does, in one step: the model, the journal,
    /// the selection, the focus and batch editing stay; the first visible
    /// item stays where it was on screen; what is in flight goes on in the
    /// new layout (a drag's gap moves to the slot under its contact, an
    /// open cell that no longer has room for its actions shuts); an engine
    /// that makes transitions makes one (`layoutChanged`). The engine lays
    /// the model out in `layout` (its ``/GripperLayout/CollectionLayout/reload(_:)``).
    ///
    /// Written as a `layoutSet` entry naming the layout's type (a
    /// placement layout's with its placement's: `PlacementLayout<Ring>`). A layout
    /// whose viewport is not the engine's (in scroll space), or that refuses
    /// the model, is a `rejected` entry, and nothing changes. `metrics`
    /// (nil: the engine's) are what a later ``changeLayout(_:at:)`` starts
    /// from; give the ones `layout` was made with.
    /// - Complexity: as `layout`'s reload, plus what is on screen.
    /// - Returns: the transcript entries produced, recorded or not.
    @discardableResult
    public mutating func setLayout(_ layout: some CollectionLayout, metrics newMetrics: LayoutMetrics? = nil,
                                   at time: EventTime) -> [Transcript.Entry] {
        if origin == nil { origin = time }
        fireDue(until: time)
        if now.map({ time > $0 }) ?? true { now = time }
        let metrics = newMetrics ?? self.metrics
        let expected = metrics.orientation.scrollSize(viewportSize)
        guard layout.viewport == expected, layout.orientation == metrics.orientation else {
            appendRejected("layout: the layout's viewport \(layout.viewport) is not the engine's \(expected) in scroll space, "
                           + "or its orientation is not the metrics'", at: time)
            return takeOutbox()
        }
        let anchor = firstVisibleItem()
        do {
            try sync.replace(with: layout, metrics: metrics, model: machine.model)
        } catch {
            appendRejected("layout: \(error)", at: time)
            return takeOutbox()
        }
        append(.layoutSet(Self.layoutName(layout)), at: time)
        self.metrics = metrics
        orientation = metrics.orientation
        settleRelaidOut(keeping: anchor, at: time)
        return takeOutbox()
    }

    /// `layout`'s name in the transcript: its type, a placement layout's
    /// with its placement's (`PlacementLayout<Ring>`), the app's own type.
    static func layoutName(_ layout: any CollectionLayout) -> String {
        (layout as? PlacementLayout).map { "PlacementLayout<\(type(of: $0.placement))>" }
            ?? String(describing: type(of: layout))
    }

    /// What makes the layout `change` asks for from its metrics: a shipped
    /// layout of its kind (or of the kind shown), or, with no kind while an
    /// app's `PlacementLayout` is shown, that placement laid out anew; nil
    /// for an app's whole `CollectionLayout`, which takes no metrics.
    /// - Complexity: O(1); making the layout costs what its kind's does.
    func layoutMaker(for change: LayoutChange) -> ((LayoutMetrics) throws -> any CollectionLayout)? {
        let viewport = viewportSize
        if let kind = change.kind ?? layoutKind {
            return { try kind.make(metrics: $0, viewport: viewport) }
        }
        guard let placed = layout as? PlacementLayout else { return nil }
        let placement = placed.placement
        return { try PlacementLayout(placement: placement, metrics: $0, viewport: $0.orientation.scrollSize(viewport)) }
    }

    /// The shipped layout the engine lays out with, or nil for an app's own.
    /// - Complexity: O(1).
    public var layoutKind: LayoutKind? {
        switch layout {
        case is GridLayout: .grid
        case is FlowLayout: .flow
        default: nil
        }
    }

    /// Applies a layout change, the deadlines before it fired, keeping
    /// `keeping` where it is on screen (by default the first visible item).
    mutating func changeLayoutDue(_ change: LayoutChange, at time: EventTime,
                                  keeping: (indexPath: ItemPath, fromTop: Double)?? = nil) {
        let newMetrics = change.applied(to: metrics)
        guard let fresh = layoutMaker(for: change) else {
            appendRejected("layout: the app's own layout takes no metrics from a change; give a kind", at: time)
            return
        }
        let anchor = keeping ?? firstVisibleItem()
        do {
            let made = try fresh(newMetrics)
            try sync.replace(with: made, metrics: newMetrics, model: machine.model)
        } catch {
            appendRejected("layout: \(error)", at: time)
            return
        }
        metrics = newMetrics
        orientation = newMetrics.orientation
        settleRelaidOut(keeping: anchor, at: time)
    }
}
