import GripperGeometry

/// The section geometry a query context answers: the layout's resting
/// section tops and heights, shifted by a drag in flight — the section the
/// item leaves changes by `sourceDelta`, the one it enters by
/// `targetDelta`, and every section after either moves with it. The grid's
/// ``QueryContext`` and the flow's ``FlowContext`` both answer it so.
protocol DraggedSections {
    /// The number of sections.
    var sectionCount: Int { get }
    /// The top of `section` at rest.
    func restingTop(_ section: Int) -> Double
    /// The height of `section` at rest.
    func restingHeight(_ section: Int) -> Double
    /// The sections a drag leaves and enters and how much each changes;
    /// nil when no drag is in flight.
    var sectionShift: (source: Int, sourceDelta: Double, target: Int, targetDelta: Double)? { get }
}

extension DraggedSections {
    /// The top of `section`.
    /// - Complexity: O(1).
    func sectionTop(_ section: Int) -> Double {
        var y = restingTop(section)
        if let shift = sectionShift {
            if shift.source < section { y += shift.sourceDelta }
            if shift.target < section { y += shift.targetDelta }
        }
        return y
    }

    /// The height of `section`.
    /// - Complexity: O(1).
    func sectionHeight(_ section: Int) -> Double {
        var h = restingHeight(section)
        if let shift = sectionShift {
            if section == shift.target { h += shift.targetDelta }
            else if section == shift.source { h += shift.sourceDelta }
        }
        return h
    }

    /// The area `section`'s items take (between its header and footer,
    /// inside its insets along the scroll axis, across the whole `width`).
    /// - Complexity: O(1).
    func itemsFrame(_ section: Int, metrics m: ResolvedMetrics, width: Double) -> Rect {
        let top = sectionTop(section)
        let y = top + m.header.space + m.insets.top
        let bottom = top + sectionHeight(section) - m.footer.space - m.insets.bottom
        return Rect(x: 0, y: y, width: width, height: max(0, bottom - y))
    }

    /// The first section whose end is beyond `y` (or the section count).
    /// - Complexity: O(log sections).
    func firstSection(endingBelow y: Double) -> Int {
        var lower = 0, upper = sectionCount
        while lower < upper {
            let mid = (lower + upper) / 2
            if sectionTop(mid) + sectionHeight(mid) > y { upper = mid } else { lower = mid + 1 }
        }
        return lower
    }
}

/// The resting stack of sections both layouts keep: each section's top and
/// height, the tops running on from the global header.
enum SectionStack {
    /// Sets `section`'s height and moves every later section's top with it.
    /// - Returns: how far the content after `section` moved (0 when the
    ///   height did not change; nothing is touched then).
    /// - Complexity: O(sections after `section`).
    static func setHeight(_ height: Double, of section: Int, tops: inout [Double], heights: inout [Double]) -> Double {
        let delta = height - heights[section]
        guard delta != 0 else { return 0 }
        heights[section] = height
        var y = tops[section] + height
        for later in (section + 1)..<tops.count {
            tops[later] = y
            y += heights[later]
        }
        return delta
    }
}
