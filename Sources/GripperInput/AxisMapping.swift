/// Maps the position axes of one device onto another device's ranges, so
/// frames from a replacement device (a touchscreen plugged back in with
/// other firmware, another panel that matches) land where the same touch on
/// the original would: a position at a fraction of the source's range lands
/// at the same fraction of the target's. Other axes and events pass
/// unchanged.
///
/// Pure: no state between frames.
package struct AxisMapping: Hashable, Sendable {
    /// The position axes mapped: `ABS_X`, `ABS_Y`, `ABS_MT_POSITION_X`, `ABS_MT_POSITION_Y`.
    package static let positionAxes: [UInt16] = [AbsCode.x, AbsCode.y, AbsCode.mtPositionX, AbsCode.mtPositionY]

    /// Per axis code: the source's and the target's (minimum, maximum).
    private var ranges: [UInt16: Spans] = [:]

    /// An axis's source and target ranges.
    private struct Spans: Hashable, Sendable {
        var source: ClosedRange<Int32>
        var target: ClosedRange<Int32>
    }

    /// The mapping from `source`'s position axes to `target`'s; an axis that
    /// either lacks, or whose ranges are equal, passes unchanged.
    package init(from source: DeviceDescription, to target: DeviceDescription) {
        for code in Self.positionAxes {
            guard let s = source.absInfo[code], let t = target.absInfo[code],
                  s.minimum <= s.maximum, t.minimum <= t.maximum,
                  s.minimum != t.minimum || s.maximum != t.maximum else { continue }
            ranges[code] = Spans(source: s.minimum...s.maximum, target: t.minimum...t.maximum)
        }
    }

    /// Whether every frame passes unchanged.
    package var isIdentity: Bool { ranges.isEmpty }

    /// `frame` with its position values mapped (rounded to the nearest
    /// unit, clamped to `Int32`; a source axis of one value maps to the
    /// target's minimum).
    /// - Complexity: O(events in the frame).
    package func map(_ frame: EventFrame) -> EventFrame {
        guard !ranges.isEmpty else { return frame }
        var out = frame
        for i in out.events.indices where out.events[i].type == EventType.abs {
            guard let r = ranges[out.events[i].code] else { continue }
            out.events[i].value = Self.map(out.events[i].value, from: r.source, to: r.target)
        }
        return out
    }

    static func map(_ value: Int32, from s: ClosedRange<Int32>, to t: ClosedRange<Int32>) -> Int32 {
        let sourceSpan = Double(s.upperBound) - Double(s.lowerBound)
        guard sourceSpan > 0 else { return t.lowerBound }
        let fraction = (Double(value) - Double(s.lowerBound)) / sourceSpan
        let mapped = (Double(t.lowerBound) + fraction * (Double(t.upperBound) - Double(t.lowerBound))).rounded()
        return Int32(max(Double(Int32.min), min(Double(Int32.max), mapped)))
    }
}
