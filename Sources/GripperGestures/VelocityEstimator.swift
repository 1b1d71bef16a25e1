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
        guard count >= 2 else { return (.zero, .zero) }
        let now = time.microseconds
        let (difference, overflow) = now.subtractingReportingOverflow(window.microsecondsRounded)
        let oldest = overflow ? Int64.min : difference
        // One pass of sums, with time relative to `now` and positions
        // relative to the newest sample, so the sums stay well conditioned.
        let newest = (head - 1 + Self.capacity) % Self.capacity
        let origin = locations[newest], originMM = millimetres[newest]
        var n = 0.0, st = 0.0, stt = 0.0
        var sx = 0.0, sy = 0.0, stx = 0.0, sty = 0.0
        var smx = 0.0, smy = 0.0, stmx = 0.0, stmy = 0.0
        // Read through buffers (`k` stays in the ring by construction): the
        // same sums, in the same order, without a bounds check per read.
        times.withUnsafeBufferPointer { times in
            locations.withUnsafeBufferPointer { locations in
                millimetres.withUnsafeBufferPointer { millimetres in
                    var k = newest
                    for _ in 0..<count {
                        let t = times[k]
                        if t < oldest { break }
                        if t <= now {
                            let dt = Double(t - now) * 1e-6
                            let x = locations[k].x - origin.x, y = locations[k].y - origin.y
                            let mx = millimetres[k].x - originMM.x, my = millimetres[k].y - originMM.y
                            n += 1
                            st += dt
                            stt += dt * dt
                            sx += x
                            sy += y
                            stx += dt * x
                            sty += dt * y
                            smx += mx
                            smy += my
                            stmx += dt * mx
                            stmy += dt * my
                        }
                        k = k == 0 ? Self.capacity - 1 : k - 1
                    }
                }
            }
        }
        let denominator = n * stt - st * st
        // Fewer than two samples, or all at one time: no slope to fit.
        guard n >= 2, denominator > 1e-18 else { return (.zero, .zero) }
        return (Point(x: (n * stx - st * sx) / denominator, y: (n * sty - st * sy) / denominator),
                Point(x: (n * stmx - st * smx) / denominator, y: (n * stmy - st * smy) / denominator))
    }
}
