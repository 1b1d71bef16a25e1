import GripperInput

/// What a device's events have set so far — every absolute axis, each
/// slot's values, the current slot, the keys, the pointer's relative
/// motion — and the one frame that sets it all again: what a cut of a
/// trace puts before its first frame, so that values the kernel does not
/// repeat (a touch at the same x as the one before sends no x; the slot
/// stays selected; a mouse's position is the sum of its motion) are the
/// same in the cut as in the whole. Pure.
struct EvdevState: Sendable {
    private let usesSlots: Bool
    private var abs: [UInt16: Int32] = [:]
    private var slots: [Int32: [UInt16: Int32]] = [:]
    private var currentSlot: Int32?
    private var keys: [UInt16: Int32] = [:]
    private var motion: [UInt16: Int64] = [:]

    init(device: DeviceDescription) {
        usesSlots = device.usesSlots
    }

    /// Takes in a frame's events.
    /// - Complexity: O(events in the frame).
    mutating func absorb(_ frame: EventFrame) {
        for e in frame.events {
            switch e.type {
            case EventType.abs:
                let isMT = e.code >= AbsCode.mtSlot && e.code <= AbsCode.max
                if !isMT {
                    abs[e.code] = e.value
                } else if e.code == AbsCode.mtSlot {
                    currentSlot = e.value
                } else if usesSlots {
                    slots[currentSlot ?? 0, default: [:]][e.code] = e.value
                }
            case EventType.key:
                keys[e.code] = e.value == 0 ? 0 : 1
            case EventType.rel where e.code == RelCode.x || e.code == RelCode.y:
                motion[e.code, default: 0] &+= Int64(e.value)
            default:
                continue
            }
        }
    }

    /// The frame's events that set the state again, at `time`: each slot
    /// whose tracking id is known (its id first, so a free slot's values
    /// start no touch), the current slot, the other axes, the keys, and the
    /// pointer's motion so far (in steps a 32-bit value holds).
    /// - Complexity: O(values known).
    func events(at time: EventTime) -> [RawEvent] {
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
            if let currentSlot { add(EventType.abs, AbsCode.mtSlot, currentSlot) }
        }
        for code in abs.keys.sorted() { add(EventType.abs, code, abs[code]!) }
        for code in keys.keys.sorted() { add(EventType.key, code, keys[code]!) }
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
}
