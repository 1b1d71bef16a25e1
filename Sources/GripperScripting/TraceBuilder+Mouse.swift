import GripperGeometry
import GripperInput

extension TraceBuilder {
    /// The `MSC_SCAN` value of the left button (HID usage 0x90001).
    static let leftButtonScanCode: Int32 = 0x90001
    /// `MSC_SCAN`.
    static let mscScan: UInt16 = 4

    /// Plays one stroke on a mouse: travel to its start with the button up,
    /// press, follow the path, release.
    mutating func performMouse(_ stroke: Stroke) {
        let start = deviceUnits(of: stroke.start)
        if mouse.pointer.distance(to: start) >= 1 {
            travel(to: start, over: .milliseconds(250))
        }
        let hasScan = device.has(type: EventType.msc, code: Self.mscScan)
        var button: [(UInt16, UInt16, Int32)] = hasScan ? [(EventType.msc, Self.mscScan, Self.leftButtonScanCode)] : []
        button.append((EventType.key, KeyCode.btnLeft, 1))
        let pressedAt = now + period
        emitFrame(at: pressedAt, button)
        let duration = stroke.contactDuration
        var tick = 1
        while true {
            let elapsed = period * tick
            let done = elapsed >= duration
            var frameEvents = motion(to: position(of: stroke, after: min(elapsed, duration)))
            if done {
                if hasScan { frameEvents.append((EventType.msc, Self.mscScan, Self.leftButtonScanCode)) }
                frameEvents.append((EventType.key, KeyCode.btnLeft, 0))
            }
            if !frameEvents.isEmpty { emitFrame(at: pressedAt + elapsed, frameEvents) }
            if done { break }
            tick += 1
        }
    }

    /// Moves the pointer with the button up, easing in and out.
    mutating func travel(to target: Point, over duration: Duration) {
        let from = mouse.pointer
        let begin = now
        var tick = 1
        while true {
            let elapsed = period * tick
            let k = Easing.easeInOut.progress(duration > .zero ? elapsed.secondsDouble / duration.secondsDouble : 1)
            let frameEvents = motion(to: from + (target - from) * k)
            if !frameEvents.isEmpty { emitFrame(at: begin + elapsed, frameEvents) }
            if elapsed >= duration { break }
            tick += 1
        }
    }

    /// The `REL_X/Y` events that bring the pointer to `target` (whole counts).
    mutating func motion(to target: Point) -> [(UInt16, UInt16, Int32)] {
        // Whole counts, within what one event can carry (a non-finite target moves nothing).
        func counts(_ d: Double) -> Double { d.isFinite ? min(max(d.rounded(), -32767), 32767) : 0 }
        let dx = counts(target.x - mouse.pointer.x), dy = counts(target.y - mouse.pointer.y)
        var out: [(UInt16, UInt16, Int32)] = []
        if dx != 0 { out.append((EventType.rel, RelCode.x, Int32(dx))) }
        if dy != 0 { out.append((EventType.rel, RelCode.y, Int32(dy))) }
        mouse.pointer = mouse.pointer + Point(x: dx, y: dy)
        return out
    }
}
