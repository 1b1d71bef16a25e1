import GripperGeometry
import GripperInput

/// A velocity estimate by least squares over the recent samples of one
/// contact: the slope of the straight line that best fits position against
/// time over the samples no older than the window before the asked time.
///
/// Real recordings have frames 2–14 ms apart and jittery timestamps; a
/// line fitted over ~100 ms of samples is far steadier than the difference
/// of the last two. With fewer than two samples in the window (the contact
/// stood still, or was just put down) the velocity is zero.
///
/// The samples live in a fixed ring of ``capacity`` entries allocated once,
/// so adding a sample never allocates.
struct VelocityEstimator: Sendable {
    /// How many samples are kept: 64, enough for 128 ms of frames 2 ms apart.
    static let capacity = 64

    private var times: [Int64]
    private var locations: [Point]
    private var millimetres: [Point]
    /// The index the next sample is written to.
    private var head = 0
    /// How many samples the ring holds.
    private var count = 0

    /// An empty estimator.
    init() {
        times = Array(repeating: 0, count: Self.capacity)
        locations = Array(repeating: .zero, count: Self.capacity)
        millimetres = Array(repeating: .zero, count: Self.capacity)
    }

    /// Forgets every sample (a new contact is followed).
    /// - Complexity: O(1).
    mutating func reset() {
        head = 0
        count = 0
    }

    /// Adds a sample, dropping the oldest when the ring is full.
    /// - Complexity: O(1), no allocation.
    mutating func add(_ sample: GestureSample) {
        times[head] = sample.time.microseconds
        locations[head] = sample.location
        millimetres[head] = sample.millimetres
        head = (head + 1) % Self.capacity
        count = min(count + 1, Self.capacity)
    }

    /// The velocity at `time` in points per second and millimetres per
    /// second, fitted over the samples in `(time - window) ... time`.
    /// - Complexity: O(k) for the k samples kept.
    func velocity(at time: EventTime, window: Duration) -> (points: Point, millimetres: Point) {
        let now = time.microseconds
        let oldest = now - window.microsecondsRounded
        var n = 0.0
        var st = 0.0, sx = 0.0, sy = 0.0, smx = 0.0, smy = 0.0
        var i = 0
        while i < count {
            let k = (head - 1 - i + Self.capacity) % Self.capacity
            let t = times[k]
            if t < oldest { break }
            if t <= now {
                let dt = Double(t - now) / 1_000_000
                n += 1
                st += dt
                sx += locations[k].x
                sy += locations[k].y
                smx += millimetres[k].x
                smy += millimetres[k].y
            }
            i += 1
        }
        guard n >= 2 else { return (.zero, .zero) }
        let mt = st / n, mx = sx / n, my = sy / n, mmx = smx / n, mmy = smy / n
        var stt = 0.0, stx = 0.0, sty = 0.0, stmx = 0.0, stmy = 0.0
        i = 0
        while i < count {
            let k = (head - 1 - i + Self.capacity) % Self.capacity
            let t = times[k]
            if t < oldest { break }
            if t <= now {
                let dt = Double(t - now) / 1_000_000 - mt
                stt += dt * dt
                stx += dt * (locations[k].x - mx)
                sty += dt * (locations[k].y - my)
                stmx += dt * (millimetres[k].x - mmx)
                stmy += dt * (millimetres[k].y - mmy)
            }
            i += 1
        }
        guard stt > 0 else { return (.zero, .zero) }
        return (Point(x: stx / stt, y: sty / stt), Point(x: stmx / stt, y: stmy / stt))
    }
}
