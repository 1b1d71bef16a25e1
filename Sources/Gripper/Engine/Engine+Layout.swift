@_spi(Benchmarks) import GripperEditing
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
            transact(at: time) { $2 = $0.shiftContentOffset(by: delta, geometry: $1) }
        }
        return takeOutbox(measured: delta != 0 ? time : nil)
    }

    /// `input` with its points in the layout's scroll space (see
    /// ``LayoutOrientation``): the editing machine works there.
    /// - Complexity: O(1).
    func scrollSpace(_ input: EditingInput) -> EditingInput {
        guard !orientation.isIdentity, case .contact(let contact) = input else { return input }
        let o = orientation, v = viewportSize
        func pan(_ p: ContactInput.Pan) -> ContactInput.Pan {
            ContactInput.Pan(location: o.scrollPoint(p.location, viewport: v),
                             translation: o.scrollVector(p.translation), velocity: o.scrollVector(p.velocity))
        }
        switch contact {
        case .touchDown(let p): return .contact(.touchDown(o.scrollPoint(p, viewport: v)))
        case .tap(let p): return .contact(.tap(o.scrollPoint(p, viewport: v)))
        case .longPress(let p): return .contact(.longPress(o.scrollPoint(p, viewport: v)))
        case .secondTap(let p): return .contact(.secondTap(o.scrollPoint(p, viewport: v)))
        case .contactMoved(let p): return .contact(.contactMoved(o.scrollPoint(p, viewport: v)))
        case .contactLifted(let p): return .contact(.contactLifted(o.scrollPoint(p, viewport: v)))
        case .panBegan(let p): return .contact(.panBegan(pan(p)))
        case .panChanged(let p): return .contact(.panChanged(pan(p)))
        case .panEnded(let p): return .contact(.panEnded(pan(p)))
        case .secondContact, .scroll, .tick:
            return input
        }
    }
}
