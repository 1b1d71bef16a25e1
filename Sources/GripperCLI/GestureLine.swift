import GripperGeometry
@_spi(Benchmarks) import GripperGestures
import GripperInput

/// How `gripper gestures` prints one ``GestureEvent``: a text line or a JSON
/// Lines object.
///
/// JSON: `{"t":0.412,"event":"gesture","kind":"tap","state":"recognized","x":…,"y":…}`
/// then, by kind, `"count"` (tap), `"dx","dy","vx","vy"` (long-press, pan,
/// swipe: translation and velocity), `"axis"` (pan), `"direction"` (swipe),
/// a pinch `"scale","vscale","span"` (its scale, the scale's rate per
/// second, the span in millimetres) and `"contact2"`, and `"contact"`.
/// Wheel scrolls are `"event":"scroll"` with `"dx","dy"`,
/// touch notices `"event":"touch"` with `"state"` and `"contact"`, so that
/// a `"gesture"` line's kind is always one of tap, longPress, pan, swipe, pinch.
enum GestureLine {
    /// The JSON Lines object for `event`, with `t` in seconds from `origin`.
    static func json(_ e: GestureEvent, origin: EventTime) -> String {
        var fields: [(String, String)] = [("t", number((e.time - origin).secondsDouble, 3))]
        switch e.gesture {
        case .touch:
            fields += [("event", quoted("touch")), ("state", quoted(e.state.rawValue))]
        case .scroll:
            fields += [("event", quoted("scroll"))]
        case .tap, .tapFailed, .longPress, .longPressFailed, .pan, .swipe, .swipeFailed, .pinch:
            fields += [("event", quoted("gesture")), ("kind", quoted(e.kind.rawValue)), ("state", quoted(e.state.rawValue))]
        }
        fields += [("x", number(e.location.x, 2)), ("y", number(e.location.y, 2))]
        switch e.gesture {
        case .tap(let count, _):
            fields.append(("count", String(count)))
        case .scroll(let distance, _, _):
            fields += [("dx", number(distance.x, 2)), ("dy", number(distance.y, 2))]
        case .touch, .tapFailed:
            break
        case .pinch(_, let p):
            fields += [("scale", number(p.scale, 3)), ("vscale", number(p.velocity, 2)),
                       ("span", number(p.spanMillimetres, 2)), ("contact2", String(p.secondContactID))]
        case .longPress(_, let m), .longPressFailed(let m), .pan(_, _, let m), .swipe(_, let m), .swipeFailed(let m):
            fields += [("dx", number(m.translation.x, 2)), ("dy", number(m.translation.y, 2)),
                       ("vx", number(m.velocity.x, 1)), ("vy", number(m.velocity.y, 1))]
            if case .pan(_, let axis, _) = e.gesture { fields.append(("axis", quoted(axis.rawValue))) }
            if case .swipe(let direction, _) = e.gesture { fields.append(("direction", quoted(direction.rawValue))) }
        }
        if let id = e.contactID { fields.append(("contact", String(id))) }
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    /// The text line for `event`: time, kind, state, position, then what the case carries.
    static func text(_ e: GestureEvent, origin: EventTime) -> String {
        var line = pad(number((e.time - origin).secondsDouble, 3, fixed: true), 9, left: true)
            + "  " + pad(e.kind.rawValue, 9) + " " + pad(e.state.rawValue, 10)
            + " at (" + number(e.location.x, 2) + ", " + number(e.location.y, 2) + ")"
        switch e.gesture {
        case .tap(let count, _):
            line += "  count \(count)"
        case .scroll(let distance, _, _):
            line += "  by (" + number(distance.x, 2) + ", " + number(distance.y, 2) + ")"
        case .touch, .tapFailed:
            break
        case .pinch(_, let p):
            line += "  scale " + number(p.scale, 3) + "  velocity " + number(p.velocity, 2) + "/s"
            line += "  span " + number(p.spanMillimetres, 2) + " mm  with #\(p.secondContactID)"
        case .longPress(_, let m), .longPressFailed(let m), .pan(_, _, let m), .swipe(_, let m), .swipeFailed(let m):
            line += "  moved (" + number(m.translation.x, 2) + ", " + number(m.translation.y, 2) + ")"
            line += "  velocity (" + number(m.velocity.x, 1) + ", " + number(m.velocity.y, 1) + ")/s"
            if case .pan(_, let axis, _) = e.gesture { line += "  \(axis.rawValue)" }
            if case .swipe(let direction, _) = e.gesture { line += "  \(direction.rawValue)" }
        }
        if let id = e.contactID { line += "  #\(id)" }
        return line
    }

    /// `x` rounded to `decimals`, shortest form (`12`, `0.5`, `-3.25`), or
    /// with exactly `decimals` digits when `fixed`.
    static func number(_ x: Double, _ decimals: Int, fixed: Bool = false) -> String {
        guard x.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (x * scale).rounded()
        let negative = scaled < 0
        let magnitude = UInt64(min(abs(scaled), 9e18))
        let whole = magnitude / UInt64(scale)
        var fraction = String(magnitude % UInt64(scale))
        fraction = String(repeating: "0", count: max(0, decimals - fraction.count)) + fraction
        if !fixed {
            while fraction.hasSuffix("0") { fraction.removeLast() }
        }
        let sign = negative && magnitude > 0 ? "-" : ""
        return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }

    private static func quoted(_ s: String) -> String { "\"\(s)\"" }

    private static func pad(_ s: String, _ width: Int, left: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - s.count))
        return left ? fill + s : s + fill
    }
}
