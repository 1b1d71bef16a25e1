/// Applies a ``CalibrationMatrix`` to a device's frames, so a panel mounted
/// rotated, or one that needs calibration, maps onto the viewport as it
/// should: every frame's positions (`ABS_MT_POSITION_X/Y` per slot,
/// `ABS_X/Y`) come out through the matrix, in the units of ``device`` — the
/// device as it is mounted, whose axes are the original's swapped when the
/// matrix turns by a quarter (so its size in millimetres, and the gesture
/// thresholds, stay true).
///
/// The matrix mixes x and y, so the calibrator remembers each slot's last
/// position: a frame that moves only x still gets both coordinates, as the
/// matrix maps them. Positions outside the axes' ranges stay outside (as
/// libinput leaves them); values are clamped to `Int32` only.
/// Feed it every frame of one stream in order; ``reset()`` when the stream
/// starts again (the device came back).
package struct FrameCalibrator: Sendable {
    /// The matrix applied.
    package let matrix: CalibrationMatrix
    /// The device as it reports itself.
    package let source: DeviceDescription
    /// The device as mounted: what the frames that come out are in.
    package let device: DeviceDescription
    /// The last raw (x, y) of each slot (`ABS_MT_*`), and of `ABS_X/Y`.
    private var slots: [Int: RawPosition] = [:]
    private var single = RawPosition()
    private var slot = 0

    /// A raw position, each coordinate as last reported (nil: not yet).
    private struct RawPosition: Hashable, Sendable {
        var x: Int32?
        var y: Int32?
    }

    /// A calibrator of `device`'s frames through `matrix`.
    package init(matrix: CalibrationMatrix, device: DeviceDescription) {
        self.matrix = matrix
        source = device
        var mounted = device
        if matrix.swapsAxes {
            for (x, y) in [(AbsCode.x, AbsCode.y), (AbsCode.mtPositionX, AbsCode.mtPositionY)] {
                mounted.absInfo[x] = device.absInfo[y]
                mounted.absInfo[y] = device.absInfo[x]
            }
        }
        self.device = mounted
    }

    /// Forgets the positions seen (a new stream of the device begins).
    package mutating func reset() {
        slots.removeAll()
        single = RawPosition()
        slot = 0
    }

    /// `frame` with its positions through the matrix. Other events keep
    /// their order; a slot's position comes out just before the next
    /// `ABS_MT_SLOT` or `SYN_MT_REPORT`, or at the frame's end.
    /// - Complexity: O(events in the frame).
    package mutating func map(_ frame: EventFrame) -> EventFrame {
        if matrix.isIdentity { return frame }
        var out = frame
        out.events.removeAll(keepingCapacity: true)
        var pendingMT: EventTime?
        var pendingSingle: EventTime?
        func flushMT(into events: inout [RawEvent]) {
            guard let time = pendingMT else { return }
            pendingMT = nil
            let raw = slots[slot] ?? RawPosition()
            emit(raw, codes: (AbsCode.mtPositionX, AbsCode.mtPositionY), time: time, into: &events)
        }
        for event in frame.events {
            guard event.type == EventType.abs || (event.type == EventType.syn && event.code == SynCode.mtReport) else {
                out.events.append(event)
                continue
            }
            switch event.code {
            case AbsCode.mtSlot where event.type == EventType.abs:
                flushMT(into: &out.events)
                slot = Int(event.value)
                out.events.append(event)
            case AbsCode.mtPositionX where event.type == EventType.abs:
                slots[slot, default: RawPosition()].x = event.value
                pendingMT = event.time
            case AbsCode.mtPositionY where event.type == EventType.abs:
                slots[slot, default: RawPosition()].y = event.value
                pendingMT = event.time
            case AbsCode.x where event.type == EventType.abs:
                single.x = event.value
                pendingSingle = event.time
            case AbsCode.y where event.type == EventType.abs:
                single.y = event.value
                pendingSingle = event.time
            case SynCode.mtReport where event.type == EventType.syn:
                flushMT(into: &out.events)
                out.events.append(event)
            default:
                out.events.append(event)
            }
        }
        flushMT(into: &out.events)
        if let time = pendingSingle { emit(single, codes: (AbsCode.x, AbsCode.y), time: time, into: &out.events) }
        // Bound the memory a stream of ever new slot numbers could take.
        if slots.count > ContactTracker.maximumSlots * 2 { slots = slots.filter { $0.key == slot } }
        return out
    }

    /// The events of `raw` (x and y axis codes `codes`) through the matrix.
    private func emit(_ raw: RawPosition, codes: (x: UInt16, y: UInt16), time: EventTime, into events: inout [RawEvent]) {
        guard let sx = source.absInfo[codes.x], let sy = source.absInfo[codes.y],
              let tx = device.absInfo[codes.x], let ty = device.absInfo[codes.y] else {
            if let x = raw.x { events.append(RawEvent(time: time, type: EventType.abs, code: codes.x, value: x)) }
            if let y = raw.y { events.append(RawEvent(time: time, type: EventType.abs, code: codes.y, value: y)) }
            return
        }
        let nx = Self.normalised(raw.x ?? sx.value, sx)
        let ny = Self.normalised(raw.y ?? sy.value, sy)
        let (mx, my) = matrix.apply(x: nx, y: ny)
        events.append(RawEvent(time: time, type: EventType.abs, code: codes.x, value: Self.denormalised(mx, tx)))
        events.append(RawEvent(time: time, type: EventType.abs, code: codes.y, value: Self.denormalised(my, ty)))
    }

    private static func normalised(_ value: Int32, _ axis: AbsInfo) -> Double {
        let span = Double(axis.maximum) - Double(axis.minimum)
        return span > 0 ? (Double(value) - Double(axis.minimum)) / span : 0
    }

    private static func denormalised(_ fraction: Double, _ axis: AbsInfo) -> Int32 {
        let value = (Double(axis.minimum) + fraction * (Double(axis.maximum) - Double(axis.minimum))).rounded()
        guard value.isFinite else { return axis.minimum }
        return Int32(max(Double(Int32.min), min(Double(Int32.max), value)))
    }
}
