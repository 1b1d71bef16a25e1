import GripperGeometry

/// One flow section as a drag presents it: the items with the dragged one
/// taken out (`removed`, an item index) and the gap put in (`placeholder`,
/// a position), wrapped into lines.
///
/// The lines before the first change are the section's own. From there the
/// presented items are wrapped greedily, line by line, until a line starts
/// at an item that also starts a line of the section at rest, in a stretch
/// where the presented items are the resting ones shifted by a constant:
/// from there the resting lines are reused as they are (shifted by an index
/// and an offset) up to the next change. So a gap move costs the lines
/// walked until the wrap falls back into step (a few with mixed widths,
/// none with equal ones) plus O(log n) searches, not a pass over the items
/// between the source and the gap.
struct FlowView {
    /// A run of lines: the section's own lines `from..<to` with positions
    /// shifted by `shift` (presented = item − shift) and tops by `offset`,
    /// or one wrapped line.
    enum Run {
        case resting(from: Int, to: Int, shift: Int, offset: Double)
        case wrapped(start: Int, end: Int, top: Double, height: Double)
    }

    /// One presented line.
    struct Line {
        var start: Int, end: Int, top: Double, height: Double
    }

    let section: FlowSection
    /// The dragged item's index in this section, or −1.
    let removed: Int
    /// The gap's position among the presented items, or −1.
    let placeholder: Int
    let placeholderSize: Size
    /// The number of presented positions.
    let count: Int
    private(set) var runs: [Run] = []
    /// Each run's first position and top, for binary searches.
    private var runStarts: [Int] = []
    private var runTops: [Double] = []
    private(set) var lineCount = 0
    private(set) var itemsHeight = 0.0

    init(_ section: FlowSection, removed: Int = -1, placeholder: Int = -1, placeholderSize: Size = Size(width: 0, height: 0)) {
        self.section = section
        self.removed = removed
        self.placeholder = placeholder
        self.placeholderSize = Size(width: min(placeholderSize.width, section.lineWidth), height: placeholderSize.height)
        count = section.count - (removed >= 0 ? 1 : 0) + (placeholder >= 0 ? 1 : 0)
        build()
    }

    /// The item at presented position `k`, or −1 for the gap.
    @inline(__always) func item(at k: Int) -> Int {
        if k == placeholder { return -1 }
        let q = placeholder >= 0 && k > placeholder ? k - 1 : k
        return removed >= 0 && q >= removed ? q + 1 : q
    }

    /// The presented position of `item`, or nil for the dragged one.
    @inline(__always) func position(of item: Int) -> Int? {
        if item == removed { return nil }
        let q = removed >= 0 && item > removed ? item - 1 : item
        return placeholder >= 0 && q >= placeholder ? q + 1 : q
    }

    @inline(__always) func width(at k: Int) -> Double {
        let i = item(at: k)
        return i < 0 ? placeholderSize.width : section.width(i)
    }

    @inline(__always) func height(at k: Int) -> Double {
        let i = item(at: k)
        return i < 0 ? placeholderSize.height : section.height(i)
    }

    /// The sum of the widths of positions `0..<k`.
    /// - Complexity: O(1).
    func widthPrefix(_ k: Int) -> Double {
        var q = k
        var extra = 0.0
        if placeholder >= 0, k > placeholder { q -= 1; extra = placeholderSize.width }
        if removed >= 0, q > removed {
            return section.widthPrefix(q + 1) - section.width(removed) + extra
        }
        return section.widthPrefix(q) + extra
    }

    /// The next position (above `k`) where the presented-to-resting shift
    /// may change; positions `k..<boundary` share one shift.
    private func boundary(after k: Int) -> Int {
        var b = count
        for c in [removed, removed + 1, placeholder, placeholder + 1] where c > k && c < b { b = c }
        return b
    }

    private mutating func build() {
        let s = section
        let first = [removed, placeholder].filter { $0 >= 0 }.min()
        guard let first else {
            append(.resting(from: 0, to: s.lineCount, shift: 0, offset: 0), start: 0, top: 0)
            finish()
            return
        }
        // The section's own lines before the one holding the item before the
        // first change (the item at the change may have ended that line).
        let l0 = s.lineCount == 0 ? 0 : s.line(ofItem: max(0, min(first, s.count) - 1))
        if l0 > 0 { append(.resting(from: 0, to: l0, shift: 0, offset: 0), start: 0, top: 0) }
        var k = l0 <= s.lineCount ? s.lineStart(l0) : 0
        var y = l0 > 0 ? s.lineTop(l0) : 0
        let spacing = s.lineSpacing
        while k < count {
            // Back in step: a resting line starts here and the shift holds to the boundary.
            let i = item(at: k)
            let zone = boundary(after: k)
            if i >= 0, k >= first, s.isLineStart(i) {
                let shift = i - k
                let from = s.line(ofItem: i)
                // The resting lines `from..<lower` wrap the same here: their
                // items, and the item after each (which ended it), share the
                // shift; the section's last line ends with the section.
                func same(_ m: Int) -> Bool {
                    s.lineStart(m) - shift < zone || (m == s.lineCount && s.lineStart(m) - shift == count)
                }
                var lower = from, upper = s.lineCount
                while lower < upper {
                    let mid = (lower + upper + 1) / 2
                    if same(mid) { lower = mid } else { upper = mid - 1 }
                }
                if lower > from {
                    let offset = y - s.lineTop(from)
                    append(.resting(from: from, to: lower, shift: shift, offset: offset), start: k, top: y)
                    y = s.lineTop(lower) + offset
                    k = s.lineStart(lower) - shift
                    continue
                }
            }
            let end = FlowSection.lineEnd(from: k, count: count, width: s.lineWidth, spacing: s.spacing) { width(at: $0) }
            var best = 0.0
            for p in k..<end { let h = height(at: p); if h > best { best = h } }
            append(.wrapped(start: k, end: end, top: y, height: best), start: k, top: y)
            y += best + spacing
            k = end
        }
        finish()
    }

    private mutating func append(_ run: Run, start: Int, top: Double) {
        if case .resting(let from, let to, _, _) = run, to <= from { return }
        runs.append(run)
        runStarts.append(start)
        runTops.append(top)
        switch run {
        case .resting(let from, let to, _, _): lineCount += to - from
        case .wrapped: lineCount += 1
        }
    }

    private mutating func finish() {
        guard let last = runs.last else { itemsHeight = 0; return }
        switch last {
        case .resting(_, let to, _, let offset):
            itemsHeight = to == 0 ? 0 : section.lineTop(to - 1) + section.lineExtent(to - 1) + offset
        case .wrapped(_, _, let top, let height):
            itemsHeight = top + height
        }
    }

    /// The `j`-th line of run `r` (j = 0 for a wrapped run).
    func line(run r: Int, _ j: Int) -> Line {
        switch runs[r] {
        case .resting(let from, _, let shift, let offset):
            let l = from + j
            return Line(start: section.lineStart(l) - shift, end: section.lineStart(l + 1) - shift,
                        top: section.lineTop(l) + offset, height: section.lineExtent(l))
        case .wrapped(let start, let end, let top, let height):
            return Line(start: start, end: end, top: top, height: height)
        }
    }

    func lines(inRun r: Int) -> Int {
        switch runs[r] {
        case .resting(let from, let to, _, _): to - from
        case .wrapped: 1
        }
    }

    /// The run and line holding position `k`.
    /// - Complexity: O(log n).
    func locate(position k: Int) -> (run: Int, line: Int)? {
        guard k >= 0, k < count, !runs.isEmpty else { return nil }
        var lower = 0, upper = runs.count - 1
        while lower < upper {
            let mid = (lower + upper + 1) / 2
            if runStarts[mid] <= k { lower = mid } else { upper = mid - 1 }
        }
        switch runs[lower] {
        case .resting(let from, _, let shift, _):
            return (lower, section.line(ofItem: k + shift) - from)
        case .wrapped:
            return (lower, 0)
        }
    }

    /// The run and line at or above offset `y` (the first line for `y`
    /// above it); nil when there are no lines.
    /// - Complexity: O(log n).
    func locate(y: Double) -> (run: Int, line: Int)? {
        guard !runs.isEmpty else { return nil }
        var lower = 0, upper = runs.count - 1
        while lower < upper {
            let mid = (lower + upper + 1) / 2
            if runTops[mid] <= y { lower = mid } else { upper = mid - 1 }
        }
        switch runs[lower] {
        case .resting(let from, let to, _, let offset):
            let local = y - offset
            let l = section.lineSearch(local, spacing: section.lineSpacing)
            return (lower, max(0, min(to - 1, l) - from))
        case .wrapped:
            return (lower, 0)
        }
    }

    /// The next line after (`run`, `line`), if any.
    func next(_ p: (run: Int, line: Int)) -> (run: Int, line: Int)? {
        if p.line + 1 < lines(inRun: p.run) { return (p.run, p.line + 1) }
        var r = p.run + 1
        while r < runs.count, lines(inRun: r) == 0 { r += 1 }
        return r < runs.count ? (r, 0) : nil
    }

    /// The frame of position `k` in line `line` (relative to the items
    /// area's top-left): full lines are justified (the spacing grows so the
    /// items fill the line), the last line and a line of one item start at
    /// the leading edge with the minimum spacing; each item is centred
    /// along the scroll axis in its line.
    func frame(position k: Int, in line: Line) -> Rect {
        let n = line.end - line.start
        let sum = widthPrefix(line.end) - widthPrefix(line.start)
        var gap = section.spacing
        if n > 1, line.end < count { gap = max(gap, (section.lineWidth - sum) / Double(n - 1)) }
        let x = widthPrefix(k) - widthPrefix(line.start) + gap * Double(k - line.start)
        let h = height(at: k)
        return Rect(x: x, y: line.top + (line.height - h) / 2, width: width(at: k), height: h)
    }

    /// The position under `x` in `line` (relative to the items area),
    /// clamped to the line: the last position whose frame starts at or
    /// before `x`.
    /// - Complexity: O(log(items in the line)).
    func position(atX x: Double, in line: Line) -> Int {
        var lower = line.start, upper = line.end - 1
        while lower < upper {
            let mid = (lower + upper + 1) / 2
            if frame(position: mid, in: line).minX <= x { lower = mid } else { upper = mid - 1 }
        }
        return lower
    }
}
