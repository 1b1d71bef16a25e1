import GripperGeometry
import GripperInput

extension TraceBuilder {
    /// Plays strokes on a touch device, frame by frame from one frame period
    /// after ``now``: each finger touches down at the first frame at or after
    /// its delay; at the first frame at or after its end it reports its end
    /// point (if it is not there yet), and it lifts in the frame after that.
    /// Fingers beyond the device's slots are left out.
    mutating func performTouch(_ strokes: [Stroke]) {
        guard !strokes.isEmpty else { return }
        enum FingerState { case pending, down(slot: Int, order: Int), atEnd(slot: Int, order: Int), done }
        var states = [FingerState](repeating: .pending, count: strokes.count)
        let start = now + period
        var order = 0
        var tick = 0
        let tremor = configuration.tremorMillimetres
        let perMM = device.unitsPerMillimetre ?? (x: 1, y: 1)
        while states.contains(where: { if case .done = $0 { return false } else { return true } }) {
            let elapsed = period * tick
            var changes: [(slot: Int, change: TouchWriter.Change)] = []
            var oldest: (slot: Int, order: Int)?
            for index in strokes.indices {
                let stroke = strokes[index]
                let liftAt = stroke.delay + stroke.contactDuration
                func sample(at time: Duration) -> Point {
                    let p = position(of: stroke, after: time - stroke.delay)
                    return Point(x: p.x + random.symmetric() * tremor * perMM.x,
                                 y: p.y + random.symmetric() * tremor * perMM.y)
                }
                switch states[index] {
                case .pending:
                    guard elapsed >= stroke.delay else { continue }
                    guard let slot = touch.freeSlot() else {
                        states[index] = .done
                        continue
                    }
                    touch.reserve(slot)
                    states[index] = .down(slot: slot, order: order)
                    order += 1
                    changes.append((slot, .down(sample(at: elapsed))))
                case .down(let slot, let o):
                    if elapsed >= liftAt {
                        changes.append((slot, .move(sample(at: liftAt))))
                        states[index] = .atEnd(slot: slot, order: o)
                    } else {
                        changes.append((slot, .move(sample(at: elapsed))))
                    }
                case .atEnd(let slot, _):
                    changes.append((slot, .up))
                    states[index] = .done
                case .done:
                    continue
                }
                switch states[index] {
                case .down(let slot, let o), .atEnd(let slot, let o):
                    if oldest.map({ o < $0.order }) ?? true { oldest = (slot, o) }
                case .pending, .done:
                    break
                }
            }
            let frameEvents = touch.write(changes, oldest: oldest?.slot)
            if !frameEvents.isEmpty { emitFrame(at: start + elapsed, frameEvents) }
            tick += 1
        }
    }
}
