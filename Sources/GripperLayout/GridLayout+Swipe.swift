import GripperGeometry

extension GridLayout {
    /// The swipe geometry of the cell at `indexPath` for `actions`: the
    /// pane's width at rest, the full-swipe breakpoint and the largest offset.
    /// `nil` for an index path that does not exist.
    /// - Complexity: O(actions).
    public func swipeGeometry(for indexPath: ItemPath, actions: [SwipeAction]) -> SwipeGeometry? {
        guard isValid(indexPath) else { return nil }
        return Self.swipeGeometry(cellWidth: sections[indexPath.section].metrics.cellWidth, actions: actions,
                                  metrics: metrics.swipe)
    }

    /// The action-pane width rule (see ``SwipeMetrics``).
    static func swipeGeometry(cellWidth: Double, actions: [SwipeAction], metrics m: SwipeMetrics) -> SwipeGeometry {
        var widths = actions.map { max(m.minimumActionWidth, m.characterWidth * Double($0.title.count) + 2 * m.actionPadding) }
        let total = widths.reduce(0, +)
        if total > cellWidth, total > 0 {
            let scale = cellWidth / total
            widths = widths.map { $0 * scale }
        }
        let pane = min(total, cellWidth)
        let breakpoint: Double? = m.allowsFullSwipe && !actions.isEmpty
            ? min(cellWidth, max(pane + m.fullSwipeMargin, cellWidth * m.fullSwipeFraction)) : nil
        return SwipeGeometry(paneWidth: pane, fullSwipeBreakpoint: breakpoint, maximumOffset: cellWidth,
                             actionWidths: widths)
    }

    /// The swipe attributes of a cell at `cellFrame` in `column`.
    func swipeAttributes(cellFrame: Rect, column: Int, columns: Int, state: SwipeState) -> SwipeAttributes? {
        guard let edge = state.edge else { return nil }
        let actions = state.revealedActions
        let geometry = Self.swipeGeometry(cellWidth: cellFrame.width, actions: actions, metrics: metrics.swipe)
        let revealed = min(abs(state.offset), cellFrame.width)
        let past = geometry.fullSwipeBreakpoint.map { revealed >= $0 } ?? false
        var pane: Rect
        switch edge {
        case .trailing: pane = Rect(x: cellFrame.maxX - revealed, y: cellFrame.minY, width: revealed, height: cellFrame.height)
        case .leading: pane = Rect(x: cellFrame.minX, y: cellFrame.minY, width: revealed, height: cellFrame.height)
        }
        if revealed >= cellFrame.width { pane = cellFrame }
        var frames: [ActionFrame] = []
        frames.reserveCapacity(actions.count)
        let scale = geometry.paneWidth > 0 ? revealed / geometry.paneWidth : 0
        var used = 0.0
        for (i, action) in actions.enumerated() {
            let width: Double
            if past { width = i == 0 ? revealed : 0 } else { width = geometry.actionWidths[i] * scale }
            let x: Double
            switch edge {
            case .trailing: x = pane.maxX - used - width
            case .leading: x = pane.minX + used
            }
            frames.append(ActionFrame(id: action.id, style: action.style,
                                      frame: Rect(x: x, y: pane.minY, width: width, height: pane.height)))
            used += width
        }
        let slidesUnder: Bool
        switch edge {
        case .trailing: slidesUnder = column > 0
        case .leading: slidesUnder = column < columns - 1
        }
        return SwipeAttributes(edge: edge, contentOffset: edge == .trailing ? -revealed : revealed, paneFrame: pane,
                               actions: frames, contentSlidesUnderNeighbour: slidesUnder, isPastFullSwipe: past)
    }
}
