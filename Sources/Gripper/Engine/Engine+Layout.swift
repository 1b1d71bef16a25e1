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
        let changed = try measureHeightNow(height, of: indexPath, at: time)
        return takeOutbox(measured: changed ? time : nil)
    }

    /// A measured item height, the deadlines before it fired; true when
    /// it changed the layout.
    private mutating func measureHeightNow(_ height: Double, of indexPath: ItemPath,
                                           at time: EventTime) throws(EngineError) -> Bool {
        let before = layout.attributes(for: indexPath, presentation: presentation)
        let delta: Double
        do { delta = try sync.setExtent(height, of: indexPath) } catch { throw .layout("\(error)") }
        // Wholly before the viewport's start: it ends at or before the top
        // and starts before it (a zero-extent item at the top is on screen).
        if delta != 0, let before, before.frame.maxY <= contentOffset, before.frame.minY < contentOffset {
            transact(at: time) { $2 = $0.shiftContentOffset(by: delta, geometry: $1) }
        }
        return delta != 0
    }

    /// A measurement from a track (a scene's `measure` stimulus), the
    /// deadlines before it fired: as the `setMeasured…` calls, with a
    /// refusal recorded as a `rejected` entry.
    mutating func measureDue(_ measurement: Measurement, at time: EventTime) {
        do {
            switch measurement {
            case .item(let p, nil, let height?): _ = try measureHeightNow(height, of: p, at: time)
            case .item(let p, let width, let height): _ = try measureItemNow(height: height, width: width, of: p, at: time)
            case .supplementary(let kind, let section, let height):
                _ = try measureSupplementaryNow(height, of: kind, inSection: section, at: time)
            }
        } catch {
            appendRejected("measured: \(error)", at: time)
        }
    }

    /// Reports the measured width of the item at `indexPath` (a
    /// self-sizing cell that sizes itself across the scroll axis, such as a
    /// tag chip whose text decides its width; its height in a horizontal
    /// layout) at `time`. The flow layout wraps the item's section again
    /// from the item's line on (a width wider than the line takes a line
    /// of its own, the line's width); the grid and a placement layout keep
    /// their widths (a column's, a slot's): there the width is checked and
    /// ignored. The first visible item stays where it is on screen (so an
    /// item before the viewport moves nothing on screen); a drag in flight
    /// goes on, its gap placed by the same rules in the new lines. A change
    /// makes one `measured` transition; a measurement that changes nothing
    /// produces nothing.
    /// - Throws: ``EngineError/layout(_:)`` for an index path that is not
    ///   an item or a width that is not finite and from 0 to 2⁴⁰ (or that
    ///   would make the content longer than 2⁵² points); nothing changes then.
    /// - Complexity: in the flow layout, O(n − item) additions for the
    ///   section's width sums plus the items of the lines wrapped again
    ///   (until they fall back into step with the old lines; all of them
    ///   when the line count changes), O(n) the first time in a section of
    ///   items of one size; plus O(log n + k) to keep the first visible
    ///   item in place and O(sections).
    /// - Returns: the transcript entries produced (a `scrolled` entry when
    ///   the offset moved), recorded or not.
    @discardableResult
    public mutating func setMeasuredWidth(_ width: Double, ofItemAt indexPath: ItemPath,
                                          at time: EventTime) throws(EngineError) -> [Transcript.Entry] {
        if origin == nil { origin = time }
        fireDue(until: time)
        let changed = try measureItemNow(height: nil, width: width, of: indexPath, at: time)
        return takeOutbox(measured: changed ? time : nil)
    }

    /// Reports both measured dimensions of the item at `indexPath` at
    /// `time`, in the layout's scroll space (`size.height` along the scroll
    /// axis as in ``setMeasuredHeight(_:ofItemAt:at:)``, `size.width`
    /// across it as in ``setMeasuredWidth(_:ofItemAt:at:)``; a screen size
    /// maps there with ``/GripperLayout/LayoutOrientation/scrollSize(_:)``):
    /// both are taken, or neither, as one change and one `measured`
    /// transition. The first visible item stays where it is on screen.
    /// - Throws: ``EngineError/layout(_:)`` as the two do; nothing changes then.
    /// - Complexity: as ``setMeasuredWidth(_:ofItemAt:at:)``.
    /// - Returns: the transcript entries produced, recorded or not.
    @discardableResult
    public mutating func setMeasuredSize(_ size: Size, ofItemAt indexPath: ItemPath,
                                         at time: EventTime) throws(EngineError) -> [Transcript.Entry] {
        if origin == nil { origin = time }
        fireDue(until: time)
        let changed = try measureItemNow(height: size.height, width: size.width, of: indexPath, at: time)
        return takeOutbox(measured: changed ? time : nil)
    }

    /// Reports the measured height (its extent along the scroll axis) of
    /// section `section`'s header or footer (`kind`: a self-sizing header
    /// whose text wraps) at `time`. The measurement is kept by the
    /// section's identity: it follows the section through batches,
    /// section moves, reloads, resizes and layout changes, until the app
    /// measures again or the section is deleted; it replaces the height the
    /// section's metrics (or the layout's) give, and makes no header appear
    /// where they give none (0 hides one until the next measurement). The
    /// section's extent changes and everything after it moves; pinned
    /// headers keep pinning. When the element lies wholly before the
    /// viewport's start the content offset moves by the change, so what is
    /// on screen stays put. A change makes one `measured` transition; a
    /// measurement that changes nothing produces nothing.
    /// - Throws: ``EngineError/layout(_:)`` for a section that does not
    ///   exist or has no such element, a kind other than
    ///   ``/GripperLayout/ElementKind/header`` and
    ///   ``/GripperLayout/ElementKind/footer``, or a height that is not finite
    ///   and from 0 to 2⁴⁰ (or that would make the content longer than 2⁵²
    ///   points); nothing changes then.
    /// - Complexity: O(log n + sections) in the grid and the flow layout;
    ///   a layout that takes such heights only at a reload (a placement
    ///   layout, an app's own) is reloaded: O(s) for a placement layout.
    /// - Returns: the transcript entries produced, recorded or not.
    @discardableResult
    public mutating func setMeasuredHeight(_ height: Double, of kind: ElementKind, inSection section: Int,
                                           at time: EventTime) throws(EngineError) -> [Transcript.Entry] {
        if origin == nil { origin = time }
        fireDue(until: time)
        let changed = try measureSupplementaryNow(height, of: kind, inSection: section, at: time)
        return takeOutbox(measured: changed ? time : nil)
    }

    /// A measured header or footer height, the deadlines before it fired;
    /// true when it changed the layout.
    private mutating func measureSupplementaryNow(_ height: Double, of kind: ElementKind, inSection section: Int,
                                                  at time: EventTime) throws(EngineError) -> Bool {
        let header: Bool
        switch kind {
        case .header: header = true
        case .footer: header = false
        case .cell, .globalHeader, .sectionBackground, .rowSeparator, .columnSeparator, .placeholder, .dragProxy,
             .action, .menu, .menuEntry, .supplementary, .decoration:
            throw .layout("setMeasuredHeight: \(kind) is not a header or a footer")
        }
        let name = header ? "header" : "footer"
        guard section >= 0, section < model.sections.count else {
            throw .layout("setMeasuredHeight: section \(section) does not exist")
        }
        guard height.isFinite, height >= 0, height <= 0x1p40 else {
            throw .layout("setMeasuredHeight: the \(name)'s height must be a finite number from 0 to 2^40, got \(height)")
        }
        guard sync.estimatedSupplementaryHeight(header: header, of: model.sections[section].id) > 0 else {
            throw .layout("setMeasuredHeight: section \(section) has no \(name)")
        }
        // Where the element ends on screen (at rest, unpinned): content
        // after it moves by the change.
        let id = ElementID(kind: kind, indexPath: ItemPath(section: section, item: 0))
        let unpinned = header ? 0 : layout.contentSize(for: presentation).height
        let end = layout.attributes(for: id, presentation: presentation, contentOffset: unpinned)?.frame.maxY
            ?? layout.itemsFrame(ofSection: section, presentation: presentation).map { header ? $0.minY : $0.maxY }
        let delta: Double
        do {
            delta = try sync.setSupplementaryHeight(height, header: header, section: section, model: model)
        } catch {
            throw .layout("\(error)")
        }
        if delta != 0, let end, end <= contentOffset {
            transact(at: time) { $2 = $0.shiftContentOffset(by: delta, geometry: $1) }
        }
        return delta != 0
    }

    /// A measured width and/or height, the deadlines before it fired:
    /// applied whole or not at all, the first visible item kept in place;
    /// true when it changed the layout.
    private mutating func measureItemNow(height: Double?, width: Double?, of indexPath: ItemPath,
                                         at time: EventTime) throws(EngineError) -> Bool {
        guard indexPath.section >= 0, indexPath.section < layout.numberOfSections, indexPath.item >= 0,
              indexPath.item < layout.numberOfItems(inSection: indexPath.section) else {
            throw .layout("setMeasuredSize: no item at \(Transcript.path(indexPath))")
        }
        let anchor = firstVisibleItem()
        let before = layout.attributes(for: indexPath, presentation: presentation)
        let delta: Double
        do { delta = try sync.setExtents(height, crossExtent: width, of: indexPath) } catch { throw .layout("\(error)") }
        let after = layout.attributes(for: indexPath, presentation: presentation)
        let changed = delta != 0 || before?.frame != after?.frame
        if changed, let anchor, let frame = layout.attributes(for: anchor.indexPath, presentation: presentation)?.frame {
            let shift = frame.minY - anchor.fromTop - contentOffset
            if shift != 0 { transact(at: time) { $2 = $0.shiftContentOffset(by: shift, geometry: $1) } }
        }
        return changed
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
