import GripperEditing
import GripperGeometry
import GripperInput
import GripperLayout

extension Engine {
    /// Reports the measured height of the item at `indexPath` (a
    /// self-sizing cell as it comes on screen; its extent along the scroll
    /// axis, so its width in a horizontal layout) at `time`. Items start
    /// with `LayoutMetrics/estimatedItemHeight` (or the data source's
    /// height) and take each measurement at once. When the item lies wholly
    /// before the viewport's start, the content offset moves by the change,
    /// so the item at the top of the viewport stays put on screen; an item
    /// in or after the viewport moves what follows it. A measurement that
    /// changes nothing produces nothing.
    /// - Throws: ``EngineError/layout(_:)`` for an index path that is not an
    ///   item or a height that is not finite and ≥ 0; nothing changes then.
    /// - Complexity: O(log n) for the item's rows (plus O(sections) to move
    ///   the later sections), independent of what is on screen.
    /// - Returns: the transcript entries produced (a `scrolled` entry when
    ///   the offset moved), recorded or not.
    @discardableResult
    public mutating func setMeasuredHeight(_ height: Double, ofItemAt indexPath: ItemPath,
                                           at time: EventTime) throws(EngineError) -> [Transcript.Entry] {
        if origin == nil { origin = time }
        fireDue(until: time)
        let before = layout.attributes(for: indexPath, presentation: presentation)
        let delta: Double
        do { delta = try sync.setExtent(height, of: indexPath) } catch { throw .layout("\(error)") }
        // Wholly before the viewport's start: it ends at or before the top
        // and starts before it (a zero-extent item at the top is on screen).
        if delta != 0, let before, before.frame.maxY <= contentOffset, before.frame.minY < contentOffset {
            let phase = machine.phase
            record(machine.shiftContentOffset(by: delta, geometry: layout), at: time)
            noteTransition(from: phase, at: time)
        }
        return takeOutbox(measured: delta != 0 ? time : nil)
    }

    /// `input` with its points in the layout's scroll space (see
    /// ``LayoutOrientation``): the editing machine works there.
    /// - Complexity: O(1).
    func scrollSpace(_ input: EditingInput) -> EditingInput {
        guard !orientation.isIdentity else { return input }
        let o = orientation, v = viewportSize
        func pan(_ p: EditingInput.Pan) -> EditingInput.Pan {
            EditingInput.Pan(location: o.scrollPoint(p.location, viewport: v),
                             translation: o.scrollVector(p.translation), velocity: o.scrollVector(p.velocity))
        }
        switch input {
        case .touchDown(let p): return .touchDown(o.scrollPoint(p, viewport: v))
        case .tap(let p): return .tap(o.scrollPoint(p, viewport: v))
        case .longPress(let p): return .longPress(o.scrollPoint(p, viewport: v))
        case .secondTap(let p): return .secondTap(o.scrollPoint(p, viewport: v))
        case .contactMoved(let p): return .contactMoved(o.scrollPoint(p, viewport: v))
        case .contactLifted(let p): return .contactLifted(o.scrollPoint(p, viewport: v))
        case .panBegan(let p): return .panBegan(pan(p))
        case .panChanged(let p): return .panChanged(pan(p))
        case .panEnded(let p): return .panEnded(pan(p))
        case .contactCancelled, .secondContact, .scroll, .tick, .setEditing, .deleteSelected, .reload, .deviceLost,
             .undo, .redo:
            return input
        }
    }
}
