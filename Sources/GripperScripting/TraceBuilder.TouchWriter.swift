import GripperGeometry
import GripperInput

extension TraceBuilder {
    /// The kernel's side of a touch device: which slot holds which tracking
    /// id, the last value sent on every axis, and what one frame's changes
    /// turn into (only values that changed, in the kernel's order).
    struct TouchWriter: Sendable {
        /// One finger's change in a frame.
        enum Change {
            case down(Point)
            case move(Point)
            case up
        }

        let usesSlots: Bool
        let hasTouchKey: Bool
        let hasSingleXY: Bool
        let mtX: AbsInfo?
        let mtY: AbsInfo?
        let stX: AbsInfo?
        let stY: AbsInfo?
        var slotTracking: [Int32]
        var slotX: [Int32?]
        var slotY: [Int32?]
        var currentSlot = 0
        var nextTrackingID: Int32 = 1
        var touchKey = false
        var emulatedX: Int32?
        var emulatedY: Int32?

        init(device: DeviceDescription) {
            usesSlots = device.usesSlots
            hasTouchKey = device.has(type: EventType.key, code: KeyCode.btnTouch)
            hasSingleXY = device.has(type: EventType.abs, code: AbsCode.x) && device.has(type: EventType.abs, code: AbsCode.y)
            mtX = device.absInfo[AbsCode.mtPositionX]
            mtY = device.absInfo[AbsCode.mtPositionY]
            stX = device.absInfo[AbsCode.x]
            stY = device.absInfo[AbsCode.y]
            let count = usesSlots ? max(1, min(Int(device.absInfo[AbsCode.mtSlot]?.maximum ?? 0) + 1, 64)) : 1
            slotTracking = Array(repeating: -1, count: count)
            slotX = Array(repeating: nil, count: count)
            slotY = Array(repeating: nil, count: count)
        }

        /// The lowest free slot, or nil when every slot is taken.
        func freeSlot() -> Int? {
            slotTracking.firstIndex(of: -1)
        }

        /// Reserves a slot for a finger about to touch down.
        mutating func reserve(_ slot: Int) {
            slotTracking[slot] = -2
        }

        /// The events of one frame: `changes` by slot, and the slot of the
        /// oldest finger down (for the single-touch emulation).
        mutating func write(_ changes: [(slot: Int, change: Change)], oldest: Int?) -> [(UInt16, UInt16, Int32)] {
            var out: [(UInt16, UInt16, Int32)] = []
            let abs = EventType.abs
            for (slot, change) in changes.sorted(by: { $0.slot < $1.slot }) {
                guard slotTracking.indices.contains(slot) else { continue }
                if usesSlots, slot != currentSlot {
                    out.append((abs, AbsCode.mtSlot, Int32(slot)))
                    currentSlot = slot
                }
                switch change {
                case .down(let point):
                    slotTracking[slot] = nextTrackingID
                    if usesSlots { out.append((abs, AbsCode.mtTrackingID, nextTrackingID)) }
                    nextTrackingID = nextTrackingID == Int32.max ? 0 : nextTrackingID + 1
                    writePosition(point, slot: slot, into: &out)
                case .move(let point):
                    writePosition(point, slot: slot, into: &out)
                case .up:
                    slotTracking[slot] = -1
                    if usesSlots { out.append((abs, AbsCode.mtTrackingID, -1)) }
                }
            }
            let active = slotTracking.contains { $0 >= 0 }
            if hasTouchKey, active != touchKey {
                out.append((EventType.key, KeyCode.btnTouch, active ? 1 : 0))
                touchKey = active
            }
            if usesSlots, hasSingleXY, let oldest, let x = slotX[oldest], let y = slotY[oldest] {
                let ex = Self.clamp(x, to: stX), ey = Self.clamp(y, to: stY)
                if ex != emulatedX { out.append((abs, AbsCode.x, ex)); emulatedX = ex }
                if ey != emulatedY { out.append((abs, AbsCode.y, ey)); emulatedY = ey }
            }
            return out
        }

        private mutating func writePosition(_ point: Point, slot: Int, into out: inout [(UInt16, UInt16, Int32)]) {
            let codeX = usesSlots ? AbsCode.mtPositionX : AbsCode.x
            let codeY = usesSlots ? AbsCode.mtPositionY : AbsCode.y
            let x = Self.clamp(point.x, to: usesSlots ? mtX : stX)
            let y = Self.clamp(point.y, to: usesSlots ? mtY : stY)
            if x != slotX[slot] { out.append((EventType.abs, codeX, x)); slotX[slot] = x }
            if y != slotY[slot] { out.append((EventType.abs, codeY, y)); slotY[slot] = y }
        }

        static func clamp(_ value: Double, to axis: AbsInfo?) -> Int32 {
            guard value.isFinite else { return axis?.minimum ?? 0 }
            let lo = Double(axis?.minimum ?? Int32.min), hi = Double(axis?.maximum ?? Int32.max)
            return Int32(min(max(value.rounded(), lo), hi))
        }

        static func clamp(_ value: Int32, to axis: AbsInfo?) -> Int32 {
            guard let axis else { return value }
            return min(max(value, axis.minimum), axis.maximum)
        }
    }

    /// The mouse's side: where the pointer is in counts (whole counts, as
    /// the hardware reports them).
    struct MouseWriter: Sendable {
        var pointer: Point
    }
}
