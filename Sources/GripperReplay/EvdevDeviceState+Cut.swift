import GripperInput

/// A cut of a trace starts with one frame that sets again what the device's
/// events before the cut had set (`EvdevDeviceState`: every axis, each
/// slot's values, the current slot, the keys, the pointer's relative
/// motion), so that values the kernel does not repeat (a touch at the same
/// x as the one before sends no x; the slot stays selected; a mouse's
/// position is the sum of its motion) are the same in the cut as in the
/// whole. Pure.
extension EvdevDeviceState {
    /// The frame's events that set the state again, at `time`: each slot
    /// whose tracking id is known (its id first, so a free slot's values
    /// start no touch), the current slot, the other axes, the keys, and the
    /// pointer's motion so far (in steps a 32-bit value holds).
    /// - Complexity: O(values known).
    func settingEvents(at time: EventTime) -> [RawEvent] {
        var out: [RawEvent] = []
        func add(_ type: UInt16, _ code: UInt16, _ value: Int32) {
            out.append(RawEvent(time: time, type: type, code: code, value: value))
        }
        if usesSlots {
            for slot in slots.keys.sorted() {
                guard let values = slots[slot], let id = values[AbsCode.mtTrackingID] else { continue }
                add(EventType.abs, AbsCode.mtSlot, slot)
                add(EventType.abs, AbsCode.mtTrackingID, id)
                for code in values.keys.sorted() where code != AbsCode.mtTrackingID { add(EventType.abs, code, values[code]!) }
            }
            if let current = axes[AbsCode.mtSlot] { add(EventType.abs, AbsCode.mtSlot, current) }
        }
        // The slot was written above; a device without slots sends its
        // contacts (protocol A) afresh in every frame, so they are not state.
        for code in axes.keys.sorted() where !Self.multitouch.contains(code) {
            add(EventType.abs, code, axes[code]!)
        }
        for code in keys.keys.sorted() { add(EventType.key, code, keys[code]! ? 1 : 0) }
        for code in motion.keys.sorted() {
            var left = motion[code]!
            while left != 0 {
                let step = Swift.max(Int64(Int32.min) + 1, Swift.min(Int64(Int32.max), left))
                add(EventType.rel, code, Int32(step))
                left -= step
            }
        }
        return out
    }

    /// `ABS_MT_SLOT` and the per-slot codes.
    private static let multitouch: ClosedRange<UInt16> = AbsCode.mtSlot...perSlotCodes.upperBound
}
