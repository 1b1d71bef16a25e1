@_spi(Benchmarks) import GripperEditing
import GripperGeometry
import GripperInput
import GripperLayout

extension Engine {
    /// Scrolls the content because the app asks: to an offset, or to an
    /// item placed at the viewport's top, centre or bottom or the nearest
    /// of them; at once, or animated (an ease-in-out over
    /// `EditingConfiguration/scrollAnimationDuration`, 300 ms, each frame
    /// a deadline; with `makingTransitions`, one ``EngineTransition`` of
    /// cause ``EngineTransition/Cause/scrollAnimation`` says where it goes).
    /// The same as applying ``Stimulus/scroll(_:animated:)``.
    ///
    /// ```swift
    /// engine.scroll(to: .item(ItemPath(section: 0, item: 120), .center), animated: true, at: now)
    /// // 2.000000 stimulus scroll [0,120] center animated
    /// // 2.000000 scrollAnimationBegan from 0.00 to 6412.00
    /// // 2.300000 scrollAnimationSettled at 6412.00
    /// ```
    ///
    /// Refused, with a `rejected` entry and nothing changed, while the
    /// user's finger scrolls or drags an item (the user wins), and for an
    /// item that does not exist or an offset that is not a number. A touch
    /// stops an animated scroll where it is (and is not a tap).
    /// - Complexity: O(log n).
    /// - Returns: the transcript entries produced, recorded or not.
    @discardableResult
    public mutating func scroll(to target: ScrollTarget, animated: Bool, at time: EventTime) -> [Transcript.Entry] {
        apply(.scroll(target, animated: animated), at: time)
    }

    /// The viewport takes a new size (a window resized, a screen rotated):
    /// the content is laid out for it, the first visible item stays where
    /// it was on screen, the offset is clamped to the new range, input maps
    /// onto the new viewport, and what is in flight goes on (a drag's gap
    /// follows in the new geometry, an open cell keeps its side). A fling
    /// or animated scroll under way stops. The same as applying
    /// ``Stimulus/resizeViewport(_:)``.
    ///
    /// A size the layout cannot take (not finite, a width of 0 or less, a
    /// negative height) is refused with a `rejected` entry and nothing changes.
    /// - Complexity: O(s + log n) for s sections with fixed row heights (one
    ///   pass over the sections, the first visible item found by a rect
    ///   query); the layout is rebuilt, O(n), when items have heights of
    ///   their own.
    /// - Returns: the transcript entries produced, recorded or not.
    @discardableResult
    public mutating func resizeViewport(to size: Size, at time: EventTime) -> [Transcript.Entry] {
        apply(.resizeViewport(size), at: time)
    }

    /// Applies a programmatic scroll, the deadlines before it fired.
    mutating func scrollDue(to target: ScrollTarget, animated: Bool, at time: EventTime) {
        guard machine.acceptsProgrammaticScroll else {
            let what = machine.draggedItem != nil ? "dragging an item" : "scrolling"
            appendRejected("scroll: refused while the user is \(what)", at: time)
            return
        }
        guard let offset = scrollOffset(for: target) else {
            appendRejected("scroll: \(target) is not in the content", at: time)
            return
        }
        transact(at: time) { $2 = $0.scrollProgrammatically(to: offset, animated: animated, at: time, geometry: $1) }
    }

    /// Applies a viewport change, the deadlines before it fired.
    mutating func resizeDue(to size: Size, at time: EventTime) {
        guard size.width.isFinite, size.width > 0, size.height.isFinite, size.height >= 0 else {
            appendRejected("resizeViewport: the size must have a finite width > 0 and height ≥ 0, got \(size)", at: time)
            return
        }
        let anchor = firstVisibleItem()
        let old = viewportSize
        do {
            try resizeLayout(to: size)
        } catch {
            appendRejected("resizeViewport: \(error)", at: time)
            return
        }
        // A contact still down is where the new mapping puts it: a
        // touchscreen's spans the new viewport, a pointer stays put (clamped).
        if let c = contactLocation {
            setContactLocation(device.kind == .touchscreen
                ? Point(x: c.x * size.width / old.width, y: old.height > 0 ? c.y * size.height / old.height : 0)
                : pointerLocation)
        }
        settleRelaidOut(keeping: anchor, at: time)
    }

    /// After the layout was laid out anew (a resize, a layout change): the
    /// content offset that keeps `anchor` (``firstVisibleItem()`` before)
    /// where it was on screen, and the editing machine told of the new
    /// geometry in the (maybe new) scroll space, so what is in flight
    /// follows it.
    /// - Complexity: O(log n) for the anchor, plus what the machine does.
    mutating func settleRelaidOut(keeping anchor: (indexPath: ItemPath, fromTop: Double)?, at time: EventTime) {
        var offset = contentOffset
        if let anchor, let frame = layout.attributes(for: anchor.indexPath, presentation: presentation)?.frame {
            offset = frame.minY - anchor.fromTop
        }
        let contact = contactLocation.map { orientation.scrollPoint($0, viewport: viewportSize) }
        let extent = orientation.scrollSize(viewportSize).height
        transact(at: time) {
            $2 = $0.viewportChanged(height: extent, offset: offset, contact: contact, at: time, geometry: $1)
        }
    }

    /// The content offset that shows `target`, or nil when it is not in the content.
    /// - Complexity: O(log n).
    func scrollOffset(for target: ScrollTarget) -> Double? {
        switch target {
        case .offset(let y):
            return y.isFinite ? y : nil
        case .item(let path, let position):
            guard let frame = layout.attributes(for: path, presentation: presentation)?.frame else { return nil }
            let height = orientation.scrollSize(viewportSize).height
            switch position {
            case .top: return frame.minY
            case .center: return frame.midY - height / 2
            case .bottom: return frame.maxY - height
            case .nearest:
                let top = contentOffset
                if frame.minY < top || frame.height > height { return frame.minY }
                if frame.maxY > top + height { return frame.maxY - height }
                return top
            }
        }
    }

    /// The first item visible at the viewport's top (in reading order, of
    /// the cells that reach below the top edge) and how far below the top
    /// its cell starts (negative: partly above it).
    /// - Complexity: O(log n + k) for the k elements across the top edge
    ///   (the whole viewport's only when none crosses it).
    func firstVisibleItem() -> (indexPath: ItemPath, fromTop: Double)? {
        let top = contentOffset
        let shown = presentation
        var best: (indexPath: ItemPath, fromTop: Double)?
        let scrollViewport = orientation.scrollSize(viewportSize)
        for band in [1.0, scrollViewport.height] {
            let rect = Rect(x: 0, y: top, width: scrollViewport.width, height: max(band, 1))
            for a in layout.attributes(in: rect, presentation: shown, contentOffset: top) {
                guard a.kind == .cell, !a.isHidden, let p = a.indexPath, a.frame.maxY > top else { continue }
                if best.map({ p < $0.indexPath }) ?? true { best = (p, a.frame.minY - top) }
            }
            if best != nil { break }
        }
        return best
    }
}
