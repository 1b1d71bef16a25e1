// A change to the slot life cycle here changes the diagram in Documentation/ContactTracking.md too.
import GripperGeometry

extension ContactTracker {
    /// A mouse: relative motion moves the pointer (the slot's position in
    /// counts), `BTN_LEFT` puts the contact down and lifts it, `REL_WHEEL`
    /// and `REL_HWHEEL` (or their high-resolution forms, 120 per detent)
    /// scroll. Other buttons and `MSC_SCAN` are ignored. Returns the scroll.
    ///
    /// - Complexity: O(events).
    mutating func processMouse(_ events: [RawEvent], cancelling: Bool, motion: inout Point) -> Point {
        slots[0].resetFrame()
        var delta = Point.zero
        var wheel = 0.0, hwheel = 0.0, wheelHiRes = 0.0, hwheelHiRes = 0.0
        var sawHiRes = false, sawHHiRes = false
        var buttonSeen = false
        for event in events {
            if event.type == EventType.rel {
                let value = Double(event.value)
                switch event.code {
                case RelCode.x: delta.x += value
                case RelCode.y: delta.y += value
                case RelCode.wheel: wheel += value
                case RelCode.hwheel: hwheel += value
                case RelCode.wheelHiRes:
                    wheelHiRes += value
                    sawHiRes = true
                case RelCode.hwheelHiRes:
                    hwheelHiRes += value
                    sawHHiRes = true
                default: continue
                }
            } else if event.type == EventType.key && event.code == KeyCode.btnLeft {
                buttonSeen = true
                if event.value == 0 { keys &= ~KeyBit.left } else { keys |= KeyBit.left }
            }
        }
        slots[0].position = slots[0].position + delta
        motion = delta
        if buttonSeen {
            let down = keys & KeyBit.left != 0
            switch slots[0].state {
            case .down:
                if !down {
                    endContact(inSlot: 0, cancelling: cancelling)
                    slots[0].state = .idle
                }
            case .idle, .unknown:
                // A release with no press seen (the recording started with
                // the button down) has nothing to end.
                if down { beginContact(inSlot: 0, trackingID: nil) } else { slots[0].state = .idle }
            }
        }
        reportSlots()
        // REL_WHEEL is positive away from the user; scroll.y is positive
        // towards the user (content moves down).
        return Point(x: sawHHiRes ? hwheelHiRes / 120 : hwheel,
                     y: -(sawHiRes ? wheelHiRes / 120 : wheel))
    }
}
