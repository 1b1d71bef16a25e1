// A change to the slot life cycle here changes the diagram in Documentation/ContactTracking.md too.
import GripperGeometry

extension ContactTracker {
    /// `MT_TOOL_PALM`, the `ABS_MT_TOOL_TYPE` value of a palm.
    package static let mtToolPalm: Int32 = 2

    /// Multitouch protocol B: events address the current slot; a tracking id
    /// of -1 ends the slot's contact, any other starts one.
    ///
    /// - Complexity: O(events + slots).
    mutating func processSlots(_ events: [RawEvent], cancelling: Bool) {
        for index in 0..<slotsInUse { slots[index].resetFrame() }
        for event in events where event.type == EventType.abs {
            switch event.code {
            case AbsCode.mtSlot:
                let slot = Int(event.value)
                currentSlot = slots.indices.contains(slot) ? slot : -1
            case AbsCode.mtTrackingID:
                guard slots.indices.contains(currentSlot) else { continue }
                if currentSlot >= slotsInUse { slotsInUse = currentSlot + 1 }
                if event.value < 0 {
                    endContact(inSlot: currentSlot, cancelling: cancelling)
                    slots[currentSlot].state = .idle
                } else {
                    switch slots[currentSlot].state {
                    case .down(_, let trackingID, _) where trackingID == event.value:
                        continue
                    case .down:
                        endContact(inSlot: currentSlot, cancelling: cancelling)
                        beginContact(inSlot: currentSlot, trackingID: event.value)
                    case .idle, .unknown:
                        beginContact(inSlot: currentSlot, trackingID: event.value)
                    }
                }
            case AbsCode.mtToolType:
                // A touch that turns into a palm (`MT_TOOL_PALM`) is cancelled,
                // as libinput cancels it on a touchscreen: what it drove is
                // undone, not committed. The slot stays idle until its next
                // tracking id; a palm that comes down is never reported.
                guard event.value == Self.mtToolPalm, slots.indices.contains(currentSlot) else { continue }
                if currentSlot >= slotsInUse { slotsInUse = currentSlot + 1 }
                if case .down = slots[currentSlot].state {
                    endContact(inSlot: currentSlot, cancelling: true)
                    slots[currentSlot].state = .idle
                }
            case AbsCode.mtPositionX, AbsCode.mtPositionY:
                guard slots.indices.contains(currentSlot) else { continue }
                if currentSlot >= slotsInUse { slotsInUse = currentSlot + 1 }
                if event.code == AbsCode.mtPositionX {
                    slots[currentSlot].position.x = Double(event.value)
                } else {
                    slots[currentSlot].position.y = Double(event.value)
                }
                switch slots[currentSlot].state {
                case .unknown:
                    // The stream started (or resumed after a lost sync) with
                    // this touch already down: adopt it as a new contact.
                    beginContact(inSlot: currentSlot, trackingID: nil)
                case .idle, .down:
                    break
                }
            default:
                continue
            }
        }
        reportSlots()
    }

    /// Starts a contact in a slot at the slot's last position (a new touch
    /// without position values is where the slot's last one was).
    mutating func beginContact(inSlot index: Int, trackingID: Int32?) {
        slots[index].state = .down(id: takeID(), trackingID: trackingID, reported: slots[index].position)
        slots[index].begun = true
    }

    /// Ends the slot's contact, if any, at its latest position. A contact
    /// that began in this same frame was never reported and is dropped.
    mutating func endContact(inSlot index: Int, cancelling: Bool) {
        guard case .down(let id, _, _) = slots[index].state else { return }
        if !slots[index].begun {
            slots[index].frameEnded = contact(id: id, phase: cancelling ? .cancelled : .ended, at: slots[index].position)
        }
        slots[index].begun = false
    }

    /// Appends every slot's contact for the frame to `scratch` and records
    /// the reported positions.
    ///
    /// - Complexity: O(slots).
    mutating func reportSlots() {
        for index in 0..<slotsInUse {
            if let ended = slots[index].frameEnded { scratch.append(ended) }
            guard case .down(let id, let trackingID, let reported) = slots[index].state else { continue }
            let position = slots[index].position
            let phase: ContactPhase
            if slots[index].begun {
                phase = .began
            } else {
                phase = position == reported ? .stationary : .moved
                slots[index].motion = position - reported
            }
            scratch.append(contact(id: id, phase: phase, at: position))
            slots[index].state = .down(id: id, trackingID: trackingID, reported: position)
        }
    }
}
