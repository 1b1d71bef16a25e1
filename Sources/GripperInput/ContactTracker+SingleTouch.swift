// A change to the slot life cycle here changes the diagram in Documentation/ContactTracking.md too.
import GripperGeometry

extension ContactTracker {
    /// A single-touch device: `BTN_TOUCH` or a finger tool key (touchpads
    /// without `BTN_TOUCH`) says whether the finger is down, `ABS_X/Y` where.
    ///
    /// - Complexity: O(events).
    mutating func processSingleTouch(_ events: [RawEvent], cancelling: Bool) {
        slots[0].resetFrame()
        var keySeen = false
        var moved = false
        for event in events {
            if event.type == EventType.key {
                let bit = KeyBit.touchBit(for: event.code)
                guard bit != 0 else { continue }
                keySeen = true
                if event.value == 0 { keys &= ~bit } else { keys |= bit }
            } else if event.type == EventType.abs {
                if event.code == AbsCode.x {
                    slots[0].position.x = Double(event.value)
                    moved = true
                } else if event.code == AbsCode.y {
                    slots[0].position.y = Double(event.value)
                    moved = true
                }
            }
        }
        if keySeen {
            keysKnown = true
            let down = keys & KeyBit.anyTouch != 0
            switch slots[0].state {
            case .down:
                if !down {
                    endContact(inSlot: 0, cancelling: cancelling)
                    slots[0].state = .idle
                }
            case .idle, .unknown:
                if down { beginContact(inSlot: 0, trackingID: nil) } else { slots[0].state = .idle }
            }
        } else if moved, !keysKnown {
            switch slots[0].state {
            case .unknown:
                // The recording started with the finger down: adopt it.
                beginContact(inSlot: 0, trackingID: nil)
            case .idle, .down:
                break
            }
        }
        reportSlots()
    }
}
